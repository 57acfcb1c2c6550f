//! Article 4: what a player who touched pieces must now do.
//!
//! [`duty`] turns "the side to move deliberately touched these pieces, in
//! this order" into the set of legal moves that honour Articles 4.3–4.5,
//! with the article the obligation rests on and what it was, as a typed
//! [`Obligation`] for the views to put in words. Adjusting after announcing it (4.2) is not a touch and must
//! not be passed in.

use shakmaty::{CastlingSide, Chess, Color, Move, Position, Role, Square, san::San};

use crate::Article;

/// What Article 4 requires of the side to move after touching pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duty {
    /// The legal moves that honour the obligation; `None` when any legal move
    /// may be played (4.5, or nothing touched).
    pub allowed: Option<Vec<Move>>,
    /// The article the obligation rests on (e.g. [`Article::TOUCH_OWN`] for
    /// 4.3.1; [`Article::TOUCH_NONE_MOVABLE`] when 4.5 frees the player, and
    /// also when nothing was touched).
    pub article: Article,
    /// What the player had to do, e.g. move the knight on g1, capture the
    /// bishop on c4, castle kingside, with the touched pieces that did not
    /// decide it.
    pub obligation: Obligation,
}

/// A touched piece, as an obligation names it: "the knight on g1".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceAt {
    pub role: Role,
    pub square: Square,
}

/// What Article 4 required of the player who touched pieces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Obligation {
    /// Any legal move (4.5, or nothing touched), and why.
    Free(Free),
    /// 4.4.1: castle on this side.
    Castle(CastlingSide),
    /// 4.4.3: castling on `side` was not legal: another move with the king.
    OtherKingMove { king: Square, side: CastlingSide },
    /// 4.3.3: capture `target` with `with`, by one of `moves`.
    CaptureWith {
        target: PieceAt,
        with: PieceAt,
        moves: Vec<San>,
    },
    /// 4.3.1: move `piece`; `without_castling` the castlings 4.4.2 took away
    /// (the side and the rook touched first); `passed` the touched pieces
    /// before it that could not decide.
    Move {
        piece: PieceAt,
        without_castling: Vec<(CastlingSide, Square)>,
        passed: Vec<Passed>,
    },
    /// 4.3.2: capture `piece`.
    Capture { piece: PieceAt, passed: Vec<Passed> },
    /// 4.4.4: the obligation, promoting to `role`.
    Promoting { base: Box<Obligation>, role: Role },
    /// 4.4.4: any legal move, but a promotion only to `role`.
    AnyPromotingTo(Role),
}

/// Why a player who touched pieces was free to make any legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Free {
    NothingTouched,
    NoneCouldMove,
    NoneCouldBeCaptured,
    /// 4.4.3 with a king that cannot move.
    KingStuck {
        side: CastlingSide,
        king: Square,
    },
    NoEnemyTouched,
    /// 4.3.3: the first own piece could not capture the first enemy piece,
    /// and no touched piece could be moved or captured.
    NoCaptureNoneMovable {
        own: PieceAt,
        enemy: PieceAt,
    },
    /// 4.4.4: the touched pieces could not promote to the piece placed.
    CannotPromoteTo(Role),
}

/// A touched piece that did not decide the obligation, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passed {
    /// An own piece with no legal move.
    NoLegalMove(PieceAt),
    /// An opponent's piece that could not be captured.
    CannotBeCaptured(PieceAt),
    /// 4.3.3: the first own piece could not capture the first enemy piece;
    /// `it` when that own piece is the one that must move all the same;
    /// `no_legal_move` when it could not move either.
    CouldNotCapture {
        own: PieceAt,
        enemy: PieceAt,
        it: bool,
        no_legal_move: bool,
    },
}

