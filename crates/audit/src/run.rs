//! Running the engine over many games in parallel, in input order, with
//! bounded memory: games are read in batches, each batch is checked on all
//! workers, and the reports are handed on in order before the next batch.

use std::io;

use rayon::prelude::*;
use scoresheet::{GameText, Splitter};

use crate::{
    check::{Options, check_game_with},
    report::GameReport,
    source::Source,
};

/// How many games are in flight at once.
const BATCH: usize = 512;

/// Checks every game of `source`, calling `each` with the reports in input
/// order. An I/O error ends the source; the games read before it are reported.
pub fn run_source(
    source: &Source,
    options: &Options,
    pool: &rayon::ThreadPool,
    each: &mut dyn FnMut(GameReport),
) -> io::Result<()> {
    let name = source.name();
    let reader = source.open()?;
    let mut games = Splitter::new(reader).peekable();
    let mut index = 0usize;
    let mut batch: Vec<(usize, GameText)> = Vec::with_capacity(BATCH);
    let mut failure = None;
    loop {
        batch.clear();
        while batch.len() < BATCH {
            match games.next() {
                Some(Ok(text)) => {
                    index += 1;
                    batch.push((index, text));
                }
                Some(Err(err)) => {
                    failure = Some(err);
                    break;
                }
                None => break,
            }
        }
        if batch.is_empty() {
            break;
        }
        let reports: Vec<GameReport> = pool.install(|| {
            batch
                .par_iter()
                .map(|(i, text)| check_game_with(&name, *i, text, options))
                .collect()
        });
        reports.into_iter().for_each(&mut *each);
        if failure.is_some() {
            break;
        }
    }
    match failure {
        Some(err) => Err(err),
        None => Ok(()),
    }
}
