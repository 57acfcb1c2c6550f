//! Running the engine over many games in parallel, in input order, with
//! bounded memory. A reader thread cuts the stream into batches of games;
//! while the workers check one batch, the reader prepares the next; reports
//! are handed on in input order. At most two batches are in memory at once.

use std::{io, sync::mpsc, thread};

use rayon::prelude::*;
use scoresheet::{GameText, Splitter};

use crate::{
    check::{Options, check_game_with},
    report::GameReport,
    source::Source,
};

/// How many games a batch holds.
const BATCH: usize = 256;

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
    let (batches, receive) = mpsc::sync_channel::<Vec<(usize, GameText)>>(1);
    thread::scope(|scope| {
        let reading = scope.spawn(move || -> io::Result<()> {
            let mut games = Splitter::new(reader);
            let mut index = 0usize;
            loop {
                let mut batch = Vec::with_capacity(BATCH);
                let mut failure = None;
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
                let last = batch.len() < BATCH || failure.is_some();
                if !batch.is_empty() && batches.send(batch).is_err() {
                    return Ok(());
                }
                if let Some(err) = failure {
                    return Err(err);
                }
                if last {
                    return Ok(());
                }
            }
        });
        for batch in receive {
            let reports: Vec<GameReport> = pool.install(|| {
                batch
                    .par_iter()
                    .map(|(i, text)| check_game_with(&name, *i, text, options))
                    .collect()
            });
            reports.into_iter().for_each(&mut *each);
        }
        reading
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the reader thread failed")))
    })
}
