//! Who is who: a game's players found among the TRF's. A FIDE ID tag
//! (`WhiteFideId`, `BlackFideId`) that the TRF has decides; otherwise the
//! names are compared the way arbiters' files differ: case, diacritics and
//! German transliteration (`Müller`, `Mueller`, `Muller`), the order of
//! surname and given names with or without a comma, and initials
//! (`Mueller,H.`). See `docs/tournament.md`.
//!
//! ```
//! use audit::tournament::matching::{Level, NameKey};
//! let trf = NameKey::new("Müller, Hans");
//! assert_eq!(NameKey::new("Mueller,Hans").compare(&trf), Some(Level::Exact));
//! assert_eq!(NameKey::new("Muller Hans").compare(&trf), Some(Level::Exact));
//! assert_eq!(NameKey::new("Mueller,H.").compare(&trf), Some(Level::Initials));
//! assert_eq!(NameKey::new("Müller").compare(&trf), Some(Level::Surname));
//! assert_eq!(NameKey::new("Müller, Karl").compare(&trf), None);
//! ```

use rustc_hash::FxHashMap;

/// How well a game's player and a TRF player agree, weakest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Only the surname is written, and it is the player's.
    Surname,
    /// The surname, and given names that are the player's or their initials.
    Initials,
    /// The same names, in any order.
    Exact,
    /// The FIDE ID tag is the player's.
    FideId,
}

/// The most name parts compared; longer names are cut (time stays linear).
const MOST_PARTS: usize = 8;

/// A name folded for comparison: lower case, no diacritics, `ae oe ue`
/// read as `a o u` and `ss` (`ß`) as `s`, split into parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NameKey {
    parts: Vec<String>,
    /// How many parts come before the first comma (the surname), if any.
    comma: Option<usize>,
    sorted: Vec<String>,
}

fn fold_char(c: char, out: &mut String) {
    for c in c.to_lowercase() {
        let folded: &str = match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
            'æ' => "ae",
            'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
            'ď' | 'đ' | 'ð' => "d",
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
            'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
            'ĥ' | 'ħ' => "h",
            'ì' | 'í' | 'î' | 'ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' => "i",
            'ĵ' => "j",
            'ķ' => "k",
            'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
            'ñ' | 'ń' | 'ņ' | 'ň' => "n",
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ŏ' | 'ő' => "o",
            'œ' => "oe",
            'ŕ' | 'ŗ' | 'ř' => "r",
            'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
            'ß' => "ss",
            'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
            'þ' => "th",
            'ù' | 'ú' | 'û' | 'ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' => "u",
            'ŵ' => "w",
            'ý' | 'ÿ' | 'ŷ' => "y",
            'ź' | 'ż' | 'ž' => "z",
            // Combining marks of a decomposed letter, and apostrophes.
            '\u{300}'..='\u{36f}' | '\'' | '’' | '`' | '´' => "",
            other => {
                out.push(other);
                continue;
            }
        };
        out.push_str(folded);
    }
}

/// `ae oe ue` → `a o u`, `ss` → `s`: Müller, Mueller and Muller agree.
fn transliterate(part: &str) -> String {
    let bytes = part.as_bytes();
    let mut out = String::with_capacity(part.len());
    let mut i = 0;
    while i < bytes.len() {
        let pair = (bytes[i], bytes.get(i + 1).copied());
        match pair {
            (b'a' | b'o' | b'u', Some(b'e')) | (b's', Some(b's')) => {
                out.push(char::from(bytes[i]));
                i += 2;
            }
            _ => {
                // Not a pair: copy the character (it may be more than a byte).
                let len = part[i..].chars().next().map_or(1, char::len_utf8);
                out.push_str(&part[i..i + len]);
                i += len;
            }
        }
    }
    out
}

fn parts(text: &str, out: &mut Vec<String>) {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars() {
        fold_char(c, &mut folded);
    }
    for part in folded.split(|c: char| !c.is_alphanumeric()) {
        if !part.is_empty() && out.len() < MOST_PARTS {
            out.push(transliterate(part));
        }
    }
}

/// A surname and the given names, as one reading of a name.
type Reading<'a> = (&'a [String], &'a [String]);

/// Whether every given name written is one of the player's or its initial,
/// each standing for a different one of the player's names.
fn covers(written: &[String], names: &[String]) -> bool {
    fn assign(written: &[String], names: &[String], used: &mut [bool]) -> bool {
        let Some((first, rest)) = written.split_first() else {
            return true;
        };
        for (i, name) in names.iter().enumerate() {
            if !used[i] && name.starts_with(first.as_str()) {
                used[i] = true;
                if assign(rest, names, used) {
                    return true;
                }
                used[i] = false;
            }
        }
        false
    }
    written.len() <= names.len() && assign(written, names, &mut vec![false; names.len()])
}

impl NameKey {
    pub fn new(name: &str) -> NameKey {
        let mut all = Vec::new();
        let comma = match name.split_once(',') {
            Some((surname, given)) => {
                parts(surname, &mut all);
                let n = all.len();
                parts(given, &mut all);
                Some(n)
            }
            None => {
                parts(name, &mut all);
                None
            }
        };
        let mut sorted = all.clone();
        sorted.sort_unstable();
        NameKey {
            parts: all,
            comma,
            sorted,
        }
    }

