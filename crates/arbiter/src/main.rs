//! `arbiter`: the command line over the engine. It parses options, walks the
//! inputs, and hands every game report to a renderer; it holds no rules.
#![forbid(unsafe_code)]

mod can_mate;
mod cli;
mod duplicates;
mod filter;
mod i18n;
mod progress;
mod render;
mod summary;

use std::{
    io::{self, IsTerminal, Write},
    process::ExitCode,
    time::Instant,
};

use clap::{CommandFactory, FromArgMatches};

use cli::{AdjudicateArgs, ClaimArg, Cli, ColorChoice, Command, Format, RunArgs};
use filter::{FailOn, Filter};
use i18n::{Lang, Usage};
use render::Render;
use summary::Summary;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The help is German when German is asked for, so look before parsing.
    let command = if i18n::help::asks_for_german(&args) {
        i18n::help::german(Cli::command())
    } else {
        Cli::command()
    };
    let cli = match Cli::from_arg_matches(&command.get_matches_from(args)) {
        Ok(cli) => cli,
        Err(err) => err.exit(),
    };
    let outcome = match &cli.command {
        Command::Validate(args) => run(args, false, cli.lang),
        Command::Audit(args) => run(args, true, cli.lang),
        Command::Adjudicate(args) => adjudicate(args, cli.lang),
        Command::CanMate(args) => can_mate::run(args, cli.lang),
    };
    match outcome {
        Ok(true) => ExitCode::from(1),
        Ok(false) => ExitCode::SUCCESS,
        Err(Failure::Io(err)) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("arbiter: {failure}");
            ExitCode::from(2)
        }
    }
}

/// Why a run could not finish: exit code 2 either way.
#[derive(Debug)]
pub enum Failure {
    /// The command line, or the input as a whole, is wrong; in the
    /// catalogue's words.
    Usage(String),
    /// Reading or writing failed.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Failure {
        Failure::Io(err)
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Usage(message) => f.write_str(message),
            Failure::Io(err) => write!(f, "{err}"),
        }
    }
}

fn usage(message: String) -> Failure {
    Failure::Usage(message)
}

