//! The command line's own help in German (`arbiter --lang de --help`): the
//! derive in `cli.rs` holds the English words, and these tables put German
//! ones in their place before clap builds the help. Options and subcommands
//! keep their English names, which are what people type.

use clap::Command;

/// Subcommand: what it does, and its examples.
const COMMANDS: [(&str, &str, &str); 6] = [
    (
        "validate",
        "Jeden notierten Zug nachspielen und genau sagen, wo und warum ein Partieformular fehlerhaft ist.",
        "Beispiele:\n  arbiter --lang de validate runde5.pgn\n  arbiter validate --format json partien/ > bericht.jsonl\n  zcat twic.pgn.gz | arbiter validate -\n  arbiter validate --repair korrigiert.pgn runde5.pgn",
    ),
    (
        "audit",
        "Alle Partien vieler Dateien parallel prüfen und zusammenfassen.",
        "Beispiele:\n  arbiter --lang de audit saison/\n  arbiter audit --format json --summary zusammenfassung.txt saison/ > zeilen.jsonl\n  arbiter audit --html blaetter/ --lang de saison/\n  arbiter audit --trf turnier.trf partien/\n  arbiter audit --trf turnier.trf --round 5 runde5.pgn",
    ),
    (
        "adjudicate",
        "Über eine Partie entscheiden: Verlauf der Ereignisse und Entscheidungen, mit Diagrammen.",
        "Beispiele:\n  arbiter --lang de adjudicate runde5.pgn --game 3\n  arbiter adjudicate partie.pgn --claim threefold --after 40...Kg7\n  arbiter adjudicate partie.pgn --claim fifty --after 61. --move Rb1\n  arbiter adjudicate runde5.pgn --game 3 --html blatt.html --lang de\n\n--after nennt den Zug, nach dem reklamiert wird: `40.` oder `40.Sf3` nach dem\n40. Zug von Weiß (Schwarz reklamiert), `40...` oder `40...Kg7` nach dem 40. Zug\nvon Schwarz (Weiß reklamiert). --move ist der auf dem Partieformular notierte,\nnicht ausgeführte Zug (9.2.1, 9.3.1).",
    ),
    (
        "can-mate",
        "Kann eine Seite mit irgendeiner Folge regelgemäßer Züge noch mattsetzen? (5.2.2, 6.9, 7.5.5, 5.1.2)",
        "Beispiele:\n  arbiter --lang de can-mate \"k7/8/8/8/8/8/6PP/6qK w - - 0 1\" --side black\n\nExit-Code 0 mit einem Urteil für jede gefragte Seite, 1 wenn eines offen bleibt\noder die Stellung in keiner Partie entstehen kann, 2 für eine unlesbare FEN.",
    ),
    (
        "completions",
        "Ein Vervollständigungsskript für die Shell (bash, zsh, fish, powershell, elvish) auf die Standardausgabe schreiben.",
        "Beispiele:\n  arbiter completions bash > ~/.local/share/bash-completion/completions/arbiter\n  arbiter completions zsh > ~/.zfunc/_arbiter\n  arbiter completions fish > ~/.config/fish/completions/arbiter.fish",
    ),
    (
        "manpage",
        "Die Handbuchseite (roff) auf die Standardausgabe schreiben, oder eine Seite je Befehl in einen Ordner.",
        "Beispiele:\n  arbiter manpage > ~/.local/share/man/man1/arbiter.1\n  arbiter manpage --dir ~/.local/share/man/man1",
    ),
];

