//! The engine behind every view of the `arbiter` CLI: a game's text in, a
//! [`GameReport`] in the shape of the JSON report contract out.
//!
//! ```
//! use audit::{check_game, Kind};
//! use scoresheet::GameText;
//! let pgn = "[Event \"Club\"]\n[Site \"?\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n\
//!            [White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n";
//! let report = check_game("club.pgn", 1, &GameText::new(pgn.as_bytes().to_vec(), 1, 0));
//! assert_eq!(report.plies, 2);
//! assert_eq!(report.findings[0].kind, Kind::IllegalMove);
//! assert_eq!(report.findings[0].ply, Some(3));
//! ```
#![forbid(unsafe_code)]

pub mod check;
pub mod facts;
pub mod kind;
pub mod report;
pub mod rewrite;
pub mod run;
pub mod source;
pub mod tournament;

#[cfg(test)]
mod testing;

pub use check::{ExtraClaim, MatingLines, MoveRef, Options, check_game, check_game_with};
pub use facts::Facts;
pub use kind::{Group, Kind, Severity};
pub use report::{Clocks, Finding, GameReport, Header, PgnDate, Place, Player, Row, Side};
pub use rewrite::{Change, KeptText, Rewrite};
pub use source::Source;
