//! Reading a scoresheet the way an arbiter does: at a move that does not
//! replay as written, which small correction makes the *rest* of the record
//! make sense?
//!
//! [`search`] tries the slips a writer makes — a wrong piece letter (`B`
//! for a pawn, German "Bauer", included), one square character off (or the
//! origin left out of an ambiguous move), a missing move where the move
//! numbers say one is missing, two moves swapped, a move written twice, and
//! the illegal move that was played and stood — and replays the record
//! forward from each (resolving and playing only, no ending detection) to
//! measure how much of it the edit explains. A repair is *taken* only when
//! it is the unique best ([`Search::taken`]); equals are listed, never
//! guessed between.
//!
//! Every part is bounded so that junk stays linear: at most
//! [`MAX_CANDIDATES`] candidates per error, each replayed at most
//! [`LOOK_AHEAD`] recorded tokens ahead; the caller bounds the searches per
//! game.

use scoresheet::{Mark, WrittenMove};
use shakmaty::{
    Chess, Move, Position, Square,
    san::{San, SanPlus},
};

use crate::{
    resolve::{MoveError, contradicted_mark, extra_capture_sign, legal_moves, resolve},
    standing::physical_move,
};

/// Recorded tokens each candidate is replayed ahead, the edited ones included.
pub const LOOK_AHEAD: usize = 60;
/// Candidates tried at one error (two missing half-moves are ~1,200).
pub const MAX_CANDIDATES: usize = 2_000;
/// Half-moves the numbers may say are missing in one place.
pub const MAX_MISSING: usize = 2;
/// Tied candidates given a second look at their next error.
const SECOND_LOOKS: usize = 24;
/// Ambiguous tokens a scoring run reads every way ([`replay_ahead`]): one,
/// so that the cost of a search grows at most [`FORK_WIDTH`] times.
const FORKS: usize = 1;
/// Readings tried of an ambiguous token (two knights or two rooks: two).
const FORK_WIDTH: usize = 3;

/// The kind of correction, as `details.repair.edit` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Edit {
    /// Another piece letter to the same square (`Bb5` for a pawn, `Sb5` for `Lb5`).
    PieceLetter,
    /// One character of a square off (`Nf4` for `Nf3`), or the origin left
    /// out of a move that fits two pieces.
    Square,
    /// A move that is not on the scoresheet, where the numbers say one is missing.
    MissingMove,
    /// Two moves written in each other's place.
    Swapped,
    /// The same move written a second time.
    WrittenTwice,
    /// A move written in the other player's column: the number says the
    /// other side, the board says the move is this side's (a warning only).
    WrongColumn,
    /// Not a slip: the illegal move was played and stood.
    Stood,
}

impl Edit {
    /// The stable code of the report contract.
    pub fn code(self) -> &'static str {
        match self {
            Edit::PieceLetter => "piece-letter",
            Edit::Square => "square",
            Edit::MissingMove => "missing-move",
            Edit::Swapped => "swapped",
            Edit::WrittenTwice => "written-twice",
            Edit::WrongColumn => "wrong-column",
            Edit::Stood => "stood",
        }
    }
}

/// One recorded token ahead of the search, as the board can read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ahead {
    /// A move in some notation, with the check or mate mark written after
    /// it: a mark the board contradicts is a slip, and evidence against
    /// the reading that makes it wrong (C.13).
    Move(WrittenMove, Option<Mark>),
    /// A token in no notation; the last square in it, where it names one.
    Unreadable { square: Option<Square> },
}

/// What the search is given besides the position: the tokens from the bad
/// one on, and the evidence around it.
#[derive(Debug, Clone, Copy)]
pub struct Question<'a> {
    /// The recorded tokens from the one that does not replay (or before
    /// which the numbers say moves are missing).
    pub tokens: &'a [Ahead],
    /// Half-moves the move numbers say are missing before `tokens[0]`.
    pub missing: usize,
    /// `tokens[0]` repeats one of the two tokens before it, as written.
    pub repeats: bool,
    /// Whether an illegal move may have stood, and which.
    pub may_stand: MayStand,
    /// Where `tokens[0]` is in no notation: the moves it reads as with one
    /// character of a square changed ([`respellings`]).
    pub respelled: &'a [WrittenMove],
}