/// Option or argument (by its id, the field's name): its help.
///
/// Every option must be here: clap's `mut_arg` moves the argument to the end,
/// and the translated command is parsed as well as shown, so an option left
/// out would change the order (the unit test below checks).
const ARGS: [(&str, &str); 38] = [
    (
        "paths",
        "PGN-Dateien oder Verzeichnisse (rekursiv nach *.pgn, *.pgn.gz, *.pgn.zst durchsucht); `-` für die Standardeingabe.",
    ),
    ("file", "Die PGN-Datei (oder `-` für die Standardeingabe)."),
    ("fen", "Die Stellung als FEN."),
    (
        "format",
        "Ausgabeformat: text für Menschen, json (JSON Lines, ein Objekt je Partie), csv (eine Zeile je Befund).",
    ),
    ("color", "Farbe in der Textausgabe."),
    (
        "fail_on",
        "Exit-Code 1, wenn eine Partie einen Befund dieses Schweregrads oder schwerer hat (note, warning, error) oder einer dieser Arten (durch Kommas getrennt); `never`: immer 0.",
    ),
    (
        "only",
        "Nur diese Befundarten melden (durch Kommas getrennt).",
    ),
    (
        "skip",
        "Diese Befundarten weglassen (durch Kommas getrennt).",
    ),
    ("jobs", "Arbeits-Threads (Vorgabe: alle Kerne)."),
    (
        "summary",
        "Die Zusammenfassung in diese Datei schreiben statt auf die Standardfehlerausgabe (audit).",
    ),
    (
        "rules",
        "Regeln für Standard-, Schnell- oder Blitzschach; ersetzt die TimeControl-Kopfzeile. Im Schnell- und Blitzschach bleibt ein regelwidriger Zug im Partieformular bestehen (A.5.2), außer mit --supervision full.",
    ),
    (
        "supervision",
        "Aufsicht im Schnell- und Blitzschach: limited (A.5, B.3, der Regelfall) oder full (A.4, B.2).",
    ),
    (
        "no_draw_before",
        "Die Turnierordnung untersagt Remisvereinbarungen, bevor beide Spieler N Züge ausgeführt haben (Art. 9.1.1, „Sofia-Regel“): eine frühere Vereinbarung ergibt die Warnung draw-agreement-too-early.",
    ),
    (
        "missed_claims",
        "In der Textausgabe auch die Remisreklamationen zeigen, die möglich waren und nicht erhoben wurden (claim-available; JSON und CSV enthalten sie immer).",
    ),
    (
        "mate_budget",
        "Millisekunden, die eine Mattmöglichkeitsanalyse suchen darf, bevor sie offen bleibt (Vorgabe: die eigenen Grenzen der Suche, schlimmstenfalls einige Sekunden).",
    ),
    (
        "output",
        "Den Bericht in diese Datei schreiben statt auf die Standardausgabe.",
    ),
    (
        "html",
        "Zusätzlich druckbare HTML-Entscheidungsblätter mit Diagrammen schreiben (audit/validate: ein Verzeichnis mit index.html; adjudicate: eine Datei).",
    ),
    (
        "repair",
        "Zusätzlich jede Partie in diese PGN-Datei schreiben, mit den übernommenen Korrekturen, jede in einem Kommentar vermerkt (die Eingabe bleibt unverändert; siehe docs/notation.md).",
    ),
    (
        "no_duplicates",
        "audit: nicht nach doppelt eingereichten Partien suchen (spart etwa 32 Bytes je Partie).",
    ),
    (
        "trf",
        "Die FIDE-TRF-Datei des Turniers (TRF16, TRFx): die Partien gegen ihre Paarungen und Ergebnisse prüfen und die Datei in sich (siehe docs/tournament.md).",
    ),
    (
        "round",
        "Mit --trf: nur diese Runde prüfen (Partien anderer Runden werden nicht zugeordnet).",
    ),
    (
        "progress",
        "Fortschritt auf der Standardfehlerausgabe: auto (an einem Terminal), always, never.",
    ),
    (
        "game",
        "Welche Partie der Datei (ab 1); Vorgabe: jede Partie.",
    ),
    (
        "claim",
        "Eine Remisreklamation, über die entschieden wird, als wäre sie annotiert: threefold oder fifty.",
    ),
    (
        "after",
        "Der Zug, nach dem reklamiert wird: `40...Kg7`, `40.`, `40...`.",
    ),
    (
        "written",
        "Der notierte, nicht ausgeführte Zug des Reklamierenden.",
    ),
    ("ascii", "Einfache ASCII-Diagramme."),
    (
        "all",
        "Auch reine Notationsbefunde zeigen (Kopfzeilen, Schachzeichen, Syntax) und die möglichen, nicht erhobenen Remisreklamationen.",
    ),
    ("side", "Wessen Mattmöglichkeiten: white, black oder both."),
    (
        "lang",
        "Sprache aller Texte für Menschen (die `message` in JSON und CSV bleibt englisch).",
    ),
    (
        "csv_dialect",
        "CSV für welches Programm: standard (durch Kommas getrennt, UTF-8) oder excel (durch Semikolons getrennt, UTF-8 mit Byte-Order-Mark, wie es das deutsche Excel öffnet).",
    ),
    ("shell", "Die Shell, für die vervollständigt wird."),
    (
        "dir",
        "arbiter.1 und eine Seite je Befehl (arbiter-validate.1, …) in diesen Ordner schreiben.",
    ),
    (
        "arbiter",
        "Name des Schiedsrichters für den Kopf und die Unterschriftszeile des Entscheidungsblatts.",
    ),
    (
        "event_regulations",
        "Bestimmungen der Turnierordnung, auf die sich die Entscheidungen stützen (etwa „A.4 gilt, volle Aufsicht“), für den Kopf des Entscheidungsblatts.",
    ),
    (
        "no_signatures",
        "Entscheidungsblatt ohne Unterschriftszeilen und ohne Feld für Bemerkungen.",
    ),
    ("help", "Hilfe anzeigen."),
    ("version", "Version anzeigen."),
];

