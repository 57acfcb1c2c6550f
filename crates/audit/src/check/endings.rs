//! Findings about how the game ended on the board.

use laws::{Ending, EndingKind, MoveLabel};

use super::{moves::position_of, walk::GameAudit};
use crate::{
    facts::{Facts, Occurrence, Repetition},
    kind::Kind,
    report::Finding,
};

impl GameAudit<'_, '_> {
    /// The finding of an ending on the board, in the position it rests on.
    pub(super) fn ending_finding(&self, ending: &Ending, label: Option<MoveLabel>) -> Finding {
        let pos = self.replay.position();
        let (kind, plies) = match &ending.kind {
            EndingKind::Checkmate { .. } => (Kind::Checkmate, Vec::new()),
            EndingKind::Stalemate => (Kind::Stalemate, Vec::new()),
            EndingKind::DeadPosition => (Kind::DeadPosition, Vec::new()),
            EndingKind::FivefoldRepetition { occurrences } => {
                (Kind::FivefoldRepetition, occurrences.clone())
            }
            EndingKind::SeventyFiveMoves { since } => (Kind::SeventyFiveMoveRule, vec![*since]),
            EndingKind::IllegalMoveForfeit { draw: true, .. } => {
                (Kind::IllegalMoveDraw, Vec::new())
            }
            EndingKind::IllegalMoveForfeit { draw: false, .. } => {
                (Kind::IllegalMoveLoss, Vec::new())
            }
            EndingKind::FlagFall { draw: true, .. } => (Kind::FlagFallDraw, Vec::new()),
            EndingKind::FlagFall { draw: false, .. } => (Kind::FlagFallLoss, Vec::new()),
            EndingKind::IllegalPosition => (Kind::IllegalPositionDraw, Vec::new()),
            EndingKind::BothFlags => (Kind::BothFlagsFallen, Vec::new()),
            EndingKind::DrawAgreed { .. } => (Kind::DrawAgreed, Vec::new()),
            EndingKind::ClaimUpheld { claim, plies, .. } => (
                match claim {
                    scoresheet::ClaimKind::Threefold => Kind::ThreefoldClaimUpheld,
                    scoresheet::ClaimKind::Fifty => Kind::FiftyMoveClaimUpheld,
                },
                plies.clone(),
            ),
        };
        let facts = match &ending.kind {
            // The moves and near-misses are filled in after the walk (`name_repetitions`).
            EndingKind::FivefoldRepetition { occurrences } => {
                Facts::Fivefold(Box::new(Repetition {
                    occurrences: occurrences
                        .iter()
                        .map(|&ply| Occurrence { ply, mv: None })
                        .collect(),
                    near_misses: Vec::new(),
                }))
            }
            other => Facts::Ending(other.clone()),
        };
        let mut f = Finding::new(kind, Some(ending.ply), facts).article(ending.article());
        if let EndingKind::Checkmate { winner } = &ending.kind {
            f = f.player(*winner);
        }
        f.plies = plies;
        f.move_number = label;
        f.position = position_of(pos);
        f
    }
}
