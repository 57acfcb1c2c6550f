//! The engine: one game's text in, one [`GameReport`] out. `validate`,
//! `adjudicate` and `audit` are views of this one function.

mod claims;
mod clock;
mod endings;
mod header;
mod moves;
mod offers;
mod readings;
mod repairs;
mod rewrites;
mod walk;

use std::{cell::RefCell, sync::Arc};

use compact_str::CompactString;

use laws::{Article, GameClass, Supervision, time_control::TimeControl};
use scoresheet::{ClaimKind, GameText, Scoresheet, Span, TagName};
use shakmaty::Color;

use crate::{
    facts::{Facts, MismatchCause, Occurrence, Unreadable},
    kind::Kind,
    report::{Finding, GameReport, Place},
};

/// How many probable moves to offer for a wrong move.
const SUGGESTIONS: usize = 6;

/// A move of the game as an arbiter names it: "after 40...Kg7" is after
/// Black's 40th move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRef {
    pub number: u32,
    /// Whose move it was.
    pub side: Color,
    /// The move as named, to be checked against the record (`Kg7`).
    pub san: Option<String>,
}

impl MoveRef {
    /// Reads `40.`, `40...`, `40.Nf3`, `40...Kg7` (a bare `40` is White's move).
    ///
    /// ```
    /// use audit::MoveRef;
    /// use shakmaty::Color;
    /// let after = MoveRef::parse("40...Kg7").expect("move number");
    /// assert_eq!((after.number, after.side, after.san.as_deref()), (40, Color::Black, Some("Kg7")));
    /// assert_eq!(MoveRef::parse("12.").map(|m| m.side), Some(Color::White));
    /// assert!(MoveRef::parse("Kg7").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<MoveRef> {
        let text = text.trim();
        let digits = text.bytes().take_while(u8::is_ascii_digit).count();
        let number: u32 = text[..digits].parse().ok()?;
        let rest = &text[digits..];
        let (side, san) = match rest
            .strip_prefix("...")
            .or_else(|| rest.strip_prefix('…'))
            .or_else(|| rest.strip_prefix(".."))
        {
            Some(after) => (Color::Black, after),
            None => (Color::White, rest.strip_prefix('.').unwrap_or(rest)),
        };
        let san = san.trim();
        (number > 0).then(|| MoveRef {
            number,
            side,
            san: (!san.is_empty()).then(|| san.to_string()),
        })
    }

    /// Whether the position reached after this move is `(fullmoves, turn)`.
    pub(crate) fn is_position(&self, fullmoves: u32, turn: Color) -> bool {
        match self.side {
            Color::White => fullmoves == self.number && turn == Color::Black,
            Color::Black => fullmoves == self.number + 1 && turn == Color::White,
        }
    }
}

/// A claim given on the command line rather than annotated in the PGN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtraClaim {
    pub kind: ClaimKind,
    /// The claim is made in the position after this move.
    pub after: MoveRef,
    /// The intended move written on the scoresheet, not played (9.2.1, 9.3.1).
    pub written: Option<String>,
}

/// What the engine needs beyond the game's text.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Standard, rapid or blitz, overriding the `TimeControl` tag. Given,
    /// it also says the record is the game as played in rapid or blitz, so
    /// an illegal move in it stood (A.5.2) rather than being a slip of the pen.
    pub class: Option<GameClass>,
    /// Full supervision (A.4, B.2) or the usual (A.5, B.3).
    pub supervision: Supervision,
    /// How long one can-still-mate analysis (flag falls, second illegal
    /// moves) may search before it is undetermined; `None`: no limit but
    /// the search's own.
    pub mate_budget: Option<std::time::Duration>,
    /// Claims to rule on as if annotated.
    pub claims: Vec<ExtraClaim>,
    /// How hard to look for the shortest mating line of a winnable verdict.
    pub mating_lines: MatingLines,
    /// The event's regulations bar agreements before both players have
    /// completed this many moves (9.1.1).
    pub no_draw_before: Option<u32>,
    /// Keep each game's text on its report (`GameReport::text`), for the
    /// writer of the repaired record; off, no report holds its game's text.
    pub keep_text: bool,
}

/// How hard the engine looks for the shortest mating line it shows: the
/// verdict is the same either way, only the line may be longer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MatingLines {
    /// A quick look (a batch audit: the line is in the message only).
    #[default]
    Quick,
    /// The full budget (ruling sheets, where the line is shown to the players).
    Shortest,
}

