//! Each finding's English sentence, from its facts. These are the words of
//! the JSON and CSV `message`: programs have read them since the first
//! release, so they change only on purpose.

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
    EndingKind, Grounds, MoveError, MoveLabel,
    mating::{Unwinnability, Verdict, Winning},
    repair::Edit,
    repetition::Difference,
    time_control::Ambiguity,
};
use scoresheet::{ClaimKind, EventError, Mark, NonStandardForm, NotationError, SyntaxProblem};
use shakmaty::{CastlingSide, Color, Role, san::SanPlus};

use crate::i18n::format_clock;

pub(super) fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn joined(moves: &[SanPlus], with: &str) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(with)
}

fn plies_list(plies: &[usize]) -> String {
    plies
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "after 40...Kg7", or "in the starting position".
fn after(label: Option<&MoveLabel>) -> String {
    label.map_or_else(
        || "in the starting position".to_string(),
        |l| format!("after {l}"),
    )
}

fn label(f: &Finding) -> String {
    f.move_number
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default()
}

/// The player the finding is about; the side to move where nobody is named.
fn who(f: &Finding) -> Color {
    match (f.player, &f.position) {
        (Some(p), _) => p.color(),
        (None, Some(pos)) => pos.turn,
        (None, None) => Color::White,
    }
}

pub fn syntax(problem: SyntaxProblem) -> &'static str {
    match problem {
        SyntaxProblem::MalformedTag => "a tag line that is not a [Name \"value\"] pair",
        SyntaxProblem::UnterminatedComment => "a comment opened with { is never closed",
        SyntaxProblem::UnterminatedVariation => "a variation opened with ( is never closed",
        SyntaxProblem::UnmatchedParenthesis => "a ) with no matching (",
        SyntaxProblem::StrayCharacter => {
            "a stray character (such as } ] or a control byte) in the movetext"
        }
        SyntaxProblem::TagInMovetext => "a tag pair inside the movetext",
        SyntaxProblem::TextAfterResult => "movetext after the result",
        SyntaxProblem::Truncated => "the game is longer than the reader's limit and was cut",
    }
}

fn notation(error: NotationError) -> &'static str {
    match error {
        NotationError::Unknown => "not a move in any known notation",
        NotationError::Drop => "a piece drop, which is not a move of chess",
        NotationError::LoneLetter => {
            "a lone letter where it could be a piece cut off from its square or a novelty (N) or diagram (D) sign; the reader does not guess: write the move in one word, or the sign after a move"
        }
    }
}

fn event_error(error: &EventError) -> String {
    match error {
        EventError::UnknownClaim(other) => {
            format!("unknown claim \"{other}\" (threefold or fifty)")
        }
        EventError::ClaimWithoutKind => "a claim must say threefold or fifty".to_string(),
        EventError::ClaimTooManyMoves => "a claim takes at most one written move".to_string(),
        EventError::TouchWithoutSquare => "a touch must name at least one square".to_string(),
        EventError::AdjustNotOneSquare => "an adjustment names exactly one square".to_string(),
        EventError::IllegalNotOneAct => {
            "an illegal-move event names one move, two-hands or no-move".to_string()
        }
        EventError::FlagBadColour => "a flag event names white, black or nobody".to_string(),
        EventError::NotAPromotionPiece(other) => {
            format!("\"{other}\" is not a promotion piece (Q, R, B, N)")
        }
        EventError::PromoteNotOnePiece => "a promotion names one piece: Q, R, B or N".to_string(),
        EventError::ComplaintWithArguments => "a complaint takes no arguments".to_string(),
        EventError::NotASquare(s) => format!("\"{s}\" is not a square"),
        EventError::UnknownEvent(other) => format!("unknown event %{other}"),
        EventError::OfferBadColour => {
            "an offer, acceptance or refusal names white, black or nobody".to_string()
        }
    }
}

pub fn unwinnable(why: &Unwinnability) -> String {
    match why {
        Unwinnability::GameOver => "the game is already over on the board".to_string(),
        Unwinnability::Material => "there is not enough material to checkmate".to_string(),
        Unwinnability::ForcedLine { line } => format!(
            "every move is forced ({}) and the line ends where no checkmate is possible",
            joined(line, " ")
        ),
        Unwinnability::BlockedStructure => {
            "the structure is blocked: the pieces can never get at the king".to_string()
        }
        Unwinnability::ExhaustedSearch => {
            "a search of every series of legal moves finds no checkmate".to_string()
        }
    }
}

fn ambiguity(why: Ambiguity) -> &'static str {
    match why {
        Ambiguity::MinutesForSeconds => {
            "the base time is only a few seconds, or short beside the increment: minutes were probably written for seconds"
        }
        Ambiguity::NoFinalPeriod => {
            "the last period asks for a number of moves and no period follows it; it is taken to repeat"
        }
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "a pawn",
        Role::Knight => "a knight",
        Role::Bishop => "a bishop",
        Role::Rook => "a rook",
        Role::Queen => "a queen",
        Role::King => "a king",
    }
}

/// A mating line from the finding's position, numbered from the game's
/// move numbers (`61...Ka8 62.Kc8 h6 63.Nc7#`), in full.
pub fn line(f: &Finding, moves: &[SanPlus]) -> String {
    let (number, turn) = f
        .position
        .as_ref()
        .map_or((1, Color::White), |p| (p.fullmoves.get(), p.turn));
    crate::i18n::numbered(number, turn, moves, ToString::to_string, str::to_string)
}

/// Whether `opponent` can still checkmate, as a phrase.
fn chances(f: &Finding, verdict: &Verdict, opponent: Color) -> String {
    let opp = color_name(opponent);
    match verdict {
        Verdict::Unwinnable(reason) => format!(
            "{opp} cannot checkmate by any series of legal moves: {}",
            unwinnable(reason)
        ),
        Verdict::Winnable(how) => {
            let how = match how {
                Winning::Mate => "the position is mate".to_string(),
                Winning::Material => "by material: a queen or a rook".to_string(),
                Winning::Line(moves) => format!("for instance {}", line(f, moves)),
            };
            format!("{opp} can still checkmate ({how})")
        }
        Verdict::Undetermined => format!(
            "whether {opp} can still checkmate could not be decided; the loss stands unless the arbiter finds otherwise"
        ),
    }
}

