//! Which findings to show and which make the exit code 1.

use std::collections::BTreeSet;

use audit::{Finding, GameReport, Kind, Severity};

/// Parses `illegal-move,bad-tag` into kinds.
pub fn parse_kinds(list: &str) -> Result<BTreeSet<Kind>, String> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            Kind::parse(s)
                .ok_or_else(|| format!("unknown finding kind `{s}` (see docs/findings.md)"))
        })
        .collect()
}

/// `--only` and `--skip`.
#[derive(Debug, Default)]
pub struct Filter {
    only: Option<BTreeSet<Kind>>,
    skip: BTreeSet<Kind>,
}

impl Filter {
    pub fn new(only: Option<&str>, skip: Option<&str>) -> Result<Filter, String> {
        Ok(Filter {
            only: only.map(parse_kinds).transpose()?,
            skip: skip.map(parse_kinds).transpose()?.unwrap_or_default(),
        })
    }

    pub fn keeps(&self, finding: &Finding) -> bool {
        self.only
            .as_ref()
            .is_none_or(|only| only.contains(&finding.kind))
            && !self.skip.contains(&finding.kind)
    }

    pub fn apply(&self, report: &mut GameReport) {
        report.findings.retain(|f| self.keeps(f));
    }
}

/// `--fail-on`: a severity threshold, a list of kinds, or never.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FailOn {
    Never,
    Severity(Severity),
    Kinds(BTreeSet<Kind>),
}

impl FailOn {
    pub fn parse(s: &str) -> Result<FailOn, String> {
        match s.trim() {
            "never" | "none" => Ok(FailOn::Never),
            other => match Severity::parse(other) {
                Some(severity) => Ok(FailOn::Severity(severity)),
                None => parse_kinds(other).map(FailOn::Kinds).map_err(|e| {
                    format!("--fail-on takes never, note, warning, error or finding kinds: {e}")
                }),
            },
        }
    }

    pub fn fails(&self, report: &GameReport) -> bool {
        report.findings.iter().any(|f| match self {
            FailOn::Never => false,
            FailOn::Severity(threshold) => f.severity >= *threshold,
            FailOn::Kinds(kinds) => kinds.contains(&f.kind),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fail_on_parses_all_forms() {
        assert_eq!(FailOn::parse("never"), Ok(FailOn::Never));
        assert_eq!(
            FailOn::parse("warning"),
            Ok(FailOn::Severity(Severity::Warning))
        );
        assert!(
            matches!(FailOn::parse("illegal-move,bad-tag"), Ok(FailOn::Kinds(k)) if k.len() == 2)
        );
        assert!(FailOn::parse("bogus").is_err());
    }
}
