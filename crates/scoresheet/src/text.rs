//! The bytes of one game as they stood in the source, and how to point into them.

use std::{borrow::Cow, sync::OnceLock};

/// How the bytes of a game are to be turned into text.
///
/// Scoresheets typed in on older systems are often Latin-1 or Windows-1252;
/// such a game is decoded as Windows-1252 (a superset of Latin-1's printable
/// range), never garbled and never rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Windows1252,
}

/// One game's bytes, cut out of a source by the [`Splitter`](crate::Splitter).
#[derive(Debug, Clone)]
pub struct GameText {
    /// The bytes of the game, exactly as in the source (no decoding, no CRLF folding).
    pub bytes: Vec<u8>,
    /// 1-based line of the game's first byte in the source.
    pub first_line: u32,
    /// 1-based column of the game's first byte: 1, unless the game begins on
    /// the line where the previous game's result stands (`… a5 * [Event …`).
    pub first_column: u32,
    /// Byte offset of the game's first byte in the source.
    pub offset: u64,
    /// Bytes that were dropped because the game exceeded the splitter's size limit.
    pub dropped_bytes: u64,
    pub encoding: Encoding,
    /// The bytes between the game before (or the start of the source) and
    /// this one that belong to no game: blank lines, `%` escape lines. Kept
    /// only where the splitter was asked to ([`Splitter::keep_between`]), so
    /// that a writer can give the source back byte for byte.
    ///
    /// [`Splitter::keep_between`]: crate::Splitter::keep_between
    pub before: Vec<u8>,
    /// The line and column at every 256 bytes, built on the first
    /// [`GameText::locate`], of the bytes as they are then (a game's bytes
    /// are not changed once cut; should they be, the index is built anew).
    index: OnceLock<LineIndex>,
}

/// A place in the source that a person can find: 1-based line and column
/// (columns count characters, not bytes) and the absolute byte offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    pub line: u32,
    pub column: u32,
    pub offset: u64,
}

impl GameText {
    pub fn new(bytes: Vec<u8>, first_line: u32, offset: u64) -> GameText {
        // Most games are ASCII, which a word-at-a-time test confirms for a
        // fraction of what decoding every character costs.
        let encoding = if bytes.is_ascii() || std::str::from_utf8(&bytes).is_ok() {
            Encoding::Utf8
        } else {
            Encoding::Windows1252
        };
        GameText {
            bytes,
            first_line,
            first_column: 1,
            offset,
            dropped_bytes: 0,
            encoding,
            before: Vec::new(),
            index: OnceLock::new(),
        }
    }

    /// Decodes a slice of this game (a tag value, a comment) to text.
    pub fn decode(&self, bytes: &[u8]) -> String {
        self.decode_borrowed(bytes).into_owned()
    }

    /// [`GameText::decode`] without a copy where the bytes are text already.
    pub fn decode_borrowed<'a>(&self, bytes: &'a [u8]) -> Cow<'a, str> {
        decode(bytes, self.encoding)
    }

    /// Line and column of a byte offset within this game's bytes.
    ///
    /// Computed on demand: only findings need it, so well-formed games never
    /// pay for it. The first call builds the game's line index in one pass;
    /// each call then scans at most one block of the index (256 bytes), so a
    /// game with a finding on every character stays linear in its length,
    /// however long its lines are.
    pub fn locate(&self, at: usize) -> Location {
        let at = at.min(self.bytes.len());
        let built;
        let index = match self
            .index
            .get_or_init(|| LineIndex::new(&self.bytes, self.encoding))
        {
            index if index.len == self.bytes.len() => index,
            // The bytes were changed after the index was built: index them afresh.
            _ => {
                built = LineIndex::new(&self.bytes, self.encoding);
                &built
            }
        };
        let (newlines, mut chars) = index.position(&self.bytes, at, self.encoding);
        if newlines == 0 {
            chars = chars.saturating_add(self.first_column.saturating_sub(1));
        }
        Location {
            line: self.first_line.saturating_add(newlines),
            column: chars.saturating_add(1),
            offset: self.offset + at as u64,
        }
    }

    /// The part of the source line around `at`: at most `radius` bytes either
    /// side (cut at character boundaries), decoded, and how many characters
    /// of it stand before `at`. Only the `radius` bytes either side are
    /// scanned, so long lines (a 100 MB comment) stay cheap.
    pub fn excerpt(&self, at: usize, radius: usize) -> (String, usize) {
        let at = at.min(self.bytes.len());
        let from = at.saturating_sub(radius);
        let line_start =
            memchr::memrchr(b'\n', &self.bytes[from..at]).map_or(from, |i| from + i + 1);
        let to = at.saturating_add(radius).min(self.bytes.len());
        let line_end = memchr::memchr(b'\n', &self.bytes[at..to]).map_or(to, |i| at + i);
        let is_boundary = |i: usize| {
            self.encoding != Encoding::Utf8 || self.bytes.get(i).is_none_or(|b| (b & 0xc0) != 0x80)
        };
        let mut start = line_start;
        while start < at && !is_boundary(start) {
            start += 1;
        }
        let mut end = line_end;
        while end > at && !is_boundary(end) {
            end -= 1;
        }
        let before = self.decode(&self.bytes[start..at]);
        let text = self.decode(&self.bytes[start..end]);
        let text = text.strip_suffix('\r').map(str::to_string).unwrap_or(text);
        (text, before.chars().count())
    }
}

