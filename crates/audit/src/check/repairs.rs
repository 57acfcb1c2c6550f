//! Checking the whole scoresheet in one pass: the move numbers against the
//! board, and at a move that does not replay, the correction that explains
//! the rest of the record (`laws::repair`), so that the walk goes on and
//! every error is reported at its own ply.
//!
//! Rulings rest on the record as written: after the first correction taken
//! the walk goes on *reconstructing* — later errors and numbers are checked,
//! but no event, claim or ending is ruled on, and `plies` stays where the
//! record as written broke. An illegal move that stood is no correction of
//! the record: the walk goes on ruling from the displaced position.
//!
//! Bounds: at most [`MAX_SEARCHES`] searches per game (then the error says
//! checking gave up there, `details.repair_search`), at most
//! [`MAX_NUMBER_WARNINGS`] number warnings.

use laws::{
    Article, Ending, GameClass,
    repair::{self, Ahead, Candidate, Edit, MayStand, Question, Search},
    resolve::{extra_capture_sign, resolve},
    standing,
};
use scoresheet::{Dialect, RecordedMove, WrittenMove};
use shakmaty::{
    Chess, Color, Position, Role, Square,
    san::{San, SanPlus},
};

use super::walk::{GameAudit, Step};
use crate::{
    facts::{Facts, MissingFacts, MoveProblem, NumberFacts, Repair},
    kind::Kind,
    report::Finding,
};

/// Repair searches per game: past them checking gives up, linear in junk.
pub(super) const MAX_SEARCHES: usize = 12;
/// Number warnings per game: a file that numbers every ply says so a few
/// times, not at every move.
pub(super) const MAX_NUMBER_WARNINGS: usize = 8;

/// What the whole-sheet check carries between moves.
#[derive(Debug, Default)]
pub(super) struct Reconstruction {
    /// The written half-move minus the board's, as last seen: a record
    /// numbered consistently off (a fragment, a FEN's number) says so once.
    offset: Option<i64>,
    /// The off-count last warned about: a run of numbers off by the same
    /// count is one warning; a number that fits again ends the run.
    reported: Option<i64>,
    number_warnings: usize,
    searches: usize,
    /// Plies replayed from the record as written, once it broke.
    pub written_plies: Option<usize>,
    /// The ending reached by the record as written, when it broke.
    pub written_ending: Option<Ending>,
    pub repairs: usize,
    /// Replaying with corrections: nothing is ruled on any more.
    pub active: bool,
    /// Recorded tokens a correction already stood for.
    pub skip: usize,
    /// Half-moves the numbers say are missing before the current token.
    missing: usize,
    /// Tokens read as illegal moves that stood, for the replays after the walk.
    pub stood: Vec<usize>,
    german: Option<bool>,
    /// What the corrections change in the text, in its order.
    pub rewrites: Vec<crate::rewrite::Rewrite>,
}

impl GameAudit<'_, '_> {
    /// One recorded token: its number checked, then played (or repaired).
    pub(super) fn step(&mut self, index: usize) -> Step {
        let sheet = self.ctx.sheet;
        let Some(recorded) = sheet.moves.get(index) else {
            return Step::Stop;
        };
        self.fix.missing = 0;
        if let Some(delta) = self.number_delta(index) {
            let written = recorded.notation.as_ref().ok().map(|n| n.written);
            let read = written.map(|w| {
                resolve(self.replay.position(), &w, self.replay.castling_mode())
                    .map(|m| extra_capture_sign(&w, m))
            });
            // A capture sign on a move that captures nothing is read as the
            // move where nothing else is wrong; where the numbers say a move
            // is missing, the sign is evidence that this is the other
            // side's move (`20. Bxd8` after a Black move left out), so the
            // token does not count as playing.
            let plays = matches!(read, Some(Ok(false)));
            let only_as_slip = matches!(read, Some(Ok(true)));
            let missing = usize::try_from(delta)
                .ok()
                .filter(|d| (1..=repair::MAX_MISSING).contains(d));
            if let (Some(missing), true) = (missing, plays)
                && self.fix.searches < MAX_SEARCHES
            {
                self.fix.searches += 1;
                let search = self.search(index, missing);
                if let Some(c) = search.taken() {
                    let c = c.clone();
                    self.take_missing(index, &c, missing);
                    return Step::Next;
                }
                let tied = search.tied().to_vec();
                if !tied.is_empty() {
                    self.missing_untaken(index, &tied, missing);
                    return Step::Stop;
                }
            }
            match (missing, plays) {
                (Some(missing), false) => {
                    self.fix.missing = missing;
                    if only_as_slip {
                        return self.unplayable_as_written(recorded, index);
                    }
                }
                _ => self.number_warning(index, delta, plays),
            }
        }
        self.play(recorded, index)
    }