/// One sentence for a person: the contract's `message`.
pub fn sentence(_report: &GameReport, f: &Finding) -> String {
    match &f.facts {
        Facts::None => plain(f),
        Facts::Unreadable(why) => match why {
            Unreadable::Variant(v) => format!(
                "the game is played under the variant \"{v}\", which is not chess under the FIDE Laws"
            ),
            Unreadable::NoTagsNoMoves => "the game has no tags and no moves".to_string(),
            Unreadable::NothingReadsAsGame => {
                "nothing in this text reads as a game: no tag pair, no move".to_string()
            }
            Unreadable::InternalError => "the toolkit failed on this game (an internal error, reported on standard error; please send us the game): no ruling".to_string(),
        },
        Facts::Syntax { problem, count } if *count > 1 => {
            format!("{} ({count} times in a row)", syntax(*problem))
        }
        Facts::Syntax { problem, .. } => syntax(*problem).to_string(),
        Facts::MoreSyntax { count } => format!(
            "{count} further PGN syntax problems from here on are not listed one by one"
        ),
        Facts::MissingTags(tags) => format!(
            "missing tags of the Seven Tag Roster: {}",
            tags.join(", ")
        ),
        Facts::Tag(problem) => tag(problem),
        Facts::Setup(problem) => match problem {
            SetupProblem::SetUpWithoutFen => {
                "SetUp \"1\" announces a set-up position but there is no FEN tag".to_string()
            }
            SetupProblem::Chess960WithoutFen => {
                "a Chess960 game needs a FEN tag with its starting position".to_string()
            }
            SetupProblem::UnreadableFen { fen, error } => {
                format!("FEN \"{fen}\" cannot be read: {error}")
            }
            SetupProblem::IllegalFen { fen, error } => {
                format!("FEN \"{fen}\" is not a legal position: {error}")
            }
        },
        Facts::Move(m) => move_sentence(f, m),
        Facts::MoveNumber(n) => number_sentence(n),
        Facts::MissingMove(m) => missing_sentence(m),
        Facts::ResultSignal { token } => format!(
            "the final \"{token}\" puts both kings on the centre squares: an electronic board's result signal, not a move of the game"
        ),
        Facts::WrongMark { written, actual } => {
            let written = match written {
                Mark::Check => "a check mark",
                Mark::Mate => "a mate mark",
            };
            let actual = match actual {
                CheckState::Mate => "it mates",
                CheckState::Check => "it gives check but does not mate",
                CheckState::NoCheck => "it gives no check",
            };
            format!("{} is written with {written}, but {actual}", label(f))
        }
        Facts::WrongCaptureMark => format!(
            "{} is written with a capture sign (\"{}\"), but it captures nothing",
            label(f),
            f.token.as_deref().unwrap_or_default()
        ),
        Facts::Touch(t) => {
            let legal = match t.allowed.len() {
                0 => String::new(),
                1 => format!(" ({} was legal)", joined(&t.allowed, " or ")),
                _ => format!(" ({} were legal)", joined(&t.allowed, " or ")),
            };
            format!(
                "{} breaks the touch-move rule: {} {}{legal}",
                label(f),
                color_name(who(f)),
                obligation(&t.obligation)
            )
        }
        Facts::Ending(kind) => ending(f, kind),
        Facts::Fivefold(rep) => {
            let (named, plies) = occurrence_parts(&rep.occurrences);
            format!(
                "the position {} occurred for the fifth time ({named}; {plies}){}: the game is drawn",
                after(f.move_number.as_ref()),
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
                    "{} could not checkmate by any series of legal moves",
                    color_name(*w)
                ),
                MismatchCause::CannotMate { winner: None } => {
                    "nothing on the board decides it".to_string()
                }
            };
            format!(
                "the recorded result {recorded} contradicts the board: {why}, so the result is {ruled}"
            )
        }
        Facts::Claim(claim) => claim_sentence(f, claim),
        Facts::WrittenMoveNotPlayed(duty) => {
            let duty = match duty {
                WrittenDuty::Move(san) => format!("the written move {san}"),
                WrittenDuty::SamePiece(token) => {
                    format!("a move with the piece of the written move \"{token}\"")
                }
            };
            format!(
                "{} is played after an incorrect claim, but {duty} had to be played (9.5.3, Art. 4)",
                label(f)
            )
        }
        Facts::Event { text, problem } => {
            let why = match problem {
                EventProblem::Unreadable(e) => event_error(e),
                EventProblem::GameOver { at } => {
                    format!("the game had already ended {}", position(at))
                }
                EventProblem::NoPieceToTouch(sq) => format!("there is no piece on {sq} to touch"),
                EventProblem::NoPieceToAdjust(sq) => {
                    format!("there is no piece on {sq} to adjust")
                }
                EventProblem::NoBreach => {
                    "the opponent's last move broke no obligation of Article 4".to_string()
                }
                EventProblem::MoveUnreadable { token, error } => {
                    format!("\"{token}\" is {}", notation(*error))
                }
                EventProblem::MoveIsLegal(t) => format!("{t} is a legal move in this position"),
                EventProblem::MoveIsAmbiguous(t) => format!("{t} fits more than one legal move"),
                EventProblem::NoOffer => "no draw offer or claim stands to answer".to_string(),
                EventProblem::OwnOffer => {
                    "the player named made the offer that stands, and cannot answer it".to_string()
                }
                EventProblem::BeforeBothMoved => {
                    "an agreement before both players have made a move is no draw (5.2.3)"
                        .to_string()
                }
            };
            format!("the event {text} cannot apply: {why}")
        }
        Facts::ClaimMoveUnreadable { token, error } => {
            format!("the claim's written move \"{token}\" is {}", notation(*error))
        }
        Facts::CommandLineClaimMismatch { named, recorded } => {
            format!("the claim is said to follow {named}, but the record has {recorded} there")
        }
        Facts::IllegalAct(act) => illegal_act(f, act),
        Facts::Flag(flag) => {
            let flagged = who(f);
            let how = match flag.evidence {
                FlagEvidence::Event => "recorded flag fall",
                FlagEvidence::TerminationTag => "Termination tag",
                FlagEvidence::ZeroClock => "clock reading of zero",
            };
            let outcome = if flag.verdict.is_unwinnable() {
                "the game is drawn".to_string()
            } else {
                format!("{} loses on time", color_name(flagged))
            };
            format!(
                "{}'s flag fell ({how}): {}, so {outcome}",
                color_name(flagged),
                chances(f, &flag.verdict, !flagged)
            )
        }
        Facts::BothFlags(both) => match both {
            BothFlags::LastPeriod => ending(f, &EndingKind::BothFlags),
            BothFlags::EarlierPeriod { number } => format!(
                "both flags fell during move {number}, before the last period, and the record cannot say which fell first: play goes on"
            ),
            BothFlags::RecordedStands => "both flags fell and the record cannot say which fell first; with an increment, in blitz or without a known time control Guidelines III do not apply, and the clock's flag indicator decides: the recorded result stands".to_string(),
        },
        Facts::Clock(problem) => clock(color_name(who(f)), problem),
        Facts::NonStandard {
            form,
            written,
            count,
            standard,
        } => non_standard(*form, written, *count, standard.as_deref()),
        Facts::Offer { refused_before, .. } => {
            let by = color_name(who(f));
            let when = after(f.move_number.as_ref());
            match refused_before {
                Some(ply) if f.kind == Kind::RepeatedDrawOffer => format!(
                    "{by} offers a draw again {when}, although {} refused {by}'s offer after ply {ply}: repeated offers may distract or annoy the opponent (11.5), which the arbiter judges",
                    color_name(!who(f))
                ),
                _ => format!("{by} offers a draw {when}"),
            }
        }
        Facts::TooEarly {
            no_draw_before,
            move_number,
        } => format!(
            "the draw is agreed at move {move_number}, before both players have completed {no_draw_before} moves, which the event's regulations bar (9.1.1); the agreement still ends the game"
        ),
        Facts::ForfeitResult {
            winner,
            written,
            in_tag,
        } => format!(
            "the result \"{written}\" {} is a forfeit: {} wins without a game played on the board, which is not a win on the board; the recorded result is {}",
            if *in_tag {
                "in the Result tag"
            } else {
                "at the end of the movetext"
            },
            color_name(*winner),
            laws::GameResult::win_for(*winner)
        ),
        Facts::Duplicate { game, source } => {
            format!("the same moves between the same players as game {game} of {source}")
        }
        Facts::Tournament(t) => tournament(t),
    }
}

