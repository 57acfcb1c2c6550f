//! Walking the main line: each recorded move in turn, with the arbiter
//! events that stand before it. One [`GameAudit`] owns the replay, the state
//! between moves and the findings; every ending reaches the findings once,
//! through [`GameAudit::note_ending`] or the ruling that made it.

use std::hash::{Hash, Hasher};

use laws::{
    MoveError, Replay,
    claim::keeps_written_move,
    illegal::Tally,
    resolve::{extra_capture_sign, resolve, resolve_in_loop},
    touch,
};
use scoresheet::{Event, EventAt, RecordedMove, WrittenMove, WrittenToken};
use shakmaty::{CastlingMode, Chess, Color, Move, Position, Role, Square};

use super::{Context, repairs::Reconstruction};
use crate::{
    facts::{EventProblem, Facts, FlagEvidence, Occurrence},
    kind::Kind,
    report::{Finding, GameReport},
};

/// What an incorrect claim with a written move leaves behind (9.5.3).
pub(super) struct Obligation {
    pub ply: usize,
    pub token: String,
    pub written: WrittenMove,
    pub legal: Option<Move>,
}

/// Both flags recorded in one position get one ruling for the pair.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(super) enum FlagPair {
    #[default]
    None,
    /// Both flags stand in this position; the first of them rules on the pair.
    Pending,
    /// The pair has been ruled on; the other flag is part of that ruling.
    Ruled,
}

/// The state of the walk between moves.
#[derive(Default)]
pub(super) struct Walk {
    /// The pieces touched at this ply, in order (9.4, 4.8, Art. 4), and a promotion piece placed.
    pub touches: Vec<Square>,
    pub promotion: Option<Role>,
    /// The ply of the last move that broke Art. 4, for complaints.
    pub breach: Option<usize>,
    /// Completed illegal acts per player (7.5.5).
    pub illegal: Tally,
    /// A flag fall was recorded as an event.
    pub flag_seen: bool,
    /// Both players' flags recorded in the position being looked at.
    pub flag_pair: FlagPair,
    pub obligation: Option<Obligation>,
    /// Draw offers and claims standing as offers (9.1.2).
    pub offers: laws::offer::Offers,
    /// The claims nobody made (9.2, 9.3), followed position by position.
    pub missed: laws::missed::Opportunities,
    /// The kinds of claim made by the side to move at this ply.
    pub claimed_here: Vec<scoresheet::ClaimKind>,
    /// The claim being ruled on is accepted as an offer in the same
    /// position, before the arbiter rules (9.1.2.3).
    pub claim_accepted: bool,
    /// Where the game ended, by ply and move, once it has (for the sentences
    /// about events after the end and about a result the ending changes).
    pub ending_at: Option<Occurrence>,
}

impl Walk {
    fn next_ply(&mut self) {
        self.touches.clear();
        self.promotion = None;
        self.claimed_here.clear();
    }
}

/// One game being audited: the replay, the walk and what it found.
pub(super) struct GameAudit<'c, 'a> {
    pub ctx: &'c Context<'a>,
    pub replay: Replay,
    pub walk: Walk,
    pub findings: Vec<Finding>,
    /// The record broke before its end (an unreadable, illegal or ambiguous move).
    pub broken: bool,
    /// The whole-sheet check: numbers, repairs, how far the record as written went.
    pub fix: Reconstruction,
    start: Chess,
    /// A fast non-cryptographic hash: fingerprints only need to tell games apart.
    pub fingerprint: rustc_hash::FxHasher,
}

/// What the walk leaves for the game's ruling: the replay, whether the record
/// broke before its end, and where the game ended.
pub(super) struct Walked<'r> {
    pub replay: &'r Replay,
    pub broken: bool,
    pub ending_at: Option<Occurrence>,
    /// The ending the record as written reached (never a repaired one's).
    pub ending: Option<laws::Ending>,
}

/// Whether the walk goes on after a recorded move.
pub(super) enum Step {
    Next,
    Stop,
}

