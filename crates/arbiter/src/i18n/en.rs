//! English: the words of the contract's `message`, rendered from each
//! finding's facts (the sentences are in `en/sentence.rs`).

mod comment;
mod sentence;

use audit::{Finding, GameReport, Kind, PgnDate, Player};
use laws::{mating::Unwinnability, repetition::Difference};
use shakmaty::Color;

use super::{Labels, Messages, Usage, format_clock};
use audit::source::Binary;

pub struct En;

static LABELS: Labels = Labels {
    white: "White",
    black: "Black",
    white_to_move: "White to move",
    black_to_move: "Black to move",
    note: "note",
    warning: "warning",
    error: "error",
    game: "game",
    ply: "ply",
    article_long: "FIDE Laws of Chess, article",
    article: "Art.",
    position: "position",
    probably_meant: "legal moves probably meant",
    repair: "help",
    games_with_findings: "games with findings",
    games_counted: "game(s)",
    results_changed: "results changed by the rulings",
    unreadable_games: "unreadable games",
    peak_memory: "peak memory",
    could_not_read: "could not read",
    players_unknown: "(players not recorded)",
    round: "round",
    round_title: "Round",
    line: "line",
    recorded_result: "Recorded result",
    ruled_result: "Ruled result",
    plies_replayed: "Plies replayed",
    none: "none",
    none_unreadable: "none (unreadable)",
    no_rulings: "No events and no rulings: the record stands as written.",
    timeline: "Timeline",
    time_added: "time added to the opponent",
    sheet_title: "Ruling sheet",
    source: "Source",
    moves: "Move",
    ruling: "Ruling",
    positions: "The positions the rulings rest on",
    mating_line: "a mating line",
    already_mate: "the position is already mate",
    by_material: "by material (a queen or a rook)",
    yes: "Yes",
    no: "No",
    played: "played",
    written: "written move, not played",
    undetermined: "could not be decided; the loss stands unless the arbiter finds otherwise",
    touched: "touched",
    attempted: "attempted",
    index_title: "Ruling sheets",
    index_empty: "No game of the input has a ruling.",
    rulings: "Rulings",
    players: "Players",
    generated_by: "Written by arbiter from the scoresheet; FIDE Laws of Chess, edition of 1 January 2023.",
    trf_columns: [
        "round",
        "pairings",
        "played",
        "games found",
        "results agreeing",
    ],
    event: "Event",
    site: "Site",
    date: "Date",
    board: "Board",
    time_control: "Time control",
    arbiter: "Arbiter",
    regulations: "Event regulations",
    time_of_ruling: "Time of the ruling",
    clocks: "clocks",
    no_clocks: "no clock readings in the record",
    fide_id: "FIDE ID",
    signature: "Signature",
    remarks: "Remarks",
    notes_title: "Notes on the record",
    notes_intro: "About the record itself, not rulings on the game:",
    on_board: "The position on the board",
    after_written: "After the written move",
    claimed_position: "the position the claim is about",
    near_miss: "Not the same position",
    near_miss_why: "The same pieces on the same squares, but",
    occurred: "occurred",
    starting_position: "the starting position",
    quiet_since: "no capture or pawn move since",
    as_written: "as written",
    result_changed: "changed by the ruling",
    recorded: "Recorded",
    ruled: "Ruled",
    per_move: "per move",
    moves_in: "moves in",
    rest_of_game: "for the rest of the game",
    then: "then",
    unknown: "unknown",
    no_clock: "played without a clock",
    sandclock: "sandclock",
    standard: "standard",
    rapid: "rapid",
    blitz: "blitz",
    after: "after",
    pieces: ['K', 'Q', 'R', 'B', 'N'],
    pawn: 'P',
};

impl Messages for En {
    fn repair_note(&self, note: super::Note, reaches: Option<(u32, Color)>) -> String {
        comment::repair_note(note, reaches)
    }

