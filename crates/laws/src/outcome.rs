//! How a recorded result is read, and what it becomes when nothing on the
//! board ended the game: a win by resignation goes only to a side that could
//! still checkmate (5.1.2); losses for other reasons (rules infractions,
//! defaults, adjudications) keep their recorded result.

use scoresheet::Scoresheet;

use crate::{Article, GameResult, Replay, mating::proven_unwinnable};

pub fn recorded_result(sheet: &Scoresheet) -> Option<GameResult> {
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
) -> (GameResult, Option<(Article, usize)>) {
    let Some(recorded) = recorded else {
        return (GameResult::Undecided, None);
    };
    let termination = sheet.tag("Termination");
    if let Some(winner) = recorded.winner()
        && !broken
        && !keeps_recorded_win(termination)
        && proven_unwinnable(replay.position(), winner)
    {
        // A time forfeit never reaches here: the walk rules it as a flag fall (6.9).
        return (GameResult::Draw, Some((Article::RESIGNATION, replay.ply())));
    }
    (recorded, None)
}
