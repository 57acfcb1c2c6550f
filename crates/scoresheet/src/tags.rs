//! Tag pairs and the checks a scoresheet's header must pass.

use std::borrow::Cow;

use compact_str::CompactString;

use crate::{
    lexer::Span,
    results::{WrittenResult, tag_result},
    text::{Encoding, GameText},
};

/// One `[Name "value"]` tag pair, decoded. Names and most values are short
/// enough to be held inline, so reading a header allocates next to nothing.
#[derive(Clone, PartialEq, Eq)]
pub struct Tag {
    /// The name as written where it is no known one ([`TagName::Other`]),
    /// else empty: a known name's text is [`TagName::as_str`], and
    /// [`Tag::name`] gives either (a copy of the known name into every
    /// pair cost a load and a store of 24 bytes on every tag read).
    name: CompactString,
    /// The value, decoded; read through [`Tag::value`], so that the
    /// readings made of it with the pair ([`Tag::result_reading`]) cannot
    /// fall out of step with it.
    value: CompactString,
    pub span: Span,
    /// `TagName::of(&name)`, set by [`Tag::classified`] alone so that it
    /// cannot disagree with the name it was read with.
    known: TagName,
    /// A `Result` pair's value read as a result ([`tag_result`]), once,
    /// where the pair is made: a game's checks ask it four times.
    result: Option<WrittenResult>,
}

impl Tag {
    /// A tag pair with its name classified.
    pub fn new(name: CompactString, value: CompactString, span: Span) -> Tag {
        Tag::classified(TagName::of(&name), || Cow::Borrowed(&name), value, span)
    }

    /// A tag pair of a name already classified: `known` is
    /// `TagName::of(name)`, and `name` is asked for only when it is
    /// [`TagName::Other`]: a known name is neither copied from the game
    /// nor stored ([`Tag::name`]), and nearly every tag of a header has one.
    fn classified<'n>(
        known: TagName,
        name: impl FnOnce() -> Cow<'n, str>,
        value: CompactString,
        span: Span,
    ) -> Tag {
        let name = match known {
            TagName::Other => CompactString::from(name()),
            _ => CompactString::const_new(""),
        };
        let result = match known {
            TagName::Result => tag_result(&value),
            _ => None,
        };
        Tag {
            name,
            value,
            span,
            known,
            result,
        }
    }

    /// The name as written (a known one in the spelling it must have to
    /// be known).
    ///
    /// ```
    /// use scoresheet::tags::{Tag, TagName};
    /// let tag = Tag::new("WhiteElo".into(), "2100".into(), Default::default());
    /// assert_eq!((tag.name(), tag.known()), ("WhiteElo", TagName::WhiteElo));
    /// let tag = Tag::new("Annotator".into(), "A".into(), Default::default());
    /// assert_eq!((tag.name(), tag.known()), ("Annotator", TagName::Other));
    /// ```
    #[inline]
    pub fn name(&self) -> &str {
        match self.known {
            TagName::Other => &self.name,
            known => known.as_str(),
        }
    }

    /// The value, decoded (escapes undone).
    #[inline]
    pub fn value(&self) -> &str {
        &self.value
    }

    /// A `Result` pair's value as [`tag_result`] reads it, read once, when
    /// the pair was made; `None` for another pair, or a value that is no
    /// result.
    ///
    /// ```
    /// use scoresheet::tags::Tag;
    /// let tag = Tag::new("Result".into(), " 1:0 ".into(), Default::default());
    /// assert!(tag.result_reading().is_some_and(|r| !r.standard && !r.forfeit));
    /// assert_eq!(Tag::new("Site".into(), "1-0".into(), Default::default()).result_reading(), None);
    /// ```
    #[inline]
    pub fn result_reading(&self) -> Option<WrittenResult> {
        self.result
    }

    /// The name as one the checks ask for, classified when the pair was
    /// read ([`TagName::Other`] for any other).
    #[inline]
    pub fn known(&self) -> TagName {
        self.known
    }
}

impl std::fmt::Debug for Tag {
    // The name as `Tag::name` gives it, the known ones' included.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tag")
            .field("name", &self.name())
            .field("value", &self.value)
            .field("span", &self.span)
            .field("known", &self.known)
            .field("result", &self.result)
            .finish()
    }
}