/// Which illegal moves may have been played and stood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MayStand {
    /// None (full supervision, A.4: the arbiter acts at once).
    No,
    /// Rapid and blitz (A.5.2): any illegal move nobody stopped.
    Any,
    /// Standard play, unnoticed: a move the board shows, not a pawn left
    /// unpromoted on the last rank (the writer left out the piece, the
    /// player put one there).
    NotPromotion,
}

/// A correction and how far the record replays with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate {
    pub edit: Edit,
    /// The moves played in place of the tokens the edit consumes, in order
    /// (inserted moves first).
    pub moves: Vec<Move>,
    /// Recorded tokens the edit stands for (the missing moves' token
    /// counts once: it is played after them).
    pub consumed: usize,
    /// Recorded tokens explained, the consumed ones included (within
    /// [`LOOK_AHEAD`]): the score.
    pub reach: usize,
    /// Half-moves played from the search's position, inserted ones included.
    pub plies: usize,
    /// Reach after the best single correction at its next error, for ties.
    second: usize,
    /// Slips of notation the run went through ([`Run::soft`]): between two
    /// candidates that explain as much, the one that needs fewer is better.
    soft: usize,
    /// The origin of an ambiguous move, where the others change a
    /// character: the last tie-break.
    origin: bool,
}

impl Candidate {
    /// One move read for one token, the edit's reach yet to be measured.
    pub fn single(edit: Edit, m: Move) -> Candidate {
        Candidate {
            edit,
            moves: vec![m],
            consumed: 1,
            reach: 1,
            plies: 1,
            second: 0,
            soft: 0,
            origin: false,
        }
    }

    /// The first move read instead of what was written, in SAN.
    pub fn read_as(&self, pos: &Chess) -> Option<SanPlus> {
        self.moves.first().map(|m| san_of(pos, *m, self.edit))
    }

    /// Each move of the candidate in SAN, in the position it is played in.
    pub fn sans(&self, pos: &Chess) -> Vec<SanPlus> {
        let mut pos = pos.clone();
        let mut out = Vec::with_capacity(self.moves.len());
        for m in &self.moves {
            out.push(san_of(&pos, *m, self.edit));
            pos.play_unchecked(*m);
        }
        out
    }
}

fn san_of(pos: &Chess, m: Move, edit: Edit) -> SanPlus {
    if edit == Edit::Stood {
        // The displacement is no legal move: named without playing it.
        SanPlus {
            san: San::from_move(pos, m),
            suffix: None,
        }
    } else {
        crate::label::san_plus(pos, m)
    }
}

/// The candidates, best first, and how far the record replays as written.
#[derive(Debug, Clone, Default)]
pub struct Search {
    pub ranked: Vec<Candidate>,
    /// Tokens explained as written (0 where `tokens[0]` does not replay).
    pub as_written: usize,
    /// Slips of notation the record as written needs to get there.
    as_written_soft: usize,
    /// The search met its candidate bound and tried no more.
    pub truncated: bool,
    /// Tokens there were to explain (at most [`LOOK_AHEAD`]).
    pub total: usize,
}

impl Search {
    /// The repair to take: the unique best, better than the record as written.
    pub fn taken(&self) -> Option<&Candidate> {
        let best = self.ranked.first()?;
        let unique = self
            .ranked
            .get(1)
            .is_none_or(|next| score(next) < score(best));
        (unique && self.beats_as_written(best) && self.evidence(best)).then_some(best)
    }

    /// Whether a correction explains more of the record than the record as
    /// written does, or as much with fewer slips of notation (`Bxd8` read
    /// as a move that captures nothing, where the numbers say the other
    /// side's move before it is missing).
    fn beats_as_written(&self, c: &Candidate) -> bool {
        (c.reach, std::cmp::Reverse(c.soft))
            > (self.as_written, std::cmp::Reverse(self.as_written_soft))
    }

