//! What the benches share: the inputs, the baseline (a bare pgn-reader +
//! shakmaty replay) and `arbiter audit`'s own pipeline. Each bench uses a
//! part of it.

#![allow(dead_code)] // each bench compiles this module and uses a part of it

use std::{
    io::Read,
    ops::ControlFlow,
    path::{Path, PathBuf},
    time::{Duration, Instant},
};

use pgn_reader::{Reader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Position};

/// The rounds a bench runs: `ROUNDS` from the environment, else `default`.
pub fn rounds(default: usize) -> usize {
    std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(default)
        .max(1)
}

/// A pool of one thread, for one job.
pub fn one_job() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("thread pool")
}

/// A pool of a thread a core, for all jobs.
pub fn all_jobs() -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .build()
        .expect("thread pool")
}

/// The first, middle and third quartile of `values` (the nearest rank).
pub fn quartiles(mut values: Vec<f64>) -> [f64; 3] {
    values.sort_by(f64::total_cmp);
    let at = |q: usize| values[((values.len() - 1) * q + 2) / 4];
    [at(1), at(2), at(3)]
}

/// The files named on the command line (`--` options left out), else the
/// bench corpus, decompressed into memory; a file that cannot be read is
/// skipped with a message.
pub fn inputs() -> Vec<Vec<u8>> {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    files(&args)
        .iter()
        .filter_map(|p| match load(p) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("skipping {}: {e}", p.display());
                None
            }
        })
        .collect()
}

/// The baseline: what a minimal validator does with pgn-reader and shakmaty.
#[derive(Default)]
pub struct BareReplay {
    pub plies: u64,
    pub errors: u64,
}

impl BareReplay {
    /// Replays every game of `bytes`. Inlined, so that the loop over the
    /// inputs ([`replay_all`]) counts what it did when it was written out
    /// (2,066.8 M instructions for the three passes on the slice, part 13).
    #[inline(always)]
    pub fn replay(&mut self, bytes: &[u8]) {
        let mut reader = Reader::new(bytes);
        while let Ok(Some(())) = reader.read_game(self) {}
    }
}

/// The bare replay of every input, in order: the plies it played.
pub fn replay_all(inputs: &[Vec<u8>]) -> u64 {
    let mut visitor = BareReplay::default();
    for bytes in inputs {
        visitor.replay(bytes);
    }
    visitor.plies
}

impl Visitor for BareReplay {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Self::Tags> {
        ControlFlow::Continue(None)
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: pgn_reader::RawTag<'_>,
    ) -> ControlFlow<()> {
        if name == b"FEN" {
            *tags = shakmaty::fen::Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|f| f.into_position(shakmaty::CastlingMode::Chess960).ok());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn begin_variation(&mut self, _: &mut Chess) -> ControlFlow<(), Skip> {
        ControlFlow::Continue(Skip(true))
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
        match san_plus.san.to_move(pos) {
            Ok(m) => {
                pos.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.errors += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _: Chess) {}
}

pub fn files(args: &[String]) -> Vec<PathBuf> {
    let roots: Vec<PathBuf> = if args.is_empty() {
        vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/bench")]
    } else {
        args.iter().map(PathBuf::from).collect()
    };
    let mut out = Vec::new();
    for root in roots {
        if root.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(&root)
                .map(|d| d.flatten().map(|e| e.path()).collect())
                .unwrap_or_default();
            entries.sort();
            out.extend(entries);
        } else {
            out.push(root);
        }
    }
    out
}

pub fn load(path: &Path) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let file = std::fs::File::open(path)?;
    if path.extension().is_some_and(|e| e == "zst") {
        zstd::stream::read::Decoder::new(file)?.read_to_end(&mut bytes)?;
    } else {
        std::io::BufReader::new(file).read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

/// `arbiter audit`'s own pipeline (`audit::run_source`: a reader thread
/// splitting the stream, rayon workers, reports in input order) on the
/// decompressed files, which the page cache holds after the first run.
pub fn engine(files: &[PathBuf], pool: &rayon::ThreadPool) -> (u64, usize, Duration) {
    let options = audit::Options::default();
    let start = Instant::now();
    let mut plies = 0u64;
    let mut games = 0usize;
    for path in files {
        audit::run::run_source(
            &audit::Source::File(path.clone()),
            &options,
            pool,
            &mut |report| {
                games += 1;
                plies += report.plies as u64;
            },
        )
        .expect("read the decompressed copy");
    }
    (plies, games, start.elapsed())
}

/// The inputs decompressed to files beside each other, for the pipeline.
pub fn unpacked(inputs: &[Vec<u8>]) -> Vec<PathBuf> {
    let dir = std::env::temp_dir().join(format!("arbiter-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary directory");
    inputs
        .iter()
        .enumerate()
        .map(|(i, bytes)| {
            let path = dir.join(format!("{i}.pgn"));
            std::fs::write(&path, bytes).expect("write the decompressed copy");
            path
        })
        .collect()
}
