//! Deutsch, in the words of the FIDE-Regeln as German arbiters use them.
//! The engine's sentences are English, so each German sentence is built here
//! from the finding's structured fields (kind, player, move, plies, seconds).

use audit::{Finding, GameReport, Kind, Player};
use laws::mating::Unwinnability;

use super::{Labels, Messages, Usage, format_clock};
use crate::render::figure::attempted_move;

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
    ruled_result: "Entschiedenes Ergebnis",
    plies_replayed: "Nachgespielte Halbzüge",
    none: "keines",
    none_unreadable: "keines (unlesbar)",
    no_rulings: "Keine Ereignisse und keine Entscheidungen: die Partie gilt wie notiert.",
    timeline: "Verlauf",
    time_added: "Zeitgutschrift für den Gegner",
    rests_on_plies: "beruht auf den Halbzügen",
    position_at_ply: "Stellung nach Halbzug",
    sheet_title: "Entscheidung des Schiedsrichters",
    source: "Quelle",
    moves: "Zug",
    ruling: "Entscheidung",
    positions: "Die Stellungen, auf denen die Entscheidungen beruhen",
    occurred_at: "entstand nach den Halbzügen",
    mating_line: "eine Mattführung",
    already_mate: "die Stellung ist bereits matt",
    yes: "Ja",
    no: "Nein",
    played: "gespielt",
    written: "notierter, nicht ausgeführter Zug",
    undetermined: "nicht entscheidbar; der Partieverlust bleibt bestehen, sofern der Schiedsrichter nichts anderes feststellt",
    touched: "berührt",
    attempted: "versucht",
    index_title: "Entscheidungen des Schiedsrichters",
    index_empty: "Keine Partie der Eingabe enthält eine Entscheidung.",
    rulings: "Entscheidungen",
    players: "Spieler",
    result_change: "Ergebnis (notiert → entschieden)",
    generated_by: "Von arbiter aus dem Partieformular erstellt; FIDE-Regeln, gültig ab 1. Januar 2023.",
    pieces: ['K', 'D', 'T', 'L', 'S'],
};

impl De {
    fn who(&self, f: &Finding) -> &'static str {
        f.player.map_or("der Spieler", |p| self.player(p))
    }

    fn opponent(&self, f: &Finding) -> &'static str {
        match f.player {
            Some(Player::White) => LABELS.black,
            Some(Player::Black) => LABELS.white,
            None => "der Gegner",
        }
    }

    /// "nach 40...Kg7", or the ply where no move is named.
    fn after(&self, f: &Finding) -> String {
        match (&f.move_number, f.ply) {
            (Some(mv), _) => format!("nach {}", self.san(mv)),
            (None, Some(0)) => "in der Ausgangsstellung".to_string(),
            (None, Some(ply)) => format!("nach Halbzug {ply}"),
            (None, None) => String::new(),
        }
    }

    fn token(&self, f: &Finding) -> String {
        f.token.as_deref().unwrap_or("?").to_string()
    }

    fn mv(&self, f: &Finding) -> String {
        match (&f.move_number, f.ply) {
            (Some(mv), _) => self.san(mv),
            (None, Some(ply)) => format!("Halbzug {ply}"),
            (None, None) => self.token(f),
        }
    }

    fn suggestions(&self, f: &Finding) -> String {
        let moves: Vec<String> = f.suggestions.iter().map(|s| self.san(s)).collect();
        moves.join(" oder ")
    }

    /// What the illegal act was: the move attempted, or the act of 7.5.3/7.5.4.
    fn act(&self, f: &Finding) -> String {
        let token = f.token.as_deref().unwrap_or("");
        match attempted_move(f) {
            Some(mv) => self.san(mv),
            None if token.contains("no-move") => {
                "Uhr gedrückt, ohne einen Zug auszuführen (7.5.3)".to_string()
            }
            None if token.contains("two-hands") => {
                "Zug mit zwei Händen ausgeführt (7.5.4)".to_string()
            }
            None => token.to_string(),
        }
    }

    fn penalty(&self, f: &Finding) -> String {
        match f.seconds_added {
            Some(s) => {
                let opp = self.opponent(f);
                let clock = f
                    .clock_before
                    .map(|before| {
                        format!(
                            " (Uhr von {opp}: {} → {})",
                            format_clock(before),
                            format_clock(before + f64::from(s))
                        )
                    })
                    .unwrap_or_default();
                format!(
                    "; {opp} erhält {s} Sekunden Zeitgutschrift{clock}, die Partie wird fortgesetzt"
                )
            }
            None => String::new(),
        }
    }
}

