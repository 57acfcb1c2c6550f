//! The stable finding kinds of the report contract, declared once: each
//! kind's code, severity, group, and whether it gets a diagram and counts
//! as a ruling all come from the one table below.

use serde::{Serialize, Serializer};

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

/// Which part of the report contract's list a kind belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// The record itself: moves, tags, syntax, events as written.
    Scoresheet,
    /// Endings on the board (5.1.1, 5.2, 9.6).
    Ending,
    /// Draw claims (9.2–9.5).
    Claim,
    /// Illegal moves (7.5, A.5).
    IllegalMove,
    /// Clocks and flags (6).
    Clock,
    /// Touch-move (Art. 4).
    TouchMove,
    /// Draw offers and what the regulations say of agreements (9.1, 11.5).
    Offer,
    /// About the input as a whole (duplicates).
    Input,
    /// The games against the tournament's TRF (`--trf`).
    Tournament,
}

macro_rules! kinds {
    ($(
        $(#[$doc:meta])*
        $kind:ident = $code:literal, $severity:ident, $group:ident, figure: $figure:literal, ruling: $ruling:literal;
    )*) => {
        /// What a finding is about. Serialised as its kebab-case code (`illegal-move`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $($(#[$doc])* $kind,)*
        }

        impl Kind {
            pub const ALL: &'static [Kind] = &[$(Kind::$kind,)*];

            /// The stable code of the report contract.
            pub fn code(self) -> &'static str {
                match self {
                    $(Kind::$kind => $code,)*
                }
            }

            pub fn severity(self) -> Severity {
                match self {
                    $(Kind::$kind => Severity::$severity,)*
                }
            }

            pub fn group(self) -> Group {
                match self {
                    $(Kind::$kind => Group::$group,)*
                }
            }

            /// Whether a finding of this kind gets a board diagram on a ruling
            /// sheet: rulings on the board, not problems of the notation.
            pub fn has_figure(self) -> bool {
                match self {
                    $(Kind::$kind => $figure,)*
                }
            }

            /// Whether it is an arbiter's ruling, which earns a game its page
            /// in `audit --html`: claims, arbiter events, and the draws an
            /// arbiter must recognise unasked. Checkmate, stalemate and a
            /// broken record are not.
            pub fn is_ruling(self) -> bool {
                match self {
                    $(Kind::$kind => $ruling,)*
                }
            }
        }
    };
}

