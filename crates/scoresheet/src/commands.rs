//! Embedded commands inside comments: `[%clk 1:23:45]`, `[%emt 0:00:12]` and the
//! arbiter events of `design/events.md` (`[%touch g1]`, `[%claim threefold Nf3]`,
//! ...). This module only cuts them out with their spans; what an event means
//! is the laws' business.

use crate::lexer::Span;

/// One `[%name args]` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    pub name: String,
    pub args: String,
    /// The span of the whole `[%...]` within the game's bytes.
    pub span: Span,
}

/// One `[%name args]` command as it stands in the bytes, before any
/// allocation: most commands are clock readings and evaluations, which
/// only a few readers want.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RawCommand<'a> {
    /// The name, as written (compare with [`RawCommand::is`]).
    pub name: &'a [u8],
    /// The arguments, trimmed.
    pub args: &'a [u8],
    pub span: Span,
}

impl RawCommand<'_> {
    /// Whether the name is `name` (given in lower case), in any letter case.
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name.as_bytes())
    }

    pub fn to_command(&self) -> Command {
        Command {
            name: String::from_utf8_lossy(self.name).to_ascii_lowercase(),
            args: String::from_utf8_lossy(self.args).into_owned(),
            span: self.span,
        }
    }
}

/// The commands in a comment's bytes, borrowed; `base` is the comment's offset.
///
/// ```
/// use scoresheet::commands::raw_commands;
/// let raw: Vec<_> = raw_commands(b"{ [%clk 0:04:10] [%Touch g1 ] }", 0).collect();
/// assert!(raw[0].is("clk") && raw[1].is("touch"));
/// assert_eq!(raw[1].args, b"g1");
/// ```
pub fn raw_commands(comment: &[u8], base: usize) -> impl Iterator<Item = RawCommand<'_>> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let start = at + find_command(&comment[at..])?;
        let len = crate::find::byte(b']', &comment[start..])?;
        at = start + len + 1;
        let inner = comment[start + 2..start + len].trim_ascii();
        let cut = inner
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(inner.len());
        let (name, args) = inner.split_at(cut);
        Some(RawCommand {
            name,
            args: args.trim_ascii(),
            span: Span::new(base + start, base + start + len + 1),
        })
    })
}

/// Where the first `[%` stands: a `[` found by `memchr`, whose setup is
/// cheaper than a substring searcher's for the short comments of a game.
fn find_command(bytes: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let open = at + crate::find::byte(b'[', bytes.get(at..)?)?;
        if bytes.get(open + 1) == Some(&b'%') {
            return Some(open);
        }
        at = open + 1;
    }
}

/// Finds the commands in a comment's bytes; `base` is the comment's offset.
///
/// ```
/// use scoresheet::commands::commands;
/// let cmds = commands(b"{ [%clk 0:04:10] [%touch g1] }", 0);
/// assert_eq!(cmds.len(), 2);
/// assert_eq!((cmds[1].name.as_str(), cmds[1].args.as_str()), ("touch", "g1"));
/// ```
pub fn commands(comment: &[u8], base: usize) -> Vec<Command> {
    raw_commands(comment, base)
        .map(|raw| raw.to_command())
        .collect()
}

/// The clock reading of a `[%clk]` or `[%emt]` command's arguments.
pub fn parse_clock_bytes(args: &[u8]) -> Option<f64> {
    match whole_clock(args) {
        Some(seconds) => seconds,
        None => std::str::from_utf8(args).ok().and_then(parse_clock),
    }
}

/// The usual reading (`0:01:02`): one or more whole numbers of at most
/// nine digits apart by `:`, read without a float parser and exactly as
/// [`parse_clock`] reads them (such a number is exact in an `f64`, and the
/// sum is taken in the same order): `Some` of what it reads, which is
/// `None` past three numbers. `None` for any other text.
fn whole_clock(args: &[u8]) -> Option<Option<f64>> {
    // One pass over the bytes, a part summed as its digits come: a split
    // iterator with a look at each part's digits and a fold over them took
    // some 240 instructions a reading, read after every move of a clocked game.
    let (mut seconds, mut parts) = (0.0, 0);
    let (mut value, mut digits) = (0u32, 0);
    for &b in args {
        match b {
            b'0'..=b'9' if digits < 9 => {
                value = value * 10 + u32::from(b - b'0');
                digits += 1;
            }
            b':' if digits > 0 => {
                seconds = seconds * 60.0 + f64::from(value);
                parts += 1;
                (value, digits) = (0, 0);
            }
            // A tenth digit, an empty part, any other byte.
            _ => return None,
        }
    }
    if digits == 0 {
        return None;
    }
    seconds = seconds * 60.0 + f64::from(value);
    parts += 1;
    Some((1..=3).contains(&parts).then_some(seconds))
}