impl Duty {
    /// Whether playing `mv` honours the obligation. `mv` is assumed legal in
    /// the position the duty was computed for.
    ///
    /// ```
    /// use laws::touch::duty;
    /// use shakmaty::{Chess, san::San};
    /// let pos = Chess::default();
    /// let d = duty(&pos, &[shakmaty::Square::G1], None);
    /// let nf3 = San::from_ascii(b"Nf3").expect("san").to_move(&pos).expect("legal");
    /// let e4 = San::from_ascii(b"e4").expect("san").to_move(&pos).expect("legal");
    /// assert!(d.permits(nf3));
    /// assert!(!d.permits(e4));
    /// ```
    pub fn permits(&self, mv: Move) -> bool {
        self.allowed
            .as_ref()
            .is_none_or(|moves| moves.contains(&mv))
    }

    /// Whether the player may make any legal move (4.5, or nothing touched).
    pub fn is_free(&self) -> bool {
        self.allowed.is_none()
    }

    fn free(reason: Free) -> Duty {
        Duty {
            allowed: None,
            article: Article::TOUCH_NONE_MOVABLE,
            obligation: Obligation::Free(reason),
        }
    }
}

/// The pieces a completed illegal move touched, for the move that replaces
/// it (7.5.1: Articles 4.3 and 4.7 apply to it): the piece that moved, then
/// the enemy piece on its target square, which the illegal move tried to
/// capture (4.3.3). `squares` is the illegal move's from and to squares, as
/// [`crate::squares::squares_of`] reads them; an illegal castling touched the
/// king (4.3.1: the king must move if it can; 4.4 is not among the articles
/// 7.5.1 names). Squares without the piece they need are left out.
///
/// ```
/// use laws::touch::touched_by_illegal_move;
/// use shakmaty::{Chess, Square};
/// let pos = Chess::default();
/// // Ke2 (e2 is occupied by White's own pawn): only the king was touched.
/// assert_eq!(touched_by_illegal_move(&pos, (Some(Square::E1), Square::E2)), vec![Square::E1]);
/// ```
pub fn touched_by_illegal_move(pos: &Chess, squares: (Option<Square>, Square)) -> Vec<Square> {
    let us = pos.turn();
    let board = pos.board();
    let (from, to) = squares;
    let mut touched = Vec::with_capacity(2);
    if let Some(from) = from
        && board.color_at(from) == Some(us)
    {
        touched.push(from);
        let castling = board.role_at(from) == Some(Role::King)
            && from.distance(to) > 1
            && from.rank() == to.rank();
        if !castling && board.color_at(to) == Some(!us) {
            touched.push(to);
        }
    }
    touched
}

/// A touched square with a piece on it.
#[derive(Debug, Clone, Copy)]
struct Touched {
    square: Square,
    role: Role,
    own: bool,
}

impl Touched {
    fn at(self) -> PieceAt {
        PieceAt {
            role: self.role,
            square: self.square,
        }
    }
}

