//! The same game submitted twice across the input (common when round files
//! are merged): reported as `duplicate-game` at the second copy.

use std::{collections::HashMap, sync::Arc};

use audit::{Facts, Finding, GameReport, Kind};

/// Remembers, per fingerprint, where the game was first seen: 16 bytes of
/// payload per game, the only state of a run that grows with the input.
#[derive(Default)]
pub struct Duplicates {
    seen: HashMap<u64, (u32, u32)>,
    sources: Vec<Arc<str>>,
}

impl Duplicates {
    pub fn check(&mut self, report: &mut GameReport) {
        let Some(fingerprint) = report.fingerprint else {
            return;
        };
        if self.sources.last() != Some(&report.source) {
            self.sources.push(report.source.clone());
        }
        let here = (
            u32::try_from(self.sources.len() - 1).unwrap_or(u32::MAX),
            u32::try_from(report.game).unwrap_or(u32::MAX),
        );
        match self.seen.get(&fingerprint) {
            Some(&(source, game)) => {
                let source = self
                    .sources
                    .get(source as usize)
                    .map_or("?", |name| &**name);
                report.findings.push(Finding::new(
                    Kind::DuplicateGame,
                    None,
                    Facts::Duplicate {
                        game,
                        source: source.to_string(),
                    },
                ));
            }
            None => {
                self.seen.insert(fingerprint, here);
            }
        }
    }
}
