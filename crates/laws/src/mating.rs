//! Can a side still checkmate? The question behind dead positions (5.2.2),
//! flag falls (6.9), second illegal moves (7.5.5) and resignations (5.1.2):
//! can `side` checkmate the other by *any* series of legal moves, the other
//! side cooperating (a helpmate)?
//!
//! Two layers answer it:
//! - [`can_never_mate`], a static rule cheap enough for every ply: mate and
//!   stalemate on the board, then material (shakmaty's rule, which never calls
//!   a side that could mate unable to). Sound in one direction only: `false`
//!   means "not proven".
//! - [`analyse`], the full answer behind a [`MatingAnalysis`]: the static
//!   layer, forced lines ([`forced`]), then the Chess Unwinnability Analyzer
//!   (CHA, Ambrona, crates.io `chasolver`), which proves locked structures
//!   and searches helpmates; [`analyse_within`] bounds it in time. Its
//!   answers are checked before they are trusted: a helpmate is replayed move
//!   by move in shakmaty and must end in mate by `side`; anything that fails
//!   that check, or that CHA cannot decide, is [`Verdict::Undetermined`],
//!   never a guess. Where the verdict is a line, [`helpmate`] looks for a
//!   shorter one within a small budget (the line is what the sheets show);
//!   [`decide`] gives the verdict without that search.
//!
//! On pawn walls, [`is_dead_position`] first builds a helpmate by a guided
//! search and certifies it the same way ([`walls`]): far cheaper than CHA
//! where a king plainly gets through, and never a different answer.

mod cha;
pub mod forced;
pub mod helpmate;
mod shuttle;

/// A switch for the floor measurement (`cargo bench -p arbiter --bench floor
/// --features measure-floor`, docs/performance/issue-17.md, part 14): on, no
/// position is put on CHA's board (`cha::board`, the one way to CHA), so CHA is never
/// asked and the bench can time the rest of the engine beside the proofs.
/// Compiled only with the feature `measure-floor`, and set only by that
/// bench; without the feature `proofs_off` is a constant `false`.
#[doc(hidden)]
pub mod floor {
    /// On, CHA is not asked: 5.1.2's fast proof falls back on the static
    /// rules (so "not proven"), the full analyses answer "undetermined". Off
    /// unless the floor bench sets it.
    #[cfg(feature = "measure-floor")]
    pub static PROOFS_OFF: std::sync::atomic::AtomicBool =
        std::sync::atomic::AtomicBool::new(false);

    /// Whether the proofs are switched off (never, without the feature).
    #[inline(always)]
    pub(crate) fn proofs_off() -> bool {
        #[cfg(feature = "measure-floor")]
        return PROOFS_OFF.load(std::sync::atomic::Ordering::Relaxed);
        #[cfg(not(feature = "measure-floor"))]
        false
    }
}
pub mod walls;

use std::{sync::mpsc, time::Duration};

use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, Move, Position, Role, fen::Fen, san::SanPlus,
    uci::UciMove,
};

/// Why a side can never checkmate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unwinnability {
    /// The game is already over on the board: stalemate, or the side is mated.
    GameOver,
    /// Not enough material (bare king, a lone minor piece, same-coloured bishops).
    Material,
    /// The side to move has one legal move at a time, and the line (in SAN)
    /// ends where the side can never mate.
    ForcedLine { line: Vec<SanPlus> },
    /// The pieces can never reach each other: a pawn wall, or a structure CHA
    /// proves locked by where each piece can ever go (its fast proof).
    BlockedStructure,
    /// CHA's helpmate search ran to its end without finding a mate.
    ExhaustedSearch,
}

impl Unwinnability {
    /// A stable code for programs (`arbiter can-mate --format json`).
    pub fn code(&self) -> &'static str {
        match self {
            Unwinnability::GameOver => "game-over",
            Unwinnability::Material => "material",
            Unwinnability::ForcedLine { .. } => "forced-line",
            Unwinnability::BlockedStructure => "blocked-structure",
            Unwinnability::ExhaustedSearch => "exhausted-search",
        }
    }
}

/// How a side can still checkmate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Winning {
    /// The position is already mate, delivered by the side.
    Mate,
    /// The side has a queen or a rook, and CHA's search found a helpmate: a
    /// line would show nothing an arbiter does not see at a glance.
    Material,
    /// A helpmate (in SAN, from the position), replayed to checkmate by the
    /// side: the shortest the budgeted search found, else CHA's.
    Line(Vec<SanPlus>),
}

impl Winning {
    /// A stable code for programs.
    pub fn code(&self) -> &'static str {
        match self {
            Winning::Mate => "mate",
            Winning::Material => "material",
            Winning::Line(_) => "helpmate",
        }
    }

    /// The mating line, empty where none is shown.
    pub fn line(&self) -> &[SanPlus] {
        match self {
            Winning::Line(line) => line,
            Winning::Mate | Winning::Material => &[],
        }
    }
}

