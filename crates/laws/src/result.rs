//! Game results as the Laws and the PGN standard know them.

use scoresheet::{
    Tag,
    results::{WrittenResult, tag_result},
};
use shakmaty::{Color, KnownOutcome, Outcome};

/// A `Result` tag as a person reads it, whatever its spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaggedResult {
    pub result: GameResult,
    /// A win by forfeit (`+:-`, `+/-`): no game was played on the board.
    pub forfeit: bool,
    /// Written as the PGN standard writes it (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub standard: bool,
}

impl From<WrittenResult> for TaggedResult {
    fn from(written: WrittenResult) -> TaggedResult {
        TaggedResult {
            result: written.outcome.into(),
            forfeit: written.forfeit,
            standard: written.standard,
        }
    }
}

/// The result of a game: `1-0`, `0-1`, `1/2-1/2` or `*` (undecided).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    Undecided,
}

impl GameResult {
    /// Reads a `Result` tag as a person reads it: the PGN standard's
    /// `1-0`, `0-1`, `1/2-1/2`, `*`, and the spellings of real files (`1:0`,
    /// `½-½`, `remis`, forfeits `+:-`, `+/-`); anything else is `None`.
    ///
    /// ```
    /// use laws::GameResult;
    /// assert_eq!(GameResult::parse("1/2-1/2"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("remis"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::parse("-/+"), Some(GameResult::BlackWins));
    /// assert_eq!(GameResult::parse("draw"), None);
    /// ```
    pub fn parse(s: &str) -> Option<GameResult> {
        GameResult::read_tag(s).map(|t| t.result)
    }

    /// [`GameResult::parse`] with what the spelling says besides the result.
    ///
    /// ```
    /// use laws::GameResult;
    /// let forfeit = GameResult::read_tag("+:-").expect("a result");
    /// assert!(forfeit.forfeit && !forfeit.standard);
    /// assert_eq!(forfeit.result, GameResult::WhiteWins);
    /// ```
    pub fn read_tag(s: &str) -> Option<TaggedResult> {
        tag_result(s).map(TaggedResult::from)
    }

    /// [`GameResult::read_tag`] of a `Result` pair's value, as the pair
    /// read it when it was made ([`Tag::result_reading`]); `None` for
    /// another pair.
    ///
    /// ```
    /// use laws::GameResult;
    /// use scoresheet::Tag;
    /// let tag = Tag::new("Result".into(), "1-0".into(), Default::default());
    /// assert_eq!(GameResult::of_tag(&tag), GameResult::read_tag("1-0"));
    /// ```
    pub fn of_tag(tag: &Tag) -> Option<TaggedResult> {
        tag.result_reading().map(TaggedResult::from)
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