/// Kinds whose sentence needs no facts beyond the common fields.
fn plain(f: &Finding) -> String {
    match f.kind {
        Kind::MissingResult => {
            "the moves do not end with a result (1-0, 0-1, 1/2-1/2 or *)".to_string()
        }
        Kind::MovesAfterEnd => format!(
            "{} is recorded after the game had ended; it and every later move are void",
            label(f)
        ),
        Kind::ComplaintTooLate => format!(
            "{} complains about the opponent's last move after touching a piece, and so has lost the right to complain (4.8)",
            color_name(who(f))
        ),
        other => other.code().to_string(),
    }
}

fn side_name(side: CastlingSide) -> &'static str {
    match side {
        CastlingSide::KingSide => "kingside",
        CastlingSide::QueenSide => "queenside",
    }
}

/// "the knight on g1".
fn piece(p: &PieceAt) -> String {
    let role = role_name(p.role).trim_start_matches("a ");
    format!("the {role} on {}", p.square)
}

fn passed(p: &Passed) -> String {
    match p {
        Passed::NoLegalMove(t) => format!("{} had no legal move", piece(t)),
        Passed::CannotBeCaptured(t) => format!("{} could not be captured", piece(t)),
        Passed::CouldNotCapture {
            enemy, it: true, ..
        } => {
            format!("it could not capture {}", piece(enemy))
        }
        Passed::CouldNotCapture {
            own,
            enemy,
            no_legal_move,
            ..
        } => format!(
            "{} could not capture {}{}",
            piece(own),
            piece(enemy),
            if *no_legal_move {
                " and had no legal move"
            } else {
                ""
            }
        ),
    }
}

/// What Art. 4 required, in the arbiter's words: "had to move the knight on g1".
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
                Free::NothingTouched => "no piece was touched".to_string(),
                Free::NoneCouldMove => "none of the touched pieces could be moved".to_string(),
                Free::NoneCouldBeCaptured => {
                    "none of the touched pieces could be captured".to_string()
                }
                Free::KingStuck { side, king } => format!(
                    "castling {} was not legal and the king on {king} had no legal move",
                    side_name(*side)
                ),
                Free::NoEnemyTouched => "no piece of the opponent was touched".to_string(),
                Free::NoCaptureNoneMovable { own, enemy } => format!(
                    "{} could not capture {}, and none of the touched pieces could be moved or captured",
                    piece(own),
                    piece(enemy)
                ),
                Free::CannotPromoteTo(role) => format!(
                    "the touched pieces could not promote to {}",
                    role_name(*role)
                ),
            };
            format!("could make any legal move ({why})")
        }
        Obligation::Castle(side) => format!("had to castle {}", side_name(*side)),
        Obligation::OtherKingMove { king, side } => format!(
            "had to make another move with the king on {king} (castling {} was not legal)",
            side_name(*side)
        ),
        Obligation::CaptureWith {
            target,
            with,
            moves,
        } => {
            let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
            format!(
                "had to capture {} with {} ({})",
                piece(target),
                piece(with),
                moves.join(", ")
            )
        }
        Obligation::Move {
            piece: p,
            without_castling,
            passed: reasons,
        } => {
            let mut head = format!("had to move {}", piece(p));
            for (side, rook) in without_castling {
                head.push_str(&format!(
                    ", without castling {} (the rook on {rook} was touched first)",
                    side_name(*side)
                ));
            }
            with_reasons(head, reasons)
        }
        Obligation::Capture {
            piece: p,
            passed: reasons,
        } => with_reasons(format!("had to capture {}", piece(p)), reasons),
        Obligation::Promoting { base, role } => {
            format!("{}, promoting to {}", obligation(base), role_name(*role))
        }
        Obligation::AnyPromotingTo(role) => format!(
            "could make any legal move, but a promotion had to be to {}",
            role_name(*role)
        ),
    }
}

