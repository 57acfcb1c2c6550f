//! The engine: one game's text in, one [`GameReport`] out. `validate`,
//! `adjudicate` and `audit` are views of this one function.

use laws::{
    Article, Ending, EndingKind, GameResult, MoveError, Replay, mating::can_never_mate,
    resolve::suggestions,
};
use scoresheet::{
    GameText, Mark, NotationError, Scoresheet, Span, SyntaxProblem, WrittenMove,
    tags::{SEVEN_TAG_ROSTER, is_valid_date},
};
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position, fen::Fen};

use crate::{
    kind::Kind,
    report::{Finding, GameReport, Place},
};

/// How many probable moves to offer for a wrong move.
const SUGGESTIONS: usize = 6;

/// Checks one game. Never panics on any input.
///
/// ```
/// use audit::check_game;
/// use scoresheet::GameText;
/// let text = GameText::new(b"[Result \"1-0\"]\n1. f3 e5 2. g4 Qh4# 1-0\n".to_vec(), 1, 0);
/// let report = check_game("x.pgn", 1, &text);
/// assert_eq!(report.ruled_result.as_deref(), Some("0-1"));
/// assert!(report.findings.iter().any(|f| f.kind == audit::Kind::ResultMismatch));
/// ```
pub fn check_game(source: &str, game: usize, text: &GameText) -> GameReport {
    let sheet = Scoresheet::read(text);
    let mut report = GameReport {
        source: source.to_string(),
        game,
        line: text.first_line + leading_blank_lines(&text.bytes),
        white: sheet.tag("White").map(str::to_string),
        black: sheet.tag("Black").map(str::to_string),
        round: sheet.tag("Round").map(str::to_string),
        plies: 0,
        recorded_result: sheet.tag("Result").map(str::to_string),
        ruled_result: None,
        findings: Vec::new(),
    };
    let ctx = Context {
        text,
        sheet: &sheet,
    };

    if let Some(reason) = unreadable(&sheet) {
        report
            .findings
            .push(Finding::new(Kind::UnreadableGame, None, reason));
        return report;
    }
    ctx.syntax_findings(&mut report.findings);
    ctx.tag_findings(&mut report.findings);

    let recorded = recorded_result(&sheet);
    let Some((replay, broken)) = ctx.replay(&mut report) else {
        return report;
    };

    let (ruled, reason) = match replay.ending() {
        Some(ending) => (ending.result(), Some((ending.article(), ending.ply))),
        None => rule_without_ending(&sheet, &replay, recorded, broken),
    };
    report.ruled_result = Some(ruled.as_str().to_string());
    if let Some(recorded) = recorded.filter(|r| r.is_decided())
        && recorded != ruled
    {
        let (article, ply) = reason.unwrap_or((Article::CHECKMATE, replay.ply()));
        let why = match replay.ending() {
            Some(ending) => ending_phrase(ending),
            None => cannot_mate_phrase(recorded),
        };
        report.findings.push(
                Finding::new(
                    Kind::ResultMismatch,
                    Some(ply),
                    format!("the recorded result {recorded} contradicts the board: {why}, so the result is {ruled}"),
                )
                .article(article),
            );
    }
    report
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

fn unreadable(sheet: &Scoresheet) -> Option<String> {
    if let Some(variant) = sheet.tag("Variant")
        && castling_mode(variant).is_none()
    {
        return Some(format!(
            "the game is played under the variant \"{variant}\", which is not chess under the FIDE Laws"
        ));
    }
    let no_move = sheet.moves.first().is_none_or(|m| m.notation.is_err());
    if sheet.tags.is_empty() && no_move && (sheet.result.is_none() || !sheet.moves.is_empty()) {
        return Some(if sheet.is_empty {
            "the game has no tags and no moves".to_string()
        } else {
            "nothing in this text reads as a game: no tag pair, no move".to_string()
        });
    }
    None
}

/// The castling rules of a `Variant` tag, or `None` when it is not chess.
fn castling_mode(variant: &str) -> Option<CastlingMode> {
    let v: String = variant
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    match v.as_str() {
        "" | "standard" | "chess" | "standardchess" | "normal" | "fromposition" => {
            Some(CastlingMode::Standard)
        }
        "chess960" | "960" | "fischerandom" | "fischerrandom" | "freestyle" | "freestylechess"
        | "chess9lx" | "9lx" => Some(CastlingMode::Chess960),
        _ => None,
    }
}

fn recorded_result(sheet: &Scoresheet) -> Option<GameResult> {
    sheet
        .tag("Result")
        .and_then(GameResult::parse)
        .or_else(|| sheet.result.map(|(outcome, _)| outcome.into()))
}

/// Terminations after which a recorded win stands whatever the board says.
fn keeps_recorded_win(termination: Option<&str>) -> bool {
    let Some(t) = termination else { return false };
    let t = t.to_ascii_lowercase();
    [
        "rules infraction",
        "adjudication",
        "abandoned",
        "death",
        "emergency",
        "forfeit",
        "default",
        "unterminated",
    ]
    .iter()
    .any(|k| t.contains(k) && !t.contains("time forfeit"))
}

fn is_time_forfeit(termination: Option<&str>) -> bool {
    termination.is_some_and(|t| {
        let t = t.to_ascii_lowercase();
        t.contains("time forfeit") || t.contains("on time") || t == "time"
    })
}

/// The ruled result when nothing on the board ended the game: the recorded
/// one, except that a win by resignation or flag fall goes only to a side
/// that could still checkmate (5.1.2, 6.9).
fn rule_without_ending(
    sheet: &Scoresheet,
    replay: &Replay,
    recorded: Option<GameResult>,
    broken: bool,
) -> (GameResult, Option<(Article, usize)>) {
    let Some(recorded) = recorded else {
        return (GameResult::Undecided, None);
    };
    let termination = sheet.tag("Termination");
    if let Some(winner) = recorded.winner()
        && !broken
        && !keeps_recorded_win(termination)
        && can_never_mate(replay.position(), winner)
    {
        let article = if is_time_forfeit(termination) {
            Article::FLAG_FALL
        } else {
            Article::RESIGNATION
        };
        return (GameResult::Draw, Some((article, replay.ply())));
    }
    (recorded, None)
}

fn ending_phrase(ending: &Ending) -> String {
    match &ending.kind {
        EndingKind::Checkmate { winner } => format!(
            "{} delivered checkmate at ply {}",
            color_name(*winner),
            ending.ply
        ),
        EndingKind::Stalemate => format!("stalemate at ply {}", ending.ply),
        EndingKind::DeadPosition => format!("dead position at ply {}", ending.ply),
        EndingKind::FivefoldRepetition { .. } => {
            format!("fivefold repetition at ply {}", ending.ply)
        }
        EndingKind::SeventyFiveMoves { .. } => format!("75-move rule at ply {}", ending.ply),
    }
}

fn cannot_mate_phrase(recorded: GameResult) -> String {
    match recorded.winner() {
        Some(winner) => format!(
            "{} could not checkmate by any series of legal moves",
            color_name(winner)
        ),
        None => "nothing on the board decides it".to_string(),
    }
}

pub(crate) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

struct Context<'a> {
    text: &'a GameText,
    sheet: &'a Scoresheet,
}

