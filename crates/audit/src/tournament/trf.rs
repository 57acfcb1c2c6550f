//! Reading a FIDE Tournament Report File (TRF16, FIDE Handbook C.04
//! Annex 2, with JaVaFo's TRFx lines `XXR` and `XXC` and bbpPairings' `BB?`
//! point lines) into typed records with spans. A reader, like the
//! scoresheet layer: it judges nothing beyond the shape of each line, and a
//! line it cannot read is a problem with its line and column, never a panic.
//!
//! Columns are counted in characters from 1, as the standard counts them;
//! a UTF-8 file is read as UTF-8, anything else as Windows-1252 (of which
//! Latin-1 is a subset). Lines end with CR, LF or CR LF.
//!
//! ```
//! use audit::tournament::trf::{Code, Trf};
//! let text = "012 Club Open\n062 2\n\
//!     001    1 m    Müller, Hans                      2100 GER     4600001 1980/01/01  1.0    1     2 w 1\n\
//!     001    2 m    Schmidt, Karl                     2000 GER     4600002 1981/01/01  0.0    2     1 b 0\n";
//! let trf = Trf::read(text.as_bytes());
//! assert!(trf.problems.is_empty());
//! assert_eq!(trf.players[0].name, "Müller, Hans");
//! assert_eq!(trf.players[1].rounds[0].opponent, Some(1));
//! assert_eq!(trf.players[1].rounds[0].code, Code::Loss);
//! ```

use std::fmt;

use chrono::NaiveDate;

/// The first column (0-based) of the first round's block in a 001 line
/// (column 92 of the standard), and the width of a block.
const FIRST_BLOCK: usize = 91;
const BLOCK: usize = 10;

/// How the file's bytes were decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    /// Windows-1252, which reads Latin-1 too.
    Windows1252,
}

/// Where a field stands: its line, its first column (both from 1, columns
/// in characters) and how many characters it spans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub line: u32,
    pub column: u32,
    pub width: u32,
}

/// A value read from a field, with where it stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field<T> {
    pub value: T,
    pub span: Span,
}

/// Points in tenths, as the file writes them with one decimal (`7.5` is 75).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(pub u32);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl Points {
    /// Reads `7.5`, `7`, `10.0`, `7,5`.
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        let (whole, tenth) = match text.split_once(['.', ',']) {
            Some((w, t)) => (w, t),
            None => (text, "0"),
        };
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !(digits(tenth) && tenth.len() == 1 && (whole.is_empty() || digits(whole))) {
            return None;
        }
        let whole: u32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        let tenth: u32 = tenth.parse().ok()?;
        whole.checked_mul(10)?.checked_add(tenth).map(Points)
    }
}

/// The colour of a round's entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Colour {
    /// `w`
    White,
    /// `b`
    Black,
    /// `-`: no colour (a bye, or a forfeit written without colours).
    NoColour,
    /// Blank.
    Blank,
}

impl Colour {
    pub fn as_char(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
            Colour::NoColour => '-',
            Colour::Blank => ' ',
        }
    }
}

/// The result code of a round's entry (TRF16): what the player scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// `1`
    Win,
    /// `=`
    Draw,
    /// `0`
    Loss,
    /// `+`: forfeit win (the game was not played).
    ForfeitWin,
    /// `-`: forfeit loss.
    ForfeitLoss,
    /// `W`: a win in a game that lasted less than one move, not rated.
    UnratedWin,
    /// `D`
    UnratedDraw,
    /// `L`
    UnratedLoss,
    /// `H`: half-point bye.
    HalfBye,
    /// `F`: full-point bye.
    FullBye,
    /// `U`: pairing-allocated bye (the player the pairing left unpaired).
    PairingBye,
    /// `Z`: zero-point bye, a known absence.
    ZeroBye,
    /// Blank, equivalent to `Z`.
    Blank,
}