fn non_standard(
    form: NonStandardForm,
    written: &str,
    count: u32,
    standard: Option<&str>,
) -> String {
    let read = standard.unwrap_or("?");
    let mut s = match form {
        NonStandardForm::TextAnnotation if standard.is_none() => format!(
            "\"{written}\" is a diagram mark written as text: kept as an annotation, not read as a move"
        ),
        NonStandardForm::TextAnnotation => format!(
            "\"{written}\" is an annotation written as text, not as a NAG: read as one ({read}), not as a move"
        ),
        NonStandardForm::MoveNumberDots => format!(
            "\"{written}\": the dots of Black's move number stand apart from the number, or without one; read as that move number"
        ),
        NonStandardForm::ResultSpelling => format!(
            "the result \"{written}\" is not written as the PGN standard writes it; read as {read}"
        ),
        NonStandardForm::ResultAfterBlankLine => format!(
            "the result \"{written}\" stands alone after a blank line that follows the last move; read as this game's result, not as a game of its own"
        ),
        NonStandardForm::MovetextAfterBlankLine => format!(
            "the movetext goes on after a blank line (at \"{written}\"); read as one game"
        ),
        NonStandardForm::GameOnSameLine => {
            "the game begins on the line where the previous game's result stands; read as a game of its own".to_string()
        }
        NonStandardForm::TimeControlInWords => format!(
            "TimeControl \"{written}\" is written in words, not in the PGN standard's form; read as {read} (seconds)"
        ),
    };
    if count > 1 {
        s.push_str(&format!(" ({count} times in this game)"));
    }
    s
}

fn tag(problem: &TagProblem) -> String {
    match problem {
        TagProblem::BadDate(v) => {
            format!("Date \"{v}\" is not a date of the form YYYY.MM.DD (with ?? for unknown parts)")
        }
        TagProblem::BadResult(v) => format!("Result \"{v}\" is not one of 1-0, 0-1, 1/2-1/2, *"),
        TagProblem::ResultDiffers { tag, movetext } => format!(
            "Result tag \"{tag}\" differs from the result at the end of the moves, {movetext}"
        ),
        TagProblem::BadTimeControl(v) => format!(
            "TimeControl \"{v}\" is not a time control of the PGN standard \
             (seconds: 5400, 300+3, 40/7200:3600, *180, ? or -)"
        ),
        TagProblem::AmbiguousTimeControl {
            value,
            ambiguity: why,
            in_minutes,
            class,
        } => {
            let how = if *in_minutes {
                "in minutes, as the clock readings show"
            } else {
                "as written, in seconds"
            };
            format!(
                "TimeControl \"{value}\" is ambiguous: {}; it is read {how} \
                 ({} play); --rules sets the class",
                ambiguity(*why),
                class.name()
            )
        }
    }
}

fn move_sentence(f: &Finding, m: &MoveFacts) -> String {
    let slot = format!("{}'s move {}", color_name(m.side), m.number);
    let token = &m.token;
    let mut s = match &m.problem {
        MoveProblem::Unparseable(err) => format!("{slot} \"{token}\" is {}", notation(*err)),
        MoveProblem::Ambiguous(moves) => format!(
            "{slot} \"{token}\" fits more than one legal move: {}",
            joined(moves, " or ")
        ),
        MoveProblem::Null => format!(
            "{slot} \"{token}\" is a null move, which is not a move in over-the-board chess"
        ),
        MoveProblem::PromotionMissing => {
            format!("{slot} \"{token}\" moves a pawn to the last rank without naming the new piece")
        }
        MoveProblem::WrongPiece { found } => format!(
            "{slot} \"{token}\" names a different piece than the one on its starting square ({})",
            found.map_or("empty", role_name)
        ),
        MoveProblem::Illegal { in_check } => format!(
            "{slot} \"{token}\" is not a legal move in this position{}",
            if *in_check {
                ", and the king is in check"
            } else {
                ""
            }
        ),
    };
    if !f.suggestions.is_empty() && f.kind == Kind::IllegalMove {
        s.push_str(&format!(
            "; perhaps {} was meant",
            joined(&f.suggestions, " or ")
        ));
    }
    let unnoticed = f.article.is_some_and(|a| a.as_str() == "3.10.1");
    if m.stood && unnoticed {
        s.push_str(
            "; read as played, nobody noticed it during the game, and the record goes on from the position it left",
        );
    } else if m.stood {
        s.push_str(
            "; under Appendix A.5 nobody stopped it before the opponent's next move, so it stands and play goes on (A.5.2)",
        );
    }
    if let Some(r) = &m.repair
        && r.edit != Edit::Stood
    {
        s.push_str(&format!(
            "; read as {} ({}), the record replays to {}",
            repair_move(r),
            edit_name(r.edit),
            reaches(r)
        ));
    } else if let Some(r) = &m.repair {
        s.push_str(&format!("; with it the record replays to {}", reaches(r)));
    }
    if !m.repair_candidates.is_empty() {
        s.push_str(&format!(
            "; {} explain the record equally well, so none is taken and the record is checked no further",
            candidates(&m.repair_candidates)
        ));
    }
    if m.gave_up {
        s.push_str("; the game has too many errors: checking gave up here");
    }
    s
}

/// `3.Lb5`: a repaired move, numbered, in the scoresheet's letters.
pub fn repair_move(r: &Repair) -> String {
    let san = crate::i18n::spelt(&r.read_as, r.german);
    let dots = match r.side {
        Color::White => ".",
        Color::Black => "...",
    };
    format!("{}{dots}{san}", r.number)
}

pub(super) fn edit_name(edit: Edit) -> &'static str {
    match edit {
        Edit::PieceLetter => "a wrong piece letter",
        Edit::Square => "a square written wrong",
        Edit::MissingMove => "a missing move",
        Edit::Swapped => "two moves swapped",
        Edit::WrittenTwice => "a move written twice",
        Edit::WrongColumn => "a move written in the wrong column",
        Edit::Stood => "an illegal move that stood",
    }
}

/// "the end of Black's move 24", as a person counts moves.
fn reaches(r: &Repair) -> String {
    format!("{}'s move {}", color_name(r.reaches.1), r.reaches.0)
}

fn candidates(list: &[Repair]) -> String {
    let moves: Vec<String> = list.iter().map(repair_move).collect();
    moves.join(", ")
}

/// The rustc-style suggestion of a finding's repair, for the text and
/// HTML views: "3. Sb5 → 3. Lb5: with it the record replays to move 24".
pub fn repair_hint(f: &Finding) -> Option<String> {
    match &f.facts {
        Facts::Move(m) => {
            let r = m.repair.as_ref()?;
            let from = spaced(m.number, m.side, &m.token);
            Some(match r.edit {
                Edit::Stood => format!(
                    "{from} stood as played: with it the record replays to {}",
                    reaches(r)
                ),
                _ => format!(
                    "{from} → {}: with it the record replays to {}",
                    spaced_repair(r),
                    reaches(r)
                ),
            })
        }
        Facts::MissingMove(m) => {
            let r = m.repair.as_ref()?;
            Some(format!(
                "insert {}: with it the record replays to {}",
                spaced_repair(r),
                reaches(r)
            ))
        }
        Facts::MoveNumber(n) => {
            let r = n.repair.as_ref()?;
            Some(format!(
                "{}. {} → {}: written in the wrong column",
                n.written,
                n.token,
                repair_move(r)
            ))
        }
        _ => None,
    }
}

