//! The per-game report of the JSON report contract (`design/report.md`),
//! as typed facts. Sentences are the views' business: `message` is rendered
//! from [`Finding::facts`] by the English catalogue when a view asks.

use std::sync::Arc;

use compact_str::CompactString;
use laws::{Article, GameClass, GameResult, MoveLabel, time_control::TimeControl};
use shakmaty::{Color, Setup, san::SanPlus};

use crate::{
    facts::Facts,
    kind::{Kind, Severity},
};

/// One game's row: who, how far the record replays, the results, the findings.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReport {
    /// The source's name, shared by all its games' reports: one allocation
    /// a source, not one a game on a worker freed by the writer.
    pub source: Arc<str>,
    pub game: usize,
    pub line: u32,
    /// The `White`, `Black` and `Round` tags as written, held inline where
    /// short (as the [`Header`]'s texts): no allocation for most games.
    pub white: Option<CompactString>,
    pub black: Option<CompactString>,
    pub round: Option<CompactString>,
    pub plies: usize,
    /// Half-moves replayed with the repairs taken (inserted moves
    /// included); `plies` where nothing was repaired.
    pub reconstructed_plies: usize,
    /// Repairs taken (`details.repair` of the findings); 0 where none.
    pub repairs: usize,
    /// The result as a person reads it: the `Result` tag in any spelling
    /// (`1:0`, `½-½`, `remis`, a forfeit `+:-`), else the movetext's result;
    /// `None` when neither reads.
    pub recorded_result: Option<GameResult>,
    /// `None` where the record is unreadable.
    pub ruled_result: Option<GameResult>,
    pub findings: Vec<Finding>,
    /// What the tags say about the event, the players and the clocks, typed
    /// for the ruling sheet's header (the views never read the PGN).
    pub header: Header,
    /// A hash of the moves played and the players' names, for finding the same
    /// game submitted twice; `None` when no move was played.
    pub fingerprint: Option<u64>,
    /// A game's row, or a row of the tournament file (`source` the TRF).
    pub row: Row,
    /// What the corrections change in the written record, in the order of
    /// the text: for the writer of the repaired record.
    pub rewrites: Vec<crate::rewrite::Rewrite>,
    /// The game's text, only where the run keeps it (`Options::keep_text`).
    pub text: Option<crate::rewrite::KeptText>,
}

/// What a report's row is about.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Row {
    /// A game of the input.
    #[default]
    Game,
    /// The TRF itself, or one of its pairings without a game.
    Tournament,
}

/// The game's header, from its tags. Short texts are held inline
/// (`CompactString`): every game of an audit gets one.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Header {
    pub event: Option<CompactString>,
    pub site: Option<CompactString>,
    pub date: Option<PgnDate>,
    /// The round alone: `5` of a `Round "5.3"` that also names the board.
    pub round: Option<CompactString>,
    /// The `Board` tag, or the board of a `Round "5.3"`.
    pub board: Option<CompactString>,
    pub white: Side,
    pub black: Side,
    /// The `TimeControl` tag as read (in minutes where the clocks show it).
    pub time_control: Option<TimeControl>,
    /// The rules the game is judged by: the time control's class, or `--rules`.
    pub class: GameClass,
}

/// What the tags say about one player beyond the name.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Side {
    pub title: Option<CompactString>,
    pub elo: Option<u32>,
    pub fide_id: Option<u64>,
    pub team: Option<CompactString>,
}

/// One part of a date as written: `Some(None)` for question marks,
/// `Some(Some(n))` for one to four digits naming 1 to `max`, `None` for
/// anything else.
fn date_part(part: &[u8], max: u32) -> Option<Option<u32>> {
    if !part.is_empty() && part.iter().all(|&b| b == b'?') {
        return Some(None);
    }
    if part.is_empty() || part.len() > 4 {
        return None;
    }
    let n = part.iter().try_fold(0, |n, &c| {
        c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
    })?;
    (1..=max).contains(&n).then_some(Some(n))
}

/// A PGN date, each part where it is known (`2024.03.??`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PgnDate {
    pub year: Option<u16>,
    pub month: Option<u8>,
    pub day: Option<u8>,
}

