//! The typed record of one scoresheet: tags, the main line's move tokens with
//! their spans, and everything else kept beside it (comments, NAGs,
//! variations), so that nothing is dropped silently.

use shakmaty::Outcome;

use crate::{
    commands::{Command, commands, parse_clock_bytes, raw_commands},
    events::{Event, EventAt, is_event_name, parse_event},
    forms::{NonStandardForm, NonStandardUse, is_suffix_annotation, note, text_annotation},
    lexer::{Lexer, Quick, Span, TokenKind},
    notation::{Notation, NotationError, parse_move},
    tags::{HeaderText, Tag, TagName},
    text::GameText,
};

/// What the commands of the main line's comments say
/// ([`Scoresheet::comment_commands`]).
#[derive(Debug, Clone, PartialEq)]
pub struct CommentCommands {
    /// The arbiter events, in order.
    pub events: Vec<EventAt>,
    /// The clock readings of each comment that has one, in order.
    pub clocks: Vec<ClockAt>,
}

/// The clock readings of one comment: its first `[%clk]` and first
/// `[%emt]`, in seconds, each `None` where the comment has none or its
/// first is unreadable; a comment with neither reading has no `ClockAt`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClockAt {
    /// The recorded moves before the comment.
    pub after_ply: usize,
    /// The remaining time (`[%clk]`).
    pub clock: Option<f64>,
    /// The time the move took (`[%emt]`).
    pub spent: Option<f64>,
}

/// One move token of the main line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedMove {
    pub span: Span,
    pub notation: Result<Notation, NotationError>,
    /// The move number written before the move, if one was.
    pub number: Option<WrittenNumber>,
}

/// A move number as written before a move: `12.` or a bare `12` is
/// White's twelfth move, `12...` (any two or more dots, or dots apart from
/// the number) Black's. Evidence for the record's check, never a ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WrittenNumber {
    pub number: u32,
    /// The dots say Black's move.
    pub black: bool,
    pub span: Span,
}

impl WrittenNumber {
    /// The `number` read at `span`: the digits and the dots after them,
    /// where two dots or more say Black's move.
    fn read(bytes: &[u8], number: u32, span: Span) -> WrittenNumber {
        WrittenNumber {
            number,
            black: span.of(bytes).ends_with(b".."),
            span,
        }
    }

    /// The `number` at `span` with `dots` dots after its digits, counted
    /// where the lexer read them: [`WrittenNumber::read`] without reading
    /// the token's bytes again.
    fn with_dots(number: u32, dots: usize, span: Span) -> WrittenNumber {
        WrittenNumber {
            number,
            black: dots >= 2,
            span,
        }
    }

    /// The half-move this number names, counted from White's first move
    /// (0): what the record's check compares with the board's count.
    pub fn half_move(&self) -> i64 {
        2 * (i64::from(self.number) - 1) + i64::from(self.black)
    }
}

/// A comment of the main line, placed after `after_ply` recorded moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    pub after_ply: usize,
    /// The span of the whole comment, braces included.
    pub span: Span,
}

/// An annotation of the main line written as a glyph (`!?`, `+-`, `±`, `N`,
/// `D`), placed after `after_ply` recorded moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Annotation {
    pub after_ply: usize,
    pub span: Span,
    /// The NAG it stands for; `None` for a diagram mark (`D`).
    pub nag: Option<u8>,
}

/// A NAG of a main-line move: `$16` after it, or a glyph that stands for one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveNag {
    /// The move's ply (1 for the first move recorded).
    pub after_ply: usize,
    pub nag: u8,
}

/// A variation of the main line (with everything nested in it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variation {
    pub after_ply: usize,
    pub span: Span,
}

/// A draw offer marked `(=)` in the movetext (Appendix C.12, 8.1.5), placed
/// after `after_ply` recorded moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfferMark {
    pub after_ply: usize,
    /// The span of `(=)`, parentheses included.
    pub span: Span,
}

/// A structural problem of the PGN text itself, not of the moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyntaxProblem {
    /// A line in the tag section that is not a `[Name "value"]` pair.
    MalformedTag,
    /// A `{` with no closing `}` before the game ended.
    UnterminatedComment,
    /// A `(` with no closing `)`.
    UnterminatedVariation,
    /// A `)` with no matching `(`.
    UnmatchedParenthesis,
    /// A stray `}` or `]` in the movetext.
    StrayCharacter,
    /// A tag pair after the movetext had begun.
    TagInMovetext,
    /// Movetext after the game's result token.
    TextAfterResult,
    /// The game was longer than the reader's limit and was cut.
    Truncated,
}

/// A syntax problem where it stands: a run of the same problem with no move
/// (or tag) recorded between is one problem with a count, so that a game of
/// a million stray `}` is one finding, not a million.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Problem {
    pub kind: SyntaxProblem,
    /// The first of the run.
    pub span: Span,
    /// How many times in a row the problem occurs: 1 or more.
    pub count: u32,
}

/// [`Scoresheet::first_known`] for a known name whose first pair stands
/// at index 254 or later: found by a search from there.
const FAR: u8 = u8::MAX;

