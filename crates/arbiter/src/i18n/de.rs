//! Deutsch, in the words of the FIDE-Regeln as German arbiters use them
//! (`design/glossary-de.md`). Each sentence is built from the finding's
//! facts, the same facts the English one is built from (`de/sentence.rs`).

mod comment;
mod sentence;

#[cfg(test)]
pub(super) use sentence::duration as duration_words;
pub(super) use sentence::san as san_letters;

use audit::{Finding, GameReport, Kind, PgnDate, Player};
use laws::{MoveLabel, mating::Unwinnability, repetition::Difference};
use shakmaty::Color;

use super::{Labels, Messages, Usage, format_clock};
use audit::source::Binary;

pub struct De;

static LABELS: Labels = Labels {
    white: "Weiß",
    black: "Schwarz",
    white_to_move: "Weiß am Zug",
    black_to_move: "Schwarz am Zug",
    note: "Hinweis",
    warning: "Warnung",
    error: "Fehler",
    game: "Partie",
    ply: "Halbzug",
    article_long: "FIDE-Regeln, Artikel",
    article: "Art.",
    position: "Stellung",
    probably_meant: "wahrscheinlich gemeinte regelgemäße Züge",
    repair: "Vorschlag",
    games_with_findings: "Partien mit Befunden",
    games_counted: "Partie(n)",
    results_changed: "durch die Entscheidungen geänderte Ergebnisse",
    unreadable_games: "unlesbare Partien",
    peak_memory: "höchster Speicherbedarf",
    could_not_read: "nicht lesbar",
    players_unknown: "(Spieler nicht notiert)",
    round: "Runde",
    round_title: "Runde",
    line: "Zeile",
    recorded_result: "Notiertes Ergebnis",
    ruled_result: "Ergebnis laut Entscheidung",
    plies_replayed: "Nachgespielte Halbzüge",
    none: "keines",
    none_unreadable: "keines (unlesbar)",
    no_rulings: "Keine Ereignisse und keine Entscheidungen: die Partie gilt wie notiert.",
    timeline: "Verlauf",
    time_added: "Zeitgutschrift für den Gegner",
    sheet_title: "Entscheidung des Schiedsrichters",
    source: "Quelle",
    moves: "Zug",
    ruling: "Entscheidung",
    positions: "Die Stellungen, auf denen die Entscheidungen beruhen",
    mating_line: "eine Mattführung",
    already_mate: "die Stellung ist bereits matt",
    by_material: "schon nach dem Material (Dame oder Turm)",
    yes: "Ja",
    no: "Nein",
    played: "gespielt",
    written: "aufgeschriebener, nicht ausgeführter Zug",
    undetermined: "nicht entscheidbar; der Partieverlust bleibt bestehen, sofern der Schiedsrichter nichts anderes feststellt",
    touched: "berührt",
    attempted: "versucht",
    index_title: "Entscheidungen des Schiedsrichters",
    index_empty: "Keine Partie der Eingabe enthält eine Entscheidung.",
    rulings: "Entscheidungen",
    players: "Spieler",
    generated_by: "Von arbiter aus dem Partieformular erstellt; FIDE-Regeln, gültig ab 1. Januar 2023.",
    trf_columns: [
        "Runde",
        "Paarungen",
        "gespielt",
        "Partien gefunden",
        "Ergebnisse übereinstimmend",
    ],
    event: "Turnier",
    site: "Ort",
    date: "Datum",
    board: "Brett",
    time_control: "Bedenkzeit",
    arbiter: "Schiedsrichter",
    regulations: "Turnierordnung",
    time_of_ruling: "Zeitpunkt der Entscheidung",
    clocks: "Uhren",
    no_clocks: "keine Uhrzeiten notiert",
    fide_id: "FIDE-ID",
    signature: "Unterschrift",
    remarks: "Bemerkungen",
    notes_title: "Hinweise zum Partieformular",
    notes_intro: "Zur Aufzeichnung selbst, keine Entscheidungen über die Partie:",
    on_board: "Die Stellung auf dem Brett",
    after_written: "Nach dem aufgeschriebenen Zug",
    claimed_position: "die Stellung, auf die sich die Reklamation bezieht",
    near_miss: "Nicht dieselbe Stellung",
    near_miss_why: "Dieselben Figuren auf denselben Feldern, aber",
    occurred: "entstanden",
    starting_position: "Ausgangsstellung",
    quiet_since: "kein Schlagen und kein Bauernzug seit",
    as_written: "so notiert",
    result_changed: "durch die Entscheidung geändert",
    recorded: "Notiert",
    ruled: "Entschieden",
    per_move: "je Zug",
    moves_in: "Züge in",
    rest_of_game: "für den Rest der Partie",
    then: "dann",
    unknown: "unbekannt",
    no_clock: "ohne Uhr gespielt",
    sandclock: "Sanduhr",
    standard: "Turnierschach",
    rapid: "Schnellschach",
    blitz: "Blitzschach",
    after: "nach",
    pieces: ['K', 'D', 'T', 'L', 'S'],
    pawn: 'B',
};

