//! The comments the repaired record (`--repair`) carries beside each
//! correction, in German.

use shakmaty::Color;

use super::sentence::{color as color_name, edit_name};
use crate::i18n::{Note, bracket, listed};

/// `arbiter: notiert „Sb5“, gelesen als Lb5 (falscher Figurenbuchstabe;
/// damit lässt sich die Mitschrift bis zum 10. Zug von Weiß nachspielen)`.
pub fn repair_note(note: Note, reaches: Option<(u32, Color)>) -> String {
    let then = |lead: &str| match reaches {
        Some((number, side)) => format!(
            "{lead}damit lässt sich die Mitschrift bis zum {number}. Zug von {} nachspielen",
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
            "notiert „{written}“, gelesen als {read_as} ({}{})",
            edit_name(edit),
            then("; ")
        ),
        Note::Dropped { written } => {
            format!(
                "„{written}“ doppelt notiert, weggelassen{}",
                bracket(then(""))
            )
        }
        Note::Inserted => format!(
            "fehlt auf dem Partieformular, eingefügt{}",
            bracket(then(""))
        ),
        Note::Renumbered { written } => {
            format!("notiert „{written}“: ein Zug in der falschen Spalte")
        }
        Note::Stood => format!(
            "ein regelwidriger Zug, der bestehen blieb, bleibt wie notiert{}",
            then("; ")
        ),
        Note::Untaken {
            candidates,
            missing: false,
        } => format!(
            "nicht korrigiert: {} erklären die Mitschrift gleich gut",
            listed(candidates, edit_name)
        ),
        Note::Untaken {
            candidates,
            missing: true,
        } => format!(
            "hier fehlen Züge, keiner eingefügt: {} erklären die Mitschrift gleich gut",
            listed(candidates, edit_name)
        ),
    };
    format!("arbiter: {text}")
}