/// One game as written, with spans into its [`GameText`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Scoresheet {
    /// The header's tag pairs in order ([`Scoresheet::tags`]): private, so
    /// that `first_known` cannot disagree with them.
    tags: Vec<Tag>,
    /// For each known name ([`TagName`], by its place in the enum), where
    /// its first pair stands in `tags`: 0 for none, `1 + index` for the
    /// first 254 pairs, [`FAR`] for one further on (then searched for). The
    /// checks ask a dozen names a game, and a search of the header for each
    /// cost 8.7 M instructions of the bench slice's 1,115 M. A byte each
    /// keeps the sheet small enough to be moved without a call of `memcpy`.
    first_known: [u8; TagName::KNOWN.len()],
    /// While the sheet is read, the move number written before the move
    /// due, if any; `None` once it is read. A slot of the sheet, in memory,
    /// not a local of the reading loop: the compiler kept such a local in
    /// two stack slots and copied one to the other at every token (7.7 M
    /// instructions on the bench slice, docs/performance/issue-17.md, part 22).
    pending: Option<WrittenNumber>,
    pub moves: Vec<RecordedMove>,
    /// The movetext's result token, if any.
    pub result: Option<(Outcome, Span)>,
    pub comments: Vec<Comment>,
    /// Glyphs of the main line, in order (their NAGs are in `nags` too).
    pub annotations: Vec<Annotation>,
    /// The NAGs of the main line's moves (`$1`, or `!` as 1), in order: kept
    /// beside the moves, not in each [`RecordedMove`], since nearly every
    /// move has none (a vector in each would be written, and dropped, for
    /// every move read).
    pub nags: Vec<MoveNag>,
    pub variations: Vec<Variation>,
    /// Draw offers marked `(=)`: read as offers, not as variations.
    pub offer_marks: Vec<OfferMark>,
    pub problems: Vec<Problem>,
    /// The forms read that the PGN standard does not write, one entry per form.
    pub non_standard: Vec<NonStandardUse>,
    /// Whether the text held anything at all besides white space.
    pub is_empty: bool,
}

impl Scoresheet {
    /// Reads one game's text. Never fails: whatever cannot be read becomes a
    /// problem or a move token whose notation is an error.
    ///
    /// ```
    /// use scoresheet::{GameText, Scoresheet};
    /// let text = GameText::new(b"[White \"A\"]\n1. e4 {x} e5 2. Sf3 *".to_vec(), 1, 0);
    /// let sheet = Scoresheet::read(&text);
    /// assert_eq!(sheet.tag("White"), Some("A"));
    /// assert_eq!(sheet.moves.len(), 3);
    /// assert_eq!(sheet.comments[0].after_ply, 1);
    /// ```
    pub fn read(text: &GameText) -> Scoresheet {
        let mut sheet = Scoresheet::default();
        sheet.read_again(text);
        sheet
    }

    /// [`Scoresheet::read`] into this sheet, whatever it held: its vectors
    /// keep their room, so that a worker that reads game after game into one
    /// sheet allocates for the moves, tags and comments of a game only when
    /// it is longer than any before (and at most the room of a long game is
    /// kept, [`Scoresheet::emptied`]).
    ///
    /// ```
    /// use scoresheet::{GameText, Scoresheet};
    /// let mut sheet = Scoresheet::read(&GameText::new(b"1. e4 e5 2. Nf3 *".to_vec(), 1, 0));
    /// sheet.read_again(&GameText::new(b"[White \"A\"]\n1. d4 *".to_vec(), 1, 0));
    /// assert_eq!(sheet.tag("White"), Some("A"));
    /// assert_eq!(sheet.moves.len(), 1);
    /// ```
    pub fn read_again(&mut self, text: &GameText) {
        self.read_as::<true>(text);
    }

    /// The sheet emptied, its vectors keeping their room up to that of a
    /// long game: one game of a million moves must not hold a worker's
    /// memory for the rest of the run. Every field is named, so that a field
    /// added to the sheet cannot be left holding the game before.
    fn emptied(self) -> Scoresheet {
        fn keep<T>(mut items: Vec<T>, room: usize) -> Vec<T> {
            items.clear();
            items.shrink_to(room);
            items
        }
        let Scoresheet {
            tags,
            first_known: _,
            pending: _,
            moves,
            result: _,
            comments,
            annotations,
            nags,
            variations,
            offer_marks,
            problems,
            non_standard,
            is_empty: _,
        } = self;
        let mut tags = keep(tags, 64);
        // Online games carry up to twenty tags: room for them without a second allocation.
        tags.reserve(24);
        Scoresheet {
            tags,
            first_known: [0; TagName::KNOWN.len()],
            pending: None,
            moves: keep(moves, 1024),
            result: None,
            comments: keep(comments, 1024),
            annotations: keep(annotations, 256),
            nags: keep(nags, 256),
            variations: keep(variations, 256),
            offer_marks: keep(offer_marks, 256),
            problems: keep(problems, 256),
            non_standard: keep(non_standard, 256),
            is_empty: false,
        }
    }

