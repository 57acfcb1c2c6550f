//! What a finding rests on, as typed facts: the engine records them, the
//! views put them in words (English and German from the same facts), and
//! JSON carries them as `details` (documented field by field in
//! `docs/findings.md`). No sentence is written here.

use laws::repair::Edit;
use laws::repetition::Difference;
use laws::{
    EndingKind, GameClass, GameResult, Grounds, MoveError, MoveLabel,
    mating::{Unwinnability, Verdict},
    time_control::Ambiguity,
};
pub use laws::{
    clock::ClockProblem,
    flag::BothFlags,
    touch::{Free, Obligation, Passed, PieceAt},
};
use scoresheet::{ClaimKind, EventError, Mark, NonStandardForm, NotationError, SyntaxProblem};
use serde::{Serialize, Serializer, ser::SerializeMap};
use shakmaty::{CastlingSide, Color, Role, Setup, Square, san::SanPlus};

use crate::{
    report::Finding,
    tournament::trf::{Code, EntryProblem, LineProblem, Points, TrfField},
};
use chrono::NaiveDate;

/// Where a move went or was meant to go, for a diagram's arrow: the origin
/// where the board tells it, and the target.
pub type Squares = (Option<Square>, Square);

/// The facts of one finding, by family.
#[derive(Debug, Clone, PartialEq)]
pub enum Facts {
    /// Nothing beyond the finding's common fields (kind, ply, player, move).
    None,
    Unreadable(Unreadable),
    /// PGN syntax trouble, `count` times in a row.
    Syntax {
        problem: SyntaxProblem,
        count: u32,
    },
    /// Further syntax problems of a game that has too many to list one by one.
    MoreSyntax {
        count: u64,
    },
    /// Tags of the Seven Tag Roster that are missing.
    MissingTags(Vec<&'static str>),
    Tag(TagProblem),
    Setup(SetupProblem),
    /// A recorded move that cannot be replayed as written.
    Move(MoveFacts),
    /// A check or mate mark that the board contradicts.
    WrongMark {
        written: Mark,
        actual: CheckState,
    },
    /// A capture sign on a move that captures nothing.
    WrongCaptureMark,
    /// A move number that does not fit the ply it stands before.
    MoveNumber(NumberFacts),
    /// A half-move the numbers and the board say is missing from the record.
    MissingMove(MissingFacts),
    /// An electronic board's result signal: a final king move to the centre.
    ResultSignal {
        /// The king move as written.
        token: String,
    },
    /// A move that broke an obligation of Art. 4.
    Touch(TouchFacts),
    /// An ending on the board.
    Ending(EndingKind),
    /// Fivefold repetition (9.6.1): the occurrences by move, and the
    /// positions with the same placement that did not count.
    Fivefold(Box<Repetition>),
    /// The recorded result contradicts the ruled one.
    ResultMismatch {
        recorded: GameResult,
        ruled: GameResult,
        cause: MismatchCause,
    },
    Claim(Box<ClaimFacts>),
    /// After an incorrect claim with a written move, another move was played.
    WrittenMoveNotPlayed(WrittenDuty),
    /// An event that cannot apply where it stands.
    Event {
        /// The event as written (`[%touch e9]`).
        text: String,
        problem: EventProblem,
    },
    /// A claim's written move that is no move in any notation.
    ClaimMoveUnreadable {
        token: String,
        error: NotationError,
    },
    /// A claim given on the command line after a move the record does not have there.
    CommandLineClaimMismatch {
        named: String,
        recorded: MoveLabel,
    },
    IllegalAct(Box<IllegalActFacts>),
    Flag(FlagFacts),
    BothFlags(BothFlags),
    Clock(ClockProblem),
    /// The same game earlier in the input.
    Duplicate {
        game: u32,
        source: String,
    },
    /// The games against the tournament's TRF (`--trf`, docs/tournament.md).
    Tournament(Box<TrfFacts>),
    /// A form the PGN standard does not write, read all the same.
    NonStandard {
        form: NonStandardForm,
        /// Its first occurrence as written (`+-`, `10 ...`, `1:0`, the tag's value).
        written: String,
        /// How often the form stands in the game.
        count: u32,
        /// What it was read as, in the standard's form where it has one
        /// (`$18`, `1-0`, `40/5400+30:1800+30`).
        standard: Option<String>,
    },
    /// A draw offer (9.1.2.1): `written` as recorded (`(=)`, `[%offer]`);
    /// `refused_before`, the ply of the same player's last offer that the
    /// opponent refused, where there was one (a repeated offer, 11.5).
    Offer {
        written: String,
        refused_before: Option<usize>,
    },
    /// An agreement before both players completed `no_draw_before` moves,
    /// which the event's regulations bar (9.1.1): at move `move_number`.
    TooEarly {
        no_draw_before: u32,
        move_number: u32,
    },
    /// A win by forfeit: no game was played on the board.
    ForfeitResult {
        winner: Color,
        /// As written (`+:-`, `-/+`).
        written: String,
        /// In the `Result` tag rather than the movetext.
        in_tag: bool,
    },
}

/// Why a game cannot be read at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unreadable {
    /// A `Variant` tag that is not chess under the FIDE Laws.
    Variant(String),
    NoTagsNoMoves,
    NothingReadsAsGame,
    /// The engine failed on the game (a bug); no ruling.
    InternalError,
}

/// What is wrong with a tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TagProblem {
    BadDate(String),
    BadResult(String),
    /// The Result tag and the movetext's result differ.
    ResultDiffers {
        tag: String,
        movetext: GameResult,
    },
    BadTimeControl(String),
    /// A readable TimeControl that may not mean what it literally says.
    AmbiguousTimeControl {
        value: String,
        ambiguity: Ambiguity,
        /// Read in minutes, as the clock readings show, rather than as written.
        in_minutes: bool,
        class: GameClass,
    },
}

/// What is wrong with the starting position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupProblem {
    SetUpWithoutFen,
    Chess960WithoutFen,
    /// The FEN as written, and the reader's reason.
    UnreadableFen {
        fen: String,
        error: String,
    },
    IllegalFen {
        fen: String,
        error: String,
    },
}

impl SetupProblem {
    /// The FEN as written, where there is one.
    pub fn fen(&self) -> Option<&str> {
        match self {
            SetupProblem::UnreadableFen { fen, .. } | SetupProblem::IllegalFen { fen, .. } => {
                Some(fen)
            }
            _ => None,
        }
    }
}

