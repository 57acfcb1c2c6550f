//! Each finding's German sentence, from the same facts as the English one:
//! every move, ply, number of seconds, clock reading and verdict that the
//! English sentence names is named here too (a test checks it on every
//! fixture).

use audit::{
    Finding, GameReport, Kind,
    facts::{
        Act, BothFlags, CheckState, ClaimFacts, ClockProblem, Doubt, EventProblem, Facts,
        FlagEvidence, Free, IllegalActFacts, MismatchCause, MissingFacts, MoveFacts, MoveProblem,
        NearMiss, NumberFacts, Obligation, Occurrence, Passed, PieceAt, Repair, SetupProblem,
        TagProblem, TrfFacts, TrfPlayer, Unmatched, Unreadable, WrittenDuty,
    },
    tournament::trf::{Code, EntryProblem, LineProblem, TrfField},
};
use laws::{
    EndingKind, GameClass, GameResult, Grounds, MoveError, MoveLabel, MoveText,
    mating::{Unwinnability, Verdict, Winning},
    repair::Edit,
    repetition::Difference,
    time_control::Ambiguity,
};
use scoresheet::{ClaimKind, EventError, Mark, NonStandardForm, NotationError, SyntaxProblem};
use shakmaty::{CastlingSide, Color, Role, san::SanPlus};

use crate::i18n::format_clock;

/// Piece letters K D T L S for K Q R B N; SAN writes pieces, and only
/// pieces, in upper case (the `O` of castling aside).
pub fn san(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'Q' => 'D',
            'R' => 'T',
            'B' => 'L',
            'N' => 'S',
            other => other,
        })
        .collect()
}

fn sans(moves: &[SanPlus], with: &str) -> String {
    moves
        .iter()
        .map(|m| san(&m.to_string()))
        .collect::<Vec<_>>()
        .join(with)
}

/// "17. Sf1", "17...Lc8": German letters for moves found on the board, the
/// token as written where it names no legal move.
pub fn label(l: &MoveLabel) -> String {
    let text = match &l.text {
        MoveText::San(s) => san(&s.to_string()),
        MoveText::Written(token) => token.clone(),
    };
    match l.side {
        Color::White => format!("{}. {text}", l.number),
        Color::Black => format!("{}...{text}", l.number),
    }
}

pub(super) fn color(c: Color) -> &'static str {
    match c {
        Color::White => "Weiß",
        Color::Black => "Schwarz",
    }
}

/// "der 3. Zug von Weiß".
fn slot(number: u32, side: Color) -> String {
    format!("der {number}. Zug von {}", color(side))
}

fn who(f: &Finding) -> Color {
    match (f.player, &f.position) {
        (Some(p), _) => p.color(),
        (None, Some(pos)) => pos.turn,
        (None, None) => Color::White,
    }
}

fn mv(f: &Finding) -> String {
    match (&f.move_number, f.ply) {
        (Some(l), _) => label(l),
        (None, Some(ply)) => format!("Halbzug {ply}"),
        (None, None) => f.token.clone().unwrap_or_default(),
    }
}

/// "nach 40...Kg7", or "in der Ausgangsstellung".
fn after(f: &Finding) -> String {
    match &f.move_number {
        Some(l) => format!("nach {}", label(l)),
        None => "in der Ausgangsstellung".to_string(),
    }
}

fn plies(list: &[usize]) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "nach 2...Sf6, 4...Sf6 (Halbzüge 4, 8)", or "in der Ausgangsstellung und nach …".
fn occurrences(list: &[Occurrence]) -> String {
    let (named, count) = occurrence_parts(list);
    format!("{named} ({count})")
}

/// The positions by move ("in der Ausgangsstellung und nach 2...Sf6"), and
/// their plies ("Halbzüge 0, 4").
fn occurrence_parts(list: &[Occurrence]) -> (String, String) {
    let start = list.first().is_some_and(|o| o.ply == 0 && o.mv.is_none());
    let moves: Vec<String> = list
        .iter()
        .skip(usize::from(start))
        .map(|o| match &o.mv {
            Some(l) => label(l),
            None => format!("Halbzug {}", o.ply),
        })
        .collect();
    let named = match (start, moves.is_empty()) {
        (true, true) => "in der Ausgangsstellung".to_string(),
        (true, false) => format!("in der Ausgangsstellung und nach {}", moves.join(", ")),
        (false, _) => format!("nach {}", moves.join(", ")),
    };
    let count: Vec<usize> = list.iter().map(|o| o.ply).collect();
    let count = match count.as_slice() {
        [one] => format!("Halbzug {one}"),
        _ => format!("Halbzüge {}", plies(&count)),
    };
    (named, count)
}

/// What a near-miss had that the repeated position has not.
pub fn difference(d: &Difference, then: Color) -> String {
    match d {
        Difference::SideToMove => format!("{} war am Zug", color(then)),
        Difference::CastlingRight { color: c, side } => format!(
            "{} hatte noch das Recht zur {} Rochade",
            color(*c),
            match side {
                CastlingSide::KingSide => "kurzen",
                CastlingSide::QueenSide => "langen",
            }
        ),
        Difference::EnPassant { square } => {
            format!("Schlagen en passant auf {square} war möglich")
        }
    }
}

/// "; dieselbe Figurenstellung zählt nicht als dieselbe Stellung (Art. 9.2.3):
/// in der Ausgangsstellung (Halbzug 0) hatte Weiß …", or nothing.
fn near_misses(list: &[NearMiss]) -> String {
    if list.is_empty() {
        return String::new();
    }
    let each: Vec<String> = list
        .iter()
        .map(|n| {
            let at = match &n.mv {
                Some(l) => format!("nach {} (Halbzug {})", label(l), n.ply),
                None if n.ply == 0 => "in der Ausgangsstellung (Halbzug 0)".to_string(),
                None => format!("nach Halbzug {}", n.ply),
            };
            let why: Vec<String> = n
                .differences
                .iter()
                .map(|d| difference(d, n.position.turn))
                .collect();
            format!(
                "{at} standen dieselben Figuren auf denselben Feldern, doch das ist nicht dieselbe Stellung (Art. 9.2.3): {}",
                why.join(" und ")
            )
        })
        .collect();
    format!("; {}", each.join("; "))
}

/// ", A.3" after a penalty of one minute, or nothing.
fn also(f: &Finding) -> String {
    f.also.iter().map(|a| format!(", {a}")).collect()
}

/// "zwei Minuten", "eine Minute", or seconds where they are no whole minute.
pub fn duration(seconds: u32) -> String {
    match seconds {
        60 => "eine Minute".to_string(),
        120 => "zwei Minuten".to_string(),
        180 => "drei Minuten".to_string(),
        s if s % 60 == 0 => format!("{} Minuten", s / 60),
        s => format!("{s} Sekunden"),
    }
}

fn result(r: GameResult) -> &'static str {
    match r {
        GameResult::WhiteWins => "1-0",
        GameResult::BlackWins => "0-1",
        GameResult::Draw => "½-½",
        GameResult::Undecided => "*",
    }
}

fn class(c: GameClass) -> &'static str {
    match c {
        GameClass::Standard => "Turnierschach",
        GameClass::Rapid => "Schnellschach",
        GameClass::Blitz => "Blitzschach",
    }
}

fn syntax(problem: SyntaxProblem) -> &'static str {
    match problem {
        SyntaxProblem::MalformedTag => "eine Kopfzeile, die kein [Name \"Wert\"]-Paar ist",
        SyntaxProblem::UnterminatedComment => "ein mit { geöffneter Kommentar wird nie geschlossen",
        SyntaxProblem::UnterminatedVariation => {
            "eine mit ( geöffnete Variante wird nie geschlossen"
        }
        SyntaxProblem::UnmatchedParenthesis => "eine ) ohne passende (",
        SyntaxProblem::StrayCharacter => {
            "ein verirrtes Zeichen (etwa } ] oder ein Steuerzeichen) in der Zugfolge"
        }
        SyntaxProblem::TagInMovetext => "eine Kopfzeile mitten in der Zugfolge",
        SyntaxProblem::TextAfterResult => "Zugtext nach dem Ergebnis",
        SyntaxProblem::Truncated => {
            "die Partie ist länger als die Lesegrenze und wurde abgeschnitten"
        }
    }
}