kinds! {
    UnreadableGame = "unreadable-game", Error, Scoresheet, figure: false, ruling: false;
    UnparseableMove = "unparseable-move", Error, Scoresheet, figure: false, ruling: false;
    IllegalMove = "illegal-move", Error, Scoresheet, figure: true, ruling: false;
    AmbiguousMove = "ambiguous-move", Error, Scoresheet, figure: false, ruling: false;
    InvalidSetup = "invalid-setup", Error, Scoresheet, figure: false, ruling: false;
    BadTag = "bad-tag", Warning, Scoresheet, figure: false, ruling: false;
    MissingResult = "missing-result", Error, Scoresheet, figure: false, ruling: false;
    ResultMismatch = "result-mismatch", Error, Scoresheet, figure: false, ruling: true;
    MovesAfterEnd = "moves-after-end", Error, Scoresheet, figure: false, ruling: false;
    AnnotationError = "annotation-error", Error, Scoresheet, figure: false, ruling: false;
    /// Added: PGN syntax trouble that does not stop the replay
    /// (unterminated comment or variation, stray characters).
    MalformedPgn = "malformed-pgn", Warning, Scoresheet, figure: false, ruling: false;
    /// Added: a check or mate mark that the board contradicts.
    WrongCheckMark = "wrong-check-mark", Note, Scoresheet, figure: false, ruling: false;
    /// Added: a capture sign on a move that captures nothing (`Nxf3` to an
    /// empty square), read as the move the piece and the square name.
    WrongCaptureMark = "wrong-capture-mark", Note, Scoresheet, figure: false, ruling: false;
    /// Added: a form the PGN standard does not write, read all the same
    /// (one per game and form, at its first place), so a file can be cleaned.
    NonStandardNotation = "non-standard-notation", Note, Scoresheet, figure: false, ruling: false;
    /// Added: the result is a forfeit (`+:-`, `-:+`): no game was played on
    /// the board, and the win is not one on the board.
    ForfeitResult = "forfeit-result", Note, Scoresheet, figure: false, ruling: false;
    /// Added: a move number that does not fit the ply, where the moves still
    /// replay (skipped, repeated, a White number before a Black move).
    MoveNumberMismatch = "move-number-mismatch", Warning, Scoresheet, figure: false, ruling: false;
    /// Added: the move numbers and the board say a half-move is missing
    /// from the record; one finding per missing half-move.
    MissingMove = "missing-move", Error, Scoresheet, figure: false, ruling: false;
    /// Added: an electronic board's end-of-game signal (both kings put on
    /// the centre squares), sent as a final king move: no move of the game.
    ResultSignal = "result-signal", Note, Scoresheet, figure: false, ruling: false;
    Checkmate = "checkmate", Note, Ending, figure: true, ruling: false;
    Stalemate = "stalemate", Note, Ending, figure: true, ruling: false;
    DeadPosition = "dead-position", Note, Ending, figure: true, ruling: true;
    FivefoldRepetition = "fivefold-repetition", Note, Ending, figure: true, ruling: true;
    SeventyFiveMoveRule = "seventy-five-move-rule", Note, Ending, figure: true, ruling: true;
    ThreefoldClaimUpheld = "threefold-claim-upheld", Note, Claim, figure: true, ruling: true;
    ThreefoldClaimRejected = "threefold-claim-rejected", Note, Claim, figure: true, ruling: true;
    FiftyMoveClaimUpheld = "fifty-move-claim-upheld", Note, Claim, figure: true, ruling: true;
    FiftyMoveClaimRejected = "fifty-move-claim-rejected", Note, Claim, figure: true, ruling: true;
    /// Added: after an incorrect claim with a written move, another move was played (9.5.3).
    WrittenMoveNotPlayed = "written-move-not-played", Error, Claim, figure: false, ruling: true;
    /// Added: a claim under 9.2 or 9.3 the player to move could have made
    /// here and did not (the first position of its series).
    ClaimAvailable = "claim-available", Note, Claim, figure: false, ruling: false;
    /// A draw offer (9.1.2.1), accepted or not.
    DrawOffer = "draw-offer", Note, Offer, figure: false, ruling: false;
    /// The players agreed a draw (5.2.3): an ending.
    DrawAgreed = "draw-agreed", Note, Ending, figure: true, ruling: false;
    /// Added: an agreement the event's regulations bar this early (9.1.1).
    DrawAgreementTooEarly = "draw-agreement-too-early", Warning, Offer, figure: false, ruling: true;
    /// Added: an offer again after the opponent refused one (11.5: may distract).
    RepeatedDrawOffer = "repeated-draw-offer", Note, Offer, figure: false, ruling: false;
    /// Added: the same moves between the same players earlier in the input.
    DuplicateGame = "duplicate-game", Warning, Input, figure: false, ruling: false;
    /// Touch-move: the move played broke an obligation of Art. 4.
    TouchMoveViolation = "touch-move-violation", Error, TouchMove, figure: true, ruling: true;
    /// Added: a complaint about the opponent's breach of Art. 4 made after
    /// touching a piece (4.8).
    ComplaintTooLate = "complaint-too-late", Note, TouchMove, figure: false, ruling: true;
    IllegalMovePenalty = "illegal-move-penalty", Note, IllegalMove, figure: true, ruling: true;
    IllegalMoveLoss = "illegal-move-loss", Note, IllegalMove, figure: true, ruling: true;
    IllegalMoveDraw = "illegal-move-draw", Note, IllegalMove, figure: true, ruling: true;
    FlagFallLoss = "flag-fall-loss", Note, Clock, figure: true, ruling: true;
    FlagFallDraw = "flag-fall-draw", Note, Clock, figure: true, ruling: true;
    /// Added: both flags fell and the record cannot say which fell first
    /// (6.9, Guidelines III.3.1).
    BothFlagsFallen = "both-flags-fallen", Note, Clock, figure: true, ruling: true;
    /// Added: a `%clk` or `%emt` reading contradicts the time control (6.3).
    ClockInconsistency = "clock-inconsistency", Warning, Clock, figure: false, ruling: false;
    /// Added: rapid or blitz, an illegal position still on the board after
    /// the move that followed an illegal move that stood (A.5.4).
    IllegalPositionDraw = "illegal-position-draw", Note, IllegalMove, figure: true, ruling: true;
    /// The TRF's result differs from the game's (ruled) result.
    TrfResultMismatch = "trf-result-mismatch", Error, Tournament, figure: false, ruling: false;
    /// A game at the board in the TRF with no game in the input; a row of its own.
    TrfMissingGame = "trf-missing-game", Error, Tournament, figure: false, ruling: false;
    /// A game with no pairing in the TRF.
    TrfUnmatchedGame = "trf-unmatched-game", Warning, Tournament, figure: false, ruling: false;
    /// The game's colours are the other way round in the TRF.
    TrfColourMismatch = "trf-colour-mismatch", Error, Tournament, figure: false, ruling: false;
    /// A forfeit or a bye in the TRF, and a game in the input.
    TrfForfeitPlayed = "trf-forfeit-played", Error, Tournament, figure: false, ruling: false;
    /// A player's points are not the sum of the round results.
    TrfPointsMismatch = "trf-points-mismatch", Error, Tournament, figure: false, ruling: false;
    /// A TRF line that cannot be read, or contradicts another.
    TrfBadLine = "trf-bad-line", Error, Tournament, figure: false, ruling: false;
    /// A game that ended before both players moved, scored as rated.
    TrfUnplayedScored = "trf-unplayed-scored", Error, Tournament, figure: false, ruling: false;
    /// The game's Date differs from the round's date in the TRF.
    TrfDateMismatch = "trf-date-mismatch", Warning, Tournament, figure: false, ruling: false;
    /// A game matched to a pairing by a guess between players.
    TrfUncertainMatch = "trf-uncertain-match", Note, Tournament, figure: false, ruling: false;
}

