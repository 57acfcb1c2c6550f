//! The command line: subcommands, options and their help.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::i18n::Lang;

#[derive(Debug, Parser)]
#[command(
    name = "arbiter",
    version,
    about = "FIDE arbiter toolkit: validate, adjudicate and audit PGN scoresheets",
    long_about = "FIDE arbiter toolkit: validate, adjudicate and audit PGN scoresheets.\n\n\
        Every game of the input gets a row; every finding names the FIDE article it rests on.\n\n\
        Exit codes: 0 no game has a finding at or above --fail-on; 1 some game has; \
        2 usage or I/O error."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Language of everything written for people (the JSON and CSV `message` stays English).
    #[arg(long, global = true, value_enum, default_value_t = Lang::En)]
    pub lang: Lang,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every recorded move and say exactly where and why a scoresheet is wrong.
    #[command(after_help = "Examples:\n  \
        arbiter validate round5.pgn\n  \
        arbiter validate --format json games/ > report.jsonl\n  \
        zcat twic.pgn.gz | arbiter validate -\n  \
        arbiter validate --format csv --fail-on warning club.pgn.zst\n  \
        arbiter validate --repair repaired.pgn round5.pgn")]
    Validate(RunArgs),
    /// Check every game of many files in parallel and summarise.
    #[command(after_help = "Examples:\n  \
        arbiter audit fixtures/\n  \
        arbiter audit --format json --summary summary.txt season/ > rows.jsonl\n  \
        arbiter audit --jobs 1 --fail-on never big.pgn.zst\n  \
        arbiter audit --html sheets/ --lang de season/\n  \
        arbiter audit --trf tournament.trf games/\n  \
        arbiter audit --trf tournament.trf --round 5 round5.pgn")]
    Audit(AuditArgs),
    /// Rule on one game: the timeline of events and rulings, with board diagrams.
    #[command(after_help = "Examples:\n  \
        arbiter adjudicate round5.pgn --game 3\n  \
        arbiter adjudicate game.pgn --claim threefold --after 40...Kg7\n  \
        arbiter adjudicate game.pgn --claim fifty --after 61. --move Rb1\n  \
        arbiter adjudicate game.pgn --format json --rules rapid\n  \
        arbiter adjudicate round5.pgn --game 3 --html sheet.html --lang de\n\n\
        --after names the move after which the claim is made, as arbiters say it:\n\
        `40.` or `40.Nf3` after White's 40th move (Black claims), `40...` or `40...Kg7`\n\
        after Black's 40th move (White claims). --move is the intended move written\n\
        on the scoresheet and not played (9.2.1, 9.3.1).")]
    Adjudicate(AdjudicateArgs),
    /// Can a side still checkmate by any series of legal moves? (5.2.2, 6.9, 7.5.5, 5.1.2)
    #[command(after_help = "Examples:\n  \
        arbiter can-mate \"k7/8/8/8/8/8/6PP/6qK w - - 0 1\" --side black\n  \
        arbiter can-mate \"4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1\"\n\n\
        Exit code 0 with a verdict for every side asked about, 1 when one is undetermined\n\
        or the position cannot arise in a game, 2 for a FEN that cannot be read.")]
    CanMate(CanMateArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish) to standard output.
    #[command(after_help = "Examples:\n  \
        arbiter completions bash > ~/.local/share/bash-completion/completions/arbiter\n  \
        arbiter completions zsh > ~/.zfunc/_arbiter\n  \
        arbiter completions fish > ~/.config/fish/completions/arbiter.fish")]
    Completions(CompletionsArgs),
    /// Print the manual page (roff) to standard output, or write one per command into a folder.
    #[command(after_help = "Examples:\n  \
        arbiter manpage > ~/.local/share/man/man1/arbiter.1\n  \
        arbiter manpage --dir ~/.local/share/man/man1")]
    Manpage(ManpageArgs),
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManpageArgs {
    /// Write arbiter.1 and a page per command (arbiter-validate.1, …) into this folder.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CanMateArgs {
    /// The position, as FEN.
    pub fen: String,
    /// Whose mating chances: white, black or both.
    #[arg(long, value_enum, default_value_t = SideArg::Both)]
    pub side: SideArg,
    /// Output format: text or json.
    #[arg(long, value_enum, default_value_t = CanMateFormat::Text)]
    pub format: CanMateFormat,

    #[command(flatten)]
    pub budget: Budget,
}