    /// The ply's move number as the lean walk ([`GameAudit::run_lean`])
    /// sees it: `true` where [`GameAudit::number_delta`] finds it fits (or
    /// nothing to check), with that call's effects. The usual case is
    /// answered here; the first number (which sets the count) and the first
    /// ply go to `number_delta` itself, whose effects are the same when the
    /// general path asks it again.
    #[inline]
    pub(super) fn number_fits(&mut self, index: usize, recorded: &RecordedMove) -> bool {
        self.fix.missing = 0;
        let Some(written) = recorded.number else {
            return true;
        };
        if self.fix.number_warnings >= MAX_NUMBER_WARNINGS {
            return true;
        }
        let Some(offset) = self.fix.offset.filter(|_| self.replay.ply() > 0) else {
            return self.number_delta(index).is_none();
        };
        let pos = self.replay.position();
        let board = half_move_of(pos);
        if written.half_move() - board != offset {
            return false;
        }
        self.fix.reported = None;
        true
    }

    /// How far the number before `index` is off the board's count, beyond
    /// the offset the record has shown so far; `None` where it fits.
    fn number_delta(&mut self, index: usize) -> Option<i64> {
        let written = self.ctx.sheet.moves.get(index)?.number?;
        if self.fix.number_warnings >= MAX_NUMBER_WARNINGS {
            return None;
        }
        let pos = self.replay.position();
        let board = half_move_of(pos);
        // A record that begins with Black's move, numbered as a move of
        // its own (`30. Kg7` for `30... Kg7`): an everyday way of writing
        // it, and the number is right.
        let black_first = self.replay.ply() == 0
            && pos.turn().is_black()
            && !written.black
            && written.number == pos.fullmoves().get();
        let delta = if black_first {
            0
        } else {
            written.half_move() - board
        };
        // From a set-up position the first number sets the count: FENs
        // often carry a move number of their own (`0 1` before `30.`).
        // A first number one or two half-moves past the FEN's says that
        // the record left them out, as at the standard start. Looked up
        // once, at the first number: a tag search at every move was the
        // check's largest cost on well-formed games.
        let sheet = self.ctx.sheet;
        let offset = *self.fix.offset.get_or_insert_with(|| {
            let missing = (1..=repair::MAX_MISSING as i64).contains(&delta);
            if sheet.known_tag(scoresheet::TagName::Fen).is_some() && !missing {
                delta
            } else {
                0
            }
        });
        let off = delta - offset;
        if off == 0 {
            self.fix.reported = None;
        }
        (off != 0 && self.fix.reported != Some(off)).then_some(off)
    }

