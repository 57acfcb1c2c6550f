//! The bridge to the Chess Unwinnability Analyzer (crates.io `chasolver`,
//! built on the `chess` crate): the position on CHA's board, and CHA's
//! answer with its helpmate checked before it is trusted.

use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Position, Role, Square, uci::UciMove};

use super::{Unwinnability, Verdict, Winning, certify_uci, mates, mates_by_material};

/// CHA's answer, once the quick layers have found none: the fast proof
/// first, so that an unwinnable verdict can say why and a blocked structure
/// costs no search.
pub(super) fn verdict(pos: &Chess, side: Color) -> Verdict {
    let Some(board) = board(pos) else {
        return Verdict::Undetermined;
    };
    let winner = color(side);
    if chasolver::is_unwinnable_fast(&board, winner) {
        return Verdict::Unwinnable(Unwinnability::BlockedStructure);
    }
    match chasolver::winnability(&board, winner) {
        Some(chasolver::Winnability::Unwinnable) => {
            Verdict::Unwinnable(Unwinnability::ExhaustedSearch)
        }
        Some(chasolver::Winnability::Winnable { helpmate }) => certified(pos, side, &helpmate),
        None => Verdict::Undetermined,
    }
}

/// The most nodes [`proven_fast`]'s helpmate search may visit in each of its
/// two searches: on the whole bench corpus a line is found within it for 637
/// of the 749 resignations whose fast proof would run its static analysis,
/// and the searches with the static analyses left cost a third of those
/// analyses (docs/performance.md, part 16).
const HELPMATE_NODES: u64 = 1_000;

/// CHA's fast proof (sound, incomplete): whether `side` is proven unable to
/// mate. Where the proof would run its static analysis, a short helpmate
/// search runs first (`chasolver::fast_proof`, added to the vendored CHA):
/// a line that mates on shakmaty's board shows that the proof, being sound,
/// answers "not proven", without the analysis. A line that does not mate
/// (never seen) proves nothing, and the proof is asked as it was.
pub(super) fn proven_fast(pos: &Chess, side: Color, board: &chess::Board) -> bool {
    let winner = color(side);
    match chasolver::fast_proof(board, winner, HELPMATE_NODES) {
        chasolver::FastProof::Unwinnable => true,
        chasolver::FastProof::NotProven => false,
        chasolver::FastProof::Helpmate(line) => {
            !mates(pos, side, line.iter().map(|&m| uci(m)))
                && chasolver::is_unwinnable_fast(board, winner)
        }
    }
}

/// [`verdict`] with the full analysis asked first, for positions that are
/// nearly always winnable (the pawn walls of the per-ply dead-position
/// check): where it finds a helpmate, the fast proof, which is sound, could
/// not have proven the side unable to mate, so asking it first would only
/// cost its time; where it finds none, the fast proof says why, as before.
/// The verdict is the same in every case (checked on the labelled
/// positions); on mostly unwinnable positions this order costs more.
pub(super) fn verdict_full_first(pos: &Chess, side: Color) -> Verdict {
    let Some(board) = board(pos) else {
        return Verdict::Undetermined;
    };
    let winner = color(side);
    let full = chasolver::winnability(&board, winner);
    if let Some(chasolver::Winnability::Winnable { helpmate }) = &full {
        return certified(pos, side, helpmate);
    }
    if chasolver::is_unwinnable_fast(&board, winner) {
        return Verdict::Unwinnable(Unwinnability::BlockedStructure);
    }
    match full {
        Some(chasolver::Winnability::Unwinnable) => {
            Verdict::Unwinnable(Unwinnability::ExhaustedSearch)
        }
        Some(chasolver::Winnability::Winnable { .. }) | None => Verdict::Undetermined,
    }
}

/// CHA's helpmate, replayed: a line when it mates, else nothing is known.
/// A side with a queen or a rook wins by material: its line is checked move
/// by move all the same, but never written in SAN, since no view shows it.
fn certified(pos: &Chess, side: Color, helpmate: &[chess::ChessMove]) -> Verdict {
    if mates_by_material(pos, side) {
        return if mates(pos, side, helpmate.iter().map(|&m| uci(m))) {
            Verdict::Winnable(Winning::Material)
        } else {
            Verdict::Undetermined
        };
    }
    match certify_uci(pos, side, helpmate.iter().map(|&m| uci(m))) {
        Some(line) => Verdict::Winnable(Winning::Line(line)),
        None => Verdict::Undetermined,
    }
}