    /// Whether the record after a correction speaks for it: a later token
    /// replays with it, or it ends the record. A correction followed at
    /// once by the next error explains only itself, which is a guess.
    fn evidence(&self, c: &Candidate) -> bool {
        c.reach > c.consumed || c.reach >= self.total
    }

    /// The candidates that share the best score, when none is taken.
    pub fn tied(&self) -> &[Candidate] {
        let Some(best) = self.ranked.first() else {
            return &[];
        };
        if self.taken().is_some() || !self.beats_as_written(best) || !self.evidence(best) {
            return &[];
        }
        let n = self
            .ranked
            .iter()
            .take_while(|c| score(c) == score(best))
            .count();
        &self.ranked[..n]
    }
}

/// How far a candidate explains the record, then how few slips of
/// notation it needs on the way (a mark the board contradicts, `#` on a
/// move that does not mate, is evidence against it), then how far after
/// one more correction, then whether it leaves what was written as it is
/// (the origin of `Nd2`).
fn score(c: &Candidate) -> (usize, std::cmp::Reverse<usize>, usize, bool) {
    (c.reach, std::cmp::Reverse(c.soft), c.second, c.origin)
}

/// Looks for the corrections that explain the record from `pos` on.
pub fn search(pos: &Chess, mode: shakmaty::CastlingMode, q: Question<'_>) -> Search {
    let Some(first) = q.tokens.first() else {
        return Search::default();
    };
    let mut found: Vec<Candidate> = Vec::new();
    let mut truncated = false;
    let mut add = |found: &mut Vec<Candidate>, edit: Edit, moves: Vec<Move>, consumed: usize| {
        if found.len() >= MAX_CANDIDATES {
            truncated = true;
            return;
        }
        if found
            .iter()
            .any(|c| c.moves == moves && c.consumed == consumed)
        {
            return;
        }
        found.push(Candidate {
            edit,
            moves,
            consumed,
            reach: 0,
            plies: 0,
            second: 0,
            soft: 0,
            origin: false,
        });
    };
    let as_written = match first {
        Ahead::Move(w, _) => resolve(pos, w, mode),
        Ahead::Unreadable { .. } => Err(MoveError::Illegal),
    };
    if as_written.is_err() {
        for (edit, m) in variants(pos, first, as_written.as_ref().err()) {
            add(&mut found, edit, vec![m], 1);
        }
        for w in q.respelled {
            if let Ok(m) = resolve(pos, w, mode) {
                add(&mut found, Edit::Square, vec![m], 1);
            }
        }
        // Swapped with the next move (the other column) or with the same
        // player's next move.
        for other in [1, 2] {
            if let Some(moves) = swapped(pos, mode, q.tokens, other) {
                add(&mut found, Edit::Swapped, moves, other + 1);
            }
        }
        if q.repeats
            && let Some(Ahead::Move(next, _)) = q.tokens.get(1)
            && let Ok(m) = resolve(pos, next, mode)
        {
            add(&mut found, Edit::WrittenTwice, vec![m], 2);
        }
        let stands = match (&as_written, q.may_stand) {
            (_, MayStand::No) => false,
            (Err(MoveError::Illegal), _) => true,
            (Err(MoveError::PromotionMissing), MayStand::Any) => true,
            _ => false,
        };
        if stands
            && let Ahead::Move(w, _) = first
            && let Some(m) = physical_move(pos, w)
        {
            add(&mut found, Edit::Stood, vec![m], 1);
        }
    }
    if (1..=MAX_MISSING).contains(&q.missing) {
        insertions(pos, mode, first, q.missing, &mut |moves| {
            add(&mut found, Edit::MissingMove, moves, 1);
        });
    }
    // The moves an ambiguous token fits: reading it as one of them only
    // adds the origin C.10 asks for.
    let origins: &[Move] = match &as_written {
        Err(MoveError::Ambiguous(moves)) => moves,
        _ => &[],
    };
    let (written_reach, as_written_soft) = if as_written.is_ok() {
        let run = replay_ahead(pos.clone(), mode, &[], q.tokens, LOOK_AHEAD, FORKS);
        (run.reach, run.soft)
    } else {
        (0, 0)
    };
    for c in &mut found {
        // The window counts the edited tokens too, so that an edit that
        // consumes three tokens (a swap) does not see further than one
        // that consumes one: both are scored on the same tokens.
        let run = replay_ahead(
            pos.clone(),
            mode,
            &c.moves,
            &q.tokens[c.consumed..],
            LOOK_AHEAD.saturating_sub(c.consumed),
            FORKS,
        );
        // The edit explains its own tokens only if its moves all play.
        if run.played_edit {
            c.reach = c.consumed + run.reach;
            c.plies = c.moves.len() + run.reach_plies;
            // Every correction but the origin of an ambiguous move changes
            // a character of what was written.
            c.origin = c.edit == Edit::Square
                && c.consumed == 1
                && c.moves.first().is_some_and(|m| origins.contains(m));
            c.soft = own_slips(pos, first, c) + run.soft;
        }
    }
    found.retain(|c| c.reach > 0);
    found.sort_by_key(|c| std::cmp::Reverse(c.reach));
    second_look(pos, mode, q.tokens, &mut found);
    found.sort_by_key(|c| std::cmp::Reverse(score(c)));
    Search {
        ranked: found,
        as_written: written_reach,
        as_written_soft,
        truncated,
        total: q.tokens.len().min(LOOK_AHEAD),
    }
}