/// The answer to "can `side` still checkmate?".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// A helpmate exists (or the position is mate).
    Winnable(Winning),
    Unwinnable(Unwinnability),
    /// Neither proven nor refuted within the search's limits.
    Undetermined,
}

impl Verdict {
    pub fn is_unwinnable(&self) -> bool {
        matches!(self, Verdict::Unwinnable(_))
    }
}

/// Something that answers the can-still-mate question; the engine holds one.
pub trait MatingAnalysis: Send + Sync {
    fn analyse(&self, pos: &Chess, side: Color) -> Verdict;
}

/// The full analysis: static rules, then CHA with its helpmate checked.
#[derive(Debug, Clone, Copy, Default)]
pub struct Cha;

impl MatingAnalysis for Cha {
    fn analyse(&self, pos: &Chess, side: Color) -> Verdict {
        analyse(pos, side)
    }
}

/// Whether `side` certainly cannot checkmate, by the static rules alone.
///
/// ```
/// use laws::mating::can_never_mate;
/// use shakmaty::{Chess, Color, fen::Fen, CastlingMode};
/// let pos: Chess = "k7/8/8/8/8/8/8/KN6 w - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert!(can_never_mate(&pos, Color::White));
/// let pos: Chess = "kn6/8/8/8/8/8/8/KN6 w - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert!(!can_never_mate(&pos, Color::White));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn can_never_mate(pos: &Chess, side: Color) -> bool {
    static_verdict(pos, side).is_some_and(|v| v.is_unwinnable())
}

/// Whether neither side can checkmate: a dead position (5.2.2). Cheap
/// enough for every irreversible move: material first; the full analysis
/// only when every pawn stands blocked head-on by an enemy pawn and no other
/// pieces than kings and bishops remain (pawn walls), and only where no
/// helpmate built by [`walls`] and replayed to mate shows the position alive.
///
/// ```
/// use laws::mating::{is_dead_position, position_from_fen};
/// let wall = position_from_fen("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1").expect("fen");
/// assert!(is_dead_position(&wall));
/// let open = position_from_fen("4k3/8/1p3p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1").expect("fen");
/// assert!(!is_dead_position(&open));
/// ```
pub fn is_dead_position(pos: &Chess) -> bool {
    if surely_alive(pos) {
        return false;
    }
    if pos.is_insufficient_material() {
        return true;
    }
    if dead_after_every_reply(pos) {
        return true;
    }
    // Walls are rare, so the full analysis can afford to look at them; but
    // first a line built and certified for either side (`walls`), much
    // cheaper, proves the position alive where a king plainly gets through.
    is_wall(pos)
        && !walls::has_certified_line(pos, Color::White)
        && !walls::has_certified_line(pos, Color::Black)
        && wall_unwinnable(pos, Color::White)
        && wall_unwinnable(pos, Color::Black)
}

/// Whether [`is_dead_position`] is `false` by the board alone, before any
/// of its rules is asked: a pawn, rook or queen on the board (so not
/// insufficient material), a knight, rook or queen (so no pawn wall), and
/// more than [`FORCED_REPLY_PIECES`] pieces besides the kings (so no
/// forced reply leaves too little). Most irreversible moves of a game reach
/// such a position; one look at the bitboards answers them.
///
/// ```
/// use laws::mating::{surely_alive, position_from_fen};
/// assert!(surely_alive(&shakmaty::Chess::default()));
/// // A pawn wall with bishops: the rules must look.
/// let wall = position_from_fen("4k3/1b6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1").expect("fen");
/// assert!(!surely_alive(&wall));
/// ```
#[inline]
pub fn surely_alive(pos: &Chess) -> bool {
    let board = pos.board();
    surely_alive_counted(board, is_crowded(board))
}

/// [`surely_alive`] where the count of pieces is known: `crowded` is
/// [`is_crowded`] of `board`, which the replay keeps between captures.
#[inline]
pub(crate) fn surely_alive_counted(board: &shakmaty::Board, crowded: bool) -> bool {
    let heavy = board.rooks() | board.queens();
    crowded && (heavy | board.knights()).any() && (heavy | board.pawns()).any()
}

/// Whether more than five pieces besides the kings stand on `board`
/// ([`FORCED_REPLY_PIECES`]): the count [`surely_alive`] and
/// [`may_be_dead_by_forced_reply`] ask first. The replay keeps it between
/// captures.
#[inline]
pub(crate) fn is_crowded(board: &shakmaty::Board) -> bool {
    more_than_forced_reply_pieces(board.occupied() & !board.kings())
}

/// Whether every pawn stands blocked head-on by an enemy pawn and no other
/// pieces than kings and bishops remain: the pawn walls of [`is_dead_position`].
fn is_wall(pos: &Chess) -> bool {
    let board = pos.board();
    let white = board.pawns() & board.white();
    let black = board.pawns() & board.black();
    let others = board.occupied() & !board.pawns() & !board.kings() & !board.bishops();
    white.any() && others.is_empty() && white.shift(8) == black
}