/// Bytes per block of a [`LineIndex`]: what one locate scans at most.
const BLOCK: usize = 256;

/// The line and column at the start of every [`BLOCK`] bytes of a game.
///
/// Built once per game in one pass (when its first finding needs a place),
/// it costs 8 bytes per block (3% of the game) whatever the shape of the
/// lines: a game of short lines needs no entry per line, and a single 16 MiB
/// line is as quick to point into as a short one.
#[derive(Clone)]
struct LineIndex {
    /// The length of the bytes indexed.
    len: usize,
    /// For the block starting at `i * BLOCK`: the newlines before it, and the
    /// characters between the start of its line and it. One entry more than
    /// there are whole blocks, so that the end of the bytes has one too.
    blocks: Vec<(u32, u32)>,
}

impl LineIndex {
    fn new(bytes: &[u8], encoding: Encoding) -> LineIndex {
        let mut blocks = Vec::with_capacity(bytes.len() / BLOCK + 1);
        let (mut newlines, mut chars) = (0u32, 0u32);
        blocks.push((newlines, chars));
        for block in bytes.chunks(BLOCK) {
            (newlines, chars) = advance(block, encoding, newlines, chars);
            if block.len() == BLOCK {
                blocks.push((newlines, chars));
            }
        }
        LineIndex {
            len: bytes.len(),
            blocks,
        }
    }

    /// The newlines before `at` and the characters from its line's start to it.
    fn position(&self, bytes: &[u8], at: usize, encoding: Encoding) -> (u32, u32) {
        let block = (at / BLOCK).min(self.blocks.len().saturating_sub(1));
        let (newlines, chars) = self.blocks.get(block).copied().unwrap_or_default();
        let from = (block * BLOCK).min(at);
        advance(&bytes[from..at], encoding, newlines, chars)
    }
}

impl std::fmt::Debug for LineIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "LineIndex({} bytes, {} blocks)",
            self.len,
            self.blocks.len()
        )
    }
}

/// The newlines and the column (in characters from the line's start) after
/// `bytes`, from those before them.
fn advance(bytes: &[u8], encoding: Encoding, newlines: u32, chars: u32) -> (u32, u32) {
    let count = |bytes: &[u8]| {
        let n = match encoding {
            Encoding::Utf8 => bytes.iter().filter(|&&b| (b & 0xc0) != 0x80).count(),
            Encoding::Windows1252 => bytes.len(),
        };
        u32::try_from(n).unwrap_or(u32::MAX)
    };
    match memchr::memrchr(b'\n', bytes) {
        None => (newlines, chars.saturating_add(count(bytes))),
        Some(last) => {
            let seen = memchr::memchr_iter(b'\n', &bytes[..last]).count() + 1;
            (
                newlines.saturating_add(u32::try_from(seen).unwrap_or(u32::MAX)),
                count(&bytes[last + 1..]),
            )
        }
    }
}

