//! Tag pairs and the checks a scoresheet's header must pass.

use compact_str::CompactString;

use crate::lexer::Span;

/// One `[Name "value"]` tag pair, decoded. Names and most values are short
/// enough to be held inline, so reading a header allocates next to nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub name: CompactString,
    pub value: CompactString,
    pub span: Span,
}

/// The Seven Tag Roster of the PGN standard, in its order.
pub const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// Unescapes a PGN string value: `\"` and `\\` are the only escapes; any
/// other backslash stays as written (`"Analysis\ Analyse"`).
pub(crate) fn unescape(value: &str) -> CompactString {
    if !value.contains('\\') {
        return CompactString::from(value);
    }
    let mut out = CompactString::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && matches!(chars.peek(), Some('"' | '\\')) {
            continue;
        }
        out.push(c);
    }
    out
}

/// Whether a `Date` tag is `YYYY.MM.DD` with `??` allowed for unknown parts,
/// and names a real calendar date when it is complete.
///
/// ```
/// use scoresheet::tags::is_valid_date;
/// assert!(is_valid_date("2024.02.29"));
/// assert!(is_valid_date("1925.??.??"));
/// assert!(is_valid_date("????.??.??"));
/// assert!(!is_valid_date("2023.02.29"));
/// assert!(!is_valid_date("2011"));
/// ```
pub fn is_valid_date(value: &str) -> bool {
    let mut parts = value.split('.');
    let (Some(year), Some(month), Some(day), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let field = |s: &str, len: usize| {
        s.len() == len && (s.bytes().all(|b| b == b'?') || s.bytes().all(|b| b.is_ascii_digit()))
    };
    if !(field(year, 4) && field(month, 2) && field(day, 2)) {
        return false;
    }
    let num = |s: &str| s.parse::<u32>().ok();
    match (num(year), num(month), num(day)) {
        (Some(y), Some(m), Some(d)) => {
            chrono::NaiveDate::from_ymd_opt(i32::try_from(y).unwrap_or(0), m, d).is_some()
        }
        (_, Some(m), Some(d)) => chrono::NaiveDate::from_ymd_opt(2000, m, d).is_some(),
        (_, Some(m), None) => (1..=12).contains(&m),
        (_, None, Some(d)) => (1..=31).contains(&d),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::unescape;

    #[test]
    fn only_quote_and_backslash_are_escapes() {
        assert_eq!(unescape(r#"Sm\"ith"#), r#"Sm"ith"#);
        assert_eq!(unescape(r"a\\b"), r"a\b");
        assert_eq!(unescape(r"Analysis\ Analyse"), r"Analysis\ Analyse");
    }
}
