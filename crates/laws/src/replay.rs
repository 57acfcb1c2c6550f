//! Replaying a game move by move, with the state the Laws need: the position,
//! the repetition history (Art. 9.2.3 identity), the quiet-move counter, and
//! the first automatic ending.

use std::{borrow::Cow, num::NonZeroU32};

use scoresheet::{Mark, WrittenMove};
use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, EnPassantMode, FromSetup, Move,
    MoveList, Position, Role, Setup, Square,
    san::{San, SanPlus},
};

use crate::{
    ending::{Ending, EndingKind},
    label::{MoveLabel, MoveText},
    mating::{
        has_king_step, is_crowded, is_dead_position, may_be_dead_by_forced_reply,
        surely_alive_counted,
    },
    resolve::{MoveError, resolve},
    series::{QuietStep, Series},
    standing::is_illegal_position,
};

/// A move that was replayed.
#[derive(Debug, Clone)]
pub struct Played {
    pub mv: Move,
    /// The ply of this move (the first recorded half-move is ply 1).
    pub ply: usize,
    /// The written check or mate mark, when it is wrong.
    pub wrong_mark: Option<Mark>,
}

// The walk gets this back for every ply: it stays two words and a ply. The
// ending a move brought about is asked of the replay ([`Replay::ending`],
// [`Replay::has_new_ending`]), not copied into every answer.
const _: () = assert!(std::mem::size_of::<Played>() <= 32);

/// The state of a game being replayed.
///
/// Checkmate and stalemate need a full move generation, which a replay of
/// well-formed games can skip: if the next recorded move is legal, the
/// position had a legal move. So they are settled lazily, when a move fails
/// to resolve and at the end of the record ([`Replay::settle`]); the ending
/// then carries the ply it happened at, exactly as if found at once.
///
/// ```
/// use laws::Replay;
/// use scoresheet::notation::parse_move;
/// let mut game = Replay::new(shakmaty::Chess::default(), shakmaty::CastlingMode::Standard);
/// for token in ["f3", "e5", "g4", "Qh4#"] {
///     let written = parse_move(token.as_bytes()).expect("notation").written;
///     game.play(&written, None).expect("legal");
/// }
/// game.settle();
/// assert_eq!(game.ending().map(|e| e.ply), Some(4));
/// ```
#[derive(Debug, Clone)]
pub struct Replay {
    pos: Chess,
    /// The position before the last move, for naming that move.
    prev: Option<Before>,
    /// Whether `prev` is a copy of the position before the last move. Set
    /// back from the current position, a position must be one shakmaty
    /// sets up, which it may not be from the first illegal move that stood
    /// on (an illegal position may follow) or from an irregular start: the
    /// replay copies for the rest of such a game.
    copies: bool,
    mode: CastlingMode,
    ply: usize,
    /// Positions since the last irreversible move, with their 9.2.3 identities.
    series: Series,
    ending: Option<Ending>,
    /// Whether the ending has been handed to a reporter (see
    /// [`Replay::take_new_ending`]): each ending is reported exactly once.
    announced: bool,
    settled: bool,
    /// The ply after which an illegal position stands on the board, made by
    /// an illegal move that stood (A.5.2); the next move must mend it (A.5.4).
    irregular: Option<usize>,
    /// The ply of a move that broke Art. 4 (4.2–4.7): the mate, stalemate or
    /// dead position it makes does not end the game (the provisos of 5.1.1,
    /// 5.2.1 and 5.2.2).
    unlawful: Option<usize>,
    /// Whether endings are looked for: off for a replay that only names
    /// moves and positions after the walk that ruled on them.
    judges: bool,
    /// Whether more than five pieces besides the kings stand on the board
    /// ([`crate::mating::is_crowded`]): only a capture changes it, so it is
    /// counted after irreversible moves, not on every ply.
    crowded: bool,
    /// What the legal irreversible move that began the current series
    /// changed (see [`Replay::before_series`]); `None` where the series
    /// began otherwise (the start, a move not known to be legal).
    series_undo: Option<Undo>,
}

impl Replay {
    /// Starts a replay from `start` (the standard position or a FEN set-up).
    pub fn new(start: Chess, mode: CastlingMode) -> Replay {
        let copies = !sets_up(&start, mode);
        let mut replay = Replay::at(start, mode, 0, copies, true);
        // Mate and stalemate are settled lazily here too: a legal first move
        // shows the start had one.
        replay.ending = replay.detect_ending(true);
        replay
    }

    /// A replay that only names moves and positions (as
    /// [`Replay::positions_only`]), from `pos` standing after `ply` plies of
    /// a game, as [`Replay::before_series`] gave it: a position a replay of
    /// legal moves reached, which shakmaty sets up.
    pub fn positions_from(pos: Chess, mode: CastlingMode, ply: usize) -> Replay {
        Replay::at(pos, mode, ply, false, false)
    }

    /// A replay standing at `pos` after `ply` plies, nothing played yet
    /// and no ending found: the fields both constructors share.
    fn at(pos: Chess, mode: CastlingMode, ply: usize, copies: bool, judges: bool) -> Replay {
        Replay {
            series: Series::new(ply, pos.board()),
            crowded: is_crowded(pos.board()),
            pos,
            prev: None,
            copies,
            mode,
            ply,
            ending: None,
            announced: false,
            settled: false,
            irregular: None,
            unlawful: None,
            judges,
            series_undo: None,
        }
    }

    /// The same replay without looking for endings (no dead-position or
    /// can-mate analysis per move): for naming the moves and positions of a
    /// game whose rulings are known, in a second pass.
    pub fn positions_only(mut self) -> Replay {
        self.judges = false;
        self.ending = None;
        self
    }

    pub fn position(&self) -> &Chess {
        &self.pos
    }

    pub fn castling_mode(&self) -> CastlingMode {
        self.mode
    }

    /// Plies played so far.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The first automatic ending reached, if any (settled up to the last
    /// failed move or [`Replay::settle`] call).
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Looks for checkmate or stalemate in the current position, which
    /// [`Replay::play`] leaves unsettled while the record goes on.
    /// Returns the ending it found, if this call found one.
    pub fn settle(&mut self) -> Option<&Ending> {
        if self.settled || self.ending.is_some() {
            self.settled = true;
            return None;
        }
        self.settled = true;
        self.ending = self.mate_or_stalemate();
        self.ending.as_ref()
    }

    /// The last move as an arbiter says it (`40...Kg7`), if a move was played.
    pub fn last_label(&self) -> Option<MoveLabel> {
        let (before, mv) = match self.prev.as_ref()? {
            Before::Copy(before, mv) => (Cow::Borrowed(before), *mv),
            Before::Undo(undo) => {
                if let Some(label) = undo.quick_label(&self.pos) {
                    return Some(label);
                }
                (Cow::Owned(undo.set_back(&self.pos, self.mode)?), undo.mv)
            }
        };
        let san = crate::label::san_plus(&before, mv);
        Some(MoveLabel::of(&before, san))
    }

