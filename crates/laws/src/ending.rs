//! Endings that the Laws apply by themselves, the moment they happen on the board.

use shakmaty::Color;

use crate::{article::Article, result::GameResult};

/// Why the game ended on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndingKind {
    /// 5.1.1.
    Checkmate { winner: Color },
    /// 5.2.1.
    Stalemate,
    /// 5.2.2: neither side can checkmate by any series of legal moves.
    DeadPosition,
    /// 9.6.1: the position occurred for at least the fifth time, at these plies.
    FivefoldRepetition { occurrences: Vec<usize> },
    /// 9.6.2: 150 plies without capture or pawn move; `since` is the ply
    /// after which the quiet series began (0 for the start or a FEN clock).
    SeventyFiveMoves { since: usize },
    /// 9.5.2: a correct claim under 9.2 or 9.3 draws at once.
    ClaimUpheld {
        claim: scoresheet::ClaimKind,
        article: Article,
        plies: Vec<usize>,
    },
    /// 7.5.5: the offender's second completed illegal move; a draw when the
    /// opponent could not checkmate by any series of legal moves.
    IllegalMoveForfeit { offender: Color, draw: bool },
    /// 6.9: the flagged player loses, or draws when the opponent could not
    /// checkmate by any series of legal moves.
    FlagFall { flagged: Color, draw: bool },
    /// A.5.4: rapid or blitz, an illegal position still on the board after
    /// the move that followed an illegal move that stood.
    IllegalPosition,
    /// Guidelines III.3.1: both flags fell in the last period, the order unknown.
    BothFlags,
    /// 5.2.3: the players agreed a draw: `offered_by` made the offer (or
    /// the claim, 9.1.2.3) in the position after `offer_ply` plies.
    DrawAgreed {
        offered_by: Color,
        offer_ply: usize,
        offer: crate::offer::OfferKind,
    },
}

/// An ending, with the ply of the position it rests on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    pub kind: EndingKind,
    /// Plies played to reach the position (0 = the starting position).
    pub ply: usize,
}

impl Ending {
    pub fn article(&self) -> Article {
        match self.kind {
            EndingKind::Checkmate { .. } => Article::CHECKMATE,
            EndingKind::Stalemate => Article::STALEMATE,
            EndingKind::DeadPosition => Article::DEAD_POSITION,
            EndingKind::FivefoldRepetition { .. } => Article::FIVEFOLD,
            EndingKind::SeventyFiveMoves { .. } => Article::SEVENTY_FIVE_MOVES,
            EndingKind::ClaimUpheld { article, .. } => article,
            EndingKind::IllegalMoveForfeit { .. } => Article::ILLEGAL_MOVE,
            EndingKind::FlagFall { .. } => Article::FLAG_FALL,
            EndingKind::IllegalPosition => Article::ILLEGAL_POSITION_DRAW,
            EndingKind::BothFlags => Article::BOTH_FLAGS,
            EndingKind::DrawAgreed { .. } => Article::DRAW_AGREED,
        }
    }

    pub fn result(&self) -> GameResult {
        match self.kind {
            EndingKind::Checkmate { winner } => GameResult::win_for(winner),
            EndingKind::IllegalMoveForfeit {
                offender,
                draw: false,
            } => GameResult::win_for(!offender),
            EndingKind::FlagFall {
                flagged,
                draw: false,
            } => GameResult::win_for(!flagged),
            EndingKind::IllegalMoveForfeit { draw: true, .. }
            | EndingKind::FlagFall { draw: true, .. }
            | EndingKind::Stalemate
            | EndingKind::DeadPosition
            | EndingKind::FivefoldRepetition { .. }
            | EndingKind::SeventyFiveMoves { .. }
            | EndingKind::ClaimUpheld { .. }
            | EndingKind::IllegalPosition
            | EndingKind::BothFlags
            | EndingKind::DrawAgreed { .. } => GameResult::Draw,
        }
    }
}
