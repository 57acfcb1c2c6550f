//! How a recorded result is read, and what it becomes when nothing on the
//! board ended the game: a win by resignation goes only to a side that could
//! still checkmate (5.1.2); a forfeit is no game played (6.7); losses for
//! other reasons (rules infractions, defaults, adjudications) keep their
//! recorded result.

use scoresheet::{GameText, Scoresheet, Span, TagName, results::movetext_result};
use shakmaty::Color;

use crate::{Article, GameResult, Replay, mating::proven_unwinnable};

/// The result as a person reads it: the `Result` tag in any spelling, else
/// the movetext's result.
pub fn recorded_result(sheet: &Scoresheet) -> Option<GameResult> {
    sheet
        .known_pair(TagName::Result)
        .and_then(GameResult::of_tag)
        .map(|read| read.result)
        .or_else(|| sheet.result.map(|(outcome, _)| outcome.into()))
}

/// A forfeit win recorded in the `Result` tag or the movetext (`+:-`): the
/// winner, the spelling, whether it is the tag's, and where it stands.
pub fn forfeit(sheet: &Scoresheet, text: &GameText) -> Option<(Color, String, bool, Span)> {
    let tag = sheet.known_pair(TagName::Result);
    if let Some(tag) = tag
        && let Some(read) = GameResult::of_tag(tag)
        && read.forfeit
    {
        return Some((
            read.result.winner()?,
            tag.value().trim().to_string(),
            true,
            tag.span,
        ));
    }
    let (_, span) = sheet.result?;
    let written = movetext_result(span.of(&text.bytes)).filter(|r| r.forfeit)?;
    let winner = GameResult::from(written.outcome).winner()?;
    Some((winner, text.decode(span.of(&text.bytes)), false, span))
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

pub fn is_time_forfeit(termination: Option<&str>) -> bool {
    termination.is_some_and(|t| {
        let t = t.to_ascii_lowercase();
        t.contains("time forfeit") || t.contains("on time") || t == "time"
    })
}

/// The ruled result when nothing on the board ended the game: the recorded
/// one, except that a win by resignation or flag fall goes only to a side
/// that could still checkmate (5.1.2, 6.9).
pub fn rule_without_ending(
    sheet: &Scoresheet,
    replay: &Replay,
    recorded: Option<GameResult>,
    broken: bool,
    forfeit: bool,
) -> (GameResult, Option<(Article, usize)>) {
    let Some(recorded) = recorded else {
        return (GameResult::Undecided, None);
    };
    let termination = sheet.known_tag(TagName::Termination);
    // A forfeit is no game played: no resignation to judge by the board (6.7).
    if let Some(winner) = recorded.winner()
        && !broken
        && !forfeit
        && !keeps_recorded_win(termination)
        && proven_unwinnable(replay.position(), winner)
    {
        // A time forfeit never reaches here: the walk rules it as a flag fall (6.9).
        return (GameResult::Draw, Some((Article::RESIGNATION, replay.ply())));
    }
    (recorded, None)
}