/// `can-mate` writes text or JSON; it has no rows for a CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CanMateFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    White,
    Black,
    Both,
}

#[derive(Debug, Args)]
pub struct AdjudicateArgs {
    /// The PGN file (or `-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Which game of the file (1-based); default: every game.
    #[arg(long)]
    pub game: Option<usize>,

    /// A draw claim to rule on, as if annotated: threefold or fifty.
    #[arg(long, value_enum, requires = "after")]
    pub claim: Option<ClaimArg>,

    /// The move after which the claim is made: `40...Kg7`, `40.`, `40...`.
    #[arg(long, value_name = "MOVE", requires = "claim")]
    pub after: Option<String>,

    /// The claimant's written intended move (not played).
    #[arg(long = "move", value_name = "SAN", requires = "claim")]
    pub written: Option<String>,

    /// Output format: a ruling sheet for people, or JSON Lines.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Plain ASCII board diagrams.
    #[arg(long)]
    pub ascii: bool,

    /// Also show pure notation findings (tags, check marks, syntax) and the draw claims
    /// that were possible and not made (claim-available).
    #[arg(long)]
    pub all: bool,

    /// Also write the ruling sheet as a printable HTML page with board diagrams.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,

    /// The arbiter's name, for the ruling sheet's header and signature line.
    #[arg(long, value_name = "NAME")]
    pub arbiter: Option<String>,

    /// The event regulations the rulings rest on (such as "A.4 applies: full
    /// supervision"), for the ruling sheet's header.
    #[arg(long, value_name = "TEXT")]
    pub event_regulations: Option<String>,

    /// A ruling sheet without signature lines and remarks field.
    #[arg(long)]
    pub no_signatures: bool,

    #[command(flatten)]
    pub rules: RulesOptions,
}

/// The rules in force, shared by every subcommand that rules on games:
/// declared once here.
#[derive(Debug, Args)]
pub struct RulesOptions {
    /// Standard, rapid or blitz rules, overriding each game's TimeControl tag. In rapid
    /// and blitz an illegal move in the record stands (A.5.2) unless --supervision full.
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,

    /// Rapid and blitz supervision: limited (A.5, B.3, the usual) or full (A.4, B.2).
    #[arg(long, value_enum, default_value_t = SupervisionArg::Limited)]
    pub supervision: SupervisionArg,

    /// The event's regulations bar draw agreements before both players have completed N
    /// moves (9.1.1, "Sofia rules"): an earlier agreement is a draw-agreement-too-early warning.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub no_draw_before: Option<u32>,

    #[command(flatten)]
    pub budget: Budget,
}

impl RulesOptions {
    /// The engine's options for these rules (claims are added by `adjudicate`).
    pub fn options(&self) -> audit::Options {
        audit::Options {
            class: self.rules.map(RulesArg::class),
            supervision: self.supervision.supervision(),
            mate_budget: self.budget.duration(),
            claims: Vec::new(),
            mating_lines: audit::MatingLines::Quick,
            no_draw_before: self.no_draw_before,
            keep_text: false,
        }
    }
}

/// How long a can-still-mate analysis may search.
#[derive(Debug, Args)]
pub struct Budget {
    /// Milliseconds one can-still-mate analysis may search before it is
    /// undetermined (default: the search's own limits, a few seconds at worst).
    #[arg(long, value_name = "MS")]
    pub mate_budget: Option<u64>,
}

