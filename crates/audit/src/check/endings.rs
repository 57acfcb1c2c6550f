//! Findings about how the game ended on the board.

use laws::{Ending, EndingKind, Replay};
use shakmaty::{EnPassantMode, Position, fen::Fen};

use super::{Context, color_name};
use crate::{kind::Kind, report::Finding};

impl Context<'_> {
    /// Adds the ending's finding the first time the replay knows of it.
    pub(super) fn report_ending(
        &self,
        replay: &Replay,
        reported: &mut bool,
        findings: &mut Vec<Finding>,
    ) {
        if *reported {
            return;
        }
        if let Some(ending) = replay.ending() {
            *reported = true;
            let label = if ending.ply > 0 {
                replay.last_label()
            } else {
                None
            };
            findings.push(self.ending_finding(replay, ending, label.as_deref()));
        }
    }

    pub(super) fn ending_finding(
        &self,
        replay: &Replay,
        ending: &Ending,
        label: Option<&str>,
    ) -> Finding {
        let pos = replay.position();
        let after = label.map_or_else(
            || "in the starting position".to_string(),
            |l| format!("after {l}"),
        );
        let (kind, message, plies) = match &ending.kind {
            EndingKind::Checkmate { winner } => (
                Kind::Checkmate,
                format!(
                    "{} is checkmated {after}: {} wins",
                    color_name(!*winner),
                    color_name(*winner)
                ),
                Vec::new(),
            ),
            EndingKind::Stalemate => (
                Kind::Stalemate,
                format!(
                    "{} is stalemated {after}: the game is drawn",
                    color_name(pos.turn())
                ),
                Vec::new(),
            ),
            EndingKind::DeadPosition => (
                Kind::DeadPosition,
                format!(
                    "neither side can checkmate by any series of legal moves {after}: the game is drawn"
                ),
                Vec::new(),
            ),
            EndingKind::FivefoldRepetition { occurrences } => (
                Kind::FivefoldRepetition,
                format!(
                    "the position {after} occurred for the fifth time (plies {}): the game is drawn",
                    occurrences
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                occurrences.clone(),
            ),
            EndingKind::SeventyFiveMoves { since } => (
                Kind::SeventyFiveMoveRule,
                format!(
                    "75 moves by each player without a capture or pawn move are complete {after} (quiet since ply {since}): the game is drawn"
                ),
                vec![*since],
            ),
            EndingKind::IllegalMoveForfeit { offender, draw } => (
                if *draw {
                    Kind::IllegalMoveDraw
                } else {
                    Kind::IllegalMoveLoss
                },
                format!(
                    "{}'s second completed illegal move {after} ends the game",
                    color_name(*offender)
                ),
                Vec::new(),
            ),
            EndingKind::FlagFall { flagged, draw } => (
                if *draw {
                    Kind::FlagFallDraw
                } else {
                    Kind::FlagFallLoss
                },
                format!("{}'s flag fell {after}", color_name(*flagged)),
                Vec::new(),
            ),
            EndingKind::IllegalPosition => (
                Kind::IllegalPositionDraw,
                format!(
                    "an illegal position is still on the board {after}, the move after an illegal move that stood: the game is drawn"
                ),
                Vec::new(),
            ),
            EndingKind::BothFlags => (
                Kind::BothFlagsFallen,
                format!(
                    "both flags have fallen {after} in the last period and the record cannot say which fell first: the game is drawn"
                ),
                Vec::new(),
            ),
            EndingKind::ClaimUpheld { claim, plies, .. } => (
                match claim {
                    scoresheet::ClaimKind::Threefold => Kind::ThreefoldClaimUpheld,
                    scoresheet::ClaimKind::Fifty => Kind::FiftyMoveClaimUpheld,
                },
                format!("a correct draw claim {after}: the game is drawn"),
                plies.clone(),
            ),
        };
        let mut f = Finding::new(kind, Some(ending.ply), message).article(ending.article());
        if let EndingKind::Checkmate { winner } = &ending.kind {
            f = f.player(*winner);
        }
        f.plies = plies;
        f.move_number = label.map(str::to_string);
        f.fen = Some(Fen::from_position(pos, EnPassantMode::Legal).to_string());
        f
    }
}
