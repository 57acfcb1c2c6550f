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
    fs,
    io::{self, IsTerminal, Write},
    path::Path,
    process::ExitCode,
    time::Instant,
};

use clap::{CommandFactory, FromArgMatches};

use cli::{AdjudicateArgs, ClaimArg, Cli, ColorChoice, Command, Format, RunArgs};
use filter::{FailOn, Filter};
use i18n::{Lang, Messages, Usage};
use render::Render;
use summary::Summary;

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // The help is German when German is asked for, so look before parsing.
    let german = i18n::help::asks_for_german(&args);
    let command = if german {
        i18n::help::german(Cli::command())
    } else {
        Cli::command()
    };
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let cli = match parsed {
        Ok(cli) => cli,
        // Help and version are already German; clap's errors are said in German here.
        Err(err) if german && err.use_stderr() => {
            eprint!("{}", i18n::help::german_error(&err.render().to_string()));
            return ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(2));
        }
        Err(err) => err.exit(),
    };
    let outcome = match &cli.command {
        Command::Validate(args) => run(args, None, cli.lang),
        Command::Audit(args) => run(&args.run, Some(&args.only), cli.lang),
        Command::Adjudicate(args) => adjudicate(args, cli.lang),
        Command::CanMate(args) => can_mate::run(args, cli.lang),
        Command::Completions(args) => completions(args),
        Command::Manpage(args) => manpage(args, cli.lang),
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

/// An I/O error on this path, named in the message.
fn io_at<'a>(path: &'a Path, m: &'static dyn Messages) -> impl FnOnce(io::Error) -> Failure + 'a {
    move |err| {
        usage(m.usage(Usage::Io {
            path: &path.display().to_string(),
            why: &err.to_string(),
        }))
    }
}

/// An output path must be in a folder that exists: say so, naming the path,
/// before any work is done.
fn check_folder(path: &Path, m: &'static dyn Messages) -> Result<(), Failure> {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    if parent.is_some_and(|p| !p.is_dir()) {
        return Err(usage(m.usage(Usage::NoFolder(&path.display().to_string()))));
    }
    Ok(())
}

/// Whether two paths name one file: the same path once its folder is
/// resolved (also where the file does not exist yet; its folder must:
/// [`check_folder`] has said so), or the same file on disk under another
/// name (a hard link, a symbolic link).
fn same_file(a: &Path, b: &Path) -> bool {
    let full = |p: &Path| {
        let name = p.file_name()?;
        let folder = p.parent().filter(|f| !f.as_os_str().is_empty());
        let folder = folder.unwrap_or(Path::new(".")).canonicalize().ok()?;
        Some(folder.join(name))
    };
    a == b || full(a).is_some_and(|x| full(b) == Some(x)) || one_file(a, b)
}

