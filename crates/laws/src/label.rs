//! A move as an arbiter names it: `40...Kg7` is Black's 40th move.

use shakmaty::{Chess, Color, Position, san::SanPlus};

/// What a label says was played: a move found on the board, in SAN, or the
/// token as the scoresheet has it when it names no legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveText {
    San(SanPlus),
    Written(String),
}

/// A move with its number and the side that made it. Views render it in
/// their own piece letters; `Display` gives the English form.
///
/// ```
/// use laws::label::MoveLabel;
/// use shakmaty::{Chess, Position, san::SanPlus};
/// let pos = Chess::default();
/// let e4 = pos.legal_moves()[0].clone();
/// let label = MoveLabel::of(&pos, SanPlus::from_move(pos.clone(), e4));
/// assert_eq!(label.number, 1);
/// assert!(label.to_string().starts_with("1."));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveLabel {
    pub number: u32,
    pub side: Color,
    pub text: MoveText,
}

impl MoveLabel {
    /// The label of `san`, played in `before`.
    pub fn of(before: &Chess, san: SanPlus) -> MoveLabel {
        MoveLabel {
            number: before.fullmoves().get(),
            side: before.turn(),
            text: MoveText::San(san),
        }
    }

    /// The label of a token that names no legal move in `before`.
    pub fn written(before: &Chess, token: String) -> MoveLabel {
        MoveLabel {
            number: before.fullmoves().get(),
            side: before.turn(),
            text: MoveText::Written(token),
        }
    }

    /// The number with its dots: `40.` or `40...`.
    pub fn prefix(&self) -> String {
        match self.side {
            Color::White => format!("{}.", self.number),
            Color::Black => format!("{}...", self.number),
        }
    }
}

impl std::fmt::Display for MoveText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MoveText::San(san) => write!(f, "{san}"),
            MoveText::Written(token) => f.write_str(token),
        }
    }
}

impl std::fmt::Display for MoveLabel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.prefix(), self.text)
    }
}