/// A recorded move that breaks the replay (or stood under A.5.2).
#[derive(Debug, Clone, PartialEq)]
pub struct MoveFacts {
    /// The move's number and side: "White's move 31".
    pub number: u32,
    pub side: Color,
    /// The token as written.
    pub token: String,
    pub problem: MoveProblem,
    /// Rapid or blitz: nobody stopped it, so it stood and play went on (A.5.2).
    pub stood: bool,
    /// Where the written move points on the board (for an illegal move).
    pub squares: Option<Squares>,
    /// The correction taken, with which the record replays on.
    pub repair: Option<Repair>,
    /// The corrections that explain the record equally well, none taken.
    pub repair_candidates: Vec<Repair>,
    /// The game had too many errors: no correction was looked for here,
    /// and checking stopped.
    pub gave_up: bool,
}

/// A correction of the record (`laws::repair`) and how far the record
/// replays with it. Numbers are the scoresheet's: the move's number and
/// side, and the move the record then reaches.
#[derive(Debug, Clone, PartialEq)]
pub struct Repair {
    pub edit: Edit,
    /// The move read instead of what was written (for a missing move: the
    /// move inserted), in SAN.
    pub read_as: SanPlus,
    /// The number and side of the move read.
    pub number: u32,
    pub side: Color,
    /// The ply the record then replays to (to its end, or to its next error).
    pub replays_to: usize,
    /// The number and side of the move at `replays_to`.
    pub reaches: (u32, Color),
    /// The scoresheet writes German piece letters (K D T L S), so a view
    /// shows the move in them.
    pub german: bool,
}

/// A move number that does not fit.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberFacts {
    /// The number as written and the side its dots name.
    pub written: u32,
    pub written_side: Color,
    /// The move it stands before: its number and side on the board.
    pub number: u32,
    pub side: Color,
    /// The move it stands before, as written.
    pub token: String,
    /// `wrong-column` where the move is the other side's by the number
    /// and the board takes it as written.
    pub repair: Option<Repair>,
}

/// One half-move missing from the record.
#[derive(Debug, Clone, PartialEq)]
pub struct MissingFacts {
    /// The missing move's number and side.
    pub number: u32,
    pub side: Color,
    /// The number written before the move that follows the gap.
    pub written: Option<u32>,
    /// The move inserted, where it is the one that explains the record.
    pub repair: Option<Repair>,
    /// The moves that explain it equally well, none taken.
    pub repair_candidates: Vec<Repair>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum MoveProblem {
    Unparseable(NotationError),
    /// It fits these legal moves.
    Ambiguous(Vec<SanPlus>),
    Null,
    PromotionMissing,
    /// The piece on the starting square is another (or none).
    WrongPiece {
        found: Option<Role>,
    },
    Illegal {
        in_check: bool,
    },
}

/// Whether the position after a move is check or mate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckState {
    Mate,
    Check,
    NoCheck,
}

/// The obligation of Art. 4 and the moves that honoured it.
#[derive(Debug, Clone, PartialEq)]
pub struct TouchFacts {
    /// What Art. 4 required.
    pub obligation: Obligation,
    pub touched: Vec<Square>,
    /// The moves that would have honoured it.
    pub allowed: Vec<SanPlus>,
    /// The move played instead.
    pub played: Option<Squares>,
}

/// Why the ruled result differs from the recorded one.
#[derive(Debug, Clone, PartialEq)]
pub enum MismatchCause {
    /// An ending on the board, at this position (its ply and the move that
    /// reached it, by which the sentences name it).
    Ending { kind: EndingKind, at: Occurrence },
    /// The recorded winner could not checkmate by any series of legal moves (5.1.2).
    CannotMate { winner: Option<Color> },
}

/// A position as an arbiter names it: its ply and the move that reached it
/// (none for the starting position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    pub ply: usize,
    pub mv: Option<MoveLabel>,
}

/// An earlier position with the same pieces on the same squares that does
/// not count as the same position (9.2.3), and why.
#[derive(Debug, Clone, PartialEq)]
pub struct NearMiss {
    pub ply: usize,
    /// The move that reached it (none for the starting position).
    pub mv: Option<MoveLabel>,
    /// What it had that the repeated position has not (the side to move,
    /// a castling right, an en passant capture).
    pub differences: Vec<Difference>,
    /// The position itself, for its diagram.
    pub position: Box<Setup>,
}

/// A fivefold repetition: where the position occurred, and what came close.
#[derive(Debug, Clone, PartialEq)]
pub struct Repetition {
    pub occurrences: Vec<Occurrence>,
    pub near_misses: Vec<NearMiss>,
}

/// A claim under 9.2 or 9.3 and the ruling on it.
#[derive(Debug, Clone, PartialEq)]
pub struct ClaimFacts {
    pub claim: ClaimKind,
    pub upheld: bool,
    pub grounds: Grounds,
    /// The move written on the scoresheet with the claim, not played.
    pub written: Option<WrittenMove>,
    /// The position the written move would reach: the one claimed to recur
    /// (9.2.1) or to complete fifty moves (9.3.1); none without a legal one.
    pub after: Option<Box<Setup>>,
    /// The plies the ruling rests on, with their moves: occurrences of the
    /// position, or the start of the quiet series.
    pub occurrences: Vec<Occurrence>,
    /// For a threefold claim: earlier positions with the same placement that
    /// do not count (9.2.3), with their moves.
    pub near_misses: Vec<NearMiss>,
    /// The clock the penalty of an incorrect claim goes to, before and after.
    pub clock_before: Option<f64>,
}

/// A written move: as written, and as a legal move where it is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenMove {
    /// As the claimant wrote it, in the scoresheet's own notation (`Sg8`).
    pub text: String,
    pub legal: Option<SanPlus>,
    /// Its number as the scoresheet would give it (`2...Ng8`): in SAN where
    /// it is legal, else as written.
    pub label: MoveLabel,
    /// Where it points on the board.
    pub squares: Option<Squares>,
}

impl WrittenMove {
    /// SAN where the move is legal, else as written.
    pub fn san(&self) -> String {
        match &self.legal {
            Some(san) => san.to_string(),
            None => self.text.clone(),
        }
    }
}

/// What had to be played after an incorrect claim with a written move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WrittenDuty {
    /// The written move itself.
    Move(SanPlus),
    /// A move with the piece of the written move, which was not legal.
    SamePiece(String),
}