impl Context<'_> {
    /// Replays the main line, then hands `rule` the replay, whether the
    /// record broke before its end, and the ending the record as written
    /// reached. Nothing is replayed, and no ruling made, where the game has
    /// no start position.
    pub(super) fn replay(
        &self,
        report: &mut GameReport,
        rule: impl FnOnce(&mut GameReport, Walked<'_>),
    ) {
        let Some((start, mode)) = self.start_position(&mut report.findings) else {
            return;
        };
        let mut audit = GameAudit {
            ctx: self,
            replay: Replay::new(start.clone(), mode),
            walk: Walk::default(),
            findings: std::mem::take(&mut report.findings),
            broken: false,
            fix: Reconstruction::default(),
            start,
            fingerprint: rustc_hash::FxHasher::default(),
        };
        // The moves' keys are their squares: from another board the same
        // squares can be other moves, so a set-up game's board is part of it.
        if audit.start.board() != &shakmaty::Board::default() {
            audit.start.board().hash(&mut audit.fingerprint);
        }
        audit.note_ending();
        let mut events = self.events.iter().peekable();
        let plies = self.sheet.moves.len();
        let mut index = 0;
        while index < plies {
            // The plies before the next event, for as long as nothing else
            // is due either, in a loop of their own.
            let until = events.peek().map_or(plies, |e| e.after_ply.min(plies));
            let prepared;
            (index, prepared) = audit.run_lean(index, until);
            if index >= plies {
                break;
            }
            // The lean loop left off at this ply's move: what comes before
            // it is done (and no event stands here).
            if prepared {
                if let Step::Stop = audit.step(index) {
                    break;
                }
                index += 1;
                continue;
            }
            audit.walk.next_ply();
            // Most plies have no event and no claim: they go straight to the move.
            let here: Vec<&EventAt> = if events.peek().is_some_and(|e| e.after_ply <= index) {
                std::iter::from_fn(|| events.next_if(|e| e.after_ply <= index)).collect()
            } else {
                Vec::new()
            };
            if audit.fix.skip > 0 {
                audit.fix.skip -= 1;
                index += 1;
                continue;
            }
            // A reconstruction rules on nothing: rulings rest on the record as written.
            if !audit.fix.active {
                if !here.is_empty() {
                    audit.events_here(&here);
                }
                if !self.options.claims.is_empty() {
                    audit.extra_claims();
                }
                audit.missed_claims();
            }
            if let Step::Stop = audit.step(index) {
                break;
            }
            index += 1;
        }
        if !audit.broken {
            audit.walk.next_ply();
            let here: Vec<&EventAt> = events.collect();
            audit.events_here(&here);
            audit.extra_claims();
            audit.missed_claims();
        }
        audit.replay.settle();
        audit.note_ending();
        if !audit.broken {
            audit.final_flag();
        }
        let ending = audit.finish(report, mode);
        let walked = Walked {
            replay: &audit.replay,
            broken: audit.broken,
            ending_at: audit.walk.ending_at.take(),
            ending,
        };
        rule(report, walked);
    }
}

impl GameAudit<'_, '_> {
    /// Ends the game by a ruling (a flag fall, an upheld claim, a forfeit),
    /// the finding already recorded, and notes where it ended.
    pub(super) fn end_by(&mut self, kind: laws::EndingKind) {
        self.replay.end_by(kind);
        if self.walk.ending_at.is_none()
            && let Some(ending) = self.replay.ending()
        {
            let ply = ending.ply;
            let mv = (ply > 0).then(|| self.replay.last_label()).flatten();
            self.walk.ending_at = Some(Occurrence { ply, mv });
        }
    }

    /// Adds the ending's finding, the first time the replay knows of it.
    #[inline]
    pub(super) fn note_ending(&mut self) {
        if self.fix.active {
            return;
        }
        self.note_new_ending();
    }

    /// [`GameAudit::note_ending`] where `fix.active` is known false.
    #[inline(always)]
    fn note_new_ending(&mut self) {
        // Nearly every ply: no ending, or one reported already.
        if self.replay.has_new_ending() {
            self.record_new_ending();
        }
    }

    fn record_new_ending(&mut self) {
        if let Some(ending) = self.replay.take_new_ending() {
            let label = (ending.ply > 0).then(|| self.replay.last_label()).flatten();
            self.walk.ending_at = Some(Occurrence {
                ply: ending.ply,
                mv: label.clone(),
            });
            let f = self.ending_finding(&ending, label);
            self.findings.push(f);
        }
    }

