//! What a player wrote for a move, in any of the dialects real scoresheets use
//! (FIDE Laws, Appendix C): English SAN, German piece letters (K D T L S),
//! figurines, long algebraic with or without the piece letter, coordinates,
//! castling with letter O or digit zero, and the usual promotion spellings.
//!
//! Parsing here is purely about notation; whether the move is legal is the
//! laws crate's question.

use shakmaty::{CastlingSide, File, Rank, Role, Square, san::San};

/// A move as written, reduced to what it says about the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WrittenMove {
    /// Standard algebraic notation (after translating piece letters).
    San(San),
    /// Long algebraic or coordinate notation: both squares are given.
    /// `role` is `None` when no piece letter was written (`e2-e4`, `g1f3`).
    Coordinates {
        role: Option<Role>,
        from: Square,
        to: Square,
        capture: bool,
        promotion: Option<Role>,
    },
    /// A null move (`--`, `Z0`): not a move of chess at all.
    Null,
}

impl WrittenMove {
    pub fn castle(side: CastlingSide) -> WrittenMove {
        WrittenMove::San(San::Castle(side))
    }
}

/// The check or mate mark written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    Check,
    /// `#`, or `++` as FIDE's Appendix C writes checkmate.
    Mate,
}

/// The notation family a move token was written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dialect {
    English,
    German,
    Figurine,
    Long,
}

/// A parsed move token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Notation {
    pub written: WrittenMove,
    pub mark: Option<Mark>,
    /// The writer marked the move as an en passant capture (`e.p.`).
    pub en_passant_mark: bool,
    pub dialect: Dialect,
}

/// Why a token is not a move in any known notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotationError {
    /// Not a move in any known dialect.
    Unknown,
    /// A piece drop (`N@f7`) from a chess variant.
    Drop,
    /// A lone `N` or `D` where a move is due, or before a word it would make
    /// a move with (`N f3`): a piece letter cut off from its square, or a
    /// novelty or diagram sign out of place. Never guessed.
    LoneLetter,
}

impl std::fmt::Display for NotationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NotationError::Unknown => "not a move in any known notation",
            NotationError::Drop => "a piece drop, which is not a move of chess",
            NotationError::LoneLetter => "a lone piece letter",
        })
    }
}

/// Parses one move token.
///
/// ```
/// use scoresheet::notation::{parse_move, Dialect, Mark, WrittenMove};
/// let sf3 = parse_move("Sf3+".as_bytes())?;
/// assert_eq!(sf3.dialect, Dialect::German);
/// assert_eq!(sf3.mark, Some(Mark::Check));
/// assert_eq!(parse_move("Nf3".as_bytes())?.written, sf3.written);
/// assert_eq!(parse_move("♘f3".as_bytes())?.written, sf3.written);
/// assert!(matches!(parse_move(b"Sg1-f3")?.written, WrittenMove::Coordinates { .. }));
/// # Ok::<_, scoresheet::notation::NotationError>(())
/// ```
#[inline]
pub fn parse_move(token: &[u8]) -> Result<Notation, NotationError> {
    match common_san(token) {
        Some(notation) => Ok(notation),
        None => parse_any(token),
    }
}

