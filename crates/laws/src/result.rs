//! Game results as the Laws and the PGN standard know them.

use shakmaty::{Color, KnownOutcome, Outcome};

/// The result of a game: `1-0`, `0-1`, `1/2-1/2` or `*` (undecided).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Undecided,
}

impl GameResult {
    /// Reads a PGN result (`1-0`, `0-1`, `1/2-1/2`, `*`); anything else is `None`.
    ///
    /// ```
    /// use laws::GameResult;
    /// assert_eq!(GameResult::parse("1/2-1/2"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("draw"), None);
    /// ```
    pub fn parse(s: &str) -> Option<GameResult> {
        Some(match s.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" | "½-½" => GameResult::Draw,
            "*" => GameResult::Undecided,
            _ => return None,
        })
    }

    pub fn win_for(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::WhiteWins => Some(Color::White),
            GameResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }

    pub fn is_decided(self) -> bool {
        self != GameResult::Undecided
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Undecided => "*",
        }
    }
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Known(KnownOutcome::Decisive { winner }) => GameResult::win_for(winner),
            Outcome::Known(KnownOutcome::Draw) => GameResult::Draw,
            Outcome::Unknown => GameResult::Undecided,
        }
    }
}

impl std::fmt::Display for GameResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
