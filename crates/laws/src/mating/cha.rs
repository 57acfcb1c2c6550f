//! The bridge to the Chess Unwinnability Analyzer (crates.io `chasolver`,
//! built on the `chess` crate): the position on CHA's board, and CHA's
//! answer with its helpmate checked before it is trusted.

use shakmaty::{CastlingSide, Chess, Color, EnPassantMode, Position, Role, Square, uci::UciMove};

use super::{Unwinnability, Verdict, Winning, certify_uci, mates, mates_by_material};

/// CHA's answer, once the quick layers have found none: the fast proof
/// first (with its short helpmate search, [`fast_verdict`]), so that an
/// unwinnable verdict can say why and a blocked structure costs no search.
pub(super) fn verdict(pos: &Chess, side: Color) -> Verdict {
    let Some(board) = board(pos) else {
        return Verdict::Undetermined;
    };
    if let Some(verdict) = fast_verdict(pos, side, &board) {
        return verdict;
    }
    match chasolver::winnability(&board, color(side)) {
        Some(chasolver::Winnability::Unwinnable) => {
            Verdict::Unwinnable(Unwinnability::ExhaustedSearch)
        }
        Some(chasolver::Winnability::Winnable { helpmate }) => certified(pos, side, &helpmate),
        None => Verdict::Undetermined,
    }
}

/// What CHA's fast proof settles: a blocked structure proven unwinnable,
/// or, where the proof would run its static analysis, a line found by the
/// short helpmate search and certified here (a winnable verdict, whatever
/// the analysis would have said: see [`proven_fast`]). `None`: not proven.
fn fast_verdict(pos: &Chess, side: Color, board: &chess::Board) -> Option<Verdict> {
    let winner = color(side);
    let blocked = Some(Verdict::Unwinnable(Unwinnability::BlockedStructure));
    match chasolver::fast_proof(board, winner, HELPMATE_NODES) {
        chasolver::FastProof::Unwinnable => blocked,
        chasolver::FastProof::NotProven => None,
        chasolver::FastProof::Helpmate(line) => match certified(pos, side, &line) {
            winnable @ Verdict::Winnable(_) => Some(winnable),
            _ if chasolver::is_unwinnable_fast(board, winner) => blocked,
            _ => None,
        },
    }
}

/// The most nodes the helpmate search of [`proven_fast`] and
/// [`fast_verdict`] may visit in each of its two searches: on the whole
/// bench corpus a line is found within it for 637 of the 749 resignations
/// whose fast proof would run its static analysis, and the searches with
/// the static analyses left cost a third of those analyses
/// (docs/performance/issue-17.md, part 16).
const HELPMATE_NODES: u64 = 1_000;