impl Code {
    /// Reads a code; letters in either case.
    pub fn from_char(c: char) -> Option<Code> {
        Some(match c.to_ascii_uppercase() {
            '1' => Code::Win,
            '=' => Code::Draw,
            '0' => Code::Loss,
            '+' => Code::ForfeitWin,
            '-' => Code::ForfeitLoss,
            'W' => Code::UnratedWin,
            'D' => Code::UnratedDraw,
            'L' => Code::UnratedLoss,
            'H' => Code::HalfBye,
            'F' => Code::FullBye,
            'U' => Code::PairingBye,
            'Z' => Code::ZeroBye,
            ' ' => Code::Blank,
            _ => return None,
        })
    }

    pub fn as_char(self) -> char {
        match self {
            Code::Win => '1',
            Code::Draw => '=',
            Code::Loss => '0',
            Code::ForfeitWin => '+',
            Code::ForfeitLoss => '-',
            Code::UnratedWin => 'W',
            Code::UnratedDraw => 'D',
            Code::UnratedLoss => 'L',
            Code::HalfBye => 'H',
            Code::FullBye => 'F',
            Code::PairingBye => 'U',
            Code::ZeroBye => 'Z',
            Code::Blank => ' ',
        }
    }

    /// A game at the board: `1 = 0`, and `W D L` for one that lasted less
    /// than one move.
    pub fn is_game(self) -> bool {
        self.is_rated() || self.is_unrated()
    }

    /// `1 = 0`: a game that counts for rating.
    pub fn is_rated(self) -> bool {
        matches!(self, Code::Win | Code::Draw | Code::Loss)
    }

    /// `W D L`
    pub fn is_unrated(self) -> bool {
        matches!(
            self,
            Code::UnratedWin | Code::UnratedDraw | Code::UnratedLoss
        )
    }

    /// `+ -`
    pub fn is_forfeit(self) -> bool {
        matches!(self, Code::ForfeitWin | Code::ForfeitLoss)
    }

    /// `H F U Z` and blank: a round without an opponent.
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            Code::HalfBye | Code::FullBye | Code::PairingBye | Code::ZeroBye | Code::Blank
        )
    }

    /// The code the opponent must have: `1`↔`0`, `=`↔`=`, `+`↔`-`, `W`↔`L`,
    /// `D`↔`D`; a double forfeit is `-`↔`-`.
    pub fn answers(self, other: Code) -> bool {
        matches!(
            (self, other),
            (Code::Win, Code::Loss)
                | (Code::Loss, Code::Win)
                | (Code::Draw, Code::Draw)
                | (Code::ForfeitWin, Code::ForfeitLoss)
                | (Code::ForfeitLoss, Code::ForfeitWin)
                | (Code::ForfeitLoss, Code::ForfeitLoss)
                | (Code::UnratedWin, Code::UnratedLoss)
                | (Code::UnratedLoss, Code::UnratedWin)
                | (Code::UnratedDraw, Code::UnratedDraw)
        )
    }
}

/// What each code scores (TRF16 with the usual 1, ½, 0; bbpPairings'
/// `BBW` `BBD` `BBL` `BBZ` `BBF` `BBU` lines change it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub zero_bye: Points,
    pub forfeit_loss: Points,
    pub pairing_bye: Points,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win: Points(10),
            draw: Points(5),
            loss: Points(0),
            zero_bye: Points(0),
            forfeit_loss: Points(0),
            pairing_bye: Points(10),
        }
    }
}