/// `3. Sb5`, `3... Lb5`: a move as the suggestion line writes it.
fn spaced(number: u32, side: Color, text: &str) -> String {
    match side {
        Color::White => format!("{number}. {text}"),
        Color::Black => format!("{number}... {text}"),
    }
}

fn spaced_repair(r: &Repair) -> String {
    spaced(r.number, r.side, &crate::i18n::spelt(&r.read_as, r.german))
}

fn number_sentence(n: &NumberFacts) -> String {
    let written = match n.written_side {
        Color::White => format!("{}.", n.written),
        Color::Black => format!("{}...", n.written),
    };
    let mut s = format!(
        "the move number {written} stands before {}'s move {} \"{}\"; the moves replay as written",
        color_name(n.side),
        n.number,
        n.token
    );
    if let Some(r) = &n.repair {
        s.push_str(&format!(
            ": it is {} written in the other player's column, and the record replays to {}",
            repair_move(r),
            reaches(r)
        ));
    }
    s
}

fn missing_sentence(m: &MissingFacts) -> String {
    let written = m
        .written
        .map(|w| format!(" (the number {w} follows)"))
        .unwrap_or_default();
    let mut s = format!(
        "{}'s move {} is missing from the record{written}",
        color_name(m.side),
        m.number
    );
    if let Some(r) = &m.repair {
        s.push_str(&format!(
            "; with {} inserted the record replays to {}",
            repair_move(r),
            reaches(r)
        ));
    } else if !m.repair_candidates.is_empty() {
        s.push_str(&format!(
            "; {} explain the record equally well, so none is inserted and the record is checked no further",
            candidates(&m.repair_candidates)
        ));
    }
    s
}

fn ending(f: &Finding, kind: &EndingKind) -> String {
    let after = after(f.move_number.as_ref());
    match kind {
        EndingKind::Checkmate { winner } => format!(
            "{} is checkmated {after}: {} wins",
            color_name(!*winner),
            color_name(*winner)
        ),
        EndingKind::Stalemate => format!(
            "{} is stalemated {after}: the game is drawn",
            color_name(who(f))
        ),
        EndingKind::DeadPosition => format!(
            "neither side can checkmate by any series of legal moves {after}: the game is drawn"
        ),
        EndingKind::FivefoldRepetition { occurrences } => format!(
            "the position {after} occurred for the fifth time (plies {}): the game is drawn",
            plies_list(occurrences)
        ),
        EndingKind::SeventyFiveMoves { since } => format!(
            "75 moves by each player without a capture or pawn move are complete {after} (quiet since ply {since}): the game is drawn"
        ),
        EndingKind::IllegalMoveForfeit { offender, .. } => format!(
            "{}'s second completed illegal move {after} ends the game",
            color_name(*offender)
        ),
        EndingKind::FlagFall { flagged, .. } => {
            format!("{}'s flag fell {after}", color_name(*flagged))
        }
        EndingKind::IllegalPosition => format!(
            "an illegal position is still on the board {after}, the move after an illegal move that stood: the game is drawn"
        ),
        EndingKind::BothFlags => format!(
            "both flags have fallen {after} in the last period and the record cannot say which fell first: the game is drawn"
        ),
        EndingKind::ClaimUpheld { .. } => {
            format!("a correct draw claim {after}: the game is drawn")
        }
        EndingKind::DrawAgreed {
            offered_by, offer, ..
        } => {
            let what = match offer {
                laws::offer::OfferKind::Offer => {
                    format!("{}'s draw offer", color_name(*offered_by))
                }
                laws::offer::OfferKind::Claim(kind) => format!(
                    "{}'s claim of {} as a draw offer (9.1.2.3)",
                    color_name(*offered_by),
                    match kind {
                        ClaimKind::Threefold => "threefold repetition",
                        ClaimKind::Fifty => "the fifty-move rule",
                    }
                ),
            };
            format!(
                "{} accepts {what} {after}: the game is drawn by agreement",
                color_name(!*offered_by)
            )
        }
    }
}

/// What ended the game, where: "White delivered checkmate after 31.Qxf7# (ply 61)".
fn ending_phrase(kind: &EndingKind, at: &Occurrence) -> String {
    let at = position(at);
    match kind {
        EndingKind::Checkmate { winner } => {
            format!("{} delivered checkmate {at}", color_name(*winner))
        }
        EndingKind::Stalemate => format!("stalemate {at}"),
        EndingKind::DeadPosition => format!("a dead position {at}"),
        EndingKind::FivefoldRepetition { .. } => format!("fivefold repetition {at}"),
        EndingKind::SeventyFiveMoves { .. } => format!("the 75-move rule {at}"),
        EndingKind::ClaimUpheld { article, .. } => {
            format!("a correct draw claim ({article}) {at}")
        }
        EndingKind::IllegalMoveForfeit { offender, .. } => {
            format!("{}'s second illegal move {at}", color_name(*offender))
        }
        EndingKind::FlagFall { flagged, .. } => {
            format!("{}'s flag fell {at}", color_name(*flagged))
        }
        EndingKind::IllegalPosition => {
            format!("an illegal position still on the board {at}")
        }
        EndingKind::BothFlags => format!("both flags fell {at}"),
        EndingKind::DrawAgreed { .. } => format!("a draw agreed {at}"),
    }
}

/// A position by the move that reached it, with its ply for the JSON reader:
/// "after 31.Qxf7# (ply 61)", "in the starting position", or "at ply 61".
fn position(at: &Occurrence) -> String {
    match &at.mv {
        Some(l) => format!("after {l} (ply {})", at.ply),
        None if at.ply == 0 => "in the starting position".to_string(),
        None => format!("at ply {}", at.ply),
    }
}

/// "in the starting position and after 2...Ng8, 4...Ng8 (plies 0, 4, 8)".
pub fn occurrences(list: &[Occurrence]) -> String {
    let (named, plies) = occurrence_parts(list);
    format!("{named} ({plies})")
}