/// The same position on CHA's board, when it can hold it exactly. Built
/// square by square: a FEN round trip would cost more than CHA's fast proof.
pub(super) fn board(pos: &Chess) -> Option<chess::Board> {
    // The floor bench's switch (`super::floor`): no position crosses to CHA.
    if super::floor::proofs_off() {
        return None;
    }
    let mut builder = chess::BoardBuilder::new();
    for (square, piece) in pos.board() {
        builder.piece(cha_square(square), role(piece.role), color(piece.color));
    }
    builder.side_to_move(color(pos.turn()));
    let castles = pos.castles();
    for own in [Color::White, Color::Black] {
        let right = |side: CastlingSide| {
            castles.rook(own, side).map(|rook| {
                // Castling rights CHA cannot hold (Chess960) would make an "unwinnable" unsound.
                let corner = match side {
                    CastlingSide::KingSide => shakmaty::File::H,
                    CastlingSide::QueenSide => shakmaty::File::A,
                };
                let king_home = pos.board().king_of(own)
                    == Some(Square::from_coords(shakmaty::File::E, own.backrank()));
                rook.file() == corner && king_home
            })
        };
        let rights = match (
            right(CastlingSide::KingSide),
            right(CastlingSide::QueenSide),
        ) {
            (Some(false), _) | (_, Some(false)) => return None,
            (Some(true), Some(true)) => chess::CastleRights::Both,
            (Some(true), None) => chess::CastleRights::KingSide,
            (None, Some(true)) => chess::CastleRights::QueenSide,
            (None, None) => chess::CastleRights::NoRights,
        };
        builder.castle_rights(color(own), rights);
    }
    let ep = pos.ep_square(EnPassantMode::Legal);
    builder.en_passant(ep.map(|square| chess::File::from_index(usize::from(square.file()))));
    chess::Board::try_from(&builder).ok()
}

/// CHA's move as UCI (what its `Display` writes, without the text).
fn uci(mv: chess::ChessMove) -> UciMove {
    UciMove::Normal {
        from: square(mv.get_source()),
        to: square(mv.get_dest()),
        promotion: mv.get_promotion().map(|piece| match piece {
            chess::Piece::Pawn => Role::Pawn,
            chess::Piece::Knight => Role::Knight,
            chess::Piece::Bishop => Role::Bishop,
            chess::Piece::Rook => Role::Rook,
            chess::Piece::Queen => Role::Queen,
            chess::Piece::King => Role::King,
        }),
    }
}

fn square(square: chess::Square) -> Square {
    Square::from_coords(
        shakmaty::File::new(square.get_file().to_index() as u32),
        shakmaty::Rank::new(square.get_rank().to_index() as u32),
    )
}

fn cha_square(square: Square) -> chess::Square {
    chess::Square::make_square(
        chess::Rank::from_index(usize::from(square.rank())),
        chess::File::from_index(usize::from(square.file())),
    )
}

fn role(role: Role) -> chess::Piece {
    match role {
        Role::Pawn => chess::Piece::Pawn,
        Role::Knight => chess::Piece::Knight,
        Role::Bishop => chess::Piece::Bishop,
        Role::Rook => chess::Piece::Rook,
        Role::Queen => chess::Piece::Queen,
        Role::King => chess::Piece::King,
    }
}