impl PgnDate {
    /// Reads `YYYY.MM.DD` with `??` (or `????`) for unknown parts; `None`
    /// when nothing is known or the form is another. Hand-typed headers also
    /// write `/` or `-` between the parts, and two-digit years (`24.03.14`,
    /// read as 2024; from 70 on as 19xx).
    ///
    /// ```
    /// use audit::report::PgnDate;
    /// let d = PgnDate::parse("2024.03.??").expect("date");
    /// assert_eq!((d.year, d.month, d.day), (Some(2024), Some(3), None));
    /// assert_eq!(PgnDate::parse("24/03/14").and_then(|d| d.year), Some(2024));
    /// assert!(PgnDate::parse("????.??.??").is_none());
    /// assert!(PgnDate::parse("14 March").is_none());
    /// assert!(PgnDate::parse("2024.03-14").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<PgnDate> {
        // Nearly every date is written in full (`1969.??.??` as often as
        // not): read in one step, where the parts below cost some 340
        // instructions a game. Any other form, or a part out of range, is
        // left to them.
        if let &[y0, y1, y2, y3, b'.', m0, m1, b'.', d0, d1] = text.as_bytes()
            && let (Some(year), Some(month), Some(day)) = (
                date_part(&[y0, y1, y2, y3], 9999),
                date_part(&[m0, m1], 12),
                date_part(&[d0, d1], 31),
            )
        {
            return PgnDate::of_parts(year, month, day);
        }
        PgnDate::parse_parts(text)
    }

    /// [`PgnDate::parse`] part by part, for every form it reads.
    fn parse_parts(text: &str) -> Option<PgnDate> {
        // Byte by byte: this runs for every game of an audit.
        let bytes = text.trim().as_bytes();
        let separator = *bytes.iter().find(|b| matches!(b, b'.' | b'/' | b'-'))?;
        let mut parts = bytes.splitn(4, |&b| b == separator);
        let mut part = |max: u32| {
            let p = parts.next()?;
            Some((date_part(p, max)?, p.len()))
        };
        let (year, digits) = part(9999)?;
        let year = year.map(|y| match digits {
            2 if y < 70 => 2000 + y,
            2 => 1900 + y,
            _ => y,
        });
        let (month, _) = part(12)?;
        let (day, _) = part(31)?;
        if parts.next().is_some() {
            return None;
        }
        PgnDate::of_parts(year, month, day)
    }

    /// The date of the parts read; `None` when none of them is known.
    fn of_parts(year: Option<u32>, month: Option<u32>, day: Option<u32>) -> Option<PgnDate> {
        if (year, month, day) == (None, None, None) {
            return None;
        }
        Some(PgnDate {
            year: year.and_then(|y| u16::try_from(y).ok()),
            month: month.and_then(|m| u8::try_from(m).ok()),
            day: day.and_then(|d| u8::try_from(d).ok()),
        })
    }

    /// The calendar day, where every part is known and the day exists.
    ///
    /// ```
    /// use audit::report::PgnDate;
    /// assert!(PgnDate::parse("2024.02.30").and_then(|d| d.day_known()).is_none());
    /// assert!(PgnDate::parse("2024.02.29").and_then(|d| d.day_known()).is_some());
    /// ```
    pub fn day_known(&self) -> Option<chrono::NaiveDate> {
        let (y, m, d) = (self.year?, self.month?, self.day?);
        chrono::NaiveDate::from_ymd_opt(i32::from(y), u32::from(m), u32::from(d))
    }
}

/// The players' clocks when a ruling was made: each player's last `%clk`
/// reading at or before that position, where the record has one.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Clocks {
    pub white: Option<f64>,
    pub black: Option<f64>,
}

/// `"white"` or `"black"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    White,
    Black,
}

impl Player {
    pub fn color(self) -> Color {
        match self {
            Player::White => Color::White,
            Player::Black => Color::Black,
        }
    }

    pub fn opponent(self) -> Player {
        match self {
            Player::White => Player::Black,
            Player::Black => Player::White,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Player::White => "white",
            Player::Black => "black",
        }
    }
}

impl From<Color> for Player {
    fn from(color: Color) -> Player {
        match color {
            Color::White => Player::White,
            Color::Black => Player::Black,
        }
    }
}

/// Where in the source a finding points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub line: u32,
    pub column: u32,
    pub offset: u64,
    /// The source line around the finding (at most about 160 bytes), for an
    /// excerpt with a caret.
    pub excerpt: String,
    /// Characters of `excerpt` before the finding's first character.
    pub excerpt_offset: usize,
    /// How many characters the caret underlines.
    pub width: usize,
}

/// One finding of the report contract: its kind and where it stands, and
/// the typed facts it rests on.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub kind: Kind,
    pub ply: Option<usize>,
    pub article: Option<Article>,
    /// Further articles the ruling cites: A.3 (B.3 in blitz) beside 7.5.5
    /// or 9.5.3 where the time added is one minute.
    pub also: Vec<Article>,
    pub player: Option<Player>,
    /// The time added to the opponent of `player` (a penalty, an incorrect claim).
    pub seconds_added: Option<u32>,
    pub severity: Severity,
    /// The move as an arbiter names it (`40...Kg7`), for findings about a move.
    pub move_number: Option<MoveLabel>,
    /// The token as written.
    pub token: Option<String>,
    pub place: Option<Place>,
    /// The position the finding is about (a board as it stood: after an
    /// illegal move that stood it may be an illegal position).
    pub position: Option<Box<Setup>>,
    /// The legal moves the writer most probably meant.
    pub suggestions: Vec<SanPlus>,
    /// The plies the ruling rests on (repetition occurrences, start of a quiet series).
    pub plies: Vec<usize>,
    /// For a ruling: the clocks when it was made (the time of the ruling).
    pub clocks: Option<Clocks>,
    pub facts: Facts,
}