impl MatingLines {
    /// Positions the search may visit.
    pub fn nodes(self) -> u64 {
        match self {
            MatingLines::Quick => laws::mating::helpmate::QUICK_NODES,
            MatingLines::Shortest => laws::mating::helpmate::NODES,
        }
    }
}

/// Checks one game with default options. Never panics on any input.
///
/// ```
/// use audit::check_game;
/// use scoresheet::GameText;
/// let text = GameText::new(b"[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 1-0\n".to_vec(), 1, 0);
/// let report = check_game("x.pgn", 1, &text);
/// assert_eq!(report.ruled_result, Some(laws::GameResult::BlackWins));
/// assert!(report.findings.iter().any(|f| f.kind == audit::Kind::ResultMismatch));
/// ```
pub fn check_game(source: &str, game: usize, text: &GameText) -> GameReport {
    check_game_with(source, game, text, &Options::default())
}

/// Checks one game. Never panics on any input: should the engine itself
/// fail on a game (a bug), that game gets an `unreadable-game` row saying so
/// and the run goes on, so every game of the input is still accounted for.
///
/// `source` names the input; a run over many games passes an `Arc<str>`,
/// which every report then shares.
pub fn check_game_with(
    source: impl Into<Arc<str>>,
    game: usize,
    text: &GameText,
    options: &Options,
) -> GameReport {
    let source = source.into();
    let mut report = blank_report(&source, game, text);
    check_game_into(&mut report, text, options);
    report
}

/// [`check_game_with`] into `report`, a [`blank_report`] of the game: the
/// report is made where it is to stay (the slot of the run's batch) and
/// filled in place. Returned through the layers below (the worker's sheet,
/// the panic guard, the pool's collection), its few hundred bytes were
/// copied at each of them.
pub(crate) fn check_game_into(report: &mut GameReport, text: &GameText, options: &Options) {
    let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        check(text, options, report)
    }));
    if checked.is_err() {
        *report = blank_report(&report.source, report.game, text);
        report.findings.push(Finding::new(
            Kind::UnreadableGame,
            None,
            Facts::Unreadable(Unreadable::InternalError),
        ));
    }
}

thread_local! {
    /// Each worker's scoresheet, read again for every game it checks: its
    /// vectors keep their room, so that a game's moves, tags and comments
    /// cost no allocation (and no free) once the worker has read a game as
    /// long. Borrowed in place (not taken and put back: a copy of the sheet
    /// each way); after a panic the next game reads it afresh all the same.
    static SHEET: RefCell<Scoresheet> = RefCell::default();
}

/// Checks the game into `report`, a [`blank_report`] of it.
fn check(text: &GameText, options: &Options, report: &mut GameReport) {
    SHEET.with_borrow_mut(|sheet| {
        sheet.read_again(text);
        check_sheet(text, options, sheet, report);
    });
}

fn check_sheet(text: &GameText, options: &Options, sheet: &Scoresheet, report: &mut GameReport) {
    report.white = sheet.known_tag(TagName::White).map(CompactString::from);
    report.black = sheet.known_tag(TagName::Black).map(CompactString::from);
    report.round = sheet.known_tag(TagName::Round).map(CompactString::from);
    report.recorded_result = laws::outcome::recorded_result(sheet);
    // The comments' commands, read once: the events for the walk, the
    // clock readings for the time control, the clocks' check and rulings.
    let scoresheet::CommentCommands { events, clocks } = sheet.comment_commands(text);
    let time_control = sheet
        .known_tag(TagName::TimeControl)
        .and_then(|tag| TimeControl::parse(tag).ok())
        .map(|tc| readings::settle_minutes(tc, &clocks));
    let class = options
        .class
        .or_else(|| time_control.as_ref().and_then(TimeControl::class))
        .unwrap_or(GameClass::Standard);
    // The time control joins the header when the context is done with it.
    header::typed(&mut report.header, sheet, None, class);
    let ctx = Context {
        text,
        sheet,
        options,
        class,
        time_control,
        events,
        clocks,
    };

    if let Some(reason) = header::unreadable(sheet) {
        report.findings.push(Finding::new(
            Kind::UnreadableGame,
            None,
            Facts::Unreadable(reason),
        ));
        report.header.time_control = ctx.time_control;
        return;
    }
    ctx.syntax_findings(&mut report.findings);
    ctx.tag_findings(&mut report.findings);

    let recorded = report.recorded_result;
    let forfeit = ctx.forfeit_finding(&mut report.findings);
    ctx.non_standard_findings(&mut report.findings);
    // The ruling is made while the walk's replay stands where the walk
    // left it: moved out to this function and taken apart, its few hundred
    // bytes were copied twice a game.
    ctx.replay(report, |report, walked| {
        rule(&ctx, report, walked, recorded, forfeit);
    });
    report.header.time_control = ctx.time_control;
}