    /// Plays the plies from `index` up to `until` (where the next event
    /// stands) for as long as nothing is due at them: no reconstruction, no
    /// claim option, no written move of a claim to compare, the game not
    /// over, a number that fits, a move that reads and is legal. The walk's
    /// loop does the same for such a ply through [`GameAudit::step`] and
    /// [`GameAudit::play`] (this is their usual case, in their order), but
    /// in a loop that holds every state of the walk, whose registers the
    /// compiler spills and reloads on every ply.
    ///
    /// Returns the first ply it did not play, and whether what comes before
    /// that ply's move is done (the next ply's reset, the look for claims
    /// nobody made): the general path takes the ply up at its move then
    /// ([`GameAudit::step`]), else from its start.
    #[inline(never)]
    pub(super) fn run_lean(&mut self, index: usize, until: usize) -> (usize, bool) {
        let ctx = self.ctx;
        if self.fix.active || self.fix.skip > 0 || !ctx.options.claims.is_empty() {
            return (index, false);
        }
        let mode = self.replay.castling_mode();
        // The fingerprint kept in a local through the loop, where it stays
        // in a register across the loop's calls (a field is read and written
        // back on every ply), and written back at the loop's end.
        let mut fingerprint = self.fingerprint.clone();
        let out = self.run_lean_loop(&mut fingerprint, index, until, mode);
        self.fingerprint = fingerprint;
        out
    }

    /// [`GameAudit::run_lean`]'s loop, the fingerprint passed apart.
    #[inline(always)]
    fn run_lean_loop(
        &mut self,
        fingerprint: &mut rustc_hash::FxHasher,
        mut index: usize,
        until: usize,
        mode: CastlingMode,
    ) -> (usize, bool) {
        let ctx = self.ctx;
        // What the general path clears before every ply (the touched
        // pieces, a promotion's piece, the claims made here) only events and
        // claims set, and an obligation only a claim: none comes within this
        // loop. Cleared and looked at before its first ply, they stay so
        // through the loop (four tests and three stores a ply fewer). Should
        // the first ply not be played here, the general path clears them
        // again, which changes nothing.
        if index < until {
            self.walk.next_ply();
            if self.walk.obligation.is_some() {
                return (index, false);
            }
        }
        while index < until {
            let Some(recorded) = ctx.sheet.moves.get(index) else {
                break;
            };
            let Ok(notation) = &recorded.notation else {
                break;
            };
            debug_assert!(self.walk.touches.is_empty() && self.walk.claimed_here.is_empty());
            debug_assert!(self.walk.promotion.is_none() && self.walk.obligation.is_none());
            // From here on the general path takes up the ply at its move.
            self.untouched_missed_claims();
            if self.replay.ending().is_some() || !self.number_fits(index, recorded) {
                return (index, true);
            }
            let Ok(resolved) = resolve_in_loop(self.replay.position(), &notation.written, mode)
            else {
                return (index, true);
            };
            let ply = self.replay.ply() + 1;
            let mover = self.replay.turn();
            let played = self.replay.play_move_inline(resolved.mv, notation.mark);
            fingerprint.write_u32(move_key(played.mv));
            self.walk.offers.touched(mover);
            // The marks' checks as `play` writes them out: one helper for
            // both cost this loop 2.8 M instructions on the bench slice. A
            // move the written SAN named exactly has no capture sign too
            // many: the look at the written move's fields (9.5 M) is left
            // to the moves resolved otherwise.
            debug_assert!(!(resolved.exact && extra_capture_sign(&notation.written, played.mv)));
            if !resolved.exact && extra_capture_sign(&notation.written, played.mv) {
                let f = ctx.wrong_capture_mark(&self.replay, ply, recorded.span, mover);
                self.findings.push(f);
            }
            if let Some(wrong) = played.wrong_mark {
                let f = ctx.wrong_mark(&self.replay, wrong, ply, recorded.span, mover);
                self.findings.push(f);
            }
            // `note_ending` without its test of `fix.active`, false
            // throughout the loop: tested on entry, set only by a repair,
            // and the loop makes none.
            debug_assert!(!self.fix.active);
            self.note_new_ending();
            index += 1;
        }
        (index, false)
    }

