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
//!   (`[Name "`) ends the comment, so one missing `}` cannot swallow a file;
//! - a game whose movetext has no result yet goes on after a blank line when
//!   the next paragraph continues it: a lone result (`1-0` on its own after
//!   the last move), a comment or variation, a NAG or glyph, Black's move
//!   number (`12... Nc6`) or any move number but 1;
//! - a tag pair after a result on the same line (`… a5 * [Event "…"] …`)
//!   begins the next game there.
//!
//! A game larger than the limit keeps its first bytes and counts the rest in
//! [`GameText::dropped_bytes`], so that memory stays bounded and the game is
//! still reported.

use std::{
    collections::HashSet,
    io::{self, BufRead},
};

use crate::{
    find, forms::text_annotation, lexer::TAG_NAME, results::movetext_result, text::GameText,
};

/// The default size limit for one game's text: 16 MiB.
pub const DEFAULT_GAME_LIMIT: usize = 16 << 20;

/// The most bytes kept between two games ([`Splitter::keep_between`]):
/// blank lines and escape lines, never megabytes.
const BETWEEN_LIMIT: usize = 64 << 10;

/// How many bytes of a line are looked at to classify it.
const PREFIX: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Between,
    Tags,
    Movetext,
    AfterResult,
    /// After the blank line that ended a movetext without a result.
    Held,
}

/// What to look for in a line while taking it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scan {
    /// Nothing: a blank line, an escape, a tag line of tags only.
    No,
    /// Comments, the result at the line's end, and a tag pair after a result.
    Movetext,
    /// The movetext that follows the line's tag pairs, from this offset of
    /// the prefix, as a line of movetext.
    AfterTags(usize),
}

/// The reader with room to give back the rest of a line cut after a result,
/// so that it is read again as the first line of the next game.
struct Pushback<R> {
    inner: R,
    pending: Vec<u8>,
    at: usize,
}

impl<R> Pushback<R> {
    fn push_front(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let mut pending = Vec::with_capacity(bytes.len() + self.pending.len() - self.at);
        pending.extend_from_slice(bytes);
        pending.extend_from_slice(&self.pending[self.at..]);
        self.pending = pending;
        self.at = 0;
    }
}

impl<R: io::Read> io::Read for Pushback<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at < self.pending.len() {
            let n = buf.len().min(self.pending.len() - self.at);
            buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
            self.consume_pending(n);
            return Ok(n);
        }
        self.inner.read(buf)
    }
}

impl<R> Pushback<R> {
    fn consume_pending(&mut self, n: usize) {
        self.at += n;
        if self.at >= self.pending.len() {
            self.pending.clear();
            self.at = 0;
        }
    }
}

impl<R: BufRead> BufRead for Pushback<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at < self.pending.len() {
            return Ok(&self.pending[self.at..]);
        }
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if self.at < self.pending.len() {
            self.consume_pending(amount);
        } else {
            self.inner.consume(amount);
        }
    }
}

struct Building {
    bytes: Vec<u8>,
    first_line: u32,
    first_column: u32,
    offset: u64,
    dropped: u64,
    before: Vec<u8>,
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
    reader: Pushback<R>,
    line: u32,
    /// Characters of the current line that belong to games before the one
    /// the line goes on with (after a split on one line).
    line_chars: u32,
    offset: u64,
    state: State,
    in_comment: bool,
    /// The tag names of the game being read: a repeated name starts a new game.
    tag_names: TagNames,
    game: Option<Building>,
    /// A blank line ended the movetext of `game`, which has no result yet:
    /// the length (and dropped count) to cut it back to if the next
    /// paragraph does not continue it.
    held: Option<(usize, u64)>,
    limit: usize,
    prefix: Vec<u8>,
    done: bool,
    /// Whether the bytes between games are kept ([`GameText::before`]).
    keep_between: bool,
    /// The bytes skipped since the last game ended, while `keep_between`.
    between: Vec<u8>,
    /// Buffers of games given back ([`Splitter::give_back`]), for the next.
    spare: Vec<Vec<u8>>,
}

/// The room a game's buffer starts with: most games are a few kilobytes,
/// and growing from empty would copy them several times.
const FIRST_ROOM: usize = 4096;

/// The largest buffer kept for another game: a long game's bytes go back
/// to the allocator.
const SPARE_ROOM: usize = 16 * 1024;

/// The most buffers kept for the games to come (one of the pipeline's
/// batches): at most 4 MiB beside the games in flight, 1 MiB in practice;
/// with room for two batches the peak memory of a run grew by 2.5 MiB.
const SPARE_BUFFERS: usize = 256;

impl<R: BufRead> Splitter<R> {
    pub fn new(reader: R) -> Splitter<R> {
        Splitter::with_limit(reader, DEFAULT_GAME_LIMIT)
    }

    /// A splitter that keeps at most `limit` bytes of any one game.
    pub fn with_limit(reader: R, limit: usize) -> Splitter<R> {
        Splitter {
            reader: Pushback {
                inner: reader,
                pending: Vec::new(),
                at: 0,
            },
            line: 1,
            line_chars: 0,
            offset: 0,
            state: State::Between,
            in_comment: false,
            tag_names: TagNames::default(),
            game: None,
            held: None,
            limit: limit.max(PREFIX),
            prefix: Vec::with_capacity(PREFIX + 1),
            done: false,
            keep_between: false,
            between: Vec::new(),
            spare: Vec::new(),
        }
    }

    /// Takes back the bytes of games the caller is done with, to cut the
    /// next games into. A pipeline that cuts games on one thread and checks
    /// them on another saves an allocation on the one and, above all, a
    /// free on the other, into the first one's arena, for every game.
    ///
    /// ```
    /// use scoresheet::Splitter;
    /// let pgn = b"[Event \"A\"]\n\n1. e4 e5 1-0\n\n[Event \"B\"]\n\n1. d4 *\n";
    /// let mut games = Splitter::new(&pgn[..]);
    /// let first = games.next().expect("a game")?;
    /// games.give_back([first.bytes]);
    /// let second = games.next().expect("a game")?;
    /// assert_eq!(second.bytes, b"[Event \"B\"]\n\n1. d4 *\n");
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn give_back(&mut self, buffers: impl IntoIterator<Item = Vec<u8>>) {
        for mut buffer in buffers {
            if self.spare.len() < SPARE_BUFFERS
                && (FIRST_ROOM..=SPARE_ROOM).contains(&buffer.capacity())
            {
                buffer.clear();
                self.spare.push(buffer);
            }
        }
    }

    /// Keeps the bytes between games (blank lines, escape lines, up to
    /// 64 KiB) on the next game's [`GameText::before`], for a writer that
    /// gives the source back byte for byte. Bytes after the last game are
    /// not kept.
    pub fn keep_between(mut self, keep: bool) -> Splitter<R> {
        self.keep_between = keep;
        self
    }

