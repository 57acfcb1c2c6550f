//! `TimeControl` tags written in words, as DGT LiveChess and federations
//! write them: `15 min/game + 10 sec/move`, `90 min/40 moves + 30 min +
//! 30 sec/move from move 1`, `G/90;+30`, `90'+30''`, `60 mins`, German
//! `90 Min./40 Züge + 30 Min. + 30 Sek./Zug`.
//!
//! Read only where the words leave one meaning: every time has its unit,
//! every period but the last a number of moves, and an increment (in
//! seconds, at the end) counts from move 1. Anything else — a bare number
//! of unknown unit, an increment from move 61, a delay (`G/90;d5`), a word
//! not known — is not read, and the tag stays a `bad-tag`.

use chrono::TimeDelta;

use super::Period;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unit {
    Hours,
    Minutes,
    Seconds,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Word {
    Unit(Unit),
    Moves,
    /// The whole game, or its rest: `game`, `Partie`, `rest`, `SD`.
    Game,
    /// Words that say "per move" or "increment": `per`, `pro`, `inc`.
    PerMove,
    /// `from`, `starting`, `ab`: the increment's first move follows.
    From,
    /// Words that add nothing: `for`, `the`, `of`, `der`, `in`, `first`.
    Filler,
    /// `g` of `G/90`.
    G,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Number(i64),
    Word(Word),
    Slash,
}

fn word(text: &str) -> Option<Word> {
    let text = text.trim_end_matches('.');
    Some(match text {
        "h" | "hr" | "hrs" | "hour" | "hours" | "std" | "stunde" | "stunden" => {
            Word::Unit(Unit::Hours)
        }
        "min" | "mins" | "minute" | "minutes" | "minuten" => Word::Unit(Unit::Minutes),
        "s" | "sec" | "secs" | "second" | "seconds" | "sek" | "sekunde" | "sekunden" => {
            Word::Unit(Unit::Seconds)
        }
        "move" | "moves" | "zug" | "züge" | "zuege" => Word::Moves,
        "game" | "partie" | "rest" | "sd" | "end" | "ende" | "finish" => Word::Game,
        "per" | "pro" | "je" | "each" | "jeden" | "increment" | "inkrement" | "inc" | "incr"
        | "bonus" | "added" => Word::PerMove,
        "from" | "starting" | "ab" | "beginning" | "since" | "seit" => Word::From,
        "for" | "für" | "the" | "of" | "der" | "des" | "dem" | "den" | "in" | "all" | "alle"
        | "remaining" | "restliche" | "restlichen" | "verbleibende" | "to" | "zum" | "zur"
        | "and" | "und" | "with" | "mit" | "first" | "ersten" | "erster" => Word::Filler,
        "g" => Word::G,
        _ => return None,
    })
}

fn is_minute_sign(c: char) -> bool {
    matches!(c, '\'' | '′' | '’')
}

/// The tokens of one term (between `+` and `;`), or `None` for anything unknown.
fn tokens(term: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut chars = term.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut n: i64 = 0;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n.checked_mul(10)?.checked_add(i64::from(d))?;
                chars.next();
            }
            out.push(Token::Number(n));
        } else if c.is_alphabetic() {
            let mut w = String::new();
            while let Some(&c) = chars.peek().filter(|c| c.is_alphabetic() || **c == '.') {
                w.extend(c.to_lowercase());
                chars.next();
            }
            out.push(Token::Word(word(&w)?));
        } else if is_minute_sign(c) {
            chars.next();
            // `''` (or `"`, `″`) is seconds, `'` minutes.
            if chars.peek().copied().is_some_and(is_minute_sign) {
                chars.next();
                out.push(Token::Word(Word::Unit(Unit::Seconds)));
            } else {
                out.push(Token::Word(Word::Unit(Unit::Minutes)));
            }
        } else if matches!(c, '"' | '″') {
            chars.next();
            out.push(Token::Word(Word::Unit(Unit::Seconds)));
        } else if c == '/' {
            chars.next();
            out.push(Token::Slash);
        } else if c.is_whitespace() || matches!(c, ',' | '.' | '(' | ')') {
            chars.next();
        } else {
            return None;
        }
    }
    Some(out)
}