    /// Plays the written move if it is legal. `mark` is the check or mate
    /// mark that was written with it, to be checked against the board.
    ///
    /// When the move is not legal, the position is settled first: a move
    /// after checkmate or stalemate fails, and [`Replay::ending`] says why.
    // Once a ply in the walk: inline there, the result is not passed through a frame.
    #[inline(always)]
    pub fn play(&mut self, written: &WrittenMove, mark: Option<Mark>) -> Result<Played, MoveError> {
        match resolve(&self.pos, written, self.mode) {
            Ok(mv) => Ok(self.play_move(mv, mark)),
            Err(err) => {
                self.settle();
                Err(err)
            }
        }
    }

    /// Marks the next move as one that breaks Art. 4 (a touch-move
    /// violation): a checkmate, stalemate or dead position it makes does not
    /// end the game, since 5.1.1, 5.2.1 and 5.2.2 end it only after a move in
    /// accordance with Art. 3 and 4.2–4.7. Call it before playing the move.
    pub fn next_move_breaks_article_4(&mut self) {
        self.unlawful = Some(self.ply + 1);
    }

    /// Whether the move that reached the current position broke Art. 4.
    fn unlawful_here(&self) -> bool {
        self.unlawful == Some(self.ply)
    }

    /// Plays a move known to be legal in the current position.
    #[inline]
    pub fn play_move(&mut self, mv: Move, mark: Option<Mark>) -> Played {
        self.play_move_inline(mv, mark)
    }

    /// [`Replay::play_move`] inline, for the walk's loop.
    #[inline(always)]
    pub fn play_move_inline(&mut self, mv: Move, mark: Option<Mark>) -> Played {
        // The previous position had a legal move, so it was neither mate nor stalemate.
        self.settled = false;
        let irreversible = self.advance(mv, true);
        // Most moves carry no mark: nothing to contradict, no call.
        let wrong_mark = mark.and_then(|_| crate::resolve::contradicted_mark(&self.pos, mark));
        if self.ending.is_none() && self.judges {
            let found = match self.irregular {
                None => self.detect_ending(irreversible),
                Some(_) => self
                    .mend_irregular()
                    .or_else(|| self.detect_ending(irreversible)),
            };
            // Nearly every ply finds none: the ending, known to be none,
            // is written only when one is found.
            if found.is_some() {
                self.ending = found;
                self.settled = true;
            }
        }
        Played {
            mv,
            ply: self.ply,
            wrong_mark,
        }
    }

    /// Plays an illegal move that stood (A.5.2): `mv` is the displacement
    /// the record describes ([`crate::standing::physical_move`]). When it
    /// leaves an illegal position, neither mate nor stalemate is looked for
    /// there: the next move must mend it, or the game is drawn (A.5.4).
    pub fn play_standing(&mut self, mv: Move) -> Played {
        self.play_displaced(mv, true)
    }

    /// Plays an illegal move nobody noticed in standard play: the record
    /// stands as played (7.5.1 is applied during the game, not afterwards),
    /// and A.5.4 does not apply.
    pub fn play_unnoticed(&mut self, mv: Move) -> Played {
        self.play_displaced(mv, false)
    }

    fn play_displaced(&mut self, mv: Move, a54: bool) -> Played {
        // The series cannot step back over this move: it keeps the board.
        self.advance(mv, false);
        self.settled = false;
        if self.ending.is_none() && self.judges {
            self.ending = self.mend_irregular();
            if self.ending.is_none() && is_illegal_position(&self.pos) {
                self.irregular = a54.then_some(self.ply);
                self.settled = true;
            } else if self.ending.is_none() {
                self.ending = self.detect_ending(true);
            }
        }
        Played {
            mv,
            ply: self.ply,
            wrong_mark: None,
        }
    }

    /// Plays `mv` on the board and records the position reached in the
    /// series of reversible moves. Returns whether the move was irreversible.
    /// Inlined: it runs on every ply, and a call costs a tenth of it.
    #[inline(always)]
    fn advance(&mut self, mv: Move, legal: bool) -> bool {
        let irreversible = is_irreversible(&self.pos, mv);
        // A legal reversible move is one piece's step, which the series
        // keeps (or only notes, while it is short).
        let step = match mv {
            Move::Normal {
                from,
                to,
                capture: None,
                promotion: None,
                ..
            } if legal && !irreversible => Some(QuietStep { from, to }),
            _ => None,
        };
        // A move not known to be legal cannot be stepped back over: the
        // series keeps its boards from here on. What it changed decides
        // whether a position before it can recur (below).
        let was = (!legal).then(|| {
            self.series.keep(self.pos.board());
            (
                self.pos.castles().castling_rights(),
                self.pos.legal_ep_square().is_some(),
            )
        });
        // The position before is set back from the next one when a label
        // asks for it (a few times a game), not copied on every ply.
        self.copies |= !legal;
        if self.copies {
            match &mut self.prev {
                Some(Before::Copy(before, played)) => {
                    before.clone_from(&self.pos);
                    *played = mv;
                }
                _ => self.prev = Some(Before::Copy(self.pos.clone(), mv)),
            }
        } else {
            self.prev = Some(Before::Undo(Undo {
                mv,
                castling_rights: self.pos.castles().castling_rights(),
                ep_square: self.pos.maybe_ep_square(),
                halfmoves: self.pos.halfmoves(),
                fullmoves: self.pos.fullmoves(),
            }));
        }
        self.pos.play_unchecked(mv);
        self.ply += 1;
        if irreversible || !legal {
            self.crowded = is_crowded(self.pos.board());
        }
        match (step, was) {
            (Some(step), _) => self.series.push_reversible(self.pos.board(), step),
            (None, None) => {
                self.series.restart(self.ply, self.pos.board());
                self.series_undo = match &self.prev {
                    Some(Before::Undo(undo)) => Some(*undo),
                    _ => None,
                };
            }
            (None, Some((rights, offered_en_passant))) => {
                // shakmaty counts every castle as irreversible, but one made
                // without the right (an illegal move that stood) loses no
                // right and changes no material and no pawn: king and rook
                // can walk back, and a position before it can recur. Only a
                // capture, a pawn move, a lost right or leaving a position
                // that offered en passant start a new series.
                let breaks = mv.is_capture()
                    || mv.role() == Role::Pawn
                    || offered_en_passant
                    || rights != self.pos.castles().castling_rights();
                self.series.push_afresh(self.pos.board(), breaks, self.ply);
            }
        }
        irreversible
    }

    /// After the move that followed an illegal position: drawn if the
    /// position is still illegal (A.5.4), else play goes on.
    fn mend_irregular(&mut self) -> Option<Ending> {
        let since = self.irregular.take()?;
        (since + 1 == self.ply && is_illegal_position(&self.pos)).then_some(Ending {
            kind: EndingKind::IllegalPosition,
            ply: self.ply,
        })
    }

