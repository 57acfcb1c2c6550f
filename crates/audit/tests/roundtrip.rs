//! Property tests: random legal games written out in every notation dialect
//! the toolkit reads, with either line ending, read back to the same moves;
//! the rulings do not depend on the dialect; pgn-reader and the precise
//! reader agree on the English form.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

use audit::{Kind, check_game};
use proptest::prelude::*;
use scoresheet::{GameText, Scoresheet, WrittenMove, fast};
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, san::SanPlus, uci::UciMove};

/// A random legal game: each choice picks one of the legal moves.
fn random_game(choices: &[u16]) -> Vec<(Chess, Move)> {
    let mut pos = Chess::default();
    let mut game = Vec::new();
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(choice) % moves.len()];
        game.push((pos.clone(), mv));
        pos.play_unchecked(mv);
    }
    game
}

#[derive(Debug, Clone, Copy)]
enum Dialect {
    English,
    German,
    Figurine,
    Long,
    Coordinates,
}

fn german(c: char) -> char {
    match c {
        'N' => 'S',
        'B' => 'L',
        'R' => 'T',
        'Q' => 'D',
        other => other,
    }
}

fn figurine(c: char) -> char {
    match c {
        'N' => '♘',
        'B' => '♗',
        'R' => '♖',
        'Q' => '♕',
        'K' => '♔',
        other => other,
    }
}

fn written(pos: &Chess, mv: Move, dialect: Dialect) -> String {
    let san = SanPlus::from_move(pos.clone(), mv).to_string();
    match dialect {
        Dialect::English => san,
        Dialect::German => san.chars().map(german).collect(),
        Dialect::Figurine => san.chars().map(figurine).collect(),
        Dialect::Coordinates => UciMove::from_move(mv, CastlingMode::Standard).to_string(),
        Dialect::Long => {
            if mv.is_castle() {
                return san.replace('O', "0");
            }
            let piece = match mv.role() {
                Role::Pawn => String::new(),
                role => role.upper_char().to_string(),
            };
            let from = mv.from().map(|s| s.to_string()).unwrap_or_default();
            let sep = if mv.is_capture() { "x" } else { "-" };
            let promo = mv
                .promotion()
                .map(|r| format!("={}", r.upper_char()))
                .unwrap_or_default();
            format!("{piece}{from}{sep}{}{promo}", mv.to())
        }
    }
}

fn pgn(game: &[(Chess, Move)], dialect: Dialect, crlf: bool) -> String {
    let nl = if crlf { "\r\n" } else { "\n" };
    let mut text = format!(
        "[Event \"Random\"]{nl}[Site \"?\"]{nl}[Date \"2024.01.01\"]{nl}[Round \"1\"]{nl}[White \"A\"]{nl}[Black \"B\"]{nl}[Result \"*\"]{nl}{nl}"
    );
    for (i, (pos, mv)) in game.iter().enumerate() {
        if pos.turn() == Color::White {
            text.push_str(&format!("{}. ", pos.fullmoves()));
        }
        text.push_str(&written(pos, *mv, dialect));
        text.push(' ');
        if i % 8 == 7 {
            text.push_str(nl);
        }
    }
    text.push('*');
    text.push_str(nl);
    text
}

const DIALECTS: [Dialect; 5] = [
    Dialect::English,
    Dialect::German,
    Dialect::Figurine,
    Dialect::Long,
    Dialect::Coordinates,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_dialect_reads_back_to_the_same_game(choices in proptest::collection::vec(any::<u16>(), 1..160), crlf in any::<bool>()) {
        let game = random_game(&choices);
        let mut rulings = Vec::new();
        for dialect in DIALECTS {
            let text = pgn(&game, dialect, crlf);
            let report = check_game("random.pgn", 1, &GameText::new(text.into_bytes(), 1, 0));
            let broken: Vec<_> = report.findings.iter()
                .filter(|f| matches!(f.kind, Kind::UnparseableMove | Kind::IllegalMove | Kind::AmbiguousMove))
                .collect();
            prop_assert!(broken.is_empty(), "{dialect:?}: {broken:?}");
            prop_assert_eq!(report.plies, game.len(), "{:?}", dialect);
            let kinds: Vec<(Kind, Option<usize>)> = report.findings.iter().map(|f| (f.kind, f.ply)).collect();
            rulings.push((report.fingerprint, report.ruled_result, kinds));
        }
        for other in &rulings[1..] {
            prop_assert_eq!(other, &rulings[0]);
        }
    }

    #[test]
    fn both_reading_paths_agree(choices in proptest::collection::vec(any::<u16>(), 1..160)) {
        let game = random_game(&choices);
        let text = pgn(&game, Dialect::English, false);
        let sheet = Scoresheet::read(&GameText::new(text.clone().into_bytes(), 1, 0));
        let precise: Vec<_> = sheet.moves.iter().map(|m| match m.notation.as_ref().map(|n| n.written) {
            Ok(WrittenMove::San(san)) => Some(san),
            _ => None,
        }).collect();
        let fast = fast::read_game(text.as_bytes()).expect("read").expect("a game");
        let fast: Vec<_> = fast.moves.iter().map(|m| Some(m.san)).collect();
        prop_assert_eq!(precise, fast);
    }
}