/// The tag names the checks of a header ask for, told apart when the header
/// is read: each check then compares one byte, not a name, for every tag of
/// every game (string comparisons were half the header's checks).
///
/// ```
/// use scoresheet::tags::TagName;
/// assert_eq!(TagName::of("WhiteElo"), TagName::WhiteElo);
/// assert_eq!(TagName::of("whiteelo"), TagName::Other);
/// assert_eq!(TagName::Termination.as_str(), "Termination");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TagName {
    // The Seven Tag Roster first, in its order ([`TagName::roster_index`]).
    Event,
    Site,
    Date,
    Round,
    White,
    Black,
    Result,
    Board,
    TimeControl,
    Termination,
    Fen,
    SetUp,
    Variant,
    WhiteTitle,
    BlackTitle,
    WhiteElo,
    BlackElo,
    WhiteFideId,
    BlackFideId,
    WhiteTeam,
    BlackTeam,
    /// Any other name (the PGN standard's names are case-sensitive).
    Other,
}

impl TagName {
    /// Every name but [`TagName::Other`].
    pub const KNOWN: [TagName; 21] = [
        TagName::Event,
        TagName::Site,
        TagName::Date,
        TagName::Round,
        TagName::White,
        TagName::Black,
        TagName::Result,
        TagName::Board,
        TagName::TimeControl,
        TagName::Termination,
        TagName::Fen,
        TagName::SetUp,
        TagName::Variant,
        TagName::WhiteTitle,
        TagName::BlackTitle,
        TagName::WhiteElo,
        TagName::BlackElo,
        TagName::WhiteFideId,
        TagName::BlackFideId,
        TagName::WhiteTeam,
        TagName::BlackTeam,
    ];

    /// Where the name stands in the [`SEVEN_TAG_ROSTER`], if it is one of it.
    ///
    /// ```
    /// use scoresheet::tags::TagName;
    /// assert_eq!(TagName::Result.roster_index(), Some(6));
    /// assert_eq!(TagName::TimeControl.roster_index(), None);
    /// ```
    pub const fn roster_index(self) -> Option<usize> {
        let index = self as usize;
        if index < SEVEN_TAG_ROSTER.len() {
            Some(index)
        } else {
            None
        }
    }

    /// The name as the PGN standard writes it; `""` for [`TagName::Other`].
    pub const fn as_str(self) -> &'static str {
        match self {
            TagName::Event => "Event",
            TagName::Site => "Site",
            TagName::Date => "Date",
            TagName::Round => "Round",
            TagName::White => "White",
            TagName::Black => "Black",
            TagName::Result => "Result",
            TagName::Board => "Board",
            TagName::TimeControl => "TimeControl",
            TagName::Termination => "Termination",
            TagName::Fen => "FEN",
            TagName::SetUp => "SetUp",
            TagName::Variant => "Variant",
            TagName::WhiteTitle => "WhiteTitle",
            TagName::BlackTitle => "BlackTitle",
            TagName::WhiteElo => "WhiteElo",
            TagName::BlackElo => "BlackElo",
            TagName::WhiteFideId => "WhiteFideId",
            TagName::BlackFideId => "BlackFideId",
            TagName::WhiteTeam => "WhiteTeam",
            TagName::BlackTeam => "BlackTeam",
            TagName::Other => "",
        }
    }

    /// The known name `name` is, exactly as written (case and all), else
    /// [`TagName::Other`]. Its length and first two bytes leave at most
    /// one candidate, which one comparison confirms: this runs for every
    /// tag pair read.
    pub fn of(name: &str) -> TagName {
        TagName::of_bytes(name.as_bytes())
    }

    /// [`TagName::of`] the bytes of a name.
    fn of_bytes(bytes: &[u8]) -> TagName {
        let (Some(&first), Some(&second)) = (bytes.first(), bytes.get(1)) else {
            return TagName::Other;
        };
        // Each arm confirms its own candidate: there the candidate's name,
        // and so its length, is a constant, and the comparison a few loads,
        // not a call of `memcmp` (1.7 M instructions on the bench slice).
        let confirm = |candidate: TagName| {
            if bytes == candidate.as_str().as_bytes() {
                candidate
            } else {
                TagName::Other
            }
        };
        match (bytes.len(), first, second) {
            (3, b'F', _) => confirm(TagName::Fen),
            (4, b'S', _) => confirm(TagName::Site),
            (4, b'D', _) => confirm(TagName::Date),
            (5, b'E', _) => confirm(TagName::Event),
            (5, b'R', _) => confirm(TagName::Round),
            (5, b'W', _) => confirm(TagName::White),
            (5, b'B', b'l') => confirm(TagName::Black),
            (5, b'B', _) => confirm(TagName::Board),
            (5, b'S', _) => confirm(TagName::SetUp),
            (6, b'R', _) => confirm(TagName::Result),
            (7, b'V', _) => confirm(TagName::Variant),
            (8, b'W', _) => confirm(TagName::WhiteElo),
            (8, b'B', _) => confirm(TagName::BlackElo),
            (9, b'W', _) => confirm(TagName::WhiteTeam),
            (9, b'B', _) => confirm(TagName::BlackTeam),
            (10, b'W', _) => confirm(TagName::WhiteTitle),
            (10, b'B', _) => confirm(TagName::BlackTitle),
            (11, b'T', b'i') => confirm(TagName::TimeControl),
            (11, b'T', _) => confirm(TagName::Termination),
            (11, b'W', _) => confirm(TagName::WhiteFideId),
            (11, b'B', _) => confirm(TagName::BlackFideId),
            _ => TagName::Other,
        }
    }
}