/// Value names as the help shows them (`--output <DATEI>`), by the English one.
const VALUE_NAMES: [(&str, &str); 19] = [
    ("FILE", "DATEI"),
    ("PATH", "PFAD"),
    ("DIR", "ORDNER"),
    ("KINDS", "ARTEN"),
    ("SEVERITY|KINDS", "SCHWEREGRAD|ARTEN"),
    ("MOVE", "ZUG"),
    ("SAN", "ZUG"),
    ("MS", "MS"),
    ("FEN", "FEN"),
    ("FORMAT", "FORMAT"),
    ("COLOR", "FARBE"),
    ("JOBS", "ANZAHL"),
    ("RULES", "REGELN"),
    ("SUPERVISION", "AUFSICHT"),
    ("GAME", "NR"),
    ("SHELL", "SHELL"),
    ("LANG", "SPRACHE"),
    ("NAME", "NAME"),
    ("TEXT", "TEXT"),
];

/// The German value name of an argument; every option that takes a value
/// must have one (the unit test below checks).
fn german_value_name(english: &str) -> Option<&'static str> {
    match english {
        "CLAIM" => Some("REKLAMATION"),
        "SIDE" => Some("SEITE"),
        "PROGRESS" => Some("FORTSCHRITT"),
        "CSV_DIALECT" => Some("DIALEKT"),
        "N" => Some("N"),
        _ => VALUE_NAMES
            .iter()
            .find(|(en, _)| *en == english)
            .map(|(_, de)| *de),
    }
}

/// The English value name clap shows: the one given, or the id in capitals.
fn value_name(arg: &clap::Arg) -> String {
    arg.get_value_names()
        .and_then(|names| names.first())
        .map(ToString::to_string)
        .unwrap_or_else(|| arg.get_id().as_str().to_uppercase())
}