/// Why an event cannot apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventProblem {
    /// Its arguments cannot be read.
    Unreadable(EventError),
    /// The game had already ended at this position.
    GameOver {
        at: Occurrence,
    },
    NoPieceToTouch(Square),
    NoPieceToAdjust(Square),
    /// A complaint about a last move that broke nothing.
    NoBreach,
    /// An `[%illegal]` move that is no move in any notation.
    MoveUnreadable {
        token: String,
        error: NotationError,
    },
    /// An `[%illegal]` move that is legal.
    MoveIsLegal(String),
    /// An `[%illegal]` move that fits several legal moves.
    MoveIsAmbiguous(String),
    /// An `[%accept]` or `[%decline]` with no offer (or claim) standing.
    NoOffer,
    /// An `[%accept]` or `[%decline]` naming the player whose offer stands.
    OwnOffer,
    /// An agreement before both players made a move, which is no draw (5.2.3).
    BeforeBothMoved,
}

/// An illegal act of 7.5 and what follows from it.
#[derive(Debug, Clone, PartialEq)]
pub struct IllegalActFacts {
    pub act: Act,
    /// Where the attempted move points on the board.
    pub squares: Option<Squares>,
    /// Completed illegal acts of the offender so far, this one included.
    pub count: u8,
    pub class: GameClass,
    /// For the second: can the opponent still checkmate?
    pub verdict: Option<Verdict>,
    /// The opponent's clock before the time was added, where recorded.
    pub clock_before: Option<f64>,
}

/// The illegal act.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Act {
    TwoHands,
    NoMove,
    /// A pawn to the last rank without a new piece (7.5.2).
    PromotionMissing(String),
    Move(String),
}

impl Act {
    /// The move attempted, as written; none for acts that are no move.
    pub fn attempted(&self) -> Option<&str> {
        match self {
            Act::PromotionMissing(token) | Act::Move(token) => Some(token),
            Act::TwoHands | Act::NoMove => None,
        }
    }
}

/// A flag fall and the opponent's mating chances.
#[derive(Debug, Clone, PartialEq)]
pub struct FlagFacts {
    pub evidence: FlagEvidence,
    pub verdict: Verdict,
}

/// How the record shows a flag fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlagEvidence {
    Event,
    TerminationTag,
    ZeroClock,
}

/// A player of the TRF as a finding names him: start rank and name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfPlayer {
    pub start_rank: u32,
    pub name: String,
}

/// What a finding about the tournament file, or about a game against it, rests on.
#[derive(Debug, Clone, PartialEq)]
pub enum TrfFacts {
    /// `trf-bad-line`: a line the reader cannot take as written.
    Line(LineProblem),
    /// `trf-bad-line`: a round's entry that the opponent's line does not
    /// answer (another opponent, the same colour, a result that does not
    /// fit); `theirs` is the opponent's entry, none where the line has none.
    Asymmetric {
        round: u32,
        player: TrfPlayer,
        entry: String,
        opponent: TrfPlayer,
        theirs: Option<String>,
    },
    /// `trf-bad-line`: an opponent with no player line.
    UnknownOpponent {
        round: u32,
        player: TrfPlayer,
        opponent: u32,
    },
    /// `trf-bad-line`: 062 gives another number of players than the file has.
    PlayerCount { declared: u32, found: u32 },
    /// `trf-bad-line`: an entry for a round beyond XXR's number of rounds.
    BeyondRounds {
        player: TrfPlayer,
        round: u32,
        rounds: u32,
    },
    /// `trf-points-mismatch`
    Points {
        player: TrfPlayer,
        written: Points,
        computed: Points,
    },
    /// `trf-missing-game`: a game at the board with no game in the input.
    /// `white` and `black` as the TRF has them (`coloured` false: a pairing
    /// written without colours, in start-rank order); `code` is White's.
    Missing {
        round: u32,
        white: TrfPlayer,
        black: TrfPlayer,
        code: Code,
        coloured: bool,
    },
    /// `trf-unmatched-game`
    Unmatched {
        round: Option<u32>,
        cause: Unmatched,
    },
    /// `trf-colour-mismatch`: the TRF has these colours, the game the others.
    Colours {
        round: u32,
        white: TrfPlayer,
        black: TrfPlayer,
    },
    /// `trf-result-mismatch`: `code` is the TRF's code of the game's White
    /// player. `unrated_played`: the codes agree with the result but mark
    /// the game not rated (W D L) although both players moved (this many plies).
    Result {
        round: u32,
        white: TrfPlayer,
        code: Code,
        recorded: Option<GameResult>,
        ruled: GameResult,
        unrated_played: Option<usize>,
    },
    /// `trf-forfeit-played`: the TRF has a forfeit or a bye, the input a game.
    ForfeitPlayed {
        round: u32,
        player: TrfPlayer,
        code: Code,
        opponent: Option<TrfPlayer>,
    },
    /// `trf-unplayed-scored`: a rated result (`1 = 0`) for a game in which
    /// not both players moved.
    UnplayedScored {
        round: u32,
        white: TrfPlayer,
        code: Code,
        plies: usize,
    },
    /// `trf-date-mismatch`: the game's `Date` and the round's date (132).
    Date {
        round: u32,
        game: NaiveDate,
        trf: NaiveDate,
    },
    /// `trf-uncertain-match`: the game's `side` player, written `written`,
    /// taken to be `chosen` of the `candidates`.
    Uncertain {
        round: u32,
        side: Color,
        written: String,
        chosen: TrfPlayer,
        candidates: Vec<TrfPlayer>,
        doubt: Doubt,
    },
}

/// Why a game has no pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unmatched {
    /// No `Round` tag, or one without a round number.
    NoRound { written: Option<String> },
    /// A round the TRF has no results for.
    RoundNotInTrf { rounds: u32 },
    /// No pairing of the round has these players; each side's player where
    /// the name alone finds one, and the round where those two met.
    NoPairing {
        white: Option<TrfPlayer>,
        black: Option<TrfPlayer>,
        other_round: Option<u32>,
    },
    /// The pairing already has a game earlier in the input.
    AlreadyMatched { source: String, game: usize },
}

/// Why a match is a guess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Doubt {
    /// The names fit several pairings equally well.
    Several,
    /// This side's name fits nobody of the pairing; the other side's decides.
    NameUnmatched,
}

impl Facts {
    /// The can-still-mate verdict the finding rests on, if any.
    pub fn verdict(&self) -> Option<&Verdict> {
        match self {
            Facts::IllegalAct(act) => act.verdict.as_ref(),
            Facts::Flag(flag) => Some(&flag.verdict),
            _ => None,
        }
    }

    /// The written move of a claim, if any.
    pub fn written_move(&self) -> Option<&WrittenMove> {
        match self {
            Facts::Claim(claim) => claim.written.as_ref(),
            _ => None,
        }
    }

    /// The occurrences of a repeated position (a claim's, a fivefold's).
    pub fn occurrences(&self) -> &[Occurrence] {
        match self {
            Facts::Claim(claim) => &claim.occurrences,
            Facts::Fivefold(rep) => &rep.occurrences,
            _ => &[],
        }
    }