    /// Bytes that belong to no game, kept while asked to. A function of
    /// the two fields, not of the splitter: the bytes may be borrowed from
    /// the reader's buffer.
    fn keep(between: &mut Vec<u8>, keep: bool, bytes: &[u8]) {
        if keep {
            let room = BETWEEN_LIMIT.saturating_sub(between.len());
            between.extend_from_slice(&bytes[..bytes.len().min(room)]);
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
            if let Some(nl) = find::byte(b'\n', &buf[..take]) {
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
            bytes: self
                .spare
                .pop()
                .unwrap_or_else(|| Vec::with_capacity(FIRST_ROOM)),
            first_line: self.line,
            first_column: self.line_chars.saturating_add(1),
            offset: self.offset,
            dropped: 0,
            before: std::mem::take(&mut self.between),
        });
        self.tag_names.clear();
        self.in_comment = false;
    }

    fn finish_game(&mut self) -> Option<GameText> {
        self.state = State::Between;
        self.in_comment = false;
        self.tag_names.clear();
        let held = self.held.take();
        self.game.take().map(|mut b| {
            // Blank lines after the movetext that no paragraph continued are not the game's.
            if let Some((len, dropped)) = held {
                if self.keep_between {
                    // They come before the next game.
                    let cut = b.bytes.get(len..).unwrap_or(&[]).to_vec();
                    let mut between = cut;
                    between.append(&mut self.between);
                    self.between = between;
                }
                b.bytes.truncate(len);
                b.dropped = dropped;
            }
            let mut text = GameText::new(b.bytes, b.first_line, b.offset);
            text.first_column = b.first_column;
            text.dropped_bytes = b.dropped;
            text.before = b.before;
            text
        })
    }

    fn append(&mut self, bytes: &[u8]) {
        Self::append_to(&mut self.game, self.limit, bytes);
    }

    /// Appends `bytes` to the game being built, as far as its limit allows,
    /// counting the rest as dropped. A function of the two fields, not of
    /// the splitter: the bytes may be borrowed from the reader's buffer.
    /// Inlined: it runs for every line.
    #[inline(always)]
    fn append_to(game: &mut Option<Building>, limit: usize, bytes: &[u8]) {
        if let Some(game) = game {
            let room = limit.saturating_sub(game.bytes.len());
            let keep = bytes.len().min(room);
            game.bytes.extend_from_slice(&bytes[..keep]);
            game.dropped += (bytes.len() - keep) as u64;
        }
    }

    /// Consumes a whole line of `len` bytes that a quick path took from the
    /// reader's buffer, and moves the place on to the next line.
    fn consume_line(&mut self, len: usize) {
        self.consume_lines(len, 1);
    }

    /// Consumes `lines` whole lines, `len` bytes, that a quick path took
    /// from the reader's buffer, and moves the place on past them. Inlined:
    /// it runs for nearly every run of lines.
    #[inline(always)]
    fn consume_lines(&mut self, len: usize, lines: u32) {
        self.reader.consume(len);
        self.offset += len as u64;
        self.line = self.line.saturating_add(lines);
        self.line_chars = 0;
    }