/// The Seven Tag Roster of the PGN standard, in its order: the names of
/// [`TagName`]'s first seven, so that the two cannot disagree.
pub const SEVEN_TAG_ROSTER: [&str; 7] = [
    TagName::Event.as_str(),
    TagName::Site.as_str(),
    TagName::Date.as_str(),
    TagName::Round.as_str(),
    TagName::White.as_str(),
    TagName::Black.as_str(),
    TagName::Result.as_str(),
];

/// The text of a game's header, checked as UTF-8 a stretch at a time: a
/// call of `from_utf8` costs some eighty instructions of its own, whatever
/// the length of a short string, and a header's names and values are
/// short and many (two calls a tag were 18 M instructions of the fixed
/// slice's 1,492 M). One check of half a kilobyte covers most headers, and
/// one look for a backslash in it spares each value its own.
pub(crate) struct HeaderText<'a> {
    /// Where `checked` begins in the game's bytes.
    start: usize,
    /// The longest stretch of UTF-8 checked last.
    checked: &'a str,
    /// Whether `checked` holds a backslash: most headers have none, and
    /// then no value needs a look for escapes of its own.
    escapes: bool,
}

/// How many bytes a check of the header covers at least.
const STRETCH: usize = 512;

impl<'a> HeaderText<'a> {
    pub(crate) fn new() -> HeaderText<'a> {
        HeaderText {
            start: 0,
            checked: "",
            escapes: false,
        }
    }

    /// The well-formed tag pair at `span`, its name and value decoded as
    /// [`GameText::decode`] decodes each of them. A name is letters, digits,
    /// `_` and `-` (the lexer's `TAG_NAME`), ASCII in every encoding: a known
    /// one is told from its bytes, and only another is decoded.
    pub(crate) fn tag(&mut self, text: &'a GameText, name: Span, value: Span, span: Span) -> Tag {
        let known = TagName::of_bytes(name.of(&text.bytes));
        if text.encoding == Encoding::Utf8 {
            let mut found = self.get(value);
            if found.is_none() {
                self.check(&text.bytes, name.start, value.end);
                found = self.get(value);
            }
            if let Some(value) = found {
                // `decode` drops a byte-order mark before a value; so does this.
                // Its first byte tells the mark's absence without a look
                // at the character.
                let value = if value.as_bytes().first() == Some(&0xef) {
                    value.strip_prefix('\u{feff}').unwrap_or(value)
                } else {
                    value
                };
                let value = if self.escapes {
                    unescape(value)
                } else {
                    CompactString::from(value)
                };
                return Tag::classified(known, || self.name(text, name), value, span);
            }
        }
        // Another encoding, or bytes that are not UTF-8: the general decoder.
        let value = unescape(&text.decode_borrowed(value.of(&text.bytes)));
        Tag::classified(known, || self.name(text, name), value, span)
    }

    /// The text of a tag name: as checked where the stretch holds it, else
    /// decoded, which gives the same characters (a name is ASCII).
    fn name(&self, text: &'a GameText, name: Span) -> Cow<'a, str> {
        self.get(name)
            .map_or_else(|| text.decode_borrowed(name.of(&text.bytes)), Cow::Borrowed)
    }

    fn get(&self, span: Span) -> Option<&'a str> {
        let start = span.start.checked_sub(self.start)?;
        let end = span.end.checked_sub(self.start)?;
        self.checked.get(start..end)
    }

    /// Checks the bytes from `from` to `to` and on, to at least `STRETCH`
    /// bytes, and keeps the longest stretch of them that is UTF-8.
    fn check(&mut self, bytes: &'a [u8], from: usize, to: usize) {
        let end = to.max(from.saturating_add(STRETCH)).min(bytes.len());
        let stretch = bytes.get(from..end).unwrap_or_default();
        self.start = from;
        self.checked = match std::str::from_utf8(stretch) {
            Ok(checked) => checked,
            // A character cut at the stretch's end, or bytes that are no text.
            Err(error) => stretch
                .get(..error.valid_up_to())
                .and_then(|valid| std::str::from_utf8(valid).ok())
                .unwrap_or_default(),
        };
        self.escapes = crate::find::byte(b'\\', self.checked.as_bytes()).is_some();
    }
}

