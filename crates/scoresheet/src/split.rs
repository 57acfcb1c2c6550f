//! Cutting a stream of PGN into games, with bounded memory.
//!
//! The splitter looks at whole lines only, so that it is cheap and can run on
//! one thread ahead of the workers that replay games. It follows the rules
//! pgn-reader follows (a game's movetext ends at a blank line or at a line
//! that opens a tag), and adds what real files need:
//!
//! - a tag section that repeats a tag it already has starts a new game
//!   (files with no blank line between games, or header-only games);
//! - a line of movetext after a line that ended in a result token starts a
//!   new game (tagless games one per line);
//! - inside an unterminated comment, a line that looks like a tag pair
//!   (`[Name "`) ends the comment, so one missing `}` cannot swallow a file.
//!
//! A game larger than the limit keeps its first bytes and counts the rest in
//! [`GameText::dropped_bytes`], so that memory stays bounded and the game is
//! still reported.

use std::io::{self, BufRead};

use crate::text::GameText;

/// The default size limit for one game's text: 16 MiB.
pub const DEFAULT_GAME_LIMIT: usize = 16 << 20;

/// How many bytes of a line are looked at to classify it.
const PREFIX: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Between,
    Tags,
    Movetext,
    AfterResult,
}

struct Building {
    bytes: Vec<u8>,
    first_line: u32,
    offset: u64,
    dropped: u64,
}

/// An iterator over the games of a PGN stream.
///
/// ```
/// use scoresheet::Splitter;
/// let pgn = b"[Event \"A\"]\n\n1. e4 e5 1-0\n\n[Event \"B\"]\n\n1. d4 *\n";
/// let games: Vec<_> = Splitter::new(&pgn[..]).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].first_line, 5);
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct Splitter<R> {
    reader: R,
    line: u32,
    offset: u64,
    state: State,
    in_comment: bool,
    /// The tag names of the game being read, one after another, and where
    /// each ends: a repeated name starts a new game.
    tag_names: Vec<u8>,
    tag_name_ends: Vec<usize>,
    game: Option<Building>,
    limit: usize,
    prefix: Vec<u8>,
    done: bool,
}

impl<R: BufRead> Splitter<R> {
    pub fn new(reader: R) -> Splitter<R> {
        Splitter::with_limit(reader, DEFAULT_GAME_LIMIT)
    }

    /// A splitter that keeps at most `limit` bytes of any one game.
    pub fn with_limit(reader: R, limit: usize) -> Splitter<R> {
        Splitter {
            reader,
            line: 1,
            offset: 0,
            state: State::Between,
            in_comment: false,
            tag_names: Vec::new(),
            tag_name_ends: Vec::new(),
            game: None,
            limit: limit.max(PREFIX),
            prefix: Vec::with_capacity(PREFIX + 1),
            done: false,
        }
    }

    /// Reads up to `PREFIX` bytes of the next line into `self.prefix`.
    /// Returns whether the whole line (with its `\n`) is in the prefix.
    fn read_prefix(&mut self) -> io::Result<bool> {
        self.prefix.clear();
        loop {
            let buf = self.reader.fill_buf()?;
            if buf.is_empty() {
                return Ok(true);
            }
            let room = PREFIX - self.prefix.len();
            let take = buf.len().min(room);
            if let Some(nl) = memchr::memchr(b'\n', &buf[..take]) {
                self.prefix.extend_from_slice(&buf[..=nl]);
                self.reader.consume(nl + 1);
                return Ok(true);
            }
            self.prefix.extend_from_slice(&buf[..take]);
            self.reader.consume(take);
            if self.prefix.len() >= PREFIX {
                return Ok(false);
            }
        }
    }

    fn start_game(&mut self) {
        self.game = Some(Building {
            // Most games are a few kilobytes; growing from empty would copy them several times.
            bytes: Vec::with_capacity(4096),
            first_line: self.line,
            offset: self.offset,
            dropped: 0,
        });
        self.forget_tag_names();
        self.in_comment = false;
    }

    fn finish_game(&mut self) -> Option<GameText> {
        self.state = State::Between;
        self.in_comment = false;
        self.forget_tag_names();
        self.game.take().map(|b| {
            let mut text = GameText::new(b.bytes, b.first_line, b.offset);
            text.dropped_bytes = b.dropped;
            text
        })
    }

