//! `arbiter can-mate FEN`: the can-still-mate verdict, its reason and line.

use std::io::{self, Write};

use laws::mating::{Verdict, Winning, analyse_within};
use shakmaty::{CastlingMode, Chess, Color, Position, fen::Fen};

use crate::{
    Failure,
    cli::{CanMateArgs, CanMateFormat, SideArg},
    i18n::{Lang, Usage},
    render::html::verdict_answer,
};

/// Returns whether some verdict is missing (exit code 1).
pub fn run(args: &CanMateArgs, lang: Lang) -> Result<bool, Failure> {
    let m = lang.messages();
    let fen: Fen = args
        .fen
        .trim()
        .parse()
        .map_err(|e: shakmaty::fen::ParseFenError| {
            Failure::Usage(m.usage(Usage::BadFen(&e.to_string())))
        })?;
    let sides: &[Color] = match args.side {
        SideArg::White => &[Color::White],
        SideArg::Black => &[Color::Black],
        SideArg::Both => &[Color::White, Color::Black],
    };
    let mut out = io::stdout().lock();
    let pos: Chess = match fen.into_position(CastlingMode::Standard) {
        Ok(pos) => pos,
        Err(err) => {
            // Too much material, impossible checks: no game reaches this, so no ruling rests on it.
            let why = m.impossible_position(&err.to_string());
            match args.format {
                CanMateFormat::Json => writeln!(
                    out,
                    "{}",
                    serde_json::json!({"fen": args.fen, "error": why})
                )?,
                _ => writeln!(out, "{why}")?,
            }
            return Ok(true);
        }
    };
    let setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    let pos_setup = &setup;
    let mut missing = false;
    for &side in sides {
        let budget = args.budget.duration();
        let verdict = analyse_within(&pos, side, budget);
        let name = match side {
            Color::White => "white",
            Color::Black => "black",
        };
        let (word, reason, line) = match &verdict {
            Verdict::Winnable(how) => (
                "winnable",
                None,
                Some(
                    how.line()
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>(),
                ),
            ),
            Verdict::Unwinnable(why) => ("unwinnable", Some(why), None),
            Verdict::Undetermined => {
                missing = true;
                ("undetermined", None, None)
            }
        };
        match args.format {
            CanMateFormat::Json => writeln!(
                out,
                "{}",
                serde_json::json!({
                    "fen": args.fen, "side": name, "verdict": word,
                    "reason": reason.map(|r| r.code()), "explanation": reason.map(|r| Lang::En.messages().unwinnable(r)),
                    "how": match &verdict { Verdict::Winnable(how) => Some(how.code()), _ => None },
                    "line": line
                })
            )?,
            // English keeps its terse one-word form, which scripts may read.
            CanMateFormat::Text if lang != Lang::En => {
                writeln!(
                    out,
                    "{} {}",
                    m.can_mate_question(side.into()),
                    verdict_answer(m, pos_setup, &verdict)
                )?;
            }
            _ => {
                write!(out, "{name}: {word}")?;
                if let Some(reason) = reason {
                    write!(out, " ({})", Lang::En.messages().unwinnable(reason))?;
                }
                match &verdict {
                    Verdict::Winnable(Winning::Mate) => {
                        write!(out, " (the position is already mate)")?;
                    }
                    Verdict::Winnable(Winning::Material) => {
                        write!(out, " (by material: a queen or a rook)")?;
                    }
                    Verdict::Winnable(Winning::Line(moves)) => {
                        let numbered =
                            Lang::En
                                .messages()
                                .line(setup.fullmoves.get(), setup.turn, moves);
                        write!(out, ": {numbered}")?;
                    }
                    _ => {}
                }
                writeln!(out)?;
            }
        }
    }
    Ok(missing)
}
