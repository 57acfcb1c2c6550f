//! The header and the set-up: tags, syntax problems, the starting position,
//! and whether the game is readable at all.

use laws::{Article, GameClass, GameResult, time_control::TimeControl};
use scoresheet::{
    NonStandardForm, Problem, Scoresheet, Span, SyntaxProblem,
    forms::text_annotation,
    results::movetext_result,
    tags::{SEVEN_TAG_ROSTER, TagName, is_valid_date},
};
use shakmaty::{CastlingMode, Chess, fen::Fen};

use super::Context;
use crate::{
    facts::{Facts, SetupProblem, TagProblem, Unreadable},
    kind::Kind,
    report::{Finding, Player},
};

pub(super) fn unreadable(sheet: &Scoresheet) -> Option<Unreadable> {
    if let Some(variant) = sheet.known_tag(TagName::Variant)
        && castling_mode(variant).is_none()
    {
        return Some(Unreadable::Variant(variant.to_string()));
    }
    let no_move = sheet.moves.first().is_none_or(|m| m.notation.is_err());
    if sheet.tags().is_empty() && no_move && (sheet.result.is_none() || !sheet.moves.is_empty()) {
        return Some(if sheet.is_empty {
            Unreadable::NoTagsNoMoves
        } else {
            Unreadable::NothingReadsAsGame
        });
    }
    None
}

