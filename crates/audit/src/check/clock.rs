//! Illegal moves (7.5) and flag falls (6.9) as the record shows them; the
//! rulings (the tally, the penalty, the can-still-mate question that turns a
//! loss into a draw, Guidelines III for both flags) are `laws`'.

use laws::{
    Article, EndingKind, MoveError,
    flag::{BothFlags, both_flags, rule_flag},
    illegal::IllegalRuling,
    resolve::resolve,
    squares::squares_of,
};
use scoresheet::{EventAt, IllegalAct};
use shakmaty::{Color, Position};

use super::{Context, moves::position_of, walk::GameAudit};
use crate::{
    facts::{Act, EventProblem, Facts, FlagEvidence, FlagFacts, IllegalActFacts, Occurrence},
    kind::Kind,
    report::Finding,
};

impl Context<'_> {
    /// The `%clk` reading in the comments after `ply` recorded moves: the
    /// remaining time of the player who made move `ply`.
    pub(super) fn clock_after(&self, ply: usize) -> Option<f64> {
        self.clocks
            .iter()
            .filter(|c| c.after_ply == ply)
            .find_map(|c| c.clock)
    }
}

impl GameAudit<'_, '_> {
    /// Points a ruling at its event (when it has one) and at the position.
    fn at_event(&self, mut f: Finding, at: Option<&EventAt>) -> Finding {
        // The move after which it happened, as an arbiter names the moment.
        if f.move_number.is_none() {
            f.move_number = self.replay.last_label();
        }
        f.token = at.map(|a| a.text.clone());
        f.place = at.map(|a| self.ctx.place(a.span));
        f.position = position_of(self.replay.position());
        f
    }

    /// What an `[%illegal ...]` event says was done, or why it cannot apply.
    fn act(&self, act: &IllegalAct) -> Result<Act, EventProblem> {
        let token = match act {
            IllegalAct::TwoHands => return Ok(Act::TwoHands),
            IllegalAct::NoMove => return Ok(Act::NoMove),
            IllegalAct::Move(token) => token,
        };
        let notation = token
            .notation
            .as_ref()
            .map_err(|err| EventProblem::MoveUnreadable {
                token: token.text.clone(),
                error: *err,
            })?;
        let pos = self.replay.position();
        match resolve(pos, &notation.written, self.replay.castling_mode()) {
            Ok(_) => Err(EventProblem::MoveIsLegal(token.text.clone())),
            Err(MoveError::Ambiguous(_)) => Err(EventProblem::MoveIsAmbiguous(token.text.clone())),
            Err(MoveError::PromotionMissing) => Ok(Act::PromotionMissing(token.text.clone())),
            Err(_) => Ok(Act::Move(token.text.clone())),
        }
    }

    /// An `[%illegal ...]` event: the side to move completed an illegal act.
    pub(super) fn illegal_act(&mut self, act: &IllegalAct, at: &EventAt) {
        let ctx = self.ctx;
        let offender = self.replay.turn();
        let written = match act {
            IllegalAct::Move(token) => token.notation.as_ref().ok().map(|n| n.written),
            _ => None,
        };
        let act = match self.act(act) {
            Ok(act) => act,
            Err(problem) => {
                self.annotation_error(at, problem);
                return;
            }
        };
        let pos = self.replay.position();
        let squares = written.and_then(|w| squares_of(pos.board(), pos.turn(), &w));
        let ply = self.replay.ply();
        let (count, ruling) = self.walk.illegal.record(
            pos,
            offender,
            ctx.class,
            ctx.options.supervision,
            ctx.options.mate_budget,
            ctx.options.mating_lines.nodes(),
        );
        let ending = ruling.ending(offender);
        let (kind, verdict, seconds) = match ruling {
            IllegalRuling::Penalty { seconds } => (Kind::IllegalMovePenalty, None, Some(seconds)),
            IllegalRuling::Forfeit { verdict } if verdict.is_unwinnable() => {
                (Kind::IllegalMoveDraw, Some(verdict), None)
            }
            IllegalRuling::Forfeit { verdict } => (Kind::IllegalMoveLoss, Some(verdict), None),
        };
        let facts = Facts::IllegalAct(Box::new(IllegalActFacts {
            act,
            squares,
            count,
            class: ctx.class,
            verdict,
            clock_before: seconds.and_then(|_| ctx.clock_after(ply)),
        }));
        let mut f = Finding::new(kind, Some(ply), facts)
            .article(Article::ILLEGAL_MOVE)
            .player(offender);
        f.seconds_added = seconds;
        if seconds.is_some() {
            f.also = ctx.penalty_articles();
        }
        let f = self.at_event(f, Some(at));
        self.findings.push(f);
        if let Some(ending) = ending {
            self.end_by(ending);
        } else if let Some(squares) = squares {
            // 7.5.1: Articles 4.3 and 4.7 bind the replacement move; the
            // illegal move touched its piece (and the piece it tried to take).
            let pos = self.replay.position();
            for square in laws::touch::touched_by_illegal_move(pos, squares) {
                if !self.walk.touches.contains(&square) {
                    self.walk.touches.push(square);
                }
            }
        }
    }