/// The game's ruling on what the walk reached: the result by the ending
/// the record as written reached, else by 5.1.2 and the record, and the
/// finding where the recorded result differs.
fn rule(
    ctx: &Context<'_>,
    report: &mut GameReport,
    walked: walk::Walked<'_>,
    recorded: Option<laws::GameResult>,
    forfeit: bool,
) {
    let walk::Walked {
        replay,
        broken,
        ending_at,
        ending,
    } = walked;
    let sheet = ctx.sheet;
    // Rulings rest on the record as written: the ending it reached, never
    // one a repaired record reaches.
    let (ruled, reason) = match &ending {
        Some(ending) => (ending.result(), Some((ending.article(), ending.ply))),
        None => laws::outcome::rule_without_ending(sheet, replay, recorded, broken, forfeit),
    };
    report.ruled_result = Some(ruled);
    if let Some(recorded) = recorded.filter(|r| r.is_decided())
        && recorded != ruled
    {
        let (article, ply) = reason.unwrap_or((Article::CHECKMATE, report.plies));
        // The finding names the move it is about: the ending's, else the last one played.
        let at_end = ply == report.plies;
        let (cause, label) = match &ending {
            Some(ending) => {
                let at = ending_at.unwrap_or(Occurrence {
                    ply: ending.ply,
                    mv: None,
                });
                let label = at.mv.clone();
                let kind = ending.kind.clone();
                (MismatchCause::Ending { kind, at }, label)
            }
            None => {
                let winner = recorded.winner();
                let label = replay.last_label().filter(|_| at_end);
                (MismatchCause::CannotMate { winner }, label)
            }
        };
        let mut f = Finding::new(
            Kind::ResultMismatch,
            Some(ply),
            Facts::ResultMismatch {
                recorded,
                ruled,
                cause,
            },
        )
        .article(article);
        f.move_number = label.filter(|_| ply > 0);
        report.findings.push(f);
    }
}

/// A game's row before anything is known of it.
pub(crate) fn blank_report(source: &Arc<str>, game: usize, text: &GameText) -> GameReport {
    GameReport {
        source: Arc::clone(source),
        game,
        line: text.first_line + leading_blank_lines(&text.bytes),
        white: None,
        black: None,
        round: None,
        plies: 0,
        reconstructed_plies: 0,
        repairs: 0,
        recorded_result: None,
        ruled_result: None,
        findings: Vec::new(),
        header: crate::report::Header::default(),
        fingerprint: None,
        row: crate::report::Row::Game,
        rewrites: Vec::new(),
        text: None,
    }
}

/// Lines of white space before the game's first tag or move.
fn leading_blank_lines(bytes: &[u8]) -> u32 {
    let first = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let n = bytes[..first].iter().filter(|&&b| b == b'\n').count();
    u32::try_from(n).unwrap_or(0)
}

struct Context<'a> {
    text: &'a GameText,
    sheet: &'a Scoresheet,
    options: &'a Options,
    class: GameClass,
    /// The tag as read, after the clock readings settled any doubt about minutes.
    time_control: Option<TimeControl>,
    /// The arbiter events of the comments, in order.
    events: Vec<scoresheet::EventAt>,
    /// The clock readings of the comments, in order.
    clocks: Vec<scoresheet::ClockAt>,
}

impl Context<'_> {
    /// Time added to the opponent for a first illegal move or an incorrect claim.
    fn penalty_seconds(&self) -> u32 {
        self.class.penalty_seconds(self.options.supervision)
    }

    /// The articles that make that time one minute (A.3, B.3), cited beside the ruling's own.
    fn penalty_articles(&self) -> Vec<Article> {
        self.class
            .penalty_articles(self.options.supervision)
            .to_vec()
    }

    fn place(&self, span: Span) -> Place {
        let loc = self.text.locate(span.start);
        let head = &span.of(&self.text.bytes)[..span.end.saturating_sub(span.start).min(80)];
        let width = String::from_utf8_lossy(head)
            .lines()
            .next()
            .map_or(1, |l| l.chars().count().max(1));
        let (excerpt, excerpt_offset) = self.text.excerpt(span.start, 80);
        Place {
            line: loc.line,
            column: loc.column,
            offset: loc.offset,
            excerpt,
            excerpt_offset,
            width,
        }
    }

    fn token(&self, span: Span) -> String {
        self.text.decode(span.of(&self.text.bytes))
    }
}