    /// The near-misses of a repeated position.
    pub fn near_misses(&self) -> &[NearMiss] {
        match self {
            Facts::Claim(claim) => &claim.near_misses,
            Facts::Fivefold(rep) => &rep.near_misses,
            _ => &[],
        }
    }
}

fn color_code(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn role_code(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// `{"ply": 1, "move": "1...d5", "difference": [{"kind": "en-passant", "square": "d6"}]}`.
impl Serialize for NearMiss {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("ply", &self.ply)?;
        map.serialize_entry("move", &self.mv.as_ref().map(ToString::to_string))?;
        let differences: Vec<DifferenceJson> = self
            .differences
            .iter()
            .map(|d| DifferenceJson(*d))
            .collect();
        map.serialize_entry("difference", &differences)?;
        map.end()
    }
}

struct DifferenceJson(Difference);

impl Serialize for DifferenceJson {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        match self.0 {
            Difference::SideToMove => map.serialize_entry("kind", "side-to-move")?,
            Difference::CastlingRight { color, side } => {
                map.serialize_entry("kind", "castling-right")?;
                map.serialize_entry("color", color_code(color))?;
                let side = match side {
                    CastlingSide::KingSide => "kingside",
                    CastlingSide::QueenSide => "queenside",
                };
                map.serialize_entry("side", side)?;
            }
            Difference::EnPassant { square } => {
                map.serialize_entry("kind", "en-passant")?;
                map.serialize_entry("square", &square.to_string())?;
            }
        }
        map.end()
    }
}

/// `{"ply": 8, "move": "4...Ng8"}`.
impl Serialize for Occurrence {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("ply", &self.ply)?;
        map.serialize_entry("move", &self.mv.as_ref().map(ToString::to_string))?;
        map.end()
    }
}

struct VerdictJson<'a>(&'a Verdict);

impl Serialize for VerdictJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        let (value, reason, line): (&str, Option<&str>, Vec<String>) = match self.0 {
            Verdict::Winnable(how) => ("winnable", Some(how.code()), sans(how.line())),
            Verdict::Unwinnable(why) => (
                "unwinnable",
                Some(why.code()),
                match why {
                    Unwinnability::ForcedLine { line } => {
                        line.iter().map(ToString::to_string).collect()
                    }
                    _ => Vec::new(),
                },
            ),
            Verdict::Undetermined => ("undetermined", None, Vec::new()),
        };
        map.serialize_entry("value", value)?;
        map.serialize_entry("reason", &reason)?;
        map.serialize_entry("line", &line)?;
        map.end()
    }
}

fn sans(moves: &[SanPlus]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

fn notation_code(error: NotationError) -> &'static str {
    match error {
        NotationError::Unknown => "unknown-notation",
        NotationError::Drop => "piece-drop",
        NotationError::LoneLetter => "lone-letter",
    }
}

fn syntax_code(problem: SyntaxProblem) -> &'static str {
    match problem {
        SyntaxProblem::MalformedTag => "malformed-tag",
        SyntaxProblem::UnterminatedComment => "unterminated-comment",
        SyntaxProblem::UnterminatedVariation => "unterminated-variation",
        SyntaxProblem::UnmatchedParenthesis => "unmatched-parenthesis",
        SyntaxProblem::StrayCharacter => "stray-character",
        SyntaxProblem::TagInMovetext => "tag-in-movetext",
        SyntaxProblem::TextAfterResult => "text-after-result",
        SyntaxProblem::Truncated => "truncated",
    }
}

fn event_error_code(error: &EventError) -> &'static str {
    match error {
        EventError::UnknownClaim(_) => "unknown-claim",
        EventError::ClaimWithoutKind => "claim-without-kind",
        EventError::ClaimTooManyMoves => "claim-too-many-moves",
        EventError::TouchWithoutSquare => "touch-without-square",
        EventError::AdjustNotOneSquare => "adjust-not-one-square",
        EventError::IllegalNotOneAct => "illegal-not-one-act",
        EventError::FlagBadColour => "flag-bad-colour",
        EventError::NotAPromotionPiece(_) => "not-a-promotion-piece",
        EventError::PromoteNotOnePiece => "promote-not-one-piece",
        EventError::ComplaintWithArguments => "complaint-with-arguments",
        EventError::NotASquare(_) => "not-a-square",
        EventError::UnknownEvent(_) => "unknown-event",
        EventError::OfferBadColour => "offer-bad-colour",
    }
}

/// `details.repair`: `{edit, read_as, replays_to}`.
struct RepairJson<'a>(&'a Repair);

impl Serialize for RepairJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry("edit", r.edit.code())?;
        map.serialize_entry("read_as", &r.read_as.to_string())?;
        map.serialize_entry("replays_to", &r.replays_to)?;
        map.end()
    }
}

/// The JSON `details` object of a finding: every finding has one, empty
/// where there is nothing more than the common fields.
pub struct Details<'a>(pub &'a Finding);