/// What Article 4 requires of the side to move, after it deliberately
/// touched the pieces on `touched` (in that order; own or opponent's, the
/// board tells which) in position `pos`. `promotion` is the piece that was
/// placed on the promotion square, if any (4.4.4).
///
/// Empty squares in `touched` are ignored (reporting them is the caller's
/// business), and so is a repeated square after its first touch. The order
/// given is the order of touching; when it cannot be established, 4.3.3
/// deems the own piece first, so list it first.
///
/// Readings of the Laws built in:
/// - 4.4.1/4.4.3 apply when only own pieces were touched, the king first and
///   a rook after it (the first such rook decides the side). Castling with
///   that rook if legal; otherwise any other king move (castling on the other
///   side included); if the king cannot move, any legal move.
/// - 4.4.2 forbids castling with every own rook touched before the king,
///   whatever else was touched; with only own pieces touched and a rook
///   first, 4.3.1 then picks the piece that must move.
/// - 4.3.3: the first own piece must capture the first enemy piece; failing
///   that, the first touched piece (either colour, in touch order) that can
///   be moved or captured decides.
/// - 4.4.4: with `promotion`, promotions to other pieces drop out of the
///   allowed moves; if nothing else is then allowed, any legal move (4.5)
///   except a promotion to another piece.
///
/// ```
/// use laws::{Article, touch::duty};
/// use shakmaty::{CastlingMode, Chess, Square, fen::Fen, san::San};
/// // White touched the king, then the h1-rook: castling kingside is legal, so it is a must (4.4.1).
/// let pos: Chess = "1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1"
///     .parse::<Fen>().expect("fen")
///     .into_position(CastlingMode::Standard).expect("legal");
/// let d = duty(&pos, &[Square::E1, Square::H1], None);
/// assert_eq!(d.article, Article::TOUCH_CASTLE);
/// assert_eq!(d.obligation, laws::touch::Obligation::Castle(shakmaty::CastlingSide::KingSide));
/// let oo = San::from_ascii(b"O-O").expect("san").to_move(&pos).expect("legal");
/// let kd1 = San::from_ascii(b"Kd1").expect("san").to_move(&pos).expect("legal");
/// assert!(d.permits(oo));
/// assert!(!d.permits(kd1));
/// ```
pub fn duty(pos: &Chess, touched: &[Square], promotion: Option<Role>) -> Duty {
    let us = pos.turn();
    let pieces = touched_pieces(pos, touched, us);
    let own: Vec<Touched> = pieces.iter().copied().filter(|t| t.own).collect();
    let has_enemy = pieces.iter().any(|t| !t.own);

    // 4.4.2: a rook touched deliberately before the king may not castle on
    // this move, whatever else the touches require.
    let all = crate::resolve::legal_moves(pos);
    let banned: Vec<Move> = rook_first_castles(&own)
        .into_iter()
        .filter(|m| all.contains(m))
        .collect();
    let legal: Vec<Move> = all
        .iter()
        .copied()
        .filter(|m| !banned.contains(m))
        .collect();
    let ctx = Ctx {
        pos,
        legal: &legal,
        banned: &banned,
    };

    let base = match (own.first(), has_enemy) {
        (None, false) => Duty::free(Free::NothingTouched),
        (Some(_), false) => own_duty(&ctx, &own),
        (None, true) => enemy_duty(&ctx, &pieces),
        (Some(first_own), true) => both_duty(&ctx, &pieces, *first_own),
    };
    match promotion {
        Some(role) => with_promotion(&ctx, base, role),
        None => base,
    }
}

struct Ctx<'a> {
    pos: &'a Chess,
    /// Legal moves, less the castlings 4.4.2 forbids.
    legal: &'a [Move],
    /// Legal castlings forbidden by 4.4.2.
    banned: &'a [Move],
}

impl Ctx<'_> {
    /// The moves of the piece on `square` (castling is a king move).
    fn moves_of(&self, square: Square) -> Vec<Move> {
        self.legal
            .iter()
            .copied()
            .filter(|m| m.from() == Some(square))
            .collect()
    }

    /// The moves that capture the piece on `square`, with any piece.
    fn captures_of(&self, square: Square) -> Vec<Move> {
        self.legal
            .iter()
            .copied()
            .filter(|m| captured_square(*m) == Some(square))
            .collect()
    }

    /// The moves that `t` allows: its own moves, or the captures of it.
    fn options(&self, t: Touched) -> Vec<Move> {
        if t.own {
            self.moves_of(t.square)
        } else {
            self.captures_of(t.square)
        }
    }

    fn sans(&self, moves: &[Move]) -> Vec<San> {
        moves.iter().map(|m| San::from_move(self.pos, *m)).collect()
    }

    /// The castlings 4.4.2 took away from the king on `square`: the side,
    /// and the rook touched first.
    fn banned_castlings(&self, square: Square) -> Vec<(CastlingSide, Square)> {
        self.banned
            .iter()
            .filter(|m| m.from() == Some(square))
            .filter_map(|m| match *m {
                Move::Castle { king, rook } => Some((castling_side(king, rook), rook)),
                _ => None,
            })
            .collect()
    }
}

fn touched_pieces(pos: &Chess, touched: &[Square], us: Color) -> Vec<Touched> {
    let mut pieces: Vec<Touched> = Vec::with_capacity(touched.len());
    for &square in touched {
        if pieces.iter().any(|t| t.square == square) {
            continue;
        }
        if let Some(piece) = pos.board().piece_at(square) {
            pieces.push(Touched {
                square,
                role: piece.role,
                own: piece.color == us,
            });
        }
    }
    pieces
}