/// Unescapes a PGN string value: `\"` and `\\` are the only escapes; any
/// other backslash stays as written (`"Analysis\ Analyse"`).
pub(crate) fn unescape(value: &str) -> CompactString {
    if !value.contains('\\') {
        return CompactString::from(value);
    }
    let mut out = CompactString::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('"' | '\\')) {
            continue;
        }
        out.push(c);
    }
    out
}

/// Whether a `Date` tag is `YYYY.MM.DD` with `??` allowed for unknown parts,
/// and names a real calendar date when it is complete.
///
/// ```
/// use scoresheet::tags::is_valid_date;
/// assert!(is_valid_date("2024.02.29"));
/// assert!(is_valid_date("1925.??.??"));
/// assert!(is_valid_date("????.??.??"));
/// assert!(!is_valid_date("2023.02.29"));
/// assert!(!is_valid_date("2011"));
/// ```
pub fn is_valid_date(value: &str) -> bool {
    // Byte by byte, as it runs for every game: `YYYY.MM.DD` is ten bytes
    // with its dots at 4 and 7, the fields all digits or all `?` (so no
    // other dot), as three parts split at the dots would be.
    let bytes = value.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'.' || bytes[7] != b'.' {
        return false;
    }
    // `None` for an unknown field, `Some(None)` for one neither digits nor `?`.
    let field = |part: &[u8]| -> Option<Option<u32>> {
        if part.iter().all(|&b| b == b'?') {
            Some(None)
        } else if part.iter().all(u8::is_ascii_digit) {
            Some(Some(
                part.iter().fold(0, |n, &b| n * 10 + u32::from(b - b'0')),
            ))
        } else {
            None
        }
    };
    let (Some(year), Some(month), Some(day)) =
        (field(&bytes[..4]), field(&bytes[5..7]), field(&bytes[8..]))
    else {
        return false;
    };
    date_exists(year, month, day)
}

