//! Tokens of a game's text, each with its byte span. Nothing is ever skipped:
//! every byte that is not white space or punctuation belongs to some token, so
//! that a word the reader cannot understand still reaches the validator.

use crate::{
    forms::text_annotation,
    results::{WrittenResult, movetext_result},
};

/// A half-open byte range within one game's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    pub fn of<'a>(&self, bytes: &'a [u8]) -> &'a [u8] {
        bytes.get(self.start..self.end).unwrap_or(&[])
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TokenKind {
    /// `[Name "value"]`; `value` is `None` when the line is not a well-formed tag pair.
    Tag {
        name: Span,
        value: Option<Span>,
    },
    /// `12.`, `12...`, or a bare `12`.
    MoveNumber(u32),
    /// Dots of a Black move number apart from its number (`10 ... Be2`),
    /// without one (`... cxd4`), or written `…`.
    Dots,
    /// Anything that may be a move: the notation layer decides.
    Word,
    /// `$12`.
    Nag(u8),
    /// A standalone annotation glyph or evaluation sign: `!?`, `+-`, `=`, `±`,
    /// and the letters `N` (novelty) and `D` (diagram), which the reader
    /// takes as annotations or as moves by their context.
    Glyph,
    /// `{ ... }`; `closed` is false when the game ended before the `}`.
    Comment {
        closed: bool,
    },
    /// `; ...` to the end of the line.
    RestOfLineComment,
    /// A `%` escape line.
    Escape,
    OpenVariation,
    CloseVariation,
    Result(WrittenResult),
    /// A byte that cannot start any token, such as a stray `}` or `]`.
    Stray,
}

/// What [`Lexer::quick`] read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quick {
    /// A move in a common SAN shape, read as [`parse_move`](crate::notation::parse_move) reads it.
    Move(Span, crate::notation::Notation),
    /// A move number, as [`TokenKind::MoveNumber`], and how many dots
    /// follow its digits (which say whose move it is:
    /// [`WrittenNumber`](crate::record::WrittenNumber)).
    Number(u32, usize, Span),
    /// A closed comment, as [`TokenKind::Comment`].
    Comment(Span),
    /// Neither: the next token is for [`Lexer::next`].
    No,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// Iterates over the tokens of one game.
///
/// ```
/// use scoresheet::lexer::{Lexer, TokenKind};
/// let kinds: Vec<_> = Lexer::new(b"1.e4 {hi} e5!? 1-0").map(|t| t.kind).collect();
/// assert_eq!(kinds.len(), 5);
/// assert_eq!(kinds[0], TokenKind::MoveNumber(1));
/// ```
pub struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
    line_start: bool,
    /// A line of nothing but white space since the last token.
    blank_line: bool,
    /// The last token returned followed a blank line.
    after_blank_line: bool,
}

