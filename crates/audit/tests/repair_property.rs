//! Property test of issue 18's repair search on real games: take a
//! well-formed game of `../shared/corpus`, make one slip in its *text* the
//! way a writer does (a piece letter, one square character, a half-move left
//! out with the numbers showing the gap, two moves swapped, a move written
//! twice), check it, and judge the result independently with shakmaty.
//!
//! The original move always explains the record to its end (by
//! construction), so a repair the engine takes must explain at least as
//! much: a taken repair that explains less, or any other change to the
//! report (findings before the slip, the recorded and ruled results, later
//! findings), fails the test. The rates per slip are printed (`--nocapture`)
//! and recorded in `docs/findings.md`.
//!
//! Deterministic: a fixed seed and a sample of games fixed by it.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

use std::{
    collections::BTreeMap,
    io::Read,
    path::{Path, PathBuf},
};

use audit::{Facts, Finding, GameReport, Kind, Severity, check_game};
use laws::resolve::resolve;
use rayon::prelude::*;
use scoresheet::notation::parse_move;
use scoresheet::{GameText, Scoresheet, Splitter};
use shakmaty::{CastlingMode, Chess, Move, Position, san::SanPlus};

/// Games sampled per corpus file: 1,800 in all, from the six files with
/// plain movetext (`online-with-clk` has a clock comment at every move,
/// which a deleted move would shift, and gives none).
const PER_FILE: usize = 300;
const SEED: u64 = 0x18_5EED;
/// The engine's look-ahead (`laws::repair::LOOK_AHEAD`) and the length
/// of its list of equals (`details.repair_candidates`).
const LOOK_AHEAD: usize = laws::repair::LOOK_AHEAD;
const SUGGESTIONS: usize = 6;

/// `../shared/corpus`, or `None` when it is missing: the test then skips
/// with a message, unless `ARBITER_REQUIRE_CORPUS` is set (CI sets it), when
/// it fails. As in `crates/arbiter/tests/corpus.rs`.
fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.is_dir() {
        return Some(dir);
    }
    assert!(
        std::env::var_os("ARBITER_REQUIRE_CORPUS").is_none(),
        "{} is missing and ARBITER_REQUIRE_CORPUS is set",
        dir.display()
    );
    eprintln!(
        "skipped: {} is missing (the real-game corpus beside the checkout; see README)",
        dir.display()
    );
    None
}

/// SplitMix64: a PRNG of a few lines, so that the sample never depends on a
/// crate's version.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The slips made, one per game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Slip {
    /// `Nb5` for `Bb5`: another piece letter, the same square.
    PieceLetter,
    /// `Bc3` for the pawn move `c3` (English `B`, German "Bauer").
    PawnAsB,
    /// One character of the destination square changed.
    Square,
    /// Black's move left out: the next number shows the gap.
    MissingBlack,
    /// White's move left out: Black's move is written `12... Nc6`.
    MissingWhite,
    /// A move and the reply written in each other's place.
    SwappedColumns,
    /// A move and the same player's next move in each other's place.
    SwappedSameSide,
    /// A move written again in the other column.
    WrittenTwice,
    /// Black's move written in White's column of the next move: `13. Nc6`
    /// for `12... Nc6`. The moves replay: a warning, nothing else.
    WrongColumn,
}

const SLIPS: [Slip; 9] = [
    Slip::PieceLetter,
    Slip::PawnAsB,
    Slip::Square,
    Slip::MissingBlack,
    Slip::MissingWhite,
    Slip::SwappedColumns,
    Slip::SwappedSameSide,
    Slip::WrittenTwice,
    Slip::WrongColumn,
];

impl Slip {
    /// The `details.repair.edit` that undoes it.
    fn edit(self) -> &'static str {
        match self {
            Slip::PieceLetter | Slip::PawnAsB => "piece-letter",
            Slip::Square => "square",
            Slip::MissingBlack | Slip::MissingWhite => "missing-move",
            Slip::SwappedColumns | Slip::SwappedSameSide => "swapped",
            Slip::WrittenTwice => "written-twice",
            Slip::WrongColumn => "wrong-column",
        }
    }
}

