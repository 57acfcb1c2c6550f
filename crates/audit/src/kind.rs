//! The stable finding kinds of the report contract, and how serious each is.

use serde::Serialize;

/// What a finding is about. Serialised in kebab-case (`illegal-move`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    // Scoresheet.
    UnreadableGame,
    UnparseableMove,
    IllegalMove,
    AmbiguousMove,
    InvalidSetup,
    BadTag,
    MissingResult,
    ResultMismatch,
    MovesAfterEnd,
    AnnotationError,
    /// Added: PGN syntax trouble that does not stop the replay
    /// (unterminated comment or variation, stray characters).
    MalformedPgn,
    /// Added: a check or mate mark that the board contradicts.
    WrongCheckMark,
    // Endings.
    Checkmate,
    Stalemate,
    DeadPosition,
    FivefoldRepetition,
    SeventyFiveMoveRule,
    // Claims.
    ThreefoldClaimUpheld,
    ThreefoldClaimRejected,
    FiftyMoveClaimUpheld,
    FiftyMoveClaimRejected,
    /// Added: after an incorrect claim with a written move, another move was played (9.5.3).
    WrittenMoveNotPlayed,
    /// Added: the same moves between the same players earlier in the input.
    DuplicateGame,
    /// Touch-move: the move played broke an obligation of Art. 4.
    TouchMoveViolation,
    /// Added: a complaint about the opponent's breach of Art. 4 made after
    /// touching a piece (4.8).
    ComplaintTooLate,
    // Illegal moves (7.5) and flag falls (6.9).
    IllegalMovePenalty,
    IllegalMoveLoss,
    IllegalMoveDraw,
    FlagFallLoss,
    FlagFallDraw,
    /// Added: both flags fell and the record cannot say which fell first
    /// (6.9, Guidelines III.3.1).
    BothFlagsFallen,
    /// Added: a `%clk` or `%emt` reading contradicts the time control (6.3).
    ClockInconsistency,
    /// Added: rapid or blitz, an illegal position still on the board after
    /// the move that followed an illegal move that stood (A.5.4).
    IllegalPositionDraw,
}

/// How serious a finding is; `--fail-on` picks the threshold for exit code 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Severity {
    /// Information: an ending on the board, a doubtful check mark.
    Note,
    /// The record is untidy but every move is clear.
    Warning,
    /// The record is wrong, or a ruling changes the result.
    Error,
}

