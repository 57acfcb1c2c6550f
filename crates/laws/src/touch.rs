//! Article 4: what a player who touched pieces must now do.
//!
//! [`duty`] turns "the side to move deliberately touched these pieces, in
//! this order" into the set of legal moves that honour Articles 4.3–4.5,
//! with the article the obligation rests on and a sentence an arbiter
//! would say. Adjusting after announcing it (4.2) is not a touch and must
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
    /// For a person, in the arbiter's words, e.g. "had to move the knight on
    /// g1" or "had to capture the bishop on c4" or "had to castle kingside";
    /// moves in SAN.
    pub obligation: String,
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

    fn free(reason: &str) -> Duty {
        Duty {
            allowed: None,
            article: Article::TOUCH_NONE_MOVABLE,
            obligation: format!("could make any legal move ({reason})"),
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
/// assert_eq!(d.obligation, "had to castle kingside");
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
        (None, false) => Duty::free("no piece was touched"),
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

    fn sans(&self, moves: &[Move]) -> String {
        moves
            .iter()
            .map(|m| San::from_move(self.pos, *m).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// ", without castling kingside (the rook on h1 was touched first)" when
    /// 4.4.2 took a castling away from the king on `square`.
    fn ban_note(&self, square: Square) -> String {
        self.banned
            .iter()
            .filter(|m| m.from() == Some(square))
            .map(|m| match *m {
                Move::Castle { king, rook } => format!(
                    ", without castling {} (the rook on {rook} was touched first)",
                    side_name(castling_side(king, rook))
                ),
                _ => String::new(),
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
        return Duty::free("no piece was touched");
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
    in_touch_order(ctx, own, article)
        .unwrap_or_else(|| Duty::free("none of the touched pieces could be moved"))
}

/// 4.4.1 and 4.4.3: the king, then a rook.
fn castle_duty(ctx: &Ctx<'_>, king: Square, rook: Square) -> Duty {
    let castle = Move::Castle { king, rook };
    let side = side_name(castling_side(king, rook));
    if ctx.legal.contains(&castle) {
        return Duty {
            allowed: Some(vec![castle]),
            article: Article::TOUCH_CASTLE,
            obligation: format!("had to castle {side}"),
        };
    }
    let king_moves = ctx.moves_of(king);
    if king_moves.is_empty() {
        return Duty::free(&format!(
            "castling {side} was not legal and the king on {king} had no legal move"
        ));
    }
    Duty {
        allowed: Some(king_moves),
        article: Article::TOUCH_CASTLE_ILLEGAL,
        obligation: format!(
            "had to make another move with the king on {king} (castling {side} was not legal)"
        ),
    }
}

/// 4.3.2: only opponent's pieces touched.
fn enemy_duty(ctx: &Ctx<'_>, pieces: &[Touched]) -> Duty {
    in_touch_order(ctx, pieces, Article::TOUCH_OPPONENT)
        .unwrap_or_else(|| Duty::free("none of the touched pieces could be captured"))
}

/// 4.3.3: pieces of both colours touched.
fn both_duty(ctx: &Ctx<'_>, pieces: &[Touched], first_own: Touched) -> Duty {
    let Some(&first_enemy) = pieces.iter().find(|t| !t.own) else {
        return Duty::free("no piece of the opponent was touched");
    };
    let direct: Vec<Move> = ctx
        .captures_of(first_enemy.square)
        .into_iter()
        .filter(|m| m.from() == Some(first_own.square))
        .collect();
    if !direct.is_empty() {
        let sans = ctx.sans(&direct);
        return Duty {
            allowed: Some(direct),
            article: Article::TOUCH_BOTH,
            obligation: format!(
                "had to capture {} with {} ({sans})",
                describe(first_enemy),
                describe(first_own)
            ),
        };
    }
    match first_that_can(ctx, pieces) {
        Some((i, moves)) => {
            let chosen = pieces[i];
            let mut reasons = Vec::new();
            if chosen.square == first_own.square {
                reasons.push(format!("it could not capture {}", describe(first_enemy)));
            } else {
                reasons.push(format!(
                    "{} could not capture {}{}",
                    describe(first_own),
                    describe(first_enemy),
                    if pieces[..i].iter().any(|t| t.square == first_own.square) {
                        " and had no legal move"
                    } else {
                        ""
                    }
                ));
            }
            reasons.extend(
                pieces[..i]
                    .iter()
                    .filter(|t| t.square != first_own.square)
                    .map(|t| skipped_reason(*t)),
            );
            obligation_for(ctx, chosen, moves, Article::TOUCH_BOTH, &reasons)
        }
        None => Duty::free(&format!(
            "{} could not capture {}, and none of the touched pieces could be moved or captured",
            describe(first_own),
            describe(first_enemy)
        )),
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
    let reasons: Vec<String> = pieces[..i].iter().map(|t| skipped_reason(*t)).collect();
    Some(obligation_for(ctx, pieces[i], moves, article, &reasons))
}

fn skipped_reason(t: Touched) -> String {
    if t.own {
        format!("{} had no legal move", describe(t))
    } else {
        format!("{} could not be captured", describe(t))
    }
}

/// "had to move the king on e1, without castling kingside (...) (reasons)".
fn obligation_for(
    ctx: &Ctx<'_>,
    t: Touched,
    moves: Vec<Move>,
    article: Article,
    reasons: &[String],
) -> Duty {
    let mut obligation = if t.own {
        format!("had to move {}", describe(t))
    } else {
        format!("had to capture {}", describe(t))
    };
    if t.own && t.role == Role::King {
        obligation.push_str(&ctx.ban_note(t.square));
    }
    if !reasons.is_empty() {
        obligation = format!("{obligation} ({})", reasons.join("; "));
    }
    Duty {
        allowed: Some(moves),
        article,
        obligation,
    }
}

/// 4.4.4: every promotion that is still allowed must be to `role`.
fn with_promotion(ctx: &Ctx<'_>, base: Duty, role: Role) -> Duty {
    let keeps = |m: &Move| m.promotion().is_none_or(|r| r == role);
    let piece = with_article(role);
    if let Some(moves) = &base.allowed {
        if moves.iter().all(keeps) {
            return base;
        }
        let kept: Vec<Move> = moves.iter().copied().filter(keeps).collect();
        if !kept.is_empty() {
            return Duty {
                allowed: Some(kept),
                article: Article::TOUCH_PROMOTION,
                obligation: format!("{}, promoting to {piece}", base.obligation),
            };
        }
        // The touched pawn cannot promote to the piece placed (4.5).
    }
    if ctx.legal.iter().all(keeps) {
        return match base.allowed {
            Some(_) => Duty::free(&format!("the touched pieces could not promote to {piece}")),
            None => base,
        };
    }
    Duty {
        allowed: Some(ctx.legal.iter().copied().filter(keeps).collect()),
        article: Article::TOUCH_PROMOTION,
        obligation: format!("could make any legal move, but a promotion had to be to {piece}"),
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

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// "a queen", "a knight".
fn with_article(role: Role) -> String {
    format!("a {}", role_name(role))
}

/// "the knight on g1".
fn describe(t: Touched) -> String {
    format!("the {} on {}", role_name(t.role), t.square)
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

    #[test]
    fn own_piece_must_move() {
        let p = Chess::default();
        let d = duty(&p, &[Square::G1], None);
        assert_eq!(d.article, Article::TOUCH_OWN);
        assert_eq!(d.obligation, "had to move the knight on g1");
        assert_eq!(allowed_sans(&p, &d), ["Nf3", "Nh3"]);
        assert!(d.permits(mv(&p, "Nf3")));
        assert!(!d.permits(mv(&p, "e4")));
    }

    #[test]
    fn empty_and_repeated_squares_are_ignored() {
        let p = Chess::default();
        let d = duty(&p, &[Square::E4, Square::G1, Square::B1, Square::G1], None);
        assert_eq!(d.obligation, "had to move the knight on g1");
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
            "had to move the bishop on f1 (the knight on e2 had no legal move)"
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
        assert_eq!(d.obligation, "had to castle kingside");
        assert!(d.permits(mv(&p, "O-O")));
        assert!(!d.permits(mv(&p, "O-O-O")));
        assert!(!d.permits(mv(&p, "Kf1")));
        let d = duty(&p, &[Square::E1, Square::A1], None);
        assert_eq!(d.obligation, "had to castle queenside");
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
            "had to make another move with the king on e1 (castling kingside was not legal)"
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
        assert_eq!(d.obligation, "had to move the rook on h1");
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
            "had to move the king on e1 (the rook on h1 had no legal move)"
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
            ctx.ban_note(Square::E1),
            ", without castling queenside (the rook on a1 was touched first)"
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
            "had to capture the bishop on c4 (the rook on d5 could not be captured)"
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
        assert_eq!(
            d.obligation,
            "had to capture the knight on f6 with the rook on f1 (Rxf6)"
        );
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
            "had to move the rook on d1 (it could not capture the knight on f6)"
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
            "had to capture the knight on f6 \
             (the rook on d1 could not capture the knight on f6 and had no legal move)"
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
            "had to move the pawn on e7, promoting to a knight"
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