/// The positions by move, and their plies ("plies 0, 4, 8").
fn occurrence_parts(list: &[Occurrence]) -> (String, String) {
    let start = list.first().is_some_and(|o| o.ply == 0 && o.mv.is_none());
    let moves: Vec<String> = list
        .iter()
        .skip(usize::from(start))
        .map(|o| match &o.mv {
            Some(l) => l.to_string(),
            None => format!("ply {}", o.ply),
        })
        .collect();
    let named = match (start, moves.is_empty()) {
        (true, true) => "in the starting position".to_string(),
        (true, false) => format!("in the starting position and after {}", moves.join(", ")),
        (false, _) => format!("after {}", moves.join(", ")),
    };
    let plies: Vec<usize> = list.iter().map(|o| o.ply).collect();
    let word = if plies.len() == 1 { "ply" } else { "plies" };
    (named, format!("{word} {}", plies_list(&plies)))
}

/// What a near-miss had that the repeated position has not.
pub fn difference(d: &Difference, then: Color) -> String {
    match d {
        Difference::SideToMove => format!("{} was to move", color_name(then)),
        Difference::CastlingRight { color, side } => format!(
            "{} could still castle {}",
            color_name(*color),
            match side {
                CastlingSide::KingSide => "kingside",
                CastlingSide::QueenSide => "queenside",
            }
        ),
        Difference::EnPassant { square } => {
            format!("an en passant capture on {square} was possible")
        }
    }
}

/// "; the same placement does not count (9.2.3) in the starting position
/// (White could still castle kingside)", or nothing.
fn near_misses(list: &[NearMiss]) -> String {
    if list.is_empty() {
        return String::new();
    }
    let each: Vec<String> = list
        .iter()
        .map(|n| {
            let at = match &n.mv {
                Some(l) => format!("after {l} (ply {})", n.ply),
                None if n.ply == 0 => "in the starting position (ply 0)".to_string(),
                None => format!("at ply {}", n.ply),
            };
            let why: Vec<String> = n
                .differences
                .iter()
                .map(|d| difference(d, n.position.turn))
                .collect();
            format!(
                "{at} the same pieces stood on the same squares, but that is not the same position (9.2.3): {}",
                why.join(" and ")
            )
        })
        .collect();
    format!("; {}", each.join("; "))
}

/// " (A.3)" after a penalty of one minute, or nothing.
fn also(f: &Finding) -> String {
    if f.also.is_empty() {
        return String::new();
    }
    let list: Vec<&str> = f.also.iter().map(|a| a.as_str()).collect();
    format!(" ({})", list.join(", "))
}

fn claim_sentence(f: &Finding, claim: &ClaimFacts) -> String {
    let claimant = who(f);
    let when = after(f.move_number.as_ref());
    let what = match claim.claim {
        ClaimKind::Threefold => "threefold repetition",
        ClaimKind::Fifty => "the fifty-move rule",
    };
    let with_move = match &claim.written {
        Some(w) => {
            let named = match &w.legal {
                Some(_) => format!(" with the written move {}", w.label),
                None => format!(" with the written move \"{}\"", w.text),
            };
            match &w.legal {
                Some(san) if san.to_string() != w.text => {
                    format!("{named} (\"{}\" on the scoresheet)", w.text)
                }
                _ => named,
            }
        }
        None => String::new(),
    };
    let at = occurrences(&claim.occurrences);
    let facts = match &claim.grounds {
        Grounds::Repeated { .. } if with_move.is_empty() => {
            format!("the position occurred {at}")
        }
        Grounds::Repeated { .. } => {
            format!("after it the position would occur for the third time: {at}")
        }
        Grounds::NotRepeated { plies } => format!(
            "the position {} only {}: {at}",
            if with_move.is_empty() {
                "occurred"
            } else {
                "would occur"
            },
            match plies.len() {
                1 => "once".to_string(),
                2 => "twice".to_string(),
                n => format!("{n} times"),
            },
        ),
        Grounds::Quiet { since, quiet } if with_move.is_empty() => format!(
            "{quiet} plies without a capture or pawn move since {} complete fifty moves by each player",
            quiet_since(&claim.occurrences, *since)
        ),
        Grounds::Quiet { since, .. } => format!(
            "the written move, neither a capture nor a pawn move, would complete fifty moves by each player without one since {}",
            quiet_since(&claim.occurrences, *since)
        ),
        Grounds::NotQuiet { since, quiet } => format!(
            "only {quiet} plies without a capture or pawn move (since {}); fifty moves by each player need 100",
            quiet_since(&claim.occurrences, *since)
        ),
        Grounds::WrittenMoveResets { since, quiet } => format!(
            "the written move is a capture or a pawn move, which ends the series of {quiet} quiet plies since {}",
            quiet_since(&claim.occurrences, *since)
        ),
        Grounds::WrittenMoveIllegal(MoveError::Ambiguous(_)) => {
            "the written move is ambiguous".to_string()
        }
        Grounds::WrittenMoveIllegal(_) => "the written move is not a legal move".to_string(),
        Grounds::Touched => format!(
            "{} had touched a piece with intent to move it, which forfeits the right to claim on this move",
            color_name(claimant)
        ),
    };
    let facts = format!("{facts}{}", near_misses(&claim.near_misses));
    if f.kind == Kind::ClaimAvailable {
        return format!(
            "{} could claim a draw by {what} {when}{with_move}: {facts}; no claim is recorded",
            color_name(claimant)
        );
    }
    let verdict = if claim.upheld {
        "the claim is correct and the game is drawn (9.5.2)".to_string()
    } else if claim.grounds == Grounds::Touched {
        "the claim is not admissible, and the touch binds the player under Art. 4".to_string()
    } else {
        let mut v = format!(
            "the claim is incorrect: {} gets {} seconds more{} and play goes on",
            color_name(!claimant),
            f.seconds_added.unwrap_or(0),
            also(f)
        );
        if let Some(w) = &claim.written {
            v.push_str(if w.legal.is_some() {
                ", and the written move must now be played (Art. 4)"
            } else {
                ", and another move with the same piece must be played (Art. 4)"
            });
        }
        v
    };
    format!(
        "{} claims a draw by {what} {when}{with_move}: {facts}; {verdict}",
        color_name(claimant)
    )
}