/// Runs validate or audit; returns whether some game fails `--fail-on`.
fn run(args: &RunArgs, audit: bool, lang: Lang) -> Result<bool, Failure> {
    let started = Instant::now();
    let messages = lang.messages();
    let filter = Filter::new(args.only.as_deref(), args.skip.as_deref()).map_err(usage)?;
    let fail_on = FailOn::parse(&args.fail_on).map_err(usage)?;
    let sources = audit::source::collect(&args.paths)?;
    let tournament = match &args.trf {
        Some(path) => Some(read_trf(path, args.round)?),
        None => None,
    };
    let options = args.rules.options();
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = args.jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    let pool = builder.build().map_err(io::Error::other)?;

    let (out, to_terminal): (Box<dyn Write>, bool) = match &args.output {
        Some(path) => (Box::new(std::fs::File::create(path)?), false),
        None => (Box::new(io::stdout().lock()), io::stdout().is_terminal()),
    };
    let out = io::BufWriter::new(out);
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => to_terminal && std::env::var_os("NO_COLOR").is_none(),
    };
    let renderer: Box<dyn Render> = match args.format {
        Format::Text => Box::new(render::text::Text::new(out, color, !audit, messages)),
        Format::Json => Box::new(render::json::Json::new(out)),
        Format::Csv => Box::new(render::csv::Csv::new(out)?),
    };
    let show_progress = match args.progress {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => audit && io::stderr().is_terminal(),
    };
    let progress = progress::Progress::new(show_progress, messages);
    let html = match &args.html {
        Some(dir) => Some(render::pages::Dir::new(dir, messages, lang.code())?),
        None => None,
    };
    // Duplicates are a property of the whole input: the batch audit looks for them.
    let duplicates = (audit && !args.no_duplicates).then(duplicates::Duplicates::default);

    let mut sink = Sink {
        filter: &filter,
        fail_on: &fail_on,
        renderer,
        html,
        duplicates,
        tournament,
        progress: &progress,
        summary: Summary {
            sources: sources.len(),
            ..Summary::default()
        },
        failed: false,
        write_error: None,
    };
    // The TRF's own findings come first, its pairings without a game last.
    if let Some(row) = sink.tournament.as_mut().and_then(|t| t.file_row()) {
        sink.emit(row);
    }
    for source in &sources {
        if let Err(err) =
            audit::run::run_source(source, &options, &pool, &mut |report| sink.game(report))
        {
            eprintln!("arbiter: {}: {err}", source.name());
            sink.summary
                .failed_sources
                .push(format!("{}: {err}", source.name()));
        }
        if let Some(err) = sink.write_error.take() {
            return Err(err.into());
        }
    }
    if let Some(mut tournament) = sink.tournament.take() {
        for row in tournament.finish() {
            sink.emit(row);
        }
        sink.summary.tournament = Some(summary::TournamentSummary::of(
            &tournament,
            args.trf.as_deref(),
        ));
    }
    if let Some(err) = sink.write_error.take() {
        return Err(err.into());
    }
    let Sink {
        mut renderer,
        mut html,
        summary,
        failed,
        ..
    } = sink;
    renderer.finish()?;
    drop(renderer);
    if let Some(html) = &mut html {
        html.finish()?;
    }
    progress.finish();

    let text = summary.render(started.elapsed(), messages);
    match (&args.summary, args.format, audit) {
        (Some(path), _, _) => std::fs::write(path, text)?,
        (None, Format::Text, true) => {
            let mut out = io::stdout().lock();
            writeln!(out)?;
            out.write_all(text.as_bytes())?;
        }
        (None, Format::Text, false) => {
            let mut out = io::stdout().lock();
            writeln!(
                out,
                "{}",
                messages.checked(summary.games, summary.games_with_findings)
            )?;
        }
        (None, _, true) => eprint!("{text}"),
        (None, _, false) => {}
    }
    if !summary.failed_sources.is_empty() {
        return Err(usage(
            messages.usage(Usage::SourcesFailed(summary.failed_sources.len())),
        ));
    }
    Ok(failed)
}

/// Reads the tournament file of `--trf` (a few MiB at most in practice;
/// larger files are refused rather than held in memory).
fn read_trf(
    path: &std::path::Path,
    round: Option<u32>,
) -> Result<audit::tournament::Tournament, Failure> {
    const MOST: u64 = 64 << 20;
    let size = std::fs::metadata(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?
        .len();
    if size > MOST {
        return Err(usage(format!(
            "{}: {size} bytes is more than a TRF holds (at most {MOST})",
            path.display()
        )));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    Ok(audit::tournament::Tournament::read(
        &path.display().to_string(),
        &bytes,
        round,
    ))
}

/// Where every row of a run goes: the cross-checks of the whole input
/// (duplicates, the TRF), the filter, the exit code, the summary, the views.
struct Sink<'a> {
    filter: &'a Filter,
    fail_on: &'a FailOn,
    renderer: Box<dyn Render>,
    html: Option<render::pages::Dir>,
    duplicates: Option<duplicates::Duplicates>,
    tournament: Option<audit::tournament::Tournament>,
    progress: &'a progress::Progress,
    summary: Summary,
    failed: bool,
    write_error: Option<io::Error>,
}

impl Sink<'_> {
    /// A game's row: checked against the rest of the input, then shown.
    fn game(&mut self, mut report: audit::GameReport) {
        if self.write_error.is_some() {
            return;
        }
        if let Some(duplicates) = &mut self.duplicates {
            duplicates.check(&mut report);
        }
        if let Some(tournament) = &mut self.tournament {
            tournament.game(&mut report);
        }
        self.emit(report);
    }

    /// Any row, a game's or the tournament file's.
    fn emit(&mut self, mut report: audit::GameReport) {
        if self.write_error.is_some() {
            return;
        }
        self.filter.apply(&mut report);
        self.failed |= self.fail_on.fails(&report);
        self.summary.add(&report);
        self.progress.game(&self.summary);
        if let Err(err) = self.renderer.game(&report) {
            self.write_error = Some(err);
        }
        if report.row == audit::Row::Game
            && let Some(Err(err)) = self.html.as_mut().map(|h| h.game(&report))
        {
            self.write_error = Some(err);
        }
    }
}

