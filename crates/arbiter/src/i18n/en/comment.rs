//! The comments the repaired record (`--repair`) carries beside each
//! correction, in English.

use laws::repair::Edit;
use shakmaty::Color;

use super::sentence::edit_name;
use crate::i18n::Note;

/// `arbiter: written "Sb5", read as Lb5 (a wrong piece letter; the record
/// then replays to White's move 10)`.
pub fn repair_note(note: Note, reaches: Option<(u32, Color)>) -> String {
    let then = |lead: &str| match reaches {
        Some((number, side)) => format!(
            "{lead}the record then replays to {}'s move {number}",
            side_name(side)
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
            listed(candidates)
        ),
        Note::Untaken {
            candidates,
            missing: true,
        } => format!(
            "moves are missing here, none inserted: {} explain the record equally",
            listed(candidates)
        ),
    };
    format!("arbiter: {text}")
}

/// `40. g3 (a square written wrong), 40. f3 (an illegal move that stood)`.
fn listed(candidates: &[(String, Edit)]) -> String {
    let each: Vec<String> = candidates
        .iter()
        .map(|(san, edit)| format!("{san} ({})", edit_name(*edit)))
        .collect();
    each.join(", ")
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// ` (…)` around a remark, nothing where there is none.
fn bracket(text: String) -> String {
    if text.is_empty() {
        text
    } else {
        format!(" ({text})")
    }
}