/// Every dialect, every spelling: the reader [`common_san`] must agree with.
fn parse_any(token: &[u8]) -> Result<Notation, NotationError> {
    if let Some(notation) = plain_san(token) {
        return Ok(notation);
    }
    let mut buf = [0u8; 24];
    let mut len = 0;
    let mut dialect = Dialect::English;
    let mut chars = token.iter().copied().peekable();
    let mut push = |b: u8| {
        if len < buf.len() {
            buf[len] = b;
            len += 1;
            Ok(())
        } else {
            Err(NotationError::Unknown)
        }
    };
    if token.is_ascii() {
        for b in chars.by_ref() {
            push(b)?;
        }
    } else {
        let text = std::str::from_utf8(token).map_err(|_| NotationError::Unknown)?;
        for ch in text.chars() {
            let ascii = match ch {
                '♔' | '♚' => b'K',
                '♕' | '♛' => b'Q',
                '♖' | '♜' => b'R',
                '♗' | '♝' => b'B',
                '♘' | '♞' => b'N',
                '♙' | '♟' => b'P',
                '×' => b'x',
                '–' | '—' => b'-',
                '‡' => b'#',
                c if c.is_ascii() => c as u8,
                _ => return Err(NotationError::Unknown),
            };
            if !ch.is_ascii() && ascii.is_ascii_uppercase() {
                dialect = Dialect::Figurine;
            }
            push(ascii)?;
        }
    }
    let mut s = &buf[..len];

    // Annotation glyphs and the en passant mark come last.
    while let Some(rest) = s.strip_suffix(b"!").or_else(|| s.strip_suffix(b"?")) {
        s = rest;
    }
    let mut en_passant_mark = false;
    for mark in [&b"e.p."[..], b"e.p", b"ep"] {
        if let Some(rest) = s.strip_suffix(mark)
            && rest.len() >= 2
        {
            s = rest;
            en_passant_mark = true;
            break;
        }
    }
    let mut mark = None;
    if let Some(rest) = s.strip_suffix(b"++").or_else(|| s.strip_suffix(b"#")) {
        s = rest;
        mark = Some(Mark::Mate);
    } else if let Some(rest) = s.strip_suffix(b"+") {
        s = rest;
        mark = Some(Mark::Check);
    }
    while let Some(rest) = s.strip_suffix(b"!").or_else(|| s.strip_suffix(b"?")) {
        s = rest;
    }
    if s.is_empty() {
        return Err(NotationError::Unknown);
    }

    if matches!(s, b"--" | b"Z0" | b"0000" | b"@@@@") {
        return Ok(Notation {
            written: WrittenMove::Null,
            mark,
            en_passant_mark,
            dialect,
        });
    }
    if let Some(side) = castling(s) {
        return Ok(Notation {
            written: WrittenMove::castle(side),
            mark,
            en_passant_mark,
            dialect,
        });
    }
    if s.contains(&b'@') {
        return Err(NotationError::Drop);
    }

    // Translate German piece letters; a token is German if it uses one.
    let mut norm = [0u8; 24];
    let mut n = 0;
    for (i, &b) in s.iter().enumerate() {
        let translated = match b {
            b'D' => Some(b'Q'),
            b'T' => Some(b'R'),
            b'L' => Some(b'B'),
            b'S' => Some(b'N'),
            _ => None,
        };
        let b = match translated {
            // Only piece letters: at the start, or as a promotion piece.
            Some(t)
                if i == 0
                    || matches!(
                        s.get(i.wrapping_sub(1)),
                        Some(b'=' | b'(' | b'/' | b'1'..=b'8')
                    ) =>
            {
                if dialect == Dialect::English {
                    dialect = Dialect::German;
                }
                t
            }
            _ => b,
        };
        norm[n] = b;
        n += 1;
    }
    let n = normalize_promotion(&mut norm, n);
    let s = &norm[..n];

    if let Some(written) = coordinates(s) {
        return Ok(Notation {
            written,
            mark,
            en_passant_mark,
            dialect: if dialect == Dialect::English {
                Dialect::Long
            } else {
                dialect
            },
        });
    }
    // SAN allows an explicit pawn letter (`Pe4`); coordinates were tried above.
    match San::from_ascii(s) {
        Ok(San::Put { .. }) => Err(NotationError::Drop),
        Ok(San::Null) => Ok(Notation {
            written: WrittenMove::Null,
            mark,
            en_passant_mark,
            dialect,
        }),
        Ok(san) => Ok(Notation {
            written: WrittenMove::San(san),
            mark,
            en_passant_mark,
            dialect,
        }),
        Err(_) => Err(NotationError::Unknown),
    }
}

/// English SAN with at most a `+` or `#` mark, read by shakmaty's parser
/// without copying; anything else takes the general path.
fn plain_san(token: &[u8]) -> Option<Notation> {
    let (body, mark) = match token {
        [rest @ .., b'#'] => (rest, Some(Mark::Mate)),
        [rest @ .., b'+'] => (rest, Some(Mark::Check)),
        _ => (token, None),
    };
    plain_san_by_parser(body, mark)
}