impl Scoring {
    /// What an entry scores: `1 + W F` a win, `= D H` a draw, `0 L` a loss,
    /// `-` a forfeit loss, `Z` and blank a zero-point bye, `U` (and `+`
    /// without an opponent, an older way to write it) the pairing-allocated bye.
    pub fn of(&self, entry: &Entry) -> Points {
        match entry.code {
            Code::ForfeitWin if entry.opponent.is_none() => self.pairing_bye,
            Code::Win | Code::UnratedWin | Code::ForfeitWin | Code::FullBye => self.win,
            Code::Draw | Code::UnratedDraw | Code::HalfBye => self.draw,
            Code::Loss | Code::UnratedLoss => self.loss,
            Code::ForfeitLoss => self.forfeit_loss,
            Code::ZeroBye | Code::Blank => self.zero_bye,
            Code::PairingBye => self.pairing_bye,
        }
    }
}

/// One round of a player line: the 10-character block at column 92, 102, …
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The opponent's start rank; none for a bye (`0000` or blank).
    pub opponent: Option<u32>,
    pub colour: Colour,
    pub code: Code,
    /// The block's eight characters (opponent, colour, result).
    pub span: Span,
    /// The block as written, trailing blanks cut (`  12 w 1`).
    pub text: String,
    /// The block could not be read as written (a problem says why); the
    /// checks that rest on it are skipped.
    pub unreadable: bool,
}

impl Entry {
    pub fn is_blank(&self) -> bool {
        self.opponent.is_none() && self.code == Code::Blank
    }
}

/// A player line (001).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub line: u32,
    pub start_rank: Field<u32>,
    /// `m` or `w` (`f` in some files), as written.
    pub sex: Option<char>,
    pub title: Option<String>,
    /// "Lastname, Firstname" as written.
    pub name: String,
    pub name_span: Span,
    pub rating: Option<u32>,
    pub federation: Option<String>,
    pub fide_id: Option<u64>,
    pub birth_date: Option<String>,
    pub points: Option<Field<Points>>,
    pub rank: Option<u32>,
    /// Round 1 first; a player who left has blank entries, or none, at the end.
    pub rounds: Vec<Entry>,
}

impl Player {
    /// The entry of round `round` (from 1); `None` beyond the line's end.
    pub fn round(&self, round: u32) -> Option<&Entry> {
        let index = usize::try_from(round).ok()?.checked_sub(1)?;
        self.rounds.get(index)
    }
}

/// The tournament section's lines (012 … 132).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Header {
    /// 012
    pub name: Option<String>,
    /// 022
    pub city: Option<String>,
    /// 032
    pub federation: Option<String>,
    /// 042, as written (the standard gives it no fixed form).
    pub start: Option<String>,
    /// 052
    pub end: Option<String>,
    /// 062
    pub players: Option<Field<u32>>,
    /// 072
    pub rated_players: Option<u32>,
    /// 082
    pub teams: Option<u32>,
    /// 092
    pub kind: Option<String>,
    /// 102
    pub chief_arbiter: Option<String>,
    /// 112, one line per arbiter.
    pub deputies: Vec<String>,
    /// 122
    pub time_control: Option<String>,
    /// 132: the date of each round (YY/MM/DD in the round's block), from round 1.
    pub round_dates: Vec<Option<Field<NaiveDate>>>,
}

/// The TRFx lines and the point lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Extensions {
    /// XXR: the number of rounds of the tournament.
    pub rounds: Option<Field<u32>>,
    /// XXC: configuration words (`white1`, `black1`, `rank`).
    pub config: Vec<String>,
    pub scoring: Scoring,
}

/// A field of the file that must hold a number or a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrfField {
    StartRank,
    Rating,
    FideId,
    Points,
    Rank,
    /// 062
    PlayerCount,
    /// 072
    RatedCount,
    /// 082
    TeamCount,
    /// 132, this round's date.
    RoundDate {
        round: u32,
    },
    /// XXR
    Rounds,
    /// A `BB?` point line.
    Scoring,
}

