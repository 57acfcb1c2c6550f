//! Views of game reports: text and HTML ruling sheets for people, JSON Lines
//! and CSV for programs.

pub mod board;
pub mod csv;
pub mod figure;
pub mod html;
pub mod json;
pub mod pages;
pub mod repaired;
pub mod sheet;
pub mod svg;
pub mod text;

use std::io;

use audit::{Finding, GameReport};

/// The articles a finding cites: its own, then those that set the time
/// added (`7.5.5, A.3`); empty for a pure notation finding.
pub fn articles(f: &Finding) -> String {
    f.article
        .iter()
        .chain(&f.also)
        .map(|a| a.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Something that writes game reports, one at a time, in input order.
pub trait Render {
    fn game(&mut self, report: &GameReport) -> io::Result<()>;
    fn finish(&mut self) -> io::Result<()> {
        Ok(())
    }
}