    /// Plies at which the current position occurred (Art. 9.2.3 identity),
    /// oldest first, the current ply last.
    pub fn occurrences(&self) -> Vec<usize> {
        self.series.occurrences(self.pos.board())
    }

    /// Plies at which the position after `mv` (not played) occurred, with
    /// the ply it would have last: what a 9.2.1 claim asks.
    pub fn occurrences_after(&self, mv: Move) -> Vec<usize> {
        let mut plies = if self.pos.is_irreversible(mv) {
            Vec::new()
        } else {
            // Within the series the board and the side to move are the
            // identity (see `series`); the position after is its next.
            let mut after = self.pos.clone();
            after.play_unchecked(mv);
            self.series.plies_of_next(self.pos.board(), after.board())
        };
        plies.push(self.ply + 1);
        plies
    }

    /// Ends the game by a ruling in the current position (an upheld claim,
    /// a forfeit, a flag fall), unless it had ended before. The ruling is
    /// its own report, so the ending counts as announced.
    pub fn end_by(&mut self, ending: EndingKind) {
        if self.ending.is_none() {
            self.ending = Some(Ending {
                kind: ending,
                ply: self.ply,
            });
            self.settled = true;
            self.announced = true;
        }
    }

    /// The ending, the first time it is asked for after it happened, and
    /// `None` ever after: a reporter that asks after every step reports
    /// each ending once, whichever step found it.
    pub fn take_new_ending(&mut self) -> Option<Ending> {
        if self.announced {
            return None;
        }
        let ending = self.ending.clone()?;
        self.announced = true;
        Some(ending)
    }

    /// The ply at which the current series of reversible moves began: no
    /// position before it can occur again (the repetition history's first).
    pub fn stretch_start(&self) -> usize {
        self.series.start()
    }

    /// The position before the move that began the current series of
    /// reversible moves, and the ply it stood at: set back from the
    /// current position through the series' steps and that move. A second
    /// pass over the game (one that names a repetition's moves, say) can
    /// start there: a position before it has another placement than any
    /// position of the series, unless that move only lost a castling right.
    /// `None` where the series began at the start, keeps its boards, or
    /// after a move not known to be legal.
    ///
    /// ```
    /// use laws::Replay;
    /// use scoresheet::notation::parse_move;
    /// use shakmaty::{Chess, CastlingMode, Position};
    /// let mut game = Replay::new(Chess::default(), CastlingMode::Standard);
    /// for token in ["e4", "Nf6", "Nf3", "Ng8", "Ng1"] {
    ///     let written = parse_move(token.as_bytes()).expect("notation").written;
    ///     game.play(&written, None).expect("legal");
    /// }
    /// // The series began with 1.e4: the start position stood before it.
    /// let (ply, before) = game.before_series().expect("a series after a legal pawn move");
    /// assert_eq!((ply, before), (0, Chess::default()));
    /// ```
    pub fn before_series(&self) -> Option<(usize, Chess)> {
        if self.copies {
            return None;
        }
        let undo = self.series_undo?;
        let start = self.series.start();
        let board = self.series.first_board(self.pos.board())?;
        // The side to move alternates: `turn` is the first position's, the
        // move that began the series the other side's. The rights, the en
        // passant square and the counters before it are the undo's own.
        let turn = if (self.ply - start).is_multiple_of(2) {
            self.pos.turn()
        } else {
            !self.pos.turn()
        };
        // The position before is set back from the first one's board: the
        // first one itself need not be set up, a legal move from the
        // position before reached it.
        let before = undo.set_back_board(board, !turn, self.mode)?;
        Some((start.checked_sub(1)?, before))
    }

    /// Whether the current position is certainly the first of its 9.2.3
    /// identity in the current series (a filter tells, without counting):
    /// `false` means it may have occurred before.
    #[inline]
    pub fn surely_first_occurrence(&self) -> bool {
        self.series.surely_new()
    }

    /// How many positions the current series of reversible moves holds.
    pub fn stretch_len(&self) -> usize {
        self.series.len()
    }

    /// Whether [`Replay::take_new_ending`] has an ending to hand out.
    #[inline]
    pub fn has_new_ending(&self) -> bool {
        !self.announced && self.ending.is_some()
    }

    /// How often the current position occurred, without collecting the plies.
    /// Only every second entry, counted back from the current one, can be
    /// the same position (see [`Replay::fivefold`]): the others have the
    /// other side to move, which is part of the identity.
    pub fn occurrence_count(&self) -> usize {
        self.series.occurrence_count(self.pos.board())
    }

    /// Whether the current position has occurred five times (9.6.1). The
    /// history holds one entry per ply and every ply changes the side to
    /// move, which is part of the identity: only every second entry, counted
    /// back from the current one, can be the same position, and five of
    /// them take nine entries.
    #[inline]
    fn fivefold(&self) -> bool {
        self.series.len() >= 9 && self.series.occurrence_count(self.pos.board()) >= 5
    }

    fn mate_or_stalemate(&self) -> Option<Ending> {
        // A king that can step to a safe square is neither mated nor
        // stalemated: the usual answer, without generating every move.
        if self.unlawful_here() || has_king_step(&self.pos) {
            return None;
        }
        let kind = if self.pos.is_checkmate() {
            EndingKind::Checkmate {
                winner: !self.pos.turn(),
            }
        } else if self.pos.is_stalemate() {
            EndingKind::Stalemate
        } else {
            return None;
        };
        Some(Ending {
            kind,
            ply: self.ply,
        })
    }

    /// The endings that need no move generation to see; when one applies,
    /// checkmate and stalemate are looked at too, since they take precedence.
    ///
    /// Inlined up to the test that nearly every ply fails: no dead position
    /// to look for, no fivefold repetition, fewer than 150 quiet plies.
    #[inline(always)]
    fn detect_ending(&self, irreversible: bool) -> Option<Ending> {
        // Material and pawn structure change only with irreversible moves; a
        // check with few pieces left may force a capture that changes it
        // (5.2.2 through a forced reply). After a move that broke Art. 4 the
        // position did not end the game, so the next move looks again.
        // Most positions are plainly alive (`surely_alive`): then only the
        // 9.6 counts are left to look at.
        let look = (irreversible
            || self.unlawful.is_some_and(|p| p + 1 == self.ply)
            || may_be_dead_by_forced_reply(&self.pos, self.crowded))
            && !surely_alive_counted(self.pos.board(), self.crowded);
        if !look && self.pos.halfmoves() < 150 && !self.fivefold() {
            return None;
        }
        self.find_ending(look)
    }

    /// [`Replay::detect_ending`] where an ending may stand: `look` says
    /// whether the position can be dead.
    #[inline(never)]
    fn find_ending(&self, look: bool) -> Option<Ending> {
        let ply = self.ply;
        let kind = if look && !self.unlawful_here() && is_dead_position(&self.pos) {
            EndingKind::DeadPosition
        } else if self.fivefold() {
            EndingKind::FivefoldRepetition {
                occurrences: self.occurrences(),
            }
        } else if self.pos.halfmoves() >= 150 {
            let since = ply.saturating_sub(self.pos.halfmoves() as usize);
            EndingKind::SeventyFiveMoves { since }
        } else {
            return None;
        };
        self.mate_or_stalemate().or(Some(Ending { kind, ply }))
    }