/// Whether two existing paths are one file on disk: a hard link has a path
/// of its own, and writing the repaired record would empty the input
/// before it is read.
#[cfg(unix)]
fn one_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (fs::metadata(a), fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.is_file() && a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn one_file(_: &Path, _: &Path) -> bool {
    false
}

/// `--repair` must not name a file being read: the input is never changed.
fn refuse_input(
    path: &Path,
    sources: &[audit::Source],
    m: &'static dyn Messages,
) -> Result<(), Failure> {
    let is_input = sources.iter().any(|source| match source {
        audit::Source::File(input) => same_file(input, path),
        // Standard input redirected from the file itself (`< game.pgn`).
        audit::Source::Stdin => one_file(Path::new("/dev/stdin"), path),
    });
    if is_input {
        return Err(usage(
            m.usage(Usage::RepairIsInput(&path.display().to_string())),
        ));
    }
    Ok(())
}

/// Why a source could not be read, in the catalogue's words.
fn source_failure(name: &str, err: &io::Error, m: &'static dyn Messages) -> String {
    match audit::source::NotPgn::of(err) {
        Some(audit::source::NotPgn(what)) => m.usage(Usage::NotPgn { source: name, what }),
        None => m.usage(Usage::Io {
            path: name,
            why: &err.to_string(),
        }),
    }
}

fn collect_failure(err: audit::source::CollectError, m: &'static dyn Messages) -> Failure {
    use audit::source::CollectError;
    usage(match err {
        CollectError::Missing(path) => m.usage(Usage::Missing(&path.display().to_string())),
        CollectError::NoPgnFiles(path) => m.usage(Usage::NoPgnFiles(&path.display().to_string())),
        CollectError::Io(path, err) => m.usage(Usage::Io {
            path: &path.display().to_string(),
            why: &err.to_string(),
        }),
    })
}

/// `arbiter completions SHELL`: the completion script, from the clap definitions.
fn completions(args: &cli::CompletionsArgs) -> Result<bool, Failure> {
    let mut out = io::stdout().lock();
    clap_complete::generate(args.shell, &mut Cli::command(), "arbiter", &mut out);
    out.flush()?;
    Ok(false)
}

/// `arbiter manpage [--dir DIR]`: the manual page, from the clap definitions.
fn manpage(args: &cli::ManpageArgs, lang: Lang) -> Result<bool, Failure> {
    let command = Cli::command();
    match &args.dir {
        Some(dir) => {
            let messages = lang.messages();
            if !dir.is_dir() {
                return Err(usage(
                    messages.usage(Usage::NoFolder(&dir.display().to_string())),
                ));
            }
            clap_mangen::generate_to(command, dir).map_err(io_at(dir, messages))?;
        }
        None => {
            let mut out = io::stdout().lock();
            clap_mangen::Man::new(command).render(&mut out)?;
            out.flush()?;
        }
    }
    Ok(false)
}

/// Runs validate (`audit` is `None`) or audit; returns whether some game fails `--fail-on`.
fn run(args: &RunArgs, audit_only: Option<&cli::AuditOnly>, lang: Lang) -> Result<bool, Failure> {
    let audit = audit_only.is_some();
    let summary_file = audit_only.and_then(|a| a.summary.as_ref());
    let started = Instant::now();
    let messages = lang.messages();
    let filter = Filter::new(args.only.as_deref(), args.skip.as_deref()).map_err(usage)?;
    let fail_on = FailOn::parse(&args.fail_on).map_err(usage)?;
    for path in [
        args.output.as_ref(),
        summary_file,
        args.html.as_ref(),
        args.repair.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        check_folder(path, messages)?;
    }
    let sources = audit::source::collect(&args.paths).map_err(|e| collect_failure(e, messages))?;
    if let Some(path) = &args.repair {
        refuse_input(path, &sources, messages)?;
        let also = [args.output.as_ref(), summary_file].into_iter().flatten();
        if also.into_iter().any(|other| same_file(path, other)) {
            let path = path.display().to_string();
            return Err(usage(messages.usage(Usage::RepairIsOutput(&path))));
        }
    }
    let tournament = match &args.trf {
        Some(path) => Some(read_trf(path, args.round)?),
        None => None,
    };
    let options = audit::Options {
        // The sheets show the line to the players: the full search for them. Without
        // sheets, validate and audit (which print the same rows) keep CHA's line with
        // its loops cut, which costs a batch of online games' many flag falls nothing.
        mating_lines: if args.html.is_some() {
            audit::MatingLines::Shortest
        } else {
            audit::MatingLines::Quick
        },
        // Only the repaired record needs the games' text.
        keep_text: args.repair.is_some(),
        ..args.rules.options()
    };
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = args.jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    let pool = builder.build().map_err(io::Error::other)?;

    let (out, to_terminal): (Box<dyn Write>, bool) = match &args.output {
        Some(path) => (
            Box::new(std::fs::File::create(path).map_err(io_at(path, messages))?),
            false,
        ),
        None => (Box::new(io::stdout().lock()), io::stdout().is_terminal()),
    };
    let out = io::BufWriter::new(out);
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => to_terminal && std::env::var_os("NO_COLOR").is_none(),
    };
    let renderer: Box<dyn Render> = match args.format {
        Format::Text => Box::new(
            render::text::Text::new(out, color, !audit, messages).missed_claims(args.missed_claims),
        ),
        Format::Json => Box::new(render::json::Json::new(out)),
        Format::Csv => Box::new(render::csv::Csv::new(out, args.csv_dialect, messages)?),
    };
    let show_progress = match args.progress {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => audit && io::stderr().is_terminal(),
    };
    let progress = progress::Progress::new(show_progress, messages);
    let sheet_options = render::html::SheetOptions {
        arbiter: args.arbiter.clone(),
        regulations: args.event_regulations.clone(),
        signatures: !args.no_signatures,
        all: false,
    };
    let html = match &args.html {
        Some(dir) => Some(
            render::pages::Dir::new(dir, messages, lang.code(), sheet_options)
                .map_err(io_at(dir, messages))?,
        ),
        None => None,
    };
    let repaired = match &args.repair {
        Some(path) => Some(render::repaired::Repaired::new(
            io::BufWriter::new(std::fs::File::create(path).map_err(io_at(path, messages))?),
            messages,
        )),
        None => None,
    };
    // Duplicates are a property of the whole input: the batch audit looks for them.
    let duplicates = audit_only
        .is_some_and(|a| !a.no_duplicates)
        .then(duplicates::Duplicates::default);

    let mut sink = Sink {
        filter: &filter,
        fail_on: &fail_on,
        renderer,
        html,
        repaired,
        duplicates,
        tournament,
        progress: &progress,
        summary: Summary {
            sources: sources.len(),
            ..Summary::default()
        },
        failed: false,
        write_error: None,
        repair_error: None,
    };
    let output = args.output.as_deref();
    let html_dir = args.html.as_deref();
    // The TRF's own findings come first, its pairings without a game last.
    if let Some(row) = sink.tournament.as_mut().and_then(|t| t.file_row()) {
        sink.emit(row);
    }
    for source in &sources {
        let name = source.name();
        let before = sink.summary.games;
        let read = audit::run::run_source(source, &options, &pool, &mut |report| sink.game(report));
        if let Some(err) = sink.repair_error.take() {
            return Err(io_at(
                args.repair.as_deref().unwrap_or(Path::new("-")),
                messages,
            )(err));
        }
        if let Some(err) = sink.write_error.take() {
            return Err(match output {
                Some(path) => io_at(path, messages)(err),
                None => Failure::Io(err),
            });
        }
        match read {
            Err(err) if audit::source::NotPgn::of(&err).is_some() => {
                let text = source_failure(&name, &err, messages);
                eprintln!("arbiter: {text}");
                sink.summary.not_pgn.push(text);
            }
            Err(err) => {
                let text = source_failure(&name, &err, messages);
                eprintln!("arbiter: {text}");
                sink.summary.failed_sources.push(text);
            }
            Ok(()) if sink.summary.games == before => {
                eprintln!(
                    "arbiter: {}: {}",
                    messages.labels().warning,
                    messages.usage(Usage::EmptySource(&name))
                );
            }
            Ok(()) => {}
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
        mut repaired,
        summary,
        failed,
        ..
    } = sink;
    if let (Some(repaired), Some(path)) = (&mut repaired, &args.repair) {
        repaired.finish().map_err(io_at(path, messages))?;
        if repaired.cut > 0 {
            eprintln!(
                "arbiter: {}: {}",
                messages.labels().warning,
                messages.usage(Usage::RepairCut {
                    path: &path.display().to_string(),
                    games: repaired.cut,
                })
            );
        }
    }
    match output {
        Some(path) => renderer.finish().map_err(io_at(path, messages))?,
        None => renderer.finish()?,
    }
    drop(renderer);
    if let (Some(html), Some(dir)) = (&mut html, html_dir) {
        html.finish().map_err(io_at(dir, messages))?;
    }
    progress.finish();

    let text = summary.render(started.elapsed(), messages);
    match (summary_file, args.format, audit) {
        (Some(path), _, _) => std::fs::write(path, text).map_err(io_at(path, messages))?,
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
    if summary.games == 0 {
        return Err(usage(messages.usage(Usage::NoGamesAtAll)));
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
    repaired: Option<render::repaired::Repaired<io::BufWriter<std::fs::File>>>,
    duplicates: Option<duplicates::Duplicates>,
    tournament: Option<audit::tournament::Tournament>,
    progress: &'a progress::Progress,
    summary: Summary,
    failed: bool,
    write_error: Option<io::Error>,
    /// Writing the repaired record failed: the run stops, naming its path.
    repair_error: Option<io::Error>,
}

impl Sink<'_> {
    /// A game's row: checked against the rest of the input, then shown.
    fn game(&mut self, mut report: audit::GameReport) {
        if self.write_error.is_some() || self.repair_error.is_some() {
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
        if self.write_error.is_some() || self.repair_error.is_some() {
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
        if let Some(Err(err)) = self.repaired.as_mut().map(|r| r.game(&report)) {
            self.repair_error = Some(err);
        }
    }
}

/// `arbiter adjudicate`: a ruling sheet (or JSON rows) for one game or every
/// game of a file, with claims from the command line ruled as if annotated.
fn adjudicate(args: &AdjudicateArgs, lang: Lang) -> Result<bool, Failure> {
    let messages = lang.messages();
    if args.game == Some(0) {
        return Err(usage(messages.usage(Usage::GameZero)));
    }
    if let Some(path) = &args.html {
        check_folder(path, messages)?;
    }
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
        // adjudicate is the ruling sheet, in text or HTML.
        mating_lines: audit::MatingLines::Shortest,
        ..args.rules.options()
    };
    let source = if args.file.as_os_str() == "-" {
        audit::Source::Stdin
    } else {
        audit::Source::File(args.file.clone())
    };
    let name = source.name();
    let failure = |err: io::Error| usage(source_failure(&name, &err, messages));
    let games: Vec<scoresheet::GameText> =
        scoresheet::Splitter::new(source.open().map_err(failure)?)
            .collect::<io::Result<_>>()
            .map_err(failure)?;
    if games.is_empty() {
        return Err(usage(messages.usage(Usage::NoGames(&name))));
    }
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
    let sheet_options = render::html::SheetOptions {
        arbiter: args.arbiter.clone(),
        regulations: args.event_regulations.clone(),
        signatures: !args.no_signatures,
        all: args.all,
    };
    let stdout = io::stdout().lock();
    let mut renderers: Vec<Box<dyn Render>> = vec![match args.format {
        Format::Json => Box::new(render::json::Json::new(io::BufWriter::new(stdout))),
        Format::Csv => Box::new(render::csv::Csv::new(
            io::BufWriter::new(stdout),
            cli::CsvDialect::Standard,
            messages,
        )?),
        Format::Text => Box::new(render::sheet::Sheet::new(
            io::BufWriter::new(stdout),
            args.ascii,
            sheet_options.clone(),
            messages,
        )),
    }];
    if let Some(path) = &args.html {
        renderers.push(Box::new(render::pages::Sheet::new(
            path.clone(),
            messages,
            lang.code(),
            sheet_options,
        )));
    }
    let mut failed = false;
    for (index, text) in games.iter().enumerate() {
        if args.game.is_some_and(|n| n != index + 1) {
            continue;
        }
        let report = audit::check_game_with(name.as_str(), index + 1, text, &options);
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
    for (index, renderer) in renderers.iter_mut().enumerate() {
        match (&args.html, index) {
            // The second renderer is the HTML page: its errors name its path.
            (Some(path), 1) => renderer.finish().map_err(io_at(path, messages))?,
            _ => renderer.finish()?,
        }
    }
    Ok(failed)
}
