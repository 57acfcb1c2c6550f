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
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("arbiter: {err}");
            ExitCode::from(2)
        }
    }
}

fn usage(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// Runs validate or audit; returns whether some game fails `--fail-on`.
fn run(args: &RunArgs, audit: bool, lang: Lang) -> io::Result<bool> {
    let started = Instant::now();
    let messages = lang.messages();
    let filter = Filter::new(args.only.as_deref(), args.skip.as_deref()).map_err(usage)?;
    let fail_on = FailOn::parse(&args.fail_on).map_err(usage)?;
    let sources = audit::source::collect(&args.paths)?;
    let options = audit::Options {
        class: args.rules.map(cli::RulesArg::class),
        supervision: args.supervision.supervision(),
        mate_budget: args.mate_budget.map(std::time::Duration::from_millis),
        claims: Vec::new(),
        // The sheets show the line to the players: the full search for them. Without
        // sheets, validate and audit (which print the same rows) keep CHA's line with
        // its loops cut, which costs a batch of online games' many flag falls nothing.
        mating_lines: if args.html.is_some() {
            audit::MatingLines::Shortest
        } else {
            audit::MatingLines::Quick
        },
    };
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
    let mut renderer: Box<dyn Render> = match args.format {
        Format::Text => Box::new(render::text::Text::new(out, color, !audit, messages)),
        Format::Json => Box::new(render::json::Json::new(out)),
        Format::Csv => Box::new(render::csv::Csv::new(out)?),
    };
    let show_progress = match args.progress {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => audit && io::stderr().is_terminal(),
    };
    let progress = progress::Progress::new(show_progress);
    let sheet_options = render::html::SheetOptions {
        arbiter: args.arbiter.clone(),
        regulations: args.event_regulations.clone(),
        signatures: !args.no_signatures,
        all: false,
    };
    let mut html = match &args.html {
        Some(dir) => Some(render::pages::Dir::new(
            dir,
            messages,
            lang.code(),
            sheet_options,
        )?),
        None => None,
    };
    // Duplicates are a property of the whole input: the batch audit looks for them.
    let mut duplicates = (audit && !args.no_duplicates).then(duplicates::Duplicates::default);

    let mut summary = Summary {
        sources: sources.len(),
        ..Summary::default()
    };
    let mut failed = false;
    let mut write_error = None;
    for source in &sources {
        let mut each = |mut report: audit::GameReport| {
            if write_error.is_some() {
                return;
            }
            if let Some(duplicates) = &mut duplicates {
                duplicates.check(&mut report);
            }
            filter.apply(&mut report);
            failed |= fail_on.fails(&report);
            summary.add(&report);
            progress.game(&summary);
            if let Err(err) = renderer.game(&report) {
                write_error = Some(err);
            }
            if let Some(Err(err)) = html.as_mut().map(|h| h.game(&report)) {
                write_error = Some(err);
            }
        };
        if let Err(err) = audit::run::run_source(source, &options, &pool, &mut each) {
            eprintln!("arbiter: {}: {err}", source.name());
            summary
                .failed_sources
                .push(format!("{}: {err}", source.name()));
        }
        if let Some(err) = write_error.take() {
            return Err(err);
        }
    }
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
        return Err(io::Error::other(
            messages.usage(Usage::SourcesFailed(summary.failed_sources.len())),
        ));
    }
    Ok(failed)
}

/// `arbiter adjudicate`: a ruling sheet (or JSON rows) for one game or every
/// game of a file, with claims from the command line ruled as if annotated.
fn adjudicate(args: &AdjudicateArgs, lang: Lang) -> io::Result<bool> {
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
        class: args.rules.map(cli::RulesArg::class),
        supervision: args.supervision.supervision(),
        mate_budget: args.mate_budget.map(std::time::Duration::from_millis),
        claims,
        // adjudicate is the ruling sheet, in text or HTML.
        mating_lines: audit::MatingLines::Shortest,
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
    let sheet_options = render::html::SheetOptions {
        arbiter: args.arbiter.clone(),
        regulations: args.event_regulations.clone(),
        signatures: !args.no_signatures,
        all: args.all,
    };
    let stdout = io::stdout().lock();
    let mut renderers: Vec<Box<dyn Render>> = vec![match args.format {
        Format::Json => Box::new(render::json::Json::new(io::BufWriter::new(stdout))),
        Format::Csv => Box::new(render::csv::Csv::new(io::BufWriter::new(stdout))?),
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