    /// The number is off but the moves replay: a warning, and the count
    /// goes on from the number as written.
    fn number_warning(&mut self, index: usize, delta: i64, plays: bool) {
        let Some(recorded) = self.ctx.sheet.moves.get(index) else {
            return;
        };
        let Some(written) = recorded.number else {
            return;
        };
        self.fix.reported = Some(delta);
        self.fix.number_warnings += 1;
        let pos = self.replay.position().clone();
        let written_side = if written.black {
            Color::Black
        } else {
            Color::White
        };
        // The number names the other side, one column off: the move was
        // written in the other player's column.
        let repair = (plays && written_side != pos.turn() && delta.abs() == 1)
            .then(|| {
                let notation = recorded.notation.as_ref().ok()?;
                let m = resolve(&pos, &notation.written, self.replay.castling_mode()).ok()?;
                let c = Candidate::single(Edit::WrongColumn, m);
                let tokens = self.ahead(index);
                let reach = repair::full_reach(&pos, self.replay.castling_mode(), &c, &tokens);
                Some(self.repair_facts(&pos, &c, 0, reach))
            })
            .flatten();
        if let Some(repair) = &repair {
            self.rewrite_number(index, repair);
        }
        let facts = Facts::MoveNumber(NumberFacts {
            written: written.number,
            written_side,
            number: pos.fullmoves().get(),
            side: pos.turn(),
            token: self.ctx.token(recorded.span),
            repair,
        });
        let mut f = Finding::new(Kind::MoveNumberMismatch, Some(self.replay.ply() + 1), facts)
            .player(pos.turn());
        f.token = Some(self.ctx.token(written.span));
        f.place = Some(self.ctx.place(written.span));
        self.findings.push(f);
    }

    /// The recorded tokens from `index` on, as the search reads them.
    fn ahead(&self, index: usize) -> Vec<Ahead> {
        let text = &self.ctx.text.bytes;
        self.ctx
            .sheet
            .moves
            .get(index..)
            .unwrap_or(&[])
            .iter()
            .map(|m| match &m.notation {
                Ok(n) => Ahead::Move(n.written, n.mark),
                Err(_) => Ahead::Unreadable {
                    square: repair::last_square(m.span.of(text)),
                },
            })
            .collect()
    }

    fn search(&self, index: usize, missing: usize) -> Search {
        let sheet = self.ctx.sheet;
        let text = &self.ctx.text.bytes;
        let here = sheet.moves.get(index).map(|m| m.span.of(text));
        let repeats = (1..=2).any(|back| {
            index
                .checked_sub(back)
                .and_then(|i| sheet.moves.get(i))
                .is_some_and(|m| Some(m.span.of(text)) == here)
        });
        let tokens = self.ahead(index);
        let respelled = match sheet.moves.get(index) {
            Some(m) if m.notation.is_err() => repair::respellings(m.span.of(text)),
            _ => Vec::new(),
        };
        repair::search(
            self.replay.position(),
            self.replay.castling_mode(),
            Question {
                tokens: &tokens,
                missing,
                repeats,
                may_stand: self.ctx.may_stand(),
                respelled: &respelled,
            },
        )
    }

    /// The record as written ends here: what later rulings rest on.
    fn freeze(&mut self) {
        self.broken = true;
        if self.fix.written_plies.is_none() {
            self.fix.written_plies = Some(self.replay.ply());
            self.fix.written_ending = self.replay.ending().cloned();
        }
    }