    /// [`Scoresheet::read_again`], with or without the lexer's quick paths
    /// ([`Lexer::quick_tag`], [`Lexer::quick`]): without them only for the
    /// test that the two read the same.
    fn read_as<const QUICK: bool>(&mut self, text: &GameText) {
        let bytes = &text.bytes[..];
        let mut tokens = Lexer::new(bytes);
        // Read into a sheet of this function's own (the vectors moved, not
        // copied): the compiler keeps its lengths in registers, which it
        // cannot do for a sheet behind a reference (1.5 M more on the bench
        // slice that way).
        let mut sheet = std::mem::take(self).emptied();
        sheet.is_empty = tokens.is_blank();
        let mut depth = 0usize;
        let mut variation_start = 0;
        // Whether the variation read so far is `(=)`: one `=` and nothing else.
        let mut offer_mark: Option<bool> = None;
        let mut in_movetext = false;
        // A move number was written and its move not yet.
        let mut move_due = false;
        let mut header = HeaderText::new();
        'tokens: loop {
            // The header's tag pairs, and the main line's move numbers and
            // moves in the usual shapes, read in one step: what the arms
            // below do with these tokens. Before the movetext nothing is in
            // a variation or after a result.
            if QUICK
                && !in_movetext
                && let Some((name, value, span)) = tokens.quick_tag()
            {
                sheet.push_tag(header.tag(text, name, value, span));
                continue;
            }
            // The quick tokens change neither the depth nor the result: while
            // they last, the test stays answered.
            if QUICK && depth == 0 && sheet.result.is_none() {
                loop {
                    match tokens.quick() {
                        Quick::Move(span, notation) => {
                            in_movetext = true;
                            move_due = false;
                            sheet.moves.push(RecordedMove {
                                span,
                                notation: Ok(notation),
                                number: sheet.pending.take(),
                            });
                        }
                        Quick::Number(n, dots, span) => {
                            sheet.begin_movetext(in_movetext, bytes.len(), span);
                            in_movetext = true;
                            move_due = true;
                            sheet.pending = Some(WrittenNumber::with_dots(n, dots, span));
                        }
                        Quick::Comment(span) => {
                            sheet.comment(in_movetext, bytes.len(), span);
                            // Before the movetext a tag pair may follow.
                            if !in_movetext {
                                continue 'tokens;
                            }
                        }
                        Quick::No => break,
                    }
                }
            }
            let Some(token) = tokens.next() else {
                break;
            };
            let span = token.span;
            if tokens.after_blank_line() && in_movetext && sheet.result.is_none() {
                let form = match token.kind {
                    TokenKind::Result(_) => NonStandardForm::ResultAfterBlankLine,
                    _ => NonStandardForm::MovetextAfterBlankLine,
                };
                note(&mut sheet.non_standard, form, span);
            }
            if depth > 0 {
                offer_mark = match (offer_mark, &token.kind) {
                    (None, TokenKind::Glyph) if span.of(bytes) == b"=" => Some(true),
                    (Some(true), TokenKind::CloseVariation) if depth == 1 => Some(true),
                    _ => Some(false),
                };
                match token.kind {
                    TokenKind::OpenVariation => depth += 1,
                    TokenKind::CloseVariation => {
                        depth -= 1;
                        if depth == 0 {
                            let whole = Span::new(variation_start, span.end);
                            if offer_mark == Some(true) {
                                sheet.offer_marks.push(OfferMark {
                                    after_ply: sheet.moves.len(),
                                    span: whole,
                                });
                            } else {
                                sheet.variations.push(Variation {
                                    after_ply: sheet.moves.len(),
                                    span: whole,
                                });
                            }
                        }
                    }
                    TokenKind::Comment { closed: false } => {
                        sheet.problem(SyntaxProblem::UnterminatedComment, span);
                    }
                    _ => {}
                }
                continue;
            }
            let after_result = sheet.result.is_some();
            match token.kind {
                TokenKind::Tag { name, value } => {
                    if in_movetext {
                        sheet.problem(SyntaxProblem::TagInMovetext, span);
                    } else if let Some(value) = value {
                        sheet.push_tag(header.tag(text, name, value, span));
                    } else {
                        sheet.problem(SyntaxProblem::MalformedTag, span);
                    }
                }
                TokenKind::Escape | TokenKind::RestOfLineComment => {}
                TokenKind::Comment { closed } => {
                    if !closed {
                        sheet.problem(SyntaxProblem::UnterminatedComment, span);
                    }
                    sheet.comment(in_movetext, bytes.len(), span);
                }
                TokenKind::OpenVariation => {
                    in_movetext = true;
                    depth = 1;
                    variation_start = span.start;
                    offer_mark = None;
                }
                TokenKind::CloseVariation => {
                    sheet.problem(SyntaxProblem::UnmatchedParenthesis, span);
                }
                TokenKind::Stray => {
                    sheet.problem(SyntaxProblem::StrayCharacter, span);
                }
                TokenKind::MoveNumber(n) => {
                    sheet.begin_movetext(in_movetext, bytes.len(), span);
                    in_movetext = true;
                    move_due = true;
                    sheet.pending = Some(WrittenNumber::read(bytes, n, span));
                }
                TokenKind::Dots => {
                    in_movetext = true;
                    move_due = true;
                    // `10 ... Be2`: the number's dots apart from it; `... cxd4` names no number.
                    if let Some(n) = &mut sheet.pending {
                        n.black = true;
                    }
                    note(
                        &mut sheet.non_standard,
                        NonStandardForm::MoveNumberDots,
                        span,
                    );
                }
                TokenKind::Nag(nag) => sheet.nag(nag),
                TokenKind::Glyph => {
                    let word = span.of(bytes);
                    let is_letter = word.first().is_some_and(u8::is_ascii_alphabetic);
                    if is_letter
                        && (move_due
                            || sheet.moves.is_empty()
                            || completes(word, tokens.next_word()))
                    {
                        // `N` or `D` where a move is due, or cut off from its square
                        // (`N f3`): a move that cannot be read, never an annotation.
                        in_movetext = true;
                        move_due = false;
                        if after_result {
                            sheet.after_result(span);
                            continue;
                        }
                        sheet.moves.push(RecordedMove {
                            span,
                            notation: Err(NotationError::LoneLetter),
                            number: sheet.pending.take(),
                        });
                        continue;
                    }
                    let nag = text_annotation(word).flatten();
                    if !is_suffix_annotation(word) {
                        note(
                            &mut sheet.non_standard,
                            NonStandardForm::TextAnnotation,
                            span,
                        );
                    }
                    sheet.annotations.push(Annotation {
                        after_ply: sheet.moves.len(),
                        span,
                        nag,
                    });
                    if let Some(nag) = nag {
                        sheet.nag(nag);
                    }
                }
                TokenKind::Result(written) => {
                    in_movetext = true;
                    sheet.pending = None;
                    if after_result {
                        sheet.after_result(span);
                    } else {
                        if !written.standard && !written.forfeit {
                            note(
                                &mut sheet.non_standard,
                                NonStandardForm::ResultSpelling,
                                span,
                            );
                        }
                        sheet.result = Some((written.outcome, span));
                    }
                }
                TokenKind::Word => {
                    in_movetext = true;
                    move_due = false;
                    let word = span.of(bytes);
                    if is_en_passant_mark(word)
                        && let Some(Ok(last)) = sheet.moves.last_mut().map(|m| m.notation.as_mut())
                    {
                        last.en_passant_mark = true;
                        continue;
                    }
                    if after_result {
                        sheet.after_result(span);
                        continue;
                    }
                    sheet.moves.push(RecordedMove {
                        span,
                        notation: parse_move(word),
                        number: sheet.pending.take(),
                    });
                }
            }
        }
        if depth > 0 {
            sheet.problem(
                SyntaxProblem::UnterminatedVariation,
                Span::new(variation_start, bytes.len()),
            );
        }
        if text.dropped_bytes > 0 {
            sheet.problem(
                SyntaxProblem::Truncated,
                Span::new(bytes.len(), bytes.len()),
            );
        }
        // A number with no move after it belongs to no move.
        sheet.pending = None;
        *self = sheet;
    }

    /// A comment of the main line, after the moves read so far.
    fn comment(&mut self, in_movetext: bool, len: usize, span: Span) {
        if self.comments.is_empty() && in_movetext {
            // A comment in the movetext is most often one of a comment
            // after every move (clock readings, `{ [%clk 0:03:00] }` and
            // the next move take twenty to thirty bytes): room for them
            // all at once, not seven reallocations in a long game.
            self.comments
                .reserve(len.saturating_sub(span.start).min(MOVETEXT_SPAN) / 16);
        }
        self.comments.push(Comment {
            after_ply: self.moves.len(),
            span,
        });
    }

    /// Room for the moves when a move number begins the movetext: a move
    /// takes four bytes or more in the usual form (`1. e4 e5 `), so this is
    /// room for all of them in nearly every game, and the vector of moves is
    /// seldom copied to grow.
    fn begin_movetext(&mut self, in_movetext: bool, len: usize, number: Span) {
        if !in_movetext {
            self.moves
                .reserve(len.saturating_sub(number.start).min(MOVETEXT_SPAN) / 4);
        }
    }

    /// A NAG for the last move read; one before the first move has none to belong to.
    fn nag(&mut self, nag: u8) {
        if !self.moves.is_empty() {
            self.nags.push(MoveNag {
                after_ply: self.moves.len(),
                nag,
            });
        }
    }

    /// Text after the result is one problem, however many words it has.
    fn after_result(&mut self, span: Span) {
        match self.problems.last_mut() {
            Some(last) if last.kind == SyntaxProblem::TextAfterResult => last.span.end = span.end,
            _ => self.problem(SyntaxProblem::TextAfterResult, span),
        }
    }

    /// Records a problem, or counts it in the run of the same problem that
    /// the last one began when no move or tag was recorded since.
    fn problem(&mut self, kind: SyntaxProblem, span: Span) {
        if let Some(last) = self.problems.last_mut()
            && last.kind == kind
            && self
                .moves
                .last()
                .is_none_or(|m| m.span.start < last.span.start)
            && self
                .tags
                .last()
                .is_none_or(|t| t.span.start < last.span.start)
        {
            last.count = last.count.saturating_add(1);
            return;
        }
        self.problems.push(Problem {
            kind,
            span,
            count: 1,
        });
    }

    /// The value of the first tag with this name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        match TagName::of(name) {
            TagName::Other => self
                .tags
                .iter()
                .find(|t| t.name() == name)
                .map(|t| t.value()),
            known => self.known_tag(known),
        }
    }

    /// The value of the first tag with this known name, the name read once
    /// ([`Tag::known`]); `None` for [`TagName::Other`], which names no tag.
    pub fn known_tag(&self, name: TagName) -> Option<&str> {
        self.known_pair(name).map(|t| t.value())
    }

    /// The first tag pair with this known name, for a caller that needs
    /// more than its value (its place); `None` for [`TagName::Other`].
    pub fn known_pair(&self, name: TagName) -> Option<&Tag> {
        // `Other` has no slot: `get` answers `None` for it.
        match *self.first_known.get(name as usize)? {
            0 => None,
            FAR => self
                .tags
                .get(usize::from(FAR - 1)..)?
                .iter()
                .find(|t| t.known() == name),
            first => self.tags.get(usize::from(first - 1)),
        }
    }

    /// The header's tag pairs, in the order written.
    pub fn tags(&self) -> &[Tag] {
        &self.tags
    }

    /// Adds a tag pair read, noting where the first pair of a known name is.
    fn push_tag(&mut self, tag: Tag) {
        if let Some(first) = self.first_known.get_mut(tag.known() as usize)
            && *first == 0
        {
            *first = u8::try_from(self.tags.len() + 1).unwrap_or(FAR);
        }
        self.tags.push(tag);
    }

    /// The arbiter events of the main line, in order.
    pub fn events(&self, text: &GameText) -> Vec<EventAt> {
        self.comment_commands(text).events
    }

    /// What the commands of the main line's comments say, in one pass over
    /// them: the arbiter events, and each comment's clock readings (a
    /// clocked game's comments were read once for the events, again for
    /// the readings, and again for the rulings' clocks).
    ///
    /// ```
    /// use scoresheet::{GameText, Scoresheet, record::ClockAt};
    /// let text = GameText::new(b"1. e4 {[%clk 0:01:00]} e5 {[%touch g8] [%emt 0:00:03]} *".to_vec(), 1, 0);
    /// let read = Scoresheet::read(&text).comment_commands(&text);
    /// assert_eq!(read.events.len(), 1);
    /// assert_eq!(read.clocks, [
    ///     ClockAt { after_ply: 1, clock: Some(60.0), spent: None },
    ///     ClockAt { after_ply: 2, clock: None, spent: Some(3.0) },
    /// ]);
    /// ```
    pub fn comment_commands(&self, text: &GameText) -> CommentCommands {
        let mut events = Vec::new();
        let mut clocks = Vec::new();
        for comment in &self.comments {
            let bytes = comment.span.of(&text.bytes);
            // Most comments are short (a clock reading): there a look at each
            // pair of bytes costs less than `memmem`'s searcher built anew.
            let has_command = if bytes.len() <= 64 {
                bytes.windows(2).any(|pair| pair == b"[%")
            } else {
                memchr::memmem::find(bytes, b"[%").is_some()
            };
            if !has_command {
                continue;
            }
            // The first reading of each name counts, read or not
            // ([`Scoresheet::clock_commands`]).
            let (mut clock, mut spent) = (None, None);
            for raw in raw_commands(bytes, comment.span.start) {
                // Clock readings and engine evaluations are most commands: skip them unallocated.
                if !is_event_name(raw.name) {
                    if raw.is("clk") {
                        clock = clock.or(Some(parse_clock_bytes(raw.args)));
                    } else if raw.is("emt") {
                        spent = spent.or(Some(parse_clock_bytes(raw.args)));
                    }
                    continue;
                }
                let command = raw.to_command();
                events.push(EventAt {
                    event: parse_event(&command),
                    after_ply: comment.after_ply,
                    span: command.span,
                    text: text.decode(command.span.of(&text.bytes)),
                });
            }
            let (clock, spent) = (clock.flatten(), spent.flatten());
            if clock.is_some() || spent.is_some() {
                clocks.push(ClockAt {
                    after_ply: comment.after_ply,
                    clock,
                    spent,
                });
            }
        }
        if !self.offer_marks.is_empty() {
            // `(=)` is an offer by the player who made the move before it (9.1.2.1).
            events.extend(self.offer_marks.iter().map(|mark| EventAt {
                event: Ok(Event::Offer(None)),
                after_ply: mark.after_ply,
                span: mark.span,
                text: "(=)".to_string(),
            }));
            events.sort_by_key(|e| e.span.start);
        }
        CommentCommands { events, clocks }
    }

    /// The commands (`[%clk ...]`, arbiter events) of the comment, in order.
    pub fn commands(&self, text: &GameText, comment: &Comment) -> Vec<Command> {
        commands(comment.span.of(&text.bytes), comment.span.start)
    }

    /// The reading of the first `[%name ...]` clock command (`clk`, `emt`)
    /// of each of `names` in the comment, in seconds, in one pass over it:
    /// the first command of a name counts, read or not. The comments of a
    /// whole game are read at once, with their events, by
    /// [`Scoresheet::comment_commands`].
    pub fn clock_commands<const N: usize>(
        &self,
        text: &GameText,
        comment: &Comment,
        names: [&str; N],
    ) -> [Option<f64>; N] {
        let mut readings = [None; N];
        let mut seen = [false; N];
        for raw in raw_commands(comment.span.of(&text.bytes), comment.span.start) {
            let Some(i) = names.iter().position(|name| raw.is(name)) else {
                continue;
            };
            if !seen[i] {
                seen[i] = true;
                readings[i] = parse_clock_bytes(raw.args);
                if !seen.contains(&false) {
                    break;
                }
            }
        }
        readings
    }
}

