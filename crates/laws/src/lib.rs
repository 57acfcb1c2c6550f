//! The FIDE Laws of Chess as a pure library: no I/O, no printing.
//!
//! It replays what a scoresheet records ([`Replay`]), says which written
//! moves are illegal or ambiguous and what the writer probably meant
//! ([`resolve`]), detects the endings the Laws apply by themselves
//! ([`ending`]), and knows when a side can never checkmate ([`mating`]).
//! Every ruling names its [`Article`].
#![forbid(unsafe_code)]

pub mod article;
pub mod claim;
pub mod class;
pub mod clock;
pub mod ending;
pub mod flag;
pub mod illegal;
pub mod label;
pub mod mating;
pub mod missed;
pub mod offer;
pub mod outcome;
pub mod repair;
pub mod repetition;
pub mod replay;
pub mod resolve;
pub mod result;
pub mod san;
mod series;
pub mod squares;
pub mod standing;
pub mod time_control;
pub mod touch;

#[cfg(test)]
mod testing;

pub use article::Article;
pub use claim::{ClaimRuling, Grounds};
pub use class::{GameClass, Supervision};
pub use ending::{Ending, EndingKind};
pub use label::{MoveLabel, MoveText};
pub use replay::{Played, Replay};
pub use resolve::MoveError;
pub use result::{GameResult, TaggedResult};