/// A well-formed game: its text, tokens and moves.
struct Game {
    name: String,
    text: GameText,
    sheet: Scoresheet,
    /// The position before each ply, and the move played there.
    before: Vec<Chess>,
    moves: Vec<Move>,
    report: GameReport,
}

impl Game {
    fn token(&self, k: usize) -> &[u8] {
        self.sheet.moves[k].span.of(&self.text.bytes)
    }
    fn san(&self, k: usize) -> String {
        SanPlus::from_move(self.before[k].clone(), self.moves[k]).to_string()
    }
}

/// Replays `tokens` as written from `pos` the way the engine reads them
/// (`laws::resolve`: a capture sign left out is no error); the number of
/// tokens that play. A slip that still plays is no slip to look for.
fn reach(mut pos: Chess, tokens: &[&[u8]]) -> usize {
    for (i, t) in tokens.iter().enumerate() {
        let m = parse_move(t)
            .ok()
            .and_then(|n| resolve(&pos, &n.written, CastlingMode::Standard).ok());
        let Some(m) = m else { return i };
        pos.play_unchecked(m);
    }
    tokens.len()
}

/// A game fit to be edited: standard start, plain movetext (no comments,
/// variations or glyphs whose places an edit would shift), every token
/// English SAN, no error or warning.
fn well_formed(name: &str, index: usize, text: &GameText) -> Option<Game> {
    let sheet = Scoresheet::read(text);
    if sheet.tag("FEN").is_some()
        || !sheet.comments.is_empty()
        || !sheet.variations.is_empty()
        || !sheet.annotations.is_empty()
        || !sheet.offer_marks.is_empty()
        || !sheet.problems.is_empty()
        || !sheet.non_standard.is_empty()
        || sheet.moves.len() < 12
    {
        return None;
    }
    let mut pos = Chess::default();
    let (mut before, mut moves) = (Vec::new(), Vec::new());
    for rm in &sheet.moves {
        let san = SanPlus::from_ascii(rm.span.of(&text.bytes)).ok()?;
        let m = san.san.to_move(&pos).ok()?;
        before.push(pos.clone());
        moves.push(m);
        pos.play_unchecked(m);
    }
    let report = check_game(name, index, text);
    let clean = report.plies == sheet.moves.len()
        && report
            .findings
            .iter()
            .all(|f| f.kind.severity() == Severity::Note);
    clean.then(|| Game {
        name: name.to_string(),
        text: text.clone(),
        sheet,
        before,
        moves,
        report,
    })
}

/// One edit of the text: the byte range replaced and what replaces it.
struct Edit {
    slip: Slip,
    /// The ply (1-based, counted as in the original game) of the finding
    /// that must carry the repair.
    ply: usize,
    /// The first token index whose text differs (findings before it stay).
    at: usize,
    text: Vec<u8>,
}

fn splice(bytes: &[u8], start: usize, end: usize, with: &[u8]) -> Vec<u8> {
    let mut out = bytes[..start].to_vec();
    out.extend_from_slice(with);
    out.extend_from_slice(&bytes[end..]);
    out
}