    /// Appends the prefix and the rest of the line to the current game,
    /// scanning it as `scan` says. When a tag pair follows a result on the
    /// line, only the part before the tag is taken: the rest is left to be
    /// read as a line of its own, the start of the next game.
    fn take_line(&mut self, complete: bool, scan: Scan) -> io::Result<()> {
        let mut scanner = LineScan::new(self.in_comment);
        let prefix = std::mem::take(&mut self.prefix);
        let split = match scan {
            Scan::No => None,
            Scan::Movetext => scanner.feed(&prefix),
            Scan::AfterTags(from) => prefix
                .get(from..)
                .and_then(|rest| scanner.feed(rest))
                .map(|at| at + from),
        };
        let taken = split.unwrap_or(prefix.len());
        self.append(&prefix[..taken]);
        self.offset += taken as u64;
        if split.is_some() {
            self.reader.push_front(&prefix[taken..]);
            self.line_chars = self
                .line_chars
                .saturating_add(count_chars(&prefix[..taken]));
            self.prefix = prefix;
            self.after_split();
            return Ok(());
        }
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
                let split = if scan == Scan::No {
                    None
                } else {
                    scanner.feed(chunk)
                };
                let len = split.unwrap_or(chunk.len());
                let chars = split.map(|at| count_chars(&chunk[..at]));
                Self::append_to(&mut self.game, self.limit, &chunk[..len]);
                self.reader.consume(len);
                self.offset += len as u64;
                if let Some(chars) = chars {
                    // The line's chunks before this one are counted only as bytes: a
                    // line this long is rare enough that its column may be approximate.
                    self.line_chars = self
                        .line_chars
                        .saturating_add(u32::try_from(self.prefix.len()).unwrap_or(0))
                        .saturating_add(chars);
                    self.after_split();
                    return Ok(());
                }
                if end {
                    break;
                }
            }
        }
        self.line = self.line.saturating_add(1);
        self.line_chars = 0;
        if scan != Scan::No {
            Self::end_scanned_line(&mut self.in_comment, &mut self.state, scanner);
        }
        Ok(())
    }

    /// A scanned line taken whole: a comment left open goes on into the
    /// next line, and a result at its end (outside one) ends the movetext.
    /// A function of the two fields, not of the splitter: the movetext's
    /// quick path calls it while it borrows the reader's buffer.
    fn end_scanned_line(in_comment: &mut bool, state: &mut State, mut scanner: LineScan) {
        scanner.end_word();
        *in_comment = scanner.in_brace;
        if scanner.saw_result && !*in_comment {
            *state = State::AfterResult;
        }
    }

    /// The line was cut after a result: the game has it, and the rest of the
    /// line begins the next one.
    fn after_split(&mut self) {
        self.in_comment = false;
        self.state = State::AfterResult;
    }

    fn next_game(&mut self) -> io::Result<Option<GameText>> {
        loop {
            if self.done {
                return Ok(self.finish_game());
            }
            #[cfg(test)]
            let fast = !tests::LINE_BY_LINE.get();
            #[cfg(not(test))]
            let fast = true;
            if fast && let Some(game) = self.take_usual_lines()? {
                return Ok(Some(game));
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
                self.take_line(complete, Scan::Movetext)?;
                continue;
            }

            if blank {
                match self.state {
                    State::Movetext => {
                        // No result yet: the next paragraph may go on with this game.
                        if let Some(game) = &self.game {
                            self.held = Some((game.bytes.len(), game.dropped));
                        }
                        self.state = State::Held;
                        self.take_line(complete, Scan::No)?;
                    }
                    State::Held => self.take_line(complete, Scan::No)?,
                    State::AfterResult => {
                        self.skip_line(complete)?;
                        if let Some(game) = self.finish_game() {
                            return Ok(Some(game));
                        }
                    }
                    State::Tags => self.take_line(complete, Scan::No)?,
                    State::Between => self.skip_line(complete)?,
                }
                continue;
            }

            if first == Some(b'%') {
                if self.game.is_some() {
                    self.take_line(complete, Scan::No)?;
                } else {
                    self.skip_line(complete)?;
                }
                continue;
            }

            if first == Some(b'[') {
                let new_game = match self.state {
                    State::Between | State::Movetext | State::AfterResult | State::Held => true,
                    // The name is read once: looked for, and noted when new.
                    State::Tags => match tag_name(&self.prefix) {
                        Some(name) if self.tag_names.contains(name) => true,
                        Some(name) => {
                            self.tag_names.insert(name);
                            false
                        }
                        None => false,
                    },
                };
                if new_game {
                    let finished = self.finish_game();
                    self.begin_tags_line(complete)?;
                    if finished.is_some() {
                        return Ok(finished);
                    }
                } else {
                    let scan = self.tag_line_scan(complete);
                    self.take_line(complete, scan)?;
                }
                continue;
            }

            // A line of movetext.
            if self.state == State::Held {
                if continues_game(trimmed) {
                    self.held = None;
                    self.state = State::Movetext;
                    self.take_line(complete, Scan::Movetext)?;
                    continue;
                }
                let finished = self.finish_game();
                self.start_game();
                self.state = State::Movetext;
                self.take_line(complete, Scan::Movetext)?;
                if finished.is_some() {
                    return Ok(finished);
                }
                continue;
            }
            let continues_comment = matches!(trimmed.first(), Some(b'{' | b';'));
            if self.state == State::AfterResult && !continues_comment {
                let finished = self.finish_game();
                self.start_game();
                self.state = State::Movetext;
                self.take_line(complete, Scan::Movetext)?;
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
            self.take_line(complete, Scan::Movetext)?;
        }
    }

    /// A game's usual lines, taken straight from the reader's buffer, from
    /// one game's first tag to the blank line after its result, as the
    /// general path takes them: the first tag line begins a game, the
    /// header's lines ([`Splitter::take_tag_lines`]) and the movetext's
    /// ([`Splitter::take_movetext_lines`]) follow, and the blank line after
    /// the result ends the game, which is returned. Without this, each
    /// game's first tag line, the blank line after the header, the first
    /// line of movetext and the blank line after the result each went
    /// through the general path (its prefix copied and looked at as any
    /// line): four lines a game, 4.3 M of the reader's 83.2 M instructions
    /// on the bench slice (docs/performance/issue-17.md, part 27).
    /// Anything else, and a comment left open, is left to the general path.
    fn take_usual_lines(&mut self) -> io::Result<Option<GameText>> {
        while !self.in_comment {
            match self.state {
                State::Between => {
                    // As the general path begins a game at a tag line: the
                    // game before is finished already (no game, no held
                    // blank lines, no names), and the first tag's name is
                    // noted when the header's quick path or the general
                    // path takes the line.
                    if self.reader.fill_buf()?.first() != Some(&b'[') {
                        return Ok(None);
                    }
                    self.start_game();
                    self.state = State::Tags;
                }
                State::Tags => {
                    if !self.take_tag_lines()? {
                        return Ok(None);
                    }
                }
                State::Movetext => {
                    self.take_movetext_lines()?;
                    if self.state == State::Movetext {
                        return Ok(None);
                    }
                }
                State::AfterResult => return self.take_blank_after_result(),
                State::Held => return Ok(None),
            }
        }
        Ok(None)
    }

    /// The blank line after a game's result, taken straight from the
    /// reader's buffer as the general path skips it (kept between games
    /// when asked), and the game it ends. Any other line is left to the
    /// general path.
    fn take_blank_after_result(&mut self) -> io::Result<Option<GameText>> {
        let buf = self.reader.fill_buf()?;
        let window = &buf[..buf.len().min(PREFIX)];
        let Some(nl) = find::byte(b'\n', window) else {
            return Ok(None);
        };
        let line = &window[..=nl];
        // No byte-order mark: the general path strips one, this does not.
        if !line.iter().all(u8::is_ascii_whitespace) {
            return Ok(None);
        }
        Self::keep(&mut self.between, self.keep_between, line);
        let len = line.len();
        self.consume_line(len);
        Ok(self.finish_game())
    }

    /// The header's usual lines, taken straight from the reader's buffer:
    /// while each next line is complete there (within `PREFIX` bytes), opens
    /// with `[`, ends with `]` with no other `[` on it, and names a tag the
    /// game does not have yet, the name is noted and the line taken whole,
    /// as the general path takes it (`next_game` in `State::Tags`, its
    /// `tag_line_scan` saying `Scan::No`), without copying it to the prefix
    /// first and looking at it as any line. A blank line (white space only)
    /// is taken as the general path takes it in a header. Most lines of a
    /// file are such lines; anything else is left to the general path.
    ///
    /// Returns whether the header ended at a line that opens the movetext
    /// (by [`opens_movetext`]): the state is then `State::Movetext`, as the
    /// general path makes it before it takes that line, and the line is
    /// left to the movetext's quick path (or, should that decline it, to
    /// the general path, which takes it as it would have).
    fn take_tag_lines(&mut self) -> io::Result<bool> {
        loop {
            let buf = self.reader.fill_buf()?;
            // The lines taken are appended and consumed as one run, once
            // the buffer's lines are used up or one is not usual.
            let (mut taken, mut lines) = (0, 0u32);
            let ended = loop {
                let rest = &buf[taken..];
                let window = &rest[..rest.len().min(PREFIX)];
                let Some(&first) = window.first() else {
                    // The buffer's end: read on, unless it was the input's.
                    break (taken == 0).then_some(false);
                };
                if first != b'[' {
                    if opens_movetext(first) {
                        self.state = State::Movetext;
                        break Some(true);
                    }
                    let Some(nl) = find::byte(b'\n', window) else {
                        break Some(false);
                    };
                    // No byte-order mark: the general path strips one, this does not.
                    if !window[..=nl].iter().all(u8::is_ascii_whitespace) {
                        break Some(false);
                    }
                    taken += nl + 1;
                    lines += 1;
                    continue;
                }
                // The line's end and any other `[` before it, in one search.
                let Some(nl) = find::any2(b'\n', b'[', &window[1..]).map(|at| at + 1) else {
                    break Some(false);
                };
                let line = &window[..=nl];
                if line.last() != Some(&b'\n') || !trim_end(line).ends_with(b"]") {
                    break Some(false);
                }
                if let Some(name) = tag_name(line) {
                    if self.tag_names.contains(name) {
                        break Some(false);
                    }
                    self.tag_names.insert(name);
                }
                taken += line.len();
                lines += 1;
            };
            Self::append_to(&mut self.game, self.limit, &buf[..taken]);
            self.consume_lines(taken, lines);
            if let Some(ended) = ended {
                return Ok(ended);
            }
        }
    }

    /// The movetext's usual lines, taken straight from the reader's buffer,
    /// as [`Splitter::take_tag_lines`] takes the header's: while the game's
    /// movetext goes on outside a comment and each next line is complete
    /// there (within `PREFIX` bytes) and opens with a byte that is neither
    /// white space, `[`, `%` nor a byte-order mark's first, the line is
    /// scanned and taken whole as the general path takes it (`next_game`
    /// in `State::Movetext`, `take_line` with `Scan::Movetext`), without
    /// copying it to the prefix first and looking at it as any line. A line
    /// where a tag pair follows a result (the next game begins within it)
    /// is left to the general path, which cuts it.
    fn take_movetext_lines(&mut self) -> io::Result<()> {
        if self.game.is_none() {
            return Ok(());
        }
        loop {
            let buf = self.reader.fill_buf()?;
            // One run of lines, as in `take_tag_lines`.
            let (mut taken, mut lines) = (0, 0u32);
            let read_on = loop {
                if self.state != State::Movetext || self.in_comment {
                    break false;
                }
                let rest = &buf[taken..];
                let window = &rest[..rest.len().min(PREFIX)];
                let Some(&first) = window.first() else {
                    // The buffer's end: read on, unless it was the input's.
                    break taken > 0;
                };
                if !opens_movetext(first) {
                    break false;
                }
                let line = match find::byte(b'\n', window) {
                    Some(nl) => &window[..=nl],
                    // Longer than the prefix and whole in the buffer: scanned
                    // in the two pieces the general path scans (its prefix,
                    // then the rest of the line), whose ends a word or a `[`
                    // may straddle.
                    None if window.len() == PREFIX => {
                        let Some(nl) = find::byte(b'\n', &rest[PREFIX..]) else {
                            break false;
                        };
                        let line = &rest[..=PREFIX + nl];
                        let mut scanner = LineScan::new(false);
                        if scanner.feed(&line[..PREFIX]).is_some()
                            || scanner.feed(&line[PREFIX..]).is_some()
                        {
                            break false;
                        }
                        Self::end_scanned_line(&mut self.in_comment, &mut self.state, scanner);
                        taken += line.len();
                        lines += 1;
                        continue;
                    }
                    None => break false,
                };
                match LineScan::plain_line_result(line) {
                    // As `end_scanned_line` ends a line outside comments.
                    Some(true) => self.state = State::AfterResult,
                    Some(false) => {}
                    None => {
                        let mut scanner = LineScan::new(false);
                        if scanner.feed(line).is_some() {
                            break false;
                        }
                        Self::end_scanned_line(&mut self.in_comment, &mut self.state, scanner);
                    }
                }
                taken += line.len();
                lines += 1;
            };
            Self::append_to(&mut self.game, self.limit, &buf[..taken]);
            self.consume_lines(taken, lines);
            if !read_on {
                return Ok(());
            }
        }
    }

    /// How to scan a tag line: for movetext after its tag pairs, where the
    /// line has some (`[Event "A"] 1. e4 * [Event "B"] …`).
    fn tag_line_scan(&self, complete: bool) -> Scan {
        let line = trim_end(&self.prefix);
        // Most tag lines hold one tag pair and nothing else.
        if complete
            && line.ends_with(b"]")
            && find::byte(b'[', line.get(1..).unwrap_or(&[])).is_none()
        {
            return Scan::No;
        }
        tags_end(&self.prefix).map_or(Scan::No, Scan::AfterTags)
    }

    fn begin_tags_line(&mut self, complete: bool) -> io::Result<()> {
        self.start_game();
        self.state = State::Tags;
        self.note_tag_name();
        let scan = self.tag_line_scan(complete);
        self.take_line(complete, scan)
    }

    fn note_tag_name(&mut self) {
        if let Some(name) = tag_name(&self.prefix) {
            self.tag_names.insert(name);
        }
    }

    fn skip_line(&mut self, complete: bool) -> io::Result<()> {
        self.offset += self.prefix.len() as u64;
        Self::keep(&mut self.between, self.keep_between, &self.prefix);
        if !complete {
            loop {
                let buf = self.reader.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                match memchr::memchr(b'\n', buf) {
                    Some(nl) => {
                        Self::keep(&mut self.between, self.keep_between, &buf[..=nl]);
                        self.reader.consume(nl + 1);
                        self.offset += nl as u64 + 1;
                        break;
                    }
                    None => {
                        let len = buf.len();
                        Self::keep(&mut self.between, self.keep_between, buf);
                        self.reader.consume(len);
                        self.offset += len as u64;
                    }
                }
            }
        }
        self.line = self.line.saturating_add(1);
        self.line_chars = 0;
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

/// The tag names of one game's header, one after another. Each is looked
/// for among the ones before it (a header of twenty tags makes two hundred
/// comparisons): a key of its length and its first and last byte rules
/// out nearly every other name without a look at the bytes, and one bit of
/// the key for each name seen rules out most new names without a look at
/// the others. A header longer than any real one (a broken export, or a
/// file made to be slow: tens of thousands of names) is looked up in a
/// hash set instead, so that it costs linear time, not quadratic.
#[derive(Default)]
struct TagNames {
    bytes: Vec<u8>,
    /// Each name's key and where it ends in `bytes`.
    names: Vec<(u32, usize)>,
    /// The bits of the keys seen ([`TagNames::bit`]).
    seen: u64,
    /// Every name, once there are [`TagNames::INDEXED_FROM`] of them.
    index: HashSet<Vec<u8>>,
}

impl TagNames {
    /// From this many names on (all bits of `seen` are then as good as
    /// set) the names are looked up in `index`.
    const INDEXED_FROM: usize = 64;

    fn key(name: &[u8]) -> u32 {
        let (first, last) = (name.first(), name.last());
        let byte = |b: Option<&u8>| u32::from(b.copied().unwrap_or(0));
        (u32::try_from(name.len()).unwrap_or(u32::MAX) << 16) ^ (byte(first) << 8) ^ byte(last)
    }

    /// One of 64 bits, by a multiplicative hash of the key.
    fn bit(key: u32) -> u64 {
        1 << (key.wrapping_mul(0x9e37_79b9) >> 26)
    }

    // Inlined: asked for every tag line (as a call, 6 M more on the bench slice).
    #[inline]
    fn contains(&self, name: &[u8]) -> bool {
        if self.names.len() >= TagNames::INDEXED_FROM {
            return self.index_contains(name);
        }
        let key = TagNames::key(name);
        if self.seen & TagNames::bit(key) == 0 {
            return false;
        }
        let mut start = 0;
        self.names.iter().any(|&(seen_key, end)| {
            let seen = start;
            start = end;
            seen_key == key && self.bytes.get(seen..end) == Some(name)
        })
    }

    // Inlined: asked for every tag line (as a call, 6 M more on the bench slice).
    #[inline]
    fn insert(&mut self, name: &[u8]) {
        self.bytes.extend_from_slice(name);
        let key = TagNames::key(name);
        self.names.push((key, self.bytes.len()));
        self.seen |= TagNames::bit(key);
        if self.names.len() >= TagNames::INDEXED_FROM {
            self.index_insert(name);
        }
    }

    /// [`TagNames::contains`] in a long header: out of line, since no real
    /// header gets here.
    #[cold]
    #[inline(never)]
    fn index_contains(&self, name: &[u8]) -> bool {
        self.index.contains(name)
    }

    /// The name just added to a long header into the index; the first time,
    /// every name so far.
    #[cold]
    #[inline(never)]
    fn index_insert(&mut self, name: &[u8]) {
        if self.names.len() > TagNames::INDEXED_FROM {
            self.index.insert(name.to_vec());
            return;
        }
        let mut start = 0;
        for &(_, end) in &self.names {
            self.index
                .insert(self.bytes.get(start..end).unwrap_or_default().to_vec());
            start = end;
        }
    }

    fn clear(&mut self) {
        self.bytes.clear();
        self.names.clear();
        self.seen = 0;
        self.index.clear();
    }
}

/// Asked of every line: one byte tells nearly every line apart from a mark.
/// Whether a line that opens with `first` is a line of movetext to the
/// general path whatever comes after (outside a comment): not blank, not a
/// tag line, not an escape, not a byte-order mark's first byte (before
/// which the general path looks past the mark).
fn opens_movetext(first: u8) -> bool {
    !first.is_ascii_whitespace() && !matches!(first, b'[' | b'%' | 0xef)
}

fn strip_bom(bytes: &[u8]) -> &[u8] {
    match bytes {
        [0xef, 0xbb, 0xbf, rest @ ..] => rest,
        _ => bytes,
    }
}

fn trim_start(bytes: &[u8]) -> &[u8] {
    let bytes = strip_bom(bytes);
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    &bytes[start..]
}

fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &bytes[..end]
}

/// Characters in a piece of a line (UTF-8 assumed: a column for people).
fn count_chars(bytes: &[u8]) -> u32 {
    let n = bytes.iter().filter(|&&b| (b & 0xc0) != 0x80).count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Where the tag pairs at the start of a line end, when movetext follows
/// them on the line: `None` for a line of tags only, or when a tag pair is
/// not complete within the bytes looked at.
fn tags_end(line: &[u8]) -> Option<usize> {
    let mut at = line.len() - trim_start(line).len();
    let mut end = None;
    while line.get(at) == Some(&b'[') {
        let (_, after) = split_tag_name(&line[at..])?;
        let mut i = line.len() - after.len();
        while line.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        if line.get(i) != Some(&b'"') {
            return None;
        }
        i += 1;
        loop {
            match line.get(i)? {
                b'\\' => i += 2,
                b'"' => break,
                _ => i += 1,
            }
        }
        i += 1;
        while line.get(i).is_some_and(|b| *b == b' ' || *b == b'\t') {
            i += 1;
        }
        if line.get(i) != Some(&b']') {
            return None;
        }
        at = i + 1;
        end = Some(at);
        while line.get(at).is_some_and(|b| *b == b' ' || *b == b'\t') {
            at += 1;
        }
    }
    let end = end?;
    trim_start(&line[end..]).first().map(|_| end)
}

/// Whether a paragraph that begins with `line` goes on with a game whose
/// movetext had no result before the blank line: a lone result, a comment,
/// a variation, a NAG or glyph, dots or Black's move number, or a move
/// number but 1 (`1.` begins a game of its own, as does a bare move).
fn continues_game(line: &[u8]) -> bool {
    let line = trim_end(line);
    if movetext_result(line).is_some() {
        return true;
    }
    let Some(&first) = line.first() else {
        return false;
    };
    if matches!(first, b'{' | b'(' | b';' | b'$' | b'.') || line.starts_with("…".as_bytes()) {
        return true;
    }
    let word_end = line
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(line.len());
    let word = &line[..word_end];
    if first.is_ascii_digit() {
        let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
        let rest = &line[digits..];
        let dots = trim_start(rest).iter().take_while(|&&b| b == b'.').count();
        let glued = rest.first() == Some(&b'.');
        let is_one = &word[..digits] == b"1";
        // `12.`, `12 ...`, `1...`; a bare `1` or `1.` begins a game.
        return (glued || dots > 0 || digits == word.len())
            && !(word.starts_with(b"0-0") || word.starts_with(b"0000"))
            && (!is_one || dots >= 2);
    }
    !first.is_ascii_alphabetic() && text_annotation(word).is_some()
}

/// The name of a tag pair at the start of `line`, like `Event` in `[Event "x"]`,
/// and what follows it.
fn split_tag_name(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let rest = strip_bom(line).strip_prefix(b"[")?;
    let rest = trim_start(rest);
    // Asked for every tag line of the input on the reader thread: one
    // table look-up a byte, not the two range tests of `is_ascii_alphanumeric`.
    let end = rest
        .iter()
        .position(|&b| !TAG_NAME[usize::from(b)])
        .unwrap_or(rest.len());
    (end > 0).then(|| (&rest[..end], &rest[end..]))
}

fn tag_name(line: &[u8]) -> Option<&[u8]> {
    split_tag_name(line).map(|(name, _)| name)
}

fn looks_like_tag_pair(line: &[u8]) -> bool {
    split_tag_name(line).is_some_and(|(_, after)| trim_start(after).first() == Some(&b'"'))
}

/// The bytes of text outside comments a [`LineScan`] keeps: more than the
/// longest result token.
const TAIL: usize = 16;

/// The last word of `tail`, the end of a line's text outside comments.
fn last_word(tail: &[u8]) -> &[u8] {
    let word_start = tail
        .iter()
        .rposition(|b| b.is_ascii_whitespace() || matches!(b, b'(' | b')' | b'}'))
        .map_or(0, |i| i + 1);
    &tail[word_start..]
}

/// Tracks comments across the chunks of one line, and whether the line's
/// last word outside comments is a result token.
struct LineScan {
    in_brace: bool,
    in_semicolon: bool,
    /// The end of the last stretch of text outside comments that was not blank.
    tail: [u8; TAIL],
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
            tail: [0; TAIL],
            tail_len: 0,
            tail_open: false,
            saw_result: false,
        }
    }

    /// Scans a chunk of the line. Returns the offset of a `[` that opens a
    /// tag pair right after a result, where the next game begins.
    fn feed(&mut self, bytes: &[u8]) -> Option<usize> {
        let mut rest = bytes;
        while !rest.is_empty() && !self.in_semicolon {
            if self.in_brace {
                match find::byte(b'}', rest) {
                    Some(i) => {
                        self.in_brace = false;
                        rest = &rest[i + 1..];
                    }
                    None => return None,
                }
                continue;
            }
            match find::any3(b'{', b';', b'[', rest) {
                Some(i) if rest[i] == b'[' => {
                    self.outside(&rest[..i], true);
                    let opens_tag = rest.get(i + 1).is_none_or(u8::is_ascii_alphabetic);
                    if opens_tag && movetext_result(self.last_word()).is_some() {
                        return Some(bytes.len() - rest.len() + i);
                    }
                    self.outside(&rest[i..=i], true);
                    rest = &rest[i + 1..];
                }
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
                    return None;
                }
            }
        }
        None
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

    /// The last word of the text outside comments so far.
    fn last_word(&self) -> &[u8] {
        last_word(&self.tail[..self.tail_len])
    }

    /// Whether a whole line that holds none of `{`, `;` and `[` ends the
    /// movetext with a result, as a scanner that was not in a comment
    /// would say after [`LineScan::feed`] and [`LineScan::end_word`] on it
    /// (the last word of its last sixteen bytes but trailing white space);
    /// `None` for a line that holds one of them, which the scanner reads.
    /// Most lines of movetext hold no comment: their scan was a quarter of
    /// the reader's instructions on the movetext's quick path.
    fn plain_line_result(line: &[u8]) -> Option<bool> {
        if find::any3(b'{', b';', b'[', line).is_some() {
            return None;
        }
        let end = trim_end(line).len();
        let tail = &line[end.saturating_sub(TAIL)..end];
        Some(movetext_result(last_word(tail)).is_some())
    }

    /// Called at the end of the line.
    fn end_word(&mut self) {
        self.saw_result = movetext_result(self.last_word()).is_some();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        /// Makes the splitter take every line by the general path.
        pub(super) static LINE_BY_LINE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }

    /// Every field of every game (or the error) a splitter over `pgn` cuts,
    /// reading it `chunk` bytes at a time, with the bytes between games kept.
    fn cut(pgn: &[u8], chunk: usize, limit: usize) -> Vec<String> {
        let reader = io::BufReader::with_capacity(chunk, pgn);
        Splitter::with_limit(reader, limit)
            .keep_between(true)
            .map(|g| match g {
                Ok(g) => format!(
                    "{}:{}@{}-{}|{:?}|{:?}",
                    g.first_line, g.first_column, g.offset, g.dropped_bytes, g.before, g.bytes
                ),
                Err(e) => e.to_string(),
            })
            .collect()
    }

    /// Cuts 3,000 random streams of `lines` (the first `usual` of them
    /// two times in three, as in a file), read in chunks of every size
    /// from 1 byte and with a small limit too, by the quick paths and line
    /// by line, and fails where the games differ in a byte or a field.
    /// Returns how many games were compared.
    fn quick_paths_cut_as_the_general_path(lines: &[&[u8]], usual: u64, mut seed: u64) -> usize {
        let mut checked = 0;
        for _ in 0..3_000 {
            crate::testing::xorshift(&mut seed);
            let count = (seed % 24) as usize;
            let mut pgn = Vec::new();
            for _ in 0..count {
                crate::testing::xorshift(&mut seed);
                let pick = if seed.is_multiple_of(3) {
                    seed >> 8
                } else {
                    (seed >> 8) % usual
                };
                pgn.extend_from_slice(lines[pick as usize % lines.len()]);
            }
            for (chunk, limit) in [(1, 1 << 20), (7, 1 << 20), (64, 300), (8192, 1 << 20)] {
                LINE_BY_LINE.set(true);
                let general = cut(&pgn, chunk, limit);
                LINE_BY_LINE.set(false);
                let quick = cut(&pgn, chunk, limit);
                assert_eq!(quick, general, "{:?}", String::from_utf8_lossy(&pgn));
                checked += general.len();
            }
        }
        checked
    }

    /// Streams of lines a header's quick path takes and lines it must leave
    /// to the general path (a repeated name, a `[` in a value, two pairs on
    /// a line, a result and a tag on one line, comments, blank lines, a
    /// line longer than the prefix, CR LF, a byte-order mark, a missing
    /// line end): the same games as line by line. Fails if the quick path
    /// takes a line whose name the game already has, or one with a second
    /// `[`.
    #[test]
    fn the_headers_quick_path_cuts_as_the_general_path() {
        let long_value = format!("[Annotator \"{}\"]\n", "x".repeat(300));
        let lines: Vec<&[u8]> = vec![
            b"[Event \"A\"]\n",
            b"[Site \"B\"]\n",
            b"[Event \"Again\"]\n",
            b"[White \"[x]\"]\n",
            b"[Black \"C\"] [Round \"1\"]\n",
            b"[Date \"2024.01.01\"]\r\n",
            b"[Result \"1-0\"]   \n",
            b"  [Round \"2\"]\n",
            b"\xef\xbb\xbf[ECO \"A00\"]\n",
            b"[Opening \"x\"\n",
            b"[]\n",
            b"\n",
            b"1. e4 e5 1-0\n",
            b"1. d4 { a [comment } d5 *\n",
            b"1. c4 { open\n",
            b"still } c5 0-1 [Event \"D\"]\n",
            b"% escape\n",
            b"[TimeControl \"60+1\"]",
            long_value.as_bytes(),
        ];
        let checked = quick_paths_cut_as_the_general_path(&lines, 8, 0x1f83_d9ab_fb41_bd6b);
        assert!(checked > 10_000, "{checked}");
    }

    /// The same for the movetext's quick path: lines it takes (moves,
    /// comments closed on the line, a result at the end) and lines it must
    /// leave to the general path or whose effect it must carry over (a
    /// comment left open, its close, a `;` comment, a tag pair after a
    /// result, blank lines, escapes, a line opening with white space or a
    /// byte-order mark (before moves or a tag), a line longer than the
    /// prefix, CR LF, a lone result or a move number that continues a held
    /// game, a missing line end). Fails if the quick path takes the line
    /// that holds the next game's first tag, reads on inside a comment, or
    /// misses a result.
    #[test]
    fn the_movetexts_quick_path_cuts_as_the_general_path() {
        let long_line = format!("{}1-0\n", "1. e4 e5 ".repeat(40));
        // A word across the prefix's end: the general path scans the prefix
        // and the rest apart, and its tail then holds `1-0` alone.
        let straddling = format!("{}x1-0\n", "e".repeat(PREFIX - 1));
        let lines: Vec<&[u8]> = vec![
            b"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n",
            b"4. Ba4 {a comment} Nf6 5. O-O (5. d3 b5) Be7\n",
            b"6. Re1 b5 1-0\n",
            b"1. d4 {open [Event \"X\"] comment\n",
            b"still open} d5 2. c4 *\n",
            b"7. Bb3 d6 ; to the end [Event \"Y\"] {\n",
            b"\n",
            b"[Event \"A\"]\n",
            b"1. c4 c5 0-1 [Event \"B\"] 1. e4 *\n",
            b"% escape {1-0\n",
            b"  8. c3 O-O\n",
            b"\xef\xbb\xbf1. f4 *\n",
            b"\xef\xbb\xbf[Event \"C\"]\n",
            b"9. h3 Bb7 1/2-1/2\r\n",
            b"1-0\n",
            b"12... Nc6 13. Nd2\n",
            b"10. d4 Re8 [%clk 0:01:00]\n",
            b"11. Nbd2 Bf8 *",
            long_line.as_bytes(),
            straddling.as_bytes(),
        ];
        let checked = quick_paths_cut_as_the_general_path(&lines, 3, 0x2545_f491_4f6c_dd1d);
        assert!(checked > 10_000, "{checked}");
    }

    /// The shortcut for lines without a comment says what the scanner says
    /// of them, on 200,000 random lines of results' bytes, move text,
    /// white space, parentheses and braces (results glued to a move, after
    /// a `)`, alone, longer than the scanner's tail), and leaves every line
    /// with a `{`, `;` or `[` to the scanner. Fails if it looks at more or
    /// less than the scanner's tail, or splits words elsewhere.
    #[test]
    fn a_line_without_comments_ends_with_a_result_as_the_scanner_says() {
        let pieces: Vec<&[u8]> =
            " |\t|\r|(|)|}|1-0|0-1|1/2-1/2|*|½-½|+/-|e4|Nf3|12.|...|1|-|0|R|{|;|[|xxxxxxxxxxxx"
                .split('|')
                .map(str::as_bytes)
                .collect();
        let mut seed = 0x6a09_e667_f3bc_c908_u64;
        let (mut results, mut scanned) = (0, 0);
        for _ in 0..200_000 {
            let mut line = Vec::new();
            for _ in 0..crate::testing::xorshift(&mut seed) % 9 {
                let pick = crate::testing::xorshift(&mut seed) as usize % pieces.len();
                line.extend_from_slice(pieces[pick]);
            }
            if !crate::testing::xorshift(&mut seed).is_multiple_of(4) {
                line.push(b'\n');
            }
            let mut scanner = LineScan::new(false);
            let split = scanner.feed(&line);
            let shortcut = LineScan::plain_line_result(&line);
            if line.iter().any(|b| matches!(b, b'{' | b';' | b'[')) {
                assert_eq!(shortcut, None, "{:?}", String::from_utf8_lossy(&line));
                scanned += 1;
                continue;
            }
            assert_eq!(split, None);
            scanner.end_word();
            assert!(!scanner.in_brace);
            assert_eq!(
                shortcut,
                Some(scanner.saw_result),
                "{:?}",
                String::from_utf8_lossy(&line)
            );
            results += usize::from(scanner.saw_result);
        }
        assert!(results > 5_000 && scanned > 50_000, "{results} {scanned}");
    }

    fn split(pgn: &[u8]) -> Vec<(u32, String)> {
        Splitter::new(pgn)
            .map(|g| {
                let g = g.expect("in-memory read");
                (g.first_line, String::from_utf8_lossy(&g.bytes).into_owned())
            })
            .collect()
    }

    #[test]
    fn a_buffer_given_back_holds_the_next_game_and_a_huge_one_is_dropped() {
        let pgn = b"[Event \"A\"]\n\n1. e4 e5 1-0\n\n[Event \"B\"]\n\n1. d4 *\n\n1. c4 *\n";
        let mut games = Splitter::new(&pgn[..]);
        let first = games.next().expect("a game").expect("in-memory read");
        // Left-over bytes of the game before do not leak into the next.
        let mut buffer = first.bytes;
        buffer.extend_from_slice(&[b'x'; 100]);
        let room = buffer.as_ptr();
        games.give_back([buffer, Vec::with_capacity(SPARE_ROOM + 1)]);
        let second = games.next().expect("a game").expect("in-memory read");
        assert_eq!(second.bytes, b"[Event \"B\"]\n\n1. d4 *\n");
        assert_eq!(second.bytes.as_ptr(), room);
        // The huge buffer was not kept, nor the game's left short.
        games.give_back([Vec::with_capacity(FIRST_ROOM - 1)]);
        assert!(games.spare.is_empty());
        let third = games.next().expect("a game").expect("in-memory read");
        assert_eq!(third.bytes, b"1. c4 *\n");
    }

    /// The keys only rule names out: names of the same length, first and
    /// last byte (`abca`, `acba`) are told apart by their bytes; and a long
    /// header, looked up in its index, finds the same.
    #[test]
    fn tag_names_are_found_as_by_a_plain_search() {
        let mut seed = 0x6a09_e667_f3bc_c909_u64;
        let mut next = |n: u64| crate::testing::xorshift(&mut seed) % n;
        // One set cleared between headers, as the splitter uses it; headers
        // short and long, past the count where the names go into the index.
        let mut names = TagNames::default();
        let mut indexed = 0;
        for _ in 0..2_000 {
            names.clear();
            let mut plain: Vec<Vec<u8>> = Vec::new();
            for _ in 0..next(200) {
                let name: Vec<u8> = (0..next(6)).map(|_| b"abc"[next(3) as usize]).collect();
                let seen = plain.contains(&name);
                assert_eq!(names.contains(&name), seen, "{name:?} in {plain:?}");
                if !seen {
                    names.insert(&name);
                    plain.push(name);
                }
            }
            indexed += usize::from(plain.len() > TagNames::INDEXED_FROM);
        }
        assert!(indexed > 100, "{indexed}");
    }

    #[test]
    fn tag_names_are_read_as_the_lexer_reads_them() {
        assert_eq!(
            split_tag_name(b"[ White_Elo2 \"1\"]"),
            Some((&b"White_Elo2"[..], &b" \"1\"]"[..]))
        );
        assert_eq!(
            split_tag_name(b"[X-Team-Name \"a\"]"),
            Some((&b"X-Team-Name"[..], &b" \"a\"]"[..]))
        );
        assert_eq!(split_tag_name(b"[\"x\"]"), None);
    }

    /// Names that agree up to a hyphen are two names, not one repeated: the
    /// header stays one game (it was cut in two when the splitter stopped a
    /// name at `-`).
    #[test]
    fn names_with_hyphens_are_told_apart() {
        let games =
            split(b"[Event \"e\"]\n[X-One \"1\"]\n[X-Two \"2\"]\n[Result \"*\"]\n\n1. e4 *\n");
        assert_eq!(games.len(), 1, "{games:?}");
        let games = split(b"[X-One \"1\"]\n[X-One \"2\"]\n");
        assert_eq!(games.len(), 2, "{games:?}");
    }

    #[test]
    fn the_bytes_between_games_give_the_source_back() {
        let pgn: &[u8] = b"\r\n[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n%escape\r\n\r\n[Event \"b\"]\n\n1. d4\n\n\n1. c4 * [Event \"c\"] 1. f3 *\n";
        let games: Vec<GameText> = Splitter::new(pgn)
            .keep_between(true)
            .collect::<io::Result<_>>()
            .expect("in-memory read");
        assert_eq!(games.len(), 4);
        let mut again = Vec::new();
        for g in &games {
            again.extend_from_slice(&g.before);
            again.extend_from_slice(&g.bytes);
        }
        assert_eq!(
            String::from_utf8_lossy(&again),
            String::from_utf8_lossy(pgn)
        );
        // Without asking, nothing is kept.
        let plain = Splitter::new(pgn).filter_map(Result::ok);
        assert!(plain.into_iter().all(|g| g.before.is_empty()));
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

    #[test]
    fn a_lone_result_after_a_blank_line_belongs_to_the_game() {
        let games = split(b"[Event \"a\"]\n\n1. e4 e5\n\n1-0\n\n[Event \"b\"]\n\n1. d4 *\n");
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].1, "[Event \"a\"]\n\n1. e4 e5\n\n1-0\n");
        assert_eq!(games[1].0, 7);
    }

    #[test]
    fn movetext_goes_on_after_a_blank_line() {
        let pgn = b"[Event \"a\"]\n\n1. e4 e5 2. Nf3 {long}\n\n2... Nc6 3. Bb5 *\n\n[Event \"b\"]\n1. d4 *\n";
        let games = split(pgn);
        assert_eq!(games.len(), 2);
        assert!(games[0].1.ends_with("3. Bb5 *\n"));
        for next in [
            &b"{more}"[..],
            b"(2. d4)",
            b"$1",
            b"... Nc6",
            b"12. Nf3",
            b"1... e5",
            b"+-",
            "… Nc6".as_bytes(),
        ] {
            let mut pgn = b"1. e4\n\n".to_vec();
            pgn.extend_from_slice(next);
            assert_eq!(split(&pgn).len(), 1, "{}", String::from_utf8_lossy(next));
        }
    }

    #[test]
    fn a_new_game_after_a_blank_line_is_cut_as_before() {
        // A first move, or a bare move, begins a game of its own; the blank lines are in neither.
        for next in [
            &b"1. d4 *"[..],
            b"d4 d5 *",
            b"1 d4 *",
            b"1.d4 *",
            b"Nf3 *",
            b"0-0 *",
        ] {
            let mut pgn = b"1. e4 e5\n\n".to_vec();
            pgn.extend_from_slice(next);
            let games = split(&pgn);
            assert_eq!(games.len(), 2, "{}", String::from_utf8_lossy(next));
            assert_eq!(games[0].1, "1. e4 e5\n");
            assert_eq!(games[1].0, 3);
        }
        let games = split(b"1. e4 e5\n\n\n");
        assert_eq!(games, [(1, "1. e4 e5\n".to_string())]);
    }

    #[test]
    fn two_games_on_one_line() {
        let pgn = b"[Event \"a\"]\n1. e4 a5 * [Event \"b\"] [Result \"*\"] 1. d4 d5 * [Event \"c\"] 1. c4 *\n";
        let games: Vec<_> = Splitter::new(&pgn[..])
            .collect::<Result<_, _>>()
            .expect("in-memory read");
        let texts: Vec<_> = games
            .iter()
            .map(|g| String::from_utf8_lossy(&g.bytes).into_owned())
            .collect();
        assert_eq!(
            texts,
            [
                "[Event \"a\"]\n1. e4 a5 * ",
                "[Event \"b\"] [Result \"*\"] 1. d4 d5 * ",
                "[Event \"c\"] 1. c4 *\n"
            ]
        );
        let column = |text: &str| u32::try_from(text.len()).expect("short") + 1;
        assert_eq!(
            (games[1].first_line, games[1].first_column),
            (2, column(&texts[0][12..]))
        );
        assert_eq!(games[1].locate(1).column, column(&texts[0][12..]) + 1);
        assert_eq!(
            games[2].first_column,
            column(&texts[0][12..]) + column(&texts[1]) - 1
        );
        assert_eq!(games[1].offset, texts[0].len() as u64);
        // A comment's bracket or a bracket that opens no tag is no boundary.
        assert_eq!(split(b"1. e4 * {[Event \"b\"]}\n").len(), 1);
        assert_eq!(split(b"1. e4 e5 [Event \"b\"]\n").len(), 1);
        assert_eq!(split(b"1. e4 * [%clk 0:01:00]\n").len(), 1);
    }

    #[test]
    fn a_split_line_longer_than_the_prefix() {
        let mut pgn = b"1. e4 {".to_vec();
        pgn.extend(std::iter::repeat_n(b'x', 1000));
        pgn.extend_from_slice(b"} e5 1:0 [Event \"b\"] 1. d4 *\n1. c4 *\n");
        let games = split(&pgn);
        assert_eq!(games.len(), 3);
        assert!(games[0].1.ends_with("e5 1:0 "));
        assert_eq!(games[1].1, "[Event \"b\"] 1. d4 *\n");
        assert_eq!(games[2], (2, "1. c4 *\n".to_string()));
    }

    #[test]
    fn any_mix_of_boundary_forms_splits_in_order_and_ends() {
        // A fixed pseudo-random walk over the pieces the new rules look at.
        const PIECES: [&[u8]; 16] = [
            b"[Event \"a\"]",
            b" ",
            b"\n",
            b"\n\n",
            b"1-0",
            b"*",
            b"1:0",
            b"{",
            b"}",
            b"[",
            b"1. e4",
            b"2... e5",
            b";",
            b"%x",
            b"[%clk 0:01]",
            b"remis",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300 {
            let mut pgn = Vec::new();
            for _ in 0..60 {
                pgn.extend_from_slice(PIECES[(crate::testing::xorshift(&mut seed) % 16) as usize]);
            }
            for limit in [256, 1 << 20] {
                let games: Vec<_> = Splitter::with_limit(&pgn[..], limit)
                    .collect::<Result<_, _>>()
                    .expect("in-memory read");
                let mut end = 0;
                for g in &games {
                    assert!(g.offset >= end, "games in order");
                    end = g.offset + g.bytes.len() as u64;
                    assert!(end <= pgn.len() as u64);
                    assert_eq!(&pgn[g.offset as usize..end as usize], &g.bytes[..]);
                }
            }
        }
    }
}
