//! The per-game report of the JSON report contract (`design/report.md`).

use serde::Serialize;
use shakmaty::Color;

use crate::kind::{Kind, Severity};

/// One game's row: who, how far the record replays, the results, the findings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameReport {
    pub source: String,
    pub game: usize,
    pub line: u32,
    pub white: Option<String>,
    pub black: Option<String>,
    pub round: Option<String>,
    pub plies: usize,
    pub recorded_result: Option<String>,
    pub ruled_result: Option<String>,
    pub findings: Vec<Finding>,
    /// A hash of the moves played and the players' names, for finding the same
    /// game submitted twice; `None` when no move was played.
    #[serde(skip)]
    pub fingerprint: Option<u64>,
}

/// `"white"` or `"black"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    White,
    Black,
}

impl Player {
    pub fn color(self) -> Color {
        match self {
            Player::White => Color::White,
            Player::Black => Color::Black,
        }
    }
}

impl From<Color> for Player {
    fn from(color: Color) -> Player {
        match color {
            Color::White => Player::White,
            Color::Black => Player::Black,
        }
    }
}

/// Where in the source a finding points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Place {
    pub line: u32,
    pub column: u32,
    pub offset: u64,
    /// The source line around the finding (at most about 160 bytes), for an
    /// excerpt with a caret.
    pub excerpt: String,
    /// Characters of `excerpt` before the finding's first character.
    pub excerpt_offset: usize,
    /// How many characters the caret underlines.
    pub width: usize,
}

/// One finding of the report contract, with optional extras for people.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    pub kind: Kind,
    pub ply: Option<usize>,
    pub article: Option<&'static str>,
    pub player: Option<Player>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds_added: Option<u32>,
    pub message: String,
    pub severity: Severity,
    /// The move as an arbiter says it (`40...Kg7`), for findings about a move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub move_number: Option<String>,
    /// The token as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub place: Option<Place>,
    /// The position the finding is about, as FEN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The legal moves the writer most probably meant.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suggestions: Vec<String>,
    /// The plies the ruling rests on (repetition occurrences, start of a quiet series).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub plies: Vec<usize>,
    /// The squares of the pieces touched before the move (touch-move), for diagrams.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub touched: Vec<String>,
    /// The `%clk` reading, in seconds, of the clock that a penalty (an illegal
    /// move, a rejected claim) adds time to, before the time was added; absent
    /// where the record has no clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_before: Option<f64>,
}

impl Finding {
    pub fn new(kind: Kind, ply: Option<usize>, message: String) -> Finding {
        Finding {
            kind,
            ply,
            article: None,
            player: None,
            seconds_added: None,
            message,
            severity: kind.severity(),
            move_number: None,
            token: None,
            place: None,
            fen: None,
            suggestions: Vec::new(),
            plies: Vec::new(),
            touched: Vec::new(),
            clock_before: None,
        }
    }

    pub fn article(mut self, article: laws::Article) -> Finding {
        self.article = Some(article.as_str());
        self
    }

    pub fn player(mut self, color: Color) -> Finding {
        self.player = Some(color.into());
        self
    }
}

impl GameReport {
    /// The most serious severity among the findings.
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }
}