/// Whether a date's known parts can name a calendar day (`None` for a part
/// written `?`): a month and day without a year as in a leap year.
fn date_exists(year: Option<u32>, month: Option<u32>, day: Option<u32>) -> bool {
    match (year, month, day) {
        (Some(y), Some(m), Some(d)) => {
            chrono::NaiveDate::from_ymd_opt(i32::try_from(y).unwrap_or(0), m, d).is_some()
        }
        (_, Some(m), Some(d)) => chrono::NaiveDate::from_ymd_opt(2000, m, d).is_some(),
        (_, Some(m), None) => (1..=12).contains(&m),
        (_, None, Some(d)) => (1..=31).contains(&d),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::{SEVEN_TAG_ROSTER, Tag, TagName, unescape};
    use crate::{Encoding, GameText, Scoresheet, lexer::Span, results::tag_result};

    /// A `Result` pair's reading, made once with the pair, is what
    /// `tag_result` reads of its value, in every spelling; no other pair
    /// has one, whatever its value. So too for the pairs of a header read.
    #[test]
    fn a_result_pair_is_read_once_as_tag_result_reads_it() {
        let values = [
            "1-0",
            " 0-1",
            "1/2-1/2 ",
            "½-½",
            "+:-",
            "-/+",
            "*",
            "draw",
            "",
            " remis ",
            "1:0",
            "0 - 1",
            "\u{a0}1-0",
        ];
        let mut read = 0;
        for value in values {
            for name in ["Result", "result", "Site", "WhiteResult"] {
                let tag = Tag::new(name.into(), value.into(), Span::default());
                let expected = (name == "Result").then(|| tag_result(value)).flatten();
                read += usize::from(expected.is_some());
                assert_eq!(tag.result_reading(), expected, "{name} {value:?}");
            }
        }
        assert!(read >= 10, "{read} readings");
        let text = GameText::new(
            b"[Site \"1-0\"]\n[Result \" 1:0 \"]\n[Result \"0-1\"]\n\n1. e4 *\n".to_vec(),
            1,
            0,
        );
        let sheet = Scoresheet::read(&text);
        let readings: Vec<_> = sheet.tags().iter().map(Tag::result_reading).collect();
        assert_eq!(readings, [None, tag_result(" 1:0 "), tag_result("0-1")]);
    }

    /// `is_valid_date` as it was written first, the value split at its dots
    /// and each part parsed.
    fn valid_date_by_parts(value: &str) -> bool {
        let mut parts = value.split('.');
        let (Some(year), Some(month), Some(day), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return false;
        };
        let field = |s: &str, len: usize| {
            s.len() == len
                && (s.bytes().all(|b| b == b'?') || s.bytes().all(|b| b.is_ascii_digit()))
        };
        if !(field(year, 4) && field(month, 2) && field(day, 2)) {
            return false;
        }
        let num = |s: &str| s.parse::<u32>().ok();
        // The calendar's part is shared: what changed is how the parts are read.
        super::date_exists(num(year), num(month), num(day))
    }

    /// The byte-wise check agrees with the split one: on every date of
    /// four years around a leap day and unknown parts in every place, on
    /// valid dates with a byte changed, dropped or doubled, and on random
    /// strings of date characters, dots and others, up to 12 bytes (a
    /// multi-byte character among them).
    #[test]
    fn a_date_is_checked_as_its_parts_would_be() {
        let mut values: Vec<String> = Vec::new();
        for year in ["1999", "2000", "2023", "2024", "0000", "????", "99"] {
            for month in 0..=13 {
                for day in 0..=32 {
                    values.push(format!("{year}.{month:02}.{day:02}"));
                    values.push(format!("{year}.??.{day:02}"));
                    values.push(format!("{year}.{month:02}.??"));
                }
            }
        }
        let alphabet = ["0", "1", "2", "9", "?", ".", "-", "/", " ", "a", "é"];
        // Each byte of a few valid dates changed to each of these, dropped,
        // or doubled.
        for date in [
            "2024.02.29",
            "1925.??.??",
            "????.??.??",
            "????.03.??",
            "2011.12.31",
        ] {
            for at in 0..date.len() {
                for other in alphabet {
                    values.push(format!("{}{other}{}", &date[..at], &date[at + 1..]));
                }
                values.push(format!("{}{}", &date[..at], &date[at + 1..]));
                values.push(format!("{}{}", &date[..=at], &date[at..]));
            }
        }
        let mut seed = 0x1234_5678_9abc_def1_u64;
        for _ in 0..200_000 {
            let len = crate::testing::xorshift(&mut seed) % 13;
            let value: String = (0..len)
                .map(|_| alphabet[(crate::testing::xorshift(&mut seed) % 11) as usize])
                .collect();
            values.push(value);
        }
        let mut valid = 0;
        for value in &values {
            let expected = valid_date_by_parts(value);
            assert_eq!(super::is_valid_date(value), expected, "{value:?}");
            valid += usize::from(expected);
        }
        assert!(valid > 1_000, "{valid}");
    }

    /// Each pair as `name=value`; also checks that the name is classified
    /// as its text says (a known name from its bytes, [`HeaderText::tag`]).
    fn values(text: &GameText) -> Vec<String> {
        let sheet = Scoresheet::read(text);
        sheet
            .tags()
            .iter()
            .map(|t| {
                assert_eq!(t.known(), TagName::of(t.name()), "{}", t.name());
                format!("{}={}", t.name(), t.value)
            })
            .collect()
    }

    #[test]
    fn a_header_reads_as_its_parts_decoded_one_by_one() {
        // Values past the first stretch checked, a character across its end,
        // a byte-order mark before a value, an escape; names known and not,
        // before and after each of them.
        let long = "é".repeat(300);
        let header = format!(
            "[Event \"\u{feff}x\"]\n[ECO \"B01\"]\n[Site \"{long}\"]\n[My_Tag-2 \"{long}\"]\n\
             [White \"a{long}\"]\n[Black \"a\\\"b\"]\n[Opening \"a\\\\b\"]\n\n1. e4 *"
        );
        let text = GameText::new(header.into_bytes(), 1, 0);
        assert_eq!(text.encoding, Encoding::Utf8);
        let expected = [
            "Event=x".to_string(),
            "ECO=B01".to_string(),
            format!("Site={long}"),
            format!("My_Tag-2={long}"),
            format!("White=a{long}"),
            "Black=a\"b".to_string(),
            "Opening=a\\b".to_string(),
        ];
        assert_eq!(values(&text), expected);
        // Bytes that are not UTF-8 in a game said to be: the lossy decoder, as before.
        let mut text = GameText::new(
            b"[Event \"a\xffb\"]\n[Annotator \"d\xffe\"]\n[Site \"c\"]\n1. e4 *".to_vec(),
            1,
            0,
        );
        text.encoding = Encoding::Utf8;
        assert_eq!(
            values(&text),
            ["Event=a\u{fffd}b", "Annotator=d\u{fffd}e", "Site=c"]
        );
        // Windows-1252.
        let text = GameText::new(
            b"[White \"G\xf6tz\"]\n[WhiteClub \"K\xf6ln\"]\n1. e4 *".to_vec(),
            1,
            0,
        );
        assert_eq!(text.encoding, Encoding::Windows1252);
        assert_eq!(values(&text), ["White=G\u{f6}tz", "WhiteClub=K\u{f6}ln"]);
    }

    /// Each known name is itself and nothing else is: not a name one
    /// letter off, nor another case, nor one a byte longer or shorter.
    #[test]
    fn tag_names_are_known_exactly() {
        for known in TagName::KNOWN {
            let name = known.as_str();
            assert_eq!(TagName::of(name), known, "{name}");
            assert_eq!(TagName::of(&name.to_lowercase()), TagName::Other);
            if name.to_uppercase() != name {
                assert_eq!(TagName::of(&name.to_uppercase()), TagName::Other, "{name}");
            }
            assert_eq!(TagName::of(&format!("{name}s")), TagName::Other);
            assert_eq!(TagName::of(&name[..name.len() - 1]), TagName::Other);
            for i in 0..name.len() {
                let mut other = name.as_bytes().to_vec();
                other[i] = b'x';
                let other = String::from_utf8(other).expect("ASCII");
                assert_eq!(TagName::of(&other), TagName::Other, "{other}");
            }
        }
        // `FEN` is upper case in the standard; `Fen` is another name.
        assert_eq!(TagName::of("Fen"), TagName::Other);
        for other in ["", "W", "Annotator", "PlyCount", "ECO", "EventDate", "Mode"] {
            assert_eq!(TagName::of(other), TagName::Other, "{other}");
        }
        // The roster's names are its first seven, in its order.
        for known in TagName::KNOWN {
            let place = SEVEN_TAG_ROSTER.iter().position(|&n| n == known.as_str());
            assert_eq!(known.roster_index(), place, "{known:?}");
        }
        assert_eq!(TagName::Other.roster_index(), None);
        // The names of the `KNOWN` list are the enum's, each once.
        let mut seen: Vec<&str> = TagName::KNOWN.iter().map(|k| k.as_str()).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), TagName::KNOWN.len());
    }

    #[test]
    fn only_quote_and_backslash_are_escapes() {
        assert_eq!(unescape(r#"Sm\"ith"#), r#"Sm"ith"#);
        assert_eq!(unescape(r"a\\b"), r"a\b");
        assert_eq!(unescape(r"Analysis\ Analyse"), r"Analysis\ Analyse");
    }
}