impl<'a> Lexer<'a> {
    pub fn new(bytes: &'a [u8]) -> Lexer<'a> {
        let pos = if bytes.starts_with(b"\xef\xbb\xbf") {
            3
        } else {
            0
        };
        Lexer {
            bytes,
            pos,
            line_start: true,
            blank_line: false,
            after_blank_line: false,
        }
    }

    /// Whether no token is left: nothing but white space (every other byte
    /// begins a token). Asked once before reading costs less than a store
    /// for every token read.
    pub fn is_blank(&self) -> bool {
        self.bytes
            .get(self.pos..)
            .unwrap_or_default()
            .iter()
            .all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
    }

    /// Whether a blank line stands between the token last returned and the one before it.
    pub fn after_blank_line(&self) -> bool {
        self.after_blank_line
    }

    /// The bytes of the next word, without reading it: the reader's
    /// lookahead for a lone letter that may make a move with it (`N f3`).
    pub fn next_word(&self) -> &'a [u8] {
        let bytes = self.bytes;
        let start = bytes[self.pos.min(bytes.len())..]
            .iter()
            .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c))
            .map_or(bytes.len(), |i| self.pos + i);
        let end = bytes[start..]
            .iter()
            .position(|&b| WORD_END[b as usize])
            .map_or(bytes.len(), |i| start + i);
        &bytes[start..end]
    }

    /// The next token when it is one of those the movetext is mostly made
    /// of, a move number (`12.`), a move in a common SAN shape (`Nf3`,
    /// `exd5+`) or a closed comment (`{[%clk 0:03:00]}`), on the same line
    /// as the token before: read in one step, with no [`Token`] built and
    /// matched. Anything else is left to [`Lexer::next`] ([`Quick::No`]),
    /// which reads these tokens exactly the same way (checked on random
    /// movetext: `quick_tokens_are_the_tokens_next_reads`).
    ///
    /// Only spaces are skipped: a line end may begin a blank line or a
    /// `%` escape, which `next` keeps track of. Between two tokens on one
    /// line the lexer's line state is that of a token just read, so reading
    /// one here leaves it as `next` would.
    #[inline(always)]
    pub fn quick(&mut self) -> Quick {
        let bytes = self.bytes;
        let mut at = self.pos;
        // Nearly every token follows exactly one space. Its test out of the
        // loop lets the compiler keep one index through the loop instead of
        // four (7 M instructions on the bench slice,
        // docs/performance/issue-17.md, part 21): not the plain loop it
        // looks like it could be.
        if bytes.get(at) == Some(&b' ') {
            at += 1;
            while bytes.get(at) == Some(&b' ') {
                at += 1;
            }
        }
        // `next` skips the spaces as well, and they change no line state.
        self.pos = at;
        let Some(&first) = bytes.get(at) else {
            return Quick::No;
        };
        if first.is_ascii_alphabetic() {
            // A letter ends no word: the scan starts after it.
            let mut end = at + 1;
            while let Some(&b) = bytes.get(end) {
                if WORD_END[usize::from(b)] {
                    break;
                }
                end += 1;
            }
            // `e8(Q)`: a promotion in parentheses, for `next`.
            if bytes.get(end) == Some(&b'(') {
                return Quick::No;
            }
            let Some(notation) = crate::notation::common_san(&bytes[at..end]) else {
                return Quick::No;
            };
            return Quick::Move(self.read_to(at, end), notation);
        }
        // A comment after a move (a clock reading), closed on the line or later.
        if first == b'{'
            && let Some(i) = crate::find::byte(b'}', bytes.get(at + 1..).unwrap_or_default())
        {
            return Quick::Comment(self.read_to(at, at + i + 2));
        }
        if first.wrapping_sub(b'1') < 9
            && let Some((number, dots, end)) = self.move_number(at)
        {
            return Quick::Number(number, dots, self.read_to(at, end));
        }
        Quick::No
    }

    /// A token read from `start` to `end` on the line of the token before:
    /// the line state `next` leaves after it (no line start, no blank line
    /// before it), and its span.
    #[inline(always)]
    fn read_to(&mut self, start: usize, end: usize) -> Span {
        self.pos = end;
        self.line_start = false;
        self.after_blank_line = false;
        Span::new(start, end)
    }

    /// The next token when it is a well-formed tag pair: its name, value
    /// and whole span, read as [`Lexer::next`] reads it, with no [`Token`]
    /// built and matched (a header is a tag pair a line), and the white
    /// space before it skipped as `next` skips it, line ends and blank lines
    /// counted the same way. Anything else is left to `next`, white space
    /// and all: [`Lexer::quick`] expects no blank line pending.
    #[inline]
    pub fn quick_tag(&mut self) -> Option<(Span, Span, Span)> {
        let bytes = self.bytes;
        let mut at = self.pos;
        let (mut line_start, mut blank_line) = (self.line_start, self.blank_line);
        loop {
            match bytes.get(at) {
                Some(b'\n') => {
                    blank_line |= line_start;
                    line_start = true;
                }
                Some(b' ' | b'\t' | b'\r' | 0x0b | 0x0c) => {}
                _ => break,
            }
            at += 1;
        }
        if bytes.get(at) != Some(&b'[') {
            return None;
        }
        let (name, value, len) = parse_tag(&bytes[at..])?;
        self.pos = at + len;
        self.line_start = false;
        self.blank_line = false;
        self.after_blank_line = blank_line;
        Some((
            Span::new(at + name.start, at + name.end),
            Span::new(at + value.start, at + value.end),
            Span::new(at, at + len),
        ))
    }

    fn peek_at(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    fn line_end(&self, from: usize) -> usize {
        crate::find::byte(b'\n', &self.bytes[from..]).map_or(self.bytes.len(), |i| from + i)
    }

    fn token(&mut self, kind: TokenKind, start: usize, end: usize) -> Token {
        self.pos = end;
        Token {
            kind,
            span: Span::new(start, end),
        }
    }

    fn tag(&mut self, start: usize) -> Token {
        // The pair is read up to the line's end without looking for it
        // first: only a malformed line needs to know where it ends.
        let parsed = parse_tag(&self.bytes[start..]).map(|(name, value, len)| {
            (
                Span::new(start + name.start, start + name.end),
                Span::new(start + value.start, start + value.end),
                start + len,
            )
        });
        match parsed {
            Some((name, value, end)) => self.token(
                TokenKind::Tag {
                    name,
                    value: Some(value),
                },
                start,
                end,
            ),
            None => {
                let end = self.line_end(start);
                let trimmed = trim_end(&self.bytes[start..end]);
                self.token(
                    TokenKind::Tag {
                        name: Span::new(start, start),
                        value: None,
                    },
                    start,
                    start + trimmed.len(),
                )
            }
        }
    }

    /// The end of the word at `start`: the first byte that ends a word, or
    /// after a promotion piece in parentheses (`e8(Q)`, not a variation).
    #[inline(always)]
    fn word_end(&self, start: usize) -> usize {
        let bytes = self.bytes;
        let mut end = start;
        while let Some(&b) = bytes.get(end) {
            if WORD_END[b as usize] {
                break;
            }
            end += 1;
        }
        // Only a `(` can begin the promotion: one test for every other word.
        if bytes.get(end) == Some(&b'(')
            && let Some([b'1' | b'8', b'(', piece, b')']) = bytes.get(end.wrapping_sub(1)..end + 3)
            && b"QRBNDTSL".contains(piece)
        {
            return end + 3;
        }
        end
    }

    /// A word with a letter first: a move (or not), a lone `N` or `D`, or
    /// `remis`. Most words are moves: the letter rules out numbers, results
    /// and glyphs without a look at the rest.
    #[inline(always)]
    fn letters(&mut self, start: usize) -> Token {
        let end = self.word_end(start);
        let word = &self.bytes[start..end];
        let kind = match word {
            // `N` (novelty) and `D` (diagram): the reader decides by context.
            [b'N' | b'D'] => TokenKind::Glyph,
            // `remis`, the one result written in letters.
            [b'r' | b'R', _, _, _, _] if word.eq_ignore_ascii_case(b"remis") => {
                movetext_result(word).map_or(TokenKind::Word, TokenKind::Result)
            }
            _ => TokenKind::Word,
        };
        self.token(kind, start, end)
    }

    /// `12.`, `12...` or a bare `12` before white space, read in one pass:
    /// the number, how many dots follow it and the end of its token, exactly
    /// as [`Lexer::word`] reads them. `None` for anything else (`1-0`, `12…`, `10(Q)`), which takes
    /// the general path. Called with a first digit of 1 to 9: that keeps
    /// `0-0` and `0000` out, and the results that begin with a 1 (`1-0`,
    /// `1/2`, `1:0`) have neither a digit nor a dot second.
    #[inline]
    fn move_number(&self, start: usize) -> Option<(u32, usize, usize)> {
        let bytes = self.bytes;
        // The first digit read out of the loop (the callers have matched it).
        let Some(&first @ b'1'..=b'9') = bytes.get(start) else {
            return None;
        };
        let mut at = start + 1;
        // Wrapping is harmless: ten digits fit in a u64, and more than ten
        // without a leading zero are past `u32::MAX`, where `number` saturates.
        let mut number = u64::from(first - b'0');
        while let Some(&digit @ b'0'..=b'9') = bytes.get(at) {
            number = number
                .wrapping_mul(10)
                .wrapping_add(u64::from(digit - b'0'));
            at += 1;
        }
        let number = match at - start {
            ..=10 => u32::try_from(number).unwrap_or(u32::MAX),
            _ => u32::MAX,
        };
        let digits_end = at;
        while bytes.get(at) == Some(&b'.') {
            at += 1;
        }
        let dots = at - digits_end;
        match bytes.get(at) {
            _ if dots > 0 => Some((number, dots, at)),
            None | Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) => Some((number, dots, at)),
            _ => None,
        }
    }

    /// Any word, read the general way: results, glyphs, dots and the
    /// dialects of move numbers.
    fn word(&mut self, start: usize) -> Token {
        if self.bytes.get(start).is_some_and(u8::is_ascii_alphabetic) {
            return self.letters(start);
        }
        let end = self.word_end(start);
        let word = &self.bytes[start..end];
        if let Some(result) = movetext_result(word) {
            return self.token(TokenKind::Result(result), start, end);
        }
        // Dots before a Black move, apart from the number or without one: `... cxd4`, `…Be2`.
        if matches!(word[0], b'.' | 0xe2) {
            let dots = leading_dots(word);
            if dots > 0 {
                return self.token(TokenKind::Dots, start, start + dots);
            }
        }
        if word[0].is_ascii_digit() && !word.starts_with(b"0-0") && !word.starts_with(b"0000") {
            let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
            let dots = word[digits..].iter().take_while(|&&b| b == b'.').count();
            // `12…Kg7`: the number, then the ellipsis as dots of their own.
            if dots == 0 && word.get(digits) == Some(&0xe2) && leading_dots(&word[digits..]) > 0 {
                return self.token(
                    TokenKind::MoveNumber(number(&word[..digits])),
                    start,
                    start + digits,
                );
            }
            if dots > 0 || digits == word.len() {
                let number = number(&word[..digits]);
                return self.token(TokenKind::MoveNumber(number), start, start + digits + dots);
            }
        }
        if word.iter().all(|&b| b"!?".contains(&b)) || text_annotation(word).is_some() {
            return self.token(TokenKind::Glyph, start, end);
        }
        self.token(TokenKind::Word, start, end)
    }
}