impl Serialize for Details<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let finding = self.0;
        let mut map = serializer.serialize_map(None)?;
        match &finding.facts {
            Facts::None => {}
            Facts::Unreadable(why) => {
                let (code, variant) = match why {
                    Unreadable::Variant(v) => ("variant", Some(v.as_str())),
                    Unreadable::NoTagsNoMoves => ("no-tags-no-moves", None),
                    Unreadable::NothingReadsAsGame => ("nothing-reads-as-game", None),
                    Unreadable::InternalError => ("internal-error", None),
                };
                map.serialize_entry("reason", code)?;
                if let Some(variant) = variant {
                    map.serialize_entry("variant", variant)?;
                }
            }
            Facts::Syntax { problem, count } => {
                map.serialize_entry("problem", syntax_code(*problem))?;
                map.serialize_entry("count", count)?;
            }
            Facts::MoreSyntax { count } => {
                map.serialize_entry("problem", "more-not-listed")?;
                map.serialize_entry("count", count)?;
            }
            Facts::MissingTags(tags) => map.serialize_entry("missing_tags", tags)?,
            Facts::Tag(problem) => {
                let (code, value) = match problem {
                    TagProblem::BadDate(v) => ("bad-date", v),
                    TagProblem::BadResult(v) => ("bad-result", v),
                    TagProblem::ResultDiffers { tag, movetext } => {
                        map.serialize_entry("movetext_result", movetext.as_str())?;
                        ("result-differs", tag)
                    }
                    TagProblem::BadTimeControl(v) => ("bad-time-control", v),
                    TagProblem::AmbiguousTimeControl {
                        value,
                        ambiguity,
                        in_minutes,
                        class,
                    } => {
                        let why = match ambiguity {
                            Ambiguity::MinutesForSeconds => "minutes-for-seconds",
                            Ambiguity::NoFinalPeriod => "no-final-period",
                        };
                        map.serialize_entry("ambiguity", why)?;
                        map.serialize_entry("read_in_minutes", in_minutes)?;
                        map.serialize_entry("class", class.name())?;
                        ("ambiguous-time-control", value)
                    }
                };
                map.serialize_entry("tag_problem", code)?;
                map.serialize_entry("value", value)?;
            }
            Facts::Setup(problem) => {
                let code = match problem {
                    SetupProblem::SetUpWithoutFen => "setup-without-fen",
                    SetupProblem::Chess960WithoutFen => "chess960-without-fen",
                    SetupProblem::UnreadableFen { .. } => "unreadable-fen",
                    SetupProblem::IllegalFen { .. } => "illegal-fen",
                };
                map.serialize_entry("setup_problem", code)?;
                if let SetupProblem::UnreadableFen { error, .. }
                | SetupProblem::IllegalFen { error, .. } = problem
                {
                    map.serialize_entry("error", error)?;
                }
            }
            Facts::Move(m) => {
                let code = match &m.problem {
                    MoveProblem::Unparseable(e) => notation_code(*e),
                    MoveProblem::Ambiguous(_) => "ambiguous",
                    MoveProblem::Null => "null-move",
                    MoveProblem::PromotionMissing => "promotion-missing",
                    MoveProblem::WrongPiece { .. } => "wrong-piece",
                    MoveProblem::Illegal { .. } => "illegal",
                };
                map.serialize_entry("move_problem", code)?;
                map.serialize_entry("move_number", &m.number)?;
                map.serialize_entry("side", color_code(m.side))?;
                match &m.problem {
                    MoveProblem::Ambiguous(moves) => {
                        map.serialize_entry("candidates", &sans(moves))?;
                    }
                    MoveProblem::WrongPiece { found } => {
                        map.serialize_entry("found", &found.map(role_code))?;
                    }
                    MoveProblem::Illegal { in_check } => {
                        map.serialize_entry("in_check", in_check)?;
                    }
                    _ => {}
                }
                map.serialize_entry("stood", &m.stood)?;
                map.serialize_entry("repair", &m.repair.as_ref().map(RepairJson))?;
                if !m.repair_candidates.is_empty() {
                    let list: Vec<RepairJson> =
                        m.repair_candidates.iter().map(RepairJson).collect();
                    map.serialize_entry("repair_candidates", &list)?;
                }
                if m.gave_up {
                    map.serialize_entry("repair_search", "gave-up")?;
                }
            }
            Facts::MoveNumber(n) => {
                map.serialize_entry("written_number", &n.written)?;
                map.serialize_entry("written_side", color_code(n.written_side))?;
                map.serialize_entry("move_number", &n.number)?;
                map.serialize_entry("side", color_code(n.side))?;
                map.serialize_entry("repair", &n.repair.as_ref().map(RepairJson))?;
            }
            Facts::MissingMove(m) => {
                map.serialize_entry("move_number", &m.number)?;
                map.serialize_entry("side", color_code(m.side))?;
                map.serialize_entry("written_number", &m.written)?;
                map.serialize_entry("repair", &m.repair.as_ref().map(RepairJson))?;
                if !m.repair_candidates.is_empty() {
                    let list: Vec<RepairJson> =
                        m.repair_candidates.iter().map(RepairJson).collect();
                    map.serialize_entry("repair_candidates", &list)?;
                }
            }
            Facts::ResultSignal { token } => {
                map.serialize_entry("signal", token)?;
            }
            Facts::WrongMark { written, actual } => {
                let written = match written {
                    Mark::Check => "check",
                    Mark::Mate => "mate",
                };
                let actual = match actual {
                    CheckState::Mate => "mate",
                    CheckState::Check => "check",
                    CheckState::NoCheck => "none",
                };
                map.serialize_entry("written_mark", written)?;
                map.serialize_entry("actual", actual)?;
            }
            Facts::WrongCaptureMark => {
                map.serialize_entry("written_mark", "capture")?;
                map.serialize_entry("actual", "none")?;
            }
            Facts::Touch(t) => {
                map.serialize_entry("obligation", &ObligationJson(&t.obligation))?;
                map.serialize_entry(
                    "touched",
                    &t.touched
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>(),
                )?;
                map.serialize_entry("allowed", &sans(&t.allowed))?;
            }
            Facts::Ending(kind) => ending_details(&mut map, kind)?,
            Facts::Fivefold(rep) => {
                let plies: Vec<usize> = rep.occurrences.iter().map(|o| o.ply).collect();
                map.serialize_entry("occurrence_plies", &plies)?;
                map.serialize_entry("occurrences", &rep.occurrences)?;
                map.serialize_entry("near_misses", &rep.near_misses)?;
            }
            Facts::ResultMismatch {
                recorded,
                ruled,
                cause,
            } => {
                map.serialize_entry("recorded", recorded.as_str())?;
                map.serialize_entry("ruled", ruled.as_str())?;
                match cause {
                    MismatchCause::Ending { kind, at } => {
                        map.serialize_entry("cause", ending_code(kind))?;
                        map.serialize_entry("cause_ply", &at.ply)?;
                        map.serialize_entry(
                            "cause_move",
                            &at.mv.as_ref().map(ToString::to_string),
                        )?;
                    }
                    MismatchCause::CannotMate { .. } => {
                        map.serialize_entry("cause", "cannot-mate")?;
                    }
                }
            }
            Facts::Claim(c) => {
                map.serialize_entry("upheld", &c.upheld)?;
                map.serialize_entry("written_move", &c.written.as_ref().map(WrittenMove::san))?;
                if let Some(w) = &c.written {
                    map.serialize_entry("written_move_as_written", &w.text)?;
                    map.serialize_entry("written_move_label", &w.label.to_string())?;
                }
                let grounds = match &c.grounds {
                    Grounds::Repeated { .. } => "repeated",
                    Grounds::NotRepeated { .. } => "not-repeated",
                    Grounds::Quiet { .. } => "quiet",
                    Grounds::NotQuiet { .. } => "not-quiet",
                    Grounds::WrittenMoveResets { .. } => "written-move-resets",
                    Grounds::WrittenMoveIllegal(MoveError::Ambiguous(_)) => {
                        "written-move-ambiguous"
                    }
                    Grounds::WrittenMoveIllegal(_) => "written-move-illegal",
                    Grounds::Touched => "touched",
                };
                map.serialize_entry("grounds", grounds)?;
                if let Grounds::Quiet { quiet, .. }
                | Grounds::NotQuiet { quiet, .. }
                | Grounds::WrittenMoveResets { quiet, .. } = &c.grounds
                {
                    map.serialize_entry("quiet_plies", quiet)?;
                }
                map.serialize_entry("occurrences", &c.occurrences)?;
                if c.claim == ClaimKind::Threefold {
                    map.serialize_entry("near_misses", &c.near_misses)?;
                }
            }
            Facts::WrittenMoveNotPlayed(duty) => {
                let written = match duty {
                    WrittenDuty::Move(san) => san.to_string(),
                    WrittenDuty::SamePiece(token) => token.clone(),
                };
                map.serialize_entry("written_move", &written)?;
                map.serialize_entry("written_move_legal", &matches!(duty, WrittenDuty::Move(_)))?;
            }
            Facts::Event { text, problem } => {
                map.serialize_entry("event", text)?;
                let code = match problem {
                    EventProblem::Unreadable(e) => event_error_code(e),
                    EventProblem::GameOver { .. } => "game-over",
                    EventProblem::NoPieceToTouch(_) => "no-piece-to-touch",
                    EventProblem::NoPieceToAdjust(_) => "no-piece-to-adjust",
                    EventProblem::NoBreach => "no-breach",
                    EventProblem::MoveUnreadable { .. } => "move-unreadable",
                    EventProblem::MoveIsLegal(_) => "move-is-legal",
                    EventProblem::MoveIsAmbiguous(_) => "move-is-ambiguous",
                    EventProblem::NoOffer => "no-offer",
                    EventProblem::OwnOffer => "own-offer",
                    EventProblem::BeforeBothMoved => "before-both-moved",
                };
                map.serialize_entry("event_problem", code)?;
                match problem {
                    EventProblem::GameOver { at } => {
                        map.serialize_entry("ended_at_ply", &at.ply)?;
                        map.serialize_entry(
                            "ended_by_move",
                            &at.mv.as_ref().map(ToString::to_string),
                        )?;
                    }
                    EventProblem::NoPieceToTouch(sq) | EventProblem::NoPieceToAdjust(sq) => {
                        map.serialize_entry("square", &sq.to_string())?;
                    }
                    _ => {}
                }
            }
            Facts::ClaimMoveUnreadable { token, error } => {
                map.serialize_entry("event_problem", "written-move-unreadable")?;
                map.serialize_entry("written_move", token)?;
                map.serialize_entry("notation_error", notation_code(*error))?;
            }
            Facts::CommandLineClaimMismatch { named, recorded } => {
                map.serialize_entry("event_problem", "claim-after-mismatch")?;
                map.serialize_entry("named", named)?;
                map.serialize_entry("recorded", &recorded.to_string())?;
            }
            Facts::IllegalAct(a) => {
                let act = match &a.act {
                    Act::TwoHands => "two-hands",
                    Act::NoMove => "no-move",
                    Act::PromotionMissing(_) => "promotion-missing",
                    Act::Move(_) => "move",
                };
                map.serialize_entry("act", act)?;
                map.serialize_entry("attempted", &a.act.attempted())?;
                map.serialize_entry("count", &a.count)?;
                map.serialize_entry("class", a.class.name())?;
                if let Some(verdict) = &a.verdict {
                    map.serialize_entry("verdict", &VerdictJson(verdict))?;
                }
            }
            Facts::Flag(flag) => {
                let evidence = match flag.evidence {
                    FlagEvidence::Event => "event",
                    FlagEvidence::TerminationTag => "termination-tag",
                    FlagEvidence::ZeroClock => "zero-clock",
                };
                map.serialize_entry("evidence", evidence)?;
                map.serialize_entry("verdict", &VerdictJson(&flag.verdict))?;
            }
            Facts::BothFlags(both) => {
                let code = match both {
                    BothFlags::LastPeriod => "last-period-draw",
                    BothFlags::EarlierPeriod { .. } => "earlier-period-play-on",
                    BothFlags::RecordedStands => "recorded-result-stands",
                };
                map.serialize_entry("both_flags", code)?;
            }
            Facts::Clock(problem) => clock_details(&mut map, problem)?,
            Facts::Duplicate { game, source } => {
                map.serialize_entry("first_game", game)?;
                map.serialize_entry("first_source", source)?;
            }
            Facts::Tournament(trf) => trf_details(&mut map, trf)?,
            Facts::NonStandard {
                form,
                written,
                count,
                standard,
            } => {
                map.serialize_entry("form", form.code())?;
                map.serialize_entry("written", written)?;
                map.serialize_entry("count", count)?;
                map.serialize_entry("read_as", standard)?;
            }
            Facts::Offer {
                written,
                refused_before,
            } => {
                map.serialize_entry("written", written)?;
                if let Some(ply) = refused_before {
                    map.serialize_entry("refused_before_ply", ply)?;
                }
            }
            Facts::TooEarly {
                no_draw_before,
                move_number,
            } => {
                map.serialize_entry("no_draw_before", no_draw_before)?;
                map.serialize_entry("move_number", move_number)?;
            }
            Facts::ForfeitResult {
                winner,
                written,
                in_tag,
            } => {
                map.serialize_entry("winner", color_code(*winner))?;
                map.serialize_entry("written", written)?;
                map.serialize_entry("where", if *in_tag { "tag" } else { "movetext" })?;
            }
        }
        // The clock the time of a penalty or an incorrect claim goes to.
        if let (Some(before), Some(seconds)) = (finding.clock_before(), finding.seconds_added) {
            map.serialize_entry("clock_before", &before)?;
            map.serialize_entry("clock_after", &(before + f64::from(seconds)))?;
        }
        map.end()
    }
}