fn notation(error: NotationError) -> &'static str {
    match error {
        NotationError::Unknown => "in keiner bekannten Notation ein Zug",
        NotationError::Drop => "ein Einsetzen einer Figur, kein Schachzug",
        NotationError::LoneLetter => {
            "ein einzelner Buchstabe, der eine von ihrem Feld getrennte Figur oder ein Neuerungs- (N) oder Diagrammzeichen (D) sein kann; das Programm rät nicht: den Zug in einem Wort schreiben, das Zeichen nach einem Zug"
        }
    }
}

fn event_error(error: &EventError) -> String {
    match error {
        EventError::UnknownClaim(other) => {
            format!("unbekannte Reklamation „{other}“ (threefold oder fifty)")
        }
        EventError::ClaimWithoutKind => {
            "eine Reklamation muss threefold oder fifty nennen".to_string()
        }
        EventError::ClaimTooManyMoves => {
            "eine Reklamation nennt höchstens einen aufgeschriebenen Zug".to_string()
        }
        EventError::TouchWithoutSquare => {
            "ein Berühren muss mindestens ein Feld nennen".to_string()
        }
        EventError::AdjustNotOneSquare => "ein Zurechtrücken nennt genau ein Feld".to_string(),
        EventError::IllegalNotOneAct => {
            "ein regelwidriger Zug nennt einen Zug, two-hands oder no-move".to_string()
        }
        EventError::FlagBadColour => {
            "ein Blättchenfall nennt white, black oder niemanden".to_string()
        }
        EventError::NotAPromotionPiece(other) => {
            format!("„{other}“ ist keine Umwandlungsfigur (D, T, L, S)")
        }
        EventError::PromoteNotOnePiece => {
            "eine Umwandlung nennt eine Figur: D, T, L oder S".to_string()
        }
        EventError::ComplaintWithArguments => "eine Beschwerde hat keine Argumente".to_string(),
        EventError::NotASquare(s) => format!("„{s}“ ist kein Feld"),
        EventError::UnknownEvent(other) => format!("unbekanntes Ereignis %{other}"),
        EventError::OfferBadColour => {
            "ein Remisangebot, seine Annahme oder Ablehnung nennt white, black oder niemanden"
                .to_string()
        }
    }
}

pub fn unwinnable(why: &Unwinnability) -> String {
    match why {
        Unwinnability::GameOver => "die Partie ist auf dem Brett bereits beendet".to_string(),
        Unwinnability::Material => "das Material reicht nicht zum Mattsetzen".to_string(),
        Unwinnability::ForcedLine { line } => format!(
            "jeder Zug ist erzwungen ({}), und die Folge endet in einer Stellung ohne Mattmöglichkeit",
            sans(line, " ")
        ),
        Unwinnability::BlockedStructure => {
            "die Stellung ist blockiert: die Figuren können den König nie erreichen".to_string()
        }
        Unwinnability::ExhaustedSearch => {
            "die Suche über alle Folgen regelgemäßer Züge findet kein Matt".to_string()
        }
    }
}

fn role(r: Option<Role>) -> &'static str {
    match r {
        Some(Role::Pawn) => "ein Bauer",
        Some(Role::Knight) => "ein Springer",
        Some(Role::Bishop) => "ein Läufer",
        Some(Role::Rook) => "ein Turm",
        Some(Role::Queen) => "eine Dame",
        Some(Role::King) => "ein König",
        None => "keine Figur",
    }
}

/// A mating line from the finding's position, numbered from the game's
/// move numbers (`61...Ka8 62. Kc8 h6 63. Sc7#`), in full.
pub fn line(f: &Finding, moves: &[SanPlus]) -> String {
    let (number, turn) = f
        .position
        .as_ref()
        .map_or((1, Color::White), |p| (p.fullmoves.get(), p.turn));
    crate::i18n::numbered(number, turn, moves, label, san)
}

/// Whether `opponent` can still checkmate, from the verdict itself.
fn chances(f: &Finding, verdict: &Verdict, opponent: Color) -> String {
    let opp = color(opponent);
    match verdict {
        Verdict::Unwinnable(reason) => format!(
            "{opp} kann mit keiner Folge regelgemäßer Züge mattsetzen: {}",
            unwinnable(reason)
        ),
        Verdict::Winnable(Winning::Mate) => {
            format!("{opp} kann noch mattsetzen (die Stellung ist matt)")
        }
        Verdict::Winnable(Winning::Material) => {
            format!("{opp} kann noch mattsetzen (schon nach dem Material: Dame oder Turm)")
        }
        Verdict::Winnable(Winning::Line(moves)) => {
            format!("{opp} kann noch mattsetzen (etwa {})", line(f, moves))
        }
        Verdict::Undetermined => format!("ob {opp} noch mattsetzen kann, ist nicht entscheidbar"),
    }
}