    fn append(&mut self, bytes: &[u8]) {
        if let Some(game) = &mut self.game {
            let room = self.limit.saturating_sub(game.bytes.len());
            let keep = bytes.len().min(room);
            game.bytes.extend_from_slice(&bytes[..keep]);
            game.dropped += (bytes.len() - keep) as u64;
        }
    }

    /// Appends the prefix and the rest of the line to the current game,
    /// scanning movetext for comments and result tokens when `scan` is set.
    fn take_line(&mut self, complete: bool, scan: bool) -> io::Result<()> {
        let mut scanner = LineScan::new(self.in_comment);
        let prefix = std::mem::take(&mut self.prefix);
        if scan {
            scanner.feed(&prefix);
        }
        self.append(&prefix);
        self.offset += prefix.len() as u64;
        self.prefix = prefix;
        if !complete {
            loop {
                let buf = self.reader.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                let (chunk, end) = match memchr::memchr(b'\n', buf) {
                    Some(nl) => (&buf[..=nl], true),
                    None => (buf, false),
                };
                let len = chunk.len();
                if scan {
                    scanner.feed(chunk);
                }
                if let Some(game) = &mut self.game {
                    let room = self.limit.saturating_sub(game.bytes.len());
                    let keep = len.min(room);
                    game.bytes.extend_from_slice(&chunk[..keep]);
                    game.dropped += (len - keep) as u64;
                }
                self.reader.consume(len);
                self.offset += len as u64;
                if end {
                    break;
                }
            }
        }
        self.line = self.line.saturating_add(1);
        if scan {
            scanner.end_word();
            self.in_comment = scanner.in_brace;
            if scanner.saw_result && !self.in_comment {
                self.state = State::AfterResult;
            }
        }
        Ok(())
    }

    fn next_game(&mut self) -> io::Result<Option<GameText>> {
        loop {
            if self.done {
                return Ok(self.finish_game());
            }
            let complete = self.read_prefix()?;
            if self.prefix.is_empty() {
                self.done = true;
                continue;
            }
            let trimmed = trim_start(&self.prefix);
            let blank = complete && trimmed.is_empty();
            let first = strip_bom(&self.prefix).first().copied();

            if self.in_comment {
                if looks_like_tag_pair(&self.prefix) {
                    let finished = self.finish_game();
                    self.begin_tags_line(complete)?;
                    if finished.is_some() {
                        return Ok(finished);
                    }
                    continue;
                }
                self.take_line(complete, true)?;
                continue;
            }

            if blank {
                match self.state {
                    State::Movetext | State::AfterResult => {
                        self.skip_line(complete)?;
                        if let Some(game) = self.finish_game() {
                            return Ok(Some(game));
                        }
                    }
                    State::Tags => self.take_line(complete, false)?,
                    State::Between => self.skip_line(complete)?,
                }
                continue;
            }

            if first == Some(b'%') {
                if self.game.is_some() {
                    self.take_line(complete, false)?;
                } else {
                    self.skip_line(complete)?;
                }
                continue;
            }

            if first == Some(b'[') {
                let new_game = match self.state {
                    State::Between | State::Movetext | State::AfterResult => true,
                    State::Tags => tag_name(&self.prefix).is_some_and(|name| self.has_tag(name)),
                };
                if new_game {
                    let finished = self.finish_game();
                    self.begin_tags_line(complete)?;
                    if finished.is_some() {
                        return Ok(finished);
                    }
                } else {
                    self.note_tag_name();
                    self.take_line(complete, false)?;
                }
                continue;
            }

            // A line of movetext.
            let continues_comment = matches!(trimmed.first(), Some(b'{' | b';'));
            if self.state == State::AfterResult && !continues_comment {
                let finished = self.finish_game();
                self.start_game();
                self.state = State::Movetext;
                self.take_line(complete, true)?;
                if finished.is_some() {
                    return Ok(finished);
                }
                continue;
            }
            if self.game.is_none() {
                self.start_game();
            }
            if self.state != State::AfterResult {
                self.state = State::Movetext;
            }
            self.take_line(complete, true)?;
        }
    }

    fn begin_tags_line(&mut self, complete: bool) -> io::Result<()> {
        self.start_game();
        self.state = State::Tags;
        self.note_tag_name();
        self.take_line(complete, false)
    }

