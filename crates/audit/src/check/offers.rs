//! Findings about draw offers and agreements (9.1, 5.2.3, 11.5), and the
//! claims under 9.2 and 9.3 that nobody made (`claim-available`).

use laws::{
    Article, EndingKind,
    missed::{Opportunity, series},
    offer::{AnswerError, Made, Offer, before_move, both_have_moved},
};
use scoresheet::{ClaimKind, Event, EventAt, WrittenToken};
use shakmaty::{Color, Position};

use super::{moves::position_of, walk::GameAudit};
use crate::{
    facts::{EventProblem, Facts},
    kind::Kind,
    report::Finding,
};

impl GameAudit<'_, '_> {
    /// `(=)`, `[%offer]`, `[%accept]`, `[%decline]` in the current position.
    pub(super) fn offer_event(&mut self, event: &Event, at: &EventAt) {
        let turn = self.replay.turn();
        match event {
            Event::Offer(named) => {
                // After a move the offer is its mover's (9.1.2.1); before the first, the side to move's.
                let by = named.unwrap_or(if self.replay.ply() == 0 { turn } else { !turn });
                if let Made::New { by, refused_before } =
                    self.walk.offers.offer(by, self.replay.ply())
                {
                    self.offer_findings(by, refused_before, at);
                }
            }
            Event::Accept(named) => match self.walk.offers.accept(*named) {
                Ok(offer) => self.agree(offer, at),
                Err(why) => self.answer_error(at, why),
            },
            Event::Decline(named) => {
                if let Err(why) = self.walk.offers.decline(*named) {
                    self.answer_error(at, why);
                }
            }
            _ => {}
        }
    }

    fn offer_findings(&mut self, by: Color, refused_before: Option<usize>, at: &EventAt) {
        let ply = self.replay.ply();
        let label = self.replay.last_label();
        let place = self.ctx.place(at.span);
        let note = |kind: Kind, article: Article| {
            let facts = Facts::Offer {
                written: at.text.clone(),
                refused_before,
            };
            let mut f = Finding::new(kind, Some(ply), facts)
                .article(article)
                .player(by);
            f.move_number = label.clone();
            f.token = Some(at.text.clone());
            f.place = Some(place.clone());
            f
        };
        let offer = note(Kind::DrawOffer, Article::DRAW_OFFER);
        let repeated = refused_before.map(|_| note(Kind::RepeatedDrawOffer, Article::DISTRACTION));
        self.findings.push(offer);
        self.findings.extend(repeated);
    }

    /// The standing offer accepted: the game is drawn (5.2.3), if both
    /// players have moved; too early for the event's regulations (9.1.1) is
    /// a warning beside it, and the agreement still ends the game.
    fn agree(&mut self, offer: Offer, at: &EventAt) {
        let ply = self.replay.ply();
        if !both_have_moved(ply) {
            self.annotation_error(at, EventProblem::BeforeBothMoved);
            return;
        }
        let kind = EndingKind::DrawAgreed {
            offered_by: offer.by,
            offer_ply: offer.ply,
            offer: offer.kind,
        };
        self.end_by(kind.clone());
        // An agreement is both players': no `player`, as for the other draws.
        let mut f = Finding::new(Kind::DrawAgreed, Some(ply), Facts::Ending(kind))
            .article(Article::DRAW_AGREED);
        f.also = vec![Article::DRAW_PROCEDURE];
        f.move_number = self.replay.last_label();
        f.position = position_of(self.replay.position());
        f.token = Some(at.text.clone());
        f.place = Some(self.ctx.place(at.span));
        self.findings.push(f);
        let pos = self.replay.position();
        if let Some(n) = self.ctx.options.no_draw_before
            && before_move(pos.fullmoves().get(), n)
        {
            let facts = Facts::TooEarly {
                no_draw_before: n,
                move_number: pos.fullmoves().get(),
            };
            let mut f = Finding::new(Kind::DrawAgreementTooEarly, Some(ply), facts)
                .article(Article::DRAW_REGULATIONS);
            f.move_number = self.replay.last_label();
            f.token = Some(at.text.clone());
            f.place = Some(self.ctx.place(at.span));
            self.findings.push(f);
        }
    }

    fn answer_error(&mut self, at: &EventAt, why: AnswerError) {
        let problem = match why {
            AnswerError::NoOffer => EventProblem::NoOffer,
            AnswerError::OwnOffer => EventProblem::OwnOffer,
        };
        self.annotation_error(at, problem);
    }

    /// The claims first available in this position that the side to move
    /// did not make (`claim-available`). Nothing stands where a piece was
    /// touched: the player lost the right to claim on this move (9.4).
    // Asked on every ply, where the test nearly always fails: the test
    // belongs inline in the walk, the look out of line.
    #[inline(always)]
    pub(super) fn missed_claims(&mut self) {
        if self.walk.touches.is_empty() {
            self.untouched_missed_claims();
        }
    }

    /// [`GameAudit::missed_claims`] where no piece was touched: the walk's
    /// loop, where no event stands.
    #[inline(always)]
    pub(super) fn untouched_missed_claims(&mut self) {
        if self.walk.missed.may_find(&self.replay) {
            self.look_for_missed_claims();
        }
    }

    /// [`GameAudit::missed_claims`] where one may be found.
    #[inline(never)]
    fn look_for_missed_claims(&mut self) {
        let mut found: Vec<Opportunity> = Vec::new();
        self.walk
            .missed
            .look(&self.replay, &self.walk.claimed_here, &mut found);
        if found.is_empty() {
            return;
        }
        // Mate and stalemate are settled lazily: no claim stands in a position that ended the game.
        self.replay.settle();
        self.note_ending();
        if self.replay.ending().is_some() {
            return;
        }
        for chance in found {
            let written = chance.written.map(|mv| {
                WrittenToken::new(&laws::label::san_plus(self.replay.position(), mv).to_string())
            });
            let written_move = written
                .as_ref()
                .and_then(|w| w.notation.as_ref().ok())
                .map(|n| n.written);
            let ruling =
                laws::claim::rule_claim(&self.replay, chance.kind, written_move.as_ref(), false, 0);
            // The laws' own ruling on the claim, had it been made: it must hold.
            if !ruling.upheld || ruling.article != chance.article {
                continue;
            }
            let mut f = self.ctx.claim_finding(
                &self.replay,
                &ruling,
                written.as_ref(),
                None,
                chance.player,
            );
            f.kind = Kind::ClaimAvailable;
            f.severity = Kind::ClaimAvailable.severity();
            self.findings.push(f);
        }
    }

    /// A claim by `claimant` of `kind`: the missed claims of the same
    /// player and kind earlier in the same series were not missed after
    /// all, since the record shows the claim.
    pub(super) fn claim_made(&mut self, claimant: Color, kind: ClaimKind) {
        self.walk.claimed_here.push(kind);
        let start = series(&self.replay, kind);
        self.findings.retain(|f| {
            !(f.kind == Kind::ClaimAvailable
                && f.player.map(|p| p.color()) == Some(claimant)
                && matches!(&f.facts, Facts::Claim(c) if c.claim == kind)
                && f.ply.is_some_and(|p| p >= start))
        });
    }
}
