//! Where games come from: files, directories (recursively), standard input;
//! `.gz` and `.zst` read transparently. Each source is streamed, never slurped.

use std::{
    fs::File,
    io::{self, BufRead, BufReader, Read},
    path::{Path, PathBuf},
};

/// One input as the user named it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(PathBuf),
}

impl Source {
    /// The name used in reports: the path as given, or `-`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "-".to_string(),
            Source::File(path) => path.display().to_string(),
        }
    }

    /// Opens the source for streaming, decompressing by the file's magic bytes.
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        let raw: Box<dyn Read + Send> = match self {
            Source::Stdin => Box::new(io::stdin()),
            Source::File(path) => Box::new(File::open(path)?),
        };
        decompress(BufReader::with_capacity(1 << 16, raw))
    }
}

fn decompress(mut reader: BufReader<Box<dyn Read + Send>>) -> io::Result<Box<dyn BufRead + Send>> {
    let head = reader.fill_buf()?;
    if head.starts_with(&[0x1f, 0x8b]) {
        let gz = flate2::read::MultiGzDecoder::new(reader);
        Ok(Box::new(BufReader::with_capacity(1 << 16, gz)))
    } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        let zst = zstd::stream::read::Decoder::with_buffer(reader)?;
        Ok(Box::new(BufReader::with_capacity(1 << 16, zst)))
    } else {
        Ok(Box::new(reader))
    }
}

/// Whether a file in a directory walk is a PGN to read.
fn is_pgn(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    name.ends_with(".pgn") || name.ends_with(".pgn.gz") || name.ends_with(".pgn.zst")
}

/// Expands the paths given on the command line into sources, in order:
/// directories are walked recursively (sorted by name) for `*.pgn`,
/// `*.pgn.gz` and `*.pgn.zst`; `-` is standard input; files are taken as given.
pub fn collect(paths: &[PathBuf]) -> io::Result<Vec<Source>> {
    let mut sources = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            sources.push(Source::Stdin);
        } else if path.is_dir() {
            for entry in walkdir::WalkDir::new(path).sort_by_file_name() {
                let entry = entry.map_err(io::Error::other)?;
                if entry.file_type().is_file() && is_pgn(entry.path()) {
                    sources.push(Source::File(entry.into_path()));
                }
            }
        } else if path.exists() {
            sources.push(Source::File(path.clone()));
        } else {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("{}: no such file or directory", path.display()),
            ));
        }
    }
    Ok(sources)
}
