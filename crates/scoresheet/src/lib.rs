//! Reading PGN scoresheets into typed records with exact source spans.
//!
//! The flow is [`Splitter`] (a stream cut into [`GameText`]s with bounded
//! memory) → [`Scoresheet::read`] (tokens with spans, notation dialects,
//! comments, variations and syntax problems kept). `fast` (feature `reference`, for tests) reads the same
//! games through pgn-reader; both agree on well-formed games.
//!
//! ```
//! use scoresheet::{Splitter, Scoresheet};
//! let pgn = "[Event \"Club\"]\n\n1. e2-e4 e7-e5 2. Sg1-f3 *\n";
//! for game in Splitter::new(pgn.as_bytes()) {
//!     let sheet = Scoresheet::read(&game?);
//!     assert_eq!(sheet.moves.len(), 3);
//! }
//! # Ok::<_, std::io::Error>(())
//! ```
#![forbid(unsafe_code)]

pub mod commands;
pub mod events;
#[cfg(feature = "reference")]
pub mod fast;
mod find;
pub mod forms;
pub mod lexer;
pub mod notation;
pub mod record;
pub mod results;
pub mod split;
pub mod tags;
pub mod text;

#[cfg(test)]
mod testing;

pub use events::{ClaimKind, Event, EventAt, EventError, IllegalAct, WrittenToken};
pub use forms::{NonStandardForm, NonStandardUse};
pub use lexer::Span;
pub use notation::{Dialect, Mark, Notation, NotationError, WrittenMove};
pub use record::{
    Annotation, ClockAt, Comment, CommentCommands, MoveNag, Problem, RecordedMove, Scoresheet,
    SyntaxProblem, Variation, WrittenNumber,
};
pub use split::Splitter;
pub use tags::{Tag, TagName};
pub use text::{Encoding, GameText, Location};
