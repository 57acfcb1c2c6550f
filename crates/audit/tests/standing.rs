//! Property test of Appendix A.5.2 in the engine: random legal games with
//! one illegal displacement (a king into check, a pinned piece, castling out
//! of check, a piece jumping…) followed by random continuations. With blitz
//! rules the move stands: the engine reports it with article A.5.2 at its
//! ply, goes on, and never fails on the illegal positions that follow.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

use audit::{Kind, Options, check_game_with};
use laws::{GameClass, resolve::legal_moves, standing::physical_move};
use proptest::prelude::*;
use scoresheet::{GameText, WrittenMove};
use shakmaty::{CastlingMode, Chess, Move, Position, Square, uci::UciMove};

fn uci(mv: Move) -> String {
    UciMove::from_move(mv, CastlingMode::Standard).to_string()
}

/// The illegal displacements of the side to move that the engine can replay.
fn illegal_displacements(pos: &Chess) -> Vec<Move> {
    let legal = pos.legal_moves();
    let mut found = Vec::new();
    for from in pos.us() {
        for to in Square::ALL {
            let written = WrittenMove::Coordinates {
                role: None,
                from,
                to,
                capture: pos.board().piece_at(to).is_some(),
                promotion: None,
            };
            if let Some(mv) = physical_move(pos, &written)
                && !legal.contains(&mv)
            {
                found.push(mv);
            }
        }
    }
    found
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn an_illegal_move_stands_and_the_replay_goes_on(
        before in proptest::collection::vec(any::<u16>(), 0..40),
        pick in any::<u16>(),
        after in proptest::collection::vec(any::<u16>(), 0..12),
    ) {
        let mut pos = Chess::default();
        let mut tokens = Vec::new();
        for choice in before {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[usize::from(choice) % moves.len()];
            tokens.push(uci(mv));
            pos.play_unchecked(mv);
        }
        // The game must still be on when the illegal move comes.
        let prefix = format!("[Result \"*\"]\n\n{} *\n", tokens.join(" "));
        let prefix = check_game_with("prop.pgn", 1, &GameText::new(prefix.into_bytes(), 1, 0), &Options::default());
        prop_assume!(prefix.ruled_result == Some(laws::GameResult::Undecided));
        prop_assume!(!pos.legal_moves().is_empty());
        let illegal = illegal_displacements(&pos);
        prop_assume!(!illegal.is_empty());
        let mv = illegal[usize::from(pick) % illegal.len()];
        let fen = shakmaty::fen::Fen::from_position(&pos, shakmaty::EnPassantMode::Legal).to_string();
        let illegal_ply = tokens.len() + 1;
        tokens.push(uci(mv));
        pos.play_unchecked(mv);
        for choice in after {
            let moves = legal_moves(&pos);
            if moves.is_empty() {
                break;
            }
            let mv = moves[usize::from(choice) % moves.len()];
            tokens.push(uci(mv));
            pos.play_unchecked(mv);
        }
        let pgn = format!("[Result \"*\"]\n\n{} *\n", tokens.join(" "));
        let text = GameText::new(pgn.into_bytes(), 1, 0);
        let options = Options { class: Some(GameClass::Blitz), ..Options::default() };
        let report = check_game_with("prop.pgn", 1, &text, &options);
        prop_assert!(
            report.findings.iter().all(|f| f.kind != Kind::UnreadableGame),
            "the engine failed: {:?}", report.findings
        );
        prop_assert!(
            report.findings.iter().any(|f| f.kind == Kind::IllegalMove
                && f.ply == Some(illegal_ply)
                && f.article == Some(laws::Article::ILLEGAL_MOVE_STANDS)),
            "no A.5.2 ruling for {} ({mv:?}) in {fen} at ply {illegal_ply}: {:?}", tokens[illegal_ply - 1], report.findings
        );
        // Without --rules the same record stops at the illegal move.
        let plain = check_game_with("prop.pgn", 1, &text, &Options::default());
        prop_assert_eq!(plain.plies, illegal_ply - 1);
    }
}