/// The slip made at token `k`, where it is one this token admits and the
/// record then breaks at the slip (a slip that still replays is another
/// game, not a slip to find).
fn make(g: &Game, slip: Slip, k: usize, rng: &mut Rng) -> Option<Edit> {
    let n = g.moves.len();
    let bytes = &g.text.bytes;
    let span = |i: usize| g.sheet.moves[i].span;
    let tok = g.token(k).to_vec();
    let fails_at_k = |t: &[u8]| reach(g.before[k].clone(), &[t]) == 0;
    let single = |t: Vec<u8>| {
        fails_at_k(&t).then(|| Edit {
            slip,
            ply: k + 1,
            at: k,
            text: splice(bytes, span(k).start, span(k).end, &t),
        })
    };
    match slip {
        Slip::PieceLetter => {
            let role = g.moves[k].role();
            if role == shakmaty::Role::Pawn || g.moves[k].is_castle() {
                return None;
            }
            let letters: Vec<u8> = b"NBRQK".iter().copied().filter(|&c| c != tok[0]).collect();
            let mut t = tok.clone();
            t[0] = letters[rng.below(letters.len())];
            single(t)
        }
        Slip::PawnAsB => {
            if g.moves[k].role() != shakmaty::Role::Pawn
                || tok.contains(&b'x')
                || tok.contains(&b'=')
            {
                return None;
            }
            let mut t = b"B".to_vec();
            t.extend_from_slice(&tok);
            single(t)
        }
        Slip::Square => {
            if g.moves[k].is_castle() {
                return None;
            }
            let to = g.moves[k].to().to_string().into_bytes();
            let at = tok.windows(2).rposition(|w| w == to.as_slice())?;
            let mut t = tok.clone();
            let i = at + rng.below(2);
            let range: &[u8] = if i == at { b"abcdefgh" } else { b"12345678" };
            let others: Vec<u8> = range.iter().copied().filter(|&c| c != t[i]).collect();
            t[i] = others[rng.below(others.len())];
            single(t)
        }
        Slip::MissingBlack => {
            // Black's move out, White's next number shows it.
            (k % 2 == 1 && k + 1 < n && g.sheet.moves[k + 1].number.is_some()).then_some(())?;
            let end = g.sheet.moves[k + 1].number.map(|w| w.span.start)?;
            Some(Edit {
                slip,
                ply: k + 1,
                at: k,
                text: splice(bytes, span(k).start, end, b""),
            })
        }
        Slip::MissingWhite => {
            // White's move out: `12. Nf3 Nc6` becomes `12... Nc6`.
            (k.is_multiple_of(2) && k + 1 < n).then_some(())?;
            let number = g.sheet.moves[k].number?;
            let written = format!("{}... ", number.number);
            Some(Edit {
                slip,
                ply: k + 1,
                at: k,
                text: splice(
                    bytes,
                    number.span.start,
                    span(k + 1).start,
                    written.as_bytes(),
                ),
            })
        }
        Slip::SwappedColumns | Slip::SwappedSameSide => {
            let j = k + if slip == Slip::SwappedColumns { 1 } else { 2 };
            (j < n).then_some(())?;
            let (a, b) = (g.token(k).to_vec(), g.token(j).to_vec());
            if a == b || !fails_at_k(&b) {
                return None;
            }
            let text = splice(bytes, span(j).start, span(j).end, &a);
            Some(Edit {
                slip,
                ply: k + 1,
                at: k,
                text: splice(&text, span(k).start, span(k).end, &b),
            })
        }
        Slip::WrongColumn => {
            // Black's move under the next White number.
            (k % 2 == 1 && k + 1 < n && g.sheet.moves[k].number.is_none()).then_some(())?;
            let written = format!("{}. ", k / 2 + 2);
            Some(Edit {
                slip,
                ply: k + 1,
                at: k,
                text: splice(bytes, span(k).start, span(k).start, written.as_bytes()),
            })
        }
        Slip::WrittenTwice => {
            // The copy stands where move k+1 was: it must not play there.
            let after = {
                let mut p = g.before[k].clone();
                p.play_unchecked(g.moves[k]);
                p
            };
            if reach(after, &[&tok]) != 0 {
                return None;
            }
            let mut copy = b" ".to_vec();
            copy.extend_from_slice(&tok);
            Some(Edit {
                slip,
                ply: k + 2,
                at: k + 1,
                text: splice(bytes, span(k).end, span(k).end, &copy),
            })
        }
    }
}

/// How the engine did on one slip.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// The original move read back, the record explained to its end.
    Restored,
    /// Another repair taken that explains the record as far (checked with shakmaty).
    Alternative,
    /// Not taken: the original and others explain the record equally.
    Tie,
    /// Not taken, and the original was not among the equals listed.
    Missed,
}

