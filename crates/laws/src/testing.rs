//! What the unit tests of several modules share: random games that are the
//! same on every run, and the labelled positions of `../shared`.

use shakmaty::{Chess, Position};

/// The next state of a xorshift64 generator.
pub(crate) fn xorshift(seed: &mut u64) {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
}

/// Plays `games` random games from the start, each at most `plies` plies
/// long and each move drawn from `seed`, and shows `visit` every position
/// reached: castling rights, en passant squares, mates and stalemates pass
/// by on the way.
pub(crate) fn random_games(
    mut seed: u64,
    games: usize,
    plies: usize,
    mut visit: impl FnMut(&Chess),
) {
    for _ in 0..games {
        let mut pos = Chess::default();
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            xorshift(&mut seed);
            let index = usize::try_from(seed % moves.len() as u64).unwrap_or(0);
            pos.play_unchecked(moves[index]);
            visit(&pos);
        }
    }
}

/// The rows of `../shared/unwinnability/positions.tsv` (FEN, side, label),
/// without the header.
pub(crate) fn labelled_positions() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/unwinnability/positions.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the labelled positions");
    text.lines().skip(1).collect::<Vec<_>>().join("\n")
}