/// `arbiter adjudicate`: a ruling sheet (or JSON rows) for one game or every
/// game of a file, with claims from the command line ruled as if annotated.
fn adjudicate(args: &AdjudicateArgs, lang: Lang) -> Result<bool, Failure> {
    let messages = lang.messages();
    let mut claims = Vec::new();
    if let (Some(claim), Some(after)) = (args.claim, &args.after) {
        let after = audit::MoveRef::parse(after)
            .ok_or_else(|| usage(messages.usage(Usage::BadAfter(after))))?;
        claims.push(audit::ExtraClaim {
            kind: match claim {
                ClaimArg::Threefold => scoresheet::ClaimKind::Threefold,
                ClaimArg::Fifty => scoresheet::ClaimKind::Fifty,
            },
            after,
            written: args.written.clone(),
        });
    }
    let options = audit::Options {
        claims,
        ..args.rules.options()
    };
    let source = if args.file.as_os_str() == "-" {
        audit::Source::Stdin
    } else {
        audit::Source::File(args.file.clone())
    };
    let name = source.name();
    let games: Vec<scoresheet::GameText> =
        scoresheet::Splitter::new(source.open()?).collect::<io::Result<_>>()?;
    if let Some(n) = args.game
        && (n == 0 || n > games.len())
    {
        return Err(usage(messages.usage(Usage::NoSuchGame {
            n,
            source: &name,
            games: games.len(),
        })));
    }
    if !options.claims.is_empty() && args.game.is_none() && games.len() > 1 {
        return Err(usage(messages.usage(Usage::WhichGame {
            source: &name,
            games: games.len(),
        })));
    }
    let stdout = io::stdout().lock();
    let mut renderers: Vec<Box<dyn Render>> = vec![match args.format {
        Format::Json => Box::new(render::json::Json::new(io::BufWriter::new(stdout))),
        Format::Csv => Box::new(render::csv::Csv::new(io::BufWriter::new(stdout))?),
        Format::Text => Box::new(render::sheet::Sheet::new(
            io::BufWriter::new(stdout),
            args.ascii,
            args.all,
            messages,
        )),
    }];
    if let Some(path) = &args.html {
        renderers.push(Box::new(render::pages::Sheet::new(
            path.clone(),
            messages,
            lang.code(),
            args.all,
        )));
    }
    let mut failed = false;
    for (index, text) in games.iter().enumerate() {
        if args.game.is_some_and(|n| n != index + 1) {
            continue;
        }
        let report = audit::check_game_with(&name, index + 1, text, &options);
        if let Some(f) = report
            .findings
            .iter()
            .find(|f| matches!(f.facts, audit::Facts::CommandLineClaimMismatch { .. }))
        {
            return Err(usage(format!(
                "{} {}: {}",
                messages.labels().game,
                index + 1,
                messages.sentence(&report, f)
            )));
        }
        if !options.claims.is_empty() && !report.findings.iter().any(|f| f.kind.is_claim()) {
            return Err(usage(messages.usage(Usage::ClaimNotRuled {
                game: index + 1,
                after: args.after.as_deref().unwrap_or("?"),
            })));
        }
        failed |= FailOn::Severity(audit::Severity::Error).fails(&report);
        for renderer in &mut renderers {
            renderer.game(&report)?;
        }
    }
    for renderer in &mut renderers {
        renderer.finish()?;
    }
    Ok(failed)
}