/// Where the tied best stop before the end of what was looked at, a
/// bounded look at the next error: each is scored again with the best
/// single piece-letter or square correction there.
fn second_look(
    pos: &Chess,
    mode: shakmaty::CastlingMode,
    tokens: &[Ahead],
    found: &mut [Candidate],
) {
    let Some(best) = found.first().map(|c| c.reach) else {
        return;
    };
    let tied = found.iter().take_while(|c| c.reach == best).count();
    if !(2..=SECOND_LOOKS).contains(&tied) || best >= tokens.len().min(LOOK_AHEAD) {
        return;
    }
    for c in found.iter_mut().take(tied) {
        let run = replay_ahead(
            pos.clone(),
            mode,
            &c.moves,
            &tokens[c.consumed..],
            LOOK_AHEAD.saturating_sub(c.consumed),
            FORKS,
        );
        let rest = &tokens[c.reach.min(tokens.len())..];
        let Some(next) = rest.first() else {
            continue;
        };
        let err = match next {
            Ahead::Move(w, _) => resolve(&run.pos, w, mode).err(),
            Ahead::Unreadable { .. } => Some(MoveError::Illegal),
        };
        let mut more = 0;
        for (_, m) in variants(&run.pos, next, err.as_ref()) {
            let after = replay_ahead(run.pos.clone(), mode, &[m], &rest[1..], LOOK_AHEAD, FORKS);
            if after.played_edit {
                more = more.max(1 + after.reach);
            }
        }
        c.second = more;
    }
}