/// [`decide`]'s answer on a pawn wall of [`is_dead_position`]: walls reached
/// in games nearly always let a king through, so CHA's full analysis, which
/// finds the helpmate, goes first (see `cha::verdict_full_first`). Asked
/// only where no line of [`walls`] was certified for either side.
fn wall_unwinnable(pos: &Chess, side: Color) -> bool {
    quick_verdict(pos, side)
        .unwrap_or_else(|| cha::verdict_full_first(pos, side))
        .is_unwinnable()
}

/// At most this many pieces besides the kings for the forced-reply look of
/// [`dead_after_every_reply`]: a capture removes one piece, and no position
/// with more than four is insufficient material after losing one.
const FORCED_REPLY_PIECES: usize = 5;

/// Whether `pieces` holds more than [`FORCED_REPLY_PIECES`] squares. Asked
/// on every ply: clearing the lowest square five times costs less than
/// counting them all, which a build for any x86-64 does without the
/// `popcnt` instruction.
#[inline]
fn more_than_forced_reply_pieces(pieces: Bitboard) -> bool {
    let mut bits = pieces.0;
    for _ in 0..FORCED_REPLY_PIECES {
        bits &= bits.wrapping_sub(1);
    }
    bits != 0
}

/// Whether the position is dead because every legal reply leaves no mating
/// material (5.2.2 through forced lines): typically the only move is a
/// recapture (`Qxg7+ Kxg7` with a bare king left). Each reply must be a
/// capture (other moves keep the material, which is not insufficient here)
/// and reach insufficient material; a reply that stalemates counts as well.
/// A position without a legal move is mate or stalemate, not this.
///
/// Cheap by construction: a popcount first, and move generation only with
/// at most [`FORCED_REPLY_PIECES`] pieces besides the kings.
///
/// ```
/// use laws::mating::{dead_after_every_reply, position_from_fen};
/// // After 1.Qg7+ the only move is Kxg7: king against king.
/// let pos = position_from_fen("7k/6Q1/8/8/8/8/8/K7 b - - 0 1").expect("fen");
/// assert!(dead_after_every_reply(&pos));
/// // With a white knight left, Kxg7 leaves K+N against K: still dead.
/// let pos = position_from_fen("7k/6Q1/8/8/8/8/8/KN6 b - - 0 1").expect("fen");
/// assert!(dead_after_every_reply(&pos));
/// // With a rook left, White can still mate.
/// let pos = position_from_fen("7k/6Q1/8/8/8/8/8/KR6 b - - 0 1").expect("fen");
/// assert!(!dead_after_every_reply(&pos));
/// ```
pub fn dead_after_every_reply(pos: &Chess) -> bool {
    let board = pos.board();
    if (board.occupied() & !board.kings()).count() > FORCED_REPLY_PIECES {
        return false;
    }
    // Nearly always the king can step to an empty square: a reply that
    // takes nothing, found without generating every move.
    if has_quiet_king_step(pos) {
        return false;
    }
    let moves = pos.legal_moves();
    // A reply that takes a king stands only in a position no game reaches
    // (kings side by side, the side not to move in check): nothing is
    // proven there, and the position after it has no king to ask about.
    if moves.is_empty()
        || !moves
            .iter()
            .all(|m| m.is_capture() && m.capture() != Some(Role::King))
    {
        return false;
    }
    moves.iter().all(|&m| {
        let mut after = pos.clone();
        after.play_unchecked(m);
        after.is_insufficient_material() || after.is_stalemate()
    })
}

/// Whether the side to move has a legal king step (castling aside): a
/// square next to its king, not its own piece's, that no enemy piece
/// attacks once the king has left its square (so that a checking slider
/// also covers the squares behind the king). A position with one is neither
/// checkmate nor stalemate; most positions where a game stops have one,
/// and asking costs a few attack look-ups instead of every legal move.
pub(crate) fn has_king_step(pos: &Chess) -> bool {
    has_safe_king_step(pos, Bitboard::FULL)
}

/// [`has_king_step`] to an empty square: a legal move that takes nothing.
fn has_quiet_king_step(pos: &Chess) -> bool {
    has_safe_king_step(pos, !pos.board().occupied())
}

/// Whether the side to move can step its king to a square of `onto`, not
/// its own piece's, that no enemy piece attacks with the king gone from its
/// square.
#[inline]
fn has_safe_king_step(pos: &Chess, onto: Bitboard) -> bool {
    let board = pos.board();
    let us = pos.turn();
    let Some(king) = board.king_of(us) else {
        return false;
    };
    let occupied = board.occupied().without(king);
    (shakmaty::attacks::king_attacks(king) & onto & !board.by_color(us))
        .into_iter()
        .any(|to| board.attacks_to(to, !us, occupied).is_empty())
}