/// The most movetext the first reservations of moves and comments count
/// with: a longer game grows its vectors as they fill (as do games of
/// moves shorter than estimated), so that a game of one huge comment never
/// reserves more than 1,024 moves (80 kilobytes).
const MOVETEXT_SPAN: usize = 4096;

/// Whether a lone piece letter and the next word make a move (`N f3`,
/// `D d4`): then the letter is no annotation but a move cut in two.
fn completes(letter: &[u8], word: &[u8]) -> bool {
    if word.is_empty() {
        return false;
    }
    let mut joined = [0u8; 24];
    let len = letter.len() + word.len();
    if len > joined.len() {
        return false;
    }
    joined[..letter.len()].copy_from_slice(letter);
    joined[letter.len()..len].copy_from_slice(word);
    parse_move(&joined[..len]).is_ok()
}

fn is_en_passant_mark(word: &[u8]) -> bool {
    // The second byte rules out nearly every move (`e4`, `exd5`) at once.
    matches!(word, [b'e', b'.' | b'p', ..])
        && matches!(word, b"e.p." | b"e.p" | b"ep" | b"e.p.+" | b"e.p.#")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(s: &str) -> Scoresheet {
        Scoresheet::read(&GameText::new(s.as_bytes().to_vec(), 1, 0))
    }

    /// The first pair of each known name, however far down the header it
    /// stands, and whatever precedes it: the same answer as a search of
    /// the tags in order. Headers of 0 to 600 pairs, the known names among
    /// other names and repeated, around the 254 pairs the index holds.
    #[test]
    fn the_first_pair_of_a_known_name_is_found_anywhere() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for round in 0..300 {
            let pairs = match round {
                0..=9 => round * 60,
                _ => (crate::testing::xorshift(&mut seed) % 600) as usize,
            };
            let mut header = String::new();
            for i in 0..pairs {
                let pick = crate::testing::xorshift(&mut seed) % 40;
                let name = match TagName::KNOWN.get(pick as usize) {
                    Some(known) => known.as_str().to_string(),
                    None => format!("X{pick}"),
                };
                header.push_str(&format!("[{name} \"{i}\"]\n"));
            }
            let sheet = read(&format!("{header}\n1. e4 *\n"));
            assert_eq!(sheet.tags().len(), pairs);
            for name in TagName::KNOWN.into_iter().chain([TagName::Other]) {
                let searched = match name {
                    TagName::Other => None,
                    _ => sheet.tags().iter().find(|t| t.known() == name),
                };
                assert_eq!(
                    sheet.known_pair(name),
                    searched,
                    "{name:?} in {pairs} pairs"
                );
                assert_eq!(
                    sheet.tag(name.as_str()),
                    searched.map(|t| t.value()),
                    "{name:?}"
                );
            }
        }
    }

    /// An event is found wherever its command stands in a comment, in a
    /// short one (a pair of bytes at a time) and past 64 bytes (`memmem`),
    /// and `[` and `%` apart are no command.
    #[test]
    fn events_are_found_in_short_and_long_comments() {
        for pad in [0, 1, 20, 50, 61, 62, 63, 64, 65, 200] {
            let filler = "x".repeat(pad);
            for (comment, found) in [
                (format!("{filler}[%offer]"), true),
                (format!("[%offer]{filler}"), true),
                (format!("{filler}[ %offer]{filler}"), false),
                (format!("{filler}%[offer]"), false),
            ] {
                let pgn = format!("1. e4 {{{comment}}} e5 *");
                let text = GameText::new(pgn.into_bytes(), 1, 0);
                let events = Scoresheet::read(&text).events(&text);
                assert_eq!(events.len(), usize::from(found), "{comment:?}");
            }
        }
    }

    /// A number read with the dots the lexer counted says whose move it is
    /// as one read from its bytes, for every count of dots.
    #[test]
    fn a_number_with_its_dots_counted_is_the_number_read() {
        for dots in 0..=4 {
            let token = format!("12{}", ".".repeat(dots));
            let span = Span::new(0, token.len());
            assert_eq!(
                WrittenNumber::with_dots(12, dots, span),
                WrittenNumber::read(token.as_bytes(), 12, span),
                "{token}"
            );
        }
    }

    /// The quick path of the reader changes nothing the record holds:
    /// random games (tags, movetext, comments, variations, results and
    /// text after them, blank lines, lone letters, e.p. marks) read the
    /// same with it and without it, and the same into a sheet that held
    /// the game before as into a new one.
    #[test]
    fn a_sheet_reads_the_same_with_the_quick_path_and_without() {
        let mut seed = 0x853c_49e6_748f_ea9b_u64;
        let mut used = Scoresheet::default();
        for round in 0..4_000 {
            let mut bytes = Vec::new();
            if round % 3 == 0 {
                bytes.extend_from_slice(b"[Event \"E\"]\n[White \"A\"]\n\n");
            }
            bytes.extend(crate::testing::random_movetext(&mut seed, 30));
            let text = GameText::new(bytes, 1, 0);
            // The quick paths read into the sheet of the rounds before, as a
            // worker does; the general path into a new one.
            used.read_again(&text);
            let mut fresh = Scoresheet::default();
            fresh.read_as::<false>(&text);
            assert_eq!(used, fresh, "{:?}", String::from_utf8_lossy(&text.bytes));
        }
    }

    #[test]
    fn the_first_clock_command_of_each_name_counts() {
        let text = GameText::new(
            b"1. e4 {[%emt 0:00:02] [%clk 0:01:00] [%clk 0:02:00]} e5 {[%clk x] [%clk 0:01:00]} *"
                .to_vec(),
            1,
            0,
        );
        let sheet = Scoresheet::read(&text);
        let [first, second] = [&sheet.comments[0], &sheet.comments[1]];
        assert_eq!(
            sheet.clock_commands(&text, first, ["clk", "emt"]),
            [Some(60.0), Some(2.0)]
        );
        assert_eq!(sheet.clock_commands(&text, first, ["clk"]), [Some(60.0)]);
        // An unreadable first reading is no reading: the second is not taken.
        assert_eq!(
            sheet.clock_commands(&text, second, ["clk", "emt"]),
            [None, None]
        );
        assert_eq!(sheet.clock_commands(&text, second, ["clk"]), [None]);
    }

    /// The readings read with the events are those `clock_commands` reads
    /// comment by comment (the first of each name, read or not), on random
    /// comments of clock readings, events, other commands and text.
    #[test]
    fn the_clocks_read_with_the_events_are_each_comments_first() {
        let pieces = [
            "[%clk 0:01:00]",
            "[%clk 0:00:59]",
            "[%CLK 1:00]",
            "[% clk 0:00:07 ]",
            "[%clk x]",
            "[%clk]",
            "[%emt 0:00:02]",
            "[%Emt 0:00:03.5]",
            "[%emt ?]",
            "[%eval 0.31]",
            "[%claim threefold Nf3]",
            "[%touch g1]",
            "[ %clk 0:00:01]",
            "[clk 0:00:01]",
            "well played",
            "[%clk 0:02:00",
        ];
        let mut seed = 0x853c_49e6_748f_ea9b_u64;
        let (mut clocks, mut spent, mut events) = (0, 0, 0);
        for _ in 0..2_000 {
            let mut next = |n: usize| (crate::testing::xorshift(&mut seed) % n as u64) as usize;
            let mut movetext = String::new();
            for (number, moves) in [(1, "e4 e5"), (2, "Nf3 Nc6"), (3, "Bb5 a6")] {
                for mv in moves.split(' ') {
                    if mv == "e4" || mv == "Nf3" || mv == "Bb5" {
                        movetext.push_str(&format!("{number}. "));
                    }
                    movetext.push_str(mv);
                    for _ in 0..next(3) {
                        let comment: Vec<&str> =
                            (0..next(4)).map(|_| pieces[next(pieces.len())]).collect();
                        movetext.push_str(&format!(" {{{}}}", comment.join(" ")));
                    }
                    movetext.push(' ');
                }
            }
            movetext.push('*');
            let text = GameText::new(movetext.clone().into_bytes(), 1, 0);
            let sheet = Scoresheet::read(&text);
            let read = sheet.comment_commands(&text);
            let expected: Vec<ClockAt> = sheet
                .comments
                .iter()
                .filter_map(|comment| {
                    let [clock, spent] = sheet.clock_commands(&text, comment, ["clk", "emt"]);
                    (clock.is_some() || spent.is_some()).then_some(ClockAt {
                        after_ply: comment.after_ply,
                        clock,
                        spent,
                    })
                })
                .collect();
            assert_eq!(read.clocks, expected, "{movetext}");
            clocks += expected.iter().filter(|c| c.clock.is_some()).count();
            spent += expected.iter().filter(|c| c.spent.is_some()).count();
            events += read.events.len();
        }
        assert!(
            clocks > 1_000 && spent > 1_000 && events > 1_000,
            "{clocks} {spent} {events}"
        );
    }

    #[test]
    fn a_draw_offer_mark_is_an_offer_not_a_variation() {
        let text = "1. e4 e5 2. Nf3 (=) {[%clk 1:00:00]} 2... Nc6 ( = ) 3. Bb5 (3. d4 =) (=) *";
        let sheet = read(text);
        assert_eq!(sheet.moves.len(), 5);
        let offers: Vec<usize> = sheet.offer_marks.iter().map(|m| m.after_ply).collect();
        assert_eq!(offers, [3, 4, 5]);
        assert_eq!(sheet.variations.len(), 1);
        let events = sheet.events(&GameText::new(text.as_bytes().to_vec(), 1, 0));
        assert!(
            events
                .iter()
                .all(|e| e.event == Ok(Event::Offer(None)) && e.text == "(=)")
        );
        assert_eq!(events.len(), 3);
    }

    #[test]
    fn variations_are_kept_apart() {
        let sheet = read("1. e4 (1. d4 d5 (1... Nf6)) e5 {c} 2. Nf3 1-0");
        assert_eq!(sheet.moves.len(), 3);
        assert_eq!(sheet.variations.len(), 1);
        assert_eq!(sheet.variations[0].after_ply, 1);
        assert_eq!(sheet.comments[0].after_ply, 2);
        assert!(sheet.problems.is_empty());
    }

    #[test]
    fn deep_variations_do_not_recurse() {
        let text = format!("1. e4 {} e5 *", "(".repeat(10_000));
        let sheet = read(&text);
        assert_eq!(sheet.moves.len(), 1);
        assert_eq!(sheet.problems[0].kind, SyntaxProblem::UnterminatedVariation);
    }

    #[test]
    fn en_passant_mark_attaches_to_the_move() {
        let sheet = read("1. e5xd6 e.p. *");
        assert_eq!(sheet.moves.len(), 1);
        assert!(
            sheet.moves[0]
                .notation
                .as_ref()
                .is_ok_and(|n| n.en_passant_mark)
        );
    }

    #[test]
    fn empty_is_nothing_but_white_space() {
        for (text, empty) in [
            ("", true),
            (" \t\r\n\u{b}\u{c}\n", true),
            ("\u{feff}\n", true),
            ("\n }", false),
            ("\u{feff}\u{feff}", false),
            ("\u{1}", false),
            ("%x", false),
        ] {
            assert_eq!(read(text).is_empty, empty, "{text:?}");
        }
    }

    #[test]
    fn unknown_words_are_kept_as_moves() {
        let sheet = read("1. e4 which e5 *");
        assert_eq!(sheet.moves.len(), 3);
        assert!(sheet.moves[1].notation.is_err());
    }

    #[test]
    fn text_after_result() {
        let sheet = read("1. e4 1-0 e5");
        assert_eq!(sheet.moves.len(), 1);
        assert_eq!(sheet.problems[0].kind, SyntaxProblem::TextAfterResult);
    }

    #[test]
    fn a_run_of_one_problem_is_one_problem_with_a_count() {
        let sheet = read("1. e4 } } {c} ] e5 } ) ) *");
        let runs: Vec<_> = sheet
            .problems
            .iter()
            .map(|p| (p.kind, p.span.start, p.count))
            .collect();
        assert_eq!(
            runs,
            [
                (SyntaxProblem::StrayCharacter, 6, 3),
                (SyntaxProblem::StrayCharacter, 19, 1),
                (SyntaxProblem::UnmatchedParenthesis, 21, 2),
            ]
        );
        assert_eq!(sheet.moves.len(), 2);
        let sheet = read(&format!("1. e4 {}*", "} ".repeat(100_000)));
        assert_eq!(sheet.problems.len(), 1);
        assert_eq!(sheet.problems[0].count, 100_000);
        assert_eq!(sheet.problems[0].span, Span::new(6, 7));
    }

    #[test]
    fn a_tag_between_malformed_tags_ends_the_run() {
        let sheet = read("[Event \"x\"]\n[Bad\n[Worse\n[Site \"?\"]\n[Worst\n\n1. e4 *");
        let counts: Vec<_> = sheet.problems.iter().map(|p| (p.kind, p.count)).collect();
        assert_eq!(
            counts,
            [
                (SyntaxProblem::MalformedTag, 2),
                (SyntaxProblem::MalformedTag, 1)
            ]
        );
    }

    fn forms(sheet: &Scoresheet) -> Vec<(NonStandardForm, u32)> {
        sheet
            .non_standard
            .iter()
            .map(|u| (u.form, u.count))
            .collect()
    }

    #[test]
    fn text_annotations_are_kept_never_moves() {
        let sheet = read("1. e4 += e5 D 2. Nf3 +-- Nc6 ⇆ 3. Bb5 ± N 3... a6 ! *");
        assert_eq!(sheet.moves.len(), 6);
        assert_eq!(forms(&sheet), [(NonStandardForm::TextAnnotation, 6)]);
        let nags: Vec<_> = sheet
            .annotations
            .iter()
            .map(|a| (a.after_ply, a.nag))
            .collect();
        assert_eq!(
            nags,
            [
                (1, Some(14)),
                (2, None),
                (3, Some(20)),
                (4, Some(132)),
                (5, Some(16)),
                (5, Some(146)),
                (6, Some(1))
            ]
        );
        let of_fifth: Vec<u8> = sheet
            .nags
            .iter()
            .filter(|n| n.after_ply == 5)
            .map(|n| n.nag)
            .collect();
        assert_eq!(of_fifth, [16, 146]);
        assert_eq!(sheet.nags.len(), 6);
    }

    #[test]
    fn nags_belong_to_the_main_line_move_before_them() {
        // Before the first move: no move to belong to. In a variation: not
        // the main line's.
        let sheet = read("$1 ! 1. e4 $14 (1. d4 $2 !) e5 ?! $18 1-0");
        let nags: Vec<(usize, u8)> = sheet.nags.iter().map(|n| (n.after_ply, n.nag)).collect();
        assert_eq!(nags, [(1, 14), (2, 6), (2, 18)]);
    }

    #[test]
    fn a_lone_letter_that_could_be_a_move_is_an_error() {
        // `N f3`: a knight's move with a space, or a novelty before f3? Never guessed.
        for text in ["1. e4 e5 2. N f3 *", "1. e4 N e5 *", "1. N *", "D 1. e4 *"] {
            let sheet = read(text);
            assert!(
                sheet
                    .moves
                    .iter()
                    .any(|m| m.notation == Err(NotationError::LoneLetter)),
                "{text}"
            );
        }
        let sheet = read("1. e4 N 1... e5 D {x} 2. Nf3 N *");
        assert_eq!(sheet.moves.len(), 3);
        assert!(sheet.moves.iter().all(|m| m.notation.is_ok()));
    }

    #[test]
    fn move_number_dots_apart_or_alone() {
        for text in [
            "1. e4 1 ... e5 *",
            "1. e4 1. ... e5 *",
            "1. e4 ... e5 *",
            "1. e4 1…e5 *",
            "1. e4 ...e5 *",
        ] {
            let sheet = read(text);
            assert_eq!(sheet.moves.len(), 2, "{text}");
            assert!(sheet.moves.iter().all(|m| m.notation.is_ok()), "{text}");
            assert_eq!(
                forms(&sheet),
                [(NonStandardForm::MoveNumberDots, 1)],
                "{text}"
            );
        }
        // The standard's import format: any number of dots glued to the number.
        for text in ["1. e4 1......e5 *", "1. e4 1...e5 2. Nf3 *", "1.e4 e5 *"] {
            let sheet = read(text);
            assert_eq!(
                sheet.moves.len(),
                if text.contains("Nf3") { 3 } else { 2 },
                "{text}"
            );
            assert!(sheet.non_standard.is_empty(), "{text}");
        }
    }

    #[test]
    fn move_numbers_are_kept_with_their_moves() {
        let sheet = read("1. e4 e5 2. Nf3 2... Nc6 3 Bb5 3 ... a6 4.. Ba4 ... Nf6 *");
        let numbers: Vec<Option<(u32, bool)>> = sheet
            .moves
            .iter()
            .map(|m| m.number.map(|n| (n.number, n.black)))
            .collect();
        assert_eq!(
            numbers,
            [
                Some((1, false)),
                None,
                Some((2, false)),
                Some((2, true)),
                Some((3, false)),
                Some((3, true)),
                Some((4, true)),
                None
            ]
        );
        assert_eq!(sheet.moves[3].number.map(|n| n.half_move()), Some(3));
    }

    /// A number with no move after it (`2.` at the end of a game) is
    /// carried by no move, in this game nor in the next one read into the
    /// same sheet, whichever path reads it.
    #[test]
    fn a_number_left_without_its_move_belongs_to_no_move() {
        let next = GameText::new(b"Nf3 d5 *".to_vec(), 1, 0);
        for first in ["1. e4 e5 2.", "1. e4 e5 2. ", "1. e4 e5 {c} 2..."] {
            let mut sheet = read(first);
            assert_eq!(sheet.moves.len(), 2, "{first}");
            assert!(
                sheet
                    .moves
                    .iter()
                    .all(|m| m.number.is_none_or(|n| n.number == 1))
            );
            sheet.read_again(&next);
            assert_eq!(sheet.moves.len(), 2);
            assert!(sheet.moves.iter().all(|m| m.number.is_none()), "{first}");
            assert_eq!(sheet, Scoresheet::read(&next), "{first}");
        }
    }

    #[test]
    fn result_spellings() {
        for (text, outcome) in [
            ("1. e4 1:0", "1-0"),
            ("1. e4 0:1", "0-1"),
            ("1. e4 ½:½", "1/2-1/2"),
            ("1. e4 ½-½", "1/2-1/2"),
            ("1. e4 1/2", "1/2-1/2"),
            ("1. e4 remis", "1/2-1/2"),
        ] {
            let sheet = read(text);
            let read = sheet.result.map(|(o, _)| o.to_string());
            assert_eq!(read.as_deref(), Some(outcome), "{text}");
            assert_eq!(
                forms(&sheet),
                [(NonStandardForm::ResultSpelling, 1)],
                "{text}"
            );
            assert_eq!(sheet.moves.len(), 1);
        }
        // A forfeit is a result of its own, said so by the audit, not a spelling note.
        let sheet = read("+:-");
        assert!(sheet.result.is_some() && sheet.non_standard.is_empty());
        // In the movetext `+/-` is an evaluation.
        let sheet = read("1. e4 +/- *");
        assert_eq!(
            sheet.result.map(|(o, _)| o.to_string()).as_deref(),
            Some("*")
        );
    }

    #[test]
    fn blank_lines_in_the_movetext() {
        let sheet = read("[Event \"a\"]\n\n1. e4 e5 {c}\n\n2. Nf3\n\n1-0\n");
        assert_eq!(
            forms(&sheet),
            [
                (NonStandardForm::MovetextAfterBlankLine, 1),
                (NonStandardForm::ResultAfterBlankLine, 1)
            ]
        );
        assert!(read("[Event \"a\"]\n\n\n1. e4 *\n").non_standard.is_empty());
    }
}