/// The castlings 4.4.2 rules out: with each own rook touched before the
/// own king.
fn rook_first_castles(own: &[Touched]) -> Vec<Move> {
    let Some(king_at) = own.iter().position(|t| t.role == Role::King) else {
        return Vec::new();
    };
    let king = own[king_at].square;
    own[..king_at]
        .iter()
        .filter(|t| t.role == Role::Rook)
        .map(|t| Move::Castle {
            king,
            rook: t.square,
        })
        .collect()
}

/// 4.3.1 with 4.4.1–4.4.3: only own pieces touched.
fn own_duty(ctx: &Ctx<'_>, own: &[Touched]) -> Duty {
    let Some(&first) = own.first() else {
        return Duty::free(Free::NothingTouched);
    };
    if first.role == Role::King
        && let Some(rook) = own[1..].iter().find(|t| t.role == Role::Rook)
    {
        return castle_duty(ctx, first.square, rook.square);
    }
    let rook_first = first.role == Role::Rook && own.iter().any(|t| t.role == Role::King);
    let article = if rook_first {
        Article::TOUCH_ROOK_FIRST
    } else {
        Article::TOUCH_OWN
    };
    in_touch_order(ctx, own, article).unwrap_or_else(|| Duty::free(Free::NoneCouldMove))
}

/// 4.4.1 and 4.4.3: the king, then a rook.
fn castle_duty(ctx: &Ctx<'_>, king: Square, rook: Square) -> Duty {
    let castle = Move::Castle { king, rook };
    let side = castling_side(king, rook);
    if ctx.legal.contains(&castle) {
        return Duty {
            allowed: Some(vec![castle]),
            article: Article::TOUCH_CASTLE,
            obligation: Obligation::Castle(side),
        };
    }
    let king_moves = ctx.moves_of(king);
    if king_moves.is_empty() {
        return Duty::free(Free::KingStuck { side, king });
    }
    Duty {
        allowed: Some(king_moves),
        article: Article::TOUCH_CASTLE_ILLEGAL,
        obligation: Obligation::OtherKingMove { king, side },
    }
}

/// 4.3.2: only opponent's pieces touched.
fn enemy_duty(ctx: &Ctx<'_>, pieces: &[Touched]) -> Duty {
    in_touch_order(ctx, pieces, Article::TOUCH_OPPONENT)
        .unwrap_or_else(|| Duty::free(Free::NoneCouldBeCaptured))
}

/// 4.3.3: pieces of both colours touched.
fn both_duty(ctx: &Ctx<'_>, pieces: &[Touched], first_own: Touched) -> Duty {
    let Some(&first_enemy) = pieces.iter().find(|t| !t.own) else {
        return Duty::free(Free::NoEnemyTouched);
    };
    let direct: Vec<Move> = ctx
        .captures_of(first_enemy.square)
        .into_iter()
        .filter(|m| m.from() == Some(first_own.square))
        .collect();
    if !direct.is_empty() {
        return Duty {
            obligation: Obligation::CaptureWith {
                target: first_enemy.at(),
                with: first_own.at(),
                moves: ctx.sans(&direct),
            },
            allowed: Some(direct),
            article: Article::TOUCH_BOTH,
        };
    }
    match first_that_can(ctx, pieces) {
        Some((i, moves)) => {
            let chosen = pieces[i];
            let mut reasons = vec![Passed::CouldNotCapture {
                own: first_own.at(),
                enemy: first_enemy.at(),
                it: chosen.square == first_own.square,
                no_legal_move: chosen.square != first_own.square
                    && pieces[..i].iter().any(|t| t.square == first_own.square),
            }];
            reasons.extend(
                pieces[..i]
                    .iter()
                    .filter(|t| t.square != first_own.square)
                    .map(|t| skipped_reason(*t)),
            );
            obligation_for(ctx, chosen, moves, Article::TOUCH_BOTH, reasons)
        }
        None => Duty::free(Free::NoCaptureNoneMovable {
            own: first_own.at(),
            enemy: first_enemy.at(),
        }),
    }
}