impl Iterator for Lexer<'_> {
    type Item = Token;

    fn next(&mut self) -> Option<Token> {
        loop {
            let start = self.pos;
            let b = self.peek_at(start)?;
            match b {
                b'\n' => {
                    self.pos += 1;
                    // A second line end with only white space since the first.
                    self.blank_line |= self.line_start;
                    self.line_start = true;
                    continue;
                }
                b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                    self.pos += 1;
                    continue;
                }
                _ => {}
            }
            let at_line_start = std::mem::replace(&mut self.line_start, false);
            self.after_blank_line = std::mem::replace(&mut self.blank_line, false);
            return Some(match b {
                b'%' if at_line_start => {
                    let end = self.line_end(start);
                    self.token(TokenKind::Escape, start, end)
                }
                b'[' => self.tag(start),
                b'{' => match crate::find::byte(b'}', &self.bytes[start + 1..]) {
                    Some(i) => {
                        self.token(TokenKind::Comment { closed: true }, start, start + i + 2)
                    }
                    None => {
                        let end = self.bytes.len();
                        self.token(TokenKind::Comment { closed: false }, start, end)
                    }
                },
                b';' => {
                    let end = self.line_end(start);
                    self.token(TokenKind::RestOfLineComment, start, end)
                }
                b'(' => self.token(TokenKind::OpenVariation, start, start + 1),
                b')' => self.token(TokenKind::CloseVariation, start, start + 1),
                b'$' => {
                    let digits = self.bytes[start + 1..]
                        .iter()
                        .take_while(|b| b.is_ascii_digit())
                        .count();
                    let nag = std::str::from_utf8(&self.bytes[start + 1..start + 1 + digits])
                        .ok()
                        .and_then(|s| s.parse().ok());
                    match nag {
                        Some(nag) => self.token(TokenKind::Nag(nag), start, start + 1 + digits),
                        None => self.word(start),
                    }
                }
                b'1'..=b'9' => match self.move_number(start) {
                    Some((number, _, end)) => self.token(TokenKind::MoveNumber(number), start, end),
                    None => self.word(start),
                },
                b'a'..=b'z' | b'A'..=b'Z' => self.letters(start),
                b'}' | b']' => self.token(TokenKind::Stray, start, start + 1),
                _ if is_control(b) => {
                    let run = self.bytes[start..]
                        .iter()
                        .take_while(|&&c| is_control(c))
                        .count();
                    self.token(TokenKind::Stray, start, start + run)
                }
                _ => self.word(start),
            });
        }
    }
}