    /// A flag fall of `flagged` in the current position (6.9).
    pub(super) fn flag(&mut self, flagged: Color, at: Option<&EventAt>, evidence: FlagEvidence) {
        self.walk.flag_seen = true;
        let budget = self.ctx.options.mate_budget;
        let nodes = self.ctx.options.mating_lines.nodes();
        let (verdict, ending) = rule_flag(self.replay.position(), flagged, budget, nodes);
        let kind = if verdict.is_unwinnable() {
            Kind::FlagFallDraw
        } else {
            Kind::FlagFallLoss
        };
        let facts = Facts::Flag(FlagFacts { evidence, verdict });
        let mut f = Finding::new(kind, Some(self.replay.ply()), facts)
            .article(Article::FLAG_FALL)
            .player(flagged);
        f.move_number = self.replay.last_label();
        let f = self.at_event(f, at);
        self.findings.push(f);
        self.end_by(ending);
    }

    /// Both flags recorded in one position, the order unknown: a draw in the
    /// last period, play on before it (III.3.1), and where Guidelines III do
    /// not apply the clock's flag indicator decides, which the record does not
    /// show: no result is invented.
    pub(super) fn both_flags(&mut self, at: &EventAt) {
        let ctx = self.ctx;
        let number = self.replay.position().fullmoves().get();
        let ruling = both_flags(ctx.time_control.as_ref(), ctx.class, number);
        if ruling == BothFlags::LastPeriod {
            self.end_by(EndingKind::BothFlags);
            if let Some(ending) = self.replay.ending().cloned() {
                let label = self.replay.last_label();
                self.walk.ending_at = Some(Occurrence {
                    ply: ending.ply,
                    mv: label.clone(),
                });
                let mut f = self.ending_finding(&ending, label);
                f.facts = Facts::BothFlags(ruling);
                let f = self.at_event(f, Some(at));
                self.findings.push(f);
            }
            return;
        }
        let article = match ruling {
            BothFlags::EarlierPeriod { .. } => Article::BOTH_FLAGS,
            _ => Article::FLAG_FALL,
        };
        // Without Guidelines III the game ended on a flag whose the record
        // cannot say; a later sign of a flag fall (the Termination tag) must
        // not rule on it again. Where play goes on, later flags are new.
        self.walk.flag_seen = ruling == BothFlags::RecordedStands;
        let mut f = Finding::new(
            Kind::BothFlagsFallen,
            Some(self.replay.ply()),
            Facts::BothFlags(ruling),
        )
        .article(article);
        f.move_number = self.replay.last_label();
        let f = self.at_event(f, Some(at));
        self.findings.push(f);
    }

    /// A flag fall that the record shows only at its end: a `Termination`
    /// "time forfeit" tag or a `%clk` of zero for the side to move.
    pub(super) fn final_flag(&mut self) {
        if self.walk.flag_seen || self.replay.ending().is_some() {
            return;
        }
        let ctx = self.ctx;
        let side = self.replay.turn();
        let ply = self.replay.ply();
        let evidence = if laws::outcome::is_time_forfeit(
            ctx.sheet.known_tag(scoresheet::TagName::Termination),
        ) {
            FlagEvidence::TerminationTag
        } else if ply > 0 && ctx.clock_after(ply - 1).is_some_and(|t| t <= 0.0) {
            FlagEvidence::ZeroClock
        } else {
            return;
        };
        self.flag(side, None, evidence);
    }
}