/// Corrections of the one token: another piece letter, a square off, the
/// origin of an ambiguous move.
fn variants(pos: &Chess, token: &Ahead, err: Option<&MoveError>) -> Vec<(Edit, Move)> {
    let legals = legal_moves(pos);
    let mut out = Vec::new();
    // An ambiguous token may be a slip all the same (`Nd2` for `Bd2`
    // where both knights reach d2): its origins are candidates beside the
    // other corrections, not instead of them.
    if let Some(MoveError::Ambiguous(moves)) = err {
        out.extend(moves.iter().map(|m| (Edit::Square, *m)));
    }
    // The promotion piece's letter left out: each piece it may have been.
    if let (Some(MoveError::PromotionMissing), Ahead::Move(w, _)) = (err, token) {
        let (from, to) = match *w {
            WrittenMove::San(San::Normal { file, to, .. }) => (file.map(|f| (Some(f), None)), to),
            WrittenMove::Coordinates { from, to, .. } => {
                (Some((Some(from.file()), Some(from))), to)
            }
            _ => return out,
        };
        out.extend(
            legals
                .iter()
                .filter(|m| m.promotion().is_some() && m.to() == to)
                .filter(|m| match from {
                    None => m.from().is_some_and(|f| f.file() == to.file()),
                    Some((file, square)) => {
                        m.from().is_some_and(|f| file.is_none_or(|x| x == f.file()))
                            && square.is_none_or(|s| m.from() == Some(s))
                    }
                })
                .map(|m| (Edit::PieceLetter, *m)),
        );
        return out;
    }
    match *token {
        Ahead::Unreadable { square: Some(to) } => {
            out.extend(
                legals
                    .iter()
                    .filter(|m| m.to() == to)
                    .map(|m| (Edit::PieceLetter, *m)),
            );
        }
        Ahead::Unreadable { square: None } => {}
        Ahead::Move(
            WrittenMove::San(San::Normal {
                role,
                file,
                rank,
                to,
                promotion,
                ..
            }),
            _,
        ) => {
            let hints = |m: &Move| {
                m.from().is_some_and(|from| {
                    file.is_none_or(|f| f == from.file()) && rank.is_none_or(|r| r == from.rank())
                })
            };
            for m in legals.iter().filter(|m| hints(m)) {
                let same_promotion = m.promotion() == promotion;
                if m.to() == to && m.role() != role && same_promotion {
                    out.push((Edit::PieceLetter, *m));
                } else if m.role() == role && same_promotion && one_coordinate_off(to, m.to()) {
                    out.push((Edit::Square, *m));
                }
            }
        }
        Ahead::Move(WrittenMove::Coordinates { from, to, .. }, _) => {
            for m in legals.iter() {
                let Some(mf) = m.from() else { continue };
                let off = (mf == from && one_coordinate_off(to, m.to()))
                    || (m.to() == to && one_coordinate_off(from, mf));
                let named = mf == from && m.to() == to;
                if named {
                    out.push((Edit::PieceLetter, *m));
                } else if off && !m.is_castle() {
                    out.push((Edit::Square, *m));
                }
            }
        }
        Ahead::Move(..) => {}
    }
    out
}

/// Squares that differ in exactly one of file and rank (one character).
fn one_coordinate_off(a: Square, b: Square) -> bool {
    (a.file() == b.file()) != (a.rank() == b.rank())
}

/// `tokens[0]` and `tokens[other]` in each other's place, when every move
/// then plays.
fn swapped(
    pos: &Chess,
    mode: shakmaty::CastlingMode,
    tokens: &[Ahead],
    other: usize,
) -> Option<Vec<Move>> {
    let mut order: Vec<&Ahead> = tokens.get(..=other)?.iter().collect();
    order.swap(0, other);
    let mut pos = pos.clone();
    let mut moves = Vec::with_capacity(order.len());
    for token in order {
        let Ahead::Move(w, _) = token else {
            return None;
        };
        let m = resolve(&pos, w, mode).ok()?;
        pos.play_unchecked(m);
        moves.push(m);
    }
    Some(moves)
}

/// Every sequence of `missing` legal moves before `first`, where `first`
/// then plays as written, handed to `add`.
fn insertions(
    pos: &Chess,
    mode: shakmaty::CastlingMode,
    first: &Ahead,
    missing: usize,
    add: &mut dyn FnMut(Vec<Move>),
) {
    let Ahead::Move(w, _) = first else { return };
    let mut stack: Vec<(Chess, Vec<Move>)> = vec![(pos.clone(), Vec::new())];
    let mut tried = 0;
    while let Some((at, moves)) = stack.pop() {
        if moves.len() == missing {
            if let Ok(m) = resolve(&at, w, mode) {
                let mut all = moves;
                all.push(m);
                add(all);
            }
            continue;
        }
        for m in legal_moves(&at) {
            tried += 1;
            if tried > MAX_CANDIDATES * 2 {
                return;
            }
            let mut next = at.clone();
            next.play_unchecked(m);
            let mut more = moves.clone();
            more.push(m);
            stack.push((next, more));
        }
    }
}