/// 4.3: the first touched piece that can be moved (own) or captured
/// (opponent's), in touch order, with what it allows; `None` when there is
/// none (4.5).
fn first_that_can(ctx: &Ctx<'_>, pieces: &[Touched]) -> Option<(usize, Vec<Move>)> {
    pieces.iter().enumerate().find_map(|(i, &t)| {
        let moves = ctx.options(t);
        (!moves.is_empty()).then_some((i, moves))
    })
}

/// 4.3.1 / 4.3.2: the first piece that can be moved or captured, the earlier
/// ones named as the reason.
fn in_touch_order(ctx: &Ctx<'_>, pieces: &[Touched], article: Article) -> Option<Duty> {
    let (i, moves) = first_that_can(ctx, pieces)?;
    let reasons: Vec<Passed> = pieces[..i].iter().map(|t| skipped_reason(*t)).collect();
    Some(obligation_for(ctx, pieces[i], moves, article, reasons))
}

fn skipped_reason(t: Touched) -> Passed {
    if t.own {
        Passed::NoLegalMove(t.at())
    } else {
        Passed::CannotBeCaptured(t.at())
    }
}

/// Move (or capture) the touched piece `t`, the king without the castlings
/// 4.4.2 took away.
fn obligation_for(
    ctx: &Ctx<'_>,
    t: Touched,
    moves: Vec<Move>,
    article: Article,
    passed: Vec<Passed>,
) -> Duty {
    let obligation = if t.own {
        let without_castling = if t.role == Role::King {
            ctx.banned_castlings(t.square)
        } else {
            Vec::new()
        };
        Obligation::Move {
            piece: t.at(),
            without_castling,
            passed,
        }
    } else {
        Obligation::Capture {
            piece: t.at(),
            passed,
        }
    };
    Duty {
        allowed: Some(moves),
        article,
        obligation,
    }
}

/// 4.4.4: every promotion that is still allowed must be to `role`.
fn with_promotion(ctx: &Ctx<'_>, base: Duty, role: Role) -> Duty {
    let keeps = |m: &Move| m.promotion().is_none_or(|r| r == role);
    if let Some(moves) = &base.allowed {
        if moves.iter().all(keeps) {
            return base;
        }
        let kept: Vec<Move> = moves.iter().copied().filter(keeps).collect();
        if !kept.is_empty() {
            return Duty {
                allowed: Some(kept),
                article: Article::TOUCH_PROMOTION,
                obligation: Obligation::Promoting {
                    base: Box::new(base.obligation),
                    role,
                },
            };
        }
        // The touched pawn cannot promote to the piece placed (4.5).
    }
    if ctx.legal.iter().all(keeps) {
        return match base.allowed {
            Some(_) => Duty::free(Free::CannotPromoteTo(role)),
            None => base,
        };
    }
    Duty {
        allowed: Some(ctx.legal.iter().copied().filter(keeps).collect()),
        article: Article::TOUCH_PROMOTION,
        obligation: Obligation::AnyPromotingTo(role),
    }
}

/// The square of the piece `m` captures, if any (en passant: beside `to`).
fn captured_square(m: Move) -> Option<Square> {
    match m {
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ => None,
    }
}