/// Whether the per-ply dead-position check should look at a position reached
/// by a reversible move: only a check can leave a single forced reply that
/// changes the material, and only with few pieces on the board (`crowded`
/// is [`is_crowded`] of its board, which the replay keeps between captures).
#[inline]
pub(crate) fn may_be_dead_by_forced_reply(pos: &Chess, crowded: bool) -> bool {
    !crowded && pos.is_check()
}

/// Whether `side` is proven unable to checkmate, cheaply: the static rules,
/// then CHA's fast (incomplete but sound) proof. `false` means "not proven".
pub fn proven_unwinnable(pos: &Chess, side: Color) -> bool {
    // A mate on the board first, as in the static rules: a side that has
    // mated could mate whatever its material (after an illegal move that
    // stood, a lone bishop's king may give the check).
    if pos.is_checkmate() {
        return pos.turn() == side;
    }
    if pos.has_insufficient_material(side) {
        return true;
    }
    // Most resignations leave a position where CHA's fast proof is sure to
    // say "not proven" (`shuttle`): told without building CHA's board.
    if shuttle::fast_proof_fails(pos, side) {
        return false;
    }
    match cha::board(pos) {
        // CHA's fast proof rules on mate and stalemate as the static rules
        // do (a side mated or stalemated cannot mate, a side that mated
        // can), so the moves are generated once, not also for a stalemate
        // test the resignations' positions nearly never pass.
        Some(board) => cha::proven_fast(pos, side, &board),
        None => static_verdict(pos, side).is_some_and(|v| v.is_unwinnable()),
    }
}

pub(crate) fn static_verdict(pos: &Chess, side: Color) -> Option<Verdict> {
    if pos.is_checkmate() {
        return Some(if pos.turn() != side {
            Verdict::Winnable(Winning::Mate)
        } else {
            Verdict::Unwinnable(Unwinnability::GameOver)
        });
    }
    if pos.is_stalemate() {
        return Some(Verdict::Unwinnable(Unwinnability::GameOver));
    }
    if pos.has_insufficient_material(side) {
        return Some(Verdict::Unwinnable(Unwinnability::Material));
    }
    None
}

/// The full answer for `side` in `pos`, with the shortest mating line the
/// budgeted helpmate search finds (see [`helpmate`]) where the verdict is a
/// line: what the sheets show.
///
/// ```
/// use laws::mating::{analyse, Verdict, Unwinnability};
/// use shakmaty::{Chess, Color, fen::Fen, CastlingMode};
/// // Digest edge case 22: White's only move Kxg1 leaves Black a bare king.
/// let pos: Chess = "k7/8/8/8/8/8/6PP/6qK w - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert!(matches!(analyse(&pos, Color::Black), Verdict::Unwinnable(Unwinnability::ForcedLine { .. })));
/// // Edge case 21: K+N against K+N can still mate.
/// let pos: Chess = "kn6/8/8/8/8/8/8/KN6 w - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert!(matches!(analyse(&pos, Color::White), Verdict::Winnable(_)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn analyse(pos: &Chess, side: Color) -> Verdict {
    explain(pos, side, decide(pos, side), helpmate::NODES)
}

/// The verdict alone, as [`analyse`] gives it, with CHA's line as it comes
/// (no line where the side has a queen or a rook: [`Winning::Material`]):
/// for callers that need only the answer (dead positions on every
/// irreversible move, the labelled positions' test).
pub fn decide(pos: &Chess, side: Color) -> Verdict {
    quick_verdict(pos, side).unwrap_or_else(|| cha::verdict(pos, side))
}

/// What a winnable verdict shows: nothing beyond "by material" where the
/// side has a queen or a rook; else the shortest helpmate found within the
/// search's budget, when it is shorter than the line in hand.
fn explain(pos: &Chess, side: Color, verdict: Verdict, nodes: u64) -> Verdict {
    let Verdict::Winnable(Winning::Line(line)) = verdict else {
        return verdict;
    };
    if mates_by_material(pos, side) {
        return Verdict::Winnable(Winning::Material);
    }
    let mut replay = pos.clone();
    let mut moves = Vec::with_capacity(line.len());
    for san in &line {
        let Ok(mv) = san.san.to_move(&replay) else {
            return Verdict::Winnable(Winning::Line(line));
        };
        replay.play_unchecked(mv);
        moves.push(mv);
    }
    let shorter = helpmate::shorten(pos, side, &moves, nodes);
    let shorter = (shorter.len() < line.len())
        .then(|| certify_moves(pos, side, &shorter))
        .flatten();
    Verdict::Winnable(Winning::Line(shorter.unwrap_or(line)))
}

/// The layers that need no search: the board, material, forced lines.
fn quick_verdict(pos: &Chess, side: Color) -> Option<Verdict> {
    static_verdict(pos, side).or_else(|| forced::forced_verdict(pos, side))
}

