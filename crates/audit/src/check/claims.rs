//! Findings about draw claims (9.2–9.5) and the written move they leave.

use laws::{
    ClaimRuling, EndingKind, Grounds, MoveLabel, Replay, claim::rule_claim, repetition::NearMisses,
    squares::squares_of,
};
use scoresheet::{ClaimKind, EventAt, Span, WrittenToken};
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Position, Setup};

use super::{
    Context,
    moves::position_of,
    walk::{GameAudit, Obligation},
};
use crate::{
    facts::{ClaimFacts, Facts, NearMiss, Occurrence, WrittenDuty, WrittenMove},
    kind::Kind,
    report::{Finding, GameReport},
};

impl GameAudit<'_, '_> {
    /// Rules on a claim by the side to move, and ends the game if it is upheld.
    pub(super) fn claim(
        &mut self,
        kind: ClaimKind,
        written: Option<&WrittenToken>,
        at: Option<&EventAt>,
    ) {
        let ctx = self.ctx;
        let claimant = self.replay.turn();
        // A claim is also an offer (9.1.2.3); accepted before the arbiter rules, it is not ruled on.
        self.walk.offers.claim(claimant, self.replay.ply(), kind);
        self.claim_made(claimant, kind);
        if self.walk.claim_accepted {
            return;
        }
        let written_move = match written.map(|w| &w.notation) {
            Some(Err(err)) => {
                let mut f = Finding::new(
                    Kind::AnnotationError,
                    Some(self.replay.ply()),
                    Facts::ClaimMoveUnreadable {
                        token: written.map_or_else(String::new, |w| w.text.clone()),
                        error: *err,
                    },
                )
                .player(claimant);
                f.place = at.map(|a| ctx.place(a.span));
                self.findings.push(f);
                return;
            }
            Some(Ok(notation)) => Some(notation.written),
            None => None,
        };
        let ruling = rule_claim(
            &self.replay,
            kind,
            written_move.as_ref(),
            !self.walk.touches.is_empty(),
            ctx.penalty_seconds(),
        );
        let finding = ctx.claim_finding(&self.replay, &ruling, written, at, claimant);
        self.findings.push(finding);
        if ruling.upheld {
            self.end_by(EndingKind::ClaimUpheld {
                claim: kind,
                article: ruling.article,
                plies: ruling.plies.clone(),
            });
        } else if let (Some(token), Some(written)) = (written, written_move)
            && ruling.grounds != Grounds::Touched
        {
            self.walk.obligation = Some(Obligation {
                ply: self.replay.ply() + 1,
                token: token.text.clone(),
                written,
                legal: ruling.written_move,
            });
        }
    }
}

