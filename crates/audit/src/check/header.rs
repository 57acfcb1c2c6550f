//! The header and the set-up: tags, syntax problems, the starting position,
//! and whether the game is readable at all.

use laws::{Article, GameClass, GameResult, time_control::TimeControl};
use scoresheet::{
    Problem, Scoresheet, SyntaxProblem,
    tags::{SEVEN_TAG_ROSTER, is_valid_date},
};
use shakmaty::{CastlingMode, Chess, fen::Fen};

use super::Context;
use crate::{kind::Kind, report::Finding};

pub(super) fn unreadable(sheet: &Scoresheet) -> Option<String> {
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

impl Context<'_> {
    pub(super) fn syntax_findings(&self, findings: &mut Vec<Finding>) {
        for &Problem {
            kind: problem,
            span,
            count,
        } in &self.sheet.problems
        {
            let kind = match problem {
                SyntaxProblem::MalformedTag => Kind::BadTag,
                _ => Kind::MalformedPgn,
            };
            let message = match count {
                1 => problem.describe().to_string(),
                _ => format!("{} ({count} times in a row)", problem.describe()),
            };
            let mut finding = Finding::new(kind, None, message);
            finding.place = Some(self.place(span));
            if problem == SyntaxProblem::MalformedTag {
                finding.token = Some(self.token(span));
            }
            findings.push(finding);
        }
    }

    pub(super) fn tag_findings(&self, findings: &mut Vec<Finding>) {
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
                "TimeControl" => match TimeControl::parse(&tag.value) {
                    Err(_) => Some(format!(
                        "TimeControl \"{}\" is not a time control of the PGN standard \
                         (seconds: 5400, 300+3, 40/7200:3600, *180, ? or -)",
                        tag.value
                    )),
                    Ok(tc) => tc.ambiguity().map(|why| {
                        let read = self.time_control.as_ref().unwrap_or(&tc);
                        let class = read.class().map_or("standard", GameClass::name);
                        let how = if read.periods() == tc.periods() {
                            "as written, in seconds"
                        } else {
                            "in minutes, as the clock readings show"
                        };
                        format!(
                            "TimeControl \"{}\" is ambiguous: {}; it is read {how} \
                             ({class} play); --rules sets the class",
                            tag.value,
                            why.describe()
                        )
                    }),
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

    pub(super) fn start_position(
        &self,
        findings: &mut Vec<Finding>,
    ) -> Option<(Chess, CastlingMode)> {
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
            finding.fen = Some(fen_tag.value.to_string());
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
}