/// `{"duty": "move", "piece": "knight", "square": "g1", "passed": [...]}`.
struct ObligationJson<'a>(&'a Obligation);

fn piece_json<M: SerializeMap>(map: &mut M, key: &str, p: &PieceAt) -> Result<(), M::Error> {
    map.serialize_entry(key, &format!("{} {}", role_code(p.role), p.square))
}

fn side_code(side: shakmaty::CastlingSide) -> &'static str {
    match side {
        shakmaty::CastlingSide::KingSide => "kingside",
        shakmaty::CastlingSide::QueenSide => "queenside",
    }
}

impl Serialize for ObligationJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        obligation_entries(&mut map, self.0)?;
        map.end()
    }
}

fn obligation_entries<M: SerializeMap>(map: &mut M, o: &Obligation) -> Result<(), M::Error> {
    match o {
        Obligation::Free(why) => {
            map.serialize_entry("duty", "any-legal-move")?;
            let reason = match why {
                Free::NothingTouched => "nothing-touched",
                Free::NoneCouldMove => "none-could-move",
                Free::NoneCouldBeCaptured => "none-could-be-captured",
                Free::KingStuck { .. } => "king-stuck",
                Free::NoEnemyTouched => "no-enemy-touched",
                Free::NoCaptureNoneMovable { .. } => "no-capture-none-movable",
                Free::CannotPromoteTo(_) => "cannot-promote",
            };
            map.serialize_entry("reason", reason)
        }
        Obligation::Castle(side) => {
            map.serialize_entry("duty", "castle")?;
            map.serialize_entry("side", side_code(*side))
        }
        Obligation::OtherKingMove { king, side } => {
            map.serialize_entry("duty", "other-king-move")?;
            map.serialize_entry("square", &king.to_string())?;
            map.serialize_entry("side", side_code(*side))
        }
        Obligation::CaptureWith {
            target,
            with,
            moves,
        } => {
            map.serialize_entry("duty", "capture-with")?;
            piece_json(map, "piece", target)?;
            piece_json(map, "with", with)?;
            let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
            map.serialize_entry("moves", &moves)
        }
        Obligation::Move { piece, passed, .. } => {
            map.serialize_entry("duty", "move")?;
            piece_json(map, "piece", piece)?;
            map.serialize_entry("passed_over", &passed.len())
        }
        Obligation::Capture { piece, passed } => {
            map.serialize_entry("duty", "capture")?;
            piece_json(map, "piece", piece)?;
            map.serialize_entry("passed_over", &passed.len())
        }
        Obligation::Promoting { base, role } => {
            obligation_entries(map, base)?;
            map.serialize_entry("promotion", role_code(*role))
        }
        Obligation::AnyPromotingTo(role) => {
            map.serialize_entry("duty", "any-legal-move")?;
            map.serialize_entry("promotion", role_code(*role))
        }
    }
}

