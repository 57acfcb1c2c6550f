//! What a ruling's diagram shows: the position it rests on, and what to mark
//! on it. Everything comes from the finding's typed facts (its position, the
//! squares of the moves, the touched pieces, the verdict), so the batch
//! audit draws diagrams without the game's text and without analysing again.

use audit::{Facts, Finding, Player};
use laws::mating::Verdict;
use shakmaty::{Setup, Square};

use super::svg::{Mark, Marks};

/// One diagram of the sheet.
pub struct Figure<'a> {
    pub finding: &'a Finding,
    pub position: &'a Setup,
    pub marks: Marks,
    /// For flag falls and second illegal moves: can the opponent still mate?
    pub verdict: Option<(Player, &'a Verdict)>,
}

/// An arrow where both squares are known, else the target marked.
fn arrow(marks: &mut Marks, squares: Option<(Option<Square>, Square)>) {
    match squares {
        Some((Some(from), to)) => marks.arrows.push((from, to)),
        Some((None, to)) => marks.squares.push((to, Mark::Attention)),
        None => {}
    }
}

pub fn figure(finding: &Finding) -> Option<Figure<'_>> {
    if !finding.kind.has_figure() {
        return None;
    }
    let position = finding.position.as_deref()?;
    let mut marks = Marks::default();
    match &finding.facts {
        Facts::Move(m) => arrow(&mut marks, m.squares),
        Facts::IllegalAct(a) => arrow(&mut marks, a.squares),
        Facts::Claim(claim) => {
            if let Some((Some(from), to)) = claim.written.as_ref().and_then(|w| w.squares) {
                marks.played.push((from, to));
            }
        }
        Facts::Touch(t) => {
            for &square in &t.touched {
                marks.squares.push((square, Mark::Touched));
            }
            if let Some((Some(from), to)) = t.played {
                marks.played.push((from, to));
            }
        }
        _ => {}
    }
    // The flagged king is the one whose time ran out.
    if let (Facts::Flag(_), Some(flagged)) = (&finding.facts, finding.player)
        && let Some(king) = position.board.king_of(flagged.color())
    {
        marks.squares.push((king, Mark::Attention));
    }
    let verdict = finding
        .facts
        .verdict()
        .zip(finding.player)
        .map(|(verdict, loser)| (loser.opponent(), verdict));
    Some(Figure {
        finding,
        position,
        marks,
        verdict,
    })
}