/// The castling rules of a `Variant` tag, or `None` when it is not chess.
pub(super) fn castling_mode(variant: &str) -> Option<CastlingMode> {
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

/// How many syntax findings a game lists one by one; the rest are counted
/// in one more finding.
const SYNTAX_FINDINGS: usize = 1000;

impl Context<'_> {
    pub(super) fn syntax_findings(&self, findings: &mut Vec<Finding>) {
        let problems = &self.sheet.problems;
        if problems.len() > SYNTAX_FINDINGS {
            // Memory stays small on a game of junk: each finding holds an excerpt.
            let rest = &problems[SYNTAX_FINDINGS..];
            let count = rest.iter().map(|p| u64::from(p.count)).sum();
            let mut more = Finding::new(Kind::MalformedPgn, None, Facts::MoreSyntax { count });
            more.place = Some(self.place(rest[0].span));
            findings.push(more);
        }
        for &Problem {
            kind: problem,
            span,
            count,
        } in problems.iter().take(SYNTAX_FINDINGS)
        {
            let kind = match problem {
                SyntaxProblem::MalformedTag => Kind::BadTag,
                _ => Kind::MalformedPgn,
            };
            let mut finding = Finding::new(kind, None, Facts::Syntax { problem, count });
            finding.place = Some(self.place(span));
            if problem == SyntaxProblem::MalformedTag {
                finding.token = Some(self.token(span));
            }
            findings.push(finding);
        }
    }

    pub(super) fn tag_findings(&self, findings: &mut Vec<Finding>) {
        let sheet = self.sheet;
        // The roster's tags present, in one pass over the header (seven
        // searches of it were a tenth of the header's cost).
        let mut present = [false; SEVEN_TAG_ROSTER.len()];
        for tag in sheet.tags() {
            if let Some(i) = tag.known().roster_index() {
                present[i] = true;
            }
        }
        let missing: Vec<&str> = SEVEN_TAG_ROSTER
            .iter()
            .zip(present)
            .filter(|(_, present)| !present)
            .map(|(name, _)| *name)
            .collect();
        if !missing.is_empty() {
            findings.push(Finding::new(
                Kind::BadTag,
                None,
                Facts::MissingTags(missing),
            ));
        }
        for tag in sheet.tags() {
            let problem = match tag.known() {
                TagName::Date if !is_valid_date(tag.value()) => {
                    Some(TagProblem::BadDate(tag.value().to_string()))
                }
                TagName::Result => match (
                    GameResult::of_tag(tag).map(|read| read.result),
                    sheet.result,
                ) {
                    (None, _) => Some(TagProblem::BadResult(tag.value().to_string())),
                    (Some(tagged), Some((outcome, _))) if GameResult::from(outcome) != tagged => {
                        Some(TagProblem::ResultDiffers {
                            tag: tag.value().to_string(),
                            movetext: GameResult::from(outcome),
                        })
                    }
                    _ => None,
                },
                TagName::TimeControl => match TimeControl::parse(tag.value()) {
                    Err(_) => Some(TagProblem::BadTimeControl(tag.value().to_string())),
                    Ok(tc) => tc.ambiguity().map(|ambiguity| {
                        let read = self.time_control.as_ref().unwrap_or(&tc);
                        TagProblem::AmbiguousTimeControl {
                            value: tag.value().to_string(),
                            ambiguity,
                            in_minutes: read.periods() != tc.periods(),
                            class: read.class().unwrap_or(GameClass::Standard),
                        }
                    }),
                },
                _ => None,
            };
            if let Some(problem) = problem {
                let mut finding = Finding::new(Kind::BadTag, None, Facts::Tag(problem));
                finding.place = Some(self.place(tag.span));
                findings.push(finding);
            }
        }
        if sheet.result.is_none() {
            let mut finding =
                Finding::new(Kind::MissingResult, Some(sheet.moves.len()), Facts::None);
            if let Some(last) = sheet.moves.last() {
                finding.place = Some(self.place(last.span));
            }
            findings.push(finding);
        }
    }

    /// A forfeit result (`+:-`) gets its note; returns whether there is one.
    pub(super) fn forfeit_finding(&self, findings: &mut Vec<Finding>) -> bool {
        let Some((winner, written, in_tag, span)) = laws::outcome::forfeit(self.sheet, self.text)
        else {
            return false;
        };
        let mut finding = Finding::new(
            Kind::ForfeitResult,
            None,
            Facts::ForfeitResult {
                winner,
                written,
                in_tag,
            },
        );
        // The finding is about the player who forfeited.
        finding.player = Some(Player::from(!winner));
        finding.place = Some(self.place(span));
        findings.push(finding);
        true
    }

    /// One note per form the PGN standard does not write, at its first place:
    /// the reader's (movetext, boundaries) and the header's (a result's
    /// spelling, a time control in words, a game begun on another's line).
    pub(super) fn non_standard_findings(&self, findings: &mut Vec<Finding>) {
        let sheet = self.sheet;
        let bytes = &self.text.bytes;
        // (form, first place, count, what it was read as)
        let mut uses: Vec<(NonStandardForm, Span, u32, Option<String>)> = sheet
            .non_standard
            .iter()
            .map(|u| {
                let standard = match u.form {
                    NonStandardForm::TextAnnotation => text_annotation(u.span.of(bytes))
                        .flatten()
                        .map(|nag| format!("${nag}")),
                    NonStandardForm::ResultSpelling => movetext_result(u.span.of(bytes))
                        .map(|r| GameResult::from(r.outcome).to_string()),
                    _ => None,
                };
                (u.form, u.span, u.count, standard)
            })
            .collect();
        let mut add = |form, span: Span, standard: Option<String>| match uses
            .iter_mut()
            .find(|u| u.0 == form)
        {
            Some(known) => {
                known.2 = known.2.saturating_add(1);
                if span.start < known.1.start {
                    known.1 = span;
                    known.3 = standard;
                }
            }
            None => uses.push((form, span, 1, standard)),
        };
        if self.text.first_column > 1 {
            let first = sheet
                .tags()
                .first()
                .map(|t| t.span)
                .or_else(|| sheet.moves.first().map(|m| m.span));
            add(
                NonStandardForm::GameOnSameLine,
                first.unwrap_or_default(),
                None,
            );
        }
        for tag in sheet.tags() {
            match tag.known() {
                TagName::Result => {
                    if let Some(read) = GameResult::of_tag(tag)
                        && !read.standard
                        && !read.forfeit
                    {
                        add(
                            NonStandardForm::ResultSpelling,
                            tag.span,
                            Some(read.result.to_string()),
                        );
                    }
                }
                TagName::TimeControl => {
                    if let Ok(tc) = TimeControl::parse(tag.value())
                        && tc.in_words
                    {
                        add(
                            NonStandardForm::TimeControlInWords,
                            tag.span,
                            Some(tc.standard_form()),
                        );
                    }
                }
                _ => {}
            }
        }
        uses.sort_by_key(|u| u.1.start);
        for (form, span, count, standard) in uses {
            // A tag's value, or the token as written.
            let written = match sheet.tags().iter().find(|t| t.span == span) {
                Some(tag) if form != NonStandardForm::GameOnSameLine => tag.value().to_string(),
                _ => self.token(span),
            };
            let mut finding = Finding::new(
                Kind::NonStandardNotation,
                None,
                Facts::NonStandard {
                    form,
                    written,
                    count,
                    standard,
                },
            );
            finding.place = Some(self.place(span));
            findings.push(finding);
        }
    }

    pub(super) fn start_position(
        &self,
        findings: &mut Vec<Finding>,
    ) -> Option<(Chess, CastlingMode)> {
        let sheet = self.sheet;
        let mode = castling_mode(sheet.known_tag(TagName::Variant).unwrap_or(""))
            .unwrap_or(CastlingMode::Standard);
        let fen_tag = sheet.known_pair(TagName::Fen);
        let Some(fen_tag) = fen_tag else {
            if sheet.known_tag(TagName::SetUp) == Some("1") {
                findings.push(Finding::new(
                    Kind::InvalidSetup,
                    Some(0),
                    Facts::Setup(SetupProblem::SetUpWithoutFen),
                ));
                return None;
            }
            if mode == CastlingMode::Chess960 {
                findings.push(Finding::new(
                    Kind::InvalidSetup,
                    Some(0),
                    Facts::Setup(SetupProblem::Chess960WithoutFen),
                ));
                return None;
            }
            return Some((Chess::default(), mode));
        };
        let fail = |problem: SetupProblem, article: Option<Article>| {
            let mut finding = Finding::new(Kind::InvalidSetup, Some(0), Facts::Setup(problem));
            finding.article = article;
            finding.place = Some(self.place(fen_tag.span));
            finding
        };
        let fen_text = || fen_tag.value().to_string();
        let fen = match Fen::from_ascii(fen_tag.value().trim().as_bytes()) {
            Ok(fen) => fen,
            Err(err) => {
                findings.push(fail(
                    SetupProblem::UnreadableFen {
                        fen: fen_text(),
                        error: err.to_string(),
                    },
                    None,
                ));
                return None;
            }
        };
        let setup = fen.as_setup().clone();
        match fen.clone().into_position::<Chess>(mode) {
            Ok(pos) => Some((pos, mode)),
            Err(err) => {
                // A Chess960 start written with standard castling letters is still read.
                if let Ok(pos) = fen.into_position::<Chess>(CastlingMode::Chess960) {
                    return Some((pos, CastlingMode::Chess960));
                }
                let mut finding = fail(
                    SetupProblem::IllegalFen {
                        fen: fen_text(),
                        error: err.to_string(),
                    },
                    Some(Article::ILLEGAL_POSITION),
                );
                // The board as set up, for a diagram; JSON keeps the FEN as written.
                finding.position = Some(Box::new(setup));
                findings.push(finding);
                None
            }
        }
    }
}

