use std::io::{self, Write};

use audit::GameReport;

use super::Render;
use crate::{cli::CsvDialect, i18n::Messages};

/// One row per finding, for spreadsheets: for people, so `message` is in the
/// chosen language (JSON stays English).
pub struct Csv<W: Write> {
    out: csv::Writer<W>,
    messages: &'static dyn Messages,
}

/// The columns; new ones are appended so that positions keep their meaning.
const HEADER: [&str; 17] = [
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
    "round",
    "board",
    "recorded_result",
];

/// The round and the board of a `Round` tag: "5.3" is round 5, board 3.
pub fn round_and_board(round: Option<&str>) -> (String, String) {
    let round = round
        .map(str::trim)
        .filter(|r| !r.is_empty() && *r != "?" && *r != "-");
    match round.and_then(|r| r.split_once('.')) {
        Some((round, board)) => (round.to_string(), board.to_string()),
        None => (round.unwrap_or_default().to_string(), String::new()),
    }
}

impl<W: Write> Csv<W> {
    /// `standard`: comma-separated UTF-8 (RFC 4180); `excel`: what German
    /// Excel opens by a double click: `;`-separated UTF-8 with a byte order mark.
    pub fn new(
        mut out: W,
        dialect: CsvDialect,
        messages: &'static dyn Messages,
    ) -> io::Result<Self> {
        let delimiter = match dialect {
            CsvDialect::Standard => b',',
            CsvDialect::Excel => {
                out.write_all("\u{feff}".as_bytes())?;
                b';'
            }
        };
        let mut out = csv::WriterBuilder::new()
            .delimiter(delimiter)
            .from_writer(out);
        out.write_record(HEADER).map_err(io::Error::other)?;
        Ok(Csv { out, messages })
    }
}

impl<W: Write> Render for Csv<W> {
    fn game(&mut self, r: &GameReport) -> io::Result<()> {
        let (round, board) = round_and_board(r.round.as_deref());
        for f in &r.findings {
            let player = f.player.map(audit::Player::as_str);
            let record = [
                r.source.to_string(),
                r.game.to_string(),
                r.white.as_deref().unwrap_or_default().to_string(),
                r.black.as_deref().unwrap_or_default().to_string(),
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
                self.messages.sentence(r, f),
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
                round.clone(),
                board.clone(),
                r.recorded_result
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

#[cfg(test)]
mod tests {
    use super::round_and_board;

    #[test]
    fn round_tags_give_round_and_board() {
        let pair = |r: Option<&str>| round_and_board(r);
        assert_eq!(pair(Some("5.3")), ("5".into(), "3".into()));
        assert_eq!(pair(Some("5")), ("5".into(), String::new()));
        assert_eq!(pair(Some("?")), (String::new(), String::new()));
        assert_eq!(pair(None), (String::new(), String::new()));
    }
}
