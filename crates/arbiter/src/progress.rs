//! Progress on standard error while a long audit runs: a spinner on a
//! terminal; elsewhere (`--progress always` into a file or a pipe) plain
//! lines, at least one a second or every 10,000 games, and a final one.

use std::{
    cell::Cell,
    io::{IsTerminal, Write},
    time::{Duration, Instant},
};

use indicatif::{ProgressBar, ProgressStyle};

use crate::{i18n::Messages, summary::Summary};

/// Plain lines: how often.
const EVERY: Duration = Duration::from_secs(1);
const EVERY_GAMES: usize = 10_000;

enum Draw {
    None,
    Bar(ProgressBar),
    Lines {
        started: Instant,
        last: Cell<Instant>,
        last_games: Cell<usize>,
        /// The counts of the last game seen, for the final line.
        games: Cell<usize>,
        with_findings: Cell<usize>,
    },
}

pub struct Progress {
    draw: Draw,
    messages: &'static dyn Messages,
}

impl Progress {
    pub fn new(show: bool, messages: &'static dyn Messages) -> Progress {
        let draw = if !show {
            Draw::None
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new_spinner();
            let style = ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar.enable_steady_tick(Duration::from_millis(200));
            Draw::Bar(bar)
        } else {
            let now = Instant::now();
            Draw::Lines {
                started: now,
                last: Cell::new(now),
                last_games: Cell::new(0),
                games: Cell::new(0),
                with_findings: Cell::new(0),
            }
        };
        Progress { draw, messages }
    }

    fn line(&self, started: Instant, games: usize, with_findings: usize) -> String {
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        self.messages
            .progress(games, games as f64 / secs, with_findings)
    }

    pub fn game(&self, summary: &Summary) {
        match &self.draw {
            Draw::None => {}
            Draw::Bar(bar) => {
                if summary.games.is_multiple_of(256) {
                    let secs = bar.elapsed().as_secs_f64().max(1e-3);
                    bar.set_message(self.messages.progress(
                        summary.games,
                        summary.games as f64 / secs,
                        summary.games_with_findings,
                    ));
                }
            }
            Draw::Lines {
                started,
                last,
                last_games,
                games,
                with_findings,
            } => {
                games.set(summary.games);
                with_findings.set(summary.games_with_findings);
                let now = Instant::now();
                if now.duration_since(last.get()) >= EVERY
                    || summary.games >= last_games.get() + EVERY_GAMES
                {
                    last.set(now);
                    last_games.set(summary.games);
                    let text = self.line(*started, summary.games, summary.games_with_findings);
                    let _ = writeln!(std::io::stderr().lock(), "{text}");
                }
            }
        }
    }

    pub fn finish(&self) {
        match &self.draw {
            Draw::None => {}
            Draw::Bar(bar) => bar.finish_and_clear(),
            Draw::Lines {
                started,
                games,
                with_findings,
                ..
            } => {
                let text = self.line(*started, games.get(), with_findings.get());
                let _ = writeln!(std::io::stderr().lock(), "{text}");
            }
        }
    }
}
