//! JSON Lines: one object per game, as the report contract says. Each
//! finding's `message` is the English catalogue's sentence from its facts,
//! and `details` carries the facts themselves (`docs/findings.md`).

use std::io::{self, Write};

use audit::{Finding, GameReport, Place, facts::Details};
use serde::{Serialize, ser::SerializeStruct};
use shakmaty::fen::{Fen, LossyFenError};

use super::Render;
use crate::i18n::Lang;

pub struct Json<W: Write> {
    out: W,
}

impl<W: Write> Json<W> {
    pub fn new(out: W) -> Self {
        Json { out }
    }
}

impl<W: Write> Render for Json<W> {
    fn game(&mut self, report: &GameReport) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, &Row(report)).map_err(io::Error::other)?;
        self.out.write_all(b"\n")
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The position as FEN: the typed board (its en passant square only where
/// the capture is legal, 9.2.3), or the FEN tag as written where it could
/// not be read (`invalid-setup`).
pub fn fen(f: &Finding) -> Option<String> {
    if let audit::Facts::Setup(problem) = &f.facts {
        return problem.fen().map(str::to_string);
    }
    f.position.as_deref().map(setup_fen)
}

/// A typed position as FEN (an illegal one as it stands).
pub fn setup_fen(setup: &shakmaty::Setup) -> String {
    Fen::try_from_setup(setup.clone())
        .unwrap_or_else(LossyFenError::ignore)
        .to_string()
}

struct Row<'a>(&'a GameReport);

impl Serialize for Row<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let r = self.0;
        let mut s = serializer.serialize_struct("GameReport", 12)?;
        s.serialize_field("source", &*r.source)?;
        s.serialize_field("game", &r.game)?;
        s.serialize_field("line", &r.line)?;
        s.serialize_field("white", &r.white.as_deref())?;
        s.serialize_field("black", &r.black.as_deref())?;
        s.serialize_field("round", &r.round.as_deref())?;
        s.serialize_field("plies", &r.plies)?;
        s.serialize_field("reconstructed_plies", &r.reconstructed_plies)?;
        s.serialize_field("repairs", &r.repairs)?;
        s.serialize_field("recorded_result", &r.recorded_result.map(|g| g.as_str()))?;
        s.serialize_field("ruled_result", &r.ruled_result.map(|g| g.as_str()))?;
        let findings: Vec<FindingRow> = r.findings.iter().map(|f| FindingRow(r, f)).collect();
        s.serialize_field("findings", &findings)?;
        s.end()
    }
}

struct FindingRow<'a>(&'a GameReport, &'a Finding);

impl Serialize for FindingRow<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let (r, f) = (self.0, self.1);
        let mut s = serializer.serialize_struct("Finding", 16)?;
        s.serialize_field("kind", &f.kind)?;
        s.serialize_field("ply", &f.ply)?;
        s.serialize_field("article", &f.article.map(|a| a.as_str()))?;
        s.serialize_field("player", &f.player.map(|p| p.as_str()))?;
        if !f.also.is_empty() {
            let all: Vec<&str> = f
                .article
                .iter()
                .chain(&f.also)
                .map(|a| a.as_str())
                .collect();
            s.serialize_field("articles", &all)?;
        }
        if let Some(seconds) = f.seconds_added {
            s.serialize_field("seconds_added", &seconds)?;
        }
        s.serialize_field("message", &Lang::En.messages().sentence(r, f))?;
        s.serialize_field("severity", &f.severity)?;
        if let Some(label) = &f.move_number {
            s.serialize_field("move_number", &label.to_string())?;
        }
        if let Some(token) = &f.token {
            s.serialize_field("token", token)?;
        }
        if let Some(place) = &f.place {
            s.serialize_field("place", &PlaceRow(place))?;
        }
        if let Some(fen) = fen(f) {
            s.serialize_field("fen", &fen)?;
        }
        if !f.suggestions.is_empty() {
            let moves: Vec<String> = f.suggestions.iter().map(ToString::to_string).collect();
            s.serialize_field("suggestions", &moves)?;
        }
        if !f.plies.is_empty() {
            s.serialize_field("plies", &f.plies)?;
        }
        if !f.touched().is_empty() {
            let squares: Vec<String> = f.touched().iter().map(ToString::to_string).collect();
            s.serialize_field("touched", &squares)?;
        }
        if let Some(before) = f.clock_before() {
            s.serialize_field("clock_before", &before)?;
        }
        s.serialize_field("details", &Details(f))?;
        s.end()
    }
}

struct PlaceRow<'a>(&'a Place);

impl Serialize for PlaceRow<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let mut s = serializer.serialize_struct("Place", 6)?;
        s.serialize_field("line", &p.line)?;
        s.serialize_field("column", &p.column)?;
        s.serialize_field("offset", &p.offset)?;
        s.serialize_field("excerpt", &p.excerpt)?;
        s.serialize_field("excerpt_offset", &p.excerpt_offset)?;
        s.serialize_field("width", &p.width)?;
        s.end()
    }
}