pub fn sentence(_report: &GameReport, f: &Finding) -> String {
    let me = color(who(f));
    let art = f.article.map_or("-", |a| a.as_str());
    match &f.facts {
        Facts::None => plain(f),
        Facts::Unreadable(why) => match why {
            Unreadable::Variant(v) => format!(
                "Die Partie wird nach der Variante „{v}“ gespielt, die kein Schach nach den FIDE-Regeln ist."
            ),
            Unreadable::NoTagsNoMoves => "Die Partie hat weder Kopfzeilen noch Züge.".to_string(),
            Unreadable::NothingReadsAsGame => {
                "Nichts in diesem Text lässt sich als Partie lesen: keine Kopfzeile, kein Zug."
                    .to_string()
            }
            Unreadable::InternalError => "Das Programm ist an dieser Partie gescheitert (ein interner Fehler, auf der Standardfehlerausgabe gemeldet; bitte senden Sie uns die Partie): keine Entscheidung.".to_string(),
        },
        Facts::Syntax { problem, count } if *count > 1 => format!(
            "Fehler in der PGN-Syntax, {count}-mal hintereinander: {}; die Züge bleiben lesbar.",
            syntax(*problem)
        ),
        Facts::Syntax { problem, .. } => format!(
            "Fehler in der PGN-Syntax: {}; die Züge bleiben lesbar.",
            syntax(*problem)
        ),
        Facts::MoreSyntax { count } => format!(
            "{count} weitere Fehler in der PGN-Syntax ab hier werden nicht einzeln aufgeführt."
        ),
        Facts::MissingTags(tags) => format!(
            "Es fehlen Kopfzeilen der Sieben-Kopfzeilen-Regel (Seven Tag Roster): {}.",
            tags.join(", ")
        ),
        Facts::Tag(problem) => tag(problem),
        Facts::NonStandard {
            form,
            written,
            count,
            standard,
        } => non_standard(*form, written, *count, standard.as_deref()),
        Facts::Offer { refused_before, .. } => {
            let by = color(who(f));
            let when = after(f);
            match refused_before {
                Some(ply) if f.kind == Kind::RepeatedDrawOffer => format!(
                    "{by} bietet {when} erneut Remis an, obwohl {} das Remisangebot von {by} nach Halbzug {ply} abgelehnt hatte: wiederholte Remisangebote können den Gegner stören oder belästigen (Art. 11.5); darüber entscheidet der Schiedsrichter.",
                    color(!who(f))
                ),
                _ => format!("{by} bietet {when} Remis an."),
            }
        }
        Facts::TooEarly {
            no_draw_before,
            move_number,
        } => format!(
            "Remis durch Vereinbarung im {move_number}. Zug, bevor beide Spieler {no_draw_before} Züge ausgeführt hatten, was die Turnierordnung untersagt (Art. 9.1.1); die Vereinbarung beendet die Partie dennoch."
        ),
        Facts::ForfeitResult {
            winner,
            written,
            in_tag,
        } => format!(
            "Das Ergebnis „{written}“ {} ist kampflos: {} gewinnt kampflos, ohne dass auf dem Brett gespielt wurde – kein Sieg am Brett; notiertes Ergebnis {}.",
            if *in_tag {
                "in der Result-Kopfzeile"
            } else {
                "am Ende der Züge"
            },
            color(*winner),
            result(GameResult::win_for(*winner))
        ),
        Facts::Setup(problem) => match problem {
            SetupProblem::SetUpWithoutFen => {
                "SetUp \"1\" kündigt eine aufgebaute Stellung an, aber es gibt keine FEN-Kopfzeile."
                    .to_string()
            }
            SetupProblem::Chess960WithoutFen => {
                "Eine Chess960-Partie braucht eine FEN-Kopfzeile mit ihrer Ausgangsstellung."
                    .to_string()
            }
            SetupProblem::UnreadableFen { fen, .. } => {
                format!("Die FEN „{fen}“ ist nicht lesbar.")
            }
            SetupProblem::IllegalFen { fen, .. } => {
                format!("Die FEN „{fen}“ ist keine regelgemäße Stellung (Art. {art}).")
            }
        },
        Facts::Move(m) => move_sentence(f, m),
        Facts::MoveNumber(n) => number_sentence(n),
        Facts::MissingMove(m) => missing_sentence(m),
        Facts::ResultSignal { token } => format!(
            "Das abschließende „{token}“ stellt beide Könige auf die Zentrumsfelder: das Ergebnissignal eines elektronischen Bretts, kein Zug der Partie."
        ),
        Facts::WrongMark { written, actual } => {
            let written = match written {
                Mark::Check => "mit Schachzeichen",
                Mark::Mate => "mit Mattzeichen",
            };
            let actual = match actual {
                CheckState::Mate => "er setzt matt",
                CheckState::Check => "er bietet Schach, setzt aber nicht matt",
                CheckState::NoCheck => "er bietet kein Schach",
            };
            format!("{} ist {written} notiert, aber {actual}.", mv(f))
        }
        Facts::WrongCaptureMark => format!(
            "{} ist mit Schlagzeichen notiert („{}“), schlägt aber nichts.",
            mv(f),
            f.token.as_deref().unwrap_or_default()
        ),
        Facts::Touch(t) => {
            let touched = if t.touched.is_empty() {
                "eine Figur".to_string()
            } else {
                let squares: Vec<String> = t.touched.iter().map(ToString::to_string).collect();
                let noun = if squares.len() == 1 { "die Figur" } else { "die Figuren" };
                format!("{noun} auf {}", squares.join(", "))
            };
            let legal = if t.allowed.is_empty() {
                ", danach war jeder regelgemäße Zug erlaubt".to_string()
            } else {
                format!("; regelgemäß war {}", sans(&t.allowed, " oder "))
            };
            format!(
                "{} verletzt die Regel „berührt – geführt“ (Art. {art}): {me} hatte {touched} berührt und {}{legal}.",
                mv(f),
                obligation(&t.obligation)
            )
        }
        Facts::Ending(kind) => ending(f, kind),
        Facts::Fivefold(rep) => {
            let (named, count) = occurrence_parts(&rep.occurrences);
            format!(
                "Dieselbe Stellung ist {} zum fünften Mal entstanden ({named}; {count}){}: die Partie ist remis.",
                after(f),
                near_misses(&rep.near_misses)
            )
        }
        Facts::ResultMismatch {
            recorded,
            ruled,
            cause,
        } => {
            let why = match cause {
                MismatchCause::Ending { kind, at } => ending_phrase(kind, at),
                MismatchCause::CannotMate { winner: Some(w) } => format!(
                    "{} konnte mit keiner Folge regelgemäßer Züge mattsetzen",
                    color(*w)
                ),
                MismatchCause::CannotMate { winner: None } => {
                    "nichts auf dem Brett entscheidet es".to_string()
                }
            };
            format!(
                "Das notierte Ergebnis {} widerspricht dem Brett: {why} (Art. {art}); das Ergebnis laut Entscheidung lautet {}.",
                result(*recorded),
                result(*ruled)
            )
        }
        Facts::Claim(claim) => claim_sentence(f, claim),
        Facts::WrittenMoveNotPlayed(duty) => {
            let duty = match duty {
                WrittenDuty::Move(m) => format!("den aufgeschriebenen Zug {}", san(&m.to_string())),
                WrittenDuty::SamePiece(token) => {
                    format!("einen Zug mit der Figur des aufgeschriebenen Zuges „{token}“")
                }
            };
            format!(
                "Nach der unberechtigten Reklamation musste {me} {duty} ausführen (Art. 9.5.3, Art. 4), spielte aber {}.",
                mv(f)
            )
        }
        Facts::Event { text, problem } => {
            let why = match problem {
                EventProblem::Unreadable(e) => event_error(e),
                EventProblem::GameOver { at } => {
                    format!("die Partie war bereits {} beendet", position(at))
                }
                EventProblem::NoPieceToTouch(sq) => {
                    format!("auf {sq} steht keine Figur, die berührt werden könnte")
                }
                EventProblem::NoPieceToAdjust(sq) => {
                    format!("auf {sq} steht keine Figur, die zurechtgerückt werden könnte")
                }
                EventProblem::NoBreach => {
                    "der letzte Zug des Gegners verletzte keine Pflicht aus Artikel 4".to_string()
                }
                EventProblem::MoveUnreadable { token, error } => {
                    format!("„{token}“ ist {}", notation(*error))
                }
                EventProblem::MoveIsLegal(t) => {
                    format!("{t} ist in dieser Stellung ein regelgemäßer Zug")
                }
                EventProblem::MoveIsAmbiguous(t) => {
                    format!("{t} passt auf mehr als einen regelgemäßen Zug")
                }
                EventProblem::NoOffer => {
                    "es steht kein Remisangebot und keine Reklamation, die beantwortet werden könnte"
                        .to_string()
                }
                EventProblem::OwnOffer => {
                    "der genannte Spieler hat das stehende Remisangebot selbst gemacht".to_string()
                }
                EventProblem::BeforeBothMoved => {
                    "eine Vereinbarung, bevor beide Spieler einen Zug ausgeführt haben, ist kein Remis (Art. 5.2.3)"
                        .to_string()
                }
            };
            format!("Das Ereignis {text} kann hier nicht angewandt werden: {why}.")
        }
        Facts::ClaimMoveUnreadable { token, error } => format!(
            "Der mit der Reklamation aufgeschriebene Zug „{token}“ ist {}.",
            notation(*error)
        ),
        Facts::CommandLineClaimMismatch { named, recorded } => format!(
            "Die Reklamation soll auf {} folgen, aber das Partieformular hat dort {}.",
            san(named),
            label(recorded)
        ),
        Facts::IllegalAct(act) => illegal_act(f, act),
        Facts::Flag(flag) => {
            let how = match flag.evidence {
                FlagEvidence::Event => "notierter Blättchenfall",
                FlagEvidence::TerminationTag => "Termination-Kopfzeile",
                FlagEvidence::ZeroClock => "Uhrzeit null",
            };
            let outcome = if flag.verdict.is_unwinnable() {
                "ist die Partie remis".to_string()
            } else if flag.verdict == Verdict::Undetermined {
                format!("verliert {me} auf Zeit, sofern der Schiedsrichter nichts anderes feststellt")
            } else {
                format!("verliert {me} auf Zeit")
            };
            format!(
                "Zeitüberschreitung: das Blättchen von {me} ist gefallen ({how}); {}, also {outcome} (Art. {art}).",
                chances(f, &flag.verdict, !who(f))
            )
        }
        Facts::BothFlags(both) => match both {
            BothFlags::LastPeriod => ending(f, &EndingKind::BothFlags),
            BothFlags::EarlierPeriod { number } => format!(
                "Beide Blättchen sind während des {number}. Zuges gefallen ({}), vor der letzten Periode, und es lässt sich nicht feststellen, welches zuerst fiel: es wird weitergespielt (Richtlinien III.3.1).",
                after(f)
            ),
            BothFlags::RecordedStands => format!(
                "Beide Blättchen sind gefallen ({}); mit Inkrement, im Blitzschach oder ohne bekannte Bedenkzeit gelten die Richtlinien III nicht, die Fallanzeige der Uhr entscheidet (Art. 6.9): das notierte Ergebnis bleibt bestehen.",
                after(f)
            ),
        },
        Facts::Clock(problem) => clock(me, f, problem),
        Facts::Duplicate { game, source } => format!(
            "Dieselben Züge zwischen denselben Spielern wie Partie {game} in {source}: die Partie wurde doppelt eingereicht."
        ),
        Facts::Tournament(t) => tournament(t),
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "Bauer",
        Role::Knight => "Springer",
        Role::Bishop => "Läufer",
        Role::Rook => "Turm",
        Role::Queen => "Dame",
        Role::King => "König",
    }
}

/// "den Springer auf g1" (accusative), "der Springer auf g1" (nominative).
fn piece(p: &PieceAt, accusative: bool) -> String {
    let article = match (p.role, accusative) {
        (Role::Queen, _) => "die",
        (_, true) => "den",
        (_, false) => "der",
    };
    // Weak nouns: den Bauern.
    let noun = match (p.role, accusative) {
        (Role::Pawn, true) => "Bauern",
        (role, _) => role_name(role),
    };
    format!("{article} {noun} auf {}", p.square)
}

