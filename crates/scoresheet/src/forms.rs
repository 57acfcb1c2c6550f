//! The forms a person reads without a second thought but the PGN standard
//! does not write: the reader accepts each of them and records where it
//! first stood, so that a file can still be cleaned (`docs/notation.md`).

use crate::lexer::Span;

/// A form of the text that is not the PGN standard's, read all the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NonStandardForm {
    /// An evaluation or other annotation symbol written as text (`+-`, `±`,
    /// `D` for a diagram, `N` for a novelty) rather than as a NAG (`$18`).
    TextAnnotation,
    /// Dots of a Black move number apart from the number (`10 ... Be2`,
    /// `3. ... cxd4`), without a number (`... cxd4`), or as `…`.
    MoveNumberDots,
    /// A result not written as the standard writes it (`1:0`, `½-½`, `remis`).
    ResultSpelling,
    /// The result stands alone after a blank line that follows the last move.
    ResultAfterBlankLine,
    /// The movetext goes on after a blank line (after a long comment, say).
    MovetextAfterBlankLine,
    /// The game begins on the line where the previous game's result stands.
    GameOnSameLine,
    /// A `TimeControl` tag written in words (`15 min/game + 10 sec/move`).
    TimeControlInWords,
}

impl NonStandardForm {
    /// The stable code of JSON `details`.
    pub fn code(self) -> &'static str {
        match self {
            NonStandardForm::TextAnnotation => "text-annotation",
            NonStandardForm::MoveNumberDots => "move-number-dots",
            NonStandardForm::ResultSpelling => "result-spelling",
            NonStandardForm::ResultAfterBlankLine => "result-after-blank-line",
            NonStandardForm::MovetextAfterBlankLine => "movetext-after-blank-line",
            NonStandardForm::GameOnSameLine => "game-on-same-line",
            NonStandardForm::TimeControlInWords => "time-control-in-words",
        }
    }
}

/// Where a non-standard form first stood in a game, and how often it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NonStandardUse {
    pub form: NonStandardForm,
    /// The first place.
    pub span: Span,
    pub count: u32,
}

/// Adds one use of `form` at `span`: the first place is kept, later ones counted.
pub(crate) fn note(uses: &mut Vec<NonStandardUse>, form: NonStandardForm, span: Span) {
    match uses.iter_mut().find(|u| u.form == form) {
        Some(known) => known.count = known.count.saturating_add(1),
        None => uses.push(NonStandardUse {
            form,
            span,
            count: 1,
        }),
    }
}

/// The NAG a text annotation stands for (`+-` is `$18`), if it has one; `None`
/// when the word is no text annotation. `D` (diagram) has none.
///
/// ```
/// use scoresheet::forms::text_annotation;
/// assert_eq!(text_annotation("±".as_bytes()), Some(Some(16)));
/// assert_eq!(text_annotation(b"D"), Some(None));
/// assert_eq!(text_annotation(b"e4"), None);
/// ```
pub fn text_annotation(word: &[u8]) -> Option<Option<u8>> {
    const TABLE: &[(&str, Option<u8>)] = &[
        ("!", Some(1)),
        ("?", Some(2)),
        ("!!", Some(3)),
        ("??", Some(4)),
        ("!?", Some(5)),
        ("?!", Some(6)),
        ("□", Some(7)),
        ("=", Some(10)),
        ("∞", Some(13)),
        ("+=", Some(14)),
        ("+/=", Some(14)),
        ("⩲", Some(14)),
        ("=+", Some(15)),
        ("=/+", Some(15)),
        ("⩱", Some(15)),
        ("+/-", Some(16)),
        ("±", Some(16)),
        ("-/+", Some(17)),
        ("∓", Some(17)),
        ("+-", Some(18)),
        ("-+", Some(19)),
        ("+--", Some(20)),
        ("=/∞", Some(44)),
        ("⇆", Some(132)),
        ("N", Some(146)),
        ("D", None),
    ];
    TABLE
        .iter()
        .find(|(text, _)| text.as_bytes() == word)
        .map(|&(_, nag)| nag)
}

/// The traditional suffix annotations (`!`, `?!`), which the standard's
/// import format knows: read, and no note.
pub(crate) fn is_suffix_annotation(word: &[u8]) -> bool {
    !word.is_empty() && word.len() <= 2 && word.iter().all(|&b| b == b'!' || b == b'?')
}