/// The slips of notation in the candidate's own reading of the first
/// token, for the corrections that read that one token as one move (the
/// last of their moves): a capture sign the move after inserted moves does
/// not bear out (the token is read as written there), and a check or mate
/// mark the reading contradicts (`Bb4+` read as `b4`, where `Bb5+` checks).
fn own_slips(pos: &Chess, first: &Ahead, c: &Candidate) -> usize {
    let (Ahead::Move(written, mark), Some(last)) = (first, c.moves.last()) else {
        return 0;
    };
    let one_token = matches!(
        c.edit,
        Edit::PieceLetter | Edit::Square | Edit::MissingMove | Edit::Stood
    );
    if !one_token || c.consumed != 1 {
        return 0;
    }
    let capture = c.edit == Edit::MissingMove && extra_capture_sign(written, *last);
    let contradicted = mark.is_some() && {
        let mut after = pos.clone();
        for m in &c.moves {
            after.play_unchecked(*m);
        }
        contradicted_mark(&after, *mark).is_some()
    };
    usize::from(capture) + usize::from(contradicted)
}

/// How far the record replays after `edit` is played.
struct Run {
    pos: Chess,
    /// The edit's moves all played.
    played_edit: bool,
    /// Tokens replayed after the edit.
    reach: usize,
    reach_plies: usize,
    /// Tokens that replayed only as slips of notation: an ambiguous move
    /// read one way, a capture sign on a move that captures nothing, a
    /// check or mate mark the board contradicts. They do not stop the run,
    /// but a reading that needs none is better.
    soft: usize,
}

/// Plays `edit`, then the tokens as written until one does not resolve or
/// `limit` tokens are done. Resolving and playing only: the cheap replay.
///
/// With `forks` left, a token that fits several pieces (`Sd2` with knights
/// on b1 and f3: the origin left out, the commonest slip of all) is read
/// each way, at most [`FORK_WIDTH`] ways, and the run that goes furthest
/// counts: the record after it says which piece moved. Without this, a
/// correction earlier in the record that happens to remove the second
/// piece (`Se1` for `Te1`) would look better than the right one only
/// because the record then does not stop at the ambiguity.
fn replay_ahead(
    mut pos: Chess,
    mode: shakmaty::CastlingMode,
    edit: &[Move],
    tokens: &[Ahead],
    limit: usize,
    forks: usize,
) -> Run {
    for m in edit {
        pos.play_unchecked(*m);
    }
    let mut reach = 0;
    let mut soft = 0;
    for (i, token) in tokens.iter().take(limit).enumerate() {
        let Ahead::Move(w, mark) = token else { break };
        match resolve(&pos, w, mode) {
            Ok(m) => {
                soft += usize::from(extra_capture_sign(w, m));
                pos.play_unchecked(m);
                soft += usize::from(contradicted_mark(&pos, *mark).is_some());
                reach += 1;
            }
            Err(MoveError::Ambiguous(moves)) if forks > 0 => {
                let rest = tokens.get(i + 1..).unwrap_or(&[]);
                let left = limit.saturating_sub(i + 1);
                let best = moves
                    .iter()
                    .take(FORK_WIDTH)
                    .map(|m| replay_ahead(pos.clone(), mode, &[*m], rest, left, forks - 1))
                    .max_by_key(|run| (run.reach, std::cmp::Reverse(run.soft)));
                if let Some(run) = best {
                    return Run {
                        reach: reach + 1 + run.reach,
                        reach_plies: reach + 1 + run.reach_plies,
                        soft: soft + 1 + run.soft,
                        ..run
                    };
                }
                break;
            }
            Err(_) => break,
        }
    }
    Run {
        pos,
        played_edit: true,
        reach,
        reach_plies: reach,
        soft,
    }
}

/// How far the record replays as written from `pos`, to its first error
/// or its end: the record's own `plies` where a repair was taken at a token
/// that does replay (a missing move pair leaves the colours right).
pub fn as_written_reach(pos: &Chess, mode: shakmaty::CastlingMode, tokens: &[Ahead]) -> usize {
    replay_ahead(pos.clone(), mode, &[], tokens, usize::MAX, 0).reach
}

