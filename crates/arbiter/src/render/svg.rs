//! Board diagrams as SVG, for the HTML ruling sheet.
//!
//! No well-kept crate draws boards from shakmaty positions, and a board is a
//! grid of rectangles, so we draw it here. The pieces are Colin M. L. Burnett's
//! (the "cburnett" set, GPL/BSD/GFDL; see NOTICE), embedded once per page as
//! `<symbol>`s that every board `<use>`s, so a page with many diagrams stays
//! small and works offline.

use std::fmt::Write as _;

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

/// Side of a square in SVG units; the piece drawings are 45 × 45.
const SQUARE: u32 = 45;
/// Room for the rank digits on the left and the file letters below.
const MARGIN: u32 = 16;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const ILLEGAL: &str = "#c5221f";
const PLAYED: &str = "#1a5fb4";
const WRITTEN: &str = "#1e7b34";

/// The twelve pieces, by the symbol ids the boards refer to.
const PIECES: [(&str, &str); 12] = [
    ("wK", include_str!("pieces/wK.svg")),
    ("wQ", include_str!("pieces/wQ.svg")),
    ("wR", include_str!("pieces/wR.svg")),
    ("wB", include_str!("pieces/wB.svg")),
    ("wN", include_str!("pieces/wN.svg")),
    ("wP", include_str!("pieces/wP.svg")),
    ("bK", include_str!("pieces/bK.svg")),
    ("bQ", include_str!("pieces/bQ.svg")),
    ("bR", include_str!("pieces/bR.svg")),
    ("bB", include_str!("pieces/bB.svg")),
    ("bN", include_str!("pieces/bN.svg")),
    ("bP", include_str!("pieces/bP.svg")),
];

/// How a square is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A touched piece (Art. 4).
    Touched,
    /// The square an illegal move went to, or the king of a flag fall.
    Attention,
}

/// What is drawn over the position.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    pub squares: Vec<(Square, Mark)>,
    /// Illegal moves drawn as red arrows (from, to).
    pub arrows: Vec<(Square, Square)>,
    /// Moves played, drawn as blue arrows: the move that broke touch-move.
    pub played: Vec<(Square, Square)>,
    /// The move written with a claim and not played, drawn as a dashed
    /// green arrow of class `written-move` on the position it would reach.
    pub written: Vec<(Square, Square)>,
}

/// What a board is drawn for, named in its `class` beside `board`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A position a ruling rests on.
    Ruling,
    /// An earlier position with the same placement that does not count (9.2.3).
    NearMiss,
}

/// The hidden block of piece symbols, written once before the first board.
pub fn piece_defs() -> String {
    let mut out = String::from(
        "<svg class=\"pieces\" width=\"0\" height=\"0\" aria-hidden=\"true\" \
         xmlns=\"http://www.w3.org/2000/svg\"><defs>\n",
    );
    for (id, drawing) in PIECES {
        let _ = writeln!(
            out,
            "<symbol id=\"{id}\" viewBox=\"0 0 45 45\">{}</symbol>",
            drawing.trim()
        );
    }
    out.push_str("</defs></svg>\n");
    out
}

/// The top-left corner of `square` in board units: a1 bottom left unless
/// `flipped` (Black's view).
pub fn corner(square: Square, flipped: bool) -> (u32, u32) {
    let file = u32::from(square.file());
    let rank = u32::from(square.rank());
    let (col, row) = if flipped {
        (7 - file, rank)
    } else {
        (file, 7 - rank)
    };
    (MARGIN + col * SQUARE, row * SQUARE)
}

fn centre(square: Square, flipped: bool) -> (f64, f64) {
    let (x, y) = corner(square, flipped);
    let half = f64::from(SQUARE) / 2.0;
    (f64::from(x) + half, f64::from(y) + half)
}

fn piece_id(piece: Piece) -> String {
    let colour = match piece.color {
        Color::White => 'w',
        Color::Black => 'b',
    };
    let role = match piece.role {
        Role::King => 'K',
        Role::Queen => 'Q',
        Role::Rook => 'R',
        Role::Bishop => 'B',
        Role::Knight => 'N',
        Role::Pawn => 'P',
    };
    format!("{colour}{role}")
}

/// A board as an SVG element of class `board` (and `near-miss` for one),
/// carrying the position it shows as `data-fen`; `label` is its accessible
/// name and `fen` the position, both already escaped for HTML.
pub fn board(
    board: &Board,
    flipped: bool,
    marks: &Marks,
    label: &str,
    kind: Kind,
    fen: &str,
) -> String {
    let size = MARGIN + 8 * SQUARE;
    let class = match kind {
        Kind::Ruling => "board",
        Kind::NearMiss => "board near-miss",
    };
    let mut out = format!(
        "<svg class=\"{class}\" data-fen=\"{fen}\" xmlns=\"http://www.w3.org/2000/svg\" \
         viewBox=\"0 0 {size} {size}\" role=\"img\" aria-label=\"{label}\"><title>{label}</title>\n"
    );
    for square in Square::ALL {
        let (x, y) = corner(square, flipped);
        let fill = if square.is_dark() { DARK } else { LIGHT };
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>"
        );
    }
    out.push('\n');
    for (square, mark) in &marks.squares {
        let (x, y) = corner(*square, flipped);
        let (fill, stroke) = match mark {
            Mark::Touched => ("#f7e26b", "#c9a400"),
            Mark::Attention => ("#f28b82", "#c5221f"),
        };
        let _ = writeln!(
            out,
            "<rect class=\"mark\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\" \
             fill-opacity=\"0.75\" stroke=\"{stroke}\" stroke-width=\"3\"/>",
            x + 1,
            y + 1,
            SQUARE - 2,
            SQUARE - 2
        );
    }
    for (square, piece) in board.iter() {
        let (x, y) = corner(square, flipped);
        let _ = writeln!(
            out,
            "<use href=\"#{}\" x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\"/>",
            piece_id(piece)
        );
    }
    for (from, to) in &marks.played {
        out.push_str(&arrow(*from, *to, flipped, PLAYED, "arrow"));
    }
    for (from, to) in &marks.written {
        out.push_str(&arrow(*from, *to, flipped, WRITTEN, "arrow written-move"));
    }
    for (from, to) in &marks.arrows {
        out.push_str(&arrow(*from, *to, flipped, ILLEGAL, "arrow"));
    }
    coordinates(&mut out, flipped);
    out.push_str("</svg>");
    out
}

