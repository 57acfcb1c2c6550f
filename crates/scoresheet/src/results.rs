//! Results as people write them: the PGN standard's four (`1-0`, `0-1`,
//! `1/2-1/2`, `*`) and the spellings real files use (`1:0`, `½-½`, `remis`,
//! a forfeit `+:-`). One table serves the lexer, the splitter and the
//! `Result` tag, so that a spelling read in one place is read in all.
//!
//! Where a spelling is read depends on where it stands: in the movetext
//! `+/-` and `-/+` are evaluations (White, Black is clearly better), in the
//! `Result` tag they are forfeits, as German tournament files write them.

use shakmaty::{Color, KnownOutcome, Outcome};

/// A result token or tag value as read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenResult {
    pub outcome: Outcome,
    /// A win by forfeit (`+:-`): no game was played on the board.
    pub forfeit: bool,
    /// Written as the PGN standard writes it.
    pub standard: bool,
}

const fn win(winner: Color) -> Outcome {
    Outcome::Known(KnownOutcome::Decisive { winner })
}

const DRAW: Outcome = Outcome::Known(KnownOutcome::Draw);

fn read(word: &[u8], in_tag: bool) -> Option<WrittenResult> {
    let (outcome, forfeit, standard) = match word {
        b"1-0" => (win(Color::White), false, true),
        b"0-1" => (win(Color::Black), false, true),
        b"1/2-1/2" => (DRAW, false, true),
        b"*" => (Outcome::Unknown, false, true),
        b"1:0" => (win(Color::White), false, false),
        b"0:1" => (win(Color::Black), false, false),
        b"1/2" => (DRAW, false, false),
        b"+:-" => (win(Color::White), true, false),
        b"-:+" => (win(Color::Black), true, false),
        b"+/-" if in_tag => (win(Color::White), true, false),
        b"-/+" if in_tag => (win(Color::Black), true, false),
        _ if word == "½-½".as_bytes() || word == "½:½".as_bytes() => (DRAW, false, false),
        _ if word.eq_ignore_ascii_case(b"remis") => (DRAW, false, false),
        _ => return None,
    };
    Some(WrittenResult {
        outcome,
        forfeit,
        standard,
    })
}

/// A result token of the movetext, in any spelling.
///
/// ```
/// use scoresheet::results::movetext_result;
/// assert!(movetext_result(b"1-0").is_some_and(|r| r.standard));
/// assert!(movetext_result(b"1:0").is_some_and(|r| !r.standard && !r.forfeit));
/// assert!(movetext_result(b"+:-").is_some_and(|r| r.forfeit));
/// assert!(movetext_result(b"+/-").is_none()); // an evaluation here
/// ```
pub fn movetext_result(word: &[u8]) -> Option<WrittenResult> {
    // Results are short and begin with one of few bytes: move numbers and
    // moves are kept out of the table without looking further.
    let first = *word.first()?;
    if word.len() > 7 || !matches!(first, b'0' | b'1' | b'*' | b'+' | b'-' | 0xc2 | b'r' | b'R') {
        return None;
    }
    if first == b'1' && word.len() > 1 && !matches!(word[1], b'-' | b':' | b'/') {
        return None;
    }
    read(word, false)
}

/// A `Result` tag's value, in any spelling; white space around it is ignored.
///
/// ```
/// use scoresheet::results::tag_result;
/// assert!(tag_result("+/-").is_some_and(|r| r.forfeit));
/// assert!(tag_result(" ½-½ ").is_some_and(|r| !r.standard));
/// assert!(tag_result("draw").is_none());
/// ```
pub fn tag_result(value: &str) -> Option<WrittenResult> {
    read(trimmed(value).as_bytes(), true)
}

/// `value.trim()`, where a printable ASCII byte at either end, no white
/// space, spares the look at its characters (`trim` alone takes some fifty
/// instructions, and every value of every header is trimmed).
///
/// ```
/// use scoresheet::results::trimmed;
/// assert_eq!(trimmed(" 1-0\u{a0}"), "1-0");
/// assert_eq!(trimmed("Bundesliga"), "Bundesliga");
/// ```
#[inline]
pub fn trimmed(value: &str) -> &str {
    let printable = |b: Option<&u8>| b.is_some_and(|b| matches!(b, 0x21..=0x7e));
    let bytes = value.as_bytes();
    if printable(bytes.first()) && printable(bytes.last()) {
        value
    } else {
        value.trim()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value read without a look at its characters reads as it does
    /// trimmed, whatever stands at its ends: ASCII and Unicode white space,
    /// letters, signs, and characters of more than one byte.
    #[test]
    fn a_tag_value_reads_as_it_does_trimmed() {
        let ends = [
            "", " ", "  ", "\t", "\n", "\u{a0}", "\u{3000}", "x", "½", "+", "~", "\u{7f}",
        ];
        let words = [
            "1-0", "0-1", "1/2-1/2", "*", "1:0", "½-½", "½", "remis", "+:-", "-/+", "+/-", "", "?",
        ];
        let mut read_some = 0;
        for word in words {
            for before in ends {
                for after in ends {
                    let value = format!("{before}{word}{after}");
                    assert_eq!(trimmed(&value), value.trim(), "{value:?}");
                    let read_trimmed = read(value.trim().as_bytes(), true);
                    assert_eq!(tag_result(&value), read_trimmed, "{value:?}");
                    read_some += usize::from(read_trimmed.is_some());
                }
            }
        }
        assert!(read_some > 100, "{read_some}");
    }

    #[test]
    fn every_spelling_by_position() {
        for (word, outcome, forfeit) in [
            ("1:0", win(Color::White), false),
            ("0:1", win(Color::Black), false),
            ("½:½", DRAW, false),
            ("½-½", DRAW, false),
            ("1/2", DRAW, false),
            ("remis", DRAW, false),
            ("Remis", DRAW, false),
            ("+:-", win(Color::White), true),
            ("-:+", win(Color::Black), true),
        ] {
            for read in [movetext_result(word.as_bytes()), tag_result(word)] {
                assert_eq!(
                    read,
                    Some(WrittenResult {
                        outcome,
                        forfeit,
                        standard: false
                    }),
                    "{word}"
                );
            }
        }
        assert!(tag_result("-/+").is_some_and(|r| r.forfeit && r.outcome == win(Color::Black)));
        for evaluation in ["+/-", "-/+", "+-", "-+", "="] {
            assert_eq!(movetext_result(evaluation.as_bytes()), None, "{evaluation}");
        }
        for junk in ["+-", "draw", "1-1", "0-0", "", "?"] {
            assert_eq!(tag_result(junk), None, "{junk}");
        }
    }
}