/// Text written into a game (a comment) in the game's own encoding: a
/// Windows-1252 game stays Windows-1252 (a character it has no byte for is
/// written as an HTML character reference).
pub fn encode(text: &str, encoding: Encoding) -> Cow<'_, [u8]> {
    match encoding {
        Encoding::Utf8 => Cow::Borrowed(text.as_bytes()),
        Encoding::Windows1252 => encoding_rs::WINDOWS_1252.encode(text).0,
    }
}

/// Bytes of a game (a token, a tag value) as text, in the game's encoding.
pub fn decode(bytes: &[u8], encoding: Encoding) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    match encoding {
        // Checking is cheaper than the lossy decoder's walk, and all but never fails.
        Encoding::Utf8 => std::str::from_utf8(bytes)
            .map_or_else(|_| String::from_utf8_lossy(bytes), Cow::Borrowed),
        Encoding::Windows1252 => {
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(bytes)
                .0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_written_in_the_games_encoding() {
        assert_eq!(&*encode("Zug ä", Encoding::Windows1252), b"Zug \xe4");
        assert_eq!(&*encode("Zug ä", Encoding::Utf8), "Zug ä".as_bytes());
    }

    #[test]
    fn latin1_is_decoded_not_garbled() {
        let game = GameText::new(b"[Event \"4th Marx Gy\xf6rgy Mem\"]\r\n".to_vec(), 1, 0);
        assert_eq!(game.encoding, Encoding::Windows1252);
        assert_eq!(game.decode(&game.bytes[8..27]), "4th Marx György Mem");
    }

    #[test]
    fn columns_count_characters() {
        let game = GameText::new("{é} ♘f3 e5\n1. e4".as_bytes().to_vec(), 10, 100);
        let at = "{é} ♘f3 e5\n1. ".len();
        let loc = game.locate(at);
        assert_eq!((loc.line, loc.column, loc.offset), (11, 4, 100 + at as u64));
        let knight = "{é} ".len();
        assert_eq!(game.locate(knight).column, 5);
        assert_eq!(game.excerpt(at, 80), ("1. e4".to_string(), 3));
    }

    /// Line and column as counted from the start of the game, the slow way.
    fn counted(game: &GameText, at: usize) -> (u32, u32) {
        let before = &game.bytes[..at];
        let newlines = before.iter().filter(|&&b| b == b'\n').count();
        let line = &before[before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)..];
        let chars = match game.encoding {
            Encoding::Utf8 => line.iter().filter(|&&b| (b & 0xc0) != 0x80).count(),
            Encoding::Windows1252 => line.len(),
        };
        (game.first_line + newlines as u32, chars as u32 + 1)
    }

    #[test]
    fn the_line_index_agrees_with_counting() {
        // Lines of every length around the index's block size, with
        // characters of two and three bytes across the blocks' edges.
        let mut text = String::new();
        for (i, len) in [0, 1, 255, 256, 257, 511, 512, 600, 3, 0, 1000]
            .iter()
            .enumerate()
        {
            for j in 0..*len {
                text.push(match (i + j) % 5 {
                    0 => 'é',
                    1 => '♘',
                    _ => 'x',
                });
            }
            text.push(if i % 2 == 0 { '\n' } else { '\r' });
            if i % 2 == 1 {
                text.push('\n');
            }
        }
        let utf8 = GameText::new(text.into_bytes(), 3, 7);
        let mut latin = utf8.bytes.clone();
        latin.push(0xf6);
        let latin = GameText::new(latin, 1, 0);
        assert_eq!(latin.encoding, Encoding::Windows1252);
        for game in [&utf8, &latin] {
            for at in 0..=game.bytes.len() {
                let loc = game.locate(at);
                assert_eq!((loc.line, loc.column), counted(game, at), "at {at}");
            }
            let end = game.locate(usize::MAX);
            assert_eq!((end.line, end.column), counted(game, game.bytes.len()));
        }
    }

    #[test]
    fn a_long_line_is_pointed_into_without_counting_from_its_start() {
        let mut bytes = b"1. e4\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'}', 1 << 20));
        let game = GameText::new(bytes, 1, 0);
        let at = 6 + 700_000;
        assert_eq!(game.locate(at).column, 700_001);
        assert_eq!(game.locate(at).line, 2);
        let (excerpt, before) = game.excerpt(at, 80);
        assert_eq!((excerpt.len(), before), (160, 80));
        assert_eq!(game.excerpt(3, 80), ("1. e4".to_string(), 3));
    }
}