/// A plain SAN body through shakmaty's parser.
fn plain_san_by_parser(body: &[u8], mark: Option<Mark>) -> Option<Notation> {
    let first = *body.first()?;
    let plain = |b: &u8| matches!(b, b'a'..=b'h' | b'1'..=b'8' | b'x' | b'=' | b'K' | b'Q' | b'R' | b'B' | b'N');
    if !matches!(first, b'a'..=b'h' | b'K' | b'Q' | b'R' | b'B' | b'N') || !body.iter().all(plain) {
        return None;
    }
    // Two squares (`e2e4`) take four characters at least.
    if body.len() >= 4 && coordinates(body).is_some() {
        return None;
    }
    match San::from_ascii(body) {
        Ok(san @ San::Normal { .. }) => Some(Notation {
            written: WrittenMove::San(san),
            mark,
            en_passant_mark: false,
            dialect: Dialect::English,
        }),
        _ => None,
    }
}

/// The shapes of nearly every move in a PGN file (`e4`, `exd5`, `e8=Q`,
/// `exd8=Q`, `Nf3`, `Nxf3`, `Nbd2`, `R1xe2`, `O-O`, `O-O-O`, each with a
/// `+` or `#` or not), read in one step: exactly what [`parse_any`] reads
/// from them (checked on every string of up to six bytes over the
/// alphabet of moves), `None` for any other token.
#[inline(always)]
pub(crate) fn common_san(token: &[u8]) -> Option<Notation> {
    let (body, mark) = match token {
        [body @ .., b'+'] => (body, Some(Mark::Check)),
        [body @ .., b'#'] => (body, Some(Mark::Mate)),
        _ => (token, None),
    };
    // One subtraction and one comparison a byte (a range test costs two).
    let file = |b: u8| {
        let i = b.wrapping_sub(b'a');
        (i < 8).then(|| File::new(u32::from(i)))
    };
    let rank = |b: u8| {
        let i = b.wrapping_sub(b'1');
        (i < 8).then(|| Rank::new(u32::from(i)))
    };
    let square = |f: u8, r: u8| Some(Square::from_coords(file(f)?, rank(r)?));
    let piece = |b: u8| match b {
        b'K' => Some(Role::King),
        b'Q' => Some(Role::Queen),
        b'R' => Some(Role::Rook),
        b'B' => Some(Role::Bishop),
        b'N' => Some(Role::Knight),
        _ => None,
    };
    let promotion = |b: u8| piece(b).filter(|&role| role != Role::King);
    let normal = |role, file, rank, capture, to, promotion| San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    };
    // The arms with fixed bytes first: a `?` ends the match, not the arm.
    let san = match *body {
        [b'O', b'-', b'O'] => San::Castle(CastlingSide::KingSide),
        [b'O', b'-', b'O', b'-', b'O'] => San::Castle(CastlingSide::QueenSide),
        [f, r, b'=', p] => normal(
            Role::Pawn,
            None,
            None,
            false,
            square(f, r)?,
            Some(promotion(p)?),
        ),
        [f, r] => normal(Role::Pawn, None, None, false, square(f, r)?, None),
        [p, f, r] => normal(piece(p)?, None, None, false, square(f, r)?, None),
        // `exd5` or `Nxd5`.
        [from, b'x', f, r] => match file(from) {
            Some(from) => normal(Role::Pawn, Some(from), None, true, square(f, r)?, None),
            None => normal(piece(from)?, None, None, true, square(f, r)?, None),
        },
        // `Nbd2` or `R1e2`.
        [p, hint, f, r] => {
            let (role, to) = (piece(p)?, square(f, r)?);
            match (file(hint), rank(hint)) {
                (None, None) => return None,
                (file, rank) => normal(role, file, rank, false, to, None),
            }
        }
        [p, hint, b'x', f, r] => {
            let (role, to) = (piece(p)?, square(f, r)?);
            match (file(hint), rank(hint)) {
                (None, None) => return None,
                (file, rank) => normal(role, file, rank, true, to, None),
            }
        }
        [from, b'x', f, r, b'=', p] => normal(
            Role::Pawn,
            Some(file(from)?),
            None,
            true,
            square(f, r)?,
            Some(promotion(p)?),
        ),
        _ => return None,
    };
    Some(Notation {
        written: WrittenMove::San(san),
        mark,
        en_passant_mark: false,
        dialect: Dialect::English,
    })
}