/// What one term says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Term {
    /// A period: its time and, unless it is for the rest of the game, its moves.
    Period { time: TimeDelta, moves: Option<u32> },
    /// Seconds added after every move from move 1.
    Increment(TimeDelta),
    /// A bare number: seconds only after `G/90;`, as US federations write it.
    Bare(i64),
}

fn span(n: i64, unit: Unit) -> Option<TimeDelta> {
    let seconds = match unit {
        Unit::Hours => n.checked_mul(3600)?,
        Unit::Minutes => n.checked_mul(60)?,
        Unit::Seconds => n,
    };
    // A month of thinking time is already absurd; beyond it the tag is junk.
    (seconds <= 30 * 24 * 3600).then(|| TimeDelta::seconds(seconds))
}

fn moves(n: i64) -> Option<u32> {
    u32::try_from(n).ok().filter(|&m| m > 0)
}

fn term(tokens: &[Token]) -> Option<Term> {
    use Token::{Number, Slash, Word as W};
    match tokens {
        [Number(n)] => return Some(Term::Bare(*n)),
        // `G/90`: the game in 90 minutes.
        [W(Word::G), Slash, Number(n), rest @ ..] => {
            return fillers(rest).then_some(Term::Period {
                time: span(*n, Unit::Minutes)?,
                moves: None,
            });
        }
        // `40 moves in 90 min`, `40 Züge/2 Std.`.
        [Number(m), W(Word::Moves), rest @ ..] => {
            let rest = rest.strip_prefix(&[Slash]).unwrap_or(rest);
            let rest = rest.strip_prefix(&[W(Word::Filler)]).unwrap_or(rest);
            let (time, rest) = duration(rest)?;
            return fillers(rest).then_some(Term::Period {
                time,
                moves: Some(moves(*m)?),
            });
        }
        _ => {}
    }
    let (time, rest) = duration(tokens)?;
    if let [Number(_), W(Word::Unit(Unit::Seconds)), ..] = tokens {
        // Seconds first: an increment, per move from move 1 if it says from when.
        return increment_tail(rest).then_some(Term::Increment(time));
    }
    let moves = match rest {
        [Slash, Number(m)]
        | [Slash, Number(m), W(Word::Moves)]
        | [W(Word::Filler), Number(m), W(Word::Moves)] => Some(moves(*m)?),
        _ if fillers(rest) => None,
        _ => return None,
    };
    Some(Term::Period { time, moves })
}

/// `1 h 30 min`, `90 min`, `90'`: numbers each with its unit.
fn duration(tokens: &[Token]) -> Option<(TimeDelta, &[Token])> {
    let mut total = TimeDelta::zero();
    let mut rest = tokens;
    let mut any = false;
    while let [Token::Number(n), Token::Word(Word::Unit(unit)), tail @ ..] = rest {
        total = total.checked_add(&span(*n, *unit)?)?;
        rest = tail;
        any = true;
    }
    any.then_some((total, rest))
}

/// Words for the rest of the game, or none: `/game`, `for the rest of the game`.
fn fillers(tokens: &[Token]) -> bool {
    tokens.iter().all(|t| {
        matches!(
            t,
            Token::Slash | Token::Word(Word::Game | Word::Filler | Word::Moves)
        )
    })
}

/// `/move`, `per move`, `increment per move, starting from move 1`; a first
/// move other than 1 is not a period this reader can express.
fn increment_tail(tokens: &[Token]) -> bool {
    let mut from = false;
    for t in tokens {
        match t {
            Token::Slash | Token::Word(Word::PerMove | Word::Moves | Word::Filler) => {}
            Token::Word(Word::From) => from = true,
            Token::Number(1) if from => {}
            _ => return false,
        }
    }
    true
}

