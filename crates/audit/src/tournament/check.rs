//! The checks: the TRF against itself (symmetric pairings, points, the
//! number of players), each game against its pairing (result, colours,
//! forfeits, moves, date), and at the end the pairings no game matched.
//!
//! Findings about the file and about pairings without a game are rows of
//! their own whose `source` is the TRF; findings about a game are added to
//! the game's row. Memory holds the file and one entry per matched pairing;
//! each game costs a look-up of its players' names, not a walk of the field.

use compact_str::{CompactString, ToCompactString};
use laws::GameResult;
use rustc_hash::FxHashMap;
use shakmaty::Color;

use super::{
    matching::{Index, Level},
    trf::{Code, Colour, Entry, Player, Span, Trf},
};
use crate::{
    facts::{Doubt, Facts, TrfFacts, TrfPlayer, Unmatched},
    kind::Kind,
    report::{Finding, GameReport, Place, Row},
};

/// One round's figures for the summary.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RoundTally {
    pub round: u32,
    /// Boards: pairs of players, forfeits included.
    pub pairings: usize,
    /// Of them, games at the board (`1 = 0 W D L`), which should have a game.
    pub played: usize,
    /// Pairings a game of the input was matched to.
    pub games_found: usize,
    /// Matched games whose result is the TRF's.
    pub results_agreeing: usize,
}

/// The round of a `Round` tag: `5`, or `5.3` (round 5, board 3).
///
/// ```
/// use audit::tournament::parse_round;
/// assert_eq!(parse_round(Some("5")), Some(5));
/// assert_eq!(parse_round(Some("5.3")), Some(5));
/// assert_eq!(parse_round(Some("?")), None);
/// assert_eq!(parse_round(Some("5a")), None);
/// ```
pub fn parse_round(tag: Option<&str>) -> Option<u32> {
    let tag = tag?.trim();
    let digits = tag.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &tag[digits..];
    if digits == 0 || !(rest.is_empty() || rest.starts_with('.')) {
        return None;
    }
    tag[..digits].parse().ok().filter(|&r| r > 0)
}

/// A game's players taken to be these two TRF players (by position).
#[derive(Debug, Clone)]
struct Fit {
    /// The game's White and Black.
    white: usize,
    black: usize,
    /// The weaker and the stronger side's agreement; `None` for a side
    /// whose name fits nobody of the pairing.
    levels: (Option<Level>, Option<Level>),
}

impl Fit {
    fn strength(&self) -> (Option<Level>, Option<Level>) {
        let (a, b) = self.levels;
        (a.min(b), a.max(b))
    }
}

/// The tournament file, read, and what the games have matched so far.
pub struct Tournament {
    source: String,
    trf: Trf,
    index: Index,
    by_rank: FxHashMap<u32, usize>,
    only_round: Option<u32>,
    /// Per pairing (round, the lower start rank): the first game matched to it.
    matched: FxHashMap<(u32, u32), (String, usize)>,
    tallies: Vec<RoundTally>,
    rows: usize,
}

impl Tournament {
    /// Reads the TRF `bytes`, named `source` in the report's rows;
    /// `only_round` checks that round alone (`--round N`).
    pub fn read(source: &str, bytes: &[u8], only_round: Option<u32>) -> Tournament {
        let trf = Trf::read(bytes);
        let mut by_rank = FxHashMap::default();
        for (i, player) in trf.players.iter().enumerate() {
            by_rank.entry(player.start_rank.value).or_insert(i);
        }
        let index = Index::new(trf.players.iter().map(|p| (p.name.as_str(), p.fide_id)));
        let mut tallies: Vec<RoundTally> = (1..=trf.rounds())
            .map(|round| RoundTally {
                round,
                ..RoundTally::default()
            })
            .collect();
        for player in &trf.players {
            for (tally, entry) in tallies.iter_mut().zip(&player.rounds) {
                if entry
                    .opponent
                    .is_some_and(|o| o > player.start_rank.value && by_rank.contains_key(&o))
                {
                    tally.pairings += 1;
                    if entry.code.is_game() {
                        tally.played += 1;
                    }
                }
            }
        }
        Tournament {
            source: source.to_string(),
            trf,
            index,
            by_rank,
            only_round,
            matched: FxHashMap::default(),
            tallies,
            rows: 0,
        }
    }

