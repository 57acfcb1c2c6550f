//! The tournament as a whole: a tournament's games against the pairing
//! program's FIDE TRF (`arbiter audit --trf`). `trf` reads the file into
//! typed records with spans, `matching` finds who is who, and `check` puts
//! the file against itself and the games against the file. The matching
//! rules and every finding are described in `docs/tournament.md`.

pub mod check;
pub mod matching;
pub mod trf;

pub use check::{RoundTally, Tournament, parse_round};
