//! The comments the repaired record (`--repair`) carries beside each
//! correction, in English.

use shakmaty::Color;

use super::sentence::{color_name, edit_name};
use crate::i18n::{Note, bracket, listed};

/// `arbiter: written "Sb5", read as Lb5 (a wrong piece letter; the record
/// then replays to White's move 10)`.
pub fn repair_note(note: Note, reaches: Option<(u32, Color)>) -> String {
    let then = |lead: &str| match reaches {
        Some((number, side)) => format!(
            "{lead}the record then replays to {}'s move {number}",
            color_name(side)
        ),
        None => String::new(),
    };
    let text = match note {
        Note::Read {
            written,
            read_as,
            edit,
        } => format!(
            "written \"{written}\", read as {read_as} ({}{})",
            edit_name(edit),
            then("; ")
        ),
        Note::Dropped { written } => {
            format!("\"{written}\" written twice, left out{}", bracket(then("")))
        }
        Note::Inserted => format!("missing from the scoresheet, inserted{}", bracket(then(""))),
        Note::Renumbered { written } => {
            format!("written \"{written}\": a move written in the wrong column")
        }
        Note::Stood => format!("an illegal move that stood, kept as written{}", then("; ")),
        Note::Untaken {
            candidates,
            missing: false,
        } => format!(
            "not corrected: {} explain the record equally",
            listed(candidates, edit_name)
        ),
        Note::Untaken {
            candidates,
            missing: true,
        } => format!(
            "moves are missing here, none inserted: {} explain the record equally",
            listed(candidates, edit_name)
        ),
    };
    format!("arbiter: {text}")
}