    /// One recorded move: replayed, or why not.
    pub(super) fn play(&mut self, recorded: &RecordedMove, index: usize) -> Step {
        let ctx = self.ctx;
        if self.fix.active {
            return self.play_reconstructing(recorded, index);
        }
        let ply = self.replay.ply() + 1;
        let mover = self.replay.turn();
        let mode = self.replay.castling_mode();
        if let (Some(ob), Ok(notation)) = (self.walk.obligation.take(), &recorded.notation)
            && ob.ply == ply
            && let Ok(played) = resolve(self.replay.position(), &notation.written, mode)
            && !keeps_written_move(&self.replay, &ob.written, ob.legal, played)
        {
            let f = ctx.written_move_not_played(&self.replay, &ob, recorded.span, mover);
            self.findings.push(f);
        }
        let ended_before = self.replay.ending().map(|e| (e.ply, e.article()));
        let touched = !self.walk.touches.is_empty() || self.walk.promotion.is_some();
        let duty = (ended_before.is_none() && touched).then(|| {
            touch::duty(
                self.replay.position(),
                &self.walk.touches,
                self.walk.promotion,
            )
        });
        let before = duty.as_ref().map(|_| self.replay.position().clone());
        // A move that breaks Art. 4 ends nothing by mate, stalemate or dead
        // position (the provisos of 5.1.1, 5.2.1, 5.2.2).
        if let (Some(duty), Ok(notation)) = (&duty, &recorded.notation)
            && let Ok(mv) = resolve(self.replay.position(), &notation.written, mode)
            && !duty.permits(mv)
        {
            self.replay.next_move_breaks_article_4();
        }
        let result = match &recorded.notation {
            Ok(notation) => self
                .replay
                .play(&notation.written, notation.mark)
                .map_err(Some),
            Err(_) => {
                self.replay.settle();
                Err(None)
            }
        };
        let played = match result {
            Ok(played) => played,
            Err(err) => return self.unplayable(recorded, err, ply, index),
        };
        self.fingerprint.write_u32(move_key(played.mv));
        // Touching a piece to move it refuses the opponent's offer (9.1.2.1).
        self.walk.offers.touched(mover);
        if let Some((end_ply, article)) = ended_before {
            if end_ply + 1 == ply
                && let Some(label) = self.replay.last_label()
            {
                let f = ctx.moves_after_end(label, ply, recorded.span, mover, article);
                self.findings.push(f);
            }
        } else {
            if let Ok(notation) = &recorded.notation
                && extra_capture_sign(&notation.written, played.mv)
            {
                let f = ctx.wrong_capture_mark(&self.replay, ply, recorded.span, mover);
                self.findings.push(f);
            }
            if let Some(wrong) = played.wrong_mark {
                let f = ctx.wrong_mark(&self.replay, wrong, ply, recorded.span, mover);
                self.findings.push(f);
            }
        }
        if let (Some(duty), Some(before), Ok(notation)) = (&duty, &before, &recorded.notation)
            && !duty.permits(played.mv)
        {
            self.walk.breach = Some(ply);
            let f = ctx.touch_violation(
                &self.replay,
                before,
                duty,
                &self.walk.touches,
                (ply, recorded.span, &notation.written),
            );
            self.findings.push(f);
        }
        self.note_ending();
        Step::Next
    }

    /// A recorded move after a correction: replayed, or the next error.
    fn play_reconstructing(&mut self, recorded: &RecordedMove, index: usize) -> Step {
        let result = match &recorded.notation {
            Ok(notation) => self
                .replay
                .play(&notation.written, notation.mark)
                .map_err(Some),
            Err(_) => Err(None),
        };
        match result {
            Ok(_) => Step::Next,
            Err(err) => {
                let ply = self.replay.ply() + 1;
                let f = self.error_finding(recorded, err, ply);
                self.repair_or_stop(index, f)
            }
        }
    }

    /// Why a recorded move does not replay, as a finding.
    fn error_finding(
        &self,
        recorded: &RecordedMove,
        err: Option<MoveError>,
        ply: usize,
    ) -> Finding {
        let ctx = self.ctx;
        match (err, &recorded.notation) {
            (Some(err), Ok(notation)) => ctx.move_error(
                self.replay.position(),
                &notation.written,
                recorded.span,
                err,
                ply,
            ),
            (_, Err(err)) => ctx.unparseable(&self.replay, recorded.span, *err),
            (None, Ok(_)) => ctx.unparseable(
                &self.replay,
                recorded.span,
                scoresheet::NotationError::Unknown,
            ),
        }
    }