    /// The per-round figures, for the rounds checked.
    pub fn tallies(&self) -> Vec<RoundTally> {
        self.tallies
            .iter()
            .filter(|t| self.only_round.is_none_or(|r| r == t.round))
            .copied()
            .collect()
    }

    /// Team lines (013 and the like), which the check ignores.
    pub fn team_lines(&self) -> u32 {
        self.trf.team_lines
    }

    /// The file as read.
    pub fn trf(&self) -> &Trf {
        &self.trf
    }

    fn player(&self, i: usize) -> Option<&Player> {
        self.trf.players.get(i)
    }

    fn named(&self, i: usize) -> TrfPlayer {
        self.player(i).map_or(
            TrfPlayer {
                start_rank: 0,
                name: String::new(),
            },
            |p| TrfPlayer {
                start_rank: p.start_rank.value,
                name: p.name.clone(),
            },
        )
    }

    fn rank(&self, i: usize) -> u32 {
        self.player(i).map_or(0, |p| p.start_rank.value)
    }

    fn entry(&self, i: usize, round: u32) -> Option<&Entry> {
        self.player(i)?.round(round)
    }

    /// Where a span points, with the line around it for an excerpt.
    fn place(&self, span: Span) -> Place {
        let text = self.trf.line_text(span.line).map_or("", |(_, t)| t);
        let chars: Vec<char> = text.chars().collect();
        let column = usize::try_from(span.column.saturating_sub(1)).unwrap_or(0);
        let start = column.saturating_sub(70).min(chars.len());
        let end = (start + 160).min(chars.len());
        Place {
            line: span.line,
            column: span.column,
            offset: self.trf.offset(span),
            excerpt: chars[start..end].iter().collect(),
            excerpt_offset: (column - start).min(end - start),
            width: usize::try_from(span.width.max(1)).unwrap_or(1),
        }
    }

    fn finding(&self, kind: Kind, span: Option<Span>, facts: TrfFacts) -> Finding {
        let mut finding = Finding::new(kind, None, Facts::Tournament(Box::new(facts)));
        finding.place = span.map(|s| self.place(s));
        finding
    }

    fn row(
        &mut self,
        line: u32,
        players: Option<(String, String)>,
        round: Option<u32>,
        findings: Vec<Finding>,
    ) -> GameReport {
        self.rows += 1;
        let (white, black) = players.unzip();
        GameReport {
            source: self.source.as_str().into(),
            game: self.rows,
            line,
            white: white.map(CompactString::from),
            black: black.map(CompactString::from),
            round: round.map(|r| r.to_compact_string()),
            plies: 0,
            reconstructed_plies: 0,
            repairs: 0,
            recorded_result: None,
            ruled_result: None,
            findings,
            header: crate::report::Header::default(),
            fingerprint: None,
            row: Row::Tournament,
            rewrites: Vec::new(),
            text: None,
        }
    }

    /// The row of findings about the file itself, if it has any: lines
    /// that cannot be read, pairings the opponent's line does not answer,
    /// points that are not the sum of the results, 062's count.
    pub fn file_row(&mut self) -> Option<GameReport> {
        let mut findings: Vec<Finding> = self
            .trf
            .problems
            .iter()
            .map(|(span, problem)| {
                self.finding(
                    Kind::TrfBadLine,
                    Some(*span),
                    TrfFacts::Line(problem.clone()),
                )
            })
            .collect();
        if let Some(declared) = &self.trf.header.players {
            let found = u32::try_from(self.trf.players.len()).unwrap_or(u32::MAX);
            if declared.value != found {
                findings.push(self.finding(
                    Kind::TrfBadLine,
                    Some(declared.span),
                    TrfFacts::PlayerCount {
                        declared: declared.value,
                        found,
                    },
                ));
            }
        }
        for i in 0..self.trf.players.len() {
            self.player_findings(i, &mut findings);
        }
        findings.sort_by_key(|f| f.place.as_ref().map(|p| (p.line, p.column)));
        if findings.is_empty() {
            return None;
        }
        Some(self.row(1, None, None, findings))
    }

