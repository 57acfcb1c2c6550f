//! Forced lines: while the side to move has a single legal move, the game
//! can only go one way. When that way ends where a side can never mate
//! (stalemate, its own king mated, bare material), no helpmate exists, and
//! the line itself is the proof an arbiter can show the players.

use shakmaty::{Chess, Color, Position, san::SanPlus};

use super::{Unwinnability, Verdict, static_verdict};

/// Forced moves are rare and short; a long run means a repetition.
const LONGEST: usize = 32;

/// Follows the single legal moves from `pos`. Returns a verdict for `side`
/// when the forced line reaches a position the static rules decide.
///
/// ```
/// use laws::mating::{forced::forced_verdict, position_from_fen, Unwinnability, Verdict};
/// use shakmaty::Color;
/// // White's only move Kxg1 takes Black's last piece: Black can never mate.
/// let pos = position_from_fen("k7/8/8/8/8/8/6PP/6qK w - - 0 1").expect("fen");
/// let Some(Verdict::Unwinnable(Unwinnability::ForcedLine { line })) = forced_verdict(&pos, Color::Black) else {
///     panic!("a forced line");
/// };
/// assert_eq!(line.iter().map(ToString::to_string).collect::<Vec<_>>(), ["Kxg1"]);
/// ```
pub fn forced_verdict(pos: &Chess, side: Color) -> Option<Verdict> {
    let mut pos = pos.clone();
    let mut line = Vec::new();
    while line.len() < LONGEST {
        let moves = pos.legal_moves();
        let [only] = moves.as_slice() else {
            break;
        };
        line.push(SanPlus::from_move_and_play_unchecked(&mut pos, *only));
        // The 75-move rule and fivefold repetition end the game first; a
        // forced line never repeats within the bound, and 150 quiet plies
        // are far beyond it, so only the board decides.
        match static_verdict(&pos, side) {
            Some(Verdict::Unwinnable(_)) => {
                return Some(Verdict::Unwinnable(Unwinnability::ForcedLine { line }));
            }
            // A forced line that mates is no help here: the helpmate search
            // finds it, with its own certificate.
            Some(_) => return None,
            None => {}
        }
    }
    None
}