/// "dem Turm auf f1", "der Dame auf d1", "dem Bauern auf e4".
fn piece_dative(p: &PieceAt) -> String {
    let (article, noun) = match p.role {
        Role::Queen => ("der", "Dame"),
        Role::Pawn => ("dem", "Bauern"),
        role => ("dem", role_name(role)),
    };
    format!("{article} {noun} auf {}", p.square)
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kurz",
        CastlingSide::QueenSide => "lang",
    }
}

fn promotion_piece(role: Role) -> String {
    match role {
        Role::Queen => "eine Dame".to_string(),
        Role::Knight => "einen Springer".to_string(),
        Role::Bishop => "einen Läufer".to_string(),
        Role::Rook => "einen Turm".to_string(),
        other => role_name(other).to_string(),
    }
}

fn passed(p: &Passed) -> String {
    match p {
        Passed::NoLegalMove(t) => format!("{} hatte keinen regelgemäßen Zug", piece(t, false)),
        Passed::CannotBeCaptured(t) => {
            format!("{} konnte nicht geschlagen werden", piece(t, false))
        }
        Passed::CouldNotCapture {
            own,
            enemy,
            it: true,
            ..
        } => {
            let pronoun = if own.role == Role::Queen { "sie" } else { "er" };
            format!("{pronoun} konnte {} nicht schlagen", piece(enemy, true))
        }
        Passed::CouldNotCapture {
            own,
            enemy,
            no_legal_move,
            ..
        } => format!(
            "{} konnte {} nicht schlagen{}",
            piece(own, false),
            piece(enemy, true),
            if *no_legal_move {
                " und hatte keinen regelgemäßen Zug"
            } else {
                ""
            }
        ),
    }
}

/// What Art. 4 required: "musste den Springer auf g1 ziehen".
fn obligation(o: &Obligation) -> String {
    let with_reasons = |head: String, reasons: &[Passed]| {
        if reasons.is_empty() {
            head
        } else {
            let reasons: Vec<String> = reasons.iter().map(passed).collect();
            format!("{head} ({})", reasons.join("; "))
        }
    };
    match o {
        Obligation::Free(why) => {
            let why = match why {
                Free::NothingTouched => "keine Figur war berührt".to_string(),
                Free::NoneCouldMove => "keine der berührten Figuren konnte ziehen".to_string(),
                Free::NoneCouldBeCaptured => {
                    "keine der berührten Figuren konnte geschlagen werden".to_string()
                }
                Free::KingStuck { side, king } => format!(
                    "die {}e Rochade war nicht regelgemäß, und der König auf {king} hatte keinen regelgemäßen Zug",
                    side_name(*side)
                ),
                Free::NoEnemyTouched => "keine gegnerische Figur war berührt".to_string(),
                Free::NoCaptureNoneMovable { own, enemy } => format!(
                    "{} konnte {} nicht schlagen, und keine der berührten Figuren konnte ziehen oder geschlagen werden",
                    piece(own, false),
                    piece(enemy, true)
                ),
                Free::CannotPromoteTo(role) => format!(
                    "die berührten Figuren konnten nicht in {} umwandeln",
                    promotion_piece(*role)
                ),
            };
            format!("durfte jeden regelgemäßen Zug ausführen ({why})")
        }
        Obligation::Castle(side) => format!("musste {} rochieren", side_name(*side)),
        Obligation::OtherKingMove { king, side } => format!(
            "musste einen anderen Zug mit dem König auf {king} ausführen (die {}e Rochade war nicht regelgemäß)",
            side_name(*side)
        ),
        Obligation::CaptureWith {
            target,
            with,
            moves,
        } => {
            let moves: Vec<String> = moves.iter().map(|m| san(&m.to_string())).collect();
            format!(
                "musste {} mit {} schlagen ({})",
                piece(target, true),
                piece_dative(with),
                moves.join(", ")
            )
        }
        Obligation::Move {
            piece: p,
            without_castling,
            passed: reasons,
        } => {
            let mut head = format!("musste {} ziehen", piece(p, true));
            for (side, rook) in without_castling {
                head.push_str(&format!(
                    ", ohne {} zu rochieren (der Turm auf {rook} war zuerst berührt)",
                    side_name(*side)
                ));
            }
            with_reasons(head, reasons)
        }
        Obligation::Capture {
            piece: p,
            passed: reasons,
        } => with_reasons(format!("musste {} schlagen", piece(p, true)), reasons),
        Obligation::Promoting { base, role } => format!(
            "{}, mit Umwandlung in {}",
            obligation(base),
            promotion_piece(*role)
        ),
        Obligation::AnyPromotingTo(role) => format!(
            "durfte jeden regelgemäßen Zug ausführen, eine Umwandlung aber nur in {}",
            promotion_piece(*role)
        ),
    }
}

fn plain(f: &Finding) -> String {
    let me = color(who(f));
    let art = f.article.map_or("-", |a| a.as_str());
    match f.kind {
        Kind::MissingResult => "Die Züge enden ohne Ergebnis (1-0, 0-1, ½-½ oder *).".to_string(),
        Kind::MovesAfterEnd => format!(
            "Die Partie war bereits beendet (Art. {art}); der Zug {} und alle folgenden sind ungültig.",
            mv(f)
        ),
        Kind::ComplaintTooLate => format!(
            "{me} beschwert sich über den letzten Zug des Gegners erst nach dem Berühren einer Figur und hat damit das Recht dazu verloren (Art. 4.8)."
        ),
        other => other.code().to_string(),
    }
}

fn non_standard(
    form: NonStandardForm,
    written: &str,
    count: u32,
    standard: Option<&str>,
) -> String {
    // Results the German way: ½-½.
    let read = match standard {
        Some("1/2-1/2") => "½-½",
        Some(other) => other,
        None => "?",
    };
    let mut s = match form {
        NonStandardForm::TextAnnotation if standard.is_none() => format!(
            "„{written}“ ist ein als Text geschriebenes Diagrammzeichen: als Kommentarzeichen behalten, nicht als Zug gelesen"
        ),
        NonStandardForm::TextAnnotation => format!(
            "„{written}“ ist ein als Text geschriebenes Kommentarzeichen, kein NAG: als solches gelesen ({read}), nicht als Zug"
        ),
        NonStandardForm::MoveNumberDots => format!(
            "„{written}“: die Punkte einer Zugnummer von Schwarz stehen getrennt von der Zahl oder ohne sie; als diese Zugnummer gelesen"
        ),
        NonStandardForm::ResultSpelling => format!(
            "Das Ergebnis „{written}“ ist nicht so geschrieben, wie der PGN-Standard es schreibt; gelesen als {read}"
        ),
        NonStandardForm::ResultAfterBlankLine => format!(
            "Das Ergebnis „{written}“ steht allein nach einer Leerzeile hinter dem letzten Zug; als Ergebnis dieser Partie gelesen, nicht als eigene Partie"
        ),
        NonStandardForm::MovetextAfterBlankLine => format!(
            "Die Züge gehen nach einer Leerzeile weiter (bei „{written}“); als eine Partie gelesen"
        ),
        NonStandardForm::GameOnSameLine => {
            "Die Partie beginnt in der Zeile, in der das Ergebnis der vorigen steht; als eigene Partie gelesen".to_string()
        }
        NonStandardForm::TimeControlInWords => format!(
            "TimeControl „{written}“ ist in Worten geschrieben, nicht in der Form des PGN-Standards; gelesen als {read} (Sekunden)"
        ),
    };
    if count > 1 {
        s.push_str(&format!(" (in dieser Partie {count} Mal)"));
    }
    s.push('.');
    s
}