    fn note_tag_name(&mut self) {
        if let Some(name) = tag_name(&self.prefix) {
            self.tag_names.extend_from_slice(name);
            self.tag_name_ends.push(self.tag_names.len());
        }
    }

    fn has_tag(&self, name: &[u8]) -> bool {
        let mut start = 0;
        self.tag_name_ends.iter().any(|&end| {
            let seen = &self.tag_names[start..end];
            start = end;
            seen == name
        })
    }

    fn forget_tag_names(&mut self) {
        self.tag_names.clear();
        self.tag_name_ends.clear();
    }

    fn skip_line(&mut self, complete: bool) -> io::Result<()> {
        self.offset += self.prefix.len() as u64;
        if !complete {
            loop {
                let buf = self.reader.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                match memchr::memchr(b'\n', buf) {
                    Some(nl) => {
                        self.reader.consume(nl + 1);
                        self.offset += nl as u64 + 1;
                        break;
                    }
                    None => {
                        let len = buf.len();
                        self.reader.consume(len);
                        self.offset += len as u64;
                    }
                }
            }
        }
        self.line = self.line.saturating_add(1);
        Ok(())
    }
}

impl<R: BufRead> Iterator for Splitter<R> {
    type Item = io::Result<GameText>;

    fn next(&mut self) -> Option<Self::Item> {
        match self.next_game() {
            Ok(Some(game)) => Some(Ok(game)),
            Ok(None) => None,
            Err(err) => {
                // An I/O error ends the stream; the game read so far is still returned next time.
                self.done = true;
                Some(Err(err))
            }
        }
    }
}

fn strip_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes)
}

fn trim_start(bytes: &[u8]) -> &[u8] {
    let bytes = strip_bom(bytes);
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    &bytes[start..]
}

/// The name of a tag pair at the start of `line`, like `Event` in `[Event "x"]`,
/// and what follows it.
fn split_tag_name(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let rest = strip_bom(line).strip_prefix(b"[")?;
    let rest = trim_start(rest);
    let end = rest
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| (&rest[..end], &rest[end..]))
}

fn tag_name(line: &[u8]) -> Option<&[u8]> {
    split_tag_name(line).map(|(name, _)| name)
}

fn looks_like_tag_pair(line: &[u8]) -> bool {
    split_tag_name(line).is_some_and(|(_, after)| trim_start(after).first() == Some(&b'"'))
}

/// Tracks comments across the chunks of one line, and whether the line's
/// last word outside comments is a result token.
struct LineScan {
    in_brace: bool,
    in_semicolon: bool,
    /// The end of the last stretch of text outside comments that was not blank.
    tail: [u8; 16],
    tail_len: usize,
    /// The tail ends a chunk in the middle of a word, which the next chunk continues.
    tail_open: bool,
    saw_result: bool,
}

impl LineScan {
    fn new(in_brace: bool) -> LineScan {
        LineScan {
            in_brace,
            in_semicolon: false,
            tail: [0; 16],
            tail_len: 0,
            tail_open: false,
            saw_result: false,
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        let mut rest = bytes;
        while !rest.is_empty() && !self.in_semicolon {
            if self.in_brace {
                match memchr::memchr(b'}', rest) {
                    Some(i) => {
                        self.in_brace = false;
                        rest = &rest[i + 1..];
                    }
                    None => return,
                }
                continue;
            }
            match memchr::memchr2(b'{', b';', rest) {
                Some(i) => {
                    self.outside(&rest[..i], false);
                    if rest[i] == b'{' {
                        self.in_brace = true;
                    } else {
                        self.in_semicolon = true;
                    }
                    rest = &rest[i + 1..];
                }
                None => {
                    self.outside(rest, true);
                    return;
                }
            }
        }
    }

    /// Remembers the end of text outside comments, when it holds a word.
    fn outside(&mut self, text: &[u8], at_chunk_end: bool) {
        let end = text
            .iter()
            .rposition(|b| !b.is_ascii_whitespace())
            .map_or(0, |i| i + 1);
        if end == 0 {
            self.tail_open = false;
            return;
        }
        let start = end.saturating_sub(self.tail.len());
        let piece = &text[start..end];
        let continues = self.tail_open && start == 0 && !text[0].is_ascii_whitespace();
        if continues && self.tail_len + piece.len() <= self.tail.len() {
            self.tail[self.tail_len..self.tail_len + piece.len()].copy_from_slice(piece);
            self.tail_len += piece.len();
        } else {
            self.tail[..piece.len()].copy_from_slice(piece);
            self.tail_len = piece.len();
        }
        self.tail_open = at_chunk_end && end == text.len();
    }

    /// Called at the end of the line.
    fn end_word(&mut self) {
        let tail = &self.tail[..self.tail_len];
        let word_start = tail
            .iter()
            .rposition(|b| b.is_ascii_whitespace() || matches!(b, b'(' | b')' | b'}'))
            .map_or(0, |i| i + 1);
        let word = &tail[word_start..];
        self.saw_result =
            matches!(word, b"1-0" | b"0-1" | b"1/2-1/2" | b"*") || word == "½-½".as_bytes();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(pgn: &[u8]) -> Vec<(u32, String)> {
        Splitter::new(pgn)
            .map(|g| {
                let g = g.expect("in-memory read");
                (g.first_line, String::from_utf8_lossy(&g.bytes).into_owned())
            })
            .collect()
    }

    #[test]
    fn blank_lines_and_tags_separate_games() {
        let games = split(b"[Event \"a\"]\n\n\n1. e4 *\n[Event \"b\"]\n1. d4 *\n\n\n1. c4 *");
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].0, 1);
        assert_eq!(games[1], (5, "[Event \"b\"]\n1. d4 *\n".to_string()));
        assert_eq!(games[2].0, 9);
    }