    fn player_findings(&self, i: usize, findings: &mut Vec<Finding>) {
        let Some(player) = self.player(i) else {
            return;
        };
        let me = player.start_rank.value;
        let scoring = self.trf.extensions.scoring;
        let mut beyond_reported = false;
        for (round, entry) in (1u32..).zip(&player.rounds) {
            if let Some(rounds) = &self.trf.extensions.rounds
                && round > rounds.value
                && !entry.is_blank()
                && !beyond_reported
            {
                beyond_reported = true;
                findings.push(self.finding(
                    Kind::TrfBadLine,
                    Some(entry.span),
                    TrfFacts::BeyondRounds {
                        player: self.named(i),
                        round,
                        rounds: rounds.value,
                    },
                ));
            }
            let Some(opponent) = entry.opponent.filter(|&o| o != me) else {
                continue;
            };
            let Some(&o) = self.by_rank.get(&opponent) else {
                findings.push(self.finding(
                    Kind::TrfBadLine,
                    Some(entry.span),
                    TrfFacts::UnknownOpponent {
                        round,
                        player: self.named(i),
                        opponent,
                    },
                ));
                continue;
            };
            let theirs = self.entry(o, round);
            if entry.unreadable || theirs.is_some_and(|t| t.unreadable) {
                // The reader has said what is wrong with it.
                continue;
            }
            let points_back = theirs.is_some_and(|t| t.opponent == Some(me));
            let agrees = theirs.is_some_and(|t| {
                let colours = match (entry.colour, t.colour) {
                    (Colour::White, Colour::Black) | (Colour::Black, Colour::White) => true,
                    (Colour::NoColour, Colour::NoColour) => {
                        entry.code.is_forfeit() && t.code.is_forfeit()
                    }
                    _ => false,
                };
                colours && entry.code.answers(t.code)
            });
            // A pair that points at each other is reported once, at the
            // lower start rank; one that points elsewhere at each end.
            if !points_back || (!agrees && me < opponent) {
                findings.push(self.finding(
                    Kind::TrfBadLine,
                    Some(entry.span),
                    TrfFacts::Asymmetric {
                        round,
                        player: self.named(i),
                        entry: entry.text.trim().to_string(),
                        opponent: self.named(o),
                        theirs: theirs.map(|t| t.text.trim().to_string()),
                    },
                ));
            }
        }
        if let Some(written) = &player.points
            && !player.rounds.iter().any(|e| e.unreadable)
        {
            let played = u32::try_from(player.rounds.len()).unwrap_or(u32::MAX);
            let absent = self.trf.rounds().saturating_sub(played);
            let computed = player.rounds.iter().map(|e| scoring.of(e).0).fold(
                scoring.zero_bye.0.saturating_mul(absent),
                u32::saturating_add,
            );
            if computed != written.value.0 {
                findings.push(self.finding(
                    Kind::TrfPointsMismatch,
                    Some(written.span),
                    TrfFacts::Points {
                        player: self.named(i),
                        written: written.value,
                        computed: super::trf::Points(computed),
                    },
                ));
            }
        }
    }

    /// The side's player where the name (or FIDE ID) alone names one.
    fn unique(candidates: &[(usize, Level)]) -> Option<usize> {
        let best = candidates.iter().map(|(_, l)| *l).max()?;
        let mut at_best = candidates.iter().filter(|(_, l)| *l == best);
        let first = at_best.next()?;
        (at_best.next().is_none() && best >= Level::Initials).then_some(first.0)
    }