/// [`analyse`] with a time budget: when the search has not answered in
/// `budget`, the verdict is [`Verdict::Undetermined`]. chasolver offers no
/// way to stop a search, so the one that overran runs out on its own thread
/// (its internal node limits end it; the slowest known position takes about
/// 3 s) and its answer is dropped. Without a budget, the same as [`analyse`].
pub fn analyse_within(pos: &Chess, side: Color, budget: Option<Duration>) -> Verdict {
    analyse_with(pos, side, budget, helpmate::NODES)
}

/// [`analyse_within`] with the number of positions the search for a
/// shorter mating line may visit ([`helpmate::NODES`] for the sheets,
/// [`helpmate::QUICK_NODES`] for a batch that only reports the line).
pub fn analyse_with(
    pos: &Chess,
    side: Color,
    budget: Option<Duration>,
    line_nodes: u64,
) -> Verdict {
    if let Some(verdict) = quick_verdict(pos, side) {
        return verdict;
    }
    let verdict = match budget {
        Some(budget) => cha_within(pos, side, budget),
        None => cha::verdict(pos, side),
    };
    // The line is shortened after the verdict is in, within its own node budget.
    explain(pos, side, verdict, line_nodes)
}

/// CHA's verdict within `budget`, on a thread of its own.
fn cha_within(pos: &Chess, side: Color, budget: Duration) -> Verdict {
    let (send, receive) = mpsc::channel();
    let position = pos.clone();
    let search = std::thread::Builder::new()
        .name("can-mate".to_string())
        .spawn(move || {
            // The receiver may have given up waiting; nothing is lost then.
            let _ = send.send(cha::verdict(&position, side));
        });
    match search {
        Ok(_) => receive
            .recv_timeout(budget)
            .unwrap_or(Verdict::Undetermined),
        Err(_) => cha::verdict(pos, side),
    }
}

/// Replays a helpmate given in UCI; returns it in SAN when it ends in
/// checkmate delivered by `side` before the 75-move rule would end the game.
pub fn certify(pos: &Chess, side: Color, uci: &[String]) -> Option<Vec<SanPlus>> {
    let line: Option<Vec<UciMove>> = uci
        .iter()
        .map(|text| UciMove::from_ascii(text.as_bytes()).ok())
        .collect();
    certify_uci(pos, side, line?)
}

/// [`certify`] for moves already parsed (CHA's, by the bridge).
pub(crate) fn certify_uci(
    pos: &Chess,
    side: Color,
    line: impl IntoIterator<Item = UciMove>,
) -> Option<Vec<SanPlus>> {
    let mut san = Vec::new();
    replays_to_mate(pos, side, line, uci_move, |p, mv| {
        san.push(crate::label::san_plus(p, mv));
    })
    .then_some(san)
}

/// Whether `side` has a queen or a rook: where it can still mate, the
/// verdict shows no line ([`Winning::Material`]).
pub(crate) fn mates_by_material(pos: &Chess, side: Color) -> bool {
    let board = pos.board();
    (board.by_color(side) & (board.queens() | board.rooks())).any()
}

/// [`certify_uci`] without the line in SAN, for a verdict that shows none:
/// SAN with its check and mate suffix costs a move generation per move.
pub(crate) fn mates(pos: &Chess, side: Color, line: impl IntoIterator<Item = UciMove>) -> bool {
    replays_to_mate(pos, side, line, uci_move, |_, _| {})
}

/// [`certify`] for moves already typed: each must be legal where it is played.
fn certify_moves(pos: &Chess, side: Color, moves: &[Move]) -> Option<Vec<SanPlus>> {
    let mut san = Vec::with_capacity(moves.len());
    replays_to_mate(pos, side, moves.iter().copied(), legal, |p, mv| {
        san.push(crate::label::san_plus(p, mv));
    })
    .then_some(san)
}

/// The legal move `uci` names in `pos`, as [`UciMove::to_move`] finds it.
/// A piece's step or capture (not the king's, which may name a castling,
/// nor a pawn's diagonal step to an empty square, which may be en passant)
/// is resolved as SAN naming its square of departure ([`crate::san::to_move`],
/// shakmaty's answer without a generation of the piece's every move): a
/// mating line is replayed move by move, dozens of moves for a flag fall.
fn uci_move(pos: &Chess, uci: UciMove) -> Option<Move> {
    if let UciMove::Normal {
        from,
        to,
        promotion,
    } = uci
    {
        let board = pos.board();
        let role = board.role_at(from)?;
        let capture = board.occupied().contains(to);
        let plain =
            role != Role::King && (role != Role::Pawn || capture || from.file() == to.file());
        if plain && (promotion.is_none() || role == Role::Pawn) {
            let san = crate::san::from_square(role, from, capture, to, promotion);
            return crate::san::to_move(pos, san).ok();
        }
    }
    uci.to_move(pos).ok()
}

/// [`certify_moves`] without the line in SAN: whether the moves mate.
pub(crate) fn moves_mate(pos: &Chess, side: Color, moves: &[Move]) -> bool {
    replays_to_mate(pos, side, moves.iter().copied(), legal, |_, _| {})
}