/// The bytes of a tag name: ASCII letters, digits, `_` and `-`. The one
/// table for the lexer and the splitter, so that both end a name at the
/// same byte: with two tables, the splitter read `[X-One "1"]` and
/// `[X-Two "2"]` both as `X`, took the second for a repeated tag and cut the
/// game in two.
pub(crate) static TAG_NAME: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        table[b] = c.is_ascii_alphanumeric() || c == b'_' || c == b'-';
        b += 1;
    }
    table
};

const fn is_word_end(b: u8) -> bool {
    matches!(
        b,
        b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b'{' | b'}' | b'(' | b')' | b';' | b'[' | b']'
    ) || is_control(b)
}

/// `is_word_end` as a table: the lexer's innermost loop.
static WORD_END: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = is_word_end(b as u8);
        b += 1;
    }
    table
};

/// Control bytes (NUL and the like) that are not white space: never part of a token.
const fn is_control(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)) || b == 0x7f
}

fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(0, |i| i + 1);
    &bytes[..end]
}

/// The value of a move number's digits; an absurd one saturates.
fn number(digits: &[u8]) -> u32 {
    digits
        .iter()
        .try_fold(0u32, |n, d| {
            n.checked_mul(10)?.checked_add(u32::from(d - b'0'))
        })
        .unwrap_or(u32::MAX)
}