/// Parses a clock reading such as `1:23:45`, `0:00:03.2` or `5:07` into seconds.
///
/// ```
/// assert_eq!(scoresheet::commands::parse_clock("1:02:03.5"), Some(3723.5));
/// assert_eq!(scoresheet::commands::parse_clock("x"), None);
/// assert_eq!(scoresheet::commands::parse_clock("-0:00:01"), None); // no negative clocks
/// assert_eq!(scoresheet::commands::parse_clock("1e308"), None);
/// ```
pub fn parse_clock(text: &str) -> Option<f64> {
    let mut seconds = 0.0;
    let mut parts = 0;
    for part in text.trim().split(':') {
        // Digits and a decimal point only: no sign, no exponent, no "NaN".
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
            return None;
        }
        let value: f64 = part.parse().ok()?;
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        seconds = seconds * 60.0 + value;
        parts += 1;
    }
    (1..=3).contains(&parts).then_some(seconds)
}

/// Writes seconds as a `%clk` reading: `H:MM:SS`, with tenths where there
/// are any; the inverse of [`parse_clock`].
///
/// ```
/// use scoresheet::commands::format_clock;
/// assert_eq!(format_clock(4230.0), "1:10:30");
/// assert_eq!(format_clock(5.96), "0:00:06");
/// assert_eq!(format_clock(3.2), "0:00:03.2");
/// ```
pub fn format_clock(seconds: f64) -> String {
    // Rounded to tenths first, so that 5.96 is 0:00:06 and never 0:00:05.10.
    let tenths_total = (seconds.max(0.0) * 10.0).round() as u64;
    let (whole, tenths) = (tenths_total / 10, tenths_total % 10);
    let (h, m, s) = (whole / 3600, whole / 60 % 60, whole % 60);
    if tenths > 0 {
        format!("{h}:{m:02}:{s:02}.{tenths}")
    } else {
        format!("{h}:{m:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whole-number readings agree bit for bit with the float parser, on
    /// every string of up to seven bytes over the bytes that matter.
    #[test]
    fn whole_clock_readings_agree_with_the_float_parser() {
        let alphabet = b"0159:. x";
        let mut whole = 0;
        for len in 0..=7 {
            crate::testing::every_string(alphabet, len, &mut |word| {
                let general = std::str::from_utf8(word).ok().and_then(parse_clock);
                if let Some(read) = whole_clock(word) {
                    whole += 1;
                    assert_eq!(
                        read.map(f64::to_bits),
                        general.map(f64::to_bits),
                        "{}",
                        String::from_utf8_lossy(word)
                    );
                }
                assert_eq!(
                    parse_clock_bytes(word).map(f64::to_bits),
                    general.map(f64::to_bits)
                );
            });
        }
        assert!(whole > 1000, "{whole}");
        for text in [
            "999999999:999999999:999999999",
            "1234567890:1",
            // Past nine digits a part would overflow the whole-number sum.
            "9999999999:1",
            "0:99999999999",
            "::",
            "1::2",
            "0:00:03.2",
            " 1:00",
        ] {
            assert_eq!(
                parse_clock_bytes(text.as_bytes()).map(f64::to_bits),
                parse_clock(text).map(f64::to_bits),
                "{text}"
            );
        }
    }

    #[test]
    fn a_command_is_found_past_other_brackets() {
        let raw: Vec<_> = raw_commands(b"{ [x] [ [%clk 0:00:05] [%", 10).collect();
        assert_eq!(raw.len(), 1);
        assert_eq!(raw[0].span, Span::new(18, 32));
        assert_eq!(find_command(b"[[%"), Some(1));
        assert_eq!(find_command(b"[x[ %["), None);
    }
}