fn german_args(mut command: Command) -> Command {
    let ids: Vec<String> = command
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    for id in ids {
        if let Some((_, help)) = ARGS.iter().find(|(name, _)| *name == id) {
            let heading = if command
                .get_arguments()
                .any(|a| a.get_id() == id.as_str() && a.is_positional())
            {
                "Argumente"
            } else {
                "Optionen"
            };
            command = command.mut_arg(id, |arg| {
                // clap writes "[default: …]" and "[possible values: …]" in
                // English: say them in the help text instead.
                let mut text = (*help).to_string();
                let values: Vec<String> = arg
                    .get_possible_values()
                    .iter()
                    .filter(|v| !v.is_hide_set())
                    .map(|v| v.get_name().to_string())
                    .collect();
                if !values.is_empty() {
                    text.push_str(&format!(" [Werte: {}]", values.join(", ")));
                }
                let takes_values = arg.get_action().takes_values();
                let defaults: Vec<String> = arg
                    .get_default_values()
                    .iter()
                    .map(|v| v.to_string_lossy().into_owned())
                    .collect();
                // A flag's default ("false") says nothing.
                if takes_values && !defaults.is_empty() {
                    text.push_str(&format!(" [Vorgabe: {}]", defaults.join(", ")));
                }
                let arg = match german_value_name(&value_name(&arg)) {
                    Some(name) if takes_values => arg.value_name(name),
                    _ => arg,
                };
                arg.help(text.clone())
                    .long_help(text)
                    .hide_possible_values(true)
                    .hide_default_value(true)
                    .help_heading(heading)
            });
        }
    }
    let usage = command
        .clone()
        .render_usage()
        .to_string()
        .trim_start_matches("Usage: ")
        .replace("[OPTIONS]", "[OPTIONEN]")
        .replace("<COMMAND>", "<BEFEHL>");
    command
        .override_usage(usage)
        .help_template("{about-with-newline}\nAufruf: {usage}\n\n{all-args}{after-help}")
        .subcommand_help_heading("Befehle")
        .subcommand_value_name("BEFEHL")
}

/// The command line with its help in German.
pub fn german(command: Command) -> Command {
    // clap adds --help and --version only when it builds; build first so
    // that they are there to be translated.
    let mut command = command;
    command.build();
    let mut command = german_args(command)
        .about("FIDE-Schiedsrichterwerkzeug: Partieformulare (PGN) prüfen, entscheiden, auswerten")
        .long_about(
            "FIDE-Schiedsrichterwerkzeug: Partieformulare (PGN) prüfen, entscheiden, auswerten.\n\n\
             Jede Partie der Eingabe erhält eine Zeile; jeder Befund nennt den Artikel der\n\
             FIDE-Regeln, auf dem er beruht.\n\n\
             Exit-Codes: 0 keine Partie hat einen Befund ab --fail-on; 1 eine hat einen;\n\
             2 Aufruf- oder Ein-/Ausgabefehler.",
        );
    command = command.mut_subcommand("help", |sub| {
        sub.about("Diese Hilfe oder die Hilfe der genannten Befehle anzeigen")
    });
    for (name, about, examples) in COMMANDS {
        command = command.mut_subcommand(name, |sub| {
            german_args(sub)
                .about(about)
                .long_about(None::<&str>)
                .after_help(examples)
        });
    }
    command
}

/// clap's own error message (an unknown option, a bad value, a missing
/// argument) in German: its fixed phrases replaced; names, values and the
/// usage line (already German) stay.
pub fn german_error(english: &str) -> String {
    const PHRASES: [(&str, &str); 26] = [
        ("error: ", "Fehler: "),
        ("unexpected argument '", "unerwartetes Argument '"),
        ("' found", "'"),
        ("invalid value '", "ungültiger Wert '"),
        ("' for '", "' für '"),
        ("[possible values: ", "[mögliche Werte: "),
        (
            "the following required arguments were not provided:",
            "diese nötigen Argumente fehlen:",
        ),
        ("a value is required for '", "ein Wert fehlt für '"),
        ("but none was supplied", "aber keiner wurde angegeben"),
        ("unrecognized subcommand '", "unbekannter Befehl '"),
        (
            "tip: a similar argument exists: '",
            "Tipp: ein ähnliches Argument gibt es: '",
        ),
        (
            "tip: a similar subcommand exists: '",
            "Tipp: einen ähnlichen Befehl gibt es: '",
        ),
        (
            "tip: some similar subcommands exist: ",
            "Tipp: ähnliche Befehle gibt es: ",
        ),
        (
            "tip: some similar arguments exist: ",
            "Tipp: ähnliche Argumente gibt es: ",
        ),
        ("tip: to pass '", "Tipp: um '"),
        ("' as a value, use '", "' als Wert zu übergeben: '"),
        ("tip: ", "Tipp: "),
        (
            "' cannot be used multiple times",
            "' darf nur einmal vorkommen",
        ),
        ("the argument '", "das Argument '"),
        ("' cannot be used with", "' verträgt sich nicht mit"),
        (
            "requires a subcommand but one was not provided",
            "braucht einen Befehl, aber keiner wurde angegeben",
        ),
        ("[subcommands: ", "[Befehle: "),
        ("invalid digit found in string", "ungültige Ziffer"),
        ("Usage: ", "Aufruf: "),
        (
            "For more information, try '--help'.",
            "Mehr dazu mit '--help'.",
        ),
        ("number too large to fit in target type", "Zahl zu groß"),
    ];
    PHRASES
        .iter()
        .fold(english.to_string(), |text, (en, de)| text.replace(en, de))
}