    pub fn turn(&self) -> Color {
        self.pos.turn()
    }
}

/// The position before the last move, or what it takes to set it back.
#[derive(Debug, Clone)]
enum Before {
    Copy(Chess, Move),
    Undo(Undo),
}

/// The last move, a legal one, and what it changed that the position after
/// it does not show.
#[derive(Debug, Clone, Copy)]
struct Undo {
    mv: Move,
    castling_rights: Bitboard,
    ep_square: Option<Square>,
    halfmoves: u32,
    fullmoves: NonZeroU32,
}

impl Undo {
    /// The position before the move, set back from `after`: the pieces
    /// stepped back (the captured one restored), the side to move, the
    /// rights and counters as they were. `None` if shakmaty does not set it
    /// up, which a legal move from a legal position never leaves.
    fn set_back(&self, after: &Chess, mode: CastlingMode) -> Option<Chess> {
        self.set_back_board(after.board().clone(), !after.turn(), mode)
    }

    /// [`Undo::set_back`] of the board `board` the move of `us` left.
    fn set_back_board(&self, board: Board, us: Color, mode: CastlingMode) -> Option<Chess> {
        let setup = Setup {
            board: self.board_set_back(board, us)?,
            promoted: Bitboard::EMPTY,
            pockets: None,
            turn: us,
            castling_rights: self.castling_rights,
            ep_square: self.ep_square,
            remaining_checks: None,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        };
        Chess::from_setup(setup, mode).ok()
    }

    /// The label of the move without the position before it set up whole
    /// ([`Undo::set_back`], which shakmaty validates: some 770
    /// instructions), `after` being the position it reached. Only a
    /// piece's move has rivals to name it apart from, found on the board
    /// before the move set back; a pawn's, the king's, en passant and
    /// castling are told by shakmaty's `San::disambiguate` from none. The
    /// move is legal, so its suffix is that of `after`. `None` for a
    /// piece's move in check (the rules of evasion), where the position is
    /// set up whole.
    fn quick_label(&self, after: &Chess) -> Option<MoveLabel> {
        let us = !after.turn();
        let mut rivals = MoveList::new();
        // Whether the move is one of its candidates, as `label::san_plus`
        // asks it: a piece's among its rivals, any other by being legal.
        let candidate = match self.mv {
            Move::Normal {
                role: Role::Pawn | Role::King,
                ..
            }
            | Move::EnPassant { .. }
            | Move::Castle { .. } => true,
            Move::Normal { .. } => {
                let board = self.board_set_back(after.board().clone(), us)?;
                if !crate::label::piece_candidates(&board, us, self.mv, &mut rivals) {
                    return None;
                }
                rivals.contains(&self.mv)
            }
            Move::Put { .. } => return None,
        };
        let san = SanPlus {
            san: San::disambiguate(self.mv, &rivals),
            suffix: candidate.then(|| crate::label::suffix(after)).flatten(),
        };
        Some(MoveLabel {
            number: self.fullmoves.get(),
            side: us,
            text: MoveText::San(san),
        })
    }

    /// The board before the move, set back from `board`, the one the move
    /// of `us` left: the pieces stepped back, the captured one restored.
    fn board_set_back(&self, mut board: Board, us: Color) -> Option<Board> {
        match self.mv {
            Move::Normal {
                role,
                from,
                capture,
                to,
                ..
            } => {
                board.discard_piece_at(to);
                board.set_piece_at(from, role.of(us));
                if let Some(captured) = capture {
                    board.set_piece_at(to, captured.of(!us));
                }
            }
            Move::EnPassant { from, to } => {
                board.discard_piece_at(to);
                board.set_piece_at(from, Role::Pawn.of(us));
                board.set_piece_at(
                    Square::from_coords(to.file(), from.rank()),
                    Role::Pawn.of(!us),
                );
            }
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(king < rook);
                board.discard_piece_at(side.king_to(us));
                board.discard_piece_at(side.rook_to(us));
                board.set_piece_at(king, Role::King.of(us));
                board.set_piece_at(rook, Role::Rook.of(us));
            }
            Move::Put { .. } => return None,
        }
        Some(board)
    }
}

/// shakmaty's `Position::is_irreversible`, asked on every ply: the same
/// answer (`irreversible_as_shakmaty_says`), with its usual questions
/// skipped where they cannot change it. A piece's step needs no look at
/// the castling rights when no right is left (most of a game), nor the
/// call for a legal en passant square when the position offers none
/// (all but a few plies): together some ten instructions a ply.
#[inline(always)]
fn is_irreversible(pos: &Chess, mv: Move) -> bool {
    match mv {
        Move::Normal {
            role,
            from,
            to,
            capture: None,
            ..
        } if role != Role::Pawn => {
            let rights = pos.castles().castling_rights();
            (rights.any()
                && (rights.contains(from)
                    || rights.contains(to)
                    || (role == Role::King && pos.castles().has_color(pos.turn()))))
                || (pos.maybe_ep_square().is_some() && pos.legal_ep_square().is_some())
        }
        // A pawn's move, a capture, castling, en passant, a piece put.
        _ => true,
    }
}