/// How far the record replays after a taken repair, to its next error or
/// its end: the `replays_to` of the report, linear in the game.
pub fn full_reach(
    pos: &Chess,
    mode: shakmaty::CastlingMode,
    candidate: &Candidate,
    tokens: &[Ahead],
) -> usize {
    let rest = tokens.get(candidate.consumed..).unwrap_or(&[]);
    candidate.moves.len()
        + replay_ahead(pos.clone(), mode, &candidate.moves, rest, usize::MAX, 0).reach
}

/// A token in no notation read with one character changed to a file
/// letter or a rank digit (`Lb9` → `Lb5`): the moves it may have meant.
/// At most 16 readings per character of a token of at most 12.
pub fn respellings(token: &[u8]) -> Vec<WrittenMove> {
    let mut out = Vec::new();
    if token.len() > 12 {
        return out;
    }
    let mut word = token.to_vec();
    for i in 0..word.len() {
        let was = word[i];
        if !was.is_ascii_alphanumeric() {
            continue;
        }
        for c in (b'a'..=b'h').chain(b'1'..=b'8') {
            if c == was {
                continue;
            }
            word[i] = c;
            if let Ok(n) = scoresheet::notation::parse_move(&word)
                && !out.contains(&n.written)
            {
                out.push(n.written);
            }
        }
        word[i] = was;
    }
    out
}