    /// A token that replays only by reading a slip of notation, where the
    /// move numbers say a move is missing before it: an error of the
    /// record, as if it did not replay at all.
    pub(super) fn unplayable_as_written(&mut self, recorded: &RecordedMove, index: usize) -> Step {
        let ply = self.replay.ply() + 1;
        if self.fix.active {
            let f = self.error_finding(recorded, Some(MoveError::Illegal), ply);
            return self.repair_or_stop(index, f);
        }
        self.replay.settle();
        self.unplayable(recorded, Some(MoveError::Illegal), ply, index)
    }

    /// A recorded move that does not replay: a move after the end, or an
    /// error of the record, repaired where one correction explains it.
    fn unplayable(
        &mut self,
        recorded: &RecordedMove,
        err: Option<MoveError>,
        ply: usize,
        index: usize,
    ) -> Step {
        let ctx = self.ctx;
        let mover = self.replay.turn();
        self.note_ending();
        match self.replay.ending().map(|e| (e.ply, e.article())) {
            Some((end_ply, article)) => {
                if end_ply + 1 == ply {
                    let label = ctx.written_label(self.replay.position(), recorded.span);
                    let f = ctx.moves_after_end(label, ply, recorded.span, mover, article);
                    self.findings.push(f);
                }
                Step::Stop
            }
            None => {
                let finding = self.error_finding(recorded, err, ply);
                self.repair_or_stop(index, finding)
            }
        }
    }

    /// The report's row: plies, fingerprint, then what needs the whole game
    /// (clock readings, the moves of claim occurrences).
    ///
    /// Returns the ending the record as written reached. Borrows the audit
    /// (taken by value, all 1.2 KB of it were copied for every game); the
    /// caller moves the replay out.
    fn finish(&mut self, report: &mut GameReport, mode: CastlingMode) -> Option<laws::Ending> {
        let ctx = self.ctx;
        report.findings = std::mem::take(&mut self.findings);
        report.reconstructed_plies = self.replay.ply();
        report.plies = self.fix.written_plies.unwrap_or(report.reconstructed_plies);
        report.repairs = self.fix.repairs;
        report.rewrites = std::mem::take(&mut self.fix.rewrites);
        if report.plies > 0 {
            // The hasher in a local, where its state stays in a register
            // through the names' bytes, not read and written back in the
            // audit at every byte.
            let mut fingerprint = self.fingerprint.clone();
            for name in [&report.white, &report.black] {
                hash_name(name.as_deref().unwrap_or(""), &mut fingerprint);
            }
            report.fingerprint = Some(fingerprint.finish());
            self.fingerprint = fingerprint;
        }
        ctx.clock_readings(report, &self.start, mode);
        // The walk's positions are those of the moves as written only where
        // it repaired nothing and no illegal move stood.
        let as_written = self.fix.repairs == 0
            && self.fix.stood.is_empty()
            && self.fix.written_plies.is_none()
            && !self.fix.active
            && self.fix.rewrites.is_empty();
        let later = self.walk.missed.first_recurrence().filter(|_| as_written);
        ctx.name_repetitions(report, &self.start, mode, &self.fix.stood, later);
        ctx.ruling_clocks(report, &self.start);
        match self.fix.written_plies {
            Some(_) => self.fix.written_ending.take(),
            None => self.replay.ending().cloned(),
        }
    }

    /// The events recorded in one position, in order.
    fn events_here(&mut self, here: &[&EventAt]) {
        let turn = self.replay.turn();
        let flagged = |color| {
            here.iter().any(
                |e| matches!(&e.event, Ok(Event::Flag(named)) if named.unwrap_or(turn) == color),
            )
        };
        if flagged(Color::White) && flagged(Color::Black) {
            self.walk.flag_pair = FlagPair::Pending;
        }
        for (i, event) in here.iter().enumerate() {
            // `{ [%claim threefold] [%accept] }`: the opponent accepts the claim as an offer (9.1.2.3).
            self.walk.claim_accepted = matches!(event.event, Ok(Event::Claim { .. }))
                && here[i + 1..].iter().any(|later| match later.event {
                    Ok(Event::Accept(named)) => named.is_none_or(|c| c != turn),
                    _ => false,
                });
            self.event(event);
        }
        self.walk.claim_accepted = false;
        self.walk.flag_pair = FlagPair::None;
    }

