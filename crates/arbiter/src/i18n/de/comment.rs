//! The comments the repaired record (`--repair`) carries beside each
//! correction, in German.

use laws::repair::Edit;
use shakmaty::Color;

use super::sentence::edit_name;
use crate::i18n::Note;

/// `arbiter: notiert „Sb5“, gelesen als Lb5 (falscher Figurenbuchstabe;
/// damit lässt sich die Mitschrift bis zum 10. Zug von Weiß nachspielen)`.
pub fn repair_note(note: Note, reaches: Option<(u32, Color)>) -> String {
    let then = |lead: &str| match reaches {
        Some((number, side)) => format!(
            "{lead}damit lässt sich die Mitschrift bis zum {number}. Zug von {} nachspielen",
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
            listed(candidates)
        ),
        Note::Untaken {
            candidates,
            missing: true,
        } => format!(
            "hier fehlen Züge, keiner eingefügt: {} erklären die Mitschrift gleich gut",
            listed(candidates)
        ),
    };
    format!("arbiter: {text}")
}

/// `40. g3 (falsch geschriebenes Feld), 40. f3 (ein regelwidriger Zug, der bestehen blieb)`.
fn listed(candidates: &[(String, Edit)]) -> String {
    let each: Vec<String> = candidates
        .iter()
        .map(|(san, edit)| format!("{san} ({})", edit_name(*edit)))
        .collect();
    each.join(", ")
}

fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "Weiß",
        Color::Black => "Schwarz",
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