/// The last square named in a token that is in no notation (`Xf3`, `Sf3x`),
/// for the piece-letter correction.
pub fn last_square(token: &[u8]) -> Option<Square> {
    token.windows(2).rev().find_map(|w| match (w[0], w[1]) {
        (f @ b'a'..=b'h', r @ b'1'..=b'8') => Some(Square::from_coords(
            shakmaty::File::new(u32::from(f - b'a')),
            shakmaty::Rank::new(u32::from(r - b'1')),
        )),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoresheet::notation::parse_move;
    use shakmaty::CastlingMode;

    fn tokens(text: &str) -> Vec<Ahead> {
        text.split_whitespace()
            .map(|t| match parse_move(t.as_bytes()) {
                Ok(n) => Ahead::Move(n.written, n.mark),
                Err(_) => Ahead::Unreadable {
                    square: last_square(t.as_bytes()),
                },
            })
            .collect()
    }

    fn position(moves: &str) -> Chess {
        let mut pos = Chess::default();
        for t in tokens(moves) {
            let Ahead::Move(w, _) = t else {
                panic!("test move")
            };
            let m = resolve(&pos, &w, CastlingMode::Standard).expect("legal test move");
            pos.play_unchecked(m);
        }
        pos
    }

    fn ask(before: &str, ahead: &str, missing: usize) -> (Chess, Search) {
        let pos = position(before);
        let t = tokens(ahead);
        let q = Question {
            tokens: &t,
            missing,
            repeats: false,
            may_stand: MayStand::Any,
            respelled: &[],
        };
        let s = search(&pos, CastlingMode::Standard, q);
        (pos, s)
    }

    fn taken(before: &str, ahead: &str, missing: usize) -> Option<(Edit, String)> {
        let (pos, s) = ask(before, ahead, missing);
        s.taken().map(|c| {
            (
                c.edit,
                c.read_as(&pos).map(|s| s.to_string()).unwrap_or_default(),
            )
        })
    }

    #[test]
    fn a_wrong_piece_letter_is_read_by_the_rest_of_the_record() {
        // 3.Nb5 (a knight cannot reach b5): the bishop went there, as 4.Bxc6 shows.
        assert_eq!(
            taken("e4 e5 Nf3 Nc6", "Nb5 a6 Bxc6 dxc6", 0),
            Some((Edit::PieceLetter, "Bb5".to_string()))
        );
    }

    #[test]
    fn a_square_off_by_one_character() {
        assert_eq!(
            taken("e4 e5", "Nf4 Nc6 Bb5 a6 Bxc6 dxc6 Nxe5", 0),
            Some((Edit::Square, "Nf3".to_string()))
        );
    }

    #[test]
    fn a_missing_move_where_the_record_shows_which() {
        // Black's 2nd move is missing; 4.Bxc6 says a piece stood on c6, and
        // 5...Rb8 that the knight had left b8: it was ...Nc6.
        assert_eq!(
            taken("e4 e5 Nf3", "Bb5 a6 Bxc6 dxc6 O-O Rb8", 1),
            Some((Edit::MissingMove, "Nc6".to_string()))
        );
    }

    #[test]
    fn equals_are_never_guessed_between() {
        // 2.Nf4 then nothing: Nf3 and Nh3... only Nf3 is one character off; but
        // with no record after it, every correction explains the same.
        let (_, s) = ask("e4 e5", "Xe2", 0);
        assert!(s.taken().is_none());
        assert!(s.tied().len() >= 2, "{:?}", s.tied());
    }

    #[test]
    fn swapped_moves() {
        // 1.Bc4 and 2.e4 written in each other's place; 3.Bxf7+ shows the
        // bishop did go to c4 (a pawn's c4 would explain the first moves too).
        assert_eq!(
            taken("", "Bc4 e5 e4 Nc6 Bxf7+", 0).map(|t| t.0),
            Some(Edit::Swapped)
        );
    }

    #[test]
    fn an_ambiguous_move_later_does_not_favour_the_correction_that_removes_it() {
        // Issue 18's club game: 6.Le1 is 6.Te1 (the rook, as 13.Sf1 shows:
        // f1 must be empty). 11.Sd2 leaves out the origin (knights on b1
        // and f3). 6.Se1 would make 11.Sd2 unambiguous, but 13.Sf1 cannot
        // follow it: read both ways, the ambiguity stops neither reading.
        let before = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7";
        let ahead = "Be1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7 Nd2 Bb7 Bc2 Re8 Nf1 Bf8 Ng3 g6";
        assert_eq!(
            taken(before, ahead, 0),
            Some((Edit::PieceLetter, "Re1".to_string()))
        );
        // The walk's own reach still stops at the ambiguity: it is an error
        // of the record, reported in its turn.
        let pos = position(before);
        let t = tokens(ahead);
        let (_, s) = ask(before, ahead, 0);
        let best = s.taken().expect("taken");
        assert_eq!(full_reach(&pos, CastlingMode::Standard, best, &t), 10);
    }

    #[test]
    fn a_swap_sees_no_further_than_a_one_token_correction() {
        // 1.Bc4 cannot be played: read as the pawn's 1.c4, or swapped with
        // 2.e4, the record replays past the look-ahead either way. The swap
        // consumes three tokens, and was once replayed 60 tokens beyond
        // them, so it won on a longer window alone.
        let ahead = format!("Bc4 e5 e4 {}", "Nf6 Nf3 Ng8 Ng1 ".repeat(20));
        let (_, s) = ask("", &ahead, 0);
        assert!(s.taken().is_none(), "{:?}", s.taken());
        let edits: Vec<Edit> = s.tied().iter().map(|c| c.edit).collect();
        assert!(
            edits.contains(&Edit::PieceLetter) && edits.contains(&Edit::Swapped),
            "{edits:?}"
        );
        assert!(s.tied().iter().all(|c| c.reach == LOOK_AHEAD));
    }

    #[test]
    fn an_ambiguous_token_may_be_a_wrong_piece_letter() {
        // 5.Nd2 fits both knights, but 7.Bb4 shows the bishop went to d2:
        // either knight there blocks it.
        assert_eq!(
            taken("d4 d5 Nf3 Nf6", "Nd2 e6 Bb4 Bxb4+ c3 Be7 e3 O-O Bd3 c5", 0),
            Some((Edit::PieceLetter, "Bd2".to_string()))
        );
    }

    #[test]
    fn the_last_square_of_a_token() {
        assert_eq!(last_square(b"Xf3"), Some(Square::F3));
        assert_eq!(last_square(b"which"), None);
    }
}