/// CHA's fast proof (incomplete): whether `side` is proven unable to mate.
/// Where the proof would run its static analysis, a short helpmate search
/// runs first (`chasolver::fast_proof`, added to the vendored CHA), and a
/// line that mates on shakmaty's board answers "not proven" without the
/// analysis. On real games that is the answer the analysis gives, at a
/// third of its cost; where it is not, the analysis is wrong: CHA 3.0.0's
/// static analysis proves some positions unwinnable that have a helpmate
/// (its stalemate filter counts the squares a king attacks from the square
/// it leaves; `3K4/8/1p1k1p2/1Pp1pP2/2P1P3/8/8/8 w - - 0 40`, where either
/// side mates with the other's help), and the certified line is the fact.
/// A line that does not mate proves nothing (the 75-move rule may cut it
/// off, 9.6.2), and the proof is asked as published. The line is only
/// replayed, not written in SAN as [`fast_verdict`] writes it: 5.1.2 shows
/// no line.
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
/// check): where it finds a helpmate, asking the fast proof first would
/// only have cost its time; where it finds none, the fast proof (with its
/// short helpmate search) says why, as in [`verdict`]. A line that search
/// certifies stands against the full analysis' "unwinnable", which CHA
/// 3.0.0 gives for some winnable positions (see [`proven_fast`]).
pub(super) fn verdict_full_first(pos: &Chess, side: Color) -> Verdict {
    let Some(board) = board(pos) else {
        return Verdict::Undetermined;
    };
    let winner = color(side);
    let full = chasolver::winnability(&board, winner);
    if let Some(chasolver::Winnability::Winnable { helpmate }) = &full {
        return certified(pos, side, helpmate);
    }
    if let Some(verdict) = fast_verdict(pos, side, &board) {
        return verdict;
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

    /// What the helpmate search before the static analysis found at one
    /// position, and whether the answer differs from CHA's published fast
    /// proof's (`None` where CHA cannot hold the board). Asserts that it
    /// differs only where a certified line exists: the answer is then "not
    /// proven", since that line is a helpmate whatever CHA says.
    fn agrees_with_the_fast_proof(p: &Chess, side: Color) -> Option<Found> {
        let board = board(p)?;
        let winner = color(side);
        let published = chasolver::is_unwinnable_fast(&board, winner);
        let fen = Fen::from_position(p, EnPassantMode::Legal);
        let answer = proven_fast(p, side, &board);
        let line = match chasolver::fast_proof(&board, winner, HELPMATE_NODES) {
            chasolver::FastProof::Helpmate(line) => mates(p, side, line.iter().map(|&m| uci(m))),
            found => {
                assert_eq!(found == chasolver::FastProof::Unwinnable, published);
                false
            }
        };
        if line {
            assert!(!answer, "a certified line, yet proven: {fen} {side:?}");
        } else {
            assert_eq!(answer, published, "{fen} {side:?}");
        }
        Some(Found {
            line,
            overrules: answer != published,
        })
    }

    #[derive(Debug, PartialEq)]
    struct Found {
        /// The search found a line that mates.
        line: bool,
        /// The answer is not the published proof's (it wrongly proved the position).
        overrules: bool,
    }

    /// On every labelled position of `../shared/unwinnability` the answer is
    /// the published fast proof's, or, where a certified line overrules it,
    /// the row is labelled winnable.
    #[test]
    fn the_helpmate_first_agrees_with_the_fast_proof_on_the_labelled_positions() {
        let (mut asked, mut mated, mut overruled) = (0, 0, 0);
        crate::testing::each_labelled_row(|row| {
            asked += 1;
            let found = agrees_with_the_fast_proof(&row.pos, row.side);
            mated += usize::from(found.as_ref().is_some_and(|f| f.line));
            // Where the answer is not the published proof's, the label says who is right.
            if found.is_some_and(|f| f.overrules) {
                assert_eq!(row.label, "winnable", "{} {:?}", row.fen, row.side);
                overruled += 1;
            }
        });
        // The search must also have been tried: blocked structures are common here.
        assert!(
            asked > 100_000 && mated > 100,
            "{mated} lines in {asked} positions"
        );
        eprintln!("helpmate first: {mated} lines in {asked} positions, {overruled} overruling CHA");
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
        let line = Some(Found {
            line: true,
            overrules: false,
        });
        // From the bench corpus, Black resigned: pawns locked on the a, c and
        // g files (CHA's gate for its static analysis), and White mates in
        // five moves with the black king's help.
        let p = pos("2kb4/7p/1pKB2p1/p1p3P1/P1P4P/1P6/8/8 b - - 6 44");
        assert_eq!(agrees_with_the_fast_proof(&p, Color::White), line);
        assert!(!proven_fast(&p, Color::White, &board(&p).expect("board")));
        // A wall the bishop can open: Bc6, bxc6 and the pawn queens. A line.
        let opened = pos("4k3/1b6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1");
        assert_eq!(agrees_with_the_fast_proof(&opened, Color::White), line);
        // Without the bishop nothing crosses it: no line, and White is
        // proven unable to mate.
        let wall = pos("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1");
        let none = Some(Found {
            line: false,
            overrules: false,
        });
        assert_eq!(agrees_with_the_fast_proof(&wall, Color::White), none);
        assert!(proven_fast(
            &wall,
            Color::White,
            &board(&wall).expect("board")
        ));
    }

    /// CHA 3.0.0's static analysis proves these positions unwinnable for
    /// either side, yet each side mates with the other's help: the kings
    /// walk round the locked pawns (White: Kc8, Kb7, Kxb6 and a pawn
    /// queens). Its stalemate filter counts the squares a king attacks from
    /// the square it is leaving. Found by an independent review with random
    /// pawn walls. The certified line decides, in the 5.1.2 proof and in
    /// every verdict; the published proof's answer is asserted too, so that
    /// a CHA that mends it shows here.
    #[test]
    fn a_certified_line_overrules_chas_static_analysis() {
        for fen in [
            "3K4/8/1p1k1p2/1Pp1pP2/2P1P3/8/8/8 w - - 0 40",
            "3K4/8/1p1k1p1p/1Pp1pP1P/2P1P3/8/8/8 w - - 18 40",
        ] {
            let p = pos(fen);
            let b = board(&p).expect("board");
            for side in [Color::White, Color::Black] {
                assert!(
                    chasolver::is_unwinnable_fast(&b, color(side)),
                    "{fen} {side:?}"
                );
                let found = agrees_with_the_fast_proof(&p, side);
                assert_eq!(
                    found,
                    Some(Found {
                        line: true,
                        overrules: true
                    }),
                    "{fen} {side:?}"
                );
                assert!(!super::super::proven_unwinnable(&p, side), "{fen} {side:?}");
                for verdict in [verdict(&p, side), verdict_full_first(&p, side)] {
                    assert!(
                        matches!(verdict, Verdict::Winnable(Winning::Line(_))),
                        "{fen} {side:?}: {verdict:?}"
                    );
                }
            }
        }
    }

    /// The test CHA's search leaves use instead of the move generator
    /// (`chasolver::leaf_has_move`, added to the vendored copy) never finds
    /// a move in a stalemate: a pinned knight as the only other piece, a
    /// pawn whose capture square holds its own pawn, a pawn blocked head-on,
    /// a bishop pinned along a file. Each mutation of the test the
    /// review tried (pins ignored, captures of one's own pieces, the king's
    /// steps counted) claims a move in one of these.
    #[test]
    fn the_leaf_test_finds_no_move_in_a_stalemate() {
        for fen in [
            "k7/1nP5/1K6/8/8/8/8/7B b - - 0 1",
            "k7/8/8/8/7p/6pP/4n1P1/7K w - - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            "k7/p7/P7/8/8/8/8/1Q4K1 b - - 0 1",
            "k7/b7/8/8/8/8/7K/RR6 b - - 0 1",
        ] {
            let board = chess::Board::from_str(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(*board.checkers(), chess::EMPTY, "{fen} is not in check");
            assert_eq!(
                chess::MoveGen::new_legal(&board).len(),
                0,
                "{fen} is stalemate"
            );
            assert!(!chasolver::leaf_has_move(&board), "{fen}");
        }
    }

    /// Wherever the leaf test finds a move, the side has a legal one: random
    /// games and positions left by illegal moves that stood, both sides to
    /// move, not in check.
    #[test]
    fn the_leaf_test_finds_only_legal_moves() {
        let (mut asked, mut found) = (0, 0);
        let mut check = |p: &Chess| {
            let Some(board) = board(p) else {
                return;
            };
            if *board.checkers() != chess::EMPTY {
                return;
            }
            asked += 1;
            if chasolver::leaf_has_move(&board) {
                found += 1;
                assert!(
                    chess::MoveGen::new_legal(&board).len() > 0,
                    "{}",
                    shakmaty::fen::Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                );
            }
        };
        crate::testing::random_games(0x5851_f42d_4c95_7f2d, 200, 300, &mut check);
        crate::testing::irregular_positions(0x1405_7b7e_f767_814f, 100, 200, &mut check);
        assert!(asked > 20_000 && found * 2 > asked, "{found} of {asked}");
    }
}