fn castling(s: &[u8]) -> Option<CastlingSide> {
    let mut parts = 0;
    let mut rest = s;
    loop {
        let (first, tail) = rest.split_first()?;
        if !matches!(first, b'O' | b'0' | b'o') {
            return None;
        }
        parts += 1;
        match tail.split_first() {
            None => break,
            Some((b'-' | b'_', t)) => rest = t,
            Some(_) if matches!(tail[0], b'O' | b'0' | b'o') => rest = tail,
            Some(_) => return None,
        }
    }
    match parts {
        2 => Some(CastlingSide::KingSide),
        3 => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

/// Rewrites `e8Q`, `e8(Q)`, `e8/Q` and `e8=Q` to `e8=Q` in place; returns the new length.
fn normalize_promotion(buf: &mut [u8; 24], n: usize) -> usize {
    let is_piece = |b: u8| matches!(b, b'Q' | b'R' | b'B' | b'N');
    if n >= 5 && buf[n - 3] == b'(' && buf[n - 1] == b')' && is_piece(buf[n - 2]) {
        buf[n - 3] = b'=';
        return n - 1;
    }
    if n >= 4 && buf[n - 2] == b'/' && is_piece(buf[n - 1]) {
        buf[n - 2] = b'=';
        return n;
    }
    if n >= 3 && n < buf.len() && is_piece(buf[n - 1]) && matches!(buf[n - 2], b'1' | b'8') {
        buf[n] = buf[n - 1];
        buf[n - 1] = b'=';
        return n + 1;
    }
    n
}

fn square(s: &[u8]) -> Option<Square> {
    match s {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Square::from_ascii(&[*f, *r]).ok(),
        _ => None,
    }
}

/// `[Piece] from [-x:] to [=Promotion]`, with both squares in full.
fn coordinates(s: &[u8]) -> Option<WrittenMove> {
    let (role, rest) = match s.first()? {
        b'K' => (Some(Role::King), &s[1..]),
        b'Q' => (Some(Role::Queen), &s[1..]),
        b'R' => (Some(Role::Rook), &s[1..]),
        b'B' => (Some(Role::Bishop), &s[1..]),
        b'N' => (Some(Role::Knight), &s[1..]),
        b'P' => (Some(Role::Pawn), &s[1..]),
        _ => (None, s),
    };
    let from = square(rest.get(..2)?)?;
    let rest = &rest[2..];
    let (capture, rest) = match rest.first()? {
        b'-' => (false, &rest[1..]),
        b'x' | b':' => (true, &rest[1..]),
        _ => (false, rest),
    };
    let to = square(rest.get(..2)?)?;
    // UCI writes the promotion piece in lower case (`e7e8q`).
    let promotion = match &rest[2..] {
        [] => None,
        [b'=', p] | [p] => Some(match p.to_ascii_uppercase() {
            b'Q' => Role::Queen,
            b'R' => Role::Rook,
            b'B' => Role::Bishop,
            b'N' => Role::Knight,
            _ => return None,
        }),
        _ => return None,
    };
    Some(WrittenMove::Coordinates {
        role,
        from,
        to,
        capture,
        promotion,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::every_string;

    /// The characters of moves in every dialect the common case could be
    /// confused with: SAN, long algebraic, castling with letter or digit,
    /// marks, glyphs, and the German piece letters.
    const MOVE_ALPHABET: &[u8] = b"KQRBNPabcdefgh12345678xX=+#-O0!?DTLS";

    /// The common case reads a token only as the full parser does.
    fn agrees(token: &[u8]) -> bool {
        let common = common_san(token);
        if let Some(notation) = common {
            assert_eq!(
                Ok(notation),
                parse_any(token),
                "{}",
                String::from_utf8_lossy(token)
            );
        }
        common.is_some()
    }

    #[test]
    fn the_common_case_agrees_with_the_full_parser() {
        let mut common = 0;
        for len in 0..=5 {
            every_string(MOVE_ALPHABET, len, &mut |t| {
                common += usize::from(agrees(t));
            });
        }
        // Six characters over a smaller alphabet that still holds every
        // kind of character (both edge files and ranks).
        every_string(b"ah18x=QKPO-+#D", 6, &mut |t| {
            common += usize::from(agrees(t));
        });
        // Longer tokens at random, most of them near the usual shapes.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut token = Vec::new();
        for _ in 0..2_000_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            token.clear();
            let len = 6 + (state % 3) as usize;
            for i in 0..len {
                let r = (state >> (8 + 6 * i)) as usize;
                token.push(MOVE_ALPHABET[r % MOVE_ALPHABET.len()]);
            }
            common += usize::from(agrees(&token));
        }
        assert!(common > 20_000, "{common}");
        for token in [
            "e4", "exd5", "e8=Q", "exd8=N+", "Nf3", "Kxe1", "Nbd2", "R1xe2#", "O-O", "O-O-O+",
        ] {
            assert!(common_san(token.as_bytes()).is_some(), "{token}");
        }
    }

    /// Every string of up to six characters over the whole alphabet (2.2
    /// billion): `cargo test --release -p scoresheet -- --ignored`.
    #[test]
    #[ignore = "about a minute in a release build"]
    fn the_common_case_agrees_with_the_full_parser_on_every_short_string() {
        for len in 0..=6 {
            every_string(MOVE_ALPHABET, len, &mut |t| {
                agrees(t);
            });
        }
    }

    fn written(s: &str) -> WrittenMove {
        match parse_move(s.as_bytes()) {
            Ok(n) => n.written,
            Err(e) => panic!("{s}: {e}"),
        }
    }

    #[test]
    fn dialects_agree() {
        let nf3 = written("Nf3");
        assert_eq!(written("Sf3"), nf3);
        assert_eq!(written("♘f3"), nf3);
        assert_eq!(written("♞f3"), nf3);
        assert_eq!(written("Nf3!?"), nf3);
        assert_eq!(written("Lxb5"), written("Bxb5"));
        assert_eq!(written("Dd1"), written("Qd1"));
        assert_eq!(written("Td1"), written("Rd1"));
        assert_eq!(written("e8=D"), written("e8=Q"));
        for promo in ["e8Q", "e8(Q)", "e8/Q", "e8=Q+"] {
            assert_eq!(written(promo), written("e8=Q"), "{promo}");
        }
    }

    #[test]
    fn castling_spellings() {
        for (s, side) in [
            ("O-O", CastlingSide::KingSide),
            ("0-0", CastlingSide::KingSide),
            ("O-O-O", CastlingSide::QueenSide),
            ("0-0-0+", CastlingSide::QueenSide),
        ] {
            assert_eq!(written(s), WrittenMove::castle(side), "{s}");
        }
    }

    #[test]
    fn long_algebraic() {
        let e2e4 = WrittenMove::Coordinates {
            role: None,
            from: Square::E2,
            to: Square::E4,
            capture: false,
            promotion: None,
        };
        assert_eq!(written("e2-e4"), e2e4);
        assert_eq!(written("e2e4"), e2e4);
        assert!(matches!(
            written("Sg1-f3"),
            WrittenMove::Coordinates {
                role: Some(Role::Knight),
                ..
            }
        ));
        assert!(matches!(
            written("Ng1f3"),
            WrittenMove::Coordinates {
                role: Some(Role::Knight),
                ..
            }
        ));
        assert!(matches!(
            written("e4xd5"),
            WrittenMove::Coordinates { capture: true, .. }
        ));
        let ep = parse_move(b"e5xd6e.p.").expect("parses");
        assert!(ep.en_passant_mark);
        assert!(matches!(
            written("d7d8R"),
            WrittenMove::Coordinates {
                promotion: Some(Role::Rook),
                ..
            }
        ));
        assert!(matches!(
            written("e7e8q"),
            WrittenMove::Coordinates {
                promotion: Some(Role::Queen),
                ..
            }
        ));
    }

    #[test]
    fn marks() {
        assert_eq!(parse_move(b"Qh5+").map(|n| n.mark), Ok(Some(Mark::Check)));
        assert_eq!(parse_move(b"Qh7#").map(|n| n.mark), Ok(Some(Mark::Mate)));
        assert_eq!(parse_move(b"Qh7++").map(|n| n.mark), Ok(Some(Mark::Mate)));
        assert_eq!(parse_move(b"Qh7+!").map(|n| n.mark), Ok(Some(Mark::Check)));
    }

    #[test]
    fn not_moves() {
        assert_eq!(written("--"), WrittenMove::Null);
        assert_eq!(written("Z0"), WrittenMove::Null);
        assert_eq!(parse_move(b"N@f7"), Err(NotationError::Drop));
        for junk in ["which", "e9", "Xf3", "", "Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3Nf3"] {
            assert!(parse_move(junk.as_bytes()).is_err(), "{junk}");
        }
    }
}
