//! Recording what a correction changes in the written record
//! ([`Rewrite`]), at the moment the walk takes it: the spans of the tokens
//! it stands for and the moves that stand in their place, so that the
//! writer of the repaired record applies them without reading the record
//! again.

use laws::repair::{Candidate, Edit};
use shakmaty::{Chess, san::SanPlus};

use super::walk::GameAudit;
use crate::{
    facts::Repair,
    rewrite::{Change, Rewrite},
};

impl GameAudit<'_, '_> {
    fn push_rewrite(&mut self, change: Change, repair: Option<Repair>) {
        self.fix.rewrites.push(Rewrite { change, repair });
    }

    /// Where a remark or a move inserted before the token at `index` goes:
    /// before its move number, if it has one.
    fn before_token(&self, index: usize) -> Option<usize> {
        let recorded = self.ctx.sheet.moves.get(index)?;
        Some(recorded.number.map_or(recorded.span, |n| n.span).start)
    }

    /// A correction taken at the token `index` from `pos` (not a missing
    /// move: [`GameAudit::rewrite_missing`]), `repair` its first move's facts.
    pub(super) fn rewrite_taken(
        &mut self,
        index: usize,
        pos: &Chess,
        c: &Candidate,
        reach: usize,
        repair: &Repair,
    ) {
        let moves = &self.ctx.sheet.moves;
        let Some(recorded) = moves.get(index) else {
            return;
        };
        let token = recorded.span;
        let sans = c.sans(pos);
        match c.edit {
            Edit::PieceLetter | Edit::Square => {
                if let Some(read_as) = sans.first().copied() {
                    self.push_rewrite(Change::Read { token, read_as }, Some(repair.clone()));
                }
            }
            Edit::Swapped => {
                // The first token and the one it was swapped with; a move
                // between them stays as written.
                let other = c.consumed.saturating_sub(1);
                let (Some(first), Some(last), Some(second)) =
                    (sans.first(), sans.get(other), moves.get(index + other))
                else {
                    return;
                };
                let (first, last, second) = (*first, *last, second.span);
                let then = self.repair_facts(pos, c, other, reach);
                self.push_rewrite(
                    Change::Read {
                        token,
                        read_as: first,
                    },
                    Some(repair.clone()),
                );
                self.push_rewrite(
                    Change::Read {
                        token: second,
                        read_as: last,
                    },
                    Some(then),
                );
            }
            Edit::WrittenTwice => {
                let from = self.before_token(index).unwrap_or(token.start);
                self.push_rewrite(Change::Dropped { from, token }, Some(repair.clone()));
            }
            Edit::Stood => self.rewrite_stood(index, Some(repair.clone())),
            // Recorded where they are taken.
            Edit::MissingMove | Edit::WrongColumn => {}
        }
    }

    /// An illegal move that stood: the record stays, remarked on.
    pub(super) fn rewrite_stood(&mut self, index: usize, repair: Option<Repair>) {
        if let Some(recorded) = self.ctx.sheet.moves.get(index) {
            let token = recorded.span;
            self.push_rewrite(Change::Stood { token }, repair);
        }
    }

    /// The moves inserted before the token `index`: each move's facts
    /// (its number and side) and the move.
    pub(super) fn rewrite_missing(&mut self, index: usize, inserted: Vec<(Repair, SanPlus)>) {
        let Some(at) = self.before_token(index) else {
            return;
        };
        for (repair, san) in inserted {
            let (number, side) = (repair.number, repair.side);
            let change = Change::Inserted {
                at,
                number,
                side,
                san,
            };
            self.push_rewrite(change, Some(repair));
        }
    }

    /// Equal corrections, none taken: a remark after the token, or before
    /// its number where moves are missing.
    pub(super) fn rewrite_untaken(&mut self, index: usize, missing: bool, candidates: &[Repair]) {
        if candidates.is_empty() {
            return;
        }
        let at = if missing {
            self.before_token(index)
        } else {
            self.ctx.sheet.moves.get(index).map(|m| m.span.end)
        };
        if let Some(at) = at {
            let candidates = candidates.to_vec();
            self.push_rewrite(
                Change::Untaken {
                    at,
                    missing,
                    candidates,
                },
                None,
            );
        }
    }

    /// The move number before the token `index` names the other side.
    pub(super) fn rewrite_number(&mut self, index: usize, repair: &Repair) {
        let Some(number) = self.ctx.sheet.moves.get(index).and_then(|m| m.number) else {
            return;
        };
        self.push_rewrite(
            Change::Renumbered {
                span: number.span,
                number: repair.number,
                side: repair.side,
            },
            Some(repair.clone()),
        );
    }
}