fn tag(problem: &TagProblem) -> String {
    match problem {
        TagProblem::BadDate(v) => {
            format!("Date „{v}“ ist kein Datum der Form JJJJ.MM.TT (mit ?? für Unbekanntes).")
        }
        TagProblem::BadResult(v) => {
            format!("Result „{v}“ ist keines von 1-0, 0-1, 1/2-1/2, *.")
        }
        TagProblem::ResultDiffers { tag, movetext } => format!(
            "Die Result-Kopfzeile „{tag}“ weicht vom Ergebnis am Ende der Züge ab, {movetext}."
        ),
        TagProblem::BadTimeControl(v) => format!(
            "TimeControl „{v}“ ist keine Bedenkzeit in der Form des PGN-Standards (Sekunden: 5400, 300+3, 40/7200:3600, *180, ? oder -)."
        ),
        TagProblem::AmbiguousTimeControl {
            value,
            ambiguity,
            in_minutes,
            class: c,
        } => {
            let why = match ambiguity {
                Ambiguity::MinutesForSeconds => {
                    "die Grundzeit beträgt nur wenige Sekunden oder ist kurz neben dem Inkrement: vermutlich wurden Minuten statt Sekunden geschrieben"
                }
                Ambiguity::NoFinalPeriod => {
                    "die letzte Periode verlangt eine Zugzahl, und keine Periode folgt ihr; sie wird als sich wiederholend gelesen"
                }
            };
            let how = if *in_minutes {
                "in Minuten, wie die Uhrzeiten zeigen"
            } else {
                "wie geschrieben, in Sekunden"
            };
            format!(
                "TimeControl „{value}“ ist mehrdeutig: {why}; sie wird {how} gelesen ({}); --rules legt die Spielart fest.",
                class(*c)
            )
        }
    }
}

/// `3. Lb5`: a repaired move, numbered, in German letters (the German
/// view always writes them).
pub fn repair_move(r: &Repair) -> String {
    let san = san(&r.read_as.to_string());
    match r.side {
        Color::White => format!("{}. {san}", r.number),
        Color::Black => format!("{}... {san}", r.number),
    }
}

pub(super) fn edit_name(edit: Edit) -> &'static str {
    match edit {
        Edit::PieceLetter => "falscher Figurenbuchstabe",
        Edit::Square => "falsch geschriebenes Feld",
        Edit::MissingMove => "fehlender Zug",
        Edit::Swapped => "zwei Züge vertauscht",
        Edit::WrittenTwice => "ein Zug doppelt notiert",
        Edit::WrongColumn => "ein Zug in der falschen Spalte",
        Edit::Stood => "ein regelwidriger Zug, der bestehen blieb",
    }
}

/// "zum 24. Zug von Schwarz".
fn reaches(r: &Repair) -> String {
    format!("zum {}. Zug von {}", r.reaches.0, color(r.reaches.1))
}

fn candidates(list: &[Repair]) -> String {
    let moves: Vec<String> = list.iter().map(repair_move).collect();
    moves.join(", ")
}

/// The suggestion line of the text and HTML views.
pub fn repair_hint(f: &Finding) -> Option<String> {
    match &f.facts {
        Facts::Move(m) => {
            let r = m.repair.as_ref()?;
            let from = match m.side {
                Color::White => format!("{}. {}", m.number, m.token),
                Color::Black => format!("{}... {}", m.number, m.token),
            };
            Some(match r.edit {
                Edit::Stood => format!(
                    "{from} blieb bestehen, wie gespielt: damit lässt sich die Mitschrift bis {} nachspielen",
                    reaches(r)
                ),
                _ => format!(
                    "{from} → {}: damit lässt sich die Mitschrift bis {} nachspielen",
                    repair_move(r),
                    reaches(r)
                ),
            })
        }
        Facts::MissingMove(m) => {
            let r = m.repair.as_ref()?;
            Some(format!(
                "{} einfügen: damit lässt sich die Mitschrift bis {} nachspielen",
                repair_move(r),
                reaches(r)
            ))
        }
        Facts::MoveNumber(n) => {
            let r = n.repair.as_ref()?;
            Some(format!(
                "{}. {} → {}: in der falschen Spalte notiert",
                n.written,
                n.token,
                repair_move(r)
            ))
        }
        _ => None,
    }
}

fn number_sentence(n: &NumberFacts) -> String {
    let written = match n.written_side {
        Color::White => format!("{}.", n.written),
        Color::Black => format!("{}...", n.written),
    };
    let mut s = format!(
        "Die Zugnummer {written} steht vor „{}“, {}; die Züge lassen sich wie notiert nachspielen",
        n.token,
        slot(n.number, n.side)
    );
    if let Some(r) = &n.repair {
        s.push_str(&format!(
            ": es ist {}, in der Spalte des anderen Spielers notiert, und die Mitschrift lässt sich bis {} nachspielen",
            repair_move(r),
            reaches(r)
        ));
    }
    s.push('.');
    s
}

fn missing_sentence(m: &MissingFacts) -> String {
    let written = m
        .written
        .map(|w| format!(" (es folgt die Nummer {w})"))
        .unwrap_or_default();
    let slot = slot(m.number, m.side);
    let mut chars = slot.chars();
    let first: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let mut s = format!("{first}{} fehlt in der Mitschrift{written}", chars.as_str());
    if let Some(r) = &m.repair {
        s.push_str(&format!(
            "; mit {} eingefügt lässt sich die Mitschrift bis {} nachspielen",
            repair_move(r),
            reaches(r)
        ));
    } else if !m.repair_candidates.is_empty() {
        s.push_str(&format!(
            "; {} erklären die Mitschrift gleich gut, also wird keiner eingefügt und die Mitschrift nicht weiter geprüft",
            candidates(&m.repair_candidates)
        ));
    }
    s.push('.');
    s
}

fn move_sentence(f: &Finding, m: &MoveFacts) -> String {
    let slot = slot(m.number, m.side);
    let token = &m.token;
    let mut s = match &m.problem {
        MoveProblem::Unparseable(err) => format!("„{token}“, {slot}, ist {}", notation(*err)),
        MoveProblem::Ambiguous(moves) => format!(
            "„{token}“, {slot}, passt auf mehr als einen regelgemäßen Zug: {}",
            sans(moves, " oder ")
        ),
        MoveProblem::Null => {
            format!("„{token}“, {slot}, ist ein Nullzug, der im Nahschach kein Zug ist")
        }
        MoveProblem::PromotionMissing => format!(
            "„{token}“, {slot}, zieht einen Bauern auf die letzte Reihe, ohne die neue Figur zu nennen"
        ),
        MoveProblem::WrongPiece { found } => format!(
            "„{token}“, {slot}, nennt eine andere Figur als die auf ihrem Ausgangsfeld ({})",
            role(*found)
        ),
        MoveProblem::Illegal { in_check } => format!(
            "„{token}“, {slot}, ist in dieser Stellung regelwidrig{}",
            if *in_check {
                ", und der König steht im Schach"
            } else {
                ""
            }
        ),
    };
    if !f.suggestions.is_empty() && f.kind == Kind::IllegalMove {
        s.push_str(&format!(
            "; gemeint war vielleicht {}",
            sans(&f.suggestions, " oder ")
        ));
    }
    let unnoticed = f.article.is_some_and(|a| a.as_str() == "3.10.1");
    if m.stood && unnoticed {
        s.push_str(
            "; als gespielt gelesen hat ihn während der Partie niemand bemerkt, und die Mitschrift geht von der Stellung aus weiter, die er hinterließ",
        );
    } else if m.stood {
        s.push_str(
            "; im Schnell- und Blitzschach (Anhang A.5) hat ihn niemand vor dem nächsten Zug des Gegners beanstandet, also bleibt er bestehen und die Partie geht weiter (A.5.2)",
        );
    }
    if let Some(r) = &m.repair
        && r.edit != Edit::Stood
    {
        s.push_str(&format!(
            "; gelesen als {} ({}), lässt sich die Mitschrift bis {} nachspielen",
            repair_move(r),
            edit_name(r.edit),
            reaches(r)
        ));
    } else if let Some(r) = &m.repair {
        s.push_str(&format!(
            "; damit lässt sich die Mitschrift bis {} nachspielen",
            reaches(r)
        ));
    }
    if !m.repair_candidates.is_empty() {
        s.push_str(&format!(
            "; {} erklären die Mitschrift gleich gut, also wird keiner übernommen und die Mitschrift nicht weiter geprüft",
            candidates(&m.repair_candidates)
        ));
    }
    if m.gave_up {
        s.push_str("; die Partie hat zu viele Fehler: die Prüfung endet hier");
    }
    let mut chars = s.chars();
    let first: String = chars
        .next()
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    format!("{first}{}.", chars.as_str())
}

