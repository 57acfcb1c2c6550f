//! `arbiter`: the command line over the engine. It parses options, walks the
//! inputs, and hands every game report to a renderer; it holds no rules.
#![forbid(unsafe_code)]

mod cli;
mod filter;
mod render;
mod summary;

use std::{
    io::{self, IsTerminal, Write},
    process::ExitCode,
    time::Instant,
};

use clap::Parser;

use cli::{Cli, ColorChoice, Command, Format, RunArgs};
use filter::{FailOn, Filter};
use render::Render;
use summary::Summary;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (args, audit) = match &cli.command {
        Command::Validate(args) => (args, false),
        Command::Audit(args) => (args, true),
    };
    match run(args, audit) {
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
fn run(args: &RunArgs, audit: bool) -> io::Result<bool> {
    let started = Instant::now();
    let filter = Filter::new(args.only.as_deref(), args.skip.as_deref()).map_err(usage)?;
    let fail_on = FailOn::parse(&args.fail_on).map_err(usage)?;
    let sources = audit::source::collect(&args.paths)?;
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(jobs) = args.jobs {
        builder = builder.num_threads(jobs.max(1));
    }
    let pool = builder.build().map_err(io::Error::other)?;

    let stdout = io::stdout().lock();
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
    };
    let mut renderer: Box<dyn Render> = match args.format {
        Format::Text => Box::new(render::text::Text::new(
            io::BufWriter::new(stdout),
            color,
            !audit,
        )),
        Format::Json => Box::new(render::json::Json::new(io::BufWriter::new(stdout))),
        Format::Csv => Box::new(render::csv::Csv::new(io::BufWriter::new(stdout))?),
    };

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
            filter.apply(&mut report);
            failed |= fail_on.fails(&report);
            summary.add(&report);
            if let Err(err) = renderer.game(&report) {
                write_error = Some(err);
            }
        };
        if let Err(err) = audit::run::run_source(source, &pool, &mut each) {
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

    let text = summary.render(started.elapsed());
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
                "{} game(s) checked, {} with findings",
                summary.games, summary.games_with_findings
            )?;
        }
        (None, _, true) => eprint!("{text}"),
        (None, _, false) => {}
    }
    if !summary.failed_sources.is_empty() {
        return Err(io::Error::other(format!(
            "{} source(s) could not be read",
            summary.failed_sources.len()
        )));
    }
    Ok(failed)
}