    /// The parts long enough to look a player up by (initials are not).
    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.parts
            .iter()
            .filter(|p| p.chars().count() > 1)
            .map(String::as_str)
    }

    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// The ways to read the name as (surname, given names): the comma
    /// says where the surname ends; without one, the surname is the first
    /// or the last parts.
    fn readings(&self) -> Vec<Reading<'_>> {
        let p = self.parts.as_slice();
        match self.comma {
            Some(n) => vec![(&p[..n], &p[n..])],
            None => {
                let mut out = Vec::with_capacity(2 * p.len());
                for k in 1..=p.len() {
                    out.push((&p[..k], &p[k..]));
                }
                for k in 1..p.len() {
                    out.push((&p[k..], &p[..k]));
                }
                out
            }
        }
    }

    /// How well this name (as a game writes it) names the player `trf`.
    pub fn compare(&self, trf: &NameKey) -> Option<Level> {
        if self.parts.is_empty() || trf.parts.is_empty() {
            return None;
        }
        if self.sorted == trf.sorted {
            return Some(Level::Exact);
        }
        let mut best = None;
        for (surname, given) in self.readings() {
            if surname.is_empty() {
                continue;
            }
            for (their_surname, their_given) in trf.readings() {
                if surname != their_surname {
                    continue;
                }
                let level = if given.is_empty() {
                    Level::Surname
                } else if covers(given, their_given) {
                    Level::Initials
                } else {
                    continue;
                };
                best = best.max(Some(level));
            }
        }
        best
    }
}

/// The TRF's players, looked up by FIDE ID and by the words of their names.
#[derive(Debug, Clone, Default)]
pub struct Index {
    keys: Vec<NameKey>,
    by_word: FxHashMap<String, Vec<usize>>,
    by_id: FxHashMap<u64, usize>,
}

impl Index {
    /// `players`: each player's name and FIDE ID, by position.
    pub fn new<'a>(players: impl Iterator<Item = (&'a str, Option<u64>)>) -> Index {
        let mut index = Index::default();
        for (i, (name, id)) in players.enumerate() {
            let key = NameKey::new(name);
            let mut words: Vec<&str> = key.words().collect();
            words.sort_unstable();
            words.dedup();
            for word in words {
                index.by_word.entry(word.to_string()).or_default().push(i);
            }
            if let Some(id) = id.filter(|&id| id > 0) {
                index.by_id.entry(id).or_insert(i);
            }
            index.keys.push(key);
        }
        index
    }

    /// The players a game's player may be, with how well each agrees: the
    /// one whose FIDE ID the tag gives, or else those whose name agrees.
    pub fn candidates(&self, name: Option<&str>, id: Option<u64>) -> Vec<(usize, Level)> {
        if let Some(&i) = id.and_then(|id| self.by_id.get(&id)) {
            return vec![(i, Level::FideId)];
        }
        let Some(name) = name else {
            return Vec::new();
        };
        let key = NameKey::new(name);
        let mut seen: Vec<usize> = key
            .words()
            .filter_map(|w| self.by_word.get(w))
            .flatten()
            .copied()
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.into_iter()
            .filter_map(|i| {
                let level = key.compare(self.keys.get(i)?)?;
                Some((i, level))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(pgn: &str, trf: &str) -> Option<Level> {
        NameKey::new(pgn).compare(&NameKey::new(trf))
    }

    #[test]
    fn the_ways_names_differ() {
        use Level::*;
        assert_eq!(level("Müller, Hans", "Mueller,Hans"), Some(Exact));
        assert_eq!(level("MULLER Hans", "Müller, Hans"), Some(Exact));
        assert_eq!(level("Hans Müller", "Müller, Hans"), Some(Exact));
        assert_eq!(level("Mueller,H.", "Müller, Hans"), Some(Initials));
        assert_eq!(level("H. Mueller", "Müller, Hans"), Some(Initials));
        assert_eq!(
            level("Tucholke, H.J.", "Tucholke,Hans-Joachim,Dr."),
            Some(Initials)
        );
        assert_eq!(
            level("Kiese, Matthias", "Kiese,Matthias,Dr."),
            Some(Initials)
        );
        assert_eq!(level("Groß, Eva", "Gross,Eva"), Some(Exact));
        assert_eq!(level("Dvořák, Jiří", "Dvorak, Jiri"), Some(Exact));
        assert_eq!(level("Wallrabenstein", "Wallrabenstein,Udo"), Some(Surname));
        assert_eq!(level("O'Neill, Sean", "ONeill, Sean"), Some(Exact));
        assert_eq!(level("Müller, K.", "Müller, Hans"), None);
        assert_eq!(level("Schmidt, Hans", "Müller, Hans"), None);
        assert_eq!(level("", "Müller, Hans"), None);
    }

    #[test]
    fn the_index_finds_by_id_then_by_name() {
        let players = [
            ("Becker,Martin", Some(1)),
            ("Becker,Robert", Some(2)),
            ("Kuhn,Ulf", None),
        ];
        let index = Index::new(players.iter().map(|(n, i)| (*n, *i)));
        assert_eq!(
            index.candidates(Some("Anyone"), Some(2)),
            vec![(1, Level::FideId)]
        );
        assert_eq!(
            index.candidates(Some("Becker"), None),
            vec![(0, Level::Surname), (1, Level::Surname)]
        );
        assert_eq!(
            index.candidates(Some("Becker, R."), Some(99)),
            vec![(1, Level::Initials)]
        );
        assert_eq!(
            index.candidates(Some("U. Kuhn"), None),
            vec![(2, Level::Initials)]
        );
    }
}