fn ending(f: &Finding, kind: &EndingKind) -> String {
    let after = after(f);
    match kind {
        EndingKind::Checkmate { winner } => format!(
            "{} ist {after} schachmatt: {} gewinnt.",
            color(!*winner),
            color(*winner)
        ),
        EndingKind::Stalemate => {
            format!("{} ist {after} patt: die Partie ist remis.", color(who(f)))
        }
        EndingKind::DeadPosition => format!(
            "Tote Stellung {after}: keine Seite kann mit irgendeiner Folge regelgemäßer Züge mattsetzen; die Partie ist remis."
        ),
        EndingKind::FivefoldRepetition { occurrences } => format!(
            "Dieselbe Stellung ist {after} zum fünften Mal entstanden (Halbzüge {}): die Partie ist remis.",
            plies(occurrences)
        ),
        EndingKind::SeventyFiveMoves { since } => format!(
            "{after} hat jeder Spieler 75 Züge ohne Schlagen und ohne Bauernzug ausgeführt (seit Halbzug {since}): die Partie ist remis."
        ),
        EndingKind::IllegalMoveForfeit { offender, .. } => format!(
            "Der zweite vollendete regelwidrige Zug von {} {after} beendet die Partie.",
            color(*offender)
        ),
        EndingKind::FlagFall { flagged, .. } => {
            format!(
                "Das Blättchen von {} ist {after} gefallen.",
                color(*flagged)
            )
        }
        EndingKind::IllegalPosition => format!(
            "Nach dem Zug, der auf einen stehengebliebenen regelwidrigen Zug folgte, steht noch immer eine regelwidrige Stellung auf dem Brett ({after}): die Partie ist remis (A.5.4)."
        ),
        EndingKind::BothFlags => format!(
            "Beide Blättchen sind in der letzten Periode gefallen ({after}), und es lässt sich nicht feststellen, welches zuerst fiel: die Partie ist remis (Richtlinien III.3.1)."
        ),
        EndingKind::ClaimUpheld { .. } => {
            format!("Eine berechtigte Remisreklamation {after}: die Partie ist remis.")
        }
        EndingKind::DrawAgreed {
            offered_by, offer, ..
        } => {
            let what = match offer {
                laws::offer::OfferKind::Offer => {
                    format!("das Remisangebot von {}", color(*offered_by))
                }
                laws::offer::OfferKind::Claim(kind) => format!(
                    "die Reklamation von {} {} als Remisangebot (Art. 9.1.2.3)",
                    color(*offered_by),
                    match kind {
                        ClaimKind::Threefold => "wegen dreimaliger Stellungswiederholung",
                        ClaimKind::Fifty => "nach der 50-Züge-Regel",
                    }
                ),
            };
            format!(
                "{} nimmt {after} {what} an: Remis durch Vereinbarung.",
                color(!*offered_by)
            )
        }
    }
}

/// Was die Partie beendete, und wo: „Weiß setzte nach 31.Dxf7# (Halbzug 61) matt“.
fn ending_phrase(kind: &EndingKind, at: &Occurrence) -> String {
    let at = position(at);
    match kind {
        EndingKind::Checkmate { winner } => {
            format!("{} setzte {at} matt", color(*winner))
        }
        EndingKind::Stalemate => format!("Patt {at}"),
        EndingKind::DeadPosition => format!("tote Stellung {at}"),
        EndingKind::FivefoldRepetition { .. } => {
            format!("fünfmalige Stellungswiederholung {at}")
        }
        EndingKind::SeventyFiveMoves { .. } => format!("75-Züge-Regel {at}"),
        EndingKind::ClaimUpheld { article, .. } => {
            format!("eine berechtigte Remisreklamation ({article}) {at}")
        }
        EndingKind::IllegalMoveForfeit { offender, .. } => {
            format!("der zweite regelwidrige Zug von {} {at}", color(*offender))
        }
        EndingKind::FlagFall { flagged, .. } => {
            format!("das Blättchen von {} fiel {at}", color(*flagged))
        }
        EndingKind::IllegalPosition => {
            format!("eine regelwidrige Stellung {at}")
        }
        EndingKind::BothFlags => format!("beide Blättchen fielen {at}"),
        EndingKind::DrawAgreed { .. } => format!("Remis durch Vereinbarung {at}"),
    }
}

/// Eine Stellung nach dem Zug, der sie erreichte, mit ihrem Halbzug für den
/// JSON-Leser: „nach 31.Dxf7# (Halbzug 61)“, „in der Ausgangsstellung“ oder
/// „nach Halbzug 61“.
fn position(at: &Occurrence) -> String {
    match &at.mv {
        Some(l) => format!("nach {} (Halbzug {})", label(l), at.ply),
        None if at.ply == 0 => "in der Ausgangsstellung".to_string(),
        None => format!("nach Halbzug {}", at.ply),
    }
}

fn claim_sentence(f: &Finding, claim: &ClaimFacts) -> String {
    let claimant = who(f);
    let me = color(claimant);
    let what = match claim.claim {
        ClaimKind::Threefold => "wegen dreimaliger Stellungswiederholung",
        ClaimKind::Fifty => "nach der 50-Züge-Regel",
    };
    let with_move = match &claim.written {
        Some(w) => {
            let named = match &w.legal {
                Some(_) => format!(" mit dem aufgeschriebenen Zug {}", label(&w.label)),
                None => format!(" mit dem aufgeschriebenen Zug „{}“", w.text),
            };
            match &w.legal {
                Some(m) if san(&m.to_string()) != w.text => {
                    format!("{named} („{}“ auf dem Partieformular)", w.text)
                }
                _ => named,
            }
        }
        None => String::new(),
    };
    let written = claim.written.is_some();
    let at = occurrences(&claim.occurrences);
    let facts = match &claim.grounds {
        Grounds::Repeated { .. } if !written => format!("die Stellung entstand {at}"),
        Grounds::Repeated { .. } => {
            format!("nach ihm entstünde die Stellung zum dritten Mal: {at}")
        }
        Grounds::NotRepeated { plies } => format!(
            "die Stellung {} nur {}: {at}",
            if written { "entstünde" } else { "entstand" },
            match plies.len() {
                1 => "einmal".to_string(),
                2 => "zweimal".to_string(),
                n => format!("{n}-mal"),
            },
        ),
        Grounds::Quiet { since, quiet } if !written => format!(
            "{quiet} Halbzüge ohne Schlagen und ohne Bauernzug seit {} vollenden 50 Züge jedes Spielers",
            quiet_since(&claim.occurrences, *since)
        ),
        Grounds::Quiet { since, .. } => format!(
            "der aufgeschriebene Zug, weder ein Schlagen noch ein Bauernzug, vollendete 50 Züge jedes Spielers ohne ein solches seit {}",
            quiet_since(&claim.occurrences, *since)
        ),
        Grounds::NotQuiet { since, quiet } => format!(
            "erst {quiet} Halbzüge ohne Schlagen und ohne Bauernzug (seit {}); 50 Züge jedes Spielers verlangen 100",
            quiet_since(&claim.occurrences, *since)
        ),
        Grounds::WrittenMoveResets { since, quiet } => format!(
            "der aufgeschriebene Zug ist ein Schlagen oder ein Bauernzug und beendet die Folge von {quiet} Halbzügen ohne solche seit {}",
            quiet_since(&claim.occurrences, *since)
        ),
        Grounds::WrittenMoveIllegal(MoveError::Ambiguous(_)) => {
            "der aufgeschriebene Zug ist mehrdeutig".to_string()
        }
        Grounds::WrittenMoveIllegal(_) => {
            "der aufgeschriebene Zug ist kein regelgemäßer Zug".to_string()
        }
        Grounds::Touched => format!(
            "{me} hatte eine Figur in Zugabsicht berührt und damit das Recht verloren, bei diesem Zug zu reklamieren (Art. 9.4)"
        ),
    };
    let facts = format!("{facts}{}", near_misses(&claim.near_misses));
    if f.kind == Kind::ClaimAvailable {
        let when = after(f);
        return format!(
            "{me} könnte {when} Remis {what}{with_move} reklamieren: {facts}; eine Reklamation ist nicht notiert."
        );
    }
    let verdict = if claim.upheld {
        "die Reklamation ist berechtigt, die Partie ist remis (9.5.2)".to_string()
    } else if claim.grounds == Grounds::Touched {
        "die Reklamation ist unzulässig, und die Berührung verpflichtet nach Art. 4".to_string()
    } else {
        let seconds = f.seconds_added.unwrap_or(0);
        let clock = clock_change(claim.clock_before, seconds, color(!claimant));
        let mut v = format!(
            "die Reklamation ist unberechtigt: {} erhält {} Zeitgutschrift (Art. 9.5.3{}){clock}, die Partie wird fortgesetzt",
            color(!claimant),
            duration(seconds),
            also(f)
        );
        if let Some(w) = &claim.written {
            v.push_str(if w.legal.is_some() {
                ", und der aufgeschriebene Zug muss nun ausgeführt werden (Art. 4)"
            } else {
                ", und ein anderer Zug mit derselben Figur muss ausgeführt werden (Art. 4)"
            });
        }
        v
    };
    let when = after(f);
    format!("{me} reklamiert {when} Remis {what}{with_move}: {facts}; {verdict}.")
}