    /// A move that does not replay (`finding` says why): the correction that
    /// explains the record, taken where it is the unique best; else the
    /// candidates are listed and the walk stops.
    pub(super) fn repair_or_stop(&mut self, index: usize, mut finding: Finding) -> Step {
        if self.result_signal(index) {
            return Step::Stop;
        }
        if self.fix.searches >= MAX_SEARCHES {
            if let Facts::Move(m) = &mut finding.facts {
                m.gave_up = true;
            }
            self.findings.push(finding);
            self.freeze();
            return Step::Stop;
        }
        if self.ctx.record_as_played()
            && let Facts::Move(m) = &finding.facts
            && matches!(
                m.problem,
                MoveProblem::Illegal { .. } | MoveProblem::PromotionMissing
            )
            && let Some(Ok(notation)) = self.ctx.sheet.moves.get(index).map(|m| &m.notation)
            && let Some(mv) = standing::physical_move(self.replay.position(), &notation.written)
        {
            // The record as played, not a reading of it: no repair.
            let c = Candidate::single(Edit::Stood, mv);
            return self.stand(index, finding, &c);
        }
        self.fix.searches += 1;
        let missing = std::mem::take(&mut self.fix.missing);
        let search = self.search(index, missing);
        let pos = self.replay.position().clone();
        let tokens = self.ahead(index);
        let mode = self.replay.castling_mode();
        let Some(c) = search.taken().cloned() else {
            let tied = search.tied().to_vec();
            if !tied.is_empty() && tied.iter().all(|c| c.edit == Edit::MissingMove) {
                self.missing_untaken(index, &tied, missing);
                return Step::Stop;
            }
            let listed: Vec<Repair> = tied
                .iter()
                .take(super::SUGGESTIONS)
                .map(|c| {
                    let reach = repair::full_reach(&pos, mode, c, &tokens);
                    self.repair_facts(&pos, c, 0, reach)
                })
                .collect();
            self.rewrite_untaken(index, false, &listed);
            if let Facts::Move(m) = &mut finding.facts {
                m.repair_candidates = listed;
            }
            self.findings.push(finding);
            self.freeze();
            return Step::Stop;
        };
        if c.edit == Edit::MissingMove {
            self.take_missing(index, &c, missing);
            return Step::Next;
        }
        if missing > 0 {
            self.number_warning(index, i64::try_from(missing).unwrap_or(0), false);
        }
        let reach = repair::full_reach(&pos, mode, &c, &tokens);
        let facts = self.repair_facts(&pos, &c, 0, reach);
        // A move that stands is remarked on where it stands (`stand`).
        if !(c.edit == Edit::Stood && self.ctx.may_stand() == MayStand::Any) {
            self.rewrite_taken(index, &pos, &c, reach, &facts);
        }
        if let Facts::Move(m) = &mut finding.facts {
            m.repair = Some(facts);
        }
        self.fix.repairs += 1;
        // Rapid and blitz: the move stood under A.5.2 and the record stands.
        // Standard play: nobody noticed it, but the move was illegal all the
        // same (3.10.1): the record as written breaks there, and the
        // reconstruction goes on from the displaced position.
        if c.edit == Edit::Stood && self.ctx.may_stand() == MayStand::Any {
            return self.stand(index, finding, &c);
        }
        if c.edit == Edit::Stood
            && let Facts::Move(m) = &mut finding.facts
        {
            m.stood = true;
        }
        self.findings.push(finding);
        self.freeze();
        self.fix.active = true;
        for m in &c.moves {
            if c.edit == Edit::Stood {
                self.replay.play_unnoticed(*m);
            } else {
                self.replay.play_move(*m, None);
            }
        }
        self.fix.skip = c.consumed.saturating_sub(1);
        Step::Next
    }

    /// The illegal move was played and stood: A.5.2 in rapid and blitz,
    /// unnoticed in standard play (7.5.1 is applied during the game). The
    /// record stands, and the walk goes on from the displaced position.
    fn stand(&mut self, index: usize, mut finding: Finding, c: &Candidate) -> Step {
        let Some(&mv) = c.moves.first() else {
            return Step::Stop;
        };
        let stands = self
            .ctx
            .class
            .illegal_moves_stand(self.ctx.options.supervision);
        finding.article = Some(Article::ILLEGAL_MOVE_STANDS);
        let mut repair = None;
        if let Facts::Move(m) = &mut finding.facts {
            m.stood = true;
            repair.clone_from(&m.repair);
        }
        self.rewrite_stood(index, repair);
        self.findings.push(finding);
        self.fix.stood.push(index);
        if !self.fix.active {
            use std::hash::Hasher;
            self.fingerprint.write_u32(super::walk::move_key(mv));
        }
        if stands {
            self.replay.play_standing(mv);
        } else {
            self.replay.play_unnoticed(mv);
        }
        self.note_ending();
        Step::Next
    }

    /// The move number written before the token at `index`, if any.
    fn written_number(&self, index: usize) -> Option<u32> {
        let recorded = self.ctx.sheet.moves.get(index)?;
        recorded.number.map(|n| n.number)
    }