/// The finding carrying the repair of the slip, and its repair facts.
fn repair_finding(r: &GameReport, ply: usize) -> Option<&Finding> {
    r.findings.iter().find(|f| {
        f.ply == Some(ply)
            && matches!(
                f.kind,
                Kind::IllegalMove | Kind::UnparseableMove | Kind::AmbiguousMove | Kind::MissingMove
            )
    })
}

fn repairs(f: &Finding) -> (Option<&audit::facts::Repair>, &[audit::facts::Repair]) {
    match &f.facts {
        Facts::Move(m) => (m.repair.as_ref(), &m.repair_candidates),
        Facts::MissingMove(m) => (m.repair.as_ref(), &m.repair_candidates),
        _ => (None, &[]),
    }
}

/// Findings in a line each: kind, ply, token, the repair taken or tied.
fn brief(fs: &[Finding]) -> String {
    fs.iter()
        .map(|f| {
            let (taken, tied) = repairs(f);
            let tied: Vec<String> = tied.iter().map(|c| c.read_as.to_string()).collect();
            format!(
                "{} at {:?} {:?} taken {:?} tied {tied:?}",
                f.kind.code(),
                f.ply,
                f.token,
                taken.map(|c| format!("{} {} to {}", c.edit.code(), c.read_as, c.replays_to))
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// How many of the edited record's tokens, from the slip's first bad one
/// and at most the engine's look-ahead, a reading of one token (or one
/// inserted move) explains, replayed independently; `None` for readings
/// that stand for several tokens (swaps, copies) or for no legal move.
fn explains(g: &Game, e: &Edit, sheet: &[Vec<u8>], rep: &audit::facts::Repair) -> Option<usize> {
    let rest = |from: usize| -> Vec<&[u8]> {
        sheet[from.min(sheet.len())..]
            .iter()
            .take(LOOK_AHEAD - 1)
            .map(Vec::as_slice)
            .collect()
    };
    // A copy written after the last move has no position before it here.
    let mut pos = g.before.get(e.at)?.clone();
    pos.play_unchecked(rep.read_as.san.to_move(&pos).ok()?);
    match rep.edit.code() {
        "piece-letter" | "square" => Some(1 + reach(pos, &rest(e.at + 1))),
        "missing-move" => {
            let tokens = rest(e.at);
            // The token after the gap and what follows it.
            Some(reach(pos, &tokens))
        }
        _ => None,
    }
}

/// What the original reading explains: every token from the slip's first
/// bad one, up to the look-ahead (it replays to the end by construction).
fn horizon(e: &Edit, sheet: &[Vec<u8>]) -> usize {
    let tokens = sheet.len().saturating_sub(e.at);
    match e.slip {
        // The inserted move stands before the token after the gap: the
        // search counts that token, not the inserted move.
        Slip::MissingBlack | Slip::MissingWhite => tokens.min(LOOK_AHEAD - 1),
        _ => tokens.min(LOOK_AHEAD),
    }
}

/// A move in the wrong column replays as written: the report is the
/// original's (plies, rulings, every finding by kind, ply, player and
/// article) plus one warning that reads the move in its own column.
fn judge_column(g: &Game, e: &Edit, r: &GameReport) -> Result<Outcome, String> {
    let key = |f: &Finding| {
        format!(
            "{} {:?} {:?} {:?}",
            f.kind.code(),
            f.ply,
            f.player,
            f.article
        )
    };
    let warning = r.findings.iter().position(|f| {
        f.kind == Kind::MoveNumberMismatch
            && f.ply == Some(e.ply)
            && matches!(&f.facts, Facts::MoveNumber(m)
                if m.repair.as_ref().is_some_and(|c| c.edit.code() == "wrong-column"
                    && c.read_as.to_string() == g.san(e.at)))
    });
    let Some(warning) = warning else {
        return Err(format!(
            "no wrong-column warning at ply {}: {}",
            e.ply,
            brief(&r.findings)
        ));
    };
    let mut rest: Vec<String> = r.findings.iter().map(key).collect();
    rest.remove(warning);
    let was: Vec<String> = g.report.findings.iter().map(key).collect();
    let same = (r.plies, r.reconstructed_plies, r.repairs, r.ruled_result)
        == (
            g.report.plies,
            g.report.reconstructed_plies,
            0,
            g.report.ruled_result,
        );
    if rest != was || !same {
        return Err(format!(
            "the report changed: plies {} -> {}, repairs {}, findings {was:?} -> {rest:?}",
            g.report.plies, r.plies, r.repairs
        ));
    }
    Ok(Outcome::Restored)
}

/// Judges one edited game; `Err` says what went wrong.
fn judge(g: &Game, e: &Edit) -> Result<Outcome, String> {
    let text = GameText::new(e.text.clone(), g.text.first_line, g.text.offset);
    let r = check_game(&g.name, g.report.game, &text);
    let n = g.moves.len();
    if e.slip == Slip::WrongColumn {
        return judge_column(g, e, &r);
    }
    // Nothing else changes: the results, the findings before the slip.
    if r.recorded_result != g.report.recorded_result || r.ruled_result != g.report.ruled_result {
        return Err(format!(
            "results changed: {:?}/{:?} -> {:?}/{:?}",
            g.report.recorded_result, g.report.ruled_result, r.recorded_result, r.ruled_result
        ));
    }
    let before = |rep: &GameReport| -> Vec<Finding> {
        rep.findings
            .iter()
            .filter(|f| f.ply.is_some_and(|p| p <= e.at))
            .cloned()
            .collect()
    };
    if before(&r) != before(&g.report) {
        return Err(format!(
            "findings before the slip changed: {} -> {}",
            brief(&before(&g.report)),
            brief(&before(&r))
        ));
    }
    let Some(f) = repair_finding(&r, e.ply) else {
        return Err(format!(
            "no scoresheet error at ply {}: {}",
            e.ply,
            brief(&r.findings)
        ));
    };
    let others: Vec<&Finding> = r
        .findings
        .iter()
        .filter(|x| x.ply.is_none_or(|p| p > e.at) && !std::ptr::eq(*x, f))
        .filter(|x| x.kind.severity() != Severity::Note)
        .collect();
    if !others.is_empty() {
        let others: Vec<Finding> = others.into_iter().cloned().collect();
        return Err(format!(
            "further findings: {} (repair {})",
            brief(&others),
            brief(std::slice::from_ref(f))
        ));
    }
    // The move the slip is about: for a copy, the move copied.
    let original = g.san(e.at - usize::from(e.slip == Slip::WrittenTwice));
    let (taken, tied) = repairs(f);
    let sheet: Vec<Vec<u8>> = Scoresheet::read(&text)
        .moves
        .iter()
        .map(|m| m.span.of(&text.bytes).to_vec())
        .collect();
    let full = horizon(e, &sheet);
    let show = |what: &str| {
        eprintln!(
            "{what}: {} game {} {:?} at ply {} (original {original}): {}",
            g.name,
            g.report.game,
            e.slip,
            e.ply,
            brief(std::slice::from_ref(f))
        );
    };
    let Some(rep) = taken else {
        // A tie is genuine when every listed equal explains as much as the
        // original; the list is capped, so the original may be past it.
        for c in tied {
            if let Some(k) = explains(g, e, &sheet, c).filter(|&k| k < full) {
                return Err(format!(
                    "listed {} {} as an equal, but it explains {k} tokens, the original {original} {full}",
                    c.edit.code(),
                    c.read_as
                ));
            }
        }
        let listed = tied.iter().any(|c| c.read_as.to_string() == original);
        if listed || tied.len() >= SUGGESTIONS {
            return Ok(Outcome::Tie);
        }
        show("missed");
        return Ok(Outcome::Missed);
    };
    if r.reconstructed_plies < n {
        return Err(format!(
            "took {} {} to ply {}, the original {original} explains all {n}",
            rep.edit.code(),
            rep.read_as,
            r.reconstructed_plies
        ));
    }
    let same = rep.read_as.to_string() == original || e.slip == Slip::WrittenTwice;
    if same && rep.edit.code() == e.slip.edit() {
        if r.repairs != 1 {
            return Err(format!("restored, but {} repairs counted", r.repairs));
        }
        return Ok(Outcome::Restored);
    }
    // Another reading: it must explain the record as far, checked here.
    if let Some(k) = explains(g, e, &sheet, rep).filter(|&k| k < full) {
        return Err(format!(
            "took {} {}, which explains {k} tokens, the original {original} {full}",
            rep.edit.code(),
            rep.read_as
        ));
    }
    show("alternative");
    Ok(Outcome::Alternative)
}

fn load(path: &Path) -> Vec<u8> {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut bytes = Vec::new();
    zstd::stream::read::Decoder::new(file)
        .and_then(|mut d| d.read_to_end(&mut bytes))
        .expect("zstd");
    bytes
}

/// The sample of one corpus file: `PER_FILE` well-formed games, each with
/// its slip, chosen by the seed.
fn sample(path: &Path, seed: u64) -> Vec<(Game, Edit)> {
    let bytes = load(path);
    let texts: Vec<GameText> = Splitter::new(&bytes[..])
        .collect::<Result<_, _>>()
        .expect("in-memory read");
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut rng = Rng::new(seed);
    let picks: Vec<(usize, u64)> = (0..PER_FILE * 3)
        .map(|_| (rng.below(texts.len()), rng.next()))
        .collect();
    let mut out: Vec<(Game, Edit)> = picks
        .par_iter()
        .enumerate()
        .filter_map(|(i, &(index, s))| {
            let g = well_formed(&name, index + 1, &texts[index])?;
            let mut rng = Rng::new(s);
            let slip = SLIPS[i % SLIPS.len()];
            (0..40)
                .find_map(|_| {
                    let k = rng.below(g.moves.len());
                    make(&g, slip, k, &mut rng)
                })
                .map(|e| (g, e))
        })
        .collect();
    out.truncate(PER_FILE);
    out
}

#[test]
fn one_slip_in_a_real_game_is_read_back() {
    let Some(dir) = corpus() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("bench"))
        .expect("corpus/bench")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "zst"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no corpus/bench/*.pgn.zst");
    let mut tally: BTreeMap<Slip, BTreeMap<Outcome, usize>> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (i, path) in files.iter().enumerate() {
        let cases = sample(path, SEED ^ (i as u64) << 32);
        let judged: Vec<_> = cases
            .par_iter()
            .map(|(g, e)| (e.slip, judge(g, e), g, e))
            .collect();
        for (slip, outcome, g, e) in judged {
            match outcome {
                Ok(o) => *tally.entry(slip).or_default().entry(o).or_default() += 1,
                Err(why) => wrong.push(format!(
                    "{} game {} {slip:?} at ply {}: {why}",
                    g.name, g.report.game, e.ply
                )),
            }
        }
    }
    let mut total = 0;
    let mut restored = 0;
    for (slip, counts) in &tally {
        let n: usize = counts.values().sum();
        total += n;
        restored += counts.get(&Outcome::Restored).copied().unwrap_or(0);
        let rates: Vec<String> = counts
            .iter()
            .map(|(o, c)| format!("{o:?} {c} ({:.1} %)", 100.0 * *c as f64 / n as f64))
            .collect();
        eprintln!("{slip:?}: {n} games: {}", rates.join(", "));
    }
    eprintln!(
        "all: {total} games, restored {restored} ({:.1} %), wrong {}",
        100.0 * restored as f64 / total.max(1) as f64,
        wrong.len()
    );
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(total >= 1_000, "only {total} games edited");
}
