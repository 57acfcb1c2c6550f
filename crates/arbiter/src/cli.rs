//! The command line: subcommands, options and their help.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

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
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay every recorded move and say exactly where and why a scoresheet is wrong.
    #[command(after_help = "Examples:\n  \
        arbiter validate round5.pgn\n  \
        arbiter validate --format json games/ > report.jsonl\n  \
        zcat twic.pgn.gz | arbiter validate -\n  \
        arbiter validate --format csv --fail-on warning club.pgn.zst")]
    Validate(RunArgs),
    /// Check every game of many files in parallel and summarise.
    #[command(after_help = "Examples:\n  \
        arbiter audit fixtures/\n  \
        arbiter audit --format json --summary summary.txt season/ > rows.jsonl\n  \
        arbiter audit --jobs 1 --fail-on never big.pgn.zst")]
    Audit(RunArgs),
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

    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,

    /// Write the summary to this file instead of standard error (audit).
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Csv,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}
