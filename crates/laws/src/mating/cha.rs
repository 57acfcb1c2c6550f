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
}