    /// Puts a game against the TRF: adds its findings to the game's row.
    pub fn game(&mut self, report: &mut GameReport) {
        if report.row != Row::Game {
            return;
        }
        let round = parse_round(report.round.as_deref());
        if let Some(only) = self.only_round
            && round != Some(only)
        {
            return;
        }
        let Some(round) = round else {
            let f = self.finding(
                Kind::TrfUnmatchedGame,
                None,
                TrfFacts::Unmatched {
                    round: None,
                    cause: Unmatched::NoRound {
                        written: report.round.as_deref().map(str::to_string),
                    },
                },
            );
            report.findings.push(f);
            return;
        };
        if round > self.trf.rounds() {
            let f = self.finding(
                Kind::TrfUnmatchedGame,
                None,
                TrfFacts::Unmatched {
                    round: Some(round),
                    cause: Unmatched::RoundNotInTrf {
                        rounds: self.trf.rounds(),
                    },
                },
            );
            report.findings.push(f);
            return;
        }
        let whites = self
            .index
            .candidates(report.white.as_deref(), report.header.white.fide_id);
        let blacks = self
            .index
            .candidates(report.black.as_deref(), report.header.black.fide_id);
        let mut fits = Vec::new();
        for &(w, lw) in &whites {
            if let Some(o) = self.opponent(w, round)
                && let Some(&(_, lb)) = blacks.iter().find(|(b, _)| *b == o)
            {
                fits.push(Fit {
                    white: w,
                    black: o,
                    levels: (Some(lw), Some(lb)),
                });
            }
        }
        let mut doubt = Doubt::Several;
        if fits.is_empty() {
            // A bye or an absence in the TRF for a player of the game.
            for candidates in [&whites, &blacks] {
                if let Some(p) = Self::unique(candidates)
                    && self.entry(p, round).is_none_or(|e| e.opponent.is_none())
                {
                    if report.plies == 0 {
                        // An empty record for a bye: no game was played.
                        return;
                    }
                    let code = self.entry(p, round).map_or(Code::Blank, |e| e.code);
                    let f = self.finding(
                        Kind::TrfForfeitPlayed,
                        None,
                        TrfFacts::ForfeitPlayed {
                            round,
                            player: self.named(p),
                            code,
                            opponent: None,
                        },
                    );
                    report.findings.push(f);
                    return;
                }
            }
            // One side's name fits a player and the other's fits nobody:
            // the pairing gives the other. (Two known players who are not
            // paired are a game without a pairing.)
            doubt = Doubt::NameUnmatched;
            let lone_whites = if blacks.is_empty() {
                whites.as_slice()
            } else {
                &[]
            };
            let lone_blacks = if whites.is_empty() {
                blacks.as_slice()
            } else {
                &[]
            };
            for &(w, lw) in lone_whites.iter().filter(|(_, l)| *l >= Level::Initials) {
                if let Some(o) = self.opponent(w, round) {
                    fits.push(Fit {
                        white: w,
                        black: o,
                        levels: (Some(lw), None),
                    });
                }
            }
            for &(b, lb) in lone_blacks.iter().filter(|(_, l)| *l >= Level::Initials) {
                if let Some(o) = self.opponent(b, round) {
                    fits.push(Fit {
                        white: o,
                        black: b,
                        levels: (None, Some(lb)),
                    });
                }
            }
        }
        let Some(best) = fits.iter().map(Fit::strength).max() else {
            let (white, black) = (Self::unique(&whites), Self::unique(&blacks));
            let other_round = match (white, black) {
                (Some(w), Some(b)) => (1..=self.trf.rounds())
                    .find(|&r| self.entry(w, r).and_then(|e| e.opponent) == Some(self.rank(b))),
                _ => None,
            };
            let f = self.finding(
                Kind::TrfUnmatchedGame,
                None,
                TrfFacts::Unmatched {
                    round: Some(round),
                    cause: Unmatched::NoPairing {
                        white: white.map(|w| self.named(w)),
                        black: black.map(|b| self.named(b)),
                        other_round,
                    },
                },
            );
            report.findings.push(f);
            return;
        };
        let mut tied: Vec<Fit> = fits.into_iter().filter(|f| f.strength() == best).collect();
        // Of equal guesses, the one with the TRF's colours, then by start rank.
        tied.sort_by_key(|f| {
            let swapped = self
                .entry(f.white, round)
                .is_none_or(|e| e.colour == Colour::Black);
            (swapped, self.rank(f.white), self.rank(f.black))
        });
        tied.dedup_by_key(|f| (f.white, f.black));
        let Some(chosen) = tied.first().cloned() else {
            return;
        };
        let mut uncertain = Vec::new();
        for side in [Color::White, Color::Black] {
            let pick = |f: &Fit| match side {
                Color::White => f.white,
                Color::Black => f.black,
            };
            let mut candidates: Vec<usize> = tied.iter().map(pick).collect();
            candidates.sort_by_key(|&c| self.rank(c));
            candidates.dedup();
            let unmatched = match side {
                Color::White => chosen.levels.0.is_none(),
                Color::Black => chosen.levels.1.is_none(),
            };
            if candidates.len() > 1 || unmatched {
                let written = match side {
                    Color::White => report.white.as_deref(),
                    Color::Black => report.black.as_deref(),
                };
                uncertain.push(self.finding(
                    Kind::TrfUncertainMatch,
                    None,
                    TrfFacts::Uncertain {
                        round,
                        side,
                        written: written.unwrap_or_default().to_string(),
                        chosen: self.named(pick(&chosen)),
                        candidates: candidates.iter().map(|&c| self.named(c)).collect(),
                        doubt: if candidates.len() > 1 {
                            Doubt::Several
                        } else {
                            doubt
                        },
                    },
                ));
                if let Some(f) = uncertain.last_mut() {
                    f.player = Some(side.into());
                }
            }
        }
        self.against_pairing(report, round, &chosen, uncertain);
    }

