//! The bytes of one game as they stood in the source, and how to point into them.

use std::borrow::Cow;

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
        let encoding = if std::str::from_utf8(&bytes).is_ok() {
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
    /// Computed on demand: only findings need it, so well-formed games never pay for it.
    pub fn locate(&self, at: usize) -> Location {
        let at = at.min(self.bytes.len());
        let before = &self.bytes[..at];
        let newlines = memchr::memchr_iter(b'\n', before).count();
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        let line_bytes = &self.bytes[line_start..at];
        let mut chars = match self.encoding {
            Encoding::Utf8 => line_bytes.iter().filter(|&&b| (b & 0xc0) != 0x80).count(),
            Encoding::Windows1252 => line_bytes.len(),
        };
        if newlines == 0 {
            chars += self.first_column.saturating_sub(1) as usize;
        }
        Location {
            line: self
                .first_line
                .saturating_add(u32::try_from(newlines).unwrap_or(u32::MAX)),
            column: u32::try_from(chars + 1).unwrap_or(u32::MAX),
            offset: self.offset + at as u64,
        }
    }

    /// The part of the source line around `at`: at most `radius` bytes either
    /// side (cut at character boundaries), decoded, and how many characters
    /// of it stand before `at`. Long lines (a 100 MB comment) stay cheap.
    pub fn excerpt(&self, at: usize, radius: usize) -> (String, usize) {
        let at = at.min(self.bytes.len());
        let line_start = memchr::memrchr(b'\n', &self.bytes[..at]).map_or(0, |i| i + 1);
        let line_end =
            memchr::memchr(b'\n', &self.bytes[at..]).map_or(self.bytes.len(), |i| at + i);
        let is_boundary = |i: usize| {
            self.encoding != Encoding::Utf8 || self.bytes.get(i).is_none_or(|b| (b & 0xc0) != 0x80)
        };
        let mut start = line_start.max(at.saturating_sub(radius));
        while start < at && !is_boundary(start) {
            start += 1;
        }
        let mut end = line_end.min(at.saturating_add(radius));
        while end > at && !is_boundary(end) {
            end -= 1;
        }
        let before = self.decode(&self.bytes[start..at]);
        let text = self.decode(&self.bytes[start..end]);
        let text = text.strip_suffix('\r').map(str::to_string).unwrap_or(text);
        (text, before.chars().count())
    }
}

pub(crate) fn decode(bytes: &[u8], encoding: Encoding) -> Cow<'_, str> {
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
}
