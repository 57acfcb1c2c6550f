//! Draw offers (9.1): who made an offer, when it lapses, and what an
//! acceptance does. A claim under 9.2 or 9.3 is also an offer (9.1.2.3).
//!
//! An offer stands until it is accepted, refused orally (`[%decline]`),
//! refused by the opponent touching a piece with the intention of moving or
//! capturing it (a recorded touch, or a move), or the game ends (9.1.2.1).
//! The offerer's own moves do not touch it: an offer made at the wrong time
//! ("at another time is still valid") lapses with the opponent's next move.

use scoresheet::ClaimKind;
use shakmaty::{ByColor, Color};

/// What an offer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferKind {
    /// `(=)` or `[%offer]` (9.1.2.1).
    Offer,
    /// A claim under 9.2 or 9.3, which is also an offer (9.1.2.3).
    Claim(ClaimKind),
}

/// A draw offer that stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offer {
    pub by: Color,
    /// The position it was made in (plies played).
    pub ply: usize,
    pub kind: OfferKind,
}

/// A new offer, as the record shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Made {
    /// A new offer. `refused_before`: the ply of this player's last offer
    /// that the opponent refused, when there was one: offering again may
    /// distract the opponent (11.5), which the arbiter judges.
    New {
        by: Color,
        refused_before: Option<usize>,
    },
    /// The player's offer already stands: the same offer written twice
    /// (`(=)` and `[%offer]` after one move).
    Standing,
}

/// Why an answer to an offer cannot apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnswerError {
    /// No offer stands.
    NoOffer,
    /// The named player is the one who made the standing offer.
    OwnOffer,
}

/// The draw offers of one game, followed move by move.
#[derive(Debug, Clone, Default)]
pub struct Offers {
    standing: Option<Offer>,
    /// Per player, the ply of the last offer the opponent refused.
    refused: ByColor<Option<usize>>,
}

impl Offers {
    /// The offer that stands, if any.
    pub fn standing(&self) -> Option<&Offer> {
        self.standing.as_ref()
    }

    /// Who answers the standing offer when the answer names nobody: the
    /// offerer's opponent; with no offer, the side to move.
    pub fn answerer(&self, turn: Color) -> Color {
        self.standing.map_or(turn, |o| !o.by)
    }

    /// `by` offers a draw in the position after `ply` plies.
    ///
    /// ```
    /// use laws::offer::{Made, Offers};
    /// use shakmaty::Color;
    /// let mut offers = Offers::default();
    /// assert_eq!(offers.offer(Color::White, 21), Made::New { by: Color::White, refused_before: None });
    /// assert!(offers.decline(None).is_ok());
    /// assert_eq!(offers.offer(Color::White, 23), Made::New { by: Color::White, refused_before: Some(21) });
    /// ```
    pub fn offer(&mut self, by: Color, ply: usize) -> Made {
        if let Some(standing) = self.standing
            && standing.by == by
            && standing.kind == OfferKind::Offer
        {
            return Made::Standing;
        }
        self.standing = Some(Offer {
            by,
            ply,
            kind: OfferKind::Offer,
        });
        Made::New {
            by,
            refused_before: *self.refused.get(by),
        }
    }

    /// `by` claims a draw: the claim stands as an offer (9.1.2.3) until the
    /// opponent answers it or touches a piece.
    pub fn claim(&mut self, by: Color, ply: usize, kind: ClaimKind) {
        self.standing = Some(Offer {
            by,
            ply,
            kind: OfferKind::Claim(kind),
        });
    }

    /// The standing offer is accepted by `by` (else by the offerer's
    /// opponent): the offer accepted. The caller ends the game (5.2.3).
    pub fn accept(&mut self, by: Option<Color>) -> Result<Offer, AnswerError> {
        let offer = self.answerable(by)?;
        self.standing = None;
        Ok(offer)
    }

    /// The standing offer is refused orally by `by` (else by the offerer's opponent).
    pub fn decline(&mut self, by: Option<Color>) -> Result<Offer, AnswerError> {
        let offer = self.answerable(by)?;
        self.refuse(offer);
        Ok(offer)
    }

    /// `player` touched a piece with the intention of moving or capturing it
    /// (a recorded touch, or a move): an offer of the opponent's is refused.
    pub fn touched(&mut self, player: Color) {
        if let Some(offer) = self.standing
            && offer.by != player
        {
            self.refuse(offer);
        }
    }

    /// The game ended: whatever stood lapses (9.1.2.1).
    pub fn game_over(&mut self) {
        self.standing = None;
    }

    fn answerable(&self, by: Option<Color>) -> Result<Offer, AnswerError> {
        let offer = self.standing.ok_or(AnswerError::NoOffer)?;
        if by == Some(offer.by) {
            return Err(AnswerError::OwnOffer);
        }
        Ok(offer)
    }

    fn refuse(&mut self, offer: Offer) {
        self.standing = None;
        if offer.kind == OfferKind::Offer {
            *self.refused.get_mut(offer.by) = Some(offer.ply);
        }
    }
}

/// Whether an agreement in this position comes before both players have
/// completed `n` moves (`fullmoves`: the position's move number): barred by
/// the event's regulations under 9.1.1 (the "Sofia rules").
///
/// ```
/// use laws::offer::before_move;
/// // After 29...Kg7 (White to move at move 30): both completed 29 moves.
/// assert!(before_move(30, 30));
/// // After 30.Nf3: Black has not completed move 30.
/// assert!(before_move(30, 30));
/// // After 30...Kg7: both completed 30.
/// assert!(!before_move(31, 30));
/// ```
pub fn before_move(fullmoves: u32, n: u32) -> bool {
    // After Black's nth move the move number is n + 1, whoever moved first.
    fullmoves <= n
}

/// Whether both players have made at least one move, without which an
/// agreement is no draw (5.2.3): `ply` plies played from the start.
pub fn both_have_moved(ply: usize) -> bool {
    ply >= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offer_lapses_when_the_opponent_touches_a_piece() {
        let mut offers = Offers::default();
        offers.offer(Color::White, 41);
        // White's own move after an offer made out of turn does not touch it.
        offers.touched(Color::White);
        assert!(offers.standing().is_some());
        offers.touched(Color::Black);
        assert!(offers.standing().is_none());
        assert_eq!(offers.accept(None), Err(AnswerError::NoOffer));
        assert_eq!(
            offers.offer(Color::White, 43),
            Made::New {
                by: Color::White,
                refused_before: Some(41)
            }
        );
    }

    #[test]
    fn answers() {
        let mut offers = Offers::default();
        offers.offer(Color::Black, 20);
        assert_eq!(offers.offer(Color::Black, 20), Made::Standing);
        assert_eq!(offers.answerer(Color::White), Color::White);
        assert_eq!(
            offers.accept(Some(Color::Black)),
            Err(AnswerError::OwnOffer)
        );
        assert_eq!(offers.accept(None).map(|o| o.by), Ok(Color::Black));
        offers.claim(Color::White, 30, ClaimKind::Threefold);
        offers.game_over();
        assert!(offers.standing().is_none());
    }

    #[test]
    fn a_claim_refused_is_no_offer_refused() {
        let mut offers = Offers::default();
        offers.claim(Color::White, 30, ClaimKind::Fifty);
        offers.touched(Color::Black);
        assert_eq!(
            offers.offer(Color::White, 32),
            Made::New {
                by: Color::White,
                refused_before: None
            }
        );
    }
}