impl Context<'_> {
    pub(super) fn claim_finding(
        &self,
        replay: &Replay,
        ruling: &ClaimRuling,
        written: Option<&WrittenToken>,
        at: Option<&EventAt>,
        claimant: Color,
    ) -> Finding {
        let kind = match (ruling.kind, ruling.upheld) {
            (ClaimKind::Threefold, true) => Kind::ThreefoldClaimUpheld,
            (ClaimKind::Threefold, false) => Kind::ThreefoldClaimRejected,
            (ClaimKind::Fifty, true) => Kind::FiftyMoveClaimUpheld,
            (ClaimKind::Fifty, false) => Kind::FiftyMoveClaimRejected,
        };
        let pos = replay.position();
        let written = written.map(|w| {
            let legal = ruling.written_move.map(|mv| laws::label::san_plus(pos, mv));
            let label = match &legal {
                Some(san) => MoveLabel::of(pos, *san),
                None => MoveLabel::written(pos, w.text.clone()),
            };
            WrittenMove {
                text: w.text.clone(),
                legal,
                label,
                squares: w
                    .notation
                    .as_ref()
                    .ok()
                    .and_then(|n| squares_of(pos.board(), pos.turn(), &n.written)),
            }
        });
        // The position the written move would reach: the one the claim is about.
        let after = ruling.written_move.and_then(|mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            position_of(&after)
        });
        let clock_before = ruling
            .seconds_added
            .and_then(|_| self.clock_after(replay.ply()));
        let facts = Facts::Claim(Box::new(ClaimFacts {
            claim: ruling.kind,
            upheld: ruling.upheld,
            grounds: ruling.grounds.clone(),
            written,
            after,
            // The moves are filled in after the walk, in one replay (see `name_repetitions`).
            occurrences: ruling
                .plies
                .iter()
                .map(|&ply| Occurrence { ply, mv: None })
                .collect(),
            near_misses: Vec::new(),
            clock_before,
        }));
        let mut f = Finding::new(kind, Some(replay.ply()), facts)
            .article(ruling.article)
            .player(claimant);
        f.seconds_added = ruling.seconds_added;
        if f.seconds_added.is_some() {
            f.also = self.penalty_articles();
        }
        f.move_number = replay.last_label();
        f.plies = ruling.plies.clone();
        f.position = position_of(pos);
        f.place = at.map(|a| self.place(a.span));
        f.token = at.map(|a| a.text.clone());
        f
    }

    pub(super) fn written_move_not_played(
        &self,
        replay: &Replay,
        ob: &Obligation,
        span: Span,
        mover: Color,
    ) -> Finding {
        let label = self.written_label(replay.position(), span);
        let duty = match ob.legal {
            Some(mv) => WrittenDuty::Move(laws::label::san_plus(replay.position(), mv)),
            None => WrittenDuty::SamePiece(ob.token.clone()),
        };
        let mut f = Finding::new(
            Kind::WrittenMoveNotPlayed,
            Some(ob.ply),
            Facts::WrittenMoveNotPlayed(duty),
        )
        .article(laws::Article::INCORRECT_CLAIM)
        .player(mover);
        f.move_number = Some(label);
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    /// Names each occurrence a repetition ruling rests on by its move
    /// (`13...Lxd5`), and finds each threefold claim's and fivefold's
    /// near-misses (9.2.3), in one more replay of the game: only games with
    /// claims or a fivefold repetition pay for it. `later` is a position of
    /// the game and its ply ([`laws::missed::Opportunities::first_recurrence`]),
    /// given where the walk played the record's moves as written (nothing
    /// repaired, no illegal move that stood): the replay starts there where
    /// nothing it names or compares stands before it.
    pub(super) fn name_repetitions(
        &self,
        report: &mut GameReport,
        start: &Chess,
        mode: CastlingMode,
        stood: &[usize],
        later: Option<(usize, &Chess)>,
    ) {
        // What the findings ask: the plies to name, the positions to compare.
        let mut last = 0;
        let mut asked: Vec<usize> = Vec::new();
        let mut finders: Vec<(usize, NearMisses)> = Vec::new();
        for (index, f) in report.findings.iter().enumerate() {
            let plies = f.facts.occurrences().iter().map(|o| o.ply);
            asked.extend(plies.clone());
            last = last.max(plies.max().unwrap_or(0));
            if let Some((target, at)) = repetition_target(f, mode) {
                last = last.max(at);
                finders.push((index, NearMisses::new(target, at)));
            }
        }
        if last == 0 && finders.is_empty() {
            return;
        }
        asked.sort_unstable();
        // One replay: each finder shown every position before its own, and
        // the label of each ply asked for or found a near-miss (only those:
        // a label costs a look for the move's candidates, and after a check
        // a generation of every reply, for its mate sign). One label (or
        // none) a ply, up to `last`: room for all at once.
        // The first ply named (its move needs the position before it) or
        // looked at for a near-miss: a position with a finder's placement
        // stands after the last capture or pawn move before the finder's own
        // (`NearMisses::earliest`).
        let first = asked
            .iter()
            .copied()
            .filter(|&ply| ply > 0)
            .chain(finders.iter().map(|(_, finder)| finder.earliest()))
            .min();
        let later = later.filter(|&(ply, _)| first.is_some_and(|first| ply < first));
        #[cfg(test)]
        let later = later.filter(|_| !tests::FROM_START.get());
        #[cfg(test)]
        tests::STARTED_LATER.set(tests::STARTED_LATER.get() + usize::from(later.is_some()));
        // Only names and placements are asked for: no endings are looked for again.
        let (mut replay, skip) = match later {
            Some((ply, pos)) => (Replay::positions_from(pos.clone(), mode, ply), ply),
            None => (Replay::new(start.clone(), mode).positions_only(), 0),
        };
        let mut labels: Vec<Option<MoveLabel>> = Vec::with_capacity(last + 1);
        labels.resize(skip + 1, None);
        let mut found: Vec<Vec<(usize, Box<Setup>)>> = vec![Vec::new(); finders.len()];
        // Whether some finder found a near-miss in the replay's position.
        let mut look = |replay: &Replay, finders: &mut [(usize, NearMisses)]| {
            let mut near = false;
            for (n, (_, finder)) in finders.iter_mut().enumerate() {
                if finder.look(replay.ply(), replay.position()) {
                    near = true;
                    if let (Some(list), Some(setup)) =
                        (found.get_mut(n), position_of(replay.position()))
                    {
                        list.push((replay.ply(), setup));
                    }
                }
            }
            near
        };
        look(&replay, &mut finders);
        let stands = self.class.illegal_moves_stand(self.options.supervision);
        for (index, recorded) in self.sheet.moves.iter().enumerate().take(last).skip(skip) {
            let Ok(notation) = &recorded.notation else {
                break;
            };
            match replay.play(&notation.written, None) {
                Ok(_) => {}
                // The walk read it as an illegal move that stood.
                Err(_) if stood.contains(&index) => {
                    match laws::standing::physical_move(replay.position(), &notation.written) {
                        Some(mv) if stands => {
                            replay.play_standing(mv);
                        }
                        Some(mv) => {
                            replay.play_unnoticed(mv);
                        }
                        None => break,
                    }
                }
                Err(_) => break,
            }
            let near = look(&replay, &mut finders);
            let named = near || asked.binary_search(&replay.ply()).is_ok();
            labels.push(named.then(|| replay.last_label()).flatten());
        }
        let label_of = |ply: usize| labels.get(ply).cloned().flatten();
        let mut near: Vec<(usize, Vec<NearMiss>)> = Vec::new();
        for ((index, finder), positions) in finders.into_iter().zip(found) {
            let misses = finder
                .finish()
                .into_iter()
                .zip(positions)
                .map(|(miss, (_, position))| NearMiss {
                    ply: miss.ply,
                    mv: label_of(miss.ply),
                    differences: miss.differences,
                    position,
                })
                .collect();
            near.push((index, misses));
        }
        for (index, f) in report.findings.iter_mut().enumerate() {
            let misses = near
                .iter_mut()
                .find(|(i, _)| *i == index)
                .map(|(_, m)| std::mem::take(m))
                .unwrap_or_default();
            match &mut f.facts {
                Facts::Claim(claim) => {
                    // With a written move the last occurrence is its own, not the move played.
                    let written = claim
                        .written
                        .as_ref()
                        .filter(|_| claim.after.is_some())
                        .zip(f.ply)
                        .map(|(w, ply)| (ply + 1, w.label.clone()));
                    for o in &mut claim.occurrences {
                        o.mv = match &written {
                            Some((ply, label)) if *ply == o.ply => Some(label.clone()),
                            _ => label_of(o.ply),
                        };
                    }
                    claim.near_misses = misses;
                }
                Facts::Fivefold(rep) => {
                    for o in &mut rep.occurrences {
                        o.mv = label_of(o.ply);
                    }
                    rep.near_misses = misses;
                }
                _ => {}
            }
        }
    }
}

