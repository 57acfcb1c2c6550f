//! Findings about draw claims (9.2–9.5) and the written move they leave.

use laws::{ClaimRuling, EndingKind, Grounds, MoveError, Replay, claim::rule_claim};
use scoresheet::{ClaimKind, EventAt, Span, WrittenToken};
use shakmaty::{Color, EnPassantMode, fen::Fen, san::SanPlus};

use super::{
    Context, color_name,
    walk::{Obligation, Walk},
};
use crate::{kind::Kind, report::Finding};

fn plies_list(plies: &[usize]) -> String {
    plies
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Context<'_> {
    /// Rules on a claim by the side to move, and ends the game if it is upheld.
    pub(super) fn claim(
        &self,
        replay: &mut Replay,
        walk: &mut Walk,
        kind: ClaimKind,
        written: Option<&WrittenToken>,
        at: Option<&EventAt>,
        findings: &mut Vec<Finding>,
    ) {
        let claimant = replay.turn();
        let written_move = match written.map(|w| &w.notation) {
            Some(Err(err)) => {
                let mut f = Finding::new(
                    Kind::AnnotationError,
                    Some(replay.ply()),
                    format!(
                        "the claim's written move \"{}\" is {err}",
                        written.map_or("", |w| w.text.as_str())
                    ),
                )
                .player(claimant);
                f.place = at.map(|a| self.place(a.span));
                findings.push(f);
                return;
            }
            Some(Ok(notation)) => Some(notation.written),
            None => None,
        };
        let ruling = rule_claim(
            replay,
            kind,
            written_move.as_ref(),
            !walk.touches.is_empty(),
            self.penalty_seconds(),
        );
        let finding = self.claim_finding(replay, &ruling, written, at, claimant);
        findings.push(finding);
        if ruling.upheld {
            walk.reported_ending = true;
            replay.end_by(EndingKind::ClaimUpheld {
                claim: kind,
                article: ruling.article,
                plies: ruling.plies.clone(),
            });
        } else if let (Some(token), Some(written)) = (written, written_move)
            && ruling.grounds != Grounds::Touched
        {
            walk.obligation = Some(Obligation {
                ply: replay.ply() + 1,
                token: token.text.clone(),
                written,
                legal: ruling.written_move,
            });
        }
    }

    fn claim_finding(
        &self,
        replay: &Replay,
        ruling: &ClaimRuling,
        written: Option<&WrittenToken>,
        at: Option<&EventAt>,
        claimant: Color,
    ) -> Finding {
        let kind = match (ruling.kind, ruling.upheld) {
            (ClaimKind::Threefold, true) => Kind::ThreefoldClaimUpheld,
            (ClaimKind::Threefold, false) => Kind::ThreefoldClaimRejected,
            (ClaimKind::Fifty, true) => Kind::FiftyMoveClaimUpheld,
            (ClaimKind::Fifty, false) => Kind::FiftyMoveClaimRejected,
        };
        let pos = replay.position();
        let when = replay.last_label().map_or_else(
            || "in the starting position".to_string(),
            |l| format!("after {l}"),
        );
        let what = match ruling.kind {
            ClaimKind::Threefold => "threefold repetition",
            ClaimKind::Fifty => "the fifty-move rule",
        };
        let with_move = match (written, ruling.written_move) {
            (_, Some(mv)) => format!(
                " with the written move {}",
                SanPlus::from_move(pos.clone(), mv)
            ),
            (Some(w), None) => format!(" with the written move \"{}\"", w.text),
            (None, None) => String::new(),
        };
        let facts = match &ruling.grounds {
            Grounds::Repeated { plies } if with_move.is_empty() => {
                format!("the position occurred at plies {}", plies_list(plies))
            }
            Grounds::Repeated { plies } => format!(
                "after it the position would occur for the third time (plies {})",
                plies_list(plies)
            ),
            Grounds::NotRepeated { plies } => format!(
                "the position {} only {} time{} (plies {})",
                if with_move.is_empty() {
                    "occurred"
                } else {
                    "would occur"
                },
                plies.len(),
                if plies.len() == 1 { "" } else { "s" },
                plies_list(plies)
            ),
            Grounds::Quiet { since, quiet } if with_move.is_empty() => format!(
                "{quiet} plies without a capture or pawn move since ply {since} complete fifty moves by each player"
            ),
            Grounds::Quiet { since, .. } => format!(
                "the written move, neither a capture nor a pawn move, would complete fifty moves by each player without one since ply {since}"
            ),
            Grounds::NotQuiet { since, quiet } => format!(
                "only {quiet} plies without a capture or pawn move (since ply {since}); fifty moves by each player need 100"
            ),
            Grounds::WrittenMoveResets { since, quiet } => format!(
                "the written move is a capture or a pawn move, which ends the series of {quiet} quiet plies begun after ply {since}"
            ),
            Grounds::WrittenMoveIllegal(err) => match err {
                MoveError::Ambiguous(_) => "the written move is ambiguous".to_string(),
                _ => "the written move is not a legal move".to_string(),
            },
            Grounds::Touched => format!(
                "{} had touched a piece with intent to move it, which forfeits the right to claim on this move",
                color_name(claimant)
            ),
        };
        let verdict = if ruling.upheld {
            "the claim is correct and the game is drawn (9.5.2)".to_string()
        } else if ruling.grounds == Grounds::Touched {
            "the claim is not admissible, and the touch binds the player under Art. 4".to_string()
        } else {
            let mut v = format!(
                "the claim is incorrect: {} gets {} seconds more and play goes on",
                color_name(!claimant),
                ruling.seconds_added.unwrap_or(0)
            );
            if !with_move.is_empty() {
                v.push_str(if ruling.written_move.is_some() {
                    ", and the written move must now be played (Art. 4)"
                } else {
                    ", and another move with the same piece must be played (Art. 4)"
                });
            }
            v
        };
        let mut f = Finding::new(
            kind,
            Some(replay.ply()),
            format!(
                "{} claims a draw by {what} {when}{with_move}: {facts}; {verdict}",
                color_name(claimant)
            ),
        )
        .article(ruling.article)
        .player(claimant);
        f.seconds_added = ruling.seconds_added;
        f.clock_before = ruling
            .seconds_added
            .and_then(|_| self.clock_after(replay.ply()));
        f.move_number = replay.last_label();
        f.plies = ruling.plies.clone();
        f.fen = Some(Fen::from_position(pos, EnPassantMode::Legal).to_string());
        f.place = at.map(|a| self.place(a.span));
        f.token = at.map(|a| a.text.clone());
        f
    }

    pub(super) fn written_move_not_played(
        &self,
        replay: &Replay,
        ob: &Obligation,
        span: Span,
        mover: Color,
    ) -> Finding {
        let label = self.written_label(replay.position(), span);
        let duty = match ob.legal {
            Some(mv) => format!(
                "the written move {}",
                SanPlus::from_move(replay.position().clone(), mv)
            ),
            None => format!("a move with the piece of the written move \"{}\"", ob.token),
        };
        let mut f = Finding::new(
            Kind::WrittenMoveNotPlayed,
            Some(ob.ply),
            format!(
                "{label} is played after an incorrect claim, but {duty} had to be played (9.5.3, Art. 4)"
            ),
        )
        .article(laws::Article::INCORRECT_CLAIM)
        .player(mover);
        f.move_number = Some(label);
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }
}