/// A stable code for an ending, as the contract's kinds name them.
pub fn ending_code(kind: &EndingKind) -> &'static str {
    match kind {
        EndingKind::Checkmate { .. } => "checkmate",
        EndingKind::Stalemate => "stalemate",
        EndingKind::DeadPosition => "dead-position",
        EndingKind::FivefoldRepetition { .. } => "fivefold-repetition",
        EndingKind::SeventyFiveMoves { .. } => "seventy-five-move-rule",
        EndingKind::ClaimUpheld { .. } => "claim-upheld",
        EndingKind::IllegalMoveForfeit { .. } => "illegal-move-forfeit",
        EndingKind::FlagFall { .. } => "flag-fall",
        EndingKind::IllegalPosition => "illegal-position",
        EndingKind::BothFlags => "both-flags",
        EndingKind::DrawAgreed { .. } => "draw-agreed",
    }
}

fn ending_details<M: SerializeMap>(map: &mut M, kind: &EndingKind) -> Result<(), M::Error> {
    match kind {
        EndingKind::Checkmate { winner } => map.serialize_entry("winner", color_code(*winner)),
        EndingKind::FivefoldRepetition { occurrences } => {
            map.serialize_entry("occurrence_plies", occurrences)
        }
        EndingKind::SeventyFiveMoves { since } => map.serialize_entry("quiet_since_ply", since),
        EndingKind::DrawAgreed {
            offered_by,
            offer_ply,
            offer,
        } => {
            map.serialize_entry("offered_by", color_code(*offered_by))?;
            map.serialize_entry("offer_ply", offer_ply)?;
            let code = match offer {
                laws::offer::OfferKind::Offer => "offer",
                laws::offer::OfferKind::Claim(ClaimKind::Threefold) => "threefold-claim",
                laws::offer::OfferKind::Claim(ClaimKind::Fifty) => "fifty-move-claim",
            };
            map.serialize_entry("offer", code)
        }
        _ => Ok(()),
    }
}

fn clock_details<M: SerializeMap>(map: &mut M, problem: &ClockProblem) -> Result<(), M::Error> {
    match problem {
        ClockProblem::AboveAllowed {
            clock,
            number,
            most,
            ..
        } => {
            map.serialize_entry("clock_problem", "above-allowed")?;
            map.serialize_entry("clock_after", clock)?;
            map.serialize_entry("move_number", number)?;
            map.serialize_entry("most", most)
        }
        ClockProblem::FirstWithoutPeriod {
            clock,
            number,
            period,
        } => {
            map.serialize_entry("clock_problem", "period-not-added")?;
            map.serialize_entry("clock_after", clock)?;
            map.serialize_entry("move_number", number)?;
            map.serialize_entry("period", period)
        }
        ClockProblem::Gained {
            gained,
            since_ply,
            from,
            to,
            allowed,
            ..
        } => {
            map.serialize_entry("clock_problem", "gained-too-much")?;
            map.serialize_entry("clock_before", from)?;
            map.serialize_entry("clock_after", to)?;
            map.serialize_entry("since_ply", since_ply)?;
            map.serialize_entry("gained", gained)?;
            map.serialize_entry("allowed", allowed)
        }
        ClockProblem::WithoutPeriod { clock, period } => {
            map.serialize_entry("clock_problem", "period-not-added")?;
            map.serialize_entry("clock_after", clock)?;
            map.serialize_entry("period", period)
        }
        ClockProblem::MoveTime {
            clock,
            previous,
            expected,
        } => {
            map.serialize_entry("clock_problem", "move-time-mismatch")?;
            map.serialize_entry("clock_before", previous)?;
            map.serialize_entry("clock_after", clock)?;
            map.serialize_entry("expected", expected)
        }
    }
}

/// `{"start_rank": 3, "name": "Müller, Hans"}`.
impl Serialize for TrfPlayer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("start_rank", &self.start_rank)?;
        map.serialize_entry("name", &self.name)?;
        map.end()
    }
}

/// A TRF field's stable code.
pub fn trf_field_code(field: TrfField) -> &'static str {
    match field {
        TrfField::StartRank => "start-rank",
        TrfField::Rating => "rating",
        TrfField::FideId => "fide-id",
        TrfField::Points => "points",
        TrfField::Rank => "rank",
        TrfField::PlayerCount => "player-count",
        TrfField::RatedCount => "rated-count",
        TrfField::TeamCount => "team-count",
        TrfField::RoundDate { .. } => "round-date",
        TrfField::Rounds => "rounds",
        TrfField::Scoring => "scoring",
    }
}

