//! What a ruling's diagrams show: the positions it rests on, and what to
//! mark on them. Everything comes from the finding's typed facts (its
//! positions, the squares of the moves, the touched pieces, the verdict, the
//! near-misses), so the batch audit draws diagrams without the game's text
//! and without analysing again.

use audit::{
    Facts, Finding, Player,
    facts::{NearMiss, WrittenMove},
};
use laws::mating::Verdict;
use shakmaty::{Setup, Square};

use super::svg::{Kind, Mark, Marks};

/// Which position of a ruling a diagram shows.
#[derive(Clone, Copy)]
pub enum Shows<'a> {
    /// The position the ruling rests on.
    Ruling,
    /// The position a claim's written move would reach: the one claimed to
    /// recur (9.2.1) or to complete fifty moves (9.3.1).
    AfterWritten(&'a WrittenMove),
    /// The position on the board when a claim with a written move was made.
    OnBoard,
    /// An earlier position with the same placement that does not count.
    NearMiss(&'a NearMiss),
}

/// One diagram of the sheet.
pub struct Figure<'a> {
    pub finding: &'a Finding,
    pub position: &'a Setup,
    pub marks: Marks,
    /// For flag falls and second illegal moves: can the opponent still mate?
    pub verdict: Option<(Player, &'a Verdict)>,
    pub shows: Shows<'a>,
}

impl Figure<'_> {
    /// The kind of board, for its class.
    pub fn board_kind(&self) -> Kind {
        match self.shows {
            Shows::NearMiss(_) => Kind::NearMiss,
            _ => Kind::Ruling,
        }
    }
}

/// An arrow where both squares are known, else the target marked.
fn arrow(marks: &mut Marks, squares: Option<(Option<Square>, Square)>) {
    match squares {
        Some((Some(from), to)) => marks.arrows.push((from, to)),
        Some((None, to)) => marks.squares.push((to, Mark::Attention)),
        None => {}
    }
}

/// The diagrams of one finding, the main one first: for a claim with a
/// written move the position it would reach, with the move as an arrow, then
/// the position on the board; then any near-misses.
pub fn figures(finding: &Finding) -> Vec<Figure<'_>> {
    let mut out = Vec::new();
    if !finding.kind.has_figure() {
        return out;
    }
    let Some(position) = finding.position.as_deref() else {
        return out;
    };
    let mut marks = Marks::default();
    match &finding.facts {
        Facts::Move(m) => arrow(&mut marks, m.squares),
        Facts::IllegalAct(a) => arrow(&mut marks, a.squares),
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
    let written = match &finding.facts {
        Facts::Claim(claim) => claim.written.as_ref().zip(claim.after.as_deref()),
        _ => None,
    };
    match written {
        Some((written, after)) => {
            let mut arrow = Marks::default();
            if let Some((Some(from), to)) = written.squares {
                arrow.written.push((from, to));
            }
            out.push(Figure {
                finding,
                position: after,
                marks: arrow,
                verdict: None,
                shows: Shows::AfterWritten(written),
            });
            out.push(Figure {
                finding,
                position,
                marks,
                verdict,
                shows: Shows::OnBoard,
            });
        }
        None => out.push(Figure {
            finding,
            position,
            marks,
            verdict,
            shows: Shows::Ruling,
        }),
    }
    for near in finding.facts.near_misses() {
        out.push(Figure {
            finding,
            position: &near.position,
            marks: Marks::default(),
            verdict: None,
            shows: Shows::NearMiss(near),
        });
    }
    out
}