/// Reads a tag in words into periods, or `None` where it is not unambiguous.
pub(super) fn periods(text: &str) -> Option<Vec<Period>> {
    // Only a tag with a letter or a minute sign is in words; `90+30` is the standard's.
    if !text
        .chars()
        .any(|c| c.is_alphabetic() || is_minute_sign(c) || matches!(c, '"' | '″'))
    {
        return None;
    }
    let us_form = text.contains(';');
    let mut terms = Vec::new();
    for part in text.split(['+', ';']) {
        let tokens = tokens(part)?;
        if !tokens.is_empty() {
            terms.push(term(&tokens)?);
        }
    }
    let mut periods: Vec<Period> = Vec::new();
    let mut increment = None;
    for (i, t) in terms.iter().enumerate() {
        let last = i + 1 == terms.len();
        match *t {
            Term::Period { time, moves } => {
                // Every period but the last has its number of moves.
                if periods.last().is_some_and(|p| p.moves.is_none()) || time.is_zero() {
                    return None;
                }
                periods.push(Period {
                    moves,
                    time,
                    increment: TimeDelta::zero(),
                });
            }
            Term::Increment(seconds) if last && !periods.is_empty() => increment = Some(seconds),
            // `G/90;+30`: the US form's increment, in seconds.
            Term::Bare(n) if last && us_form && !periods.is_empty() => {
                increment = Some(span(n, Unit::Seconds).filter(|t| *t < TimeDelta::hours(1))?);
            }
            _ => return None,
        }
    }
    if let Some(increment) = increment {
        for p in &mut periods {
            p.increment = increment;
        }
    }
    (!periods.is_empty()).then_some(periods)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<Vec<(Option<u32>, i64, i64)>> {
        periods(text).map(|ps| {
            ps.iter()
                .map(|p| (p.moves, p.time.num_seconds(), p.increment.num_seconds()))
                .collect()
        })
    }

    #[test]
    fn the_forms_of_real_files() {
        let classic = Some(vec![(Some(40), 5400, 30), (None, 1800, 30)]);
        for text in [
            "90 min/40 moves + 30 min + 30 sec/move from move 1",
            "90 Min./40 Züge + 30 Min. + 30 Sek./Zug",
            "40 moves in 90 min + 30 min + 30 sec per move",
            "90'/40 + 30' + 30''",
            "90 min/40 moves + 30 min for the rest of the game + 30 s increment per move, starting from move 1",
        ] {
            assert_eq!(read(text), classic, "{text}");
        }
        for (text, periods) in [
            ("15 min/game + 10 sec/move", vec![(None, 900, 10)]),
            ("G/90;+30", vec![(None, 5400, 30)]),
            ("G/90; inc 30", vec![]),
            ("90'+30''", vec![(None, 5400, 30)]),
            ("60 mins", vec![(None, 3600, 0)]),
            ("15 min. + 10 s. per move", vec![(None, 900, 10)]),
            (
                "15 minutes + 10 seconds increment per move, starting from move 1",
                vec![(None, 900, 10)],
            ),
            ("1 h 30 min + 30 s/move", vec![(None, 5400, 30)]),
            (
                "2 h/40 moves + 1 h",
                vec![(Some(40), 7200, 0), (None, 3600, 0)],
            ),
            ("90 min/40 moves", vec![(Some(40), 5400, 0)]),
        ] {
            let want = (!periods.is_empty()).then_some(periods);
            assert_eq!(read(text), want, "{text}");
        }
    }

    #[test]
    fn ambiguity_is_not_read() {
        for text in [
            "15 min + 10",                                         // ten what?
            "90 min + 30 min", // two periods, the first for all moves
            "90 min/40 moves + 30 min + 30 sec/move from move 61", // an increment from move 61
            "G/90;d5",         // a delay
            "30 sec/move",     // an increment alone
            "15 min. + 10 s. per move + 5 min", // an increment before a period
            "an hour",
            "90+30",
            "40/7200:3600",
            "0 min",
        ] {
            assert_eq!(read(text), None, "{text}");
        }
    }
}
