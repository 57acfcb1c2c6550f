//! Findings about draw claims (9.2–9.5) and the written move they leave.

use laws::{ClaimRuling, EndingKind, Grounds, Replay, claim::rule_claim, squares::squares_of};
use scoresheet::{ClaimKind, EventAt, Span, WrittenToken};
use shakmaty::{CastlingMode, Chess, Color, Position, san::SanPlus};

use super::{
    Context,
    moves::position_of,
    walk::{GameAudit, Obligation},
};
use crate::{
    facts::{ClaimFacts, Facts, Occurrence, WrittenDuty, WrittenMove},
    kind::Kind,
    report::{Finding, GameReport},
};

impl GameAudit<'_, '_> {
    /// Rules on a claim by the side to move, and ends the game if it is upheld.
    pub(super) fn claim(
        &mut self,
        kind: ClaimKind,
        written: Option<&WrittenToken>,
        at: Option<&EventAt>,
    ) {
        let ctx = self.ctx;
        let claimant = self.replay.turn();
        let written_move = match written.map(|w| &w.notation) {
            Some(Err(err)) => {
                let mut f = Finding::new(
                    Kind::AnnotationError,
                    Some(self.replay.ply()),
                    Facts::ClaimMoveUnreadable {
                        token: written.map_or_else(String::new, |w| w.text.clone()),
                        error: *err,
                    },
                )
                .player(claimant);
                f.place = at.map(|a| ctx.place(a.span));
                self.findings.push(f);
                return;
            }
            Some(Ok(notation)) => Some(notation.written),
            None => None,
        };
        let ruling = rule_claim(
            &self.replay,
            kind,
            written_move.as_ref(),
            !self.walk.touches.is_empty(),
            ctx.penalty_seconds(),
        );
        let finding = ctx.claim_finding(&self.replay, &ruling, written, at, claimant);
        self.findings.push(finding);
        if ruling.upheld {
            self.replay.end_by(EndingKind::ClaimUpheld {
                claim: kind,
                article: ruling.article,
                plies: ruling.plies.clone(),
            });
        } else if let (Some(token), Some(written)) = (written, written_move)
            && ruling.grounds != Grounds::Touched
        {
            self.walk.obligation = Some(Obligation {
                ply: self.replay.ply() + 1,
                token: token.text.clone(),
                written,
                legal: ruling.written_move,
            });
        }
    }
}

impl Context<'_> {
    fn claim_finding(
        &self,
        replay: &Replay,
        ruling: &ClaimRuling,
        written: Option<&WrittenToken>,
        at: Option<&EventAt>,
        claimant: Color,
    ) -> Finding {
        let kind = match (ruling.kind, ruling.upheld) {
            (ClaimKind::Threefold, true) => Kind::ThreefoldClaimUpheld,
            (ClaimKind::Threefold, false) => Kind::ThreefoldClaimRejected,
            (ClaimKind::Fifty, true) => Kind::FiftyMoveClaimUpheld,
            (ClaimKind::Fifty, false) => Kind::FiftyMoveClaimRejected,
        };
        let pos = replay.position();
        let written = written.map(|w| WrittenMove {
            text: w.text.clone(),
            legal: ruling
                .written_move
                .map(|mv| SanPlus::from_move(pos.clone(), mv)),
            squares: w
                .notation
                .as_ref()
                .ok()
                .and_then(|n| squares_of(pos.board(), pos.turn(), &n.written)),
        });
        let clock_before = ruling
            .seconds_added
            .and_then(|_| self.clock_after(replay.ply()));
        let facts = Facts::Claim(Box::new(ClaimFacts {
            claim: ruling.kind,
            upheld: ruling.upheld,
            grounds: ruling.grounds.clone(),
            written,
            // The moves are filled in after the walk, in one replay (see `label_occurrences`).
            occurrences: ruling
                .plies
                .iter()
                .map(|&ply| Occurrence { ply, mv: None })
                .collect(),
            clock_before,
        }));
        let mut f = Finding::new(kind, Some(replay.ply()), facts)
            .article(ruling.article)
            .player(claimant);
        f.seconds_added = ruling.seconds_added;
        f.move_number = replay.last_label();
        f.plies = ruling.plies.clone();
        f.position = position_of(pos);
        f.place = at.map(|a| self.place(a.span));
        f.token = at.map(|a| a.text.clone());
        f
    }

    pub(super) fn written_move_not_played(
        &self,
        replay: &Replay,
        ob: &Obligation,
        span: Span,
        mover: Color,
    ) -> Finding {
        let label = self.written_label(replay.position(), span);
        let duty = match ob.legal {
            Some(mv) => WrittenDuty::Move(SanPlus::from_move(replay.position().clone(), mv)),
            None => WrittenDuty::SamePiece(ob.token.clone()),
        };
        let mut f = Finding::new(
            Kind::WrittenMoveNotPlayed,
            Some(ob.ply),
            Facts::WrittenMoveNotPlayed(duty),
        )
        .article(laws::Article::INCORRECT_CLAIM)
        .player(mover);
        f.move_number = Some(label);
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    /// Names each occurrence a claim rests on by its move (`13...Lxd5`), in
    /// one more replay of the game: only games with claims pay for it.
    pub(super) fn label_occurrences(
        &self,
        report: &mut GameReport,
        start: &Chess,
        mode: CastlingMode,
    ) {
        let plies: Vec<usize> = report
            .findings
            .iter()
            .filter_map(|f| match &f.facts {
                Facts::Claim(claim) => Some(claim.occurrences.iter().map(|o| o.ply)),
                _ => None,
            })
            .flatten()
            .filter(|&ply| ply > 0)
            .collect();
        if plies.is_empty() {
            return;
        }
        let labels = self.labels(start, mode, &plies);
        for f in &mut report.findings {
            if let Facts::Claim(claim) = &mut f.facts {
                for occurrence in &mut claim.occurrences {
                    occurrence.mv = labels
                        .iter()
                        .find(|(ply, _)| *ply == occurrence.ply)
                        .map(|(_, label)| label.clone());
                }
            }
        }
    }
}
