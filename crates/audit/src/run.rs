//! Running the engine over many games in parallel, in input order, with
//! bounded memory. A reader thread cuts the stream into batches of games;
//! while the workers check one batch, the reader prepares the next and this
//! thread hands on the reports of the one before, in input order. At most
//! three batches are in memory at once; the bytes of checked games go back
//! to the reader, which cuts the next games into them.

use std::{
    io,
    sync::{Arc, mpsc},
    thread,
};

use rayon::prelude::*;
use scoresheet::{GameText, Splitter};

use crate::{
    check::{Options, blank_report, check_game_into},
    report::GameReport,
    rewrite::KeptText,
    source::Source,
};

/// How many games a batch holds.
const BATCH: usize = 256;

/// Passes one batch's reports on, in order.
fn hand_on(batch: &mpsc::Receiver<Vec<GameReport>>, each: &mut dyn FnMut(GameReport)) {
    // A batch whose worker failed sends nothing; its games were counted out
    // by `check_game_with`'s own guard, so this cannot happen short of an abort.
    batch.recv().into_iter().flatten().for_each(each);
}

/// Checks every game of `source`, calling `each` with the reports in input
/// order. An I/O error ends the source; the games read before it are reported.
pub fn run_source(
    source: &Source,
    options: &Options,
    pool: &rayon::ThreadPool,
    each: &mut dyn FnMut(GameReport),
) -> io::Result<()> {
    let name: Arc<str> = source.name().into();
    let reader = source.open()?;
    let (batches, receive) = mpsc::sync_channel::<Vec<(usize, GameText)>>(1);
    // The bytes of checked games go back to the reader to cut the next ones
    // into (see `Splitter::give_back`).
    let (give_back, given_back) = mpsc::channel::<Vec<Vec<u8>>>();
    thread::scope(|scope| {
        let reading = scope.spawn(move || -> io::Result<()> {
            let mut games = Splitter::new(reader).keep_between(options.keep_text);
            let mut index = 0usize;
            loop {
                while let Ok(buffers) = given_back.try_recv() {
                    games.give_back(buffers);
                }
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
        // While the workers check one batch, this thread hands on the reports
        // of the one before (rendering and writing them): both go on at once.
        let mut checking: Option<mpsc::Receiver<Vec<GameReport>>> = None;
        for batch in receive {
            let (done, reports) = mpsc::sync_channel(1);
            let (name, options, give_back) = (name.clone(), options.clone(), give_back.clone());
            pool.spawn(move || {
                // Each report made in its slot and filled there: collected
                // from the workers' return values, each was copied twice more.
                let mut checked: Vec<GameReport> = batch
                    .iter()
                    .map(|(i, text)| blank_report(&name, *i, text))
                    .collect();
                checked
                    .par_iter_mut()
                    .zip(&batch)
                    .for_each(|(report, (_, text))| check_game_into(report, text, &options));
                if options.keep_text {
                    for (report, (_, text)) in checked.iter_mut().zip(batch) {
                        report.text = Some(KeptText {
                            bytes: text.bytes,
                            before: text.before,
                            encoding: text.encoding,
                            dropped_bytes: text.dropped_bytes,
                        });
                    }
                } else {
                    // The receiver is gone only if reading has ended.
                    let _ = give_back.send(batch.into_iter().map(|(_, text)| text.bytes).collect());
                }
                // The receiver is gone only if the run itself has ended.
                let _ = done.send(checked);
            });
            if let Some(previous) = checking.replace(reports) {
                hand_on(&previous, each);
            }
        }
        if let Some(last) = checking {
            hand_on(&last, each);
        }
        reading
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the reader thread failed")))
    })
}