/// The header the ruling sheet shows, typed from the tags: one pass over
/// them, allocating only for the values that are there (this runs for every
/// game of an audit). Written in place, into the game's report: returned,
/// its few hundred bytes were copied twice a game.
pub(super) fn typed(
    header: &mut crate::report::Header,
    sheet: &Scoresheet,
    time_control: Option<TimeControl>,
    class: GameClass,
) {
    use crate::report::{Header, PgnDate, Side};
    use compact_str::CompactString;
    *header = Header {
        time_control,
        class,
        ..Header::default()
    };
    let (mut round, mut board) = (None, None);
    for tag in sheet.tags() {
        let value = scoresheet::results::trimmed(tag.value());
        // "?" and "-" say nothing is known.
        if value.is_empty() || value == "?" || value == "-" {
            continue;
        }
        let text = || Some(CompactString::from(value));
        let number = |slot: &mut Option<u32>| {
            *slot = slot.or_else(|| value.parse().ok().filter(|&n| n > 0));
        };
        // A FIDE ID is digits only (no sign), as the TRF writes it.
        let id = |slot: &mut Option<u64>| {
            let digits = value.bytes().all(|b| b.is_ascii_digit());
            *slot = slot.or_else(|| {
                digits
                    .then(|| value.parse().ok())
                    .flatten()
                    .filter(|&n| n > 0)
            });
        };
        let first = |slot: &mut Option<CompactString>| {
            if slot.is_none() {
                *slot = text();
            }
        };
        let (white, black): (&mut Side, &mut Side) = (&mut header.white, &mut header.black);
        match tag.known() {
            TagName::Event => first(&mut header.event),
            TagName::Site => first(&mut header.site),
            TagName::Date if header.date.is_none() => header.date = PgnDate::parse(value),
            TagName::Round if round.is_none() => round = Some(value),
            TagName::Board if board.is_none() => board = Some(value),
            TagName::WhiteTitle => first(&mut white.title),
            TagName::BlackTitle => first(&mut black.title),
            TagName::WhiteElo => number(&mut white.elo),
            TagName::BlackElo => number(&mut black.elo),
            TagName::WhiteFideId => id(&mut white.fide_id),
            TagName::BlackFideId => id(&mut black.fide_id),
            TagName::WhiteTeam => first(&mut white.team),
            TagName::BlackTeam => first(&mut black.team),
            _ => {}
        }
    }
    // Broadcasts write round and board as one: `Round "5.3"`.
    let split = round.and_then(|r| r.split_once('.')).filter(|(r, b)| {
        board.is_none()
            && !r.is_empty()
            && !b.is_empty()
            && r.bytes().chain(b.bytes()).all(|c| c.is_ascii_digit())
    });
    let (round, board) = match split {
        Some((r, b)) => (Some(r), Some(b)),
        None => (round, board),
    };
    header.round = round.map(CompactString::from);
    header.board = board.map(CompactString::from);
}