/// The position a repetition ruling is about and the ply it has there: a
/// threefold claim's (after its written move, where there is one) or a
/// fivefold repetition's.
fn repetition_target(f: &Finding, mode: CastlingMode) -> Option<(Chess, usize)> {
    let ply = f.ply?;
    let (setup, at) = match &f.facts {
        Facts::Claim(claim) if claim.claim == ClaimKind::Threefold => {
            if !matches!(
                claim.grounds,
                Grounds::Repeated { .. } | Grounds::NotRepeated { .. }
            ) {
                return None;
            }
            match &claim.after {
                Some(after) => (after.as_ref(), ply + 1),
                None => (f.position.as_deref()?, ply),
            }
        }
        Facts::Fivefold(_) => (f.position.as_deref()?, ply),
        _ => return None,
    };
    let pos = Chess::from_setup(setup.clone(), mode).ok()?;
    Some((pos, at))
}

#[cfg(test)]
mod tests {
    use std::{cell::Cell, path::Path};

    use crate::source::Source;

    thread_local! {
        /// Makes the replay that names repetitions start from the game's
        /// start, as it did before it could start later.
        pub(super) static FROM_START: Cell<bool> = const { Cell::new(false) };
        /// How often it started later.
        pub(super) static STARTED_LATER: Cell<usize> = const { Cell::new(0) };
    }