impl Context<'_> {
    fn place(&self, span: Span) -> Place {
        let loc = self.text.locate(span.start);
        let width = String::from_utf8_lossy(span.of(&self.text.bytes))
            .lines()
            .next()
            .map_or(1, |l| l.chars().count().max(1));
        Place {
            line: loc.line,
            column: loc.column,
            offset: loc.offset,
            excerpt: self.text.line_text(span.start),
            width,
        }
    }

    fn token(&self, span: Span) -> String {
        self.text.decode(span.of(&self.text.bytes))
    }

    fn syntax_findings(&self, findings: &mut Vec<Finding>) {
        for &(problem, span) in &self.sheet.problems {
            let kind = match problem {
                SyntaxProblem::MalformedTag => Kind::BadTag,
                _ => Kind::MalformedPgn,
            };
            let mut finding = Finding::new(kind, None, problem.describe().to_string());
            finding.place = Some(self.place(span));
            if problem == SyntaxProblem::MalformedTag {
                finding.token = Some(self.token(span));
            }
            findings.push(finding);
        }
    }

    fn tag_findings(&self, findings: &mut Vec<Finding>) {
        let sheet = self.sheet;
        let missing: Vec<&str> = SEVEN_TAG_ROSTER
            .iter()
            .copied()
            .filter(|name| sheet.tag(name).is_none())
            .collect();
        if !missing.is_empty() {
            findings.push(Finding::new(
                Kind::BadTag,
                None,
                format!(
                    "missing tags of the Seven Tag Roster: {}",
                    missing.join(", ")
                ),
            ));
        }
        for tag in &sheet.tags {
            let problem = match tag.name.as_str() {
                "Date" if !is_valid_date(&tag.value) => Some(format!(
                    "Date \"{}\" is not a date of the form YYYY.MM.DD (with ?? for unknown parts)",
                    tag.value
                )),
                "Result" => match (GameResult::parse(&tag.value), sheet.result) {
                    (None, _) => Some(format!(
                        "Result \"{}\" is not one of 1-0, 0-1, 1/2-1/2, *",
                        tag.value
                    )),
                    (Some(tagged), Some((outcome, _))) if GameResult::from(outcome) != tagged => {
                        Some(format!(
                            "Result tag \"{}\" differs from the result at the end of the moves, {}",
                            tag.value,
                            GameResult::from(outcome)
                        ))
                    }
                    _ => None,
                },
                _ => None,
            };
            if let Some(message) = problem {
                let mut finding = Finding::new(Kind::BadTag, None, message);
                finding.place = Some(self.place(tag.span));
                findings.push(finding);
            }
        }
        if sheet.result.is_none() {
            let mut finding = Finding::new(
                Kind::MissingResult,
                Some(sheet.moves.len()),
                "the moves do not end with a result (1-0, 0-1, 1/2-1/2 or *)".to_string(),
            );
            if let Some(last) = sheet.moves.last() {
                finding.place = Some(self.place(last.span));
            }
            findings.push(finding);
        }
    }

    fn start_position(&self, findings: &mut Vec<Finding>) -> Option<(Chess, CastlingMode)> {
        let sheet = self.sheet;
        let mode =
            castling_mode(sheet.tag("Variant").unwrap_or("")).unwrap_or(CastlingMode::Standard);
        let fen_tag = sheet.tags.iter().find(|t| t.name == "FEN");
        let Some(fen_tag) = fen_tag else {
            if sheet.tag("SetUp") == Some("1") {
                findings.push(Finding::new(
                    Kind::InvalidSetup,
                    Some(0),
                    "SetUp \"1\" announces a set-up position but there is no FEN tag".to_string(),
                ));
                return None;
            }
            if mode == CastlingMode::Chess960 {
                findings.push(Finding::new(
                    Kind::InvalidSetup,
                    Some(0),
                    "a Chess960 game needs a FEN tag with its starting position".to_string(),
                ));
                return None;
            }
            return Some((Chess::default(), mode));
        };
        let fail = |message: String, article: Option<Article>| {
            let mut finding = Finding::new(Kind::InvalidSetup, Some(0), message);
            finding.article = article.map(Article::as_str);
            finding.place = Some(self.place(fen_tag.span));
            finding.fen = Some(fen_tag.value.clone());
            finding
        };
        let fen = match Fen::from_ascii(fen_tag.value.trim().as_bytes()) {
            Ok(fen) => fen,
            Err(err) => {
                findings.push(fail(
                    format!("FEN \"{}\" cannot be read: {err}", fen_tag.value),
                    None,
                ));
                return None;
            }
        };
        match fen.clone().into_position::<Chess>(mode) {
            Ok(pos) => Some((pos, mode)),
            Err(err) => {
                // A Chess960 start written with standard castling letters is still read.
                if let Ok(pos) = fen.into_position::<Chess>(CastlingMode::Chess960) {
                    return Some((pos, CastlingMode::Chess960));
                }
                findings.push(fail(
                    format!("FEN \"{}\" is not a legal position: {err}", fen_tag.value),
                    Some(Article::ILLEGAL_POSITION),
                ));
                None
            }
        }
    }

    /// Replays the main line. Returns the replay and whether the record broke
    /// before its end (an unreadable, illegal or ambiguous move).
    fn replay(&self, report: &mut GameReport) -> Option<(Replay, bool)> {
        let findings = &mut report.findings;
        let (start, mode) = self.start_position(findings)?;
        let mut replay = Replay::new(start, mode);
        let mut reported = false;
        self.report_ending(&replay, &mut reported, findings);
        let mut broken = false;
        for recorded in &self.sheet.moves {
            let ply = replay.ply() + 1;
            let mover = replay.turn();
            let ended_before = replay.ending().map(|e| (e.ply, e.article()));
            let result = match &recorded.notation {
                Ok(notation) => replay.play(&notation.written, notation.mark).map_err(Some),
                Err(_) => {
                    replay.settle();
                    Err(None)
                }
            };
            match result {
                Ok(played) => {
                    if let Some((end_ply, article)) = ended_before {
                        if end_ply + 1 == ply {
                            let label = replay.last_label().unwrap_or_default();
                            findings.push(self.moves_after_end(
                                &label,
                                ply,
                                recorded.span,
                                mover,
                                article,
                            ));
                        }
                    } else if let Some(wrong) = played.wrong_mark {
                        findings.push(self.wrong_mark(&replay, wrong, ply, recorded.span, mover));
                    }
                    self.report_ending(&replay, &mut reported, findings);
                }
                Err(err) => {
                    self.report_ending(&replay, &mut reported, findings);
                    match replay.ending().map(|e| (e.ply, e.article())) {
                        Some((end_ply, article)) => {
                            if end_ply + 1 == ply {
                                let label = self.written_label(replay.position(), recorded.span);
                                findings.push(self.moves_after_end(
                                    &label,
                                    ply,
                                    recorded.span,
                                    mover,
                                    article,
                                ));
                            }
                        }
                        None => {
                            broken = true;
                            findings.push(match (err, &recorded.notation) {
                                (Some(err), Ok(notation)) => self.move_error(
                                    replay.position(),
                                    &notation.written,
                                    recorded.span,
                                    err,
                                    ply,
                                ),
                                (_, Err(err)) => self.unparseable(&replay, recorded.span, *err),
                                (None, Ok(_)) => continue,
                            });
                        }
                    }
                    break;
                }
            }
        }
        replay.settle();
        self.report_ending(&replay, &mut reported, findings);
        report.plies = replay.ply();
        Some((replay, broken))
    }

    /// Adds the ending's finding the first time the replay knows of it.
    fn report_ending(&self, replay: &Replay, reported: &mut bool, findings: &mut Vec<Finding>) {
        if *reported {
            return;
        }
        if let Some(ending) = replay.ending() {
            *reported = true;
            let label = if ending.ply > 0 {
                replay.last_label()
            } else {
                None
            };
            findings.push(self.ending_finding(replay, ending, label.as_deref()));
        }
    }

    fn wrong_mark(
        &self,
        replay: &Replay,
        wrong: Mark,
        ply: usize,
        span: Span,
        mover: Color,
    ) -> Finding {
        let written = match wrong {
            Mark::Check => "a check mark",
            Mark::Mate => "a mate mark",
        };
        let actual = if replay.position().is_checkmate() {
            "it mates"
        } else if replay.position().is_check() {
            "it gives check but does not mate"
        } else {
            "it gives no check"
        };
        let label = replay.last_label().unwrap_or_default();
        let mut f = Finding::new(
            Kind::WrongCheckMark,
            Some(ply),
            format!("{label} is written with {written}, but {actual}"),
        )
        .player(mover);
        f.move_number = Some(label);
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    fn written_label(&self, before: &Chess, span: Span) -> String {
        let number = before.fullmoves();
        let token = self.token(span);
        match before.turn() {
            Color::White => format!("{number}.{token}"),
            Color::Black => format!("{number}...{token}"),
        }
    }

    fn move_finding(&self, kind: Kind, before: &Chess, span: Span, message: String) -> Finding {
        let mut f = Finding::new(kind, None, message).player(before.turn());
        f.move_number = Some(self.written_label(before, span));
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f.fen = Some(Fen::from_position(before, EnPassantMode::Legal).to_string());
        f
    }

    fn unparseable(&self, replay: &Replay, span: Span, err: NotationError) -> Finding {
        let before = replay.position();
        let token = self.token(span);
        let mut f = self.move_finding(
            Kind::UnparseableMove,
            before,
            span,
            format!("{} \"{token}\" is {err}", self.move_slot(before),),
        );
        f.ply = Some(replay.ply() + 1);
        f
    }

    fn move_slot(&self, before: &Chess) -> String {
        let number = before.fullmoves();
        match before.turn() {
            Color::White => format!("White's move {number}"),
            Color::Black => format!("Black's move {number}"),
        }
    }

    fn move_error(
        &self,
        before: &Chess,
        written: &WrittenMove,
        span: Span,
        err: MoveError,
        ply: usize,
    ) -> Finding {
        let token = self.token(span);
        let slot = self.move_slot(before);
        let (kind, article, message, candidates) = match err {
            MoveError::Ambiguous(moves) => {
                let sans: Vec<String> = moves
                    .iter()
                    .map(|m| shakmaty::san::SanPlus::from_move(before.clone(), *m).to_string())
                    .collect();
                (
                    Kind::AmbiguousMove,
                    None,
                    format!(
                        "{slot} \"{token}\" fits more than one legal move: {}",
                        sans.join(" or ")
                    ),
                    sans,
                )
            }
            MoveError::Null => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                format!(
                    "{slot} \"{token}\" is a null move, which is not a move in over-the-board chess"
                ),
                Vec::new(),
            ),
            MoveError::PromotionMissing => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                format!(
                    "{slot} \"{token}\" moves a pawn to the last rank without naming the new piece"
                ),
                suggestions(before, written, SUGGESTIONS)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
            MoveError::WrongPiece { found } => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                format!(
                    "{slot} \"{token}\" names a different piece than the one on its starting square ({})",
                    found.map_or("empty", |r| role_name(r))
                ),
                suggestions(before, written, SUGGESTIONS)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
            MoveError::Illegal => {
                let why = if before.is_check() {
                    ", and the king is in check"
                } else {
                    ""
                };
                (
                    Kind::IllegalMove,
                    Some(Article::LEGAL_MOVE),
                    format!("{slot} \"{token}\" is not a legal move in this position{why}"),
                    suggestions(before, written, SUGGESTIONS)
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                )
            }
        };
        let mut f = self.move_finding(kind, before, span, message);
        if !candidates.is_empty() && kind == Kind::IllegalMove {
            f.message
                .push_str(&format!("; perhaps {} was meant", candidates.join(" or ")));
        }
        f.article = article.map(Article::as_str);
        f.ply = Some(ply);
        f.suggestions = candidates;
        f
    }

    fn moves_after_end(
        &self,
        label: &str,
        ply: usize,
        span: Span,
        mover: Color,
        ended_by: Article,
    ) -> Finding {
        let mut f = Finding::new(
            Kind::MovesAfterEnd,
            Some(ply),
            format!(
                "{label} is recorded after the game had ended; it and every later move are void"
            ),
        )
        .player(mover)
        .article(ended_by);
        f.move_number = Some(label.to_string());
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    fn ending_finding(&self, replay: &Replay, ending: &Ending, label: Option<&str>) -> Finding {
        let pos = replay.position();
        let after = label.map_or_else(
            || "in the starting position".to_string(),
            |l| format!("after {l}"),
        );
        let (kind, message, plies) = match &ending.kind {
            EndingKind::Checkmate { winner } => (
                Kind::Checkmate,
                format!(
                    "{} is checkmated {after}: {} wins",
                    color_name(!*winner),
                    color_name(*winner)
                ),
                Vec::new(),
            ),
            EndingKind::Stalemate => (
                Kind::Stalemate,
                format!(
                    "{} is stalemated {after}: the game is drawn",
                    color_name(pos.turn())
                ),
                Vec::new(),
            ),
            EndingKind::DeadPosition => (
                Kind::DeadPosition,
                format!(
                    "neither side can checkmate by any series of legal moves {after}: the game is drawn"
                ),
                Vec::new(),
            ),
            EndingKind::FivefoldRepetition { occurrences } => (
                Kind::FivefoldRepetition,
                format!(
                    "the position {after} occurred for the fifth time (plies {}): the game is drawn",
                    occurrences
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                occurrences.clone(),
            ),
            EndingKind::SeventyFiveMoves { since } => (
                Kind::SeventyFiveMoveRule,
                format!(
                    "75 moves by each player without a capture or pawn move are complete {after} (quiet since ply {since}): the game is drawn"
                ),
                vec![*since],
            ),
        };
        let mut f = Finding::new(kind, Some(ending.ply), message).article(ending.article());
        if let EndingKind::Checkmate { winner } = &ending.kind {
            f = f.player(*winner);
        }
        f.plies = plies;
        f.fen = Some(Fen::from_position(pos, EnPassantMode::Legal).to_string());
        f
    }
}

fn role_name(role: shakmaty::Role) -> &'static str {
    match role {
        shakmaty::Role::Pawn => "a pawn",
        shakmaty::Role::Knight => "a knight",
        shakmaty::Role::Bishop => "a bishop",
        shakmaty::Role::Rook => "a rook",
        shakmaty::Role::Queen => "a queen",
        shakmaty::Role::King => "a king",
    }
}
