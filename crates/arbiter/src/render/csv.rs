use std::io::{self, Write};

use audit::GameReport;

use super::Render;
use crate::i18n::Lang;

/// One row per finding, for spreadsheets.
pub struct Csv<W: Write> {
    out: csv::Writer<W>,
}

const HEADER: [&str; 14] = [
    "source",
    "game",
    "white",
    "black",
    "ply",
    "move_number",
    "kind",
    "severity",
    "article",
    "player",
    "message",
    "line",
    "column",
    "ruled_result",
];

impl<W: Write> Csv<W> {
    pub fn new(out: W) -> io::Result<Self> {
        let mut out = csv::Writer::from_writer(out);
        out.write_record(HEADER).map_err(io::Error::other)?;
        Ok(Csv { out })
    }
}

impl<W: Write> Render for Csv<W> {
    fn game(&mut self, r: &GameReport) -> io::Result<()> {
        for f in &r.findings {
            let player = f.player.map(audit::Player::as_str);
            let record = [
                r.source.clone(),
                r.game.to_string(),
                r.white.clone().unwrap_or_default(),
                r.black.clone().unwrap_or_default(),
                f.ply.map(|p| p.to_string()).unwrap_or_default(),
                f.move_number
                    .as_ref()
                    .map(ToString::to_string)
                    .unwrap_or_default(),
                f.kind.code().to_string(),
                f.severity.as_str().to_string(),
                f.article
                    .map(|a| a.as_str())
                    .unwrap_or_default()
                    .to_string(),
                player.unwrap_or_default().to_string(),
                Lang::En.messages().sentence(r, f),
                f.place
                    .as_ref()
                    .map(|p| p.line.to_string())
                    .unwrap_or_default(),
                f.place
                    .as_ref()
                    .map(|p| p.column.to_string())
                    .unwrap_or_default(),
                r.ruled_result
                    .map(|g| g.as_str().to_string())
                    .unwrap_or_default(),
            ];
            self.out.write_record(&record).map_err(io::Error::other)?;
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