fn illegal_act(f: &Finding, a: &IllegalActFacts) -> String {
    let offender = who(f);
    let what = match &a.act {
        Act::TwoHands => "made a move with two hands (7.5.4)".to_string(),
        Act::NoMove => "pressed the clock without making a move (7.5.3)".to_string(),
        Act::PromotionMissing(token) => {
            format!("completed {token} without putting a new piece on the promotion square (7.5.2)")
        }
        Act::Move(token) => format!("completed the illegal move {token}"),
    };
    let (me, opp) = (color_name(offender), color_name(!offender));
    match &a.verdict {
        None => {
            let seconds = f.seconds_added.unwrap_or(0);
            let clock = match a.clock_before {
                Some(before) => format!(
                    ": {opp}'s clock {} → {}",
                    format_clock(before),
                    format_clock(before + f64::from(seconds))
                ),
                None => String::new(),
            };
            let cited: Vec<&str> = f.also.iter().map(|a| a.as_str()).collect();
            let cited = if cited.is_empty() {
                String::new()
            } else {
                format!(", {}", cited.join(", "))
            };
            format!(
                "{me} {what}; the position is reinstated and {opp} gets {seconds} seconds more ({} play{cited}){clock}",
                a.class.name()
            )
        }
        Some(verdict) => {
            let outcome = if verdict.is_unwinnable() {
                "the game is drawn".to_string()
            } else {
                format!("{me} loses")
            };
            format!(
                "{me} {what}, the second completed illegal move: {}, so {outcome}",
                chances(f, verdict, !offender)
            )
        }
    }
}

fn clock(who: &str, problem: &ClockProblem) -> String {
    match problem {
        ClockProblem::AboveAllowed {
            clock,
            number,
            time_control,
            most,
        } => format!(
            "{who}'s clock reads {} after move {number}, more than the time control {time_control} gives by then ({})",
            format_clock(*clock),
            format_clock(*most)
        ),
        ClockProblem::FirstWithoutPeriod {
            clock,
            number,
            period,
        } => format!(
            "{who}'s clock reads {} after move {number}, although this move completed a period and the next period's {} was due",
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
            "{who}'s clock gained {} since ply {since_ply} ({} → {}), but the time control {time_control} adds only {}",
            format_clock(*gained),
            format_clock(*from),
            format_clock(*to),
            format_clock(*allowed)
        ),
        ClockProblem::WithoutPeriod { clock, period } => format!(
            "{who}'s clock reads {} although the next period's {} was due on completing the period's moves",
            format_clock(*clock),
            format_clock(*period)
        ),
        ClockProblem::MoveTime {
            clock,
            previous,
            expected,
        } => format!(
            "{who}'s clock reads {} but the previous reading {} less the move time plus the time added gives {}",
            format_clock(*clock),
            format_clock(*previous),
            format_clock(*expected)
        ),
    }
}

fn trf_player(p: &TrfPlayer) -> String {
    format!("{} ({})", p.name, p.start_rank)
}

/// The result a TRF code gives the game, from White's code.
pub fn trf_result(code: Code) -> &'static str {
    match code {
        Code::Win => "1-0",
        Code::Loss => "0-1",
        Code::Draw => "1/2-1/2",
        Code::UnratedWin => "1-0 not rated",
        Code::UnratedLoss => "0-1 not rated",
        Code::UnratedDraw => "1/2-1/2 not rated",
        Code::ForfeitWin => "+:- (forfeit)",
        Code::ForfeitLoss => "-:+ (forfeit)",
        Code::HalfBye => "a half-point bye",
        Code::FullBye => "a full-point bye",
        Code::PairingBye => "the pairing-allocated bye",
        Code::ZeroBye | Code::Blank => "absent (a zero-point bye)",
    }
}

/// A forfeit as a score, from the game's White's code: `+:-`, `-:+`, `-:-`.
fn forfeit_score(code: Code) -> &'static str {
    match code {
        Code::ForfeitWin => "+:-",
        _ => "-:+",
    }
}

fn trf_field(field: TrfField) -> String {
    match field {
        TrfField::StartRank => "start rank".to_string(),
        TrfField::Rating => "rating".to_string(),
        TrfField::FideId => "FIDE ID".to_string(),
        TrfField::Points => "points".to_string(),
        TrfField::Rank => "rank".to_string(),
        TrfField::PlayerCount => "number of players (062)".to_string(),
        TrfField::RatedCount => "number of rated players (072)".to_string(),
        TrfField::TeamCount => "number of teams (082)".to_string(),
        TrfField::RoundDate { round } => format!("date of round {round} (132)"),
        TrfField::Rounds => "number of rounds (XXR)".to_string(),
        TrfField::Scoring => "points of a BB line".to_string(),
    }
}

fn entry_problem(problem: EntryProblem) -> String {
    match problem {
        EntryProblem::Opponent => "names no start rank as the opponent".to_string(),
        EntryProblem::Colour(c) => format!("has the colour \"{c}\", which is none of w, b, -"),
        EntryProblem::Code(c) => {
            format!("has the result \"{c}\", which is none of 1 0 = + - W D L H F U Z")
        }
        EntryProblem::Misaligned => {
            "is out of its columns: its fields are not separated by blanks".to_string()
        }
        EntryProblem::NeedsOpponent => "scores a game at the board without an opponent".to_string(),
        EntryProblem::ByeWithOpponent => "is a bye but names an opponent".to_string(),
        EntryProblem::NeedsColour => "is a game at the board without a colour".to_string(),
        EntryProblem::ColourWithoutOpponent => "has a colour but no opponent".to_string(),
        EntryProblem::SelfPaired => "pairs the player with himself".to_string(),
    }
}

fn colour_word(color: Color) -> &'static str {
    color_name(color)
}