/// Whether shakmaty sets `pos` up as it stands: a legal position.
fn sets_up(pos: &Chess, mode: CastlingMode) -> bool {
    // Nearly every game starts from the standard position.
    static STANDARD: std::sync::LazyLock<Chess> = std::sync::LazyLock::new(Chess::default);
    *pos == *STANDARD
        || Chess::from_setup(pos.to_setup(EnPassantMode::Always), mode).is_ok_and(|p| p == *pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use scoresheet::notation::parse_move;
    use shakmaty::{
        EnPassantMode,
        fen::Fen,
        san::{San, SanPlus},
        zobrist::Zobrist128,
    };

    use crate::{mating::position_from_fen, testing::xorshift};

    /// A label told without the position before set up whole
    /// ([`Undo::quick_label`]) is the label of that position, for every
    /// move of random games that has one (pawns' captures, promotions, en
    /// passant, castling, checks, mates, pins and rivals on a file or rank
    /// pass by); `last_label` gives it either way.
    #[test]
    fn a_quick_label_is_the_label_of_the_position_set_back() {
        let mut seed: u64 = 0x9a3c_1b07_d2e4_5f61;
        let (mut told, mut asked, mut ambiguous) = (0, 0, 0);
        for _ in 0..200 {
            let mut game = Replay::new(Chess::default(), CastlingMode::Standard);
            for _ in 0..120 {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                xorshift(&mut seed);
                let index = usize::try_from(seed % moves.len() as u64).unwrap_or(0);
                game.play_move(moves[index], None);
                let Some(Before::Undo(undo)) = &game.prev else {
                    continue;
                };
                asked += 1;
                let before = undo
                    .set_back(&game.pos, game.mode)
                    .expect("a legal move sets back");
                let whole = MoveLabel::of(&before, crate::label::san_plus(&before, undo.mv));
                if let Some(label) = undo.quick_label(&game.pos) {
                    told += 1;
                    if let MoveText::San(SanPlus {
                        san: San::Normal { file, rank, .. },
                        ..
                    }) = &label.text
                    {
                        ambiguous += usize::from(file.is_some() || rank.is_some());
                    }
                    assert_eq!(
                        label,
                        whole,
                        "{}",
                        Fen::from_position(&before, EnPassantMode::Legal)
                    );
                }
                assert_eq!(game.last_label(), Some(whole));
            }
        }
        assert!(told > 5_000 && told < asked, "{told} of {asked}");
        assert!(ambiguous > 100, "{ambiguous} disambiguated");
    }

    /// The walk's own `is_irreversible` against shakmaty's, for every
    /// legal move of the positions of random games (castling rights and
    /// en passant squares, offered or not, pass by) and for the pieces'
    /// displacements after an illegal move that stood: the same answer.
    #[test]
    fn irreversible_as_shakmaty_says() {
        let (mut asked, mut irreversible, mut offered) = (0, 0, 0);
        let mut check = |pos: &Chess| {
            offered += usize::from(pos.legal_ep_square().is_some());
            let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
            // Steps that are no legal move: a king or rook off its square
            // with the rights still standing, onto a square of a right.
            for from in pos.us() {
                for to in [Square::A1, Square::H8, Square::E4, Square::B7] {
                    if let Some(role) = pos.board().role_at(from)
                        && !pos.board().occupied().contains(to)
                    {
                        moves.push(Move::Normal {
                            role,
                            from,
                            capture: None,
                            to,
                            promotion: None,
                        });
                    }
                }
            }
            for mv in moves {
                asked += 1;
                irreversible += usize::from(pos.is_irreversible(mv));
                assert_eq!(
                    is_irreversible(pos, mv),
                    pos.is_irreversible(mv),
                    "{mv:?} in {}",
                    Fen::from_position(pos, EnPassantMode::Always)
                );
            }
        };
        crate::testing::random_games(0x1e7e_2501, 300, 120, &mut check);
        crate::testing::irregular_positions(0x1e7e_2502, 100, 80, &mut check);
        assert!(asked > 100_000 && irreversible > 10_000 && irreversible < asked);
        assert!(offered > 50, "en passant offered {offered} times");
    }

    fn replay(fen: &str, moves: &str) -> Replay {
        let pos: Chess = fen
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let mut game = Replay::new(pos, CastlingMode::Standard);
        for token in moves.split_whitespace() {
            let n = parse_move(token.as_bytes()).expect("notation");
            game.play(&n.written, n.mark).expect("legal move");
        }
        game.settle();
        game
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// A king step is a legal move: `has_king_step` says so exactly where
    /// shakmaty's legal moves hold a king move other than castling, in
    /// random games (checks, double checks, mates and stalemates on the
    /// way) and in positions where a slider checks along the king's line.
    #[test]
    fn a_king_step_is_a_legal_king_move() {
        let king_move = |p: &Chess| {
            p.legal_moves()
                .iter()
                .any(|m| m.role() == Role::King && !m.is_castle())
        };
        let (mut steps, mut none, mut checks) = (0, 0, 0);
        let mut check = |p: &Chess| {
            assert_eq!(
                has_king_step(p),
                king_move(p),
                "{}",
                Fen::from_position(p, EnPassantMode::Legal)
            );
            if has_king_step(p) {
                steps += 1;
            } else {
                none += 1;
            }
            checks += usize::from(p.is_check());
        };
        crate::testing::random_games(0x0123_4567_89ab_cdef, 120, 300, &mut check);
        // Positions an illegal move that stood leaves: a king next to the
        // other, the side not to move in check.
        let irregular =
            crate::testing::irregular_positions(0x1405_7b7e_f767_814f, 60, 200, &mut check);
        assert!(irregular > 100, "{irregular}");
        for fen in [
            // The rook's check covers e1's far side: Kf1 is not a step.
            "4k3/8/8/8/8/8/8/r3K3 w - - 0 1",
            // Mated on the back rank; stalemated in the corner.
            "3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
            "k7/2Q5/8/8/8/8/8/7K b - - 0 1",
            // Only a step back along the bishop's diagonal is covered.
            "7k/8/8/8/3K4/8/1b6/8 w - - 0 1",
        ] {
            check(&position_from_fen(fen).expect("fen"));
        }
        assert!(
            steps > 1000 && none > 100 && checks > 100,
            "{steps} {none} {checks}"
        );
    }

    /// Settling a position an illegal move left (the replay can hold one
    /// after a move nobody noticed) finds mate and stalemate exactly where
    /// shakmaty does, the king-step shortcut included.
    #[test]
    fn settling_an_irregular_position_agrees_with_shakmaty() {
        let (mut seen, mut ended) = (0, 0);
        let irregular = crate::testing::irregular_positions(0x2545_f491_4f6c_dd1d, 60, 200, |p| {
            let mut replay = Replay::new(p.clone(), CastlingMode::Standard);
            replay.settle();
            let (mate, stalemate) = (p.is_checkmate(), p.is_stalemate());
            match replay.ending().map(|e| &e.kind) {
                Some(EndingKind::Checkmate { winner }) => {
                    assert!(mate && *winner != p.turn());
                }
                Some(EndingKind::Stalemate) => assert!(stalemate),
                _ => assert!(
                    !mate && !stalemate,
                    "{}",
                    Fen::from_position(p, EnPassantMode::Legal)
                ),
            }
            seen += 1;
            ended += usize::from(mate || stalemate);
        });
        assert!(
            seen > 500 && ended > 0 && irregular > 100,
            "{seen} {ended} {irregular}"
        );
    }

    /// The count of the current position's occurrences is kept from one
    /// question to the next (the fivefold test after a move, the look for
    /// missed claims before the next): at every ply of games that repeat
    /// positions, broken off by captures, castling and pawn moves, it is the
    /// number of plies the uncounted list names, asked once and twice.
    #[test]
    fn the_kept_count_is_the_count() {
        let start: Chess = START
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let lines = [
            "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4 e5 Ke2 Ke7 Ke1 Ke8 Ke2 Ke7 Ke1 Ke8",
            "e4 e5 Nf3 Nc6 Bc4 Bc5 O-O Nf6 Ng5 O-O Nf3 Ne8 Ng5 Nf6 Nf3 Ne8 Ng5 Nf6 Nxf7 Rxf7 Bxf7+ Kxf7",
        ];
        for line in lines {
            let mut game = Replay::new(start.clone(), CastlingMode::Standard);
            for token in line.split_whitespace() {
                let n = parse_move(token.as_bytes()).expect("notation");
                game.play(&n.written, n.mark).expect("legal move");
                let listed = game.occurrences().len();
                assert_eq!(game.occurrence_count(), listed, "{line}: after {token}");
                assert_eq!(
                    game.occurrence_count(),
                    listed,
                    "{line}: after {token}, again"
                );
            }
        }
    }

    #[test]
    fn fivefold_counts_scattered_occurrences() {
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ";
        let game = replay(START, &shuffle.repeat(4));
        let ending = game.ending().expect("fivefold");
        assert_eq!(ending.ply, 16);
        assert_eq!(
            ending.kind,
            EndingKind::FivefoldRepetition {
                occurrences: vec![0, 4, 8, 12, 16]
            }
        );
    }

    #[test]
    fn fivefold_looks_only_at_the_same_side_to_move() {
        // Random walks of kings and knights repeat positions often; at every
        // ply the count over every second entry must agree with the full count.
        let start: Chess = "8/8/2n5/4k3/8/8/8/4K2N w - - 0 1"
            .parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut fivefolds = 0;
        for _ in 0..200 {
            let mut game = Replay::new(start.clone(), CastlingMode::Standard);
            for _ in 0..120 {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                xorshift(&mut seed);
                // A choice among the first three moves keeps the walk near home.
                let mv = moves[(seed % moves.len().min(3) as u64) as usize];
                game.play_move(mv, None);
                let count = game.occurrences().len();
                assert_eq!(game.occurrence_count(), count);
                assert_eq!(game.fivefold(), count >= 5);
                fivefolds += usize::from(game.fivefold());
            }
        }
        assert!(fivefolds > 0, "the walks repeat positions five times");
    }

    #[test]
    fn the_last_move_is_named_from_the_position_set_back() {
        // Random games from the start and from set-up positions (castling
        // both ways, en passant, promotions with and without capture, a
        // Chess960 start): after every move the label named from the
        // position set back must be the one named from a copy kept before
        // the move. After an illegal move that stood the replay copies.
        let starts = [
            (Chess::default(), CastlingMode::Standard),
            (
                position_from_fen("r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 30")
                    .expect("fen"),
                CastlingMode::Standard,
            ),
            (
                "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
                    .parse::<Fen>()
                    .expect("fen")
                    .into_position(CastlingMode::Chess960)
                    .expect("legal"),
                CastlingMode::Chess960,
            ),
        ];
        let mut seed = 0x51_7cc1_b727_220a_u64;
        let (mut named, mut kinds) = (0, [0; 4]);
        for game_index in 0..240 {
            let (start, mode) = &starts[game_index % starts.len()];
            let mut game = Replay::new(start.clone(), *mode);
            assert!(!game.copies, "a legal start is set back");
            for _ in 0..120 {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                xorshift(&mut seed);
                // Castling, en passant and promotions whenever legal, else any move.
                let mv = moves
                    .iter()
                    .find(|m| {
                        (m.is_castle() || m.is_en_passant() || m.is_promotion())
                            && seed.is_multiple_of(3)
                    })
                    .copied()
                    .unwrap_or(moves[(seed % moves.len() as u64) as usize]);
                kinds[match mv {
                    Move::Normal {
                        promotion: Some(_), ..
                    } => 0,
                    Move::EnPassant { .. } => 1,
                    Move::Castle { .. } => 2,
                    _ => 3,
                }] += 1;
                let before = game.position().clone();
                game.play_move(mv, None);
                let expected = MoveLabel::of(&before, SanPlus::from_move(before.clone(), mv));
                assert_eq!(game.last_label(), Some(expected), "{mv:?}");
                let Some(Before::Undo(undo)) = &game.prev else {
                    panic!("a legal move is set back, not copied");
                };
                assert_eq!(undo.set_back(game.position(), *mode), Some(before));
                named += 1;
            }
        }
        assert!(
            named > 10_000 && kinds.iter().all(|&k| k > 20),
            "{named} {kinds:?}"
        );
        // An illegal move that stood (the king two squares at once): the
        // positions after such a move may be illegal, so the replay copies.
        let mut game = replay(START, "e4 e5");
        let ke3 = Move::Normal {
            role: Role::King,
            from: Square::E1,
            capture: None,
            to: Square::E3,
            promotion: None,
        };
        game.play_standing(ke3);
        assert!(game.copies);
        assert_eq!(
            game.last_label().map(|l| l.to_string()).as_deref(),
            Some("2.Ke3")
        );
    }

    /// The whole 9.2.3 identity, hashed: side to move, pieces, castling
    /// rights, a legal en passant capture. The oracle of the series, which
    /// compares boards and sides to move only.
    fn identity(pos: &Chess) -> u128 {
        pos.zobrist_hash::<Zobrist128>(EnPassantMode::Legal).0
    }

    /// The plies of `since` whose position has the identity of `pos`.
    fn plies_like(since: &[(Chess, usize)], pos: &Chess) -> Vec<usize> {
        let wanted = identity(pos);
        since
            .iter()
            .filter(|(p, _)| identity(p) == wanted)
            .map(|&(_, ply)| ply)
            .collect()
    }

    /// Checks what a claim of `claimed` would ask (9.2.1): the plies at
    /// which the position after it stood, by the full identity, and the ply
    /// it would have. Returns how many plies that is.
    fn check_occurrences_after(game: &Replay, since: &[(Chess, usize)], claimed: Move) -> usize {
        let mut after = game.position().clone();
        after.play_unchecked(claimed);
        let mut expected = if game.position().is_irreversible(claimed) {
            Vec::new()
        } else {
            plies_like(since, &after)
        };
        expected.push(game.ply() + 1);
        assert_eq!(game.occurrences_after(claimed), expected);
        expected.len()
    }

    /// A piece of the side to move to an empty square, both picked by
    /// `seed`: an illegal move that may stand (A.5.2).
    fn displacement(pos: &Chess, seed: u64) -> Option<Move> {
        let from = pos
            .us()
            .into_iter()
            .nth((seed >> 8) as usize % pos.us().count())?;
        let to = Square::new(u32::try_from((seed >> 16) % 64).unwrap_or(0));
        if pos.board().piece_at(to).is_some() {
            return None;
        }
        Some(Move::Normal {
            role: pos.board().role_at(from)?,
            from,
            capture: None,
            to,
            promotion: None,
        })
    }

    /// Checks the series after a ply against `since`, the positions since
    /// the last irreversible move: its boards, its start and length, and the
    /// plies of the current position, by the full identity. Returns those.
    /// Checks too that the count of pieces kept between captures is the
    /// board's.
    fn check_series(game: &Replay, since: &[(Chess, usize)]) -> Vec<usize> {
        assert_eq!(
            game.crowded,
            is_crowded(game.position().board()),
            "{}",
            game.ply()
        );
        let boards: Vec<&Board> = since.iter().map(|(p, _)| p.board()).collect();
        let kept = game.series.boards(game.position().board());
        assert_eq!(kept.iter().collect::<Vec<_>>(), boards);
        assert_eq!(
            (game.stretch_start(), game.stretch_len()),
            (since[0].1, since.len())
        );
        let plies = plies_like(since, game.position());
        assert_eq!(game.occurrences(), plies, "{}", game.ply());
        assert_eq!(game.occurrence_count(), plies.len(), "{}", game.ply());
        plies
    }

    #[test]
    fn before_series_is_the_position_before_the_series_began() {
        // Random games from the start and from positions with castling
        // rights and en passant chances, quiet moves preferred so that
        // series grow long: wherever the replay gives the position before
        // its series, it is the game's own position at that ply, with its
        // rights, en passant square and counters.
        let starts = [
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 9",
            "4k3/8/8/3pP3/8/8/8/4K1N1 w - d6 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ];
        let mut seed = 0x0be4_05e5_1e55_0001_u64;
        let (mut given, mut after_castling_loss, mut with_en_passant) = (0, 0, 0);
        for fen in starts.iter().cycle().take(150) {
            let start = position_from_fen(fen).expect("fen");
            let mut game = Replay::new(start.clone(), CastlingMode::Standard);
            let mut history = vec![start];
            for _ in 0..140 {
                if let Some((ply, before)) = game.before_series() {
                    assert_eq!(ply + 1, game.stretch_start());
                    assert_eq!(before, history[ply], "{fen} at ply {}", game.ply());
                    given += 1;
                    let series_first = &history[ply + 1];
                    after_castling_loss += usize::from(
                        before.castles().castling_rights()
                            != series_first.castles().castling_rights(),
                    );
                    with_en_passant +=
                        usize::from(before.ep_square(EnPassantMode::Legal).is_some());
                }
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                xorshift(&mut seed);
                let Some(mv) = crate::testing::quiet_move(&moves, seed, 4) else {
                    break;
                };
                game.play_move(mv, None);
                history.push(game.position().clone());
            }
        }
        assert!(
            given > 10_000 && after_castling_loss > 100 && with_en_passant > 10,
            "{given} {after_castling_loss} {with_en_passant}"
        );
    }

    #[test]
    fn the_series_finds_the_positions_of_the_same_identity() {
        // Random games from the start: double steps, en passant captures
        // (taken whenever legal), castling, promotions, and now and then a
        // piece displaced as an illegal move that stood (A.5.2) or nobody
        // noticed, which may leave an illegal position. At every ply the
        // series' boards, short series set back, long ones kept, must be
        // those of the positions since the last irreversible move, and the
        // positions it finds repeated (now and after a legal move) exactly
        // those of the same full identity.
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let (mut en_passant, mut displaced, mut recurred, mut set_back, mut after_recurred) =
            (0, 0, 0, 0, 0);
        for game_index in 0..300 {
            let mut game = Replay::new(Chess::default(), CastlingMode::Standard);
            let mut since: Vec<(Chess, usize)> = vec![(Chess::default(), 0)];
            for _ in 0..160 {
                let mut moves = game.position().legal_moves();
                // After a displacement the side not to move may be in check:
                // no move takes a king (as in `resolve`).
                moves.retain(|m| m.capture() != Some(Role::King));
                if moves.is_empty() {
                    break;
                }
                xorshift(&mut seed);
                // A claim with a written move asks about the position after it.
                let claimed = moves[(seed >> 24) as usize % moves.len()];
                after_recurred += usize::from(check_occurrences_after(&game, &since, claimed) > 1);
                let irreversible;
                if game_index % 3 == 0 && seed.is_multiple_of(23) {
                    let pos = game.position();
                    let Some(mv) = displacement(pos, seed) else {
                        continue;
                    };
                    irreversible = pos.is_irreversible(mv);
                    if seed.is_multiple_of(2) {
                        game.play_standing(mv);
                    } else {
                        game.play_unnoticed(mv);
                    }
                    displaced += 1;
                } else {
                    let mv = moves
                        .iter()
                        .find(|m| m.is_en_passant())
                        .copied()
                        .unwrap_or(moves[(seed % moves.len() as u64) as usize]);
                    en_passant += usize::from(mv.is_en_passant());
                    irreversible = game.position().is_irreversible(mv);
                    game.play_move(mv, None);
                }
                if irreversible {
                    since.clear();
                }
                since.push((game.position().clone(), game.ply()));
                set_back += usize::from(!game.series.keeps_boards());
                let plies = check_series(&game, &since);
                recurred += usize::from(plies.len() > 1);
            }
        }
        assert!(
            en_passant > 0
                && displaced > 100
                && recurred > 0
                && after_recurred > 0
                && set_back > 1000,
            "{en_passant} {displaced} {recurred} {after_recurred} {set_back}"
        );
    }

    #[test]
    fn long_series_of_pieces_find_the_positions_of_the_same_identity() {
        // Pieces only, moves that keep the series going preferred: series
        // longer than the room first made for their steps, filters that can
        // no longer tell a position is new, boards with an earlier one's
        // occupied squares and other pieces on them, displacements (A.5.2)
        // that make a series keep its boards, and the step-only series after
        // them. At every ply the counts and plies must be those of the
        // positions of the same full identity (an independent review's test).
        let starts = [
            "4k3/8/8/8/8/8/8/RN2K1NR w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
            "1n2k1n1/8/8/8/8/8/8/1N2K1N1 w - - 0 1",
            "8/8/2n5/4k3/8/8/8/4K2N w - - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K1N1 w - d6 0 1",
        ];
        let mut seed = 0x1234_5678_9abc_def1_u64;
        let (mut unsure, mut long, mut same_squares, mut recurred, mut kept_then_steps) =
            (0, 0, 0, 0, 0);
        for (game_index, fen) in starts.iter().cycle().take(400).enumerate() {
            let start = position_from_fen(fen).expect("fen");
            let mut game = Replay::new(start.clone(), CastlingMode::Standard);
            if game_index % 2 == 0 {
                game = game.positions_only();
            }
            let mut since: Vec<(Chess, usize)> = vec![(start, 0)];
            let mut was_kept = false;
            for _ in 0..400 {
                let mut moves = game.position().legal_moves();
                moves.retain(|m| m.capture() != Some(Role::King));
                if moves.is_empty() {
                    break;
                }
                xorshift(&mut seed);
                let claimed = moves[(seed >> 24) as usize % moves.len()];
                check_occurrences_after(&game, &since, claimed);
                let irreversible;
                if game_index % 5 == 1 && seed.is_multiple_of(61) {
                    let pos = game.position();
                    let Some(mv) = displacement(pos, seed).filter(|m| m.role() != Role::Pawn)
                    else {
                        continue;
                    };
                    irreversible = pos.is_irreversible(mv);
                    game.play_standing(mv);
                } else {
                    let pos = game.position();
                    let quiet: Vec<Move> = moves
                        .iter()
                        .copied()
                        .filter(|m| !pos.is_irreversible(*m))
                        .collect();
                    let pool = if !quiet.is_empty() && !seed.is_multiple_of(50) {
                        &quiet[..]
                    } else {
                        &moves[..]
                    };
                    let mv = pool[((seed >> 3) % pool.len().min(4) as u64) as usize];
                    irreversible = pos.is_irreversible(mv);
                    game.play_move(mv, None);
                }
                if irreversible {
                    since.clear();
                }
                since.push((game.position().clone(), game.ply()));
                let kept = game.series.keeps_boards();
                kept_then_steps += usize::from(was_kept && !kept);
                was_kept = kept;
                let board = game.position().board();
                let plies = check_series(&game, &since);
                if !kept {
                    unsure += usize::from(game.series.may_recur() && plies.len() == 1);
                    same_squares +=
                        usize::from(since.iter().rev().step_by(2).skip(1).any(|(p, _)| {
                            p.board().occupied() == board.occupied() && p.board() != board
                        }));
                }
                long += usize::from(since.len() > 129);
                recurred += usize::from(plies.len() > 1);
                // Asked again: the count kept from the first time.
                assert_eq!(game.occurrence_count(), plies.len(), "{fen}");
                if game.ending().is_some() && game_index % 2 == 1 {
                    break;
                }
            }
        }
        assert!(
            unsure > 0 && long > 0 && same_squares > 0 && recurred > 0 && kept_then_steps > 0,
            "{unsure} {long} {same_squares} {recurred} {kept_then_steps}"
        );
    }

    #[test]
    fn a_castle_without_the_right_lets_the_position_recur() {
        // Castling without the right, an illegal move that stood (A.5.2),
        // loses no right: after the king and the rook walk back, the start
        // position stands again, and its first occurrence counts (9.2.3).
        let start = position_from_fen("k7/8/8/8/8/8/8/4K2R w - - 0 1").expect("fen");
        let mut game = Replay::new(start.clone(), CastlingMode::Standard);
        let castle = parse_move(b"O-O").expect("notation").written;
        let mv = crate::standing::physical_move(game.position(), &castle).expect("a displacement");
        assert!(mv.is_castle() && game.position().is_irreversible(mv));
        game.play_standing(mv);
        for token in ["Kb8", "Kf2", "Ka8", "Rh1", "Kb8", "Ke1"] {
            let written = parse_move(token.as_bytes()).expect("notation").written;
            game.play(&written, None).expect("legal");
        }
        // Before Black's last move: the claim with the written move (9.2.1).
        let back = parse_move(b"Ka8").expect("notation").written;
        let ka8 = resolve(game.position(), &back, CastlingMode::Standard).expect("legal");
        assert_eq!(game.occurrences_after(ka8), vec![0, 8]);
        game.play(&back, None).expect("legal");
        assert_eq!(game.position(), &start);
        assert_eq!(game.occurrences(), vec![0, 8]);
        assert_eq!(game.stretch_start(), 0);
        // With the right, the castle loses it: the start cannot recur.
        let start = position_from_fen("k7/8/8/8/8/8/8/4K2R w K - 0 1").expect("fen");
        let mut game = Replay::new(start, CastlingMode::Standard);
        game.play(&castle, None).expect("legal");
        assert_eq!(game.stretch_start(), 1);
    }

    #[test]
    fn pinned_en_passant_does_not_break_identity() {
        // Digest edge case 1: after 1...d5 exd6 would expose Ka5 to Rh5.
        let game = replay(
            "1n4k1/3p4/8/K3P2r/8/8/8/6N1 b - - 0 1",
            "d5 Nf3 Kh8 Ng1 Kg8 Nf3 Kh8 Ng1 Kg8",
        );
        assert_eq!(game.occurrences(), vec![1, 5, 9]);
        // Digest edge case 2: no pin, so the first position differs.
        let game = replay(
            "1n4k1/3p4/8/4P3/8/8/8/K5N1 b - - 0 1",
            "d5 Nf3 Kh8 Ng1 Kg8 Nf3 Kh8 Ng1 Kg8",
        );
        assert_eq!(game.occurrences(), vec![5, 9]);
    }

    #[test]
    fn lost_castling_right_changes_identity() {
        let game = replay("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kf1 Kd8 Ke1 Ke8");
        assert_eq!(game.occurrences(), vec![4]);
    }

    #[test]
    fn mate_on_the_150th_ply_wins() {
        let game = replay("7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Ra8#");
        assert!(matches!(
            game.ending().map(|e| &e.kind),
            Some(EndingKind::Checkmate {
                winner: Color::White
            })
        ));
        let game = replay("7k/8/6K1/8/8/8/8/R7 w - - 149 100", "Rb1");
        assert_eq!(
            game.ending().map(|e| (&e.kind, e.ply)),
            Some((&EndingKind::SeventyFiveMoves { since: 0 }, 1))
        );
    }

    #[test]
    fn wrong_marks() {
        let mut game = replay(START, "e4 e5");
        let qh5 = parse_move(b"Qh5+").expect("notation");
        let played = game.play(&qh5.written, qh5.mark).expect("legal");
        assert_eq!(played.wrong_mark, Some(Mark::Check));
        assert_eq!(
            game.last_label().map(|l| l.to_string()).as_deref(),
            Some("2.Qh5")
        );
    }

    #[test]
    fn dead_position_by_capture() {
        let game = replay("kb6/8/8/8/8/8/8/K1B1n3 w - - 0 1", "Bd2");
        assert!(game.ending().is_none());
        let game = replay("kb6/8/8/8/8/8/3n4/K1B5 w - - 0 1", "Bxd2");
        assert_eq!(
            game.ending().map(|e| (&e.kind, e.ply)),
            Some((&EndingKind::DeadPosition, 1))
        );
    }

    #[test]
    fn dead_position_through_a_forced_recapture() {
        // 1.Qxg7+: the only reply Kxg7 leaves kings only, so the position after Qxg7+ is dead.
        let game = replay("7k/6p1/8/8/8/8/8/K5Q1 w - - 0 1", "Qxg7+");
        assert_eq!(
            game.ending().map(|e| (&e.kind, e.ply)),
            Some((&EndingKind::DeadPosition, 1))
        );
        // The same through a quiet check: Qg7+ is reversible, Kxg7 forced.
        let game = replay("7k/8/8/8/8/8/8/KN4Q1 w - - 0 1", "Qg7+");
        assert_eq!(
            game.ending().map(|e| (&e.kind, e.ply)),
            Some((&EndingKind::DeadPosition, 1))
        );
        // With a rook left after Kxg7, White can still mate.
        let game = replay("7k/6p1/8/8/8/8/8/KR4Q1 w - - 0 1", "Qxg7+");
        assert!(game.ending().is_none());
    }

    #[test]
    fn a_move_that_breaks_article_4_does_not_mate() {
        let mut game = replay(START, "f3 e5 g4");
        game.next_move_breaks_article_4();
        let qh4 = parse_move(b"Qh4#").expect("notation");
        game.play(&qh4.written, qh4.mark).expect("legal");
        game.settle();
        assert!(game.ending().is_none());
    }
}