    /// The opponent (by position) of player `i` in `round`.
    fn opponent(&self, i: usize, round: u32) -> Option<usize> {
        let rank = self.entry(i, round)?.opponent?;
        self.by_rank.get(&rank).copied()
    }

    fn tally(&mut self, round: u32) -> Option<&mut RoundTally> {
        let index = usize::try_from(round).ok()?.checked_sub(1)?;
        self.tallies.get_mut(index)
    }

    /// The game matched to its pairing: forfeits, colours, result, moves, date.
    fn against_pairing(
        &mut self,
        report: &mut GameReport,
        round: u32,
        fit: &Fit,
        uncertain: Vec<Finding>,
    ) {
        let key = (round, self.rank(fit.white).min(self.rank(fit.black)));
        if let Some((source, game)) = self.matched.get(&key) {
            let f = self.finding(
                Kind::TrfUnmatchedGame,
                None,
                TrfFacts::Unmatched {
                    round: Some(round),
                    cause: Unmatched::AlreadyMatched {
                        source: source.clone(),
                        game: *game,
                    },
                },
            );
            report.findings.push(f);
            return;
        }
        self.matched
            .insert(key, (report.source.to_string(), report.game));
        report.findings.extend(uncertain);
        let (Some(ours), theirs) = (
            self.entry(fit.white, round).cloned(),
            self.entry(fit.black, round).cloned(),
        ) else {
            return;
        };
        let white = self.named(fit.white);
        let ruled = report.ruled_result.filter(|r| r.is_decided());
        let expected = match ours.code {
            Code::Win | Code::UnratedWin | Code::ForfeitWin => Some(GameResult::WhiteWins),
            Code::Loss | Code::UnratedLoss => Some(GameResult::BlackWins),
            Code::ForfeitLoss if theirs.as_ref().is_some_and(|t| t.code == Code::ForfeitWin) => {
                Some(GameResult::BlackWins)
            }
            Code::Draw | Code::UnratedDraw => Some(GameResult::Draw),
            _ => None,
        };
        let agrees = expected.is_some() && expected == ruled;
        let mut findings = Vec::new();
        let forfeit =
            ours.code.is_forfeit() || theirs.as_ref().is_some_and(|t| t.code.is_forfeit());
        if forfeit && report.plies > 0 {
            // The forfeit's one finding: nothing else about this pairing.
            findings.push(self.finding(
                Kind::TrfForfeitPlayed,
                None,
                TrfFacts::ForfeitPlayed {
                    round,
                    player: white,
                    code: ours.code,
                    opponent: Some(self.named(fit.black)),
                },
            ));
        } else if !forfeit {
            if ours.colour == Colour::Black {
                findings.push(self.finding(
                    Kind::TrfColourMismatch,
                    None,
                    TrfFacts::Colours {
                        round,
                        white: self.named(fit.black),
                        black: white.clone(),
                    },
                ));
            }
            let recorded = report.recorded_result;
            if let (Some(ruled), Some(_)) = (ruled, expected) {
                if !agrees {
                    findings.push(self.finding(
                        Kind::TrfResultMismatch,
                        None,
                        TrfFacts::Result {
                            round,
                            white: white.clone(),
                            code: ours.code,
                            recorded,
                            ruled,
                            unrated_played: None,
                        },
                    ));
                } else if ours.code.is_rated() && report.plies < 2 {
                    findings.push(self.finding(
                        Kind::TrfUnplayedScored,
                        None,
                        TrfFacts::UnplayedScored {
                            round,
                            white: white.clone(),
                            code: ours.code,
                            plies: report.plies,
                        },
                    ));
                } else if ours.code.is_unrated() && report.plies >= 2 {
                    findings.push(self.finding(
                        Kind::TrfResultMismatch,
                        None,
                        TrfFacts::Result {
                            round,
                            white: white.clone(),
                            code: ours.code,
                            recorded,
                            ruled,
                            unrated_played: Some(report.plies),
                        },
                    ));
                }
            }
            let day = usize::try_from(round).ok().and_then(|r| r.checked_sub(1));
            let trf_date = day.and_then(|d| self.trf.header.round_dates.get(d).cloned().flatten());
            let game_date = report.header.date.and_then(|d| d.day_known());
            if let (Some(trf), Some(game)) = (trf_date, game_date)
                && trf.value != game
            {
                findings.push(self.finding(
                    Kind::TrfDateMismatch,
                    None,
                    TrfFacts::Date {
                        round,
                        game,
                        trf: trf.value,
                    },
                ));
            }
        }
        report.findings.extend(findings);
        if let Some(tally) = self.tally(round) {
            tally.games_found += 1;
            if agrees {
                tally.results_agreeing += 1;
            }
        }
    }