/// " (Uhr von Schwarz: 0:10:00 → 0:12:00)".
fn clock_change(before: Option<f64>, seconds: u32, to: &str) -> String {
    before
        .map(|before| {
            format!(
                " (Uhr von {to}: {} → {})",
                format_clock(before),
                format_clock(before + f64::from(seconds))
            )
        })
        .unwrap_or_default()
}

fn illegal_act(f: &Finding, a: &IllegalActFacts) -> String {
    let offender = who(f);
    let (me, opp) = (color(offender), color(!offender));
    let what = match &a.act {
        Act::TwoHands => "einen Zug mit zwei Händen ausgeführt (7.5.4)".to_string(),
        Act::NoMove => "die Uhr gedrückt, ohne einen Zug auszuführen (7.5.3)".to_string(),
        Act::PromotionMissing(token) => format!(
            "{} vollendet, ohne eine neue Figur auf das Umwandlungsfeld zu stellen (7.5.2)",
            san(token)
        ),
        Act::Move(token) => format!("den regelwidrigen Zug {} vollendet", san(token)),
    };
    match &a.verdict {
        None => {
            let seconds = f.seconds_added.unwrap_or(0);
            format!(
                "{me} hat {what}; die Stellung vor dem Regelverstoß wird wiederhergestellt und {opp} erhält {} Zeitgutschrift ({}){} (Art. 7.5.5{}).",
                duration(seconds),
                class(a.class),
                clock_change(a.clock_before, seconds, opp),
                also(f)
            )
        }
        Some(verdict) => {
            let outcome = if verdict.is_unwinnable() {
                "ist die Partie remis".to_string()
            } else if *verdict == Verdict::Undetermined {
                format!(
                    "verliert {me} die Partie, sofern der Schiedsrichter nichts anderes feststellt"
                )
            } else {
                format!("verliert {me} die Partie")
            };
            format!(
                "{me} hat zum zweiten Mal einen regelwidrigen Zug vollendet: {what}; {}, also {outcome} (Art. 7.5.5).",
                chances(f, verdict, !offender)
            )
        }
    }
}

fn clock(me: &str, f: &Finding, problem: &ClockProblem) -> String {
    let at = after(f);
    match problem {
        ClockProblem::AboveAllowed {
            clock,
            number,
            time_control,
            most,
        } => format!(
            "Die Uhr von {me} zeigt nach dem {number}. Zug ({at}) {}, mehr als die Bedenkzeit {time_control} bis dahin gibt ({}) (Art. 6.3.1).",
            format_clock(*clock),
            format_clock(*most)
        ),
        ClockProblem::FirstWithoutPeriod {
            clock,
            number,
            period,
        } => format!(
            "Die Uhr von {me} zeigt nach dem {number}. Zug ({at}) {}, obwohl dieser Zug eine Periode abschloss und die {} der nächsten Periode fällig waren (Art. 6.3.1).",
            format_clock(*clock),
            format_clock(*period)
        ),
        ClockProblem::Gained {
            gained,
            since_ply,
            from,
            to,
            time_control,
            allowed,
        } => format!(
            "Die Uhr von {me} hat seit Halbzug {since_ply} {} gewonnen ({} → {}, {at}), aber die Bedenkzeit {time_control} gibt nur {} hinzu (Art. 6.3.1).",
            format_clock(*gained),
            format_clock(*from),
            format_clock(*to),
            format_clock(*allowed)
        ),
        ClockProblem::WithoutPeriod { clock, period } => format!(
            "Die Uhr von {me} zeigt {at} {}, obwohl die {} der nächsten Periode mit den Zügen der Periode fällig waren (Art. 6.3.1).",
            format_clock(*clock),
            format_clock(*period)
        ),
        ClockProblem::MoveTime {
            clock,
            previous,
            expected,
        } => format!(
            "Die Uhr von {me} zeigt {at} {}, aber die vorige Anzeige {} abzüglich der Zugzeit und zuzüglich der Zeitgutschriften ergibt {} (Art. 6.3.1).",
            format_clock(*clock),
            format_clock(*previous),
            format_clock(*expected)
        ),
    }
}

fn trf_player(p: &TrfPlayer) -> String {
    format!("{} ({})", p.name, p.start_rank)
}

/// Das Ergebnis, das ein TRF-Code der Partie gibt, vom Code des Weißen aus.
fn trf_result(code: Code) -> &'static str {
    match code {
        Code::Win => "1-0",
        Code::Loss => "0-1",
        Code::Draw => "½-½",
        Code::UnratedWin => "1-0 ungewertet",
        Code::UnratedLoss => "0-1 ungewertet",
        Code::UnratedDraw => "½-½ ungewertet",
        Code::ForfeitWin => "+:- (kampflos)",
        Code::ForfeitLoss => "-:+ (kampflos)",
        Code::HalfBye => "spielfrei mit einem halben Punkt",
        Code::FullBye => "spielfrei mit einem ganzen Punkt",
        Code::PairingBye => "spielfrei durch die Auslosung",
        Code::ZeroBye | Code::Blank => "abwesend (spielfrei ohne Punkt)",
    }
}

fn trf_field(field: TrfField) -> String {
    match field {
        TrfField::StartRank => "Die Startnummer".to_string(),
        TrfField::Rating => "Die Elo-Zahl".to_string(),
        TrfField::FideId => "Die FIDE-ID".to_string(),
        TrfField::Points => "Die Punktzahl".to_string(),
        TrfField::Rank => "Der Platz".to_string(),
        TrfField::PlayerCount => "Die Spielerzahl (062)".to_string(),
        TrfField::RatedCount => "Die Zahl der gewerteten Spieler (072)".to_string(),
        TrfField::TeamCount => "Die Mannschaftszahl (082)".to_string(),
        TrfField::RoundDate { round } => format!("Das Datum der Runde {round} (132)"),
        TrfField::Rounds => "Die Rundenzahl (XXR)".to_string(),
        TrfField::Scoring => "Die Punkte einer BB-Zeile".to_string(),
    }
}

fn entry_problem(problem: EntryProblem) -> String {
    match problem {
        EntryProblem::Opponent => "nennt keine Startnummer als Gegner".to_string(),
        EntryProblem::Colour(c) => format!("hat die Farbe „{c}“, die keine von w, b, - ist"),
        EntryProblem::Code(c) => {
            format!("hat das Ergebnis „{c}“, das keines von 1 0 = + - W D L H F U Z ist")
        }
        EntryProblem::Misaligned => {
            "steht nicht in ihren Spalten: ihre Felder sind nicht durch Leerzeichen getrennt"
                .to_string()
        }
        EntryProblem::NeedsOpponent => "wertet eine gespielte Partie ohne Gegner".to_string(),
        EntryProblem::ByeWithOpponent => "ist spielfrei, nennt aber einen Gegner".to_string(),
        EntryProblem::NeedsColour => "ist eine gespielte Partie ohne Farbe".to_string(),
        EntryProblem::ColourWithoutOpponent => "hat eine Farbe, aber keinen Gegner".to_string(),
        EntryProblem::SelfPaired => "paart den Spieler mit sich selbst".to_string(),
    }
}

fn german_date(date: &chrono::NaiveDate) -> String {
    date.format("%d.%m.%Y").to_string()
}

