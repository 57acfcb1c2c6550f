//! Illegal moves (7.5) and flag falls (6.9): penalties, forfeits, and the
//! can-still-mate question that turns a loss into a draw.

use laws::{
    Article, EndingKind, GameClass, MoveError, Replay,
    mating::{Verdict, analyse_within},
    resolve::resolve,
};
use scoresheet::{EventAt, IllegalAct, commands::format_clock};
use shakmaty::{Color, EnPassantMode, Position, fen::Fen};

use super::{Context, color_name, walk::Walk};
use crate::{kind::Kind, report::Finding};

impl Context<'_> {
    /// Points a ruling at its event (when it has one) and at the position.
    fn at_event(&self, mut f: Finding, replay: &Replay, at: Option<&EventAt>) -> Finding {
        f.token = at.map(|a| a.text.clone());
        f.place = at.map(|a| self.place(a.span));
        f.fen = Some(Fen::from_position(replay.position(), EnPassantMode::Legal).to_string());
        f
    }

    /// The `%clk` reading in the comments after `ply` recorded moves: the
    /// remaining time of the player who made move `ply`.
    pub(super) fn clock_after(&self, ply: usize) -> Option<f64> {
        self.sheet
            .comments
            .iter()
            .filter(|c| c.after_ply == ply)
            .find_map(|c| self.sheet.clock_command(self.text, c, "clk"))
    }

    /// Whether the opponent of `loser` could still checkmate, as a phrase,
    /// and whether the game is a draw instead of a loss.
    fn mating_chances(&self, replay: &Replay, loser: Color) -> (bool, String) {
        let opponent = !loser;
        match analyse_within(replay.position(), opponent, self.options.mate_budget) {
            Verdict::Unwinnable(reason) => (
                true,
                format!(
                    "{} cannot checkmate by any series of legal moves: {}",
                    color_name(opponent),
                    reason.describe()
                ),
            ),
            Verdict::Winnable { line } => {
                let shown: Vec<String> = line.iter().take(12).map(ToString::to_string).collect();
                let more = if line.len() > 12 { " …" } else { "" };
                let how = if shown.is_empty() {
                    "the position is mate".to_string()
                } else {
                    format!("for instance {}{more}", shown.join(" "))
                };
                (
                    false,
                    format!("{} can still checkmate ({how})", color_name(opponent)),
                )
            }
            Verdict::Undetermined => (
                false,
                format!(
                    "whether {} can still checkmate could not be decided; the loss stands unless the arbiter finds otherwise",
                    color_name(opponent)
                ),
            ),
        }
    }

    /// An `[%illegal ...]` event: the side to move completed an illegal act.
    pub(super) fn illegal_act(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        act: &IllegalAct,
        at: &EventAt,
        findings: &mut Vec<Finding>,
    ) {
        let offender = replay.turn();
        let what = match act {
            IllegalAct::TwoHands => "made a move with two hands (7.5.4)".to_string(),
            IllegalAct::NoMove => "pressed the clock without making a move (7.5.3)".to_string(),
            IllegalAct::Move(token) => match &token.notation {
                Err(err) => {
                    let why = format!("\"{}\" is {err}", token.text);
                    findings.push(self.annotation_error(replay, at, why));
                    return;
                }
                Ok(n) => match resolve(replay.position(), &n.written, replay.castling_mode()) {
                    Ok(_) => {
                        let why = format!("{} is a legal move in this position", token.text);
                        findings.push(self.annotation_error(replay, at, why));
                        return;
                    }
                    Err(MoveError::Ambiguous(_)) => {
                        let why = format!("{} fits more than one legal move", token.text);
                        findings.push(self.annotation_error(replay, at, why));
                        return;
                    }
                    Err(MoveError::PromotionMissing) => format!(
                        "completed {} without putting a new piece on the promotion square (7.5.2)",
                        token.text
                    ),
                    Err(_) => format!("completed the illegal move {}", token.text),
                },
            },
        };
        let tally = &mut walk.illegal[offender as usize];
        *tally += 1;
        let count = *tally;
        let ply = replay.ply();
        if count == 1 {
            let seconds = self.penalty_seconds();
            let clock = match self.clock_after(ply) {
                Some(before) => format!(
                    ": {}'s clock {} → {}",
                    color_name(!offender),
                    format_clock(before),
                    format_clock(before + f64::from(seconds))
                ),
                None => String::new(),
            };
            let mut f = Finding::new(
                Kind::IllegalMovePenalty,
                Some(ply),
                format!(
                    "{} {what}; the position is reinstated and {} gets {seconds} seconds more ({} play){clock}",
                    color_name(offender),
                    color_name(!offender),
                    self.class.name()
                ),
            )
            .article(Article::ILLEGAL_MOVE)
            .player(offender);
            f.seconds_added = Some(seconds);
            f.clock_before = self.clock_after(ply);
            findings.push(self.at_event(f, replay, Some(at)));
            return;
        }
        let (draw, chances) = self.mating_chances(replay, offender);
        let (kind, outcome) = if draw {
            (Kind::IllegalMoveDraw, "the game is drawn".to_string())
        } else {
            (
                Kind::IllegalMoveLoss,
                format!("{} loses", color_name(offender)),
            )
        };
        let f = Finding::new(
            kind,
            Some(ply),
            format!(
                "{} {what}, the second completed illegal move: {chances}, so {outcome}",
                color_name(offender)
            ),
        )
        .article(Article::ILLEGAL_MOVE)
        .player(offender);
        findings.push(self.at_event(f, replay, Some(at)));
        walk.reported_ending = true;
        replay.end_by(EndingKind::IllegalMoveForfeit { offender, draw });
    }

    /// A flag fall of `flagged` in the current position (6.9).
    pub(super) fn flag(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        flagged: Color,
        at: Option<&EventAt>,
        how: &str,
        findings: &mut Vec<Finding>,
    ) {
        walk.flag_seen = true;
        let (draw, chances) = self.mating_chances(replay, flagged);
        let (kind, outcome) = if draw {
            (Kind::FlagFallDraw, "the game is drawn".to_string())
        } else {
            (
                Kind::FlagFallLoss,
                format!("{} loses on time", color_name(flagged)),
            )
        };
        let mut f = Finding::new(
            kind,
            Some(replay.ply()),
            format!(
                "{}'s flag fell ({how}): {chances}, so {outcome}",
                color_name(flagged)
            ),
        )
        .article(Article::FLAG_FALL)
        .player(flagged);
        f.move_number = replay.last_label();
        findings.push(self.at_event(f, replay, at));
        walk.reported_ending = true;
        replay.end_by(EndingKind::FlagFall { flagged, draw });
    }

    /// Both flags recorded in one position, the order unknown. Guidelines
    /// III (standard and rapid without increment, III.2.2) say: play on in
    /// an earlier period, a draw in the last (III.3.1). Elsewhere the clock's
    /// flag indicator shows which fell first, and the record does not: no
    /// result is invented.
    pub(super) fn both_flags(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        at: &EventAt,
        findings: &mut Vec<Finding>,
    ) {
        let number = replay.position().fullmoves().get();
        let guidelines = self
            .time_control
            .as_ref()
            .filter(|tc| !tc.has_increment() && self.class != GameClass::Blitz);
        let last_period = guidelines.and_then(|tc| tc.is_last_period(number));
        if last_period == Some(true) {
            replay.end_by(EndingKind::BothFlags);
            if let Some(ending) = replay.ending() {
                let label = replay.last_label();
                let f = self.ending_finding(replay, ending, label.as_deref());
                findings.push(self.at_event(f, replay, Some(at)));
                walk.reported_ending = true;
            }
            return;
        }
        let (article, message) = match last_period {
            Some(_) => (
                Article::BOTH_FLAGS,
                format!(
                    "both flags fell during move {number}, before the last period, and the record cannot say which fell first: play goes on"
                ),
            ),
            None => (
                Article::FLAG_FALL,
                "both flags fell and the record cannot say which fell first; with an increment, in blitz or without a known time control Guidelines III do not apply, and the clock's flag indicator decides: the recorded result stands".to_string(),
            ),
        };
        // Without Guidelines III the game ended on a flag whose the record
        // cannot say; a later sign of a flag fall (the Termination tag) must
        // not rule on it again. Where play goes on, later flags are new.
        walk.flag_seen = last_period.is_none();
        let mut f =
            Finding::new(Kind::BothFlagsFallen, Some(replay.ply()), message).article(article);
        f.move_number = replay.last_label();
        findings.push(self.at_event(f, replay, Some(at)));
    }

    /// A flag fall that the record shows only at its end: a `Termination`
    /// "time forfeit" tag or a `%clk` of zero for the side to move.
    pub(super) fn final_flag(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        findings: &mut Vec<Finding>,
    ) {
        if walk.flag_seen || replay.ending().is_some() {
            return;
        }
        let side = replay.turn();
        let how = if super::outcome::is_time_forfeit(self.sheet.tag("Termination")) {
            "Termination tag"
        } else if replay.ply() > 0 && self.clock_after(replay.ply() - 1).is_some_and(|t| t <= 0.0) {
            "clock reading of zero"
        } else {
            return;
        };
        self.flag(replay, walk, side, None, how, findings);
    }
}