/// The first letter in upper case.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl Messages for De {
    fn repair_note(&self, note: super::Note, reaches: Option<(u32, Color)>) -> String {
        comment::repair_note(note, reaches)
    }

    fn labels(&self) -> &'static Labels {
        &LABELS
    }

    fn kind_title(&self, kind: Kind) -> &'static str {
        match kind {
            Kind::UnreadableGame => "Unlesbare Partie",
            Kind::UnparseableMove => "Unlesbarer Zug",
            Kind::IllegalMove => "Regelwidriger Zug im Partieformular",
            Kind::AmbiguousMove => "Mehrdeutiger Zug",
            Kind::InvalidSetup => "Ungültige Ausgangsstellung",
            Kind::BadTag => "Fehlerhafte Kopfzeile",
            Kind::MissingResult => "Ergebnis fehlt",
            Kind::ResultMismatch => "Ergebnis widerspricht dem Brett",
            Kind::MovesAfterEnd => "Züge nach Partieende",
            Kind::AnnotationError => "Fehlerhafte Anmerkung",
            Kind::MalformedPgn => "PGN-Syntaxfehler",
            Kind::WrongCheckMark => "Falsches Schachzeichen",
            Kind::WrongCaptureMark => "Schlagzeichen ohne Schlagen",
            Kind::NonStandardNotation => "Keine Notation des PGN-Standards",
            Kind::MoveNumberMismatch => "Zugnummer passt nicht",
            Kind::MissingMove => "Zug fehlt im Partieformular",
            Kind::ResultSignal => "Ergebnissignal eines elektronischen Bretts",
            Kind::ForfeitResult => "Kampflos: keine Partie gespielt",
            Kind::Checkmate => "Schachmatt",
            Kind::Stalemate => "Patt",
            Kind::DeadPosition => "Tote Stellung",
            Kind::FivefoldRepetition => "Fünfmalige Stellungswiederholung",
            Kind::SeventyFiveMoveRule => "75-Züge-Regel",
            Kind::ThreefoldClaimUpheld => {
                "Reklamation dreimalige Stellungswiederholung: berechtigt"
            }
            Kind::ThreefoldClaimRejected => {
                "Reklamation dreimalige Stellungswiederholung: unberechtigt"
            }
            Kind::FiftyMoveClaimUpheld => "Reklamation 50-Züge-Regel: berechtigt",
            Kind::FiftyMoveClaimRejected => "Reklamation 50-Züge-Regel: unberechtigt",
            Kind::WrittenMoveNotPlayed => "Notierter Zug nicht ausgeführt",
            Kind::DuplicateGame => "Doppelt eingereichte Partie",
            Kind::TouchMoveViolation => "Verstoß gegen „berührt – geführt“",
            Kind::ComplaintTooLate => "Beschwerde zu spät",
            Kind::IllegalMovePenalty => "Regelwidriger Zug: Zeitgutschrift",
            Kind::IllegalMoveLoss => "Zweiter regelwidriger Zug: Partieverlust",
            Kind::IllegalMoveDraw => "Zweiter regelwidriger Zug: remis",
            Kind::FlagFallLoss => "Zeitüberschreitung: Partieverlust",
            Kind::FlagFallDraw => "Zeitüberschreitung: remis",
            Kind::BothFlagsFallen => "Beide Blättchen gefallen",
            Kind::ClockInconsistency => "Uhrzeit widerspricht der Bedenkzeitregelung",
            Kind::IllegalPositionDraw => "Regelwidrige Stellung nach dem nächsten Zug: remis",
            Kind::TrfResultMismatch => "TRF-Ergebnis weicht von der Partie ab",
            Kind::TrfMissingGame => "Paarung ohne Partie",
            Kind::TrfUnmatchedGame => "Partie ohne Paarung",
            Kind::TrfColourMismatch => "Farben gegenüber der TRF vertauscht",
            Kind::TrfForfeitPlayed => "Kampflos oder spielfrei, aber eine Partie gespielt",
            Kind::TrfPointsMismatch => "Punktzahl ist nicht die Summe der Ergebnisse",
            Kind::TrfBadLine => "Fehlerhafte TRF-Zeile",
            Kind::TrfUnplayedScored => "Nicht gespielte Partie als gewertet eingetragen",
            Kind::TrfDateMismatch => "Partiedatum weicht vom Rundendatum ab",
            Kind::TrfUncertainMatch => "Unsichere Zuordnung zu einem TRF-Spieler",
            Kind::ClaimAvailable => "Remisreklamation möglich, nicht erhoben",
            Kind::DrawOffer => "Remisangebot",
            Kind::DrawAgreed => "Remis durch Vereinbarung",
            Kind::DrawAgreementTooEarly => "Remis vereinbart, bevor die Turnierordnung es erlaubt",
            Kind::RepeatedDrawOffer => "Wiederholtes Remisangebot",
        }
    }

    fn sentence(&self, report: &GameReport, finding: &Finding) -> String {
        sentence::sentence(report, finding)
    }

    fn repair_hint(&self, finding: &Finding) -> Option<String> {
        sentence::repair_hint(finding)
    }

    fn unwinnable(&self, why: &Unwinnability) -> String {
        sentence::unwinnable(why)
    }

    fn label(&self, label: &MoveLabel) -> String {
        sentence::label(label)
    }

    fn date(&self, date: &PgnDate) -> String {
        let year = date
            .year
            .map_or_else(|| "????".to_string(), |y| format!("{y:04}"));
        match (date.month, date.day) {
            (Some(m), Some(d)) => format!("{d:02}.{m:02}.{year}"),
            (Some(m), None) => format!("{m:02}.{year}"),
            (None, Some(d)) => format!("{d:02}.??.{year}"),
            (None, None) => year,
        }
    }

    fn difference(&self, difference: &Difference, then: Color) -> String {
        sentence::difference(difference, then)
    }

    fn can_mate_question(&self, side: Player) -> String {
        format!("Kann {} noch mattsetzen?", self.player(side))
    }

    fn summary_head(&self, games: usize, sources: usize, plies: u64, secs: f64) -> String {
        let rate = if secs > 0.0 { games as f64 / secs } else { 0.0 };
        format!(
            "{games} Partien in {sources} Quelle(n), {plies} Halbzüge, {secs:.2} s ({rate:.0} Partien/s)"
        )
    }

    fn trf_head(&self, source: &str, players: usize, rounds: u32, team_lines: u32) -> String {
        let teams = match team_lines {
            0 => String::new(),
            n => format!("; {n} Mannschaftszeile(n) nicht ausgewertet"),
        };
        format!("Turnier {source}: {players} Spieler, {rounds} Runde(n){teams}")
    }

    fn checked(&self, games: usize, with_findings: usize) -> String {
        format!("{games} Partie(n) geprüft, {with_findings} mit Befunden")
    }

    fn usage(&self, usage: Usage) -> String {
        match usage {
            Usage::BadAfter(after) => {
                format!("--after {after}: erwartet wird eine Zugnummer wie 40... oder 40.Sf3")
            }
            Usage::NoSuchGame { n, source, games } => {
                format!("--game {n}: {source} enthält {games} Partie(n)")
            }
            Usage::WhichGame { source, games } => format!(
                "{source} enthält {games} Partien: mit --game N angeben, welche die Reklamation betrifft"
            ),
            Usage::ClaimNotRuled { game, after } => format!(
                "Partie {game}: über die Reklamation nach {after} kann nicht entschieden werden: \
                 die Stellung wird nicht erreicht, oder die Partie war vorher beendet"
            ),
            Usage::SourcesFailed(n) => format!("{n} Quelle(n) nicht lesbar"),
            Usage::BadFen(why) => format!("die FEN ist nicht lesbar: {why}"),
            Usage::GameZero => {
                "--game 0: Partien werden ab 1 gezählt (die erste Partie der Datei ist --game 1)"
                    .to_string()
            }
            Usage::NoGames(source) => format!("{source}: diese Quelle enthält keine Partie"),
            Usage::Missing(path) => format!("{path}: keine solche Datei und kein solcher Ordner"),
            Usage::NoPgnFiles(path) => format!(
                "{path}: keine PGN-Dateien in diesem Ordner (gesucht: *.pgn, *.pgn.gz, *.pgn.zst)"
            ),
            Usage::NotPgn { source, what } => format!(
                "{source}: keine PGN-Datei ({})",
                match what {
                    Binary::Jpeg =>
                        "ein JPEG-Bild; ein fotografiertes Partieformular muss erst abgetippt werden",
                    Binary::Png =>
                        "ein PNG-Bild; ein fotografiertes Partieformular muss erst abgetippt werden",
                    Binary::Pdf => "ein PDF-Dokument",
                    Binary::Zip => "ein Zip-Archiv; bitte erst entpacken",
                    Binary::Nul => "Binärdaten",
                }
            ),
            Usage::EmptySource(source) => format!("{source}: keine Partien in dieser Quelle"),
            Usage::NoGamesAtAll => "keine Partie gelesen: keine Quelle enthielt eine".to_string(),
            Usage::NoFolder(path) => format!("{path}: der Ordner zum Schreiben existiert nicht"),
            Usage::Io { path, why } => format!("{path}: {why}"),
            Usage::RepairCut { path, games } => format!(
                "{path}: {games} Partie(n) über 16 MiB sind nur so weit geschrieben, wie sie gelesen wurden"
            ),
            Usage::RepairIsOutput(path) => format!(
                "--repair {path}: in diese Datei wird auch der Bericht oder die Zusammenfassung geschrieben: bitte eine andere Datei nennen"
            ),
            Usage::RepairIsInput(path) => format!(
                "--repair {path}: diese Datei ist eine der Eingaben, und die Eingabe wird nie verändert: bitte eine andere Datei nennen"
            ),
        }
    }

    fn impossible_position(&self, why: &str) -> String {
        format!("die Stellung kann in keiner Partie entstehen ({why}): kein Urteil")
    }

    fn changed_without_mismatch(&self, n: usize) -> String {
        format!(
            "{n} dieser Partie(n) hatten kein entschiedenes notiertes Ergebnis (`*` oder eine Result-Kopfzeile \
             ohne Ergebnis), daher keinen Befund „Ergebnis widerspricht dem Brett“, und die beiden Zahlen weichen ab."
        )
    }

    fn kind_name(&self, kind: Kind) -> &'static str {
        self.kind_title(kind)
    }

    fn progress(&self, games: usize, per_second: f64, with_findings: usize) -> String {
        format!("{games} Partien, {per_second:.0} Partien/s, {with_findings} mit Befunden")
    }

    fn clock_change(&self, seconds: u32, side: Player, before: Option<f64>) -> String {
        match before {
            Some(before) => format!(
                "{} Zeitgutschrift: Uhr von {} {} → {}",
                capitalised(&sentence::duration(seconds)),
                self.player(side),
                format_clock(before),
                format_clock(before + f64::from(seconds))
            ),
            None => format!(
                "{} Zeitgutschrift für {}",
                capitalised(&sentence::duration(seconds)),
                self.player(side)
            ),
        }
    }
}