    fn event(&mut self, at: &EventAt) {
        // Mate or stalemate ends the game before any event in that position.
        self.replay.settle();
        self.note_ending();
        let event = match &at.event {
            Ok(event) => event,
            Err(why) => {
                self.annotation_error(at, EventProblem::Unreadable(why.clone()));
                return;
            }
        };
        if self.walk.flag_pair == FlagPair::Ruled && matches!(event, Event::Flag(_)) {
            // The second flag of a pair, ruled with the first.
            return;
        }
        if let Some(ending) = self.replay.ending() {
            let ended = self.walk.ending_at.clone().unwrap_or(Occurrence {
                ply: ending.ply,
                mv: None,
            });
            let problem = EventProblem::GameOver { at: ended };
            self.annotation_error(at, problem);
            return;
        }
        match event {
            Event::Claim { kind, written } => self.claim(*kind, written.as_ref(), Some(at)),
            Event::Touch(squares) => {
                // An empty square cannot have been touched; the pieces that stand count all the same.
                for square in squares {
                    if self.replay.position().board().piece_at(*square).is_none() {
                        self.annotation_error(at, EventProblem::NoPieceToTouch(*square));
                    } else {
                        self.walk.touches.push(*square);
                        // Touching a piece to move it refuses the opponent's offer (9.1.2.1).
                        self.walk.offers.touched(self.replay.turn());
                    }
                }
            }
            Event::Promote(role) => self.walk.promotion = Some(*role),
            Event::Complaint => {
                let last = self.replay.ply();
                if !self.walk.touches.is_empty() {
                    let f = self.ctx.complaint_too_late(&self.replay, at);
                    self.findings.push(f);
                } else if self.walk.breach != Some(last) || last == 0 {
                    self.annotation_error(at, EventProblem::NoBreach);
                }
            }
            Event::Adjust(square) => {
                if self.replay.position().board().piece_at(*square).is_none() {
                    self.annotation_error(at, EventProblem::NoPieceToAdjust(*square));
                }
            }
            Event::Illegal(act) => self.illegal_act(act, at),
            Event::Flag(_) if self.walk.flag_pair == FlagPair::Pending => {
                self.walk.flag_pair = FlagPair::Ruled;
                self.both_flags(at);
            }
            Event::Flag(named) => {
                let flagged = named.unwrap_or(self.replay.turn());
                self.flag(flagged, Some(at), FlagEvidence::Event);
            }
            Event::Offer(_) | Event::Accept(_) | Event::Decline(_) => self.offer_event(event, at),
        }
    }

    /// Claims given on the command line for the current position.
    fn extra_claims(&mut self) {
        for claim in &self.ctx.options.claims {
            let pos = self.replay.position();
            if !claim.after.is_position(pos.fullmoves().get(), pos.turn()) {
                continue;
            }
            self.replay.settle();
            self.note_ending();
            if self.replay.ending().is_some() {
                continue;
            }
            if let (Some(named), Some(label)) = (&claim.after.san, self.replay.last_label()) {
                let strip = |s: &str| s.trim_end_matches(['+', '#', '!', '?']).to_string();
                let played = label.text.to_string();
                let same = strip(named) == strip(&played)
                    || scoresheet::notation::parse_move(named.as_bytes()).is_ok_and(|n| {
                        Some(n.written)
                            == scoresheet::notation::parse_move(played.as_bytes())
                                .ok()
                                .map(|p| p.written)
                    });
                if !same {
                    self.findings.push(Finding::new(
                        Kind::AnnotationError,
                        Some(self.replay.ply()),
                        Facts::CommandLineClaimMismatch {
                            named: named.clone(),
                            recorded: label,
                        },
                    ));
                    continue;
                }
            }
            let written = claim.written.as_deref().map(WrittenToken::new);
            self.claim(claim.kind, written.as_ref(), None);
        }
    }

    pub(super) fn annotation_error(&mut self, at: &EventAt, problem: EventProblem) {
        // The actor is the side to move, unless the event names a colour.
        let actor = match &at.event {
            Ok(Event::Flag(Some(named))) => *named,
            Ok(
                Event::Offer(Some(named))
                | Event::Accept(Some(named))
                | Event::Decline(Some(named)),
            ) => *named,
            // An offer is its mover's; an answer, the offerer's opponent's.
            Ok(Event::Offer(None)) if self.replay.ply() > 0 => !self.replay.turn(),
            Ok(Event::Accept(None) | Event::Decline(None)) => {
                self.walk.offers.answerer(self.replay.turn())
            }
            _ => self.replay.turn(),
        };
        let facts = Facts::Event {
            text: at.text.clone(),
            problem,
        };
        let mut f =
            Finding::new(Kind::AnnotationError, Some(self.replay.ply()), facts).player(actor);
        f.token = Some(at.text.clone());
        f.place = Some(self.ctx.place(at.span));
        self.findings.push(f);
    }
}