impl Kind {
    /// Parses a kind code such as `illegal-move`.
    ///
    /// ```
    /// use audit::Kind;
    /// assert_eq!(Kind::parse("illegal-move"), Some(Kind::IllegalMove));
    /// assert_eq!(Kind::parse("nonsense"), None);
    /// ```
    pub fn parse(code: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|k| k.code() == code)
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

    /// Findings about the record rather than rulings on the game: the
    /// notation, the file, arbiter events that cannot apply, moves recorded
    /// after the end, clock readings. A ruling sheet lists them apart, in
    /// its "Notes on the record".
    pub fn is_record_note(self) -> bool {
        self.is_notation()
            || matches!(
                self,
                Kind::AnnotationError | Kind::MovesAfterEnd | Kind::ClockInconsistency
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
                | Kind::WrongCaptureMark
                | Kind::NonStandardNotation
                | Kind::MissingResult
                | Kind::DuplicateGame
        )
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_kebab_case_and_parse_back() {
        let mut codes: Vec<&str> = Kind::ALL.iter().map(|k| k.code()).collect();
        for kind in Kind::ALL {
            assert_eq!(Kind::parse(kind.code()), Some(*kind));
            assert!(
                kind.code()
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-' || b.is_ascii_digit()),
                "{kind:?}"
            );
        }
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Kind::ALL.len());
    }

    #[test]
    fn serde_names_are_the_codes() {
        for kind in Kind::ALL {
            let json = serde_json::to_string(kind).expect("a string");
            assert_eq!(json, format!("\"{}\"", kind.code()));
        }
    }

    #[test]
    fn the_contract_lists_every_kind_of_its_groups() {
        // design/report.md's lists, group by group.
        let contract = [
            ("unreadable-game", Group::Scoresheet),
            ("result-mismatch", Group::Scoresheet),
            ("fivefold-repetition", Group::Ending),
            ("fifty-move-claim-rejected", Group::Claim),
            ("illegal-move-draw", Group::IllegalMove),
            ("flag-fall-draw", Group::Clock),
            ("touch-move-violation", Group::TouchMove),
        ];
        for (code, group) in contract {
            assert_eq!(Kind::parse(code).map(Kind::group), Some(group), "{code}");
        }
    }
}