pub(super) fn color(side: Color) -> chess::Color {
    match side {
        Color::White => chess::Color::White,
        Color::Black => chess::Color::Black,
    }
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use shakmaty::{CastlingMode, fen::Fen};

    use super::*;
    use crate::mating::position_from_fen;

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).expect("test FEN")
    }

    /// Asking the full analysis first changes no verdict on the labelled
    /// positions (`../shared/unwinnability/positions.tsv`), and prints the
    /// slowest position each way: `cargo test --release -p laws -- --ignored order`.
    #[test]
    #[ignore = "minutes: two full analyses of 6,882 positions"]
    fn the_order_of_the_proofs_changes_no_verdict() {
        let text = crate::testing::labelled_positions();
        let (mut slowest_before, mut slowest_now) = (0.0f64, 0.0f64);
        let (mut before_total, mut now_total) = (0.0f64, 0.0f64);
        for line in text.lines() {
            let cells: Vec<&str> = line.split('\t').collect();
            let Some(p) = position_from_fen(cells[0]) else {
                continue;
            };
            let side = if cells[1] == "white" {
                Color::White
            } else {
                Color::Black
            };
            let t = std::time::Instant::now();
            let before = verdict(&p, side);
            let b = t.elapsed().as_secs_f64();
            let t = std::time::Instant::now();
            let now = verdict_full_first(&p, side);
            let n = t.elapsed().as_secs_f64();
            assert_eq!(before, now, "{}", cells[0]);
            slowest_before = slowest_before.max(b);
            slowest_now = slowest_now.max(n);
            before_total += b;
            now_total += n;
        }
        println!(
            "fast proof first: {before_total:.2} s, slowest {slowest_before:.3} s; \
             full analysis first: {now_total:.2} s, slowest {slowest_now:.3} s"
        );
    }

    #[test]
    fn the_bridge_to_cha_keeps_the_position() {
        for fen in [
            "r3k2r/ppp2ppp/2n1q3/3pP3/8/8/PPP2PPP/R3K2R w KQkq d6 0 12",
            "4k2r/8/8/8/8/8/8/R3K3 b Qk - 3 40",
            "kn6/8/8/8/8/8/8/KN6 w - - 0 1",
            "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 b - - 0 1",
            // The double step allows no capture: no en passant square in either board.
            "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
        ] {
            let p = pos(fen);
            let direct = board(&p).expect("standard position");
            let by_fen =
                chess::Board::from_str(&Fen::from_position(&p, EnPassantMode::Legal).to_string())
                    .expect("chess reads the FEN");
            assert_eq!(direct, by_fen, "{fen}");
        }
        // Random games pass through every castling right and en passant square.
        crate::testing::random_games(0x9e37_79b9_7f4a_7c15, 100, 80, |p| {
            let by_fen =
                chess::Board::from_str(&Fen::from_position(p, EnPassantMode::Legal).to_string())
                    .expect("chess reads the FEN");
            assert_eq!(board(p), Some(by_fen));
        });
        // Chess960 castling rights cannot cross the bridge.
        let shuffled = Fen::from_ascii(b"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1")
            .expect("fen")
            .into_position::<Chess>(CastlingMode::Chess960)
            .expect("legal");
        assert!(board(&shuffled).is_none());
    }

    /// What the helpmate search before the static analysis changed, if
    /// anything, at one position: `Some(true)` where it found a line that
    /// mates, `Some(false)` where it ran to the end of its budget. Asserts
    /// that the answer is CHA's fast proof's as published.
    fn agrees_with_the_fast_proof(p: &Chess, side: Color) -> Option<bool> {
        let board = board(p)?;
        let winner = color(side);
        let published = chasolver::is_unwinnable_fast(&board, winner);
        let fen = Fen::from_position(p, EnPassantMode::Legal);
        assert_eq!(proven_fast(p, side, &board), published, "{fen} {side:?}");
        match chasolver::fast_proof(&board, winner, HELPMATE_NODES) {
            chasolver::FastProof::Helpmate(line) => {
                let mates = mates(p, side, line.iter().map(|&m| uci(m)));
                assert!(mates, "a line that does not mate: {fen} {side:?}");
                Some(true)
            }
            answer => {
                assert_eq!(answer == chasolver::FastProof::Unwinnable, published);
                None
            }
        }
    }

    /// On every labelled position of `../shared/unwinnability` the answer is
    /// the published fast proof's, and every line the search returns mates.
    #[test]
    fn the_helpmate_first_agrees_with_the_fast_proof_on_the_labelled_positions() {
        let (mut asked, mut mated) = (0, 0);
        for file in [
            "positions.tsv",
            "lichess-sample.tsv",
            "lichess-unfair-timeouts-2022.tsv",
        ] {
            for line in crate::testing::labelled(file).lines() {
                let mut cells = line.split('\t');
                let (Some(fen), Some(color)) = (cells.next(), cells.next()) else {
                    continue;
                };
                let Some(p) = position_from_fen(fen) else {
                    continue;
                };
                let side = if color == "white" {
                    Color::White
                } else {
                    Color::Black
                };
                asked += 1;
                mated += usize::from(agrees_with_the_fast_proof(&p, side).is_some());
            }
        }
        // The search must also have been tried: blocked structures are common here.
        assert!(
            asked > 100_000 && mated > 100,
            "{mated} lines in {asked} positions"
        );
        eprintln!("helpmate first: {mated} lines in {asked} positions");
    }

    /// Random games and positions left by illegal moves that stood, both
    /// sides: the same answers.
    #[test]
    fn the_helpmate_first_agrees_with_the_fast_proof_on_random_positions() {
        let mut asked = 0;
        let mut check = |p: &Chess| {
            for side in [Color::White, Color::Black] {
                asked += 1;
                agrees_with_the_fast_proof(p, side);
            }
        };
        crate::testing::random_games(0x2545_f491_4f6c_dd1d, 60, 200, &mut check);
        crate::testing::irregular_positions(0x9e37_79b9_7f4a_7c15, 40, 160, &mut check);
        assert!(asked > 10_000, "{asked}");
    }

    #[test]
    fn a_blocked_resignation_is_answered_by_a_line() {
        // From the bench corpus, Black resigned: pawns locked on the a, c and
        // g files (CHA's gate for its static analysis), and White mates in
        // five moves with the black king's help.
        let p = pos("2kb4/7p/1pKB2p1/p1p3P1/P1P4P/1P6/8/8 b - - 6 44");
        assert_eq!(agrees_with_the_fast_proof(&p, Color::White), Some(true));
        assert!(!proven_fast(&p, Color::White, &board(&p).expect("board")));
        // A wall the bishop can open: Bc6, bxc6 and the pawn queens. A line.
        let opened = pos("4k3/1b6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1");
        assert_eq!(
            agrees_with_the_fast_proof(&opened, Color::White),
            Some(true)
        );
        // Without the bishop nothing crosses it: no line, and White is
        // proven unable to mate.
        let wall = pos("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1");
        assert_eq!(agrees_with_the_fast_proof(&wall, Color::White), None);
        assert!(proven_fast(
            &wall,
            Color::White,
            &board(&wall).expect("board")
        ));
    }
}