/// How many bytes of dots (`.` or `…`) the word starts with.
fn leading_dots(word: &[u8]) -> usize {
    let mut at = 0;
    loop {
        match &word[at..] {
            [b'.', ..] => at += 1,
            [0xe2, 0x80, 0xa6, ..] => at += 3,
            _ => return at,
        }
    }
}

/// Parses `[Name "value"]` at the start of `line`; returns the spans of the
/// name and the value (relative to `line`) and the length of the tag pair.
/// The pair ends with its line: `line` may run on past it, and a line end
/// (`\n`) stops every step as the end of `line` does.
fn parse_tag(line: &[u8]) -> Option<(Span, Span, usize)> {
    let blank = |b: &u8| b.is_ascii_whitespace() && *b != b'\n';
    let mut i = 1;
    while line.get(i).is_some_and(blank) {
        i += 1;
    }
    let name_start = i;
    while line.get(i).is_some_and(|&b| TAG_NAME[usize::from(b)]) {
        i += 1;
    }
    let name = Span::new(name_start, i);
    if name.start == name.end {
        return None;
    }
    while line.get(i).is_some_and(blank) {
        i += 1;
    }
    if line.get(i) != Some(&b'"') {
        return None;
    }
    let value_start = i + 1;
    i = value_end(line, value_start)?;
    let value = Span::new(value_start, i);
    i += 1;
    while line.get(i).is_some_and(blank) {
        i += 1;
    }
    if line.get(i) != Some(&b']') {
        return None;
    }
    Some((name, value, i + 1))
}