impl Finding {
    pub fn new(kind: Kind, ply: Option<usize>, facts: Facts) -> Finding {
        Finding {
            kind,
            ply,
            article: None,
            also: Vec::new(),
            player: None,
            seconds_added: None,
            severity: kind.severity(),
            move_number: None,
            token: None,
            place: None,
            position: None,
            suggestions: Vec::new(),
            plies: Vec::new(),
            clocks: None,
            facts,
        }
    }

    pub fn article(mut self, article: Article) -> Finding {
        self.article = Some(article);
        self
    }

    pub fn player(mut self, color: Color) -> Finding {
        self.player = Some(color.into());
        self
    }

    /// The clock of the player the time goes to, before it was added.
    pub fn clock_before(&self) -> Option<f64> {
        match &self.facts {
            Facts::IllegalAct(act) if act.count == 1 => act.clock_before,
            Facts::Claim(claim) => claim.clock_before,
            _ => None,
        }
    }

    /// The squares of the pieces touched before the move (touch-move).
    pub fn touched(&self) -> &[shakmaty::Square] {
        match &self.facts {
            Facts::Touch(touch) => &touch.touched,
            _ => &[],
        }
    }
}

impl GameReport {
    /// The most serious severity among the findings.
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }
}

#[cfg(test)]
mod tests {
    use super::PgnDate;

    /// A date in full is read in one step exactly as part by part: on
    /// every shape of ten bytes (digits, `?`, the three separators, a
    /// space, a letter, in every place), and on the parts' edges (month 0
    /// and 13, day 0, 31 and 32, year 0000). A fast path that let a month
    /// 13 or a day 0 through, or read the year's digits in another order,
    /// fails here.
    #[test]
    fn a_full_date_reads_as_its_parts() {
        let alphabet = b"0123456789012345678901239?.../- x";
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut pick = |n: usize| (crate::testing::xorshift(&mut seed) % n as u64) as usize;
        let (mut full, mut read) = (0, 0);
        for i in 0..300_000 {
            let mut bytes: Vec<u8> = (0..10).map(|_| alphabet[pick(alphabet.len())]).collect();
            // Most of them in the usual shape, so that the fast path answers.
            if i % 4 != 0 {
                bytes[4] = b'.';
                bytes[7] = b'.';
            }
            // And many of those with a month and a day near their range.
            if i % 2 == 1 {
                bytes[5] = b"01"[pick(2)];
                bytes[8] = b"0123"[pick(4)];
            }
            // And parts unknown, all or some of them.
            if i % 3 == 0 {
                for at in [0, 1, 2, 3, 5, 6, 8, 9]
                    .into_iter()
                    .filter(|_| pick(3) == 0)
                {
                    bytes[at] = b'?';
                }
                if pick(2) == 0 {
                    bytes[5..7].copy_from_slice(b"??");
                    bytes[8..10].copy_from_slice(b"??");
                }
            }
            let text = String::from_utf8(bytes).expect("ASCII");
            let expected = PgnDate::parse_parts(&text);
            assert_eq!(PgnDate::parse(&text), expected, "{text:?}");
            full += usize::from(expected.is_some_and(|d| d.day.is_some()));
            read += usize::from(expected.is_some());
        }
        assert!(full > 10_000 && read > full, "{full} {read}");
        for text in [
            "2024.00.10",
            "2024.13.10",
            "2024.12.00",
            "2024.12.31",
            "2024.12.32",
            "0000.01.01",
            "0001.01.01",
            "9999.12.31",
            "1987.06.05",
            "1987.??.??",
            "????.??.??",
            "????.06.??",
            "1987.?6.??",
            "19?7.06.05",
        ] {
            assert_eq!(PgnDate::parse(text), PgnDate::parse_parts(text), "{text}");
        }
        // The parts' edges as the PGN standard's date has them: both
        // paths read each part with `date_part`, so it is held here to
        // answers worked out by hand.
        let parts = |text: &str| PgnDate::parse(text).map(|d| (d.year, d.month, d.day));
        for refused in [
            "2024.00.10",
            "2024.13.10",
            "2024.12.00",
            "2024.12.32",
            "0000.01.01",
        ] {
            assert_eq!(parts(refused), None, "{refused}");
        }
        assert_eq!(parts("2024.12.31"), Some((Some(2024), Some(12), Some(31))));
        assert_eq!(parts("9999.01.01"), Some((Some(9999), Some(1), Some(1))));
        assert_eq!(parts("????.06.??"), Some((None, Some(6), None)));
        assert_eq!(parts("19?7.06.05"), None);
        assert_eq!(parts("87.6.5"), Some((Some(1987), Some(6), Some(5))));
        assert_eq!(parts("12345.06.05"), None);
        assert_eq!(parts("01987.06.05"), None);
        let read = PgnDate::parse("1987.06.05").expect("a date");
        assert_eq!(
            (read.year, read.month, read.day),
            (Some(1987), Some(6), Some(5))
        );
    }
}