impl Budget {
    pub fn duration(&self) -> Option<std::time::Duration> {
        self.mate_budget.map(std::time::Duration::from_millis)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ClaimArg {
    Threefold,
    Fifty,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    Standard,
    Rapid,
    Blitz,
}

impl RulesArg {
    pub fn class(self) -> laws::GameClass {
        match self {
            RulesArg::Standard => laws::GameClass::Standard,
            RulesArg::Rapid => laws::GameClass::Rapid,
            RulesArg::Blitz => laws::GameClass::Blitz,
        }
    }
}

/// The supervision regime of a rapid or blitz event (A.6, B.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SupervisionArg {
    /// A.5 / B.3: the usual; an uncaught illegal move stands, penalties are one minute.
    #[value(alias = "a5", alias = "b3", alias = "usual")]
    Limited,
    /// A.4 / B.2: the full Competition Rules; blitz penalties stay two minutes.
    #[value(alias = "a4", alias = "b2")]
    Full,
}

impl SupervisionArg {
    pub fn supervision(self) -> laws::Supervision {
        match self {
            SupervisionArg::Limited => laws::Supervision::Limited,
            SupervisionArg::Full => laws::Supervision::Full,
        }
    }
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// PGN files or directories (searched recursively for *.pgn, *.pgn.gz, *.pgn.zst); `-` for standard input.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Output format: text for people, json (JSON Lines, one object per game), csv (one row per finding).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Colour in text output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Exit with 1 when a game has a finding of this severity or worse (note, warning, error),
    /// or of one of these kinds (comma-separated); `never` to always exit 0.
    #[arg(long, default_value = "error", value_name = "SEVERITY|KINDS")]
    pub fail_on: String,

    /// Report only these finding kinds (comma-separated).
    #[arg(long, value_name = "KINDS")]
    pub only: Option<String>,

    /// Leave out these finding kinds (comma-separated).
    #[arg(long, value_name = "KINDS")]
    pub skip: Option<String>,

    /// Also show, in the text view, the draw claims that were possible and not made
    /// (claim-available; JSON and CSV always have them).
    #[arg(long)]
    pub missed_claims: bool,

    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,

    #[command(flatten)]
    pub rules: RulesOptions,

    /// CSV for which program: standard (comma-separated UTF-8) or excel
    /// (`;`-separated UTF-8 with a byte order mark, as German Excel opens it).
    #[arg(long, value_enum, default_value_t = CsvDialect::Standard)]
    pub csv_dialect: CsvDialect,

    /// Write the report to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Also write an HTML ruling sheet for each game with rulings into this directory, with index.html.
    #[arg(long, value_name = "DIR")]
    pub html: Option<PathBuf>,

    /// Also write every game into this PGN file with the repairs taken applied, each marked
    /// in a comment (the input is never changed; see docs/notation.md).
    #[arg(long, value_name = "FILE")]
    pub repair: Option<PathBuf>,

    /// The arbiter's name, for the ruling sheet's header and signature line.
    #[arg(long, value_name = "NAME")]
    pub arbiter: Option<String>,

    /// The event regulations the rulings rest on (such as "A.4 applies: full
    /// supervision"), for the ruling sheet's header.
    #[arg(long, value_name = "TEXT")]
    pub event_regulations: Option<String>,

    /// A ruling sheet without signature lines and remarks field.
    #[arg(long)]
    pub no_signatures: bool,

    /// The tournament's FIDE TRF (TRF16, TRFx): check the games against its pairings and
    /// results, and the file against itself (see docs/tournament.md).
    #[arg(long, value_name = "FILE")]
    pub trf: Option<PathBuf>,

    /// With --trf: check this round only (games of other rounds are not matched).
    #[arg(long, value_name = "N", requires = "trf", value_parser = clap::value_parser!(u32).range(1..))]
    pub round: Option<u32>,

    /// Show progress on standard error: auto (when it is a terminal), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub progress: ColorChoice,
}

/// `audit`: the options of `validate` and those of a batch audit.
#[derive(Debug, Args)]
pub struct AuditArgs {
    #[command(flatten)]
    pub run: RunArgs,
    #[command(flatten)]
    pub only: AuditOnly,
}

/// The options only `audit` has.
#[derive(Debug, Args)]
pub struct AuditOnly {
    /// Write the summary to this file instead of standard output (text) or standard error (json, csv).
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,

    /// Do not look for the same game submitted twice (saves about 32 bytes per game).
    #[arg(long)]
    pub no_duplicates: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Csv,
}

/// Which program the CSV is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CsvDialect {
    /// Comma-separated UTF-8 (RFC 4180).
    Standard,
    /// `;`-separated UTF-8 with a byte order mark, as German Excel expects.
    Excel,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}
