//! Progress on standard error while a long audit runs.

use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

use crate::{i18n::Messages, summary::Summary};

pub struct Progress {
    bar: Option<ProgressBar>,
    messages: &'static dyn Messages,
}

impl Progress {
    pub fn new(show: bool, messages: &'static dyn Messages) -> Progress {
        let bar = show.then(|| {
            let bar = ProgressBar::new_spinner();
            let style = ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner());
            bar.set_style(style);
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        Progress { bar, messages }
    }

    pub fn game(&self, summary: &Summary) {
        if let Some(bar) = &self.bar
            && summary.games.is_multiple_of(256)
        {
            let secs = bar.elapsed().as_secs_f64().max(1e-3);
            bar.set_message(self.messages.progress(
                summary.games,
                summary.games as f64 / secs,
                summary.games_with_findings,
            ));
        }
    }

    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
