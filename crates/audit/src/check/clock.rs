//! Illegal moves (7.5) and flag falls (6.9): penalties, forfeits, and the
//! can-still-mate question that turns a loss into a draw.

use laws::{
    Article, EndingKind, GameClass, MoveError, Replay,
    mating::{Verdict, analyse_with},
    resolve::resolve,
    squares::squares_of,
};
use scoresheet::{EventAt, IllegalAct};
use shakmaty::{Color, Position};

use super::{Context, moves::position_of, walk::Walk};
use crate::{
    facts::{Act, BothFlags, EventProblem, Facts, FlagEvidence, FlagFacts, IllegalActFacts},
    kind::Kind,
    report::Finding,
};

impl Context<'_> {
    /// Points a ruling at its event (when it has one) and at the position.
    fn at_event(&self, mut f: Finding, replay: &Replay, at: Option<&EventAt>) -> Finding {
        // The move after which it happened, as an arbiter names the moment.
        if f.move_number.is_none() {
            f.move_number = replay.last_label();
        }
        f.token = at.map(|a| a.text.clone());
        f.place = at.map(|a| self.place(a.span));
        f.position = position_of(replay.position());
        f
    }

    /// The `%clk` reading in the comments after `ply` recorded moves: the
    /// remaining time of the player who made move `ply`.
    pub(super) fn clock_after(&self, ply: usize) -> Option<f64> {
        self.sheet
            .comments
            .iter()
            .filter(|c| c.after_ply == ply)
            .find_map(|c| self.sheet.clock_command(self.text, c, "clk"))
    }

    /// Whether the opponent of `loser` could still checkmate (6.9, 7.5.5):
    /// the verdict, and whether the game is then a draw instead of a loss.
    fn mating_chances(&self, replay: &Replay, loser: Color) -> (bool, Verdict) {
        let verdict = analyse_with(
            replay.position(),
            !loser,
            self.options.mate_budget,
            self.options.mating_lines.nodes(),
        );
        (verdict.is_unwinnable(), verdict)
    }

    /// An `[%illegal ...]` event: the side to move completed an illegal act.
    pub(super) fn illegal_act(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        act: &IllegalAct,
        at: &EventAt,
        findings: &mut Vec<Finding>,
    ) {
        let offender = replay.turn();
        let pos = replay.position();
        let squares = match act {
            IllegalAct::Move(token) => token
                .notation
                .as_ref()
                .ok()
                .and_then(|n| squares_of(pos.board(), pos.turn(), &n.written)),
            _ => None,
        };
        let act = match act {
            IllegalAct::TwoHands => Act::TwoHands,
            IllegalAct::NoMove => Act::NoMove,
            IllegalAct::Move(token) => match &token.notation {
                Err(err) => {
                    let problem = EventProblem::MoveUnreadable {
                        token: token.text.clone(),
                        error: *err,
                    };
                    findings.push(self.annotation_error(replay, at, problem));
                    return;
                }
                Ok(n) => match resolve(replay.position(), &n.written, replay.castling_mode()) {
                    Ok(_) => {
                        let problem = EventProblem::MoveIsLegal(token.text.clone());
                        findings.push(self.annotation_error(replay, at, problem));
                        return;
                    }
                    Err(MoveError::Ambiguous(_)) => {
                        let problem = EventProblem::MoveIsAmbiguous(token.text.clone());
                        findings.push(self.annotation_error(replay, at, problem));
                        return;
                    }
                    Err(MoveError::PromotionMissing) => Act::PromotionMissing(token.text.clone()),
                    Err(_) => Act::Move(token.text.clone()),
                },
            },
        };
        let tally = &mut walk.illegal[offender as usize];
        *tally += 1;
        let count = *tally;
        let ply = replay.ply();
        if count == 1 {
            let seconds = self.penalty_seconds();
            let facts = Facts::IllegalAct(Box::new(IllegalActFacts {
                act,
                squares,
                count,
                class: self.class,
                verdict: None,
                clock_before: self.clock_after(ply),
            }));
            let mut f = Finding::new(Kind::IllegalMovePenalty, Some(ply), facts)
                .article(Article::ILLEGAL_MOVE)
                .player(offender);
            f.seconds_added = Some(seconds);
            f.also = self.penalty_articles();
            findings.push(self.at_event(f, replay, Some(at)));
            return;
        }
        let (draw, verdict) = self.mating_chances(replay, offender);
        let kind = if draw {
            Kind::IllegalMoveDraw
        } else {
            Kind::IllegalMoveLoss
        };
        let facts = Facts::IllegalAct(Box::new(IllegalActFacts {
            act,
            squares,
            count,
            class: self.class,
            verdict: Some(verdict),
            clock_before: None,
        }));
        let f = Finding::new(kind, Some(ply), facts)
            .article(Article::ILLEGAL_MOVE)
            .player(offender);
        findings.push(self.at_event(f, replay, Some(at)));
        walk.reported_ending = true;
        replay.end_by(EndingKind::IllegalMoveForfeit { offender, draw });
    }

    /// A flag fall of `flagged` in the current position (6.9).
    pub(super) fn flag(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        flagged: Color,
        at: Option<&EventAt>,
        evidence: FlagEvidence,
        findings: &mut Vec<Finding>,
    ) {
        walk.flag_seen = true;
        let (draw, verdict) = self.mating_chances(replay, flagged);
        let kind = if draw {
            Kind::FlagFallDraw
        } else {
            Kind::FlagFallLoss
        };
        let facts = Facts::Flag(FlagFacts { evidence, verdict });
        let mut f = Finding::new(kind, Some(replay.ply()), facts)
            .article(Article::FLAG_FALL)
            .player(flagged);
        f.move_number = replay.last_label();
        findings.push(self.at_event(f, replay, at));
        walk.reported_ending = true;
        replay.end_by(EndingKind::FlagFall { flagged, draw });
    }

    /// Both flags recorded in one position, the order unknown. Guidelines
    /// III (standard and rapid without increment, III.2.2) say: play on in
    /// an earlier period, a draw in the last (III.3.1). Elsewhere the clock's
    /// flag indicator shows which fell first, and the record does not: no
    /// result is invented.
    pub(super) fn both_flags(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        at: &EventAt,
        findings: &mut Vec<Finding>,
    ) {
        let number = replay.position().fullmoves().get();
        let guidelines = self
            .time_control
            .as_ref()
            .filter(|tc| !tc.has_increment() && self.class != GameClass::Blitz);
        let last_period = guidelines.and_then(|tc| tc.is_last_period(number));
        if last_period == Some(true) {
            replay.end_by(EndingKind::BothFlags);
            if let Some(ending) = replay.ending() {
                let mut f = self.ending_finding(replay, ending, replay.last_label());
                f.facts = Facts::BothFlags(BothFlags::LastPeriod);
                findings.push(self.at_event(f, replay, Some(at)));
                walk.reported_ending = true;
            }
            return;
        }
        let (article, both) = match last_period {
            Some(_) => (Article::BOTH_FLAGS, BothFlags::EarlierPeriod { number }),
            None => (Article::FLAG_FALL, BothFlags::RecordedStands),
        };
        // Without Guidelines III the game ended on a flag whose the record
        // cannot say; a later sign of a flag fall (the Termination tag) must
        // not rule on it again. Where play goes on, later flags are new.
        walk.flag_seen = last_period.is_none();
        let mut f = Finding::new(
            Kind::BothFlagsFallen,
            Some(replay.ply()),
            Facts::BothFlags(both),
        )
        .article(article);
        f.move_number = replay.last_label();
        findings.push(self.at_event(f, replay, Some(at)));
    }

    /// A flag fall that the record shows only at its end: a `Termination`
    /// "time forfeit" tag or a `%clk` of zero for the side to move.
    pub(super) fn final_flag(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        findings: &mut Vec<Finding>,
    ) {
        if walk.flag_seen || replay.ending().is_some() {
            return;
        }
        let side = replay.turn();
        let evidence = if super::outcome::is_time_forfeit(self.sheet.tag("Termination")) {
            FlagEvidence::TerminationTag
        } else if replay.ply() > 0 && self.clock_after(replay.ply() - 1).is_some_and(|t| t <= 0.0) {
            FlagEvidence::ZeroClock
        } else {
            return;
        };
        self.flag(replay, walk, side, None, evidence, findings);
    }
}
