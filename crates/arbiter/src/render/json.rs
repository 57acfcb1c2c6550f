use std::io::{self, Write};

use audit::GameReport;

use super::Render;

/// JSON Lines: one object per game, as the report contract says.
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
        serde_json::to_writer(&mut self.out, report).map_err(io::Error::other)?;
        self.out.write_all(b"\n")
    }

    fn finish(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