fn castling_side(king: Square, rook: Square) -> CastlingSide {
    CastlingSide::from_king_side(king.file() < rook.file())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{CastlingMode, fen::Fen};

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal position")
    }

    fn mv(pos: &Chess, san: &str) -> Move {
        San::from_ascii(san.as_bytes())
            .expect("san")
            .to_move(pos)
            .expect("legal move")
    }

    fn allowed_sans(pos: &Chess, d: &Duty) -> Vec<String> {
        let mut v: Vec<String> = d
            .allowed
            .as_ref()
            .expect("an obligation")
            .iter()
            .map(|m| San::from_move(pos, *m).to_string())
            .collect();
        v.sort();
        v
    }

    fn at(role: Role, square: Square) -> PieceAt {
        PieceAt { role, square }
    }

    fn moving(role: Role, square: Square, passed: Vec<Passed>) -> Obligation {
        Obligation::Move {
            piece: at(role, square),
            without_castling: Vec::new(),
            passed,
        }
    }

    #[test]
    fn own_piece_must_move() {
        let p = Chess::default();
        let d = duty(&p, &[Square::G1], None);
        assert_eq!(d.article, Article::TOUCH_OWN);
        assert_eq!(d.obligation, moving(Role::Knight, Square::G1, vec![]));
        assert_eq!(allowed_sans(&p, &d), ["Nf3", "Nh3"]);
        assert!(d.permits(mv(&p, "Nf3")));
        assert!(!d.permits(mv(&p, "e4")));
    }

    #[test]
    fn empty_and_repeated_squares_are_ignored() {
        let p = Chess::default();
        let d = duty(&p, &[Square::E4, Square::G1, Square::B1, Square::G1], None);
        assert_eq!(d.obligation, moving(Role::Knight, Square::G1, vec![]));
        assert!(duty(&p, &[Square::E4], None).is_free());
        assert!(duty(&p, &[], None).is_free());
    }

    #[test]
    fn pinned_first_piece_passes_to_the_second() {
        // The knight on e2 is pinned by the rook on e8; the bishop must move (4.3.1).
        let p = pos("4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1");
        let d = duty(&p, &[Square::E2, Square::F1], None);
        assert_eq!(d.article, Article::TOUCH_OWN);
        assert_eq!(
            d.obligation,
            moving(
                Role::Bishop,
                Square::F1,
                vec![Passed::NoLegalMove(at(Role::Knight, Square::E2))]
            )
        );
        assert_eq!(allowed_sans(&p, &d), ["Bg2", "Bh3"]);
        assert!(d.permits(mv(&p, "Bg2")));
        assert!(!d.permits(mv(&p, "Kd2")));
    }

    #[test]
    fn nothing_movable_frees_the_player() {
        // 4.5: the pinned knight alone, or with a rook nothing can capture.
        let p = pos("4r1k1/8/8/8/8/8/4N3/4KB2 w - - 0 1");
        for touched in [&[Square::E2][..], &[Square::E2, Square::E8][..]] {
            let d = duty(&p, touched, None);
            assert!(d.is_free(), "{touched:?}");
            assert_eq!(d.article, Article::TOUCH_NONE_MOVABLE);
            assert!(d.permits(mv(&p, "Kd2")));
        }
    }

    #[test]
    fn king_then_rook_castles() {
        let p = pos("1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let d = duty(&p, &[Square::E1, Square::H1], None);
        assert_eq!(d.article, Article::TOUCH_CASTLE);
        assert_eq!(d.obligation, Obligation::Castle(CastlingSide::KingSide));
        assert!(d.permits(mv(&p, "O-O")));
        assert!(!d.permits(mv(&p, "O-O-O")));
        assert!(!d.permits(mv(&p, "Kf1")));
        let d = duty(&p, &[Square::E1, Square::A1], None);
        assert_eq!(d.obligation, Obligation::Castle(CastlingSide::QueenSide));
        assert!(d.permits(mv(&p, "O-O-O")));
    }

    #[test]
    fn king_alone_may_castle() {
        let p = pos("1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let d = duty(&p, &[Square::E1], None);
        assert_eq!(d.article, Article::TOUCH_OWN);
        assert!(d.permits(mv(&p, "O-O")));
        assert!(d.permits(mv(&p, "Kd1")));
        assert!(!d.permits(mv(&p, "Rh2")));
    }

    #[test]
    fn king_then_rook_castling_through_check() {
        // f1 is attacked by the rook on f8: another king move, O-O-O included (4.4.3).
        let p = pos("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let d = duty(&p, &[Square::E1, Square::H1], None);
        assert_eq!(d.article, Article::TOUCH_CASTLE_ILLEGAL);
        assert_eq!(
            d.obligation,
            Obligation::OtherKingMove {
                king: Square::E1,
                side: CastlingSide::KingSide
            }
        );
        assert_eq!(allowed_sans(&p, &d), ["Kd1", "Kd2", "Ke2", "O-O-O"]);
        assert!(d.permits(mv(&p, "O-O-O")));
        assert!(d.permits(mv(&p, "Kd2")));
        assert!(!d.permits(mv(&p, "Rg1")));
    }

    #[test]
    fn king_then_rook_with_an_immobile_king() {
        // Castling is blocked and the king has no move: any legal move (4.4.3, 4.5).
        let p = pos("k7/8/8/8/8/8/3PPP2/3QKB1R w K - 0 1");
        let d = duty(&p, &[Square::E1, Square::H1], None);
        assert!(d.is_free());
        assert_eq!(d.article, Article::TOUCH_NONE_MOVABLE);
        assert!(d.permits(mv(&p, "d4")));
    }

    #[test]
    fn rook_then_king_forbids_castling() {
        let p = pos("1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let d = duty(&p, &[Square::H1, Square::E1], None);
        assert_eq!(d.article, Article::TOUCH_ROOK_FIRST);
        assert_eq!(d.obligation, moving(Role::Rook, Square::H1, vec![]));
        assert!(
            !d.permits(mv(&p, "O-O")),
            "castling after the rook is a breach"
        );
        assert!(d.permits(mv(&p, "Rg1")));
        assert!(!d.permits(mv(&p, "Kf1")));
    }

    #[test]
    fn rook_then_king_with_a_boxed_rook() {
        // The rook has no move, so the king must move (4.4.2 with 4.3.1).
        let p = pos("k7/8/8/8/8/8/7P/4K1NR w K - 0 1");
        let d = duty(&p, &[Square::H1, Square::E1], None);
        assert_eq!(d.article, Article::TOUCH_ROOK_FIRST);
        assert_eq!(
            d.obligation,
            moving(
                Role::King,
                Square::E1,
                vec![Passed::NoLegalMove(at(Role::Rook, Square::H1))]
            )
        );
        assert!(d.permits(mv(&p, "Kd1")));
        assert!(!d.permits(mv(&p, "Nf3")));
    }

    #[test]
    fn rook_then_king_bans_castling_from_the_king_too() {
        // Queenside rook touched first, then the king, then nothing else: if the
        // rook could not move, the king would still not be allowed O-O-O.
        let p = pos("1k6/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let banned =
            rook_first_castles(&touched_pieces(&p, &[Square::A1, Square::E1], Color::White));
        assert_eq!(banned, [mv(&p, "O-O-O")]);
        let legal: Vec<Move> = p
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| !banned.contains(m))
            .collect();
        let ctx = Ctx {
            pos: &p,
            legal: &legal,
            banned: &banned,
        };
        assert_eq!(
            ctx.banned_castlings(Square::E1),
            [(CastlingSide::QueenSide, Square::A1)]
        );
        assert!(!ctx.moves_of(Square::E1).contains(&mv(&p, "O-O-O")));
        assert!(ctx.moves_of(Square::E1).contains(&mv(&p, "O-O")));
    }

    #[test]
    fn enemy_piece_captured_by_any_piece() {
        // The rook on d5 cannot be captured; the bishop on c4 can, by pawn or knight (4.3.2).
        let p = pos("4k3/8/8/3r4/2b5/1P6/3N4/4K3 w - - 0 1");
        let d = duty(&p, &[Square::D5, Square::C4], None);
        assert_eq!(d.article, Article::TOUCH_OPPONENT);
        assert_eq!(
            d.obligation,
            Obligation::Capture {
                piece: at(Role::Bishop, Square::C4),
                passed: vec![Passed::CannotBeCaptured(at(Role::Rook, Square::D5))]
            }
        );
        assert!(d.permits(mv(&p, "bxc4")));
        assert!(d.permits(mv(&p, "Nxc4")));
        assert!(!d.permits(mv(&p, "Nf3")));
    }

    #[test]
    fn enemy_pawn_captured_en_passant() {
        let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let d = duty(&p, &[Square::D5], None);
        assert_eq!(allowed_sans(&p, &d), ["exd6"]);
        assert!(!d.permits(mv(&p, "e6")));
    }

    #[test]
    fn both_colours_capture_with_the_touched_piece() {
        let p = pos("4k3/8/5n2/6P1/8/8/8/5RK1 w - - 0 1");
        let d = duty(&p, &[Square::F1, Square::F6], None);
        assert_eq!(d.article, Article::TOUCH_BOTH);
        let Obligation::CaptureWith {
            target,
            with,
            moves,
        } = &d.obligation
        else {
            panic!("{:?}", d.obligation);
        };
        assert_eq!(
            (*target, *with),
            (at(Role::Knight, Square::F6), at(Role::Rook, Square::F1))
        );
        assert_eq!(moves.len(), 1);
        assert!(d.permits(mv(&p, "Rxf6")));
        assert!(!d.permits(mv(&p, "gxf6")), "wrong capturing piece");
    }

    #[test]
    fn both_colours_capture_impossible_first_movable() {
        // The rook on d1 cannot take f6, but it can move: it must (4.3.3).
        let p = pos("4k3/8/5n2/6P1/8/8/8/3RK3 w - - 0 1");
        let d = duty(&p, &[Square::D1, Square::F6], None);
        assert_eq!(d.article, Article::TOUCH_BOTH);
        assert_eq!(
            d.obligation,
            moving(
                Role::Rook,
                Square::D1,
                vec![Passed::CouldNotCapture {
                    own: at(Role::Rook, Square::D1),
                    enemy: at(Role::Knight, Square::F6),
                    it: true,
                    no_legal_move: false
                }]
            )
        );
        assert!(d.permits(mv(&p, "Rd7")));
        assert!(!d.permits(mv(&p, "gxf6")));
        // Touched the other way round, the knight comes first and must be taken.
        let d = duty(&p, &[Square::F6, Square::D1], None);
        assert_eq!(allowed_sans(&p, &d), ["gxf6"]);
        assert!(!d.permits(mv(&p, "Rd7")));
    }

    #[test]
    fn both_colours_boxed_rook_then_capture_with_another_piece() {
        let p = pos("4k3/8/5n2/6P1/8/8/3P4/2BRK3 w - - 0 1");
        let d = duty(&p, &[Square::D1, Square::F6], None);
        assert_eq!(d.article, Article::TOUCH_BOTH);
        assert_eq!(
            d.obligation,
            Obligation::Capture {
                piece: at(Role::Knight, Square::F6),
                passed: vec![Passed::CouldNotCapture {
                    own: at(Role::Rook, Square::D1),
                    enemy: at(Role::Knight, Square::F6),
                    it: false,
                    no_legal_move: true
                }]
            }
        );
        assert!(d.permits(mv(&p, "gxf6")));
        assert!(!d.permits(mv(&p, "d3")));
    }

    #[test]
    fn promotion_piece_is_fixed() {
        let p = pos("3r4/4P3/8/8/8/8/k7/7K w - - 0 1");
        let d = duty(&p, &[Square::E7], Some(Role::Knight));
        assert_eq!(d.article, Article::TOUCH_PROMOTION);
        assert_eq!(
            d.obligation,
            Obligation::Promoting {
                base: Box::new(moving(Role::Pawn, Square::E7, vec![])),
                role: Role::Knight
            }
        );
        assert_eq!(allowed_sans(&p, &d), ["e8=N", "exd8=N"]);
        assert!(d.permits(mv(&p, "exd8=N")));
        assert!(!d.permits(mv(&p, "exd8=Q")));
        assert!(!d.permits(mv(&p, "Kg1")));
    }

    #[test]
    fn promotion_piece_without_touched_pawn() {
        let p = pos("8/4P3/8/8/8/8/k7/7K w - - 0 1");
        let d = duty(&p, &[], Some(Role::Queen));
        assert_eq!(d.article, Article::TOUCH_PROMOTION);
        assert!(d.permits(mv(&p, "e8=Q")));
        assert!(d.permits(mv(&p, "Kg1")));
        assert!(!d.permits(mv(&p, "e8=R")));
    }

    #[test]
    fn promotion_with_a_blocked_pawn_is_free() {
        let p = pos("4r3/4P3/8/8/8/8/k7/7K w - - 0 1");
        let d = duty(&p, &[Square::E7], Some(Role::Queen));
        assert!(d.is_free());
        assert_eq!(d.article, Article::TOUCH_NONE_MOVABLE);
        assert!(d.permits(mv(&p, "Kg1")));
    }
}