    #[test]
    fn empty_line_inside_tags_keeps_one_game() {
        let games = split(b"[Event \"a\"]\n\n[Date \"2017.12.04\"]\n\n1. e4 *\n");
        assert_eq!(games.len(), 1);
    }

    #[test]
    fn repeated_tag_starts_a_new_game() {
        let games = split(b"[Round \"1\"]\n[White \"x\"]\n\n[Round \"2\"]\n\n[Round \"3\"]\n");
        assert_eq!(games.len(), 3);
        let games = split(b"[Result \"1-0\"] e4 *\n[Result \"0-1\"] e4 *\n");
        assert_eq!(games.len(), 2);
    }

    #[test]
    fn tagless_games_one_per_line() {
        let games = split(b"e4 e5 *\nNf3 Nc6 { x } *\nd4 1-0 \n");
        assert_eq!(games.len(), 3);
    }

    #[test]
    fn result_after_a_comment_and_across_chunks() {
        let games = split(b"e4 {c}1-0\nd4 *\n");
        assert_eq!(games.len(), 2);
        let mut scan = LineScan::new(false);
        scan.feed(b"e4 e5 1-");
        scan.feed(b"0\n");
        scan.end_word();
        assert!(scan.saw_result);
    }

    #[test]
    fn comment_spanning_lines_and_brackets() {
        let games = split(b"[Event \"a\"]\n1. e4 { see\n\n[%clk 0:01:00] and 1-0 } e5 *\n");
        assert_eq!(games.len(), 1);
    }

    #[test]
    fn unterminated_comment_does_not_swallow_the_next_game() {
        let games = split(b"[Event \"a\"]\n1. e4 { oops\n1-0\n[Event \"b\"]\n1. d4 *\n");
        assert_eq!(games.len(), 2);
        assert!(games[1].1.starts_with("[Event \"b\"]"));
    }

    #[test]
    fn escape_lines_are_kept_out_of_boundaries() {
        let games = split(b"[Event \"a\"]\n% comment [Event \"x\"]\n\n1. e4 *\n");
        assert_eq!(games.len(), 1);
    }

    #[test]
    fn huge_games_are_cut_but_counted() {
        let mut pgn = b"[Event \"a\"]\n1. e4 {".to_vec();
        pgn.extend(std::iter::repeat_n(b'x', 10_000));
        pgn.extend_from_slice(b"} *\n\n[Event \"b\"]\n1. d4 *\n");
        let games: Vec<_> = Splitter::with_limit(&pgn[..], 1000)
            .collect::<Result<_, _>>()
            .expect("in-memory read");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].bytes.len(), 1000);
        assert!(games[0].dropped_bytes > 9000);
        assert_eq!(games[1].first_line, 4);
    }

    #[test]
    fn bom_and_crlf() {
        let games = split(
            b"\xef\xbb\xbf[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
        );
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].0, 5);
    }
}
