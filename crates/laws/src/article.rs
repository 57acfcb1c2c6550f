//! Articles of the FIDE Laws of Chess (edition in force from 1 January 2023)
//! that rulings rest on.

/// An article number, such as `9.6.1`: a closed set, one constant per
/// article a ruling can rest on (the field is private, so no other value exists).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Article(&'static str);

impl Article {
    /// 3.10.1: a move is legal when it meets Articles 3.1–3.9.
    pub const LEGAL_MOVE: Article = Article("3.10.1");
    /// 3.10.3: a position no series of legal moves could reach is illegal.
    pub const ILLEGAL_POSITION: Article = Article("3.10.3");
    /// 4.2: adjusting a piece after announcing it carries no obligation.
    pub const ADJUST: Article = Article("4.2");
    /// 4.3.1: own piece touched: move the first touched piece that can move.
    pub const TOUCH_OWN: Article = Article("4.3.1");
    /// 4.3.2: opponent's piece touched: capture the first touched piece that can be captured.
    pub const TOUCH_OPPONENT: Article = Article("4.3.2");
    /// 4.3.3: pieces of both colours touched.
    pub const TOUCH_BOTH: Article = Article("4.3.3");
    /// 4.4.1: king and rook touched: castle on that side if legal.
    pub const TOUCH_CASTLE: Article = Article("4.4.1");
    /// 4.4.2: rook touched before the king: no castling with it this move.
    pub const TOUCH_ROOK_FIRST: Article = Article("4.4.2");
    /// 4.4.3: king then rook touched, castling illegal: another king move.
    pub const TOUCH_CASTLE_ILLEGAL: Article = Article("4.4.3");
    /// 4.4.4: the promotion piece is fixed once it touched the square.
    pub const TOUCH_PROMOTION: Article = Article("4.4.4");
    /// 4.5: none of the touched pieces can move or be captured: any legal move.
    pub const TOUCH_NONE_MOVABLE: Article = Article("4.5");
    /// 4.8: a player who touched a piece loses the right to complain about the opponent's earlier breach.
    pub const TOUCH_COMPLAINT: Article = Article("4.8");
    /// 5.1.1: checkmate wins.
    pub const CHECKMATE: Article = Article("5.1.1");
    /// 5.1.2: resignation loses, unless the opponent cannot checkmate.
    pub const RESIGNATION: Article = Article("5.1.2");
    /// 5.2.1: stalemate draws.
    pub const STALEMATE: Article = Article("5.2.1");
    /// 5.2.2: a dead position draws.
    pub const DEAD_POSITION: Article = Article("5.2.2");
    /// 6.3.1: the periods, their move counts and the increment fixed in advance.
    pub const TIME_PERIODS: Article = Article("6.3.1");
    /// 6.9: flag fall loses, unless the opponent cannot checkmate.
    pub const FLAG_FALL: Article = Article("6.9");
    /// 7.5.5: completed illegal moves: time to the opponent, the second loses.
    pub const ILLEGAL_MOVE: Article = Article("7.5.5");
    /// A.3: in rapid, the penalties of Articles 7 and 9 are one minute instead of two.
    pub const RAPID_PENALTY: Article = Article("A.3");
    /// B.3: blitz without full supervision: the rapid rules A.2, A.3 and A.5 apply.
    pub const BLITZ_RULES: Article = Article("B.3");
    /// A.5.2: rapid and blitz: an illegal move not caught before the opponent's next move stands.
    pub const ILLEGAL_MOVE_STANDS: Article = Article("A.5.2");
    /// A.5.4: rapid and blitz: an illegal position still on the board after the next move draws.
    pub const ILLEGAL_POSITION_DRAW: Article = Article("A.5.4");
    /// Guidelines III.3.1: both flags down, order unknown: play on, or a draw in the last period.
    pub const BOTH_FLAGS: Article = Article("III.3.1");
    /// 8.1.1: both players record the moves in algebraic notation.
    pub const RECORDING: Article = Article("8.1.1");
    /// 9.2.1: threefold claim with a written move that would repeat the position.
    pub const THREEFOLD_WRITTEN: Article = Article("9.2.1");
    /// 9.2.2: threefold claim of a position that has just appeared the third time.
    pub const THREEFOLD_ON_BOARD: Article = Article("9.2.2");
    /// 9.3.1: fifty-move claim completed by the written move.
    pub const FIFTY_WRITTEN: Article = Article("9.3.1");
    /// 9.3.2: fifty-move claim with fifty quiet moves each already completed.
    pub const FIFTY_ON_BOARD: Article = Article("9.3.2");
    /// 9.4: a player who touched a piece loses the right to claim this move.
    pub const CLAIM_AFTER_TOUCH: Article = Article("9.4");
    /// 9.5.3: an incorrect claim adds time to the opponent and play goes on.
    pub const INCORRECT_CLAIM: Article = Article("9.5.3");
    /// 9.6.1: fivefold repetition draws automatically.
    pub const FIVEFOLD: Article = Article("9.6.1");
    /// 9.6.2: 75 moves by each side without capture or pawn move draw automatically.
    pub const SEVENTY_FIVE_MOVES: Article = Article("9.6.2");

    pub fn as_str(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Display for Article {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}
