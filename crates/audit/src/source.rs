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
    /// A source that is plainly no text (NUL bytes, or the magic bytes of an
    /// image, a PDF or a zip archive at the start) is an error of kind
    /// `InvalidData` carrying [`NotPgn`].
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        let raw: Box<dyn Read + Send> = match self {
            Source::Stdin => Box::new(io::stdin()),
            Source::File(path) => Box::new(File::open(path)?),
        };
        let mut reader = decompress(BufReader::with_capacity(1 << 16, raw))?;
        if let Some(what) = binary(reader.fill_buf()?) {
            return Err(io::Error::new(io::ErrorKind::InvalidData, NotPgn(what)));
        }
        Ok(reader)
    }
}

/// What a source that is not a PGN file looks like instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binary {
    Jpeg,
    Png,
    Pdf,
    Zip,
    /// NUL bytes: some binary file (or UTF-16 text, which PGN is not).
    Nul,
}

/// The error a source that is no PGN file gives: see [`Source::open`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotPgn(pub Binary);

impl std::fmt::Display for NotPgn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not a PGN file ({:?})", self.0)
    }
}

impl std::error::Error for NotPgn {}

impl NotPgn {
    /// The `NotPgn` an I/O error carries, if it is one.
    pub fn of(err: &io::Error) -> Option<NotPgn> {
        err.get_ref()?.downcast_ref::<NotPgn>().copied()
    }
}

/// Whether a source begins as a PGN file does, with a tag (after a byte
/// order mark and white space): then NUL bytes further on are damage inside
/// a PGN file, reported game by game, not a sign of a binary file.
fn starts_like_pgn(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[')
}

/// Whether the first bytes of a (decompressed) source show a binary file.
pub fn binary(head: &[u8]) -> Option<Binary> {
    if head.starts_with(&[0xff, 0xd8, 0xff]) {
        Some(Binary::Jpeg)
    } else if head.starts_with(&[0x89, b'P', b'N', b'G']) {
        Some(Binary::Png)
    } else if head.starts_with(b"%PDF") {
        Some(Binary::Pdf)
    } else if head.starts_with(b"PK\x03\x04") {
        Some(Binary::Zip)
    } else if !starts_like_pgn(head) && head[..head.len().min(8192)].contains(&0) {
        Some(Binary::Nul)
    } else {
        None
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

/// Why the paths of the command line give no sources; each names its path.
#[derive(Debug)]
pub enum CollectError {
    /// No file or directory of this name.
    Missing(PathBuf),
    /// A directory without one `*.pgn`, `*.pgn.gz` or `*.pgn.zst` in it.
    NoPgnFiles(PathBuf),
    /// Walking a directory failed here.
    Io(PathBuf, io::Error),
}

impl std::fmt::Display for CollectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CollectError::Missing(path) => {
                write!(f, "{}: no such file or directory", path.display())
            }
            CollectError::NoPgnFiles(path) => {
                write!(f, "{}: no PGN files in this folder", path.display())
            }
            CollectError::Io(path, err) => write!(f, "{}: {err}", path.display()),
        }
    }
}

impl std::error::Error for CollectError {}

/// Expands the paths given on the command line into sources, in order:
/// directories are walked recursively (sorted by name) for `*.pgn`,
/// `*.pgn.gz` and `*.pgn.zst`; `-` is standard input; files are taken as given.
/// A directory with no PGN file in it is an error: a mistyped folder must not
/// look like a clean run.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<Source>, CollectError> {
    let mut sources = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            sources.push(Source::Stdin);
        } else if path.is_dir() {
            let before = sources.len();
            for entry in walkdir::WalkDir::new(path).sort_by_file_name() {
                let entry = entry.map_err(|err| {
                    let at = err.path().unwrap_or(path).to_path_buf();
                    CollectError::Io(at, io::Error::other(err))
                })?;
                if entry.file_type().is_file() && is_pgn(entry.path()) {
                    sources.push(Source::File(entry.into_path()));
                }
            }
            if sources.len() == before {
                return Err(CollectError::NoPgnFiles(path.clone()));
            }
        } else if path.exists() {
            sources.push(Source::File(path.clone()));
        } else {
            return Err(CollectError::Missing(path.clone()));
        }
    }
    Ok(sources)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_files_are_told_by_their_first_bytes() {
        assert_eq!(binary(&[0xff, 0xd8, 0xff, 0xe0]), Some(Binary::Jpeg));
        assert_eq!(binary(b"\x89PNG\r\n"), Some(Binary::Png));
        assert_eq!(binary(b"%PDF-1.7"), Some(Binary::Pdf));
        assert_eq!(binary(b"PK\x03\x04rest"), Some(Binary::Zip));
        assert_eq!(binary(b"\0\x01\x02[Event \"x\"]"), Some(Binary::Nul));
        assert_eq!(
            binary(b"\n[Event \"x\"]\0 damaged"),
            None,
            "a PGN file with NULs inside"
        );
        assert_eq!(binary(b"[Event \"M\xfcller\"]"), None);
        assert_eq!(binary(b""), None);
    }
}
