//! Board diagrams for the terminal.

use shakmaty::{Board, Color, File, Rank, Role, Square};

use crate::i18n::Labels;

/// A diagram of the position, White at the bottom: Unicode figurines, or
/// letters (upper case White) with `ascii`, in the language's letters
/// (German K D T L S B).
pub fn diagram(board: &Board, turn: Color, ascii: bool, labels: &Labels) -> String {
    let mut out = String::new();
    for rank in Rank::ALL.iter().rev() {
        out.push_str(&format!("  {} ", rank.char()));
        for file in File::ALL {
            let square = Square::from_coords(file, *rank);
            let glyph = match board.piece_at(square) {
                Some(piece) if ascii => letter(piece.color, piece.role, labels),
                Some(piece) => figurine(piece.color, piece.role),
                None if ascii => '.',
                None => '·',
            };
            out.push(' ');
            out.push(glyph);
        }
        out.push('\n');
    }
    out.push_str("     a b c d e f g h\n");
    let to_move = match turn {
        Color::White => labels.white_to_move,
        Color::Black => labels.black_to_move,
    };
    out.push_str(&format!("  {to_move}\n"));
    out
}

fn letter(color: Color, role: Role, labels: &Labels) -> char {
    let [k, q, r, b, n] = labels.pieces;
    let upper = match role {
        Role::King => k,
        Role::Queen => q,
        Role::Rook => r,
        Role::Bishop => b,
        Role::Knight => n,
        Role::Pawn => labels.pawn,
    };
    match color {
        Color::White => upper,
        Color::Black => upper.to_ascii_lowercase(),
    }
}

fn figurine(color: Color, role: Role) -> char {
    match (color, role) {
        (Color::White, Role::King) => '♔',
        (Color::White, Role::Queen) => '♕',
        (Color::White, Role::Rook) => '♖',
        (Color::White, Role::Bishop) => '♗',
        (Color::White, Role::Knight) => '♘',
        (Color::White, Role::Pawn) => '♙',
        (Color::Black, Role::King) => '♚',
        (Color::Black, Role::Queen) => '♛',
        (Color::Black, Role::Rook) => '♜',
        (Color::Black, Role::Bishop) => '♝',
        (Color::Black, Role::Knight) => '♞',
        (Color::Black, Role::Pawn) => '♟',
    }
}

#[cfg(test)]
mod tests {
    use super::diagram;
    use crate::i18n::Lang;
    use shakmaty::fen::Fen;

    fn drawn(fen: &str, ascii: bool, lang: Lang) -> String {
        let setup = fen.parse::<Fen>().expect("fen").into_setup();
        diagram(&setup.board, setup.turn, ascii, lang.messages().labels())
    }

    #[test]
    fn start_position() {
        let text = drawn(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            true,
            Lang::En,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "  8  r n b q k b n r");
        assert_eq!(lines[7], "  1  R N B Q K B N R");
        assert_eq!(lines[9], "  White to move");
        let german = drawn(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            true,
            Lang::De,
        );
        let lines: Vec<&str> = german.lines().collect();
        assert_eq!(lines[0], "  8  t s l d k l s t");
        assert_eq!(lines[1], "  7  b b b b b b b b");
        assert_eq!(lines[7], "  1  T S L D K L S T");
        let unicode = drawn("8/8/8/8/8/8/8/K6k b - - 0 1", false, Lang::De);
        assert!(unicode.contains("♔ · · · · · · ♚"));
        assert!(unicode.contains("Schwarz am Zug"));
    }
}