/// "nach Halbzug 3", "nach den Halbzügen 3, 7, 11".
fn after_plies(f: &Finding) -> String {
    match f.plies.as_slice() {
        [one] => format!("nach Halbzug {one}"),
        _ => format!("nach den Halbzügen {}", plies(f)),
    }
}

fn plies(f: &Finding) -> String {
    let list: Vec<String> = f.plies.iter().map(ToString::to_string).collect();
    list.join(", ")
}

/// The engine's own words where they carry a free-form reason (a tag's
/// value, an event's arguments) that no catalogue entry can foresee.
fn detail(f: &Finding) -> String {
    if f.message.is_empty() {
        String::new()
    } else {
        format!(" (engl.: {})", f.message)
    }
}

/// Whether the English sentence says the opponent can still mate (the
/// alternative being that it could not be decided).
fn can_still_mate(f: &Finding) -> bool {
    f.message.contains("can still checkmate")
}

impl Messages for De {
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
        }
    }

    fn sentence(&self, r: &GameReport, f: &Finding) -> String {
        let who = self.who(f);
        let opp = self.opponent(f);
        let after = self.after(f);
        let art = f.article.unwrap_or("-");
        match f.kind {
            Kind::UnreadableGame => format!("Die Partie kann nicht gelesen werden{}.", detail(f)),
            Kind::UnparseableMove => format!(
                "Der Zug „{}“ ({}) ist keine lesbare Zugnotation.",
                self.token(f),
                self.mv(f)
            ),
            Kind::IllegalMove => {
                let meant = if f.suggestions.is_empty() {
                    String::new()
                } else {
                    format!("; gemeint war vielleicht {}", self.suggestions(f))
                };
                let stands = if art == "A.5.2" {
                    "; im Schnell- und Blitzschach (Anhang A.5) hat ihn niemand vor dem nächsten Zug des Gegners beanstandet, also bleibt er bestehen und die Partie geht weiter (A.5.2)"
                } else {
                    ""
                };
                format!(
                    "Der Zug „{}“ von {who} (Halbzug {}) ist in dieser Stellung regelwidrig{meant}{stands}.",
                    self.token(f),
                    f.ply.unwrap_or(0)
                )
            }
            Kind::AmbiguousMove => format!(
                "Der Zug „{}“ (Halbzug {}) ist mehrdeutig: {}.",
                self.token(f),
                f.ply.unwrap_or(0),
                self.suggestions(f)
            ),
            Kind::InvalidSetup => format!("Die Ausgangsstellung (FEN) ist ungültig{}.", detail(f)),
            Kind::BadTag => format!("Eine Kopfzeile ist fehlerhaft{}.", detail(f)),
            Kind::MissingResult => "Das Ergebnis ist nicht notiert.".to_string(),
            Kind::ResultMismatch => format!(
                "Das notierte Ergebnis {} widerspricht dem Brett (Art. {art}); das Ergebnis lautet {}.",
                r.recorded_result.as_deref().unwrap_or("?"),
                r.ruled_result.as_deref().unwrap_or("?")
            ),
            Kind::MovesAfterEnd => format!(
                "Die Partie war bereits beendet (Art. {art}); der Zug {} und alle folgenden sind ungültig.",
                self.mv(f)
            ),
            Kind::AnnotationError => format!(
                "Das Ereignis {} kann an dieser Stelle nicht angewandt werden{}.",
                self.token(f),
                detail(f)
            ),
            Kind::MalformedPgn => {
                format!(
                    "Fehler in der PGN-Syntax{}; die Züge bleiben lesbar.",
                    detail(f)
                )
            }
            Kind::WrongCheckMark => format!(
                "Das Schach- oder Mattzeichen bei {} widerspricht dem Brett.",
                self.mv(f)
            ),
            Kind::Checkmate => format!("{opp} ist {after} schachmatt: {who} gewinnt.",),
            Kind::Stalemate => format!("Patt {after}: die Partie ist remis."),
            Kind::DeadPosition => format!(
                "Tote Stellung {after}: keine Seite kann mit irgendeiner Folge regelgemäßer Züge mattsetzen; die Partie ist remis."
            ),
            Kind::FivefoldRepetition => format!(
                "Dieselbe Stellung ist {after} zum fünften Mal entstanden (Halbzüge {}): die Partie ist remis.",
                plies(f)
            ),
            Kind::SeventyFiveMoveRule => format!(
                "{after} hat jeder Spieler 75 Züge ohne Schlagen und ohne Bauernzug ausgeführt (seit Halbzug {}): die Partie ist remis.",
                plies(f)
            ),
            Kind::ThreefoldClaimUpheld => format!(
                "{who} reklamiert {after} Remis wegen dreimaliger Stellungswiederholung: berechtigt, die Stellung entstand {}; die Partie ist remis.",
                after_plies(f)
            ),
            Kind::ThreefoldClaimRejected => {
                let seen = if f.plies.is_empty() {
                    String::new()
                } else {
                    format!(", die Stellung entstand nur {}", after_plies(f))
                };
                format!(
                    "{who} reklamiert {after} Remis wegen dreimaliger Stellungswiederholung: unberechtigt{seen}{}.",
                    self.penalty(f)
                )
            }
            Kind::FiftyMoveClaimUpheld => format!(
                "{who} reklamiert {after} Remis nach der 50-Züge-Regel: berechtigt, seit Halbzug {} weder Schlagen noch Bauernzug; die Partie ist remis.",
                plies(f)
            ),
            Kind::FiftyMoveClaimRejected => format!(
                "{who} reklamiert {after} Remis nach der 50-Züge-Regel: unberechtigt{}.",
                self.penalty(f)
            ),
            Kind::WrittenMoveNotPlayed => format!(
                "Nach der unberechtigten Reklamation musste {who} den notierten Zug ausführen (Art. 9.5.3), spielte aber {}.",
                self.mv(f)
            ),
            Kind::DuplicateGame => {
                "Dieselbe Partie wurde weiter vorn in der Eingabe bereits eingereicht.".to_string()
            }
            Kind::TouchMoveViolation => {
                let touched = if f.touched.is_empty() {
                    "eine Figur".to_string()
                } else {
                    format!("die Figur auf {}", f.touched.join(", "))
                };
                let legal = if f.suggestions.is_empty() {
                    String::new()
                } else {
                    format!("; regelgemäß war {}", self.suggestions(f))
                };
                format!(
                    "{} verletzt die Regel „berührt – geführt“ (Art. {art}): {who} hatte {touched} berührt{legal}.",
                    self.mv(f)
                )
            }
            Kind::ComplaintTooLate => format!(
                "{who} beschwert sich über den letzten Zug des Gegners erst nach dem Berühren einer Figur und hat damit das Recht dazu verloren (Art. 4.8)."
            ),
            Kind::IllegalMovePenalty => {
                let clock = match (f.seconds_added, f.clock_before) {
                    (Some(s), Some(before)) => format!(
                        " (Uhr von {opp}: {} → {})",
                        format_clock(before),
                        format_clock(before + f64::from(s))
                    ),
                    _ => String::new(),
                };
                format!(
                    "{who} hat einen regelwidrigen Zug vollendet ({}); die Stellung vor dem Regelverstoß wird wiederhergestellt und {opp} erhält {} Sekunden Zeitgutschrift{clock}.",
                    self.act(f),
                    f.seconds_added.unwrap_or(0)
                )
            }
            Kind::IllegalMoveLoss => format!(
                "{who} hat zum zweiten Mal einen regelwidrigen Zug vollendet ({}); {opp} kann noch mattsetzen, also verliert {who} die Partie.",
                self.act(f)
            ),
            Kind::IllegalMoveDraw => format!(
                "{who} hat zum zweiten Mal einen regelwidrigen Zug vollendet ({}); {opp} kann mit keiner Folge regelgemäßer Züge mattsetzen, also ist die Partie remis.",
                self.act(f)
            ),
            Kind::FlagFallLoss if can_still_mate(f) => format!(
                "Zeitüberschreitung: das Blättchen von {who} ist gefallen; {opp} kann noch mattsetzen, also verliert {who} auf Zeit."
            ),
            Kind::FlagFallLoss => format!(
                "Zeitüberschreitung: das Blättchen von {who} ist gefallen; ob {opp} noch mattsetzen kann, ist nicht entscheidbar, der Partieverlust bleibt bestehen."
            ),
            Kind::FlagFallDraw => format!(
                "Zeitüberschreitung: das Blättchen von {who} ist gefallen, aber {opp} kann mit keiner Folge regelgemäßer Züge mattsetzen; die Partie ist remis."
            ),
            Kind::BothFlagsFallen
                if f.article == Some("III.3.1") && f.message.contains("play goes on") =>
            {
                format!(
                    "Beide Blättchen sind gefallen ({after}), und es lässt sich nicht feststellen, welches zuerst fiel: vor der letzten Periode wird weitergespielt (Richtlinien III.3.1)."
                )
            }
            Kind::BothFlagsFallen if f.article == Some("III.3.1") => format!(
                "Beide Blättchen sind in der letzten Periode gefallen ({after}), und es lässt sich nicht feststellen, welches zuerst fiel: die Partie ist remis (Richtlinien III.3.1)."
            ),
            Kind::BothFlagsFallen => format!(
                "Beide Blättchen sind gefallen ({after}); mit Inkrement, im Blitzschach oder ohne bekannte Bedenkzeit gelten die Richtlinien III nicht, die Fallanzeige der Uhr entscheidet (Art. 6.9): das notierte Ergebnis bleibt bestehen."
            ),
            Kind::ClockInconsistency => format!(
                "Die Uhrzeit von {who} {after} widerspricht der Bedenkzeitregelung (Art. 6.3.1){}.",
                detail(f)
            ),
            Kind::IllegalPositionDraw => format!(
                "Nach dem Zug, der auf einen stehengebliebenen regelwidrigen Zug folgte, steht noch immer eine regelwidrige Stellung auf dem Brett ({after}): die Partie ist remis (A.5.4)."
            ),
        }
    }

    fn unwinnable(&self, why: &Unwinnability) -> String {
        match why {
            Unwinnability::GameOver => "die Partie ist auf dem Brett bereits beendet".to_string(),
            Unwinnability::Material => "das Material reicht nicht zum Mattsetzen".to_string(),
            Unwinnability::ForcedLine { line } => {
                let moves: Vec<String> = line.iter().map(|m| self.san(&m.to_string())).collect();
                format!(
                    "jeder Zug ist erzwungen ({}), und die Folge endet in einer Stellung ohne Mattmöglichkeit",
                    moves.join(" ")
                )
            }
            Unwinnability::BlockedStructure => {
                "die Stellung ist blockiert: die Figuren können den König nie erreichen".to_string()
            }
            Unwinnability::ExhaustedSearch => {
                "die Suche über alle Folgen regelgemäßer Züge findet kein Matt".to_string()
            }
        }
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
        }
    }

    fn clock_change(&self, seconds: u32, side: Player, before: Option<f64>) -> String {
        match before {
            Some(before) => format!(
                "{seconds} s Zeitgutschrift: Uhr von {} {} → {}",
                self.player(side),
                format_clock(before),
                format_clock(before + f64::from(seconds))
            ),
            None => format!("{seconds} s Zeitgutschrift für {}", self.player(side)),
        }
    }
}