    /// Moves the numbers and the board say are missing, inserted: one
    /// `missing-move` error each, then the token after them as written.
    fn take_missing(&mut self, index: usize, c: &Candidate, missing: usize) {
        let pos = self.replay.position().clone();
        let tokens = self.ahead(index);
        let reach = repair::full_reach(&pos, self.replay.castling_mode(), c, &tokens);
        let written = self.written_number(index);
        let mut at = pos.clone();
        let sans = c.sans(&pos);
        let mut inserted = Vec::with_capacity(missing);
        for k in 0..missing.min(c.moves.len()) {
            let repair = self.repair_facts(&pos, c, k, reach);
            if let Some(san) = sans.get(k) {
                inserted.push((repair.clone(), *san));
            }
            let facts = Facts::MissingMove(MissingFacts {
                number: at.fullmoves().get(),
                side: at.turn(),
                written,
                repair: Some(repair),
                repair_candidates: Vec::new(),
            });
            let f = Finding::new(Kind::MissingMove, Some(self.replay.ply() + 1 + k), facts)
                .article(Article::RECORDING)
                .player(at.turn());
            self.findings.push(f);
            if let Some(m) = c.moves.get(k) {
                at.play_unchecked(*m);
            }
        }
        self.rewrite_missing(index, inserted);
        self.fix.repairs += missing;
        // Where the token after the gap replays as written (a pair missing
        // leaves the colours right), the record as written goes on further.
        if self.fix.written_plies.is_none() {
            let reach = repair::as_written_reach(&pos, self.replay.castling_mode(), &tokens);
            if reach > 0 {
                self.fix.written_plies = Some(self.replay.ply() + reach);
                self.fix.written_ending = self.replay.ending().cloned();
            }
        }
        self.freeze();
        self.fix.active = true;
        for m in &c.moves {
            self.replay.play_move(*m, None);
        }
        self.fix.skip = c.consumed.saturating_sub(1);
    }

    /// Moves are missing, but several insertions explain the record equally:
    /// listed, none taken, and the walk stops.
    fn missing_untaken(&mut self, index: usize, tied: &[Candidate], missing: usize) {
        let pos = self.replay.position().clone();
        let tokens = self.ahead(index);
        let mode = self.replay.castling_mode();
        let written = self.written_number(index);
        // The first missing move's candidates; the later ones follow from them.
        let mut listed: Vec<Repair> = Vec::new();
        for c in tied {
            if listed.len() >= super::SUGGESTIONS {
                break;
            }
            let reach = repair::full_reach(&pos, mode, c, &tokens);
            let r = self.repair_facts(&pos, c, 0, reach);
            if !listed.iter().any(|l| l.read_as == r.read_as) {
                listed.push(r);
            }
        }
        self.rewrite_untaken(index, true, &listed);
        let mut number = (pos.fullmoves().get(), pos.turn());
        for k in 0..missing {
            let facts = Facts::MissingMove(MissingFacts {
                number: number.0,
                side: number.1,
                written,
                repair: None,
                repair_candidates: if k == 0 { listed.clone() } else { Vec::new() },
            });
            let f = Finding::new(Kind::MissingMove, Some(self.replay.ply() + 1 + k), facts)
                .article(Article::RECORDING)
                .player(number.1);
            self.findings.push(f);
            number = match number.1 {
                Color::White => (number.0, Color::Black),
                Color::Black => (number.0 + 1, Color::White),
            };
        }
        self.freeze();
    }