impl Kind {
    pub const ALL: [Kind; 33] = [
        Kind::UnreadableGame,
        Kind::UnparseableMove,
        Kind::IllegalMove,
        Kind::AmbiguousMove,
        Kind::InvalidSetup,
        Kind::BadTag,
        Kind::MissingResult,
        Kind::ResultMismatch,
        Kind::MovesAfterEnd,
        Kind::AnnotationError,
        Kind::MalformedPgn,
        Kind::WrongCheckMark,
        Kind::Checkmate,
        Kind::Stalemate,
        Kind::DeadPosition,
        Kind::FivefoldRepetition,
        Kind::SeventyFiveMoveRule,
        Kind::ThreefoldClaimUpheld,
        Kind::ThreefoldClaimRejected,
        Kind::FiftyMoveClaimUpheld,
        Kind::FiftyMoveClaimRejected,
        Kind::WrittenMoveNotPlayed,
        Kind::DuplicateGame,
        Kind::TouchMoveViolation,
        Kind::ComplaintTooLate,
        Kind::IllegalMovePenalty,
        Kind::IllegalMoveLoss,
        Kind::IllegalMoveDraw,
        Kind::FlagFallLoss,
        Kind::FlagFallDraw,
        Kind::BothFlagsFallen,
        Kind::ClockInconsistency,
        Kind::IllegalPositionDraw,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Kind::UnreadableGame => "unreadable-game",
            Kind::UnparseableMove => "unparseable-move",
            Kind::IllegalMove => "illegal-move",
            Kind::AmbiguousMove => "ambiguous-move",
            Kind::InvalidSetup => "invalid-setup",
            Kind::BadTag => "bad-tag",
            Kind::MissingResult => "missing-result",
            Kind::ResultMismatch => "result-mismatch",
            Kind::MovesAfterEnd => "moves-after-end",
            Kind::AnnotationError => "annotation-error",
            Kind::MalformedPgn => "malformed-pgn",
            Kind::WrongCheckMark => "wrong-check-mark",
            Kind::Checkmate => "checkmate",
            Kind::Stalemate => "stalemate",
            Kind::DeadPosition => "dead-position",
            Kind::FivefoldRepetition => "fivefold-repetition",
            Kind::SeventyFiveMoveRule => "seventy-five-move-rule",
            Kind::ThreefoldClaimUpheld => "threefold-claim-upheld",
            Kind::ThreefoldClaimRejected => "threefold-claim-rejected",
            Kind::FiftyMoveClaimUpheld => "fifty-move-claim-upheld",
            Kind::FiftyMoveClaimRejected => "fifty-move-claim-rejected",
            Kind::WrittenMoveNotPlayed => "written-move-not-played",
            Kind::DuplicateGame => "duplicate-game",
            Kind::TouchMoveViolation => "touch-move-violation",
            Kind::ComplaintTooLate => "complaint-too-late",
            Kind::IllegalMovePenalty => "illegal-move-penalty",
            Kind::IllegalMoveLoss => "illegal-move-loss",
            Kind::IllegalMoveDraw => "illegal-move-draw",
            Kind::FlagFallLoss => "flag-fall-loss",
            Kind::FlagFallDraw => "flag-fall-draw",
            Kind::BothFlagsFallen => "both-flags-fallen",
            Kind::ClockInconsistency => "clock-inconsistency",
            Kind::IllegalPositionDraw => "illegal-position-draw",
        }
    }

    /// Parses a kind code such as `illegal-move`.
    ///
    /// ```
    /// use audit::Kind;
    /// assert_eq!(Kind::parse("illegal-move"), Some(Kind::IllegalMove));
    /// assert_eq!(Kind::parse("nonsense"), None);
    /// ```
    pub fn parse(code: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.code() == code)
    }

    pub fn severity(self) -> Severity {
        match self {
            Kind::UnreadableGame
            | Kind::UnparseableMove
            | Kind::IllegalMove
            | Kind::AmbiguousMove
            | Kind::InvalidSetup
            | Kind::MissingResult
            | Kind::ResultMismatch
            | Kind::MovesAfterEnd
            | Kind::AnnotationError
            | Kind::WrittenMoveNotPlayed
            | Kind::TouchMoveViolation => Severity::Error,
            Kind::BadTag | Kind::MalformedPgn | Kind::DuplicateGame | Kind::ClockInconsistency => {
                Severity::Warning
            }
            Kind::WrongCheckMark
            | Kind::Checkmate
            | Kind::Stalemate
            | Kind::DeadPosition
            | Kind::FivefoldRepetition
            | Kind::SeventyFiveMoveRule
            | Kind::ThreefoldClaimUpheld
            | Kind::ThreefoldClaimRejected
            | Kind::FiftyMoveClaimUpheld
            | Kind::FiftyMoveClaimRejected
            | Kind::ComplaintTooLate
            | Kind::IllegalMovePenalty
            | Kind::IllegalMoveLoss
            | Kind::IllegalMoveDraw
            | Kind::FlagFallLoss
            | Kind::FlagFallDraw
            | Kind::BothFlagsFallen
            | Kind::IllegalPositionDraw => Severity::Note,
        }
    }

    /// Rulings on draw claims.
    pub fn is_claim(self) -> bool {
        matches!(
            self,
            Kind::ThreefoldClaimUpheld
                | Kind::ThreefoldClaimRejected
                | Kind::FiftyMoveClaimUpheld
                | Kind::FiftyMoveClaimRejected
        )
    }

    /// Findings about the notation and the file rather than about a ruling;
    /// `adjudicate` may leave them out.
    pub fn is_notation(self) -> bool {
        matches!(
            self,
            Kind::BadTag
                | Kind::MalformedPgn
                | Kind::WrongCheckMark
                | Kind::MissingResult
                | Kind::DuplicateGame
        )
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl Severity {
    pub fn parse(s: &str) -> Option<Severity> {
        match s {
            "note" => Some(Severity::Note),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}