/// A move as the fingerprint sees it: one word instead of the derived
/// `Hash` of the enum, field by field, on every ply. Its squares (and a
/// promotion's piece) tell the moves of a position apart: a castling move
/// is the king's square and the rook's, and an en passant capture is the
/// only diagonal pawn step to an empty square. The piece and what it takes
/// follow from the board, which the fingerprint holds for a set-up game
/// (`Context::replay`): the squares alone then tell games apart.
pub(super) fn move_key(mv: Move) -> u32 {
    // Nearly every move is a normal one: one test for it, the others out of
    // line. As one match, the compiler made a jump table of it, taken on
    // every ply (10 instructions a ply on the bench slice).
    match mv {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => u32::from(from) | u32::from(to) << 7 | promotion.map_or(0, |r| r as u32) << 13,
        _ => special_move_key(mv),
    }
}

/// [`move_key`] of a move that is not a normal one.
#[cold]
#[inline(never)]
fn special_move_key(mv: Move) -> u32 {
    match mv {
        Move::Normal { .. } => move_key(mv),
        Move::EnPassant { from, to } => u32::from(from) | u32::from(to) << 7 | 1 << 19,
        Move::Castle { king, rook } => u32::from(king) | u32::from(rook) << 7 | 2 << 19,
        Move::Put { role, to } => 64 | u32::from(to) << 7 | (role as u32) << 16 | 3 << 19,
    }
}

/// A player's name as the fingerprint sees it: case and spacing do not
/// tell two submissions of one game apart.
fn hash_name(name: &str, state: &mut impl Hasher) {
    // Nearly every name is ASCII: its bytes are its characters, lowered one
    // by one, and its white space is `\t` to `\r` and the space (what
    // `split_whitespace` splits at there). The same words reach the hasher
    // as on the general path below, without a Unicode case table per letter.
    if name.is_ascii() {
        let mut in_word = false;
        for b in name.bytes() {
            if matches!(b, b'\t'..=b'\r' | b' ') {
                if std::mem::take(&mut in_word) {
                    state.write_u8(b' ');
                }
            } else {
                state.write_u32(u32::from(b.to_ascii_lowercase()));
                in_word = true;
            }
        }
        if in_word {
            state.write_u8(b' ');
        }
    } else {
        for word in name.split_whitespace() {
            for c in word.chars().flat_map(char::to_lowercase) {
                state.write_u32(u32::from(c));
            }
            state.write_u8(b' ');
        }
    }
    state.write_u8(0xff);
}

#[cfg(test)]
mod tests {
    use shakmaty::{CastlingMode, fen::Fen};

    use super::*;

    /// The key as the move's accessors give it, field by field: its
    /// squares, a promotion's piece, and what kind of move it is.
    fn key_by_accessors(mv: Move) -> u32 {
        let kind = match mv {
            Move::Normal { .. } => 0,
            Move::EnPassant { .. } => 1,
            Move::Castle { .. } => 2,
            Move::Put { .. } => 3,
        };
        let from = mv.from().map_or(64, u32::from);
        let promotion = mv.promotion().map_or(0, |r| r as u32);
        let put = if mv.from().is_none() {
            mv.role() as u32
        } else {
            0
        };
        from | u32::from(mv.to()) << 7 | promotion << 13 | put << 16 | kind << 19
    }

    fn fingerprint(pgn: &str) -> Option<u64> {
        let text = scoresheet::GameText::new(pgn.as_bytes().to_vec(), 1, 0);
        crate::check_game("x.pgn", 1, &text).fingerprint
    }