/// Der Satz eines Befunds über die TRF oder über eine Partie gegen sie.
pub fn tournament(t: &TrfFacts) -> String {
    match t {
        TrfFacts::Line(problem) => match problem {
            LineProblem::BadField { field, text } => match field {
                TrfField::RoundDate { .. } => format!(
                    "{} „{text}“ ist kein Datum der Form JJ/MM/TT.",
                    trf_field(*field)
                ),
                TrfField::Points | TrfField::Scoring => format!(
                    "{} „{text}“ ist keine Punktzahl mit höchstens einer Nachkommastelle.",
                    trf_field(*field)
                ),
                _ => format!("{} „{text}“ ist keine Zahl.", trf_field(*field)),
            },
            LineProblem::BadEntry {
                round,
                text,
                problem,
            } => format!(
                "Der Eintrag der Runde {round}, „{text}“, {}.",
                entry_problem(*problem)
            ),
            LineProblem::DuplicateStartRank {
                start_rank,
                first_line,
            } => format!(
                "Die Startnummer {start_rank} kommt noch einmal vor (zuerst in Zeile {first_line}); diese Zeile wird übergangen."
            ),
        },
        TrfFacts::Asymmetric {
            round,
            player,
            entry,
            opponent,
            theirs,
        } => {
            let theirs = match theirs {
                Some(t) => format!("die Zeile von {} hat „{t}“", trf_player(opponent)),
                None => format!(
                    "die Zeile von {} hat keinen Eintrag für diese Runde",
                    trf_player(opponent)
                ),
            };
            format!(
                "In Runde {round} hat {} „{entry}“ gegen {}, aber {theirs}: die Paarung ist nicht symmetrisch.",
                trf_player(player),
                opponent.name
            )
        }
        TrfFacts::UnknownOpponent {
            round,
            player,
            opponent,
        } => format!(
            "In Runde {round} hat {} den Gegner {opponent}, aber keine Spielerzeile hat diese Startnummer.",
            trf_player(player)
        ),
        TrfFacts::PlayerCount { declared, found } => {
            format!("062 nennt {declared} Spieler, die Datei hat aber {found} Spielerzeilen.")
        }
        TrfFacts::BeyondRounds {
            player,
            round,
            rounds,
        } => format!(
            "{} hat einen Eintrag für Runde {round}, über die {rounds} Runden hinaus, die XXR nennt.",
            trf_player(player)
        ),
        TrfFacts::Points {
            player,
            written,
            computed,
        } => format!(
            "{} hat {written} Punkte, die Ergebnisse der Runden ergeben aber {computed}.",
            trf_player(player)
        ),
        TrfFacts::Missing {
            round,
            white,
            black,
            code,
            coloured,
        } => {
            let pairing = if *coloured {
                format!("{} – {}", trf_player(white), trf_player(black))
            } else {
                format!("{} und {}", trf_player(white), trf_player(black))
            };
            format!(
                "{pairing} ist in Runde {round} eine gespielte Partie (die TRF wertet sie {}), aber keine Partie der Eingabe ist diese Paarung: das Partieformular fehlt.",
                trf_result(*code)
            )
        }
        TrfFacts::Unmatched { round, cause } => match cause {
            Unmatched::NoRound { written: Some(w) } => format!(
                "Die Kopfzeile Round „{w}“ nennt keine Runde; die Partie lässt sich keiner Paarung zuordnen."
            ),
            Unmatched::NoRound { written: None } => {
                "Die Partie hat keine Kopfzeile Round; sie lässt sich keiner Paarung zuordnen."
                    .to_string()
            }
            Unmatched::RoundNotInTrf { rounds } => format!(
                "Runde {} steht nicht in der TRF, die Ergebnisse für {rounds} Runde(n) enthält.",
                round.unwrap_or(0)
            ),
            Unmatched::NoPairing {
                white,
                black,
                other_round,
            } => {
                let round = round.unwrap_or(0);
                let side = |who: &str, p: &Option<TrfPlayer>| match p {
                    Some(p) => format!("{who} ist {}", trf_player(p)),
                    None => format!("der Name von {who} passt zu keinem Spieler oder zu mehreren"),
                };
                let met = match other_round {
                    Some(r) => format!("; diese beiden wurden in Runde {r} gepaart"),
                    None => String::new(),
                };
                format!(
                    "Keine Paarung der Runde {round} hat diese Spieler ({}, {}){met}.",
                    side("Weiß", white),
                    side("Schwarz", black)
                )
            }
            Unmatched::AlreadyMatched { source, game } => format!(
                "Der Paarung der Runde {} ist schon Partie {game} aus {source} zugeordnet.",
                round.unwrap_or(0)
            ),
        },
        TrfFacts::Colours {
            round,
            white,
            black,
        } => format!(
            "In Runde {round} hat die TRF {} mit Weiß und {} mit Schwarz; in der Partie sind die Farben vertauscht.",
            trf_player(white),
            trf_player(black)
        ),
        TrfFacts::Result {
            round,
            white,
            code,
            unrated_played: Some(plies),
            ..
        } => format!(
            "In Runde {round} wertet die TRF die Partie {} ({}), aber beide Spieler haben gezogen ({plies} Halbzüge gespielt): die Partie ist zu werten (Weiß: {}).",
            code.as_char(),
            trf_result(*code),
            trf_player(white)
        ),
        TrfFacts::Result {
            round,
            white,
            code,
            recorded,
            ruled,
            unrated_played: None,
        } => {
            let how = match recorded {
                Some(r) if r != ruled => {
                    format!(" (notiert {}, {} laut Regeln)", result(*r), result(*ruled))
                }
                _ => String::new(),
            };
            format!(
                "In Runde {round} wertet die TRF die Partie {}, ihr Ergebnis ist aber {}{how} (Weiß: {}).",
                trf_result(*code),
                result(*ruled),
                trf_player(white)
            )
        }
        TrfFacts::ForfeitPlayed {
            round,
            player,
            code,
            opponent: Some(opponent),
        } => format!(
            "In Runde {round} hat die TRF {} – {} als kampflose Partie ({}), aber die Partie wurde gespielt.",
            trf_player(player),
            trf_player(opponent),
            if *code == Code::ForfeitWin {
                "+:-"
            } else {
                "-:+"
            }
        ),
        TrfFacts::ForfeitPlayed {
            round,
            player,
            code,
            opponent: None,
        } => {
            let what = match code {
                Code::ForfeitWin => "spielfrei, als kampfloser Sieg gewertet",
                Code::ForfeitLoss => "abwesend, als kampflose Niederlage gewertet",
                other => trf_result(*other),
            };
            format!(
                "In Runde {round} hat die TRF {} ohne Gegner ({what}), aber die Partie wurde gespielt.",
                trf_player(player)
            )
        }
        TrfFacts::UnplayedScored {
            round,
            white,
            code,
            plies,
        } => format!(
            "In Runde {round} wertet die TRF die Partie {} als gewertete Partie, aber nur {plies} {} gespielt: nicht beide Spieler haben gezogen, also ist sie ungewertet (W, D oder L) oder kampflos (Weiß: {}).",
            trf_result(*code),
            if *plies == 1 {
                "Halbzug wurde"
            } else {
                "Halbzüge wurden"
            },
            trf_player(white)
        ),
        TrfFacts::Date { round, game, trf } => format!(
            "Die Partie ist auf den {} datiert, die TRF datiert Runde {round} aber auf den {}.",
            german_date(game),
            german_date(trf)
        ),
        TrfFacts::Uncertain {
            round,
            side,
            written,
            chosen,
            candidates,
            doubt,
        } => match doubt {
            Doubt::Several => format!(
                "Der Name von {} „{written}“ passt zu mehreren Spielern der Paarungen der Runde {round} ({}); angenommen wird {}.",
                color(*side),
                candidates
                    .iter()
                    .map(trf_player)
                    .collect::<Vec<_>>()
                    .join(", "),
                trf_player(chosen)
            ),
            Doubt::NameUnmatched => format!(
                "Der Name von {} „{written}“ passt zu keinem Spieler der Paarung; angenommen wird {}, den die TRF in Runde {round} mit dem anderen Spieler paart.",
                color(*side),
                trf_player(chosen)
            ),
        },
    }
}

/// Wo eine Folge ohne Schlagen und ohne Bauernzug begann, nach „seit“:
/// „23...exd5 (Halbzug 46)“, oder „Halbzug 46“, wo kein Zug des Formulars
/// dorthin führte (die Ausgangsstellung, deren FEN auch Halbzüge vor dem
/// Formular zählen kann).
fn quiet_since(occurrences: &[Occurrence], since: usize) -> String {
    match occurrences
        .iter()
        .find(|o| o.ply == since)
        .and_then(|o| o.mv.as_ref())
    {
        Some(l) => format!("{} (Halbzug {since})", label(l)),
        None => format!("Halbzug {since}"),
    }
}