    /// The rows of the games at the board that no game of the input
    /// matched, one row each, by round and start rank.
    pub fn finish(&mut self) -> Vec<GameReport> {
        let mut missing = Vec::new();
        for round in 1..=self.trf.rounds() {
            if self.only_round.is_some_and(|r| r != round) {
                continue;
            }
            for i in 0..self.trf.players.len() {
                let Some(entry) = self.entry(i, round) else {
                    continue;
                };
                let me = self.rank(i);
                let Some(o) = self.opponent(i, round).filter(|&o| self.rank(o) > me) else {
                    continue;
                };
                if !entry.code.is_game() || self.matched.contains_key(&(round, me)) {
                    continue;
                }
                let (white, black, coloured) = match entry.colour {
                    Colour::Black => (o, i, true),
                    Colour::White => (i, o, true),
                    Colour::NoColour | Colour::Blank => (i, o, false),
                };
                missing.push((round, white, black, coloured));
            }
        }
        let mut rows = Vec::with_capacity(missing.len());
        for (round, white, black, coloured) in missing {
            let Some(entry) = self
                .entry(white, round)
                .or_else(|| self.entry(black, round))
            else {
                continue;
            };
            let span = entry.span;
            let facts = TrfFacts::Missing {
                round,
                white: self.named(white),
                black: self.named(black),
                code: entry.code,
                coloured,
            };
            let finding = self.finding(Kind::TrfMissingGame, Some(span), facts);
            let names = (self.named(white).name, self.named(black).name);
            rows.push(self.row(span.line, Some(names), Some(round), vec![finding]));
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use scoresheet::GameText;

    use super::*;

    const CLEAN: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/tournament/clean/tournament.trf"
    ));