/// What is wrong with a round's block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryProblem {
    /// The opponent is no start rank.
    Opponent,
    /// A colour other than `w`, `b`, `-` or blank.
    Colour(char),
    /// A result other than `1 0 = + - W D L H F U Z` or blank.
    Code(char),
    /// Something other than a blank between the block's fields: the block
    /// is out of its columns.
    Misaligned,
    /// A game's result (`1 0 = W D L`) without an opponent.
    NeedsOpponent,
    /// A bye (`H F U Z`) with an opponent.
    ByeWithOpponent,
    /// A game with an opponent but no colour.
    NeedsColour,
    /// A colour on a round without an opponent.
    ColourWithoutOpponent,
    /// The player is paired with himself.
    SelfPaired,
}

/// A line the reader cannot take as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineProblem {
    /// A field that should hold a number (or a date) and does not.
    BadField { field: TrfField, text: String },
    /// A round's block that cannot be read, or contradicts itself.
    BadEntry {
        round: u32,
        text: String,
        problem: EntryProblem,
    },
    /// Two player lines with one start rank.
    DuplicateStartRank { start_rank: u32, first_line: u32 },
}

/// A whole TRF, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trf {
    pub encoding: Encoding,
    pub header: Header,
    /// In the file's order.
    pub players: Vec<Player>,
    pub extensions: Extensions,
    /// Team lines (013) and other team records, which are ignored.
    pub team_lines: u32,
    /// Lines of other record types (ignored).
    pub other_lines: u32,
    /// What the reader could not take as written, in file order.
    pub problems: Vec<(Span, LineProblem)>,
    /// Each line's text and the byte offset where it starts, for excerpts.
    lines: Vec<(u64, String)>,
}

/// The characters of a line from `start` (0-based), at most `len`, blanks
/// where the line is shorter.
fn cols(chars: &[char], start: usize, len: usize) -> String {
    (start..start + len)
        .map(|i| chars.get(i).copied().unwrap_or(' '))
        .collect()
}

fn trimmed(chars: &[char], start: usize, len: usize) -> Option<String> {
    let text = cols(chars, start, len);
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_string())
}

fn span(line: u32, start: usize, width: usize) -> Span {
    Span {
        line,
        column: u32::try_from(start + 1).unwrap_or(u32::MAX),
        width: u32::try_from(width).unwrap_or(u32::MAX),
    }
}

/// `24/05/01` (YY/MM/DD), also `2024/05/01` and `2024.05.01`.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let parts: Vec<&str> = text.trim().split(['/', '.', '-']).collect();
    let [year, month, day] = parts.as_slice() else {
        return None;
    };
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let (y, m, d) = (number(year)?, number(month)?, number(day)?);
    let year = match year.len() {
        2 if y < 70 => 2000 + y,
        2 => 1900 + y,
        4 => y,
        _ => return None,
    };
    NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, m, d)
}

impl Trf {
    /// Reads a file's bytes. Never fails: what cannot be read is in `problems`.
    pub fn read(bytes: &[u8]) -> Trf {
        let (bytes, base) = match bytes.strip_prefix(b"\xef\xbb\xbf") {
            Some(rest) => (rest, 3u64),
            None => (bytes, 0u64),
        };
        let encoding = if std::str::from_utf8(bytes).is_ok() {
            Encoding::Utf8
        } else {
            Encoding::Windows1252
        };
        let mut trf = Trf {
            encoding,
            header: Header::default(),
            players: Vec::new(),
            extensions: Extensions::default(),
            team_lines: 0,
            other_lines: 0,
            problems: Vec::new(),
            lines: Vec::new(),
        };
        let mut first_line_of_rank = rustc_hash::FxHashMap::default();
        let mut start = 0usize;
        let mut number: u32 = 0;
        while start < bytes.len() {
            let end = bytes[start..]
                .iter()
                .position(|&b| b == b'\n' || b == b'\r')
                .map_or(bytes.len(), |p| start + p);
            number = number.saturating_add(1);
            let raw = &bytes[start..end];
            let text = match encoding {
                Encoding::Utf8 => String::from_utf8_lossy(raw).into_owned(),
                Encoding::Windows1252 => encoding_rs::WINDOWS_1252
                    .decode_without_bom_handling(raw)
                    .0
                    .into_owned(),
            };
            trf.line(number, &text, &mut first_line_of_rank);
            trf.lines.push((base + start as u64, text));
            // CR LF is one line end.
            start = if bytes.get(end) == Some(&b'\r') && bytes.get(end + 1) == Some(&b'\n') {
                end + 2
            } else {
                end + 1
            };
        }
        trf
    }