#[cfg(test)]
mod tests {
    use scoresheet::{GameText, Scoresheet};

    use super::typed;

    fn header(tags: &str) -> crate::report::Header {
        let text = GameText::new(format!("{tags}\n\n1. e4 *\n").into_bytes(), 1, 0);
        let mut header = crate::report::Header::default();
        typed(
            &mut header,
            &Scoresheet::read(&text),
            None,
            laws::GameClass::Standard,
        );
        header
    }

    #[test]
    fn tags_become_the_typed_header() {
        let h = header(
            "[Event \"Bundesliga\"]\n[Date \"2024.10.??\"]\n[Round \"5.3\"]\n\
             [WhiteElo \"2710\"]\n[WhiteFideId \"4100018\"]\n[WhiteTitle \"GM\"]\n\
             [BlackElo \"?\"]\n[BlackFideId \"-\"]\n[Site \"?\"]",
        );
        assert_eq!(h.event.as_deref(), Some("Bundesliga"));
        assert_eq!(h.site, None);
        assert_eq!(h.date.and_then(|d| d.month), Some(10));
        assert_eq!(h.date.and_then(|d| d.day), None);
        assert_eq!(
            (h.round.as_deref(), h.board.as_deref()),
            (Some("5"), Some("3"))
        );
        assert_eq!(h.white.elo, Some(2710));
        assert_eq!(h.white.fide_id, Some(4_100_018));
        assert_eq!(h.white.title.as_deref(), Some("GM"));
        assert_eq!((h.black.elo, h.black.fide_id), (None, None));
        // The tournament check matches players by these: digits only, 0 is none.
        for (tag, id) in [
            (" 4100018 ", Some(4_100_018)),
            ("0", None),
            ("+12", None),
            ("?", None),
        ] {
            let h = header(&format!("[WhiteFideId \"{tag}\"]"));
            assert_eq!(h.white.fide_id, id, "{tag:?}");
        }
        let h = header("[Date \"2024-03-14\"]");
        assert_eq!(
            h.date.and_then(|d| d.day_known()),
            chrono::NaiveDate::from_ymd_opt(2024, 3, 14)
        );
    }

    #[test]
    fn a_board_tag_keeps_the_round_as_written() {
        let h = header("[Round \"5.3\"]\n[Board \"7\"]");
        assert_eq!(
            (h.round.as_deref(), h.board.as_deref()),
            (Some("5.3"), Some("7"))
        );
        let h = header("[Round \"Final\"]");
        assert_eq!((h.round.as_deref(), h.board), (Some("Final"), None));
    }
}