    /// The typed facts of the `k`-th move of a correction made in `pos`.
    pub(super) fn repair_facts(
        &self,
        pos: &Chess,
        c: &Candidate,
        k: usize,
        reach: usize,
    ) -> Repair {
        let mut at = pos.clone();
        for m in c.moves.iter().take(k) {
            at.play_unchecked(*m);
        }
        let sans = c.sans(pos);
        let read_as = sans.get(k).cloned().unwrap_or(SanPlus {
            san: San::Null,
            suffix: None,
        });
        let start = self.replay.ply();
        let first = half_move_of(pos);
        let last = first + i64::try_from(reach).unwrap_or(0) - 1;
        let last = last.max(first);
        let reaches = (
            u32::try_from(last / 2 + 1).unwrap_or(u32::MAX),
            if last % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
        );
        Repair {
            edit: c.edit,
            read_as,
            number: at.fullmoves().get(),
            side: at.turn(),
            replays_to: start + reach,
            reaches,
            german: self.german(),
        }
    }

    /// Whether the scoresheet writes German piece letters.
    fn german(&self) -> bool {
        self.fix.german.unwrap_or_else(|| {
            self.ctx.sheet.moves.iter().any(|m| {
                m.notation
                    .as_ref()
                    .is_ok_and(|n| n.dialect == Dialect::German)
            })
        })
    }

    /// The last token (or the last two) put the kings on the centre
    /// squares: an electronic board's result signal, not a move (a note each).
    fn result_signal(&mut self, index: usize) -> bool {
        let moves = &self.ctx.sheet.moves;
        let rest = moves.get(index..).unwrap_or(&[]);
        if rest.is_empty() || rest.len() > 2 || self.fix.active {
            return false;
        }
        let mut board = self.replay.position().board().clone();
        let mut turn = self.replay.turn();
        for recorded in rest {
            let Ok(notation) = &recorded.notation else {
                return false;
            };
            let WrittenMove::San(San::Normal {
                role: Role::King,
                to,
                ..
            }) = notation.written
            else {
                return false;
            };
            let Some(from) = board.king_of(turn) else {
                return false;
            };
            if !CENTRE.contains(&to) || board.piece_at(to).is_some() {
                return false;
            }
            board.discard_piece_at(from);
            board.set_piece_at(to, Role::King.of(turn));
            turn = !turn;
        }
        let centred = [Color::White, Color::Black]
            .iter()
            .all(|c| board.king_of(*c).is_some_and(|k| CENTRE.contains(&k)));
        if !centred {
            return false;
        }
        let ply = self.replay.ply();
        let mut side = self.replay.turn();
        for (k, recorded) in rest.iter().enumerate() {
            let facts = Facts::ResultSignal {
                token: self.ctx.token(recorded.span),
            };
            let mut f = Finding::new(Kind::ResultSignal, Some(ply + 1 + k), facts).player(side);
            f.token = Some(self.ctx.token(recorded.span));
            f.place = Some(self.ctx.place(recorded.span));
            self.findings.push(f);
            side = !side;
        }
        true
    }
}

/// Where an electronic board's kings signal the result.
const CENTRE: [Square; 4] = [Square::D4, Square::E4, Square::D5, Square::E5];

impl super::Context<'_> {
    /// Whether an illegal recorded move may have been played and stood:
    /// under A.5.2 in rapid and blitz (the `TimeControl` tag or `--rules`),
    /// unnoticed in standard play; not under full supervision (A.4), where
    /// the arbiter acts at once.
    pub(super) fn may_stand(&self) -> MayStand {
        if self.class.illegal_moves_stand(self.options.supervision) {
            MayStand::Any
        } else if self.class == GameClass::Standard {
            MayStand::NotPromotion
        } else {
            MayStand::No
        }
    }

    /// `--rules rapid|blitz` says the record is the game as played: an
    /// illegal move in it stood (A.5.2), whatever else might explain it.
    fn record_as_played(&self) -> bool {
        self.options
            .class
            .is_some_and(|c| c.illegal_moves_stand(self.options.supervision))
    }
}

/// The half-move the position's move counter names, counted as
/// [`scoresheet::WrittenNumber::half_move`] counts a written number (White's
/// first move 0): what the record's numbers are compared with.
fn half_move_of(pos: &Chess) -> i64 {
    2 * (i64::from(pos.fullmoves().get()) - 1) + i64::from(pos.turn().is_black())
}