    /// Audits `text` as game `game`: where the replay that names
    /// repetitions started later, audits it again with that replay from the
    /// start and asks for the same report. Returns whether it started later.
    fn same_report_from_the_start(name: &str, game: usize, text: &scoresheet::GameText) -> bool {
        let before = STARTED_LATER.get();
        let later = crate::check_game(name, game, text);
        if STARTED_LATER.get() == before {
            return false;
        }
        FROM_START.set(true);
        let from_start = crate::check_game(name, game, text);
        FROM_START.set(false);
        assert_eq!(later, from_start, "{name} game {game}");
        true
    }

    /// Where a lost castling right began the series of the first
    /// recurrence, a near-miss stands before it: the replay starts from the
    /// start. After 2.Ke2 Ke7 3.Ke1 Ke8 the placement of 1...e5 recurs
    /// without the rights, and after the knights' shuffles three times (a
    /// claim nobody made, the first recurrence at 5...Ng8, in the series
    /// 2...Ke7 began); the ruling names 1...e5's position as a near-miss.
    #[test]
    fn a_near_miss_before_the_first_recurrence_is_named() {
        let pgn = "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Ke2 Ke7 3. Ke1 Ke8 4. Nf3 Nf6 \
                   5. Ng1 Ng8 6. Nf3 Nf6 7. Ng1 Ng8 8. a3 *\n";
        let text = scoresheet::GameText::new(pgn.as_bytes().to_vec(), 1, 0);
        let report = crate::check_game("x.pgn", 1, &text);
        let debug = format!("{report:?}");
        assert!(debug.contains("CastlingRight"), "{debug}");
        FROM_START.set(true);
        let from_start = crate::check_game("x.pgn", 1, &text);
        FROM_START.set(false);
        assert_eq!(report, from_start);
    }

    /// Every game of the fixtures and of two real-game files with many
    /// repetitions, audited with the replay that names repetitions starting
    /// where the walk's first recurrence allows, and from the start: the
    /// same report.
    #[test]
    fn naming_repetitions_from_a_later_position_changes_no_report() {
        let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut fixture_games = 0;
        for entry in walkdir::WalkDir::new(&fixtures).sort_by_file_name() {
            let entry = entry.expect("fixtures");
            if entry.path().extension().is_none_or(|e| e != "pgn") {
                continue;
            }
            let reader = Source::File(entry.path().to_path_buf())
                .open()
                .expect("fixture");
            for (game, text) in scoresheet::Splitter::new(reader).enumerate() {
                let text = text.expect("fixture text");
                fixture_games += 1;
                same_report_from_the_start(&entry.path().display().to_string(), game + 1, &text);
            }
        }
        assert!(fixture_games > 150, "{fixture_games}");
        let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
        if !corpus.is_dir() {
            assert!(
                std::env::var_os("ARBITER_REQUIRE_CORPUS").is_none(),
                "{} is missing and ARBITER_REQUIRE_CORPUS is set",
                corpus.display()
            );
            eprintln!("skipped: {} is missing", corpus.display());
            return;
        }
        let files = [
            corpus.join("bench/twic-0920-1427-1428.pgn.zst"),
            corpus.join("bench/olympiads-43-44-45.pgn.zst"),
        ];
        let (mut games, mut named) = (0, 0);
        for file in files {
            let reader = Source::File(file.clone()).open().expect("corpus file");
            for text in scoresheet::Splitter::new(reader) {
                let text = text.expect("corpus text");
                games += 1;
                let name = file.display().to_string();
                named += usize::from(same_report_from_the_start(&name, games, &text));
            }
        }
        assert!(
            games > 10_000 && named > 100,
            "{games} games, {named} named later"
        );
    }
}