    fn labels(&self) -> &'static Labels {
        &LABELS
    }

    fn kind_title(&self, kind: Kind) -> &'static str {
        match kind {
            Kind::UnreadableGame => "Unreadable game",
            Kind::UnparseableMove => "Unreadable move",
            Kind::IllegalMove => "Illegal move on the scoresheet",
            Kind::AmbiguousMove => "Ambiguous move",
            Kind::InvalidSetup => "Invalid starting position",
            Kind::BadTag => "Bad tag",
            Kind::MissingResult => "Missing result",
            Kind::ResultMismatch => "Result contradicts the board",
            Kind::MovesAfterEnd => "Moves after the end of the game",
            Kind::AnnotationError => "Annotation error",
            Kind::MalformedPgn => "Malformed PGN",
            Kind::WrongCheckMark => "Wrong check mark",
            Kind::WrongCaptureMark => "Capture sign without a capture",
            Kind::NonStandardNotation => "Not the PGN standard's notation",
            Kind::MoveNumberMismatch => "Move number does not fit",
            Kind::MissingMove => "Move missing from the scoresheet",
            Kind::ResultSignal => "Electronic board result signal",
            Kind::ForfeitResult => "Forfeit: no game played",
            Kind::Checkmate => "Checkmate",
            Kind::Stalemate => "Stalemate",
            Kind::DeadPosition => "Dead position",
            Kind::FivefoldRepetition => "Fivefold repetition",
            Kind::SeventyFiveMoveRule => "75-move rule",
            Kind::ThreefoldClaimUpheld => "Threefold repetition claim: upheld",
            Kind::ThreefoldClaimRejected => "Threefold repetition claim: rejected",
            Kind::FiftyMoveClaimUpheld => "Fifty-move claim: upheld",
            Kind::FiftyMoveClaimRejected => "Fifty-move claim: rejected",
            Kind::WrittenMoveNotPlayed => "Written move not played",
            Kind::DuplicateGame => "Duplicate game",
            Kind::TouchMoveViolation => "Touch-move violation",
            Kind::ComplaintTooLate => "Complaint too late",
            Kind::IllegalMovePenalty => "Illegal move: time penalty",
            Kind::IllegalMoveLoss => "Second illegal move: game lost",
            Kind::IllegalMoveDraw => "Second illegal move: draw",
            Kind::FlagFallLoss => "Flag fall: game lost",
            Kind::FlagFallDraw => "Flag fall: draw",
            Kind::BothFlagsFallen => "Both flags fallen",
            Kind::ClockInconsistency => "Clock reading contradicts the time control",
            Kind::IllegalPositionDraw => "Illegal position after the next move: draw",
            Kind::TrfResultMismatch => "TRF result differs from the game",
            Kind::TrfMissingGame => "Pairing without a game",
            Kind::TrfUnmatchedGame => "Game without a pairing",
            Kind::TrfColourMismatch => "Colours swapped against the TRF",
            Kind::TrfForfeitPlayed => "Forfeit or bye, but a game was played",
            Kind::TrfPointsMismatch => "Points are not the sum of the results",
            Kind::TrfBadLine => "Bad TRF line",
            Kind::TrfUnplayedScored => "Unplayed game scored as rated",
            Kind::TrfDateMismatch => "Game date differs from the round date",
            Kind::TrfUncertainMatch => "Uncertain match to a TRF player",
            Kind::ClaimAvailable => "Draw claim available, not made",
            Kind::DrawOffer => "Draw offer",
            Kind::DrawAgreed => "Draw agreed",
            Kind::DrawAgreementTooEarly => "Draw agreed before the move the regulations allow",
            Kind::RepeatedDrawOffer => "Repeated draw offer",
        }
    }

    fn sentence(&self, report: &GameReport, finding: &Finding) -> String {
        sentence::sentence(report, finding)
    }

    fn repair_hint(&self, finding: &Finding) -> Option<String> {
        sentence::repair_hint(finding)
    }

    fn unwinnable(&self, why: &Unwinnability) -> String {
        sentence::unwinnable(why)
    }

    fn date(&self, date: &PgnDate) -> String {
        let year = date
            .year
            .map_or_else(|| "????".to_string(), |y| format!("{y:04}"));
        match (date.month, date.day) {
            (Some(m), Some(d)) => format!("{year}-{m:02}-{d:02}"),
            (Some(m), None) => format!("{year}-{m:02}"),
            (None, Some(d)) => format!("{year}-??-{d:02}"),
            (None, None) => year,
        }
    }

    fn difference(&self, difference: &Difference, then: Color) -> String {
        sentence::difference(difference, then)
    }

    fn can_mate_question(&self, side: Player) -> String {
        format!("Can {} still checkmate?", self.player(side))
    }

    fn summary_head(&self, games: usize, sources: usize, plies: u64, secs: f64) -> String {
        let rate = if secs > 0.0 { games as f64 / secs } else { 0.0 };
        format!(
            "{games} games in {sources} source(s), {plies} plies, {secs:.2} s ({rate:.0} games/s)"
        )
    }

    fn trf_head(&self, source: &str, players: usize, rounds: u32, team_lines: u32) -> String {
        let teams = match team_lines {
            0 => String::new(),
            n => format!("; {n} team line(s) ignored"),
        };
        format!("tournament {source}: {players} players, {rounds} round(s){teams}")
    }

    fn checked(&self, games: usize, with_findings: usize) -> String {
        format!("{games} game(s) checked, {with_findings} with findings")
    }

    fn usage(&self, usage: Usage) -> String {
        match usage {
            Usage::BadAfter(after) => {
                format!("--after {after}: expected a move number such as 40... or 40.Nf3")
            }
            Usage::NoSuchGame { n, source, games } => {
                format!("--game {n}: {source} has {games} game(s)")
            }
            Usage::WhichGame { source, games } => format!(
                "{source} has {games} games: say which one the claim is about with --game N"
            ),
            Usage::ClaimNotRuled { game, after } => format!(
                "game {game}: the claim after {after} could not be ruled on: that position is not reached, \
                 or the game had ended before it"
            ),
            Usage::SourcesFailed(n) => format!("{n} source(s) could not be read"),
            Usage::BadFen(why) => format!("cannot read the FEN: {why}"),
            Usage::GameZero => {
                "--game 0: games count from 1 (the first game of the file is --game 1)".to_string()
            }
            Usage::NoGames(source) => format!("{source}: there is no game in this source"),
            Usage::Missing(path) => format!("{path}: no such file or directory"),
            Usage::NoPgnFiles(path) => format!(
                "{path}: no PGN files in this folder (looked for *.pgn, *.pgn.gz, *.pgn.zst)"
            ),
            Usage::NotPgn { source, what } => format!(
                "{source}: not a PGN file ({})",
                match what {
                    Binary::Jpeg =>
                        "a JPEG image; a photographed scoresheet must be typed in first",
                    Binary::Png => "a PNG image; a photographed scoresheet must be typed in first",
                    Binary::Pdf => "a PDF document",
                    Binary::Zip => "a zip archive; unpack it first",
                    Binary::Nul => "binary data",
                }
            ),
            Usage::EmptySource(source) => format!("{source}: no games in this source"),
            Usage::NoGamesAtAll => "no game was read: no source of the run had one".to_string(),
            Usage::NoFolder(path) => format!("{path}: the folder to write into does not exist"),
            Usage::Io { path, why } => format!("{path}: {why}"),
            Usage::RepairCut { path, games } => format!(
                "{path}: {games} game(s) larger than 16 MiB are written only as far as they were read"
            ),
            Usage::RepairIsOutput(path) => format!(
                "--repair {path}: the report or the summary is written to this file too: name another file"
            ),
            Usage::RepairIsInput(path) => format!(
                "--repair {path}: this file is one of the inputs; the input is never changed: name another file"
            ),
        }
    }

    fn impossible_position(&self, why: &str) -> String {
        format!("the position cannot arise in a game ({why}): no verdict")
    }

    fn changed_without_mismatch(&self, n: usize) -> String {
        format!(
            "{n} of these game(s) had no decided recorded result (`*`, or a Result tag that is no result), \
             so they have no result-mismatch finding and the two counts differ."
        )
    }

    fn progress(&self, games: usize, per_second: f64, with_findings: usize) -> String {
        format!("{games} games, {per_second:.0} games/s, {with_findings} with findings")
    }

    fn clock_change(&self, seconds: u32, side: Player, before: Option<f64>) -> String {
        match before {
            Some(before) => format!(
                "{seconds} s added: {}'s clock {} → {}",
                self.player(side),
                format_clock(before),
                format_clock(before + f64::from(seconds))
            ),
            None => format!("{seconds} s added to {}'s clock", self.player(side)),
        }
    }
}
