//! Arbiter events recorded in comments (`design/events.md`): claims,
//! touches, adjustments, illegal acts and flag falls. This module reads their
//! syntax only; the laws crate rules on them.

use shakmaty::{Color, Role, Square};

use crate::{
    commands::Command,
    lexer::Span,
    notation::{Notation, NotationError, parse_move},
};

/// What a draw claim invokes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// Art. 9.2.
    Threefold,
    /// Art. 9.3.
    Fifty,
}

/// A move written on the scoresheet as part of an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenToken {
    pub text: String,
    pub notation: Result<Notation, NotationError>,
}

impl WrittenToken {
    pub fn new(text: &str) -> WrittenToken {
        WrittenToken {
            text: text.to_string(),
            notation: parse_move(text.as_bytes()),
        }
    }
}

/// The illegal acts of Art. 7.5.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalAct {
    /// A completed illegal move, as written.
    Move(WrittenToken),
    /// A move made with two hands (7.5.4).
    TwoHands,
    /// The clock pressed without a move (7.5.3).
    NoMove,
}

/// One arbiter event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// `[%claim threefold]`, `[%claim fifty Nf3]`.
    Claim {
        kind: ClaimKind,
        written: Option<WrittenToken>,
    },
    /// `[%touch g1]`, `[%touch e1,h1]`: squares in the order touched.
    Touch(Vec<Square>),
    /// `[%adjust g1]`: j'adoube, announced.
    Adjust(Square),
    /// `[%illegal Ke2]`, `[%illegal two-hands]`, `[%illegal no-move]`.
    Illegal(IllegalAct),
    /// `[%flag]`, `[%flag white]`.
    Flag(Option<Color>),
    /// `[%promote N]`: the actor placed this piece on the promotion square (4.4.4).
    Promote(Role),
    /// `[%complaint]`: the actor complains that the opponent's last move broke
    /// Article 4 (too late once the actor has touched a piece, 4.8).
    Complaint,
    /// `[%offer]`, `[%offer white]`, or `(=)` in the movetext: a draw offer
    /// (9.1.2), by the named player or else by the one who made the last move.
    Offer(Option<Color>),
    /// `[%accept]`, `[%accept black]`: the standing offer (or claim, 9.1.2.3)
    /// is accepted, by the named player or else by the offerer's opponent.
    Accept(Option<Color>),
    /// `[%decline]`, `[%decline black]`: the standing offer is refused.
    Decline(Option<Color>),
}

/// Why an event's arguments cannot be read: a fact for the views to put in
/// words, never a sentence of this crate's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventError {
    /// `[%claim perpetual]`: not threefold or fifty.
    UnknownClaim(String),
    /// `[%claim]` with no kind.
    ClaimWithoutKind,
    /// `[%claim threefold Nf3 Ng1]`.
    ClaimTooManyMoves,
    /// `[%touch]` with no square.
    TouchWithoutSquare,
    /// `[%adjust]` naming no square or several.
    AdjustNotOneSquare,
    /// `[%illegal]` with nothing, or several words.
    IllegalNotOneAct,
    /// `[%flag green]`.
    FlagBadColour,
    /// `[%promote K]`.
    NotAPromotionPiece(String),
    /// `[%promote]` naming no piece or several.
    PromoteNotOnePiece,
    /// `[%complaint now]`.
    ComplaintWithArguments,
    /// `[%touch z9]`.
    NotASquare(String),
    /// `[%offer green]`, `[%accept now]`: an offer's answer names no colour.
    OfferBadColour,
    /// `[%resign]`: not one of our events.
    UnknownEvent(String),
}

/// An event with where it stood: after `after_ply` recorded moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventAt {
    /// The event, or why its arguments cannot be read.
    pub event: Result<Event, EventError>,
    pub after_ply: usize,
    pub span: Span,
    /// The command as written, for messages.
    pub text: String,
}

/// Whether a command is an arbiter event (rather than a clock reading or
/// another program's annotation, which are no business of the Laws).
pub fn is_event(name: &str) -> bool {
    EVENT_NAMES.contains(&name)
}

const EVENT_NAMES: [&str; 10] = [
    "claim",
    "touch",
    "adjust",
    "illegal",
    "flag",
    "promote",
    "complaint",
    "offer",
    "accept",
    "decline",
];

/// [`is_event`] on a name as written, in any letter case, without allocating.
pub fn is_event_name(name: &[u8]) -> bool {
    EVENT_NAMES
        .iter()
        .any(|event| name.eq_ignore_ascii_case(event.as_bytes()))
}

