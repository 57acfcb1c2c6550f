//! The message catalogue: every sentence and label a person reads, in each
//! language we speak. Renderers ask the catalogue; they hold no words of
//! their own. The JSON and CSV `message` field stays English: it is the
//! report contract, and programs read it.
//!
//! A language is a [`Messages`] implementation (`en.rs`, `de.rs`). Kind titles
//! and finding sentences are exhaustive `match`es, so a new finding kind does
//! not compile until every language has words for it.

mod de;
mod en;
pub mod help;
#[cfg(test)]
mod same_facts;

use audit::{Clocks, Finding, GameReport, Kind, PgnDate, Player, Severity};
use clap::ValueEnum;
use laws::{
    GameClass, MoveLabel, MoveText,
    mating::Unwinnability,
    repetition::Difference,
    time_control::{Control, TimeControl},
};
use shakmaty::{Color, san::SanPlus};

/// The language of the human-facing output.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    #[default]
    En,
    De,
}

impl Lang {
    pub fn messages(self) -> &'static dyn Messages {
        match self {
            Lang::En => &en::En,
            Lang::De => &de::De,
        }
    }

    /// The `lang` attribute of an HTML page.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }
}

/// Fixed words and phrases; a language fills one of these.
pub struct Labels {
    pub white: &'static str,
    pub black: &'static str,
    pub white_to_move: &'static str,
    pub black_to_move: &'static str,
    pub note: &'static str,
    pub warning: &'static str,
    pub error: &'static str,
    pub game: &'static str,
    pub ply: &'static str,
    pub article_long: &'static str,
    pub article: &'static str,
    pub position: &'static str,
    pub probably_meant: &'static str,
    /// Before a repair shown as a suggestion (`= help: 3. Sb5 → 3. Lb5 …`).
    pub repair: &'static str,
    pub games_with_findings: &'static str,
    pub games_counted: &'static str,
    pub results_changed: &'static str,
    pub unreadable_games: &'static str,
    pub peak_memory: &'static str,
    pub could_not_read: &'static str,
    pub players_unknown: &'static str,
    pub round: &'static str,
    pub round_title: &'static str,
    pub line: &'static str,
    pub recorded_result: &'static str,
    pub ruled_result: &'static str,
    pub plies_replayed: &'static str,
    pub none: &'static str,
    pub none_unreadable: &'static str,
    pub no_rulings: &'static str,
    pub timeline: &'static str,
    pub time_added: &'static str,
    pub sheet_title: &'static str,
    pub source: &'static str,
    pub moves: &'static str,
    pub ruling: &'static str,
    pub positions: &'static str,
    pub mating_line: &'static str,
    pub already_mate: &'static str,
    /// A winnable verdict shown without a line: the side has a queen or a rook.
    pub by_material: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub played: &'static str,
    pub written: &'static str,
    pub undetermined: &'static str,
    pub touched: &'static str,
    pub attempted: &'static str,
    pub index_title: &'static str,
    pub index_empty: &'static str,
    pub rulings: &'static str,
    pub players: &'static str,
    pub generated_by: &'static str,
    /// The per-round table of `--trf`: round, pairings, played, games found, results agreeing.
    pub trf_columns: [&'static str; 5],
    pub event: &'static str,
    pub site: &'static str,
    pub date: &'static str,
    pub board: &'static str,
    pub time_control: &'static str,
    pub arbiter: &'static str,
    pub regulations: &'static str,
    pub time_of_ruling: &'static str,
    pub clocks: &'static str,
    pub no_clocks: &'static str,
    pub fide_id: &'static str,
    pub signature: &'static str,
    pub remarks: &'static str,
    pub notes_title: &'static str,
    pub notes_intro: &'static str,
    pub on_board: &'static str,
    pub after_written: &'static str,
    pub claimed_position: &'static str,
    pub near_miss: &'static str,
    pub near_miss_why: &'static str,
    pub occurred: &'static str,
    pub starting_position: &'static str,
    pub quiet_since: &'static str,
    pub as_written: &'static str,
    pub result_changed: &'static str,
    pub recorded: &'static str,
    pub ruled: &'static str,
    pub per_move: &'static str,
    pub moves_in: &'static str,
    pub rest_of_game: &'static str,
    pub then: &'static str,
    pub unknown: &'static str,
    pub no_clock: &'static str,
    pub sandclock: &'static str,
    pub standard: &'static str,
    pub rapid: &'static str,
    pub blitz: &'static str,
    pub after: &'static str,
    /// Piece letters for K, Q, R, B, N in move notation.
    pub pieces: [char; 5],
    /// The pawn's letter in diagrams (`P`, German `B`); moves write none.
    pub pawn: char,
}

/// What went wrong with the command line or the input as a whole (exit code 2).
#[derive(Debug, Clone, Copy)]
pub enum Usage<'a> {
    /// `--after` that is no move number.
    BadAfter(&'a str),
    /// `--game N` beyond the file's games.
    NoSuchGame {
        n: usize,
        source: &'a str,
        games: usize,
    },
    /// A claim for a file of several games without `--game`.
    WhichGame { source: &'a str, games: usize },
    /// The claim's position is never reached, or the game had ended.
    ClaimNotRuled { game: usize, after: &'a str },
    /// Sources that could not be read.
    SourcesFailed(usize),
    /// `can-mate` with a FEN that cannot be read; the reader's reason.
    BadFen(&'a str),
    /// `--game 0`: games count from 1.
    GameZero,
    /// `adjudicate` on a source with no game in it.
    NoGames(&'a str),
    /// A path on the command line that does not exist.
    Missing(&'a str),
    /// A folder on the command line with no PGN file in it.
    NoPgnFiles(&'a str),
    /// A source that is an image, a PDF, an archive or other binary data.
    NotPgn {
        source: &'a str,
        what: audit::source::Binary,
    },
    /// A source with no game in it (a warning when others had games).
    EmptySource(&'a str),
    /// No source of the run had a game.
    NoGamesAtAll,
    /// An output path whose folder does not exist.
    NoFolder(&'a str),
    /// Reading or writing this path failed; the system's reason.
    Io { path: &'a str, why: &'a str },
    /// `--repair` names one of the files being read: the input is never changed.
    RepairIsInput(&'a str),
    /// `--repair` names the file the report or the summary goes to.
    RepairIsOutput(&'a str),
    /// Games larger than the reader keeps, written into the repaired record
    /// only as far as they were read (a warning).
    RepairCut { path: &'a str, games: usize },
}

/// A move in SAN as the scoresheet spells it: German piece letters
/// (K D T L S) where it writes them.
pub fn spelt(san: &shakmaty::san::SanPlus, german: bool) -> String {
    let text = san.to_string();
    if german { de::san_letters(&text) } else { text }
}

/// What the comment beside a correction in the repaired record says
/// (`--repair`). Moves and tokens come spelt as the scoresheet writes them.
#[derive(Debug, Clone, Copy)]
pub enum Note<'a> {
    /// The token `written` read as `read_as`.
    Read {
        written: &'a str,
        read_as: &'a str,
        edit: laws::repair::Edit,
    },
    /// The token `written` is the move before it written a second time: left out.
    Dropped { written: &'a str },
    /// A move missing from the record, inserted.
    Inserted,
    /// The move number `written` names the other player's column.
    Renumbered { written: &'a str },
    /// An illegal move that was played and stood: the record stays.
    Stood,
    /// Equal corrections, none taken (`missing`: moves inserted before the
    /// token): each move read, with the kind of correction.
    Untaken {
        candidates: &'a [(String, laws::repair::Edit)],
        missing: bool,
    },
}

/// One language of the catalogue.
pub trait Messages: Sync {
    /// The comment beside a correction in the repaired record, without the
    /// braces; `reaches`: the move the record then replays to.
    fn repair_note(&self, note: Note, reaches: Option<(u32, shakmaty::Color)>) -> String;

    fn labels(&self) -> &'static Labels;

    /// A short heading for a finding kind.
    fn kind_title(&self, kind: Kind) -> &'static str;

    /// One sentence about a finding for a person.
    fn sentence(&self, report: &GameReport, finding: &Finding) -> String;

    /// A finding's repair as a rustc-style suggestion (`3. Sb5 → 3. Lb5:
    /// with it the record replays to …`), where it has one.
    fn repair_hint(&self, finding: &Finding) -> Option<String>;

    /// Why a side can never checkmate.
    fn unwinnable(&self, why: &Unwinnability) -> String;

    /// "Can White still checkmate?"
    fn can_mate_question(&self, side: Player) -> String;

    /// The first line of the batch summary.
    fn summary_head(&self, games: usize, sources: usize, plies: u64, secs: f64) -> String;

    /// The head of the summary's tournament table.
    fn trf_head(&self, source: &str, players: usize, rounds: u32, team_lines: u32) -> String;

    /// The closing line of `validate` in text.
    fn checked(&self, games: usize, with_findings: usize) -> String;

    /// An error message about the command line or the input.
    fn usage(&self, usage: Usage) -> String;

    /// `can-mate` on a position no game can reach; the reader's reason.
    fn impossible_position(&self, why: &str) -> String;

    /// The progress line of a running audit.
    fn progress(&self, games: usize, per_second: f64, with_findings: usize) -> String;

    /// A finding kind as a summary names it: the code in English, the
    /// title where the code is not this language's.
    fn kind_name(&self, kind: Kind) -> &'static str {
        kind.code()
    }

    /// Why "results changed" counts more games than `result-mismatch`: this
    /// many of the changed games had no decided recorded result.
    fn changed_without_mismatch(&self, n: usize) -> String;

    /// "time added: 120 s (White's clock 0:10:00 → 0:12:00)"
    fn clock_change(&self, seconds: u32, side: Player, before: Option<f64>) -> String;

    /// A move as an arbiter names it, in this language's piece letters
    /// (`40...Kg7`); a token that names no legal move stays as written.
    fn label(&self, label: &MoveLabel) -> String {
        match &label.text {
            MoveText::San(san) => format!("{}{}", label.prefix(), self.san(&san.to_string())),
            MoveText::Written(token) => format!("{}{token}", label.prefix()),
        }
    }

    /// A date of the header in this language's form.
    fn date(&self, date: &PgnDate) -> String;

    /// What a near-miss had that the repeated position has not; `then` is
    /// the side to move in the near-miss.
    fn difference(&self, difference: &Difference, then: Color) -> String;

    fn class_name(&self, class: GameClass) -> &'static str {
        let l = self.labels();
        match class {
            GameClass::Standard => l.standard,
            GameClass::Rapid => l.rapid,
            GameClass::Blitz => l.blitz,
        }
    }

    /// A span of time as a table shows it: `90 min`, `30 s`, `1 min 30 s`.
    fn span(&self, seconds: i64) -> String {
        match (seconds / 60, seconds % 60) {
            (0, s) => format!("{s} s"),
            (m, 0) => format!("{m} min"),
            (m, s) => format!("{m} min {s} s"),
        }
    }

    /// The time control as read: `40 moves in 90 min, then 30 min for the
    /// rest of the game, + 30 s per move`.
    fn time_control(&self, tc: &TimeControl) -> String {
        let l = self.labels();
        match &tc.control {
            Control::Unknown => l.unknown.to_string(),
            Control::None => l.no_clock.to_string(),
            Control::Sandclock(time) => {
                format!("{} {}", l.sandclock, self.span(time.num_seconds()))
            }
            Control::Periods(periods) => {
                let each: Vec<String> = periods
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        let time = self.span(p.time.num_seconds());
                        let base = match p.moves {
                            Some(n) => format!("{n} {} {time}", l.moves_in),
                            None if i == 0 => time,
                            None => format!("{time} {}", l.rest_of_game),
                        };
                        let increment = p.increment.num_seconds();
                        if increment > 0 {
                            format!("{base} + {} {}", self.span(increment), l.per_move)
                        } else {
                            base
                        }
                    })
                    .collect();
                each.join(&format!(", {} ", l.then))
            }
        }
    }

    /// Both players' clocks: `White 0:04:10, Black 0:03:20`.
    fn clocks(&self, clocks: &Clocks) -> String {
        let l = self.labels();
        [(l.white, clocks.white), (l.black, clocks.black)]
            .iter()
            .filter_map(|(who, clock)| clock.map(|c| format!("{who} {}", format_clock(c))))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A mating line from a position with this move number and side to
    /// move, numbered as the game numbers its moves, in full.
    fn line(&self, number: u32, turn: Color, line: &[SanPlus]) -> String {
        numbered(number, turn, line, |l| self.label(l), |s| self.san(s))
    }

    fn severity(&self, severity: Severity) -> &'static str {
        let l = self.labels();
        match severity {
            Severity::Note => l.note,
            Severity::Warning => l.warning,
            Severity::Error => l.error,
        }
    }

    fn player(&self, player: Player) -> &'static str {
        match player {
            Player::White => self.labels().white,
            Player::Black => self.labels().black,
        }
    }

    /// Move notation with this language's piece letters (`Nf3` → `Sf3`).
    /// English SAN writes pieces, and only pieces, in upper case (`O` of
    /// castling aside), so a letter-for-letter swap is exact.
    fn san(&self, san: &str) -> String {
        let [k, q, r, b, n] = self.labels().pieces;
        san.chars()
            .map(|c| match c {
                'K' => k,
                'Q' => q,
                'R' => r,
                'B' => b,
                'N' => n,
                other => other,
            })
            .collect()
    }
}

pub use scoresheet::commands::format_clock;

/// A line of moves numbered from where it starts (`number`, `turn`), the way
/// a scoresheet numbers it: each White move and a first Black move carry
/// their number (`label`), later Black moves only the move (`san`).
pub fn numbered(
    number: u32,
    turn: Color,
    line: &[SanPlus],
    label: impl Fn(&MoveLabel) -> String,
    san: impl Fn(&str) -> String,
) -> String {
    let (mut number, mut side) = (number, turn);
    let mut out = Vec::with_capacity(line.len());
    for (i, mv) in line.iter().enumerate() {
        if side == Color::White || i == 0 {
            out.push(label(&MoveLabel {
                number,
                side,
                text: MoveText::San(*mv),
            }));
        } else {
            out.push(san(&mv.to_string()));
        }
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    out.join(" ")
}

/// The candidates of a repair comment, each with its kind in the
/// language's words: `40. g3 (a square written wrong), 40. f3 (…)`.
pub(crate) fn listed(
    candidates: &[(String, laws::repair::Edit)],
    edit_name: fn(laws::repair::Edit) -> &'static str,
) -> String {
    let each: Vec<String> = candidates
        .iter()
        .map(|(san, edit)| format!("{san} ({})", edit_name(*edit)))
        .collect();
    each.join(", ")
}

/// ` (…)` around a remark, nothing where there is none.
pub(crate) fn bracket(text: String) -> String {
    if text.is_empty() {
        text
    } else {
        format!(" ({text})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_title_and_a_sentence_in_every_language() {
        let report = GameReport {
            source: "x.pgn".into(),
            game: 1,
            line: 1,
            white: Some("A".into()),
            black: Some("B".into()),
            round: None,
            plies: 10,
            reconstructed_plies: 10,
            repairs: 0,
            recorded_result: Some(laws::GameResult::WhiteWins),
            ruled_result: Some(laws::GameResult::Draw),
            findings: Vec::new(),
            header: audit::Header::default(),
            fingerprint: None,
            row: audit::Row::Game,
            rewrites: Vec::new(),
            text: None,
        };
        for lang in [Lang::En, Lang::De] {
            let m = lang.messages();
            for kind in Kind::ALL {
                assert!(!m.kind_title(*kind).is_empty(), "{lang:?} {kind}");
                let mut f = Finding::new(*kind, Some(4), audit::Facts::None);
                f.player = Some(Player::Black);
                assert!(!m.sentence(&report, &f).is_empty(), "{lang:?} {kind}");
            }
        }
        let de = Lang::De.messages();
        let titles: Vec<&str> = Kind::ALL.iter().map(|k| de.kind_title(*k)).collect();
        let mut unique = titles.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(
            unique.len(),
            titles.len(),
            "German titles must tell kinds apart"
        );
    }

    #[test]
    fn german_piece_letters() {
        let de = Lang::De.messages();
        assert_eq!(de.san("40...Nf3+"), "40...Sf3+");
        assert_eq!(de.san("Qxd7+"), "Dxd7+");
        assert_eq!(de.san("e8=Q"), "e8=D");
        assert_eq!(de.san("Bxb5 Rxe1 Kg7 O-O-O"), "Lxb5 Txe1 Kg7 O-O-O");
        assert_eq!(Lang::En.messages().san("Nf3"), "Nf3");
    }
}