fn legal(pos: &Chess, mv: Move) -> Option<Move> {
    pos.is_legal(mv).then_some(mv)
}

/// The test every helpmate passes before it is trusted, whoever found it:
/// each move legal where it is played (`to_move` finds it there), none
/// played after the 75-move rule would have ended the game (a line cut off
/// before its mate proves nothing, 9.6.2), and the position reached is
/// checkmate delivered by `side`. `played` sees each move in the position
/// it is played in.
fn replays_to_mate<T>(
    pos: &Chess,
    side: Color,
    line: impl IntoIterator<Item = T>,
    to_move: impl Fn(&Chess, T) -> Option<Move>,
    mut played: impl FnMut(&Chess, Move),
) -> bool {
    let mut pos = pos.clone();
    for item in line {
        if pos.halfmoves() >= 150 {
            return false;
        }
        let Some(mv) = to_move(&pos, item) else {
            return false;
        };
        played(&pos, mv);
        pos.play_unchecked(mv);
    }
    pos.is_checkmate() && pos.turn() != side
}

/// Parses a FEN leniently enough for analysis: positions with too much
/// material or an impossible check are analysed as they stand.
// shakmaty's own error type is large; it only passes through here.
#[allow(clippy::result_large_err)]
pub fn position_from_fen(fen: &str) -> Option<Chess> {
    let fen: Fen = fen.parse().ok()?;
    fen.into_position::<Chess>(CastlingMode::Standard)
        .or_else(|e| e.ignore_too_much_material())
        .or_else(|e| e.ignore_impossible_check())
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).expect("test FEN")
    }

    #[test]
    fn a_uci_move_is_the_move_shakmaty_finds() {
        // Every square to every square, with and without each promotion,
        // in positions of random games and positions illegal moves left:
        // the same move as `UciMove::to_move`, or none where it finds none.
        let mut positions = Vec::new();
        crate::testing::random_games(0x0005_eed0_f0dd_ba11_u64, 40, 120, |p| {
            positions.push(p.clone());
        });
        crate::testing::irregular_positions(0x0bad_5eed_u64, 20, 120, |p| {
            positions.push(p.clone())
        });
        let promotions = [
            None,
            Some(Role::Queen),
            Some(Role::Knight),
            Some(Role::King),
        ];
        let (mut legal, mut castles, mut en_passant) = (0, 0, 0);
        for pos in positions.iter().step_by(3) {
            for from in shakmaty::Square::ALL {
                for to in shakmaty::Square::ALL {
                    for promotion in promotions {
                        let uci = UciMove::Normal {
                            from,
                            to,
                            promotion,
                        };
                        let expected = uci.to_move(pos).ok();
                        assert_eq!(
                            uci_move(pos, uci),
                            expected,
                            "{uci} in {}",
                            Fen::from_position(pos, shakmaty::EnPassantMode::Always)
                        );
                        if let Some(mv) = expected {
                            legal += 1;
                            castles += usize::from(mv.is_castle());
                            en_passant += usize::from(mv.is_en_passant());
                        }
                    }
                }
            }
        }
        assert!(
            legal > 50_000 && castles > 10 && en_passant > 0,
            "{legal} {castles} {en_passant}"
        );
    }

    #[test]
    fn more_than_five_pieces_is_a_count() {
        // Every bitboard on the first sixteen squares, and random ones of
        // every density: the same answer as counting.
        let mut boards: Vec<u64> = (0..1u64 << 16).collect();
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for density in 0..64 {
            for _ in 0..200 {
                crate::testing::xorshift(&mut seed);
                let mut bits = seed;
                // The lowest squares cleared until `density` remain.
                while bits.count_ones() > density {
                    bits &= bits.wrapping_sub(1);
                }
                boards.push(bits);
            }
        }
        for bits in boards {
            assert_eq!(
                more_than_forced_reply_pieces(Bitboard(bits)),
                bits.count_ones() as usize > FORCED_REPLY_PIECES,
                "{bits:#x}"
            );
        }
    }

    #[test]
    fn digest_flag_cases() {
        // 17: K+N cannot mate a bare king.
        assert!(analyse(&pos("8/8/8/4k3/8/8/8/KN6 w - - 0 1"), Color::White).is_unwinnable());
        // 18: K+N against K+P can (own pawn blocks).
        assert!(matches!(
            analyse(&pos("k7/p7/8/8/8/8/8/KN6 w - - 0 1"), Color::White),
            Verdict::Winnable(_)
        ));
        // 19: K+B against K+P can.
        assert!(matches!(
            analyse(&pos("7k/7p/8/8/8/8/8/KB6 w - - 0 1"), Color::White),
            Verdict::Winnable(_)
        ));
        // 20: K+N+N against K can; the bare king cannot.
        assert!(matches!(
            analyse(&pos("k7/8/8/8/8/8/8/KNN5 w - - 0 1"), Color::White),
            Verdict::Winnable(_)
        ));
        assert!(analyse(&pos("k7/8/8/8/8/8/8/KNN5 w - - 0 1"), Color::Black).is_unwinnable());
        // 25: the pawn wall is dead for both sides despite 16 pawns.
        let wall = pos("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1");
        assert!(analyse(&wall, Color::White).is_unwinnable());
        assert!(analyse(&wall, Color::Black).is_unwinnable());
    }

    #[test]
    fn helpmates_are_certified() {
        let p = pos("kn6/8/8/8/8/8/8/KN6 w - - 0 1");
        let Verdict::Winnable(Winning::Line(line)) = analyse(&p, Color::White) else {
            panic!("K+N v K+N is winnable");
        };
        let uci: Vec<String> = {
            let mut replay = p.clone();
            line.iter()
                .map(|san| {
                    let mv = san.san.to_move(&replay).expect("line replays");
                    replay.play_unchecked(mv);
                    UciMove::from_standard(mv).to_string()
                })
                .collect()
        };
        assert!(certify(&p, Color::White, &uci).is_some());
        // A line that does not mate is no certificate.
        assert!(certify(&p, Color::White, &["a1a2".to_string()]).is_none());
    }

    #[test]
    fn a_side_with_a_rook_wins_by_material_its_line_checked() {
        let p = pos("k7/8/1K6/8/8/8/8/7R w - - 0 1");
        // CHA's line is replayed but not written out: the verdict shows none.
        assert_eq!(
            decide(&p, Color::White),
            Verdict::Winnable(Winning::Material)
        );
        let uci = |s: &str| UciMove::from_ascii(s.as_bytes()).expect("uci");
        assert!(mates(&p, Color::White, [uci("h1h8")]));
        // A line that does not mate, or an illegal move, proves nothing.
        assert!(!mates(&p, Color::White, [uci("h1h7")]));
        assert!(!mates(&p, Color::White, [uci("h1a2")]));
        // Nor does a mate of the side itself (White is mated here).
        let p = pos("k7/8/8/8/8/8/5PPP/r5K1 w - - 0 1");
        assert!(p.is_checkmate());
        assert!(!mates(&p, Color::White, []));
        assert!(mates(&p, Color::Black, []));
    }

    /// The static rules first, then CHA's fast proof: the answer
    /// [`proven_unwinnable`] must give, by its old definition (also what
    /// `shuttle`'s tests compare the shortcut with).
    pub(super) fn proven_the_long_way(pos: &Chess, side: Color) -> bool {
        match static_verdict(pos, side) {
            Some(verdict) => verdict.is_unwinnable(),
            None => cha::board(pos)
                .is_some_and(|board| chasolver::is_unwinnable_fast(&board, cha::color(side))),
        }
    }

    #[test]
    fn the_quick_proof_agrees_with_the_static_rules_then_cha() {
        let mut positions: Vec<Chess> = [
            // White mated, Black mated, stalemate, bare kings, K+N, a wall.
            "k7/8/8/8/8/8/5PPP/r5K1 w - - 0 1",
            "k1K5/8/1Q6/8/8/8/8/8 b - - 0 1",
            "k7/8/1Q6/8/8/8/8/7K b - - 0 1",
            "k7/8/8/8/8/8/8/7K w - - 0 1",
            "k7/8/8/8/8/8/8/KN6 b - - 0 1",
            "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1",
        ]
        .iter()
        .map(|fen| pos(fen))
        .collect();
        // Left by an illegal king move that stood (A.5.2): a mate given by
        // the mating side's own king, with material the rule calls
        // insufficient (K+B; K+N against K+Q).
        for (fen, from, to) in [
            (
                "k7/1pK5/2B5/8/8/8/8/7r w - - 0 1",
                shakmaty::Square::C7,
                shakmaty::Square::B7,
            ),
            (
                "8/8/8/8/8/3n4/2k5/K6Q b - - 0 1",
                shakmaty::Square::C2,
                shakmaty::Square::B2,
            ),
        ] {
            let mut p = pos(fen);
            let capture = p.board().role_at(to);
            p.play_unchecked(shakmaty::Move::Normal {
                role: shakmaty::Role::King,
                from,
                capture,
                to,
                promotion: None,
            });
            assert!(p.is_checkmate(), "{fen}");
            assert!(p.has_insufficient_material(!p.turn()), "{fen}");
            assert!(!proven_unwinnable(&p, !p.turn()), "{fen}");
            positions.push(p);
        }
        // Random games, played to their end or 200 plies: every kind of
        // position a resignation leaves, mates and stalemates among them.
        let mut n = 0;
        crate::testing::random_games(0x2545_f491_4f6c_dd1d, 60, 200, |p| {
            n += 1;
            if n % 7 == 0 || p.legal_moves().is_empty() {
                positions.push(p.clone());
            }
        });
        for p in &positions {
            for side in [Color::White, Color::Black] {
                assert_eq!(
                    proven_unwinnable(p, side),
                    proven_the_long_way(p, side),
                    "{} {side:?}",
                    Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                );
            }
        }
        assert!(positions.iter().any(|p| p.is_checkmate()));
    }

    /// [`surely_alive`] answers for [`is_dead_position`] only where the
    /// rules would say "not dead": on random games (every material, walls
    /// and few pieces on the way to the end) and on the labelled walls.
    #[test]
    fn surely_alive_only_where_the_rules_find_life() {
        let (mut alive, mut asked) = (0, 0);
        let mut check = |p: &Chess| {
            if surely_alive(p) {
                alive += 1;
                assert!(
                    !p.is_insufficient_material() && !dead_after_every_reply(p) && !is_wall(p),
                    "{}",
                    Fen::from_position(p, shakmaty::EnPassantMode::Legal)
                );
            } else {
                asked += 1;
            }
        };
        crate::testing::random_games(0x9e37_79b9_7f4a_7c15, 200, 400, &mut check);
        // And where an illegal move stood: pawns on the last rank, kings in check.
        let irregular =
            crate::testing::irregular_positions(0x5851_f42d_4c95_7f2d, 60, 200, &mut check);
        assert!(irregular > 100, "{irregular}");
        for fen in [
            "4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1",
            "7k/6Q1/8/8/8/8/8/KR6 b - - 0 1",
            "k7/8/8/8/8/8/8/KN6 b - - 0 1",
            "4k3/1b6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1",
            "4k3/1n6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1",
        ] {
            check(&pos(fen));
        }
        // Both kinds were seen: the test is not vacuous either way.
        assert!(alive > 1000 && asked > 100, "{alive} {asked}");
        // The wall with a knight is not a wall; the others are asked.
        assert!(surely_alive(&pos(
            "4k3/1n6/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1"
        )));
        assert!(!surely_alive(&pos("7k/6Q1/8/8/8/8/8/KR6 b - - 0 1")));
    }

    /// The shortcut of [`dead_after_every_reply`] finds exactly the legal
    /// king moves that take nothing (castling aside), in check and out of
    /// it, in the positions of random games and in those an illegal move
    /// that stood leaves. It fails if the king stays in the occupancy (a
    /// step back along a checking line), or if a capture counts.
    #[test]
    fn a_quiet_king_step_is_a_legal_move_that_takes_nothing() {
        let (mut with, mut without, mut in_check) = (0, 0, 0);
        let mut same = |p: &Chess| {
            if p.board().king_of(p.turn()).is_none() {
                return;
            }
            let legal = p
                .legal_moves()
                .iter()
                .any(|m| m.role() == shakmaty::Role::King && !m.is_capture() && !m.is_castle());
            assert_eq!(
                has_quiet_king_step(p),
                legal,
                "{}",
                Fen::from_position(p, shakmaty::EnPassantMode::Legal)
            );
            if legal {
                with += 1
            } else {
                without += 1
            }
            in_check += usize::from(p.is_check());
        };
        crate::testing::random_games(0x7f4a_7c15_9e37_79b9, 300, 150, &mut same);
        let irregular =
            crate::testing::irregular_positions(0x3c6e_f372_fe94_f82b, 100, 150, &mut same);
        for fen in [
            // A rook checks along the rank, and the pawns hold the king in:
            // the step on along the rank (f1) is no move.
            "8/8/8/8/8/8/3PPP2/r3K2k w - - 0 1",
            // Every square around the king is taken or attacked.
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        ] {
            same(&pos(fen));
        }
        assert!(
            with > 10_000 && without > 1_000 && in_check > 1_000 && irregular > 200,
            "{with} {without} {in_check} {irregular}"
        );
    }

    #[test]
    fn a_reply_that_takes_a_king_proves_nothing() {
        // Kings side by side, left by an illegal king move that stood:
        // Black's only reply takes the white king. Asked without a panic,
        // and not called dead.
        let mut p = pos("k7/8/K3p3/8/6R1/3q4/8/8 w - - 2 97");
        p.play_unchecked(shakmaty::Move::Normal {
            role: shakmaty::Role::King,
            from: shakmaty::Square::A6,
            capture: None,
            to: shakmaty::Square::A7,
            promotion: None,
        });
        assert!(
            p.legal_moves()
                .iter()
                .all(|m| m.capture() == Some(shakmaty::Role::King))
        );
        assert!(!dead_after_every_reply(&p));
        assert!(!is_dead_position(&p));
    }

    #[test]
    fn mate_and_stalemate_come_first() {
        // Black is mated: White has mated, Black cannot.
        let mated = pos("k1K5/8/1Q6/8/8/8/8/8 b - - 0 1");
        assert!(mated.is_checkmate() || mated.is_stalemate());
        let stalemate = pos("k7/8/1Q6/8/8/8/8/7K b - - 0 1");
        assert_eq!(
            analyse(&stalemate, Color::White),
            Verdict::Unwinnable(Unwinnability::GameOver)
        );
    }
}
