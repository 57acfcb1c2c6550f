//! Walking the main line: each recorded move in turn, with the arbiter
//! events that stand before it.

use std::hash::{Hash, Hasher};

use laws::{
    Article, MoveError, Replay, claim::keeps_written_move, resolve::resolve, standing, touch,
};
use scoresheet::{Event, EventAt, WrittenMove, WrittenToken};
use shakmaty::{Color, Move, Position, Role, Square};

use super::Context;
use crate::{
    facts::{EventProblem, Facts, FlagEvidence},
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
    pub reported_ending: bool,
    /// The pieces touched at this ply, in order (9.4, 4.8, Art. 4), and a promotion piece placed.
    pub touches: Vec<Square>,
    pub promotion: Option<Role>,
    /// The ply of the last move that broke Art. 4, for complaints.
    pub breach: Option<usize>,
    /// Completed illegal acts per player (7.5.5), White first.
    pub illegal: [u8; 2],
    /// A flag fall was recorded as an event.
    pub flag_seen: bool,
    /// Both players' flags recorded in the position being looked at.
    pub flag_pair: FlagPair,
    pub obligation: Option<Obligation>,
}

impl Walk {
    fn next_ply(&mut self) {
        self.touches.clear();
        self.promotion = None;
    }
}

impl Context<'_> {
    /// Replays the main line. Returns the replay and whether the record broke
    /// before its end (an unreadable, illegal or ambiguous move).
    pub(super) fn replay(&self, report: &mut GameReport) -> Option<(Replay, bool)> {
        let findings = &mut report.findings;
        let (start, mode) = self.start_position(findings)?;
        let mut replay = Replay::new(start.clone(), mode);
        let events = self.sheet.events(self.text);
        let mut events = events.iter().peekable();
        let mut walk = Walk::default();
        self.report_ending(&replay, &mut walk.reported_ending, findings);
        let mut broken = false;
        // A fast non-cryptographic hash: fingerprints only need to tell games apart.
        let mut fingerprint = rustc_hash::FxHasher::default();
        for (index, recorded) in self.sheet.moves.iter().enumerate() {
            walk.next_ply();
            let here: Vec<&EventAt> =
                std::iter::from_fn(|| events.next_if(|e| e.after_ply <= index)).collect();
            self.events_here(&here, &mut replay, &mut walk, findings);
            self.extra_claims(&mut replay, &mut walk, findings);

            let ply = replay.ply() + 1;
            let mover = replay.turn();
            if let (Some(ob), Ok(notation)) = (walk.obligation.take(), &recorded.notation)
                && ob.ply == ply
                && let Ok(played) = resolve(replay.position(), &notation.written, mode)
                && !keeps_written_move(&replay, &ob.written, ob.legal, played)
            {
                findings.push(self.written_move_not_played(&replay, &ob, recorded.span, mover));
            }
            let ended_before = replay.ending().map(|e| (e.ply, e.article()));
            let touched = !walk.touches.is_empty() || walk.promotion.is_some();
            let duty = (ended_before.is_none() && touched)
                .then(|| touch::duty(replay.position(), &walk.touches, walk.promotion));
            let before = duty.as_ref().map(|_| replay.position().clone());
            let result = match &recorded.notation {
                Ok(notation) => replay.play(&notation.written, notation.mark).map_err(Some),
                Err(_) => {
                    replay.settle();
                    Err(None)
                }
            };
            match result {
                Ok(played) => {
                    played.mv.hash(&mut fingerprint);
                    if let Some((end_ply, article)) = ended_before {
                        if end_ply + 1 == ply
                            && let Some(label) = replay.last_label()
                        {
                            findings.push(self.moves_after_end(
                                label,
                                ply,
                                recorded.span,
                                mover,
                                article,
                            ));
                        }
                    } else if let Some(wrong) = played.wrong_mark {
                        findings.push(self.wrong_mark(&replay, wrong, ply, recorded.span, mover));
                    }
                    if let (Some(duty), Some(before)) = (&duty, &before)
                        && !duty.permits(played.mv)
                    {
                        walk.breach = Some(ply);
                        if let Ok(notation) = &recorded.notation {
                            findings.push(self.touch_violation(
                                &replay,
                                before,
                                duty,
                                &walk.touches,
                                (ply, recorded.span, &notation.written),
                            ));
                        }
                    }
                    self.report_ending(&replay, &mut walk.reported_ending, findings);
                }
                Err(err) => {
                    if let (Some(err), Ok(notation), None) =
                        (&err, &recorded.notation, replay.ending())
                        && let Some(mv) = self.standing_move(&replay, &notation.written, err)
                    {
                        let mut f = self.move_error(
                            replay.position(),
                            &notation.written,
                            recorded.span,
                            err.clone(),
                            ply,
                        );
                        f.article = Some(Article::ILLEGAL_MOVE_STANDS);
                        if let Facts::Move(facts) = &mut f.facts {
                            facts.stood = true;
                        }
                        findings.push(f);
                        mv.hash(&mut fingerprint);
                        replay.play_standing(mv);
                        self.report_ending(&replay, &mut walk.reported_ending, findings);
                        continue;
                    }
                    self.report_ending(&replay, &mut walk.reported_ending, findings);
                    match replay.ending().map(|e| (e.ply, e.article())) {
                        Some((end_ply, article)) => {
                            if end_ply + 1 == ply {
                                let label = self.written_label(replay.position(), recorded.span);
                                findings.push(self.moves_after_end(
                                    label,
                                    ply,
                                    recorded.span,
                                    mover,
                                    article,
                                ));
                            }
                        }
                        None => {
                            broken = true;
                            let finding = match (err, &recorded.notation) {
                                (Some(err), Ok(notation)) => self.move_error(
                                    replay.position(),
                                    &notation.written,
                                    recorded.span,
                                    err,
                                    ply,
                                ),
                                (_, Err(err)) => self.unparseable(&replay, recorded.span, *err),
                                (None, Ok(_)) => self.unparseable(
                                    &replay,
                                    recorded.span,
                                    scoresheet::NotationError::Unknown,
                                ),
                            };
                            findings.push(finding);
                        }
                    }
                    break;
                }
            }
        }
        if !broken {
            walk.next_ply();
            let here: Vec<&EventAt> = events.collect();
            self.events_here(&here, &mut replay, &mut walk, findings);
            self.extra_claims(&mut replay, &mut walk, findings);
        }
        replay.settle();
        self.report_ending(&replay, &mut walk.reported_ending, findings);
        if !broken {
            self.final_flag(&mut replay, &mut walk, findings);
        }
        report.plies = replay.ply();
        if report.plies > 0 {
            for name in [&report.white, &report.black] {
                hash_name(name.as_deref().unwrap_or(""), &mut fingerprint);
            }
            report.fingerprint = Some(fingerprint.finish());
        }
        self.clock_readings(report, &start, mode);
        self.name_repetitions(report, &start, mode);
        self.ruling_clocks(report, &start);
        Some((replay, broken))
    }

    /// The events recorded in one position, in order.
    fn events_here(
        &self,
        here: &[&EventAt],
        replay: &mut Replay,
        walk: &mut Walk,
        findings: &mut Vec<Finding>,
    ) {
        let turn = replay.turn();
        let flagged = |color| {
            here.iter().any(
                |e| matches!(&e.event, Ok(Event::Flag(named)) if named.unwrap_or(turn) == color),
            )
        };
        if flagged(Color::White) && flagged(Color::Black) {
            walk.flag_pair = FlagPair::Pending;
        }
        for event in here {
            self.event(event, replay, walk, findings);
        }
        walk.flag_pair = FlagPair::None;
    }

    fn event(
        &self,
        at: &EventAt,
        replay: &mut Replay,
        walk: &mut Walk,
        findings: &mut Vec<Finding>,
    ) {
        // Mate or stalemate ends the game before any event in that position.
        replay.settle();
        self.report_ending(replay, &mut walk.reported_ending, findings);
        let event = match &at.event {
            Ok(event) => event,
            Err(why) => {
                let problem = EventProblem::Unreadable(why.clone());
                findings.push(self.annotation_error(replay, at, problem));
                return;
            }
        };
        if walk.flag_pair == FlagPair::Ruled && matches!(event, Event::Flag(_)) {
            // The second flag of a pair, ruled with the first.
            return;
        }
        if let Some(ending) = replay.ending() {
            let problem = EventProblem::GameOver { ply: ending.ply };
            findings.push(self.annotation_error(replay, at, problem));
            return;
        }
        match event {
            Event::Claim { kind, written } => {
                self.claim(replay, walk, *kind, written.as_ref(), Some(at), findings);
            }
            Event::Touch(squares) => {
                // An empty square cannot have been touched; the pieces that stand count all the same.
                for square in squares {
                    if replay.position().board().piece_at(*square).is_none() {
                        let problem = EventProblem::NoPieceToTouch(*square);
                        findings.push(self.annotation_error(replay, at, problem));
                    } else {
                        walk.touches.push(*square);
                    }
                }
            }
            Event::Promote(role) => walk.promotion = Some(*role),
            Event::Complaint => {
                let last = replay.ply();
                if !walk.touches.is_empty() {
                    findings.push(self.complaint_too_late(replay, at));
                } else if walk.breach != Some(last) || last == 0 {
                    findings.push(self.annotation_error(replay, at, EventProblem::NoBreach));
                }
            }
            Event::Adjust(square) => {
                if replay.position().board().piece_at(*square).is_none() {
                    let problem = EventProblem::NoPieceToAdjust(*square);
                    findings.push(self.annotation_error(replay, at, problem));
                }
            }
            Event::Illegal(act) => self.illegal_act(replay, walk, act, at, findings),
            Event::Flag(_) if walk.flag_pair == FlagPair::Pending => {
                walk.flag_pair = FlagPair::Ruled;
                self.both_flags(replay, walk, at, findings);
            }
            Event::Flag(named) => {
                let flagged = named.unwrap_or(replay.turn());
                self.flag(
                    replay,
                    walk,
                    flagged,
                    Some(at),
                    FlagEvidence::Event,
                    findings,
                );
            }
        }
    }

    /// Claims given on the command line for the current position.
    fn extra_claims(&self, replay: &mut Replay, walk: &mut Walk, findings: &mut Vec<Finding>) {
        for claim in &self.options.claims {
            let pos = replay.position();
            if claim.after.is_position(pos.fullmoves().get(), pos.turn()) {
                replay.settle();
                self.report_ending(replay, &mut walk.reported_ending, findings);
                if replay.ending().is_some() {
                    continue;
                }
                if let (Some(named), Some(label)) = (&claim.after.san, replay.last_label()) {
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
                        findings.push(Finding::new(
                            Kind::AnnotationError,
                            Some(replay.ply()),
                            Facts::CommandLineClaimMismatch {
                                named: named.clone(),
                                recorded: label,
                            },
                        ));
                        continue;
                    }
                }
                let written = claim.written.as_deref().map(WrittenToken::new);
                self.claim(replay, walk, claim.kind, written.as_ref(), None, findings);
            }
        }
    }

    /// The displacement of an illegal recorded move that stood (A.5.2),
    /// when the rules in force let it stand and the record says which piece
    /// went where.
    pub(super) fn standing_move(
        &self,
        replay: &Replay,
        written: &WrittenMove,
        err: &MoveError,
    ) -> Option<Move> {
        let illegal = matches!(err, MoveError::Illegal | MoveError::PromotionMissing);
        (illegal && self.illegal_moves_stand())
            .then(|| standing::physical_move(replay.position(), written))
            .flatten()
    }

    pub(super) fn annotation_error(
        &self,
        replay: &Replay,
        at: &EventAt,
        problem: EventProblem,
    ) -> Finding {
        // The actor is the side to move, unless the event names a colour.
        let actor = match &at.event {
            Ok(Event::Flag(Some(named))) => *named,
            _ => replay.turn(),
        };
        let facts = Facts::Event {
            text: at.text.clone(),
            problem,
        };
        let mut f = Finding::new(Kind::AnnotationError, Some(replay.ply()), facts).player(actor);
        f.token = Some(at.text.clone());
        f.place = Some(self.place(at.span));
        f
    }
}

/// A player's name as the fingerprint sees it: case and spacing do not
/// tell two submissions of one game apart.
fn hash_name(name: &str, state: &mut impl Hasher) {
    for word in name.split_whitespace() {
        for c in word.chars().flat_map(char::to_lowercase) {
            state.write_u32(u32::from(c));
        }
        state.write_u8(b' ');
    }
    state.write_u8(0xff);
}