/// A round entry problem's stable code.
pub fn entry_problem_code(problem: EntryProblem) -> &'static str {
    match problem {
        EntryProblem::Opponent => "bad-opponent",
        EntryProblem::Colour(_) => "bad-colour",
        EntryProblem::Code(_) => "bad-result",
        EntryProblem::Misaligned => "misaligned",
        EntryProblem::NeedsOpponent => "game-without-opponent",
        EntryProblem::ByeWithOpponent => "bye-with-opponent",
        EntryProblem::NeedsColour => "game-without-colour",
        EntryProblem::ColourWithoutOpponent => "colour-without-opponent",
        EntryProblem::SelfPaired => "self-paired",
    }
}

fn points_value(points: Points) -> f64 {
    f64::from(points.0) / 10.0
}

fn trf_details<M: SerializeMap>(map: &mut M, facts: &TrfFacts) -> Result<(), M::Error> {
    let code = |c: &Code| c.as_char().to_string();
    match facts {
        TrfFacts::Line(problem) => match problem {
            LineProblem::BadField { field, text } => {
                map.serialize_entry("trf_problem", "bad-field")?;
                map.serialize_entry("field", trf_field_code(*field))?;
                if let TrfField::RoundDate { round } = field {
                    map.serialize_entry("round", round)?;
                }
                map.serialize_entry("text", text)
            }
            LineProblem::BadEntry {
                round,
                text,
                problem,
            } => {
                map.serialize_entry("trf_problem", entry_problem_code(*problem))?;
                map.serialize_entry("round", round)?;
                map.serialize_entry("text", text)
            }
            LineProblem::DuplicateStartRank {
                start_rank,
                first_line,
            } => {
                map.serialize_entry("trf_problem", "duplicate-start-rank")?;
                map.serialize_entry("start_rank", start_rank)?;
                map.serialize_entry("first_line", first_line)
            }
        },
        TrfFacts::Asymmetric {
            round,
            player,
            entry,
            opponent,
            theirs,
        } => {
            map.serialize_entry("trf_problem", "asymmetric-pairing")?;
            map.serialize_entry("round", round)?;
            map.serialize_entry("player", player)?;
            map.serialize_entry("entry", entry)?;
            map.serialize_entry("opponent", opponent)?;
            map.serialize_entry("opponent_entry", theirs)
        }
        TrfFacts::UnknownOpponent {
            round,
            player,
            opponent,
        } => {
            map.serialize_entry("trf_problem", "unknown-opponent")?;
            map.serialize_entry("round", round)?;
            map.serialize_entry("player", player)?;
            map.serialize_entry("opponent_start_rank", opponent)
        }
        TrfFacts::PlayerCount { declared, found } => {
            map.serialize_entry("trf_problem", "player-count")?;
            map.serialize_entry("declared", declared)?;
            map.serialize_entry("found", found)
        }
        TrfFacts::BeyondRounds {
            player,
            round,
            rounds,
        } => {
            map.serialize_entry("trf_problem", "beyond-rounds")?;
            map.serialize_entry("player", player)?;
            map.serialize_entry("round", round)?;
            map.serialize_entry("rounds", rounds)
        }
        TrfFacts::Points {
            player,
            written,
            computed,
        } => {
            map.serialize_entry("player", player)?;
            map.serialize_entry("written", &points_value(*written))?;
            map.serialize_entry("computed", &points_value(*computed))
        }
        TrfFacts::Missing {
            round,
            white,
            black,
            code: c,
            coloured,
        } => {
            map.serialize_entry("round", round)?;
            map.serialize_entry("white", white)?;
            map.serialize_entry("black", black)?;
            map.serialize_entry("trf_code", &code(c))?;
            map.serialize_entry("coloured", coloured)
        }
        TrfFacts::Unmatched { round, cause } => {
            map.serialize_entry("round", round)?;
            match cause {
                Unmatched::NoRound { written } => {
                    map.serialize_entry("cause", "no-round")?;
                    map.serialize_entry("round_tag", written)
                }
                Unmatched::RoundNotInTrf { rounds } => {
                    map.serialize_entry("cause", "round-not-in-trf")?;
                    map.serialize_entry("trf_rounds", rounds)
                }
                Unmatched::NoPairing {
                    white,
                    black,
                    other_round,
                } => {
                    map.serialize_entry("cause", "no-pairing")?;
                    map.serialize_entry("white", white)?;
                    map.serialize_entry("black", black)?;
                    map.serialize_entry("paired_in_round", other_round)
                }
                Unmatched::AlreadyMatched { source, game } => {
                    map.serialize_entry("cause", "already-matched")?;
                    map.serialize_entry("first_source", source)?;
                    map.serialize_entry("first_game", game)
                }
            }
        }
        TrfFacts::Colours {
            round,
            white,
            black,
        } => {
            map.serialize_entry("round", round)?;
            map.serialize_entry("trf_white", white)?;
            map.serialize_entry("trf_black", black)
        }
        TrfFacts::Result {
            round,
            white,
            code: c,
            recorded,
            ruled,
            unrated_played,
        } => {
            map.serialize_entry("round", round)?;
            map.serialize_entry("white", white)?;
            map.serialize_entry("trf_code", &code(c))?;
            map.serialize_entry("recorded", &recorded.map(GameResult::as_str))?;
            map.serialize_entry("ruled", ruled.as_str())?;
            if let Some(plies) = unrated_played {
                map.serialize_entry("unrated_but_played_plies", plies)?;
            }
            Ok(())
        }
        TrfFacts::ForfeitPlayed {
            round,
            player,
            code: c,
            opponent,
        } => {
            map.serialize_entry("round", round)?;
            map.serialize_entry("player", player)?;
            map.serialize_entry("trf_code", &code(c))?;
            map.serialize_entry("opponent", opponent)
        }
        TrfFacts::UnplayedScored {
            round,
            white,
            code: c,
            plies,
        } => {
            map.serialize_entry("round", round)?;
            map.serialize_entry("white", white)?;
            map.serialize_entry("trf_code", &code(c))?;
            map.serialize_entry("plies", plies)
        }
        TrfFacts::Date { round, game, trf } => {
            map.serialize_entry("round", round)?;
            map.serialize_entry("game_date", &game.to_string())?;
            map.serialize_entry("trf_date", &trf.to_string())
        }
        TrfFacts::Uncertain {
            round,
            side,
            written,
            chosen,
            candidates,
            doubt,
        } => {
            map.serialize_entry("round", round)?;
            map.serialize_entry("side", color_code(*side))?;
            map.serialize_entry("written", written)?;
            map.serialize_entry("chosen", chosen)?;
            map.serialize_entry("candidates", candidates)?;
            let doubt = match doubt {
                Doubt::Several => "several-candidates",
                Doubt::NameUnmatched => "name-unmatched",
            };
            map.serialize_entry("doubt", doubt)
        }
    }
}