/// Reads one arbiter event command.
///
/// ```
/// use scoresheet::events::{parse_event, Event, ClaimKind};
/// use scoresheet::commands::commands;
/// let cmd = &commands(b"{[%claim threefold Nf3]}", 0)[0];
/// assert!(matches!(parse_event(cmd), Ok(Event::Claim { kind: ClaimKind::Threefold, written: Some(_) })));
/// ```
pub fn parse_event(command: &Command) -> Result<Event, EventError> {
    let args: Vec<&str> = command
        .args
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
        .collect();
    match command.name.as_str() {
        "claim" => {
            let kind = match args.first().map(|s| s.to_ascii_lowercase()).as_deref() {
                Some("threefold" | "repetition" | "3fold") => ClaimKind::Threefold,
                Some("fifty" | "50" | "50-move" | "fifty-move") => ClaimKind::Fifty,
                Some(other) => {
                    return Err(EventError::UnknownClaim(other.to_string()));
                }
                None => return Err(EventError::ClaimWithoutKind),
            };
            let written = match &args[1..] {
                [] => None,
                [token] => Some(WrittenToken::new(token)),
                _ => return Err(EventError::ClaimTooManyMoves),
            };
            Ok(Event::Claim { kind, written })
        }
        "touch" => {
            if args.is_empty() {
                return Err(EventError::TouchWithoutSquare);
            }
            args.iter()
                .map(|s| square(s))
                .collect::<Result<_, _>>()
                .map(Event::Touch)
        }
        "adjust" => match args.as_slice() {
            [s] => square(s).map(Event::Adjust),
            _ => Err(EventError::AdjustNotOneSquare),
        },
        "illegal" => match args.as_slice() {
            [act] if act.eq_ignore_ascii_case("two-hands") => {
                Ok(Event::Illegal(IllegalAct::TwoHands))
            }
            [act] if act.eq_ignore_ascii_case("no-move") => Ok(Event::Illegal(IllegalAct::NoMove)),
            [token] => Ok(Event::Illegal(IllegalAct::Move(WrittenToken::new(token)))),
            _ => Err(EventError::IllegalNotOneAct),
        },
        "flag" => match args.as_slice() {
            [] => Ok(Event::Flag(None)),
            [c] if c.eq_ignore_ascii_case("white") => Ok(Event::Flag(Some(Color::White))),
            [c] if c.eq_ignore_ascii_case("black") => Ok(Event::Flag(Some(Color::Black))),
            _ => Err(EventError::FlagBadColour),
        },
        "promote" => match args.as_slice() {
            [piece] => match piece.to_ascii_uppercase().as_str() {
                "Q" | "D" => Ok(Event::Promote(Role::Queen)),
                "R" | "T" => Ok(Event::Promote(Role::Rook)),
                "B" | "L" => Ok(Event::Promote(Role::Bishop)),
                "N" | "S" => Ok(Event::Promote(Role::Knight)),
                other => Err(EventError::NotAPromotionPiece(other.to_string())),
            },
            _ => Err(EventError::PromoteNotOnePiece),
        },
        "complaint" => match args.as_slice() {
            [] => Ok(Event::Complaint),
            _ => Err(EventError::ComplaintWithArguments),
        },
        "offer" => colour(&args).map(Event::Offer),
        "accept" => colour(&args).map(Event::Accept),
        "decline" => colour(&args).map(Event::Decline),
        other => Err(EventError::UnknownEvent(other.to_string())),
    }
}

/// The optional colour of a draw offer, acceptance or refusal.
fn colour(args: &[&str]) -> Result<Option<Color>, EventError> {
    match args {
        [] => Ok(None),
        [c] if c.eq_ignore_ascii_case("white") => Ok(Some(Color::White)),
        [c] if c.eq_ignore_ascii_case("black") => Ok(Some(Color::Black)),
        _ => Err(EventError::OfferBadColour),
    }
}

fn square(s: &str) -> Result<Square, EventError> {
    s.parse::<Square>()
        .map_err(|_| EventError::NotASquare(s.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::commands;

    fn event(text: &str) -> Result<Event, EventError> {
        parse_event(&commands(text.as_bytes(), 0)[0])
    }

    #[test]
    fn claims() {
        assert_eq!(
            event("[%claim fifty]"),
            Ok(Event::Claim {
                kind: ClaimKind::Fifty,
                written: None
            })
        );
        assert!(
            matches!(event("[%claim threefold Sf3]"), Ok(Event::Claim { written: Some(w), .. }) if w.notation.is_ok())
        );
        assert!(event("[%claim perpetual]").is_err());
    }

    #[test]
    fn offers_and_their_answers() {
        assert_eq!(event("[%offer]"), Ok(Event::Offer(None)));
        assert_eq!(
            event("[%offer White]"),
            Ok(Event::Offer(Some(Color::White)))
        );
        assert_eq!(event("[%accept]"), Ok(Event::Accept(None)));
        assert_eq!(
            event("[%decline black]"),
            Ok(Event::Decline(Some(Color::Black)))
        );
        assert_eq!(event("[%accept now]"), Err(EventError::OfferBadColour));
    }

    #[test]
    fn touches_flags_and_illegal_acts() {
        assert_eq!(
            event("[%touch e1,h1]"),
            Ok(Event::Touch(vec![Square::E1, Square::H1]))
        );
        assert_eq!(
            event("[%touch e1 h1]"),
            Ok(Event::Touch(vec![Square::E1, Square::H1]))
        );
        assert!(event("[%touch z9]").is_err());
        assert_eq!(event("[%flag white]"), Ok(Event::Flag(Some(Color::White))));
        assert_eq!(
            event("[%illegal two-hands]"),
            Ok(Event::Illegal(IllegalAct::TwoHands))
        );
        assert!(matches!(
            event("[%illegal Ke2]"),
            Ok(Event::Illegal(IllegalAct::Move(_)))
        ));
    }
}