    fn game(tags: &[(&str, &str)], moves: &str) -> GameReport {
        let mut text = String::new();
        for (name, value) in tags {
            text.push_str(&format!("[{name} \"{value}\"]\n"));
        }
        text.push('\n');
        text.push_str(moves);
        text.push('\n');
        crate::check_game("g.pgn", 1, &GameText::new(text.into_bytes(), 1, 0))
    }

    fn trf_findings(t: &mut Tournament, report: &mut GameReport) -> Vec<TrfFacts> {
        t.game(report);
        report
            .findings
            .iter()
            .filter_map(|f| match &f.facts {
                Facts::Tournament(t) => Some((**t).clone()),
                _ => None,
            })
            .collect()
    }

    fn tournament(text: &str) -> Tournament {
        Tournament::read("t.trf", text.as_bytes(), None)
    }

    #[test]
    fn a_fide_id_decides_over_the_name() {
        let mut t = tournament(CLEAN);
        let mut g = game(
            &[
                ("Round", "1"),
                ("White", "Somebody"),
                ("Black", "Else"),
                ("WhiteFideId", "4600001"),
                ("BlackFideId", "4600004"),
                ("Result", "1-0"),
            ],
            "1. e4 e5 1-0",
        );
        assert_eq!(trf_findings(&mut t, &mut g), Vec::new());
    }

    #[test]
    fn rounds_that_cannot_be_matched() {
        let mut t = tournament(CLEAN);
        let mut g = game(
            &[
                ("Round", "?"),
                ("White", "Müller, Hans"),
                ("Black", "Özdemir, Ayşe"),
            ],
            "1. e4 e5 *",
        );
        assert!(matches!(
            trf_findings(&mut t, &mut g).as_slice(),
            [TrfFacts::Unmatched {
                round: None,
                cause: Unmatched::NoRound { .. }
            }]
        ));
        let mut g = game(
            &[
                ("Round", "4"),
                ("White", "Müller, Hans"),
                ("Black", "Özdemir, Ayşe"),
            ],
            "1. e4 e5 *",
        );
        assert!(matches!(
            trf_findings(&mut t, &mut g).as_slice(),
            [TrfFacts::Unmatched {
                cause: Unmatched::RoundNotInTrf { rounds: 3 },
                ..
            }]
        ));
        // Paired, but in round 3, not round 2.
        let mut g = game(
            &[
                ("Round", "2"),
                ("White", "Müller, Hans"),
                ("Black", "Weiß, Jürgen"),
            ],
            "1. e4 e5 1-0",
        );
        assert!(matches!(
            trf_findings(&mut t, &mut g).as_slice(),
            [TrfFacts::Unmatched {
                cause: Unmatched::NoPairing {
                    other_round: Some(3),
                    ..
                },
                ..
            }]
        ));
    }

