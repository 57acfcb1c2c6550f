//! The repaired record (`--repair OUT.pgn`): every game of the input, in
//! input order, byte for byte as it stood (line endings, tags, comments),
//! except where a correction was taken. Each correction is marked in a PGN
//! comment, so that the arbiter can check the record and resubmit it:
//! a token read as another move is written as that move, a move written
//! twice is left out (quoted in the comment), a missing move is inserted
//! with its number, a move number in the other player's column is put
//! right. An illegal move that stood, and equal corrections none of which
//! was taken, change nothing and get a comment only.
//!
//! A view: it applies what the engine recorded (`GameReport::rewrites`,
//! spans into the game's text and moves as `SanPlus`) and reads nothing
//! again. The text comes with the report (`Options::keep_text`), so
//! standard input works as any file does.

use std::{
    io::{self, Write},
    sync::Arc,
};

use audit::{Change, GameReport, KeptText, Rewrite};
use scoresheet::text::{decode, encode};
use shakmaty::Color;

use crate::i18n::{Messages, Note, spelt};

/// Writes the repaired record of every game, in order.
pub struct Repaired<W: Write> {
    out: W,
    messages: &'static dyn Messages,
    /// The source of the game last written, and whether it wrote CRLF.
    last: Option<(Arc<str>, bool)>,
    /// The output ends with a line break (or nothing was written yet).
    at_line_start: bool,
    /// Games larger than the reader keeps, written only as far as read.
    pub cut: usize,
}

impl<W: Write> Repaired<W> {
    pub fn new(out: W, messages: &'static dyn Messages) -> Repaired<W> {
        Repaired {
            out,
            messages,
            last: None,
            at_line_start: true,
            cut: 0,
        }
    }

    /// One game's repaired record (a tournament row has no text: nothing).
    pub fn game(&mut self, report: &GameReport) -> io::Result<()> {
        let Some(text) = &report.text else {
            return Ok(());
        };
        let crlf = text.bytes.windows(2).any(|w| w == b"\r\n");
        if let Some((source, was_crlf)) = &self.last
            && *source != report.source
        {
            // The next file's games begin on a line of their own, after a blank line.
            let eol: &[u8] = if *was_crlf { b"\r\n" } else { b"\n" };
            if !self.at_line_start {
                self.out.write_all(eol)?;
            }
            if text.before.is_empty() {
                self.out.write_all(eol)?;
            }
        }
        if text.dropped_bytes > 0 {
            self.cut += 1;
        }
        self.out.write_all(&text.before)?;
        let written = repaired(text, &report.rewrites, self.messages);
        self.out.write_all(&written)?;
        if let Some(&last) = written.last().or(text.before.last()) {
            self.at_line_start = last == b'\n';
        }
        self.last = Some((report.source.clone(), crlf));
        Ok(())
    }

    pub fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The game's text with its rewrites applied, in the order of the text.
pub fn repaired(text: &KeptText, rewrites: &[Rewrite], m: &dyn Messages) -> Vec<u8> {
    let bytes = &text.bytes;
    let mut ordered: Vec<&Rewrite> = rewrites.iter().collect();
    ordered.sort_by_key(|r| r.change.replaced().start);
    let mut out = Vec::with_capacity(bytes.len() + 128 * ordered.len());
    let mut done = 0;
    for rewrite in ordered {
        let range = rewrite.change.replaced();
        // Overlapping or out of the text: not applied (never expected).
        if range.start < done || range.end > bytes.len() || range.start > range.end {
            continue;
        }
        out.extend_from_slice(&bytes[done..range.start]);
        let quoted = |from: usize, to: usize| {
            decode(bytes.get(from..to).unwrap_or(&[]), text.encoding).into_owned()
        };
        let written = quoted(range.start, range.end);
        let put = |out: &mut Vec<u8>, s: &str| out.extend_from_slice(&encode(s, text.encoding));
        let comment = |note: Note| {
            let reaches = rewrite.repair.as_ref().map(|r| r.reaches);
            // A comment ends at the first `}`: none may stand inside one.
            format!("{{ {} }}", m.repair_note(note, reaches).replace('}', ")"))
        };
        let german = rewrite.repair.as_ref().is_some_and(|r| r.german);
        match &rewrite.change {
            Change::Read { read_as, .. } => {
                let read_as = spelt(read_as, german);
                let edit = rewrite.repair.as_ref().map(|r| r.edit);
                let note = edit.map(|edit| {
                    comment(Note::Read {
                        written: &written,
                        read_as: &read_as,
                        edit,
                    })
                });
                put(&mut out, &read_as);
                if let Some(note) = note {
                    put(&mut out, &format!(" {note}"));
                }
            }
            Change::Dropped { token, .. } => {
                let token = quoted(token.start, token.end);
                put(&mut out, &comment(Note::Dropped { written: &token }));
            }
            Change::Inserted {
                number, side, san, ..
            } => {
                let san = spelt(san, german);
                let note = comment(Note::Inserted);
                put(
                    &mut out,
                    &format!("{} {san} {note} ", numbered(*number, *side)),
                );
            }
            Change::Renumbered { number, side, .. } => {
                let note = comment(Note::Renumbered { written: &written });
                put(&mut out, &format!("{note} {}", numbered(*number, *side)));
            }
            Change::Stood { .. } => put(&mut out, &format!(" {}", comment(Note::Stood))),
            Change::Untaken {
                missing,
                candidates,
                ..
            } => {
                let list: Vec<(String, _)> = candidates
                    .iter()
                    .map(|c| {
                        let san = spelt(&c.read_as, c.german);
                        (format!("{} {san}", numbered(c.number, c.side)), c.edit)
                    })
                    .collect();
                let note = comment(Note::Untaken {
                    candidates: &list,
                    missing: *missing,
                });
                if *missing {
                    put(&mut out, &format!("{note} "));
                } else {
                    put(&mut out, &format!(" {note}"));
                }
            }
        }
        done = range.end;
    }
    out.extend_from_slice(bytes.get(done..).unwrap_or(&[]));
    out
}

/// `12.` before White's move, `12...` before Black's.
fn numbered(number: u32, side: Color) -> String {
    match side {
        Color::White => format!("{number}."),
        Color::Black => format!("{number}..."),
    }
}