    /// The keys are squares alone, so the board a set-up game starts from
    /// is part of its fingerprint: a rook's and a queen's `a1-a3` from two
    /// set-ups are two games, one set-up written twice is one.
    #[test]
    fn set_up_games_on_the_same_squares_are_told_apart() {
        let game = |fen: &str, moves: &str| {
            format!("[White \"A\"]\n[Black \"B\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{moves} *\n")
        };
        let rook = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
        let queen = "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1";
        let by_rook = fingerprint(&game(rook, "1. Ra3 Kd7"));
        let by_queen = fingerprint(&game(queen, "1. Qa3 Kd7"));
        assert!(by_rook.is_some() && by_queen.is_some());
        assert_ne!(by_rook, by_queen);
        assert_eq!(by_rook, fingerprint(&game(rook, "1. Ra1-a3 Ke8-d7")));
        // The standard start and a FEN of it are one board.
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            fingerprint(&game(start, "1. e4 e5")),
            fingerprint("[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 *\n")
        );
    }

    /// What a name fed the hasher before the ASCII path: the words
    /// `split_whitespace` finds, each lowered character by character.
    fn name_by_words(name: &str) -> Vec<u32> {
        let mut fed = Vec::new();
        for word in name.split_whitespace() {
            fed.extend(word.chars().flat_map(char::to_lowercase).map(u32::from));
            fed.push(u32::from(b' '));
        }
        fed.push(0xff);
        fed
    }

    /// Records what reaches the hasher, in order.
    #[derive(Default)]
    struct Fed(Vec<u32>);

    impl Hasher for Fed {
        fn finish(&self) -> u64 {
            0
        }
        fn write(&mut self, _: &[u8]) {
            unreachable!("hash_name writes whole numbers")
        }
        fn write_u8(&mut self, i: u8) {
            self.0.push(u32::from(i));
        }
        fn write_u32(&mut self, i: u32) {
            self.0.push(i);
        }
    }

    #[test]
    fn a_name_feeds_the_hasher_its_lowered_words() {
        // Every ASCII byte alone and between letters (the white space `\t`
        // to `\r` and the space among them), runs of white space at either
        // end, and names that are not ASCII (their own path).
        let mut names: Vec<String> = vec![
            String::new(),
            " ".into(),
            "Carlsen, Magnus".into(),
            "  carlsen,\tMAGNUS \x0b\x0c\r\n".into(),
            "Nepomniachtchi  Ian ".into(),
            "Müller, Jürgen".into(),
            "ÇAĞLAR\u{00a0}Şahin".into(),
            "İnce\u{2003}Ümit".into(),
        ];
        for b in 0u8..0x80 {
            let c = char::from(b);
            names.push(format!("{c}"));
            names.push(format!("Ab{c}Cd{c}{c}eF"));
        }
        for name in &names {
            let mut fed = Fed::default();
            hash_name(name, &mut fed);
            assert_eq!(fed.0, name_by_words(name), "{name:?}");
        }
    }

    #[test]
    fn the_key_is_the_one_the_accessors_give() {
        // Every legal move along random games from positions with castling
        // both ways, en passant and promotions.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut kinds = [0; 3];
        for fen in [
            "r3k2r/1P6/8/8/8/8/6p1/R3K2R w KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            for _ in 0..40 {
                let mut pos: Chess = Fen::from_ascii(fen.as_bytes())
                    .expect("fen")
                    .into_position(CastlingMode::Standard)
                    .expect("legal");
                for _ in 0..80 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for &mv in &moves {
                        assert_eq!(move_key(mv), key_by_accessors(mv), "{mv:?}");
                        kinds[0] += usize::from(mv.is_castle());
                        kinds[1] += usize::from(mv.is_en_passant());
                        kinds[2] += usize::from(mv.is_promotion());
                    }
                    let pick = crate::testing::xorshift(&mut seed) % moves.len() as u64;
                    pos.play_unchecked(moves[pick as usize]);
                }
            }
        }
        assert!(kinds.iter().all(|&k| k > 0), "{kinds:?}");
    }

    /// The fingerprint tells games apart only if no two moves of a position
    /// share a key: checked on positions with promotions (four to a square),
    /// castling both ways and en passant.
    #[test]
    fn the_moves_of_a_position_have_distinct_keys() {
        for fen in [
            "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ] {
            let pos: Chess = Fen::from_ascii(fen.as_bytes())
                .expect("fen")
                .into_position(CastlingMode::Standard)
                .expect("legal");
            let mut keys: Vec<u32> = pos.legal_moves().iter().map(|&m| move_key(m)).collect();
            let moves = keys.len();
            keys.sort_unstable();
            keys.dedup();
            assert_eq!(keys.len(), moves, "{fen}");
        }
    }
}
