//! Findings about draw claims (9.2–9.5) and the written move they leave.

use laws::{
    ClaimRuling, EndingKind, Grounds, MoveLabel, Replay, claim::rule_claim, repetition::NearMisses,
    squares::squares_of,
};
use scoresheet::{ClaimKind, EventAt, Span, WrittenToken};
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Position, Setup};

use super::{
    Context,
    moves::position_of,
    walk::{GameAudit, Obligation},
};
use crate::{
    facts::{ClaimFacts, Facts, NearMiss, Occurrence, WrittenDuty, WrittenMove},
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
        // A claim is also an offer (9.1.2.3); accepted before the arbiter rules, it is not ruled on.
        self.walk.offers.claim(claimant, self.replay.ply(), kind);
        self.claim_made(claimant, kind);
        if self.walk.claim_accepted {
            return;
        }
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
            self.end_by(EndingKind::ClaimUpheld {
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
    pub(super) fn claim_finding(
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
        let written = written.map(|w| {
            let legal = ruling.written_move.map(|mv| laws::label::san_plus(pos, mv));
            let label = match &legal {
                Some(san) => MoveLabel::of(pos, *san),
                None => MoveLabel::written(pos, w.text.clone()),
            };
            WrittenMove {
                text: w.text.clone(),
                legal,
                label,
                squares: w
                    .notation
                    .as_ref()
                    .ok()
                    .and_then(|n| squares_of(pos.board(), pos.turn(), &n.written)),
            }
        });
        // The position the written move would reach: the one the claim is about.
        let after = ruling.written_move.and_then(|mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            position_of(&after)
        });
        let clock_before = ruling
            .seconds_added
            .and_then(|_| self.clock_after(replay.ply()));
        let facts = Facts::Claim(Box::new(ClaimFacts {
            claim: ruling.kind,
            upheld: ruling.upheld,
            grounds: ruling.grounds.clone(),
            written,
            after,
            // The moves are filled in after the walk, in one replay (see `name_repetitions`).
            occurrences: ruling
                .plies
                .iter()
                .map(|&ply| Occurrence { ply, mv: None })
                .collect(),
            near_misses: Vec::new(),
            clock_before,
        }));
        let mut f = Finding::new(kind, Some(replay.ply()), facts)
            .article(ruling.article)
            .player(claimant);
        f.seconds_added = ruling.seconds_added;
        if f.seconds_added.is_some() {
            f.also = self.penalty_articles();
        }
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
            Some(mv) => WrittenDuty::Move(laws::label::san_plus(replay.position(), mv)),
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

    /// Names each occurrence a repetition ruling rests on by its move
    /// (`13...Lxd5`), and finds each threefold claim's and fivefold's
    /// near-misses (9.2.3), in one more replay of the game: only games with
    /// claims or a fivefold repetition pay for it.
    pub(super) fn name_repetitions(
        &self,
        report: &mut GameReport,
        start: &Chess,
        mode: CastlingMode,
        stood: &[usize],
    ) {
        // What the findings ask: the plies to name, the positions to compare.
        let mut last = 0;
        let mut asked: Vec<usize> = Vec::new();
        let mut finders: Vec<(usize, NearMisses)> = Vec::new();
        for (index, f) in report.findings.iter().enumerate() {
            let plies = f.facts.occurrences().iter().map(|o| o.ply);
            asked.extend(plies.clone());
            last = last.max(plies.max().unwrap_or(0));
            if let Some((target, at)) = repetition_target(f, mode) {
                last = last.max(at);
                finders.push((index, NearMisses::new(target, at)));
            }
        }
        if last == 0 && finders.is_empty() {
            return;
        }
        asked.sort_unstable();
        // One replay: each finder shown every position before its own, and
        // the label of each ply asked for or found a near-miss (only those:
        // a label costs a look for the move's candidates, and after a check
        // a generation of every reply, for its mate sign). One label (or
        // none) a ply, up to `last`: room for all at once.
        let mut labels: Vec<Option<MoveLabel>> = Vec::with_capacity(last + 1);
        labels.push(None);
        let mut found: Vec<Vec<(usize, Box<Setup>)>> = vec![Vec::new(); finders.len()];
        // Only names and placements are asked for: no endings are looked for again.
        let mut replay = Replay::new(start.clone(), mode).positions_only();
        // Whether some finder found a near-miss in the replay's position.
        let mut look = |replay: &Replay, finders: &mut [(usize, NearMisses)]| {
            let mut near = false;
            for (n, (_, finder)) in finders.iter_mut().enumerate() {
                if finder.look(replay.ply(), replay.position()) {
                    near = true;
                    if let (Some(list), Some(setup)) =
                        (found.get_mut(n), position_of(replay.position()))
                    {
                        list.push((replay.ply(), setup));
                    }
                }
            }
            near
        };
        look(&replay, &mut finders);
        let stands = self.class.illegal_moves_stand(self.options.supervision);
        for (index, recorded) in self.sheet.moves.iter().enumerate().take(last) {
            let Ok(notation) = &recorded.notation else {
                break;
            };
            match replay.play(&notation.written, None) {
                Ok(_) => {}
                // The walk read it as an illegal move that stood.
                Err(_) if stood.contains(&index) => {
                    match laws::standing::physical_move(replay.position(), &notation.written) {
                        Some(mv) if stands => {
                            replay.play_standing(mv);
                        }
                        Some(mv) => {
                            replay.play_unnoticed(mv);
                        }
                        None => break,
                    }
                }
                Err(_) => break,
            }
            let near = look(&replay, &mut finders);
            let named = near || asked.binary_search(&replay.ply()).is_ok();
            labels.push(named.then(|| replay.last_label()).flatten());
        }
        let label_of = |ply: usize| labels.get(ply).cloned().flatten();
        let mut near: Vec<(usize, Vec<NearMiss>)> = Vec::new();
        for ((index, finder), positions) in finders.into_iter().zip(found) {
            let misses = finder
                .finish()
                .into_iter()
                .zip(positions)
                .map(|(miss, (_, position))| NearMiss {
                    ply: miss.ply,
                    mv: label_of(miss.ply),
                    differences: miss.differences,
                    position,
                })
                .collect();
            near.push((index, misses));
        }
        for (index, f) in report.findings.iter_mut().enumerate() {
            let misses = near
                .iter_mut()
                .find(|(i, _)| *i == index)
                .map(|(_, m)| std::mem::take(m))
                .unwrap_or_default();
            match &mut f.facts {
                Facts::Claim(claim) => {
                    // With a written move the last occurrence is its own, not the move played.
                    let written = claim
                        .written
                        .as_ref()
                        .filter(|_| claim.after.is_some())
                        .zip(f.ply)
                        .map(|(w, ply)| (ply + 1, w.label.clone()));
                    for o in &mut claim.occurrences {
                        o.mv = match &written {
                            Some((ply, label)) if *ply == o.ply => Some(label.clone()),
                            _ => label_of(o.ply),
                        };
                    }
                    claim.near_misses = misses;
                }
                Facts::Fivefold(rep) => {
                    for o in &mut rep.occurrences {
                        o.mv = label_of(o.ply);
                    }
                    rep.near_misses = misses;
                }
                _ => {}
            }
        }
    }
}

/// The position a repetition ruling is about and the ply it has there: a
/// threefold claim's (after its written move, where there is one) or a
/// fivefold repetition's.
fn repetition_target(f: &Finding, mode: CastlingMode) -> Option<(Chess, usize)> {
    let ply = f.ply?;
    let (setup, at) = match &f.facts {
        Facts::Claim(claim) if claim.claim == ClaimKind::Threefold => {
            if !matches!(
                claim.grounds,
                Grounds::Repeated { .. } | Grounds::NotRepeated { .. }
            ) {
                return None;
            }
            match &claim.after {
                Some(after) => (after.as_ref(), ply + 1),
                None => (f.position.as_deref()?, ply),
            }
        }
        Facts::Fivefold(_) => (f.position.as_deref()?, ply),
        _ => return None,
    };
    let pos = Chess::from_setup(setup.clone(), mode).ok()?;
    Some((pos, at))
}