/// Whether the command line asks for German (`--lang de`, `--lang=de`),
/// looked at before clap parses it, so that its help can be German too.
pub fn asks_for_german(args: &[std::ffi::OsString]) -> bool {
    let mut previous_was_lang = false;
    for arg in args {
        let Some(arg) = arg.to_str() else {
            previous_was_lang = false;
            continue;
        };
        if (previous_was_lang && arg == "de") || arg == "--lang=de" {
            return true;
        }
        previous_was_lang = arg == "--lang";
    }
    false
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::cli::Cli;

    #[test]
    fn every_option_has_german_help() {
        let command = german(Cli::command());
        let mut missing = Vec::new();
        let mut check = |cmd: &Command| {
            for arg in cmd.get_arguments() {
                let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                if !ARGS.iter().any(|(_, german)| help.starts_with(german)) {
                    missing.push(format!("{} --{}", cmd.get_name(), arg.get_id()));
                }
            }
        };
        check(&command);
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            check(sub);
        }
        assert!(missing.is_empty(), "no German help for {missing:?}");
    }

    #[test]
    fn every_value_name_and_usage_line_is_german() {
        let english = Cli::command();
        let mut missing = Vec::new();
        let mut check = |cmd: &Command| {
            for arg in cmd
                .get_arguments()
                .filter(|a| a.get_action().takes_values())
            {
                if german_value_name(&value_name(arg)).is_none() {
                    missing.push(format!("{} {}", cmd.get_name(), value_name(arg)));
                }
            }
        };
        check(&english);
        for sub in english.get_subcommands() {
            check(sub);
        }
        assert!(missing.is_empty(), "no German value name for {missing:?}");

        let mut german = german(Cli::command());
        for name in [
            "validate",
            "audit",
            "adjudicate",
            "can-mate",
            "completions",
            "manpage",
        ] {
            let sub = german.find_subcommand_mut(name).expect("subcommand");
            let help = sub.render_help().to_string();
            assert!(help.contains("Aufruf: "), "{name}: {help}");
            assert!(!help.contains("[OPTIONS]"), "{name}: {help}");
            assert!(!help.contains("Usage"), "{name}: {help}");
            assert!(!help.contains("[Vorgabe: false]"), "{name}: {help}");
            assert!(
                !help.contains("<FILE>") && !help.contains("<PATH>"),
                "{name}: {help}"
            );
        }
    }

    #[test]
    fn clap_errors_in_german() {
        let err = german(Cli::command())
            .try_get_matches_from(["arbiter", "--lang", "de", "validate", "--bogus", "x.pgn"])
            .expect_err("unknown option");
        let text = german_error(&err.render().to_string());
        assert!(
            text.starts_with("Fehler: unerwartetes Argument '--bogus'"),
            "{text}"
        );
        assert!(
            text.contains("Aufruf: arbiter validate [OPTIONEN]"),
            "{text}"
        );
        assert!(text.contains("Mehr dazu mit '--help'."), "{text}");
    }

    #[test]
    fn german_is_asked_for_either_way() {
        let args = |s: &[&str]| s.iter().map(std::ffi::OsString::from).collect::<Vec<_>>();
        assert!(asks_for_german(&args(&[
            "arbiter", "--lang", "de", "audit"
        ])));
        assert!(asks_for_german(&args(&[
            "arbiter",
            "audit",
            "--lang=de",
            "x.pgn"
        ])));
        assert!(!asks_for_german(&args(&["arbiter", "audit", "de"])));
        assert!(!asks_for_german(&args(&["arbiter", "--lang", "en"])));
    }
}