    #[test]
    fn a_pairing_matched_twice_and_an_empty_forfeit() {
        let mut t = tournament(CLEAN);
        let tags = [
            ("Round", "1.1"),
            ("White", "Müller, Hans"),
            ("Black", "Özdemir, Ayşe"),
            ("Result", "1-0"),
        ];
        let mut first = game(&tags, "1. e4 e5 1-0");
        assert_eq!(trf_findings(&mut t, &mut first), Vec::new());
        let mut second = game(&tags, "1. d4 d5 1-0");
        assert!(matches!(
            trf_findings(&mut t, &mut second).as_slice(),
            [TrfFacts::Unmatched {
                cause: Unmatched::AlreadyMatched { game: 1, .. },
                ..
            }]
        ));
        // A forfeit exported as a game without moves is no game played.
        let forfeit = CLEAN
            .replace("     3 w 0     5 b =", "     3 w -     5 b =")
            .replace("     4 b 1     1 b 0", "     4 b +     1 b 0");
        let mut t = tournament(&forfeit);
        let tags = [
            ("Round", "2"),
            ("White", "Özdemir, Ayşe"),
            ("Black", "Weiß, Jürgen"),
            ("Result", "0-1"),
        ];
        assert_eq!(trf_findings(&mut t, &mut game(&tags, "0-1")), Vec::new());
        let mut t = tournament(&forfeit);
        assert!(matches!(
            trf_findings(&mut t, &mut game(&tags, "1. e4 e5 0-1")).as_slice(),
            [TrfFacts::ForfeitPlayed {
                code: Code::ForfeitLoss,
                ..
            }]
        ));
    }

    #[test]
    fn a_played_game_scored_as_not_rated() {
        let unrated = CLEAN
            .replace("     4 w 1     2 b =", "     4 w W     2 b =")
            .replace("  0.5    5     1 b 0", "  0.5    5     1 b L");
        let mut t = tournament(&unrated);
        assert!(t.file_row().is_none(), "W and L score as 1 and 0");
        let tags = [
            ("Round", "1"),
            ("White", "Müller, Hans"),
            ("Black", "Özdemir, Ayşe"),
            ("Result", "1-0"),
        ];
        assert!(matches!(
            trf_findings(&mut t, &mut game(&tags, "1. e4 e5 2. Nf3 1-0")).as_slice(),
            [TrfFacts::Result {
                code: Code::UnratedWin,
                unrated_played: Some(3),
                ..
            }]
        ));
    }

    #[test]
    fn the_file_against_itself() {
        let text = CLEAN
            .replace("062 6", "062 6\nXXR 2")
            .replace("     4 w 1     2 b =", "     9 w 1     2 b =");
        let mut t = tournament(&text);
        let row = t.file_row().expect("findings");
        let facts: Vec<&Facts> = row.findings.iter().map(|f| &f.facts).collect();
        let unknown = facts.iter().any(|f| {
            matches!(f, Facts::Tournament(t) if matches!(**t, TrfFacts::UnknownOpponent { opponent: 9, round: 1, .. }))
        });
        assert!(unknown, "{facts:?}");
        // Player 4's line still names 1, who now names 9.
        let asymmetric = facts.iter().any(|f| {
            matches!(f, Facts::Tournament(t) if matches!(&**t, TrfFacts::Asymmetric { player, round: 1, .. } if player.start_rank == 4))
        });
        assert!(asymmetric, "{facts:?}");
        let beyond = facts
            .iter()
            .filter(|f| matches!(f, Facts::Tournament(t) if matches!(**t, TrfFacts::BeyondRounds { round: 3, rounds: 2, .. })))
            .count();
        assert_eq!(beyond, 6, "one per player line with round 3");
        assert_eq!(&*row.source, "t.trf");
        assert_eq!(row.row, Row::Tournament);
    }

    #[test]
    fn any_file_and_any_game_without_panic() {
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || crate::testing::xorshift(&mut seed);
        let alphabet = b"001 0123456789 wb-=+WDLHFUZ,.\r\n\xff\xc3";
        for _ in 0..200 {
            let mut bytes = CLEAN.as_bytes().to_vec();
            for _ in 0..40 {
                let at = (next() as usize) % bytes.len();
                bytes[at] = alphabet[(next() as usize) % alphabet.len()];
            }
            let mut t = Tournament::read("t.trf", &bytes, None);
            let _ = t.file_row();
            let mut g = game(
                &[("Round", "2"), ("White", "Becker"), ("Black", "Becker")],
                "1. e4 e5 *",
            );
            t.game(&mut g);
            let _ = t.finish();
        }
    }
}