/// The sentence of a finding about the TRF, or about a game against it.
pub fn tournament(t: &TrfFacts) -> String {
    match t {
        TrfFacts::Line(problem) => match problem {
            LineProblem::BadField { field, text } => match field {
                TrfField::RoundDate { .. } => format!(
                    "the {} \"{text}\" is not a date of the form YY/MM/DD",
                    trf_field(*field)
                ),
                TrfField::Points | TrfField::Scoring => format!(
                    "the {} \"{text}\" is not a number of points with at most one decimal",
                    trf_field(*field)
                ),
                _ => format!("the {} \"{text}\" is not a number", trf_field(*field)),
            },
            LineProblem::BadEntry {
                round,
                text,
                problem,
            } => format!(
                "the entry of round {round}, \"{text}\", {}",
                entry_problem(*problem)
            ),
            LineProblem::DuplicateStartRank {
                start_rank,
                first_line,
            } => format!(
                "start rank {start_rank} is given again (first on line {first_line}); this line is ignored"
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
                Some(t) => format!("{}'s line has \"{t}\"", trf_player(opponent)),
                None => format!(
                    "{}'s line has no entry for that round",
                    trf_player(opponent)
                ),
            };
            format!(
                "in round {round} {} has \"{entry}\" against {}, but {theirs}: the pairing is not symmetric",
                trf_player(player),
                opponent.name
            )
        }
        TrfFacts::UnknownOpponent {
            round,
            player,
            opponent,
        } => format!(
            "in round {round} {} has the opponent {opponent}, but no player line has that start rank",
            trf_player(player)
        ),
        TrfFacts::PlayerCount { declared, found } => {
            format!("062 gives {declared} players, but the file has {found} player lines")
        }
        TrfFacts::BeyondRounds {
            player,
            round,
            rounds,
        } => format!(
            "{} has an entry for round {round}, beyond the {rounds} rounds that XXR gives",
            trf_player(player)
        ),
        TrfFacts::Points {
            player,
            written,
            computed,
        } => format!(
            "{} has {written} points, but the round results add up to {computed}",
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
                format!("{} and {}", trf_player(white), trf_player(black))
            };
            format!(
                "{pairing} is a game at the board in round {round} (the TRF scores it {}), but no game of the input is this pairing: the scoresheet is missing",
                trf_result(*code)
            )
        }
        TrfFacts::Unmatched { round, cause } => match cause {
            Unmatched::NoRound { written: Some(w) } => format!(
                "the Round tag \"{w}\" names no round, so the game cannot be matched to a pairing"
            ),
            Unmatched::NoRound { written: None } => {
                "the game has no Round tag, so it cannot be matched to a pairing".to_string()
            }
            Unmatched::RoundNotInTrf { rounds } => format!(
                "round {} is not in the TRF, which has results for {rounds} round(s)",
                round.unwrap_or(0)
            ),
            Unmatched::NoPairing {
                white,
                black,
                other_round,
            } => {
                let round = round.unwrap_or(0);
                let side = |who: &str, p: &Option<TrfPlayer>| match p {
                    Some(p) => format!("{who} is {}", trf_player(p)),
                    None => format!("{who}'s name fits no player, or several"),
                };
                let met = match other_round {
                    Some(r) => format!("; these two were paired in round {r}"),
                    None => String::new(),
                };
                format!(
                    "no pairing of round {round} has these players ({}, {}){met}",
                    side("White", white),
                    side("Black", black)
                )
            }
            Unmatched::AlreadyMatched { source, game } => format!(
                "the pairing of round {} already has game {game} of {source}",
                round.unwrap_or(0)
            ),
        },
        TrfFacts::Colours {
            round,
            white,
            black,
        } => format!(
            "in round {round} the TRF has {} with White and {} with Black; the game has the colours the other way round",
            trf_player(white),
            trf_player(black)
        ),
        TrfFacts::Result {
            round,
            white,
            code,
            recorded,
            ruled,
            unrated_played: Some(plies),
        } => {
            let _ = (recorded, ruled);
            format!(
                "in round {round} the TRF scores the game {} ({}), but both players moved ({plies} plies played), so it is a rated game (White: {})",
                code.as_char(),
                trf_result(*code),
                trf_player(white)
            )
        }
        TrfFacts::Result {
            round,
            white,
            code,
            recorded,
            ruled,
            unrated_played: None,
        } => {
            let how = match recorded {
                Some(r) if r != ruled => format!(" (recorded {r}, {ruled} under the Laws)"),
                _ => String::new(),
            };
            format!(
                "in round {round} the TRF scores the game {}, but its result is {ruled}{how} (White: {})",
                trf_result(*code),
                trf_player(white)
            )
        }
        TrfFacts::ForfeitPlayed {
            round,
            player,
            code,
            opponent: Some(opponent),
        } => format!(
            "in round {round} the TRF has {} – {} as a forfeit ({}), but the game was played",
            trf_player(player),
            trf_player(opponent),
            forfeit_score(*code)
        ),
        TrfFacts::ForfeitPlayed {
            round,
            player,
            code,
            opponent: None,
        } => {
            let what = match code {
                Code::ForfeitWin => "a bye scored as a forfeit win",
                Code::ForfeitLoss => "absent, scored as a forfeit loss",
                other => trf_result(*other),
            };
            format!(
                "in round {round} the TRF has {} without an opponent ({what}), but the game was played",
                trf_player(player)
            )
        }
        TrfFacts::UnplayedScored {
            round,
            white,
            code,
            plies,
        } => format!(
            "in round {round} the TRF scores the game {} as a rated game, but only {plies} {} played: not both players moved, so it is not rated (W, D or L) or a forfeit (White: {})",
            trf_result(*code),
            if *plies == 1 { "ply was" } else { "plies were" },
            trf_player(white)
        ),
        TrfFacts::Date { round, game, trf } => {
            format!("the game is dated {game}, but the TRF dates round {round} {trf}")
        }
        TrfFacts::Uncertain {
            round,
            side,
            written,
            chosen,
            candidates,
            doubt,
        } => match doubt {
            Doubt::Several => format!(
                "{}'s name \"{written}\" fits several players of round {round}'s pairings ({}); taken to be {}",
                colour_word(*side),
                candidates
                    .iter()
                    .map(trf_player)
                    .collect::<Vec<_>>()
                    .join(", "),
                trf_player(chosen)
            ),
            Doubt::NameUnmatched => format!(
                "{}'s name \"{written}\" fits no player of the pairing; taken to be {}, whom the TRF pairs with the other player in round {round}",
                colour_word(*side),
                trf_player(chosen)
            ),
        },
    }
}

/// Where a quiet series began, after "since": "23...exd5 (ply 46)", or
/// "ply 46" where no move of the record reached it (the starting position,
/// whose FEN may count quiet plies from before the record).
fn quiet_since(occurrences: &[Occurrence], since: usize) -> String {
    match occurrences
        .iter()
        .find(|o| o.ply == since)
        .and_then(|o| o.mv.as_ref())
    {
        Some(l) => format!("{l} (ply {since})"),
        None => format!("ply {since}"),
    }
}