/// An arrow from centre to centre: a shaft and a head that ends a little
/// short of the target's centre, so the piece there stays visible.
fn arrow(from: Square, to: Square, flipped: bool, colour: &str, class: &str) -> String {
    let (x1, y1) = centre(from, flipped);
    let (x2, y2) = centre(to, flipped);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt();
    if length < 1.0 {
        return String::new();
    }
    let (ux, uy) = (dx / length, dy / length);
    let head = 18.0;
    let tip = (x2 - ux * 6.0, y2 - uy * 6.0);
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let (px, py) = (-uy * head * 0.55, ux * head * 0.55);
    // The written move is not played: its shaft is dashed.
    let dash = if class.contains("written-move") {
        " stroke-dasharray=\"10 6\""
    } else {
        ""
    };
    format!(
        "<g class=\"{class}\" fill=\"{colour}\" stroke=\"{colour}\" opacity=\"0.85\">\
         <line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke-width=\"7\" stroke-linecap=\"round\"{dash}/>\
         <polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" stroke-width=\"1\"/></g>\n",
        base.0,
        base.1,
        tip.0,
        tip.1,
        base.0 + px,
        base.1 + py,
        base.0 - px,
        base.1 - py
    )
}

fn coordinates(out: &mut String, flipped: bool) {
    let style = "font-family=\"sans-serif\" font-size=\"11\" fill=\"#555\" text-anchor=\"middle\"";
    for file in File::ALL {
        let (x, _) = corner(Square::from_coords(file, Rank::First), flipped);
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" {style}>{}</text>",
            x + SQUARE / 2,
            8 * SQUARE + 12,
            file.char()
        );
    }
    for rank in Rank::ALL {
        let (_, y) = corner(Square::from_coords(File::A, rank), flipped);
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" {style}>{}</text>",
            MARGIN / 2,
            y + SQUARE / 2 + 4,
            rank.char()
        );
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// Tests name positions by FEN; the views get them typed.
    fn drawn(fen: &str, marks: &Marks) -> String {
        let setup = fen.parse::<shakmaty::fen::Fen>().expect("fen").into_setup();
        board(&setup.board, false, marks, "x", Kind::Ruling, fen)
    }

    #[test]
    fn a1_is_bottom_left_and_dark() {
        assert_eq!(corner(Square::A1, false), (MARGIN, 7 * SQUARE));
        assert_eq!(corner(Square::H8, false), (MARGIN + 7 * SQUARE, 0));
        assert_eq!(corner(Square::A1, true), (MARGIN + 7 * SQUARE, 0));
        assert_eq!(corner(Square::H8, true), (MARGIN, 7 * SQUARE));
        let svg = drawn(START, &Marks::default());
        let a1 = format!(
            "<rect x=\"{}\" y=\"{}\" width=\"45\" height=\"45\" fill=\"{DARK}\"/>",
            MARGIN,
            7 * SQUARE
        );
        assert!(svg.contains(&a1), "{svg}");
    }

    #[test]
    fn one_piece_per_piece_of_the_fen() {
        let svg = drawn(START, &Marks::default());
        assert_eq!(svg.matches("<use ").count(), 32);
        assert_eq!(svg.matches("href=\"#wP\"").count(), 8);
        assert_eq!(svg.matches("href=\"#bK\"").count(), 1);
        let white_king = format!(
            "<use href=\"#wK\" x=\"{}\" y=\"{}\"",
            MARGIN + 4 * SQUARE,
            7 * SQUARE
        );
        assert!(svg.contains(&white_king));
        let bare = drawn("8/8/8/8/8/8/8/K6k b - - 0 1", &Marks::default());
        assert_eq!(bare.matches("<use ").count(), 2);
    }

    #[test]
    fn marks_and_arrows_are_drawn() {
        let marks = Marks {
            squares: vec![(Square::E1, Mark::Touched)],
            arrows: vec![(Square::E1, Square::E3)],
            played: Vec::new(),
            written: vec![(Square::G1, Square::F3)],
        };
        let svg = drawn(START, &marks);
        assert_eq!(svg.matches("class=\"mark\"").count(), 1);
        assert_eq!(svg.matches("class=\"arrow\"").count(), 1);
        assert_eq!(svg.matches("class=\"arrow written-move\"").count(), 1);
        assert!(svg.starts_with(&format!("<svg class=\"board\" data-fen=\"{START}\"")));
        // The arrow runs up the e-file from e1's centre.
        let (x, y) = centre(Square::E1, false);
        assert!(svg.contains(&format!("x1=\"{x:.1}\" y1=\"{y:.1}\"")));
    }

    #[test]
    fn every_piece_has_a_symbol() {
        let defs = piece_defs();
        assert_eq!(defs.matches("<symbol").count(), 12);
        for (id, _) in PIECES {
            assert!(defs.contains(&format!("id=\"{id}\"")));
        }
    }
}
