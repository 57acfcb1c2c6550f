//! The per-game report of the JSON report contract (`design/report.md`),
//! as typed facts. Sentences are the views' business: `message` is rendered
//! from [`Finding::facts`] by the English catalogue when a view asks.

use laws::{Article, GameResult, MoveLabel};
use shakmaty::{Color, Setup, san::SanPlus};

use crate::{
    facts::Facts,
    kind::{Kind, Severity},
};

/// One game's row: who, how far the record replays, the results, the findings.
#[derive(Debug, Clone, PartialEq)]
pub struct GameReport {
    pub source: String,
    pub game: usize,
    pub line: u32,
    pub white: Option<String>,
    pub black: Option<String>,
    pub round: Option<String>,
    pub plies: usize,
    /// The `Result` tag as written.
    pub recorded_result: Option<String>,
    /// `None` where the record is unreadable.
    pub ruled_result: Option<GameResult>,
    pub findings: Vec<Finding>,
    /// A hash of the moves played and the players' names, for finding the same
    /// game submitted twice; `None` when no move was played.
    pub fingerprint: Option<u64>,
}

/// `"white"` or `"black"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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

    pub fn opponent(self) -> Player {
        match self {
            Player::White => Player::Black,
            Player::Black => Player::White,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Player::White => "white",
            Player::Black => "black",
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
#[derive(Debug, Clone, PartialEq, Eq)]
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

/// One finding of the report contract: its kind and where it stands, and
/// the typed facts it rests on.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub kind: Kind,
    pub ply: Option<usize>,
    pub article: Option<Article>,
    /// Further articles the ruling cites: A.3 (B.3 in blitz) beside 7.5.5
    /// or 9.5.3 where the time added is one minute.
    pub also: Vec<Article>,
    pub player: Option<Player>,
    /// The time added to the opponent of `player` (a penalty, an incorrect claim).
    pub seconds_added: Option<u32>,
    pub severity: Severity,
    /// The move as an arbiter names it (`40...Kg7`), for findings about a move.
    pub move_number: Option<MoveLabel>,
    /// The token as written.
    pub token: Option<String>,
    pub place: Option<Place>,
    /// The position the finding is about (a board as it stood: after an
    /// illegal move that stood it may be an illegal position).
    pub position: Option<Box<Setup>>,
    /// The legal moves the writer most probably meant.
    pub suggestions: Vec<SanPlus>,
    /// The plies the ruling rests on (repetition occurrences, start of a quiet series).
    pub plies: Vec<usize>,
    pub facts: Facts,
}

impl Finding {
    pub fn new(kind: Kind, ply: Option<usize>, facts: Facts) -> Finding {
        Finding {
            kind,
            ply,
            article: None,
            also: Vec::new(),
            player: None,
            seconds_added: None,
            severity: kind.severity(),
            move_number: None,
            token: None,
            place: None,
            position: None,
            suggestions: Vec::new(),
            plies: Vec::new(),
            facts,
        }
    }

    pub fn article(mut self, article: Article) -> Finding {
        self.article = Some(article);
        self
    }

    pub fn player(mut self, color: Color) -> Finding {
        self.player = Some(color.into());
        self
    }

    /// The clock of the player the time goes to, before it was added.
    pub fn clock_before(&self) -> Option<f64> {
        match &self.facts {
            Facts::IllegalAct(act) if act.count == 1 => act.clock_before,
            Facts::Claim(claim) => claim.clock_before,
            _ => None,
        }
    }

    /// The squares of the pieces touched before the move (touch-move).
    pub fn touched(&self) -> &[shakmaty::Square] {
        match &self.facts {
            Facts::Touch(touch) => &touch.touched,
            _ => &[],
        }
    }
}

impl GameReport {
    /// The most serious severity among the findings.
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }
}