/// Where the quoted value that begins at `start` ends: its closing quote,
/// past any escaped one. `None` at a line end or the end of `line` first.
fn value_end(line: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    loop {
        // The value's bytes in one search: only these three end or escape it.
        i += crate::find::any3(b'"', b'\\', b'\n', line.get(i..)?)?;
        match line.get(i)? {
            // An escape never takes the line end with it.
            b'\\' if line.get(i + 1) == Some(&b'\n') => return None,
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(TokenKind, &str)> {
        Lexer::new(text.as_bytes())
            .map(|t| (t.kind.clone(), &text[t.span.start..t.span.end]))
            .collect()
    }

    #[test]
    fn move_numbers_words_and_results() {
        let toks = kinds("1.e4 e5 2... Nc6 12.0-0 1/2-1/2");
        let words: Vec<_> = toks
            .iter()
            .filter(|(k, _)| *k == TokenKind::Word)
            .map(|(_, w)| *w)
            .collect();
        assert_eq!(words, ["e4", "e5", "Nc6", "0-0"]);
        assert_eq!(toks[3].0, TokenKind::MoveNumber(2));
        assert!(matches!(
            toks.last(),
            Some((TokenKind::Result(_), "1/2-1/2"))
        ));
    }

    /// [`value_end`] as it was written before it searched with `memchr3`:
    /// a byte at a time.
    fn value_end_byte_by_byte(line: &[u8], start: usize) -> Option<usize> {
        let mut i = start;
        loop {
            match line.get(i)? {
                b'\\' if line.get(i + 1) == Some(&b'\n') => return None,
                b'\\' => i += 2,
                b'"' => return Some(i),
                b'\n' => return None,
                _ => i += 1,
            }
        }
    }

    /// The quick path scans a move from the byte after its first letter:
    /// no letter ends a word.
    #[test]
    fn no_letter_ends_a_word() {
        for b in (b'a'..=b'z').chain(b'A'..=b'Z') {
            assert!(!WORD_END[usize::from(b)], "{}", char::from(b));
        }
    }

    /// A tag name's bytes are ASCII letters, digits, `_` and `-`.
    #[test]
    fn tag_names_are_letters_digits_underscores_and_hyphens() {
        for b in 0..=u8::MAX {
            let name_byte = b.is_ascii_alphanumeric() || b == b'_' || b == b'-';
            assert_eq!(TAG_NAME[usize::from(b)], name_byte, "{b:#04x}");
        }
    }

    /// A tag pair read on from its line start through the rest of the text
    /// is the pair read within its line alone, and its value ends where a
    /// search a byte at a time ends it, from every start: random lines over
    /// the bytes that matter (brackets, quotes, escapes, white space, line
    /// ends, a name's `_` and `-`), each followed by more text.
    #[test]
    fn a_tag_pair_ends_with_its_line() {
        let alphabet = b"[]\"\\ \t\r\nab1_-";
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: usize| (crate::testing::xorshift(&mut seed) % n as u64) as usize;
        let names: [&[u8]; 4] = [b"", b"White", b"a_1-", b" Event\t"];
        let ends: [&[u8]; 8] = [
            b"\"]", b"\" ]", b"\"\r]", b"\"", b"]", b"\\\"]", b"\"\n]", b"\\\n\"]",
        ];
        let mut read = 0;
        for _ in 0..200_000 {
            let mut text = vec![b'['];
            // Half of them shaped as a pair, with random bytes in the value.
            let shaped = next(2) == 0;
            if shaped {
                text.extend(names[next(names.len())]);
                text.extend(&b" \""[next(2)..]);
            }
            let len = next(12);
            text.extend((0..len).map(|_| alphabet[next(alphabet.len())]));
            if shaped {
                text.extend(ends[next(ends.len())]);
                text.extend((0..next(6)).map(|_| alphabet[next(alphabet.len())]));
            }
            let eol = text.iter().position(|&b| b == b'\n').unwrap_or(text.len());
            let within = parse_tag(&text[..eol]);
            for start in 0..=text.len() {
                assert_eq!(
                    value_end(&text, start),
                    value_end_byte_by_byte(&text, start),
                    "{start} {:?}",
                    String::from_utf8_lossy(&text)
                );
            }
            assert_eq!(
                parse_tag(&text),
                within,
                "{:?}",
                String::from_utf8_lossy(&text)
            );
            read += usize::from(within.is_some());
        }
        // Well-formed pairs are among them, not only malformed lines.
        assert!(read > 1_000, "{read}");
    }

    /// Tokens read with [`Lexer::quick_tag`] and [`Lexer::quick`] first,
    /// and [`Lexer::next`] where they read nothing, are the tokens `next`
    /// reads alone, each with the same blank-line flag, and a quick move's
    /// notation is the word's.
    #[test]
    fn quick_tokens_are_the_tokens_next_reads() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let (mut quick, mut quick_tags) = (0, 0);
        for _ in 0..4_000 {
            let text = crate::testing::random_movetext(&mut seed, 40);
            let all: Vec<_> = {
                let mut lexer = Lexer::new(&text);
                std::iter::from_fn(|| {
                    let token = lexer.next()?;
                    Some((token, lexer.after_blank_line()))
                })
                .collect()
            };
            let mut lexer = Lexer::new(&text);
            let mut read = Vec::new();
            loop {
                if let Some((name, value, span)) = lexer.quick_tag() {
                    quick_tags += 1;
                    let kind = TokenKind::Tag {
                        name,
                        value: Some(value),
                    };
                    read.push((Token { kind, span }, lexer.after_blank_line()));
                    continue;
                }
                let token = match lexer.quick() {
                    Quick::Move(span, notation) => {
                        quick += 1;
                        assert_eq!(crate::notation::parse_move(span.of(&text)), Ok(notation));
                        Token {
                            kind: TokenKind::Word,
                            span,
                        }
                    }
                    Quick::Number(n, dots, span) => {
                        quick += 1;
                        // The dots counted are those the token ends with.
                        let token = span.of(&text);
                        assert!(token.len() > dots);
                        assert!(token[token.len() - dots..].iter().all(|&b| b == b'.'));
                        assert!(!token[..token.len() - dots].ends_with(b"."));
                        Token {
                            kind: TokenKind::MoveNumber(n),
                            span,
                        }
                    }
                    Quick::Comment(span) => {
                        quick += 1;
                        Token {
                            kind: TokenKind::Comment { closed: true },
                            span,
                        }
                    }
                    Quick::No => match lexer.next() {
                        Some(token) => token,
                        None => break,
                    },
                };
                read.push((token, lexer.after_blank_line()));
            }
            assert_eq!(read, all, "{:?}", String::from_utf8_lossy(&text));
        }
        // The quick paths were taken, often.
        assert!(quick > 10_000, "{quick}");
        assert!(quick_tags > 1_000, "{quick_tags}");
    }

    #[test]
    fn tags_comments_and_variations() {
        let toks = kinds("[White \"Sm\\\"ith\"]\n% escape\n{c} (1... d5) ; rest\n$14 !? +-");
        assert!(matches!(&toks[0].0, TokenKind::Tag { value: Some(_), .. }));
        assert_eq!(toks[1].0, TokenKind::Escape);
        assert_eq!(toks[2], (TokenKind::Comment { closed: true }, "{c}"));
        assert_eq!(toks[3].0, TokenKind::OpenVariation);
        assert_eq!(toks[6].0, TokenKind::CloseVariation);
        assert_eq!(toks[7].0, TokenKind::RestOfLineComment);
        assert_eq!(toks[8].0, TokenKind::Nag(14));
        assert_eq!(toks[9].0, TokenKind::Glyph);
        assert_eq!(toks[10].0, TokenKind::Glyph);
    }

    #[test]
    fn malformed_input_is_kept() {
        let toks = kinds("[Bad tag\n} e4 {open");
        assert!(matches!(&toks[0].0, TokenKind::Tag { value: None, .. }));
        assert_eq!(toks[1].0, TokenKind::Stray);
        assert_eq!(toks[3], (TokenKind::Comment { closed: false }, "{open"));
    }

    #[test]
    fn promotion_in_parentheses_is_part_of_the_move() {
        let toks = kinds("e8(Q) Kg7 (1... Kh7)");
        assert_eq!(toks[0], (TokenKind::Word, "e8(Q)"));
        assert_eq!(toks[2].0, TokenKind::OpenVariation);
    }

    #[test]
    fn control_bytes_end_words() {
        let toks = kinds("e4 0-1\0\0\r\n");
        assert!(matches!(toks[1].0, TokenKind::Result(_)));
        assert_eq!(toks[2], (TokenKind::Stray, "\0\0"));
    }

    /// The one-pass move number agrees with the general path on every
    /// string of up to six bytes over the bytes that matter to either.
    #[test]
    fn the_one_pass_move_number_agrees_with_the_general_path() {
        let alphabet = b"0189.-/:(Q) \n\xe2\x80\xa6e";
        let mut read = 0;
        for len in 1..=6 {
            crate::testing::every_string(alphabet, len, &mut |word| {
                if !(b'1'..=b'9').contains(&word[0]) {
                    return;
                }
                let Some((number, dots, end)) = Lexer::new(word).move_number(0) else {
                    return;
                };
                read += 1;
                // The dots counted are the token's last bytes, after a digit.
                let (digits, dots_read) = word[..end].split_at(end - dots);
                assert!(dots_read.iter().all(|&b| b == b'.'));
                assert!(digits.last().is_some_and(u8::is_ascii_digit));
                let token = Lexer::new(word).word(0);
                assert_eq!(
                    (token.kind, token.span),
                    (TokenKind::MoveNumber(number), Span::new(0, end)),
                    "{}",
                    String::from_utf8_lossy(word)
                );
            });
        }
        assert!(read > 100_000, "{read}");
        for (text, number) in [
            (&b"4294967295."[..], u32::MAX),
            (b"4294967296.", u32::MAX),
            (b"1234567890.", 1_234_567_890),
            (b"123456789012345678901234567890.", u32::MAX),
        ] {
            assert_eq!(
                Lexer::new(text).move_number(0),
                Some((number, 1, text.len()))
            );
            assert_eq!(Lexer::new(text).word(0).kind, TokenKind::MoveNumber(number));
        }
        let absurd = b"99999999999. e4";
        assert_eq!(Lexer::new(absurd).move_number(0), Some((u32::MAX, 1, 12)));
        assert_eq!(
            Lexer::new(absurd).word(0).kind,
            TokenKind::MoveNumber(u32::MAX)
        );
    }

    #[test]
    fn percent_only_escapes_at_line_start() {
        let toks = kinds("e4 %x\n%y");
        assert_eq!(toks[1].0, TokenKind::Word);
        assert_eq!(toks[2].0, TokenKind::Escape);
    }
}