    fn problem(&mut self, span: Span, problem: LineProblem) {
        self.problems.push((span, problem));
    }

    fn bad_field(&mut self, line: u32, start: usize, width: usize, field: TrfField, text: &str) {
        self.problem(
            span(line, start, width),
            LineProblem::BadField {
                field,
                text: text.trim().to_string(),
            },
        );
    }

    /// A number field: `None` when blank, a problem when not a number.
    fn number<T: std::str::FromStr>(
        &mut self,
        chars: &[char],
        line: u32,
        (start, width): (usize, usize),
        field: TrfField,
    ) -> Option<T> {
        let text = trimmed(chars, start, width)?;
        match text.parse::<T>() {
            Ok(value) if text.bytes().all(|b| b.is_ascii_digit()) => Some(value),
            _ => {
                self.bad_field(line, start, width, field, &text);
                None
            }
        }
    }

    fn line(
        &mut self,
        number: u32,
        text: &str,
        first_line_of_rank: &mut rustc_hash::FxHashMap<u32, u32>,
    ) {
        let chars: Vec<char> = text.chars().collect();
        if chars.iter().all(|c| c.is_whitespace()) {
            return;
        }
        let code = cols(&chars, 0, 3);
        let value = || {
            let rest: String = chars.iter().skip(3).collect();
            let rest = rest.trim();
            (!rest.is_empty()).then(|| rest.to_string())
        };
        let rest_len = chars.len().saturating_sub(4).max(1);
        match code.as_str() {
            "001" => self.player(number, &chars, first_line_of_rank),
            "012" => self.header.name = value(),
            "022" => self.header.city = value(),
            "032" => self.header.federation = value(),
            "042" => self.header.start = value(),
            "052" => self.header.end = value(),
            "062" => {
                let count = self.number(&chars, number, (4, rest_len), TrfField::PlayerCount);
                self.header.players = count.map(|value| Field {
                    value,
                    span: span(number, 4, rest_len),
                });
            }
            "072" => {
                self.header.rated_players =
                    self.number(&chars, number, (4, rest_len), TrfField::RatedCount);
            }
            "082" => {
                self.header.teams = self.number(&chars, number, (4, rest_len), TrfField::TeamCount);
            }
            "092" => self.header.kind = value(),
            "102" => self.header.chief_arbiter = value(),
            "112" => self.header.deputies.extend(value()),
            "122" => self.header.time_control = value(),
            "132" => self.round_dates(number, &chars),
            "XXR" => {
                let rounds = self.number(&chars, number, (4, rest_len), TrfField::Rounds);
                self.extensions.rounds = rounds.map(|value| Field {
                    value,
                    span: span(number, 4, rest_len),
                });
            }
            "XXC" => {
                let words = value().unwrap_or_default();
                self.extensions
                    .config
                    .extend(words.split_whitespace().map(str::to_string));
            }
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let text = cols(&chars, 4, 8);
                match Points::parse(&text) {
                    Some(points) => {
                        let scoring = &mut self.extensions.scoring;
                        match code.as_str() {
                            "BBW" => scoring.win = points,
                            "BBD" => scoring.draw = points,
                            "BBL" => scoring.loss = points,
                            "BBZ" => scoring.zero_bye = points,
                            "BBF" => scoring.forfeit_loss = points,
                            _ => scoring.pairing_bye = points,
                        }
                    }
                    None => self.bad_field(number, 4, 8, TrfField::Scoring, &text),
                }
            }
            "013" | "310" | "320" | "330" => self.team_lines += 1,
            _ => self.other_lines += 1,
        }
    }

    fn round_dates(&mut self, line: u32, chars: &[char]) {
        let mut round = 0u32;
        let mut start = FIRST_BLOCK;
        while start < chars.len() {
            round += 1;
            let text = cols(chars, start, BLOCK);
            let date = match text.trim() {
                "" => None,
                written => match parse_date(written) {
                    Some(value) => Some(Field {
                        value,
                        span: span(line, start, written.chars().count()),
                    }),
                    None => {
                        self.bad_field(line, start, 8, TrfField::RoundDate { round }, written);
                        None
                    }
                },
            };
            self.header.round_dates.push(date);
            start += BLOCK;
        }
        while self.header.round_dates.last() == Some(&None) {
            self.header.round_dates.pop();
        }
    }

    fn player(
        &mut self,
        line: u32,
        chars: &[char],
        first_line_of_rank: &mut rustc_hash::FxHashMap<u32, u32>,
    ) {
        let start_rank: Option<u32> = self.number(chars, line, (4, 4), TrfField::StartRank);
        let Some(start_rank) = start_rank.filter(|&r| r > 0) else {
            if trimmed(chars, 4, 4).is_none_or(|t| t.bytes().all(|b| b == b'0')) {
                let text = cols(chars, 4, 4);
                self.bad_field(line, 4, 4, TrfField::StartRank, &text);
            }
            return;
        };
        if let Some(&first) = first_line_of_rank.get(&start_rank) {
            self.problem(
                span(line, 4, 4),
                LineProblem::DuplicateStartRank {
                    start_rank,
                    first_line: first,
                },
            );
            return;
        }
        first_line_of_rank.insert(start_rank, line);
        let rating = self.number(chars, line, (48, 4), TrfField::Rating);
        let fide_id = self.number(chars, line, (57, 11), TrfField::FideId);
        let points = match trimmed(chars, 80, 4) {
            None => None,
            Some(text) => match Points::parse(&text) {
                Some(value) => Some(Field {
                    value,
                    span: span(line, 80, 4),
                }),
                None => {
                    self.bad_field(line, 80, 4, TrfField::Points, &text);
                    None
                }
            },
        };
        let rank = self.number(chars, line, (85, 4), TrfField::Rank);
        let name = trimmed(chars, 14, 33).unwrap_or_default();
        let mut rounds = Vec::new();
        let mut start = FIRST_BLOCK;
        let mut round = 0u32;
        while start < chars.len() {
            round += 1;
            let entry = self.entry(line, chars, start, round, start_rank);
            rounds.push(entry);
            start += BLOCK;
        }
        while rounds.last().is_some_and(Entry::is_blank) {
            rounds.pop();
        }
        if cols(chars, 89, 2).trim() != "" {
            self.problem(
                span(line, 89, 2),
                LineProblem::BadEntry {
                    round: 1,
                    text: cols(chars, 89, 10).trim_end().to_string(),
                    problem: EntryProblem::Misaligned,
                },
            );
        }
        self.players.push(Player {
            line,
            start_rank: Field {
                value: start_rank,
                span: span(line, 4, 4),
            },
            sex: chars.get(9).copied().filter(|c| !c.is_whitespace()),
            title: trimmed(chars, 10, 3),
            name,
            name_span: span(line, 14, 33),
            rating,
            federation: trimmed(chars, 53, 3),
            fide_id,
            birth_date: trimmed(chars, 69, 10),
            points,
            rank,
            rounds,
        });
    }

    /// One round's block, starting at `start` (0-based).
    fn entry(&mut self, line: u32, chars: &[char], start: usize, round: u32, me: u32) -> Entry {
        let block = cols(chars, start, 8);
        let text = block.trim().to_string();
        let at = span(line, start, 8);
        let mut entry = Entry {
            opponent: None,
            colour: Colour::Blank,
            code: Code::Blank,
            span: at,
            text: text.clone(),
            unreadable: false,
        };
        let bad = |trf: &mut Trf, entry: &mut Entry, problem| {
            entry.unreadable = true;
            trf.problem(
                at,
                LineProblem::BadEntry {
                    round,
                    text: text.clone(),
                    problem,
                },
            );
        };
        let gap = |i: usize| chars.get(start + i).is_none_or(|c| *c == ' ');
        if !(gap(4) && gap(6) && gap(8) && gap(9)) {
            bad(self, &mut entry, EntryProblem::Misaligned);
            return entry;
        }
        let opponent = cols(chars, start, 4);
        let opponent = opponent.trim();
        if !opponent.is_empty() {
            match opponent.parse::<u32>() {
                Ok(n) if opponent.bytes().all(|b| b.is_ascii_digit()) => {
                    entry.opponent = (n > 0).then_some(n);
                }
                _ => {
                    bad(self, &mut entry, EntryProblem::Opponent);
                    return entry;
                }
            }
        }
        let colour = chars.get(start + 5).copied().unwrap_or(' ');
        entry.colour = match colour.to_ascii_lowercase() {
            'w' => Colour::White,
            'b' => Colour::Black,
            '-' => Colour::NoColour,
            ' ' => Colour::Blank,
            other => {
                bad(self, &mut entry, EntryProblem::Colour(other));
                return entry;
            }
        };
        let code = chars.get(start + 7).copied().unwrap_or(' ');
        match Code::from_char(code) {
            Some(c) => entry.code = c,
            None => {
                bad(self, &mut entry, EntryProblem::Code(code));
                return entry;
            }
        }
        let coloured = matches!(entry.colour, Colour::White | Colour::Black);
        let problem = match entry.opponent {
            Some(n) if n == me => Some(EntryProblem::SelfPaired),
            Some(_) if entry.code.is_bye() => Some(EntryProblem::ByeWithOpponent),
            Some(_) if entry.code.is_game() && !coloured => Some(EntryProblem::NeedsColour),
            None if entry.code.is_game() => Some(EntryProblem::NeedsOpponent),
            None if coloured => Some(EntryProblem::ColourWithoutOpponent),
            _ => None,
        };
        if let Some(problem) = problem {
            bad(self, &mut entry, problem);
        }
        entry
    }

    /// The number of rounds the file has results for: the last round with
    /// an entry on any player line.
    pub fn rounds(&self) -> u32 {
        let most = self.players.iter().map(|p| p.rounds.len()).max();
        u32::try_from(most.unwrap_or(0)).unwrap_or(u32::MAX)
    }

    /// The text of line `line` (from 1) and the byte offset of its start.
    pub fn line_text(&self, line: u32) -> Option<(u64, &str)> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        self.lines.get(index).map(|(o, t)| (*o, t.as_str()))
    }

    /// The byte offset of a span's first character in the file.
    pub fn offset(&self, span: Span) -> u64 {
        let Some((start, text)) = self.line_text(span.line) else {
            return 0;
        };
        let before = usize::try_from(span.column.saturating_sub(1)).unwrap_or(0);
        let bytes: usize = match self.encoding {
            Encoding::Utf8 => text.chars().take(before).map(char::len_utf8).sum(),
            Encoding::Windows1252 => text.chars().take(before).count(),
        };
        start + bytes as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(rank: u32, name: &str, points: &str, rounds: &[&str]) -> String {
        let mut s = format!("001 {rank:>4}      {name:<33}{:33}{points:>4}     ", "");
        assert_eq!(s.chars().count(), 89, "{s}");
        s.push_str("  ");
        for r in rounds {
            s.push_str(&format!("{r:<8}  "));
        }
        s.trim_end().to_string()
    }

    #[test]
    fn columns_are_characters_in_either_encoding() {
        let text = format!(
            "{}\r\n{}\r\n",
            line(1, "Müller, Jürgen", "1.0", &["   2 w 1"]),
            line(2, "Ösz, Ábel", "0.0", &["   1 b 0"])
        );
        let utf8 = Trf::read(text.as_bytes());
        assert_eq!(utf8.encoding, Encoding::Utf8);
        let (latin1, _, _) = encoding_rs::WINDOWS_1252.encode(&text);
        let latin1 = Trf::read(&latin1);
        assert_eq!(latin1.encoding, Encoding::Windows1252);
        for trf in [utf8, latin1] {
            assert!(trf.problems.is_empty(), "{:?}", trf.problems);
            assert_eq!(trf.players[0].name, "Müller, Jürgen");
            assert_eq!(trf.players[1].name, "Ösz, Ábel");
            assert_eq!(
                trf.players[0].points.as_ref().map(|p| p.value),
                Some(Points(10))
            );
            assert_eq!(trf.players[1].rounds[0].span.column, 92);
        }
    }

    #[test]
    fn bad_fields_and_blocks_are_problems_with_columns() {
        let mut bad = line(
            1,
            "A, B",
            "x.5",
            &["  2x w 1", "   3 q 1", "   4 w ?", "     w 1"],
        );
        bad.replace_range(48..52, "21a0");
        let trf = Trf::read(bad.as_bytes());
        let got: Vec<(u32, LineProblem)> = trf
            .problems
            .iter()
            .map(|(s, p)| (s.column, p.clone()))
            .collect();
        assert_eq!(got.len(), 6, "{got:?}");
        assert!(matches!(
            got[0],
            (
                49,
                LineProblem::BadField {
                    field: TrfField::Rating,
                    ..
                }
            )
        ));
        assert!(matches!(
            got[1],
            (
                81,
                LineProblem::BadField {
                    field: TrfField::Points,
                    ..
                }
            )
        ));
        assert!(matches!(
            got[2],
            (
                92,
                LineProblem::BadEntry {
                    round: 1,
                    problem: EntryProblem::Opponent,
                    ..
                }
            )
        ));
        assert!(matches!(
            got[3],
            (
                102,
                LineProblem::BadEntry {
                    problem: EntryProblem::Colour('q'),
                    ..
                }
            )
        ));
        assert!(matches!(
            got[4],
            (
                112,
                LineProblem::BadEntry {
                    problem: EntryProblem::Code('?'),
                    ..
                }
            )
        ));
        assert!(matches!(
            got[5],
            (
                122,
                LineProblem::BadEntry {
                    problem: EntryProblem::NeedsOpponent,
                    ..
                }
            )
        ));
    }

    #[test]
    fn any_bytes_read_without_panic() {
        for bytes in [
            &b""[..],
            b"\r",
            b"001",
            b"001 \xff\xfe",
            b"132 x",
            "001 99999999999999999999".as_bytes(),
        ] {
            let _ = Trf::read(bytes);
        }
        let long = format!("001    1{}", " 1".repeat(5000));
        let trf = Trf::read(long.as_bytes());
        assert!(!trf.problems.is_empty());
    }

    #[test]
    fn dates_and_points() {
        assert_eq!(parse_date("24/05/01"), NaiveDate::from_ymd_opt(2024, 5, 1));
        assert_eq!(
            parse_date("2005/07/28"),
            NaiveDate::from_ymd_opt(2005, 7, 28)
        );
        assert_eq!(parse_date("24/02/30"), None);
        assert_eq!(Points::parse(" 7.5"), Some(Points(75)));
        assert_eq!(Points::parse("10"), Some(Points(100)));
        assert_eq!(Points::parse("7,5"), Some(Points(75)));
        assert_eq!(Points::parse("7.25"), None);
        assert_eq!(Points(75).to_string(), "7.5");
    }
}
