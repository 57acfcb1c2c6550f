//! What a ruling's diagram shows: the position it rests on, and what to mark
//! on it. Everything is derived from the finding (its FEN, token, touched
//! squares), so the batch audit can draw diagrams without the game's text.

use audit::{Finding, Kind, Player};
use laws::mating::{Verdict, analyse};
use scoresheet::{WrittenMove, notation::parse_move};
use shakmaty::FromSetup;
use shakmaty::{
    Bitboard, Board, CastlingMode, CastlingSide, Chess, Color, Position, Role, Square, attacks,
    fen::Fen, san::San,
};

use super::svg::{Mark, Marks};

/// One diagram of the sheet.
pub struct Figure<'a> {
    pub finding: &'a Finding,
    pub fen: &'a str,
    pub marks: Marks,
    /// For flag falls and second illegal moves: can the opponent still mate?
    pub verdict: Option<(Player, Verdict)>,
}

/// Whether a finding gets a diagram of its own: rulings on the board, not
/// problems of the notation.
pub fn has_figure(kind: Kind) -> bool {
    match kind {
        Kind::IllegalMove
        | Kind::Checkmate
        | Kind::Stalemate
        | Kind::DeadPosition
        | Kind::FivefoldRepetition
        | Kind::SeventyFiveMoveRule
        | Kind::ThreefoldClaimUpheld
        | Kind::ThreefoldClaimRejected
        | Kind::FiftyMoveClaimUpheld
        | Kind::FiftyMoveClaimRejected
        | Kind::TouchMoveViolation
        | Kind::IllegalMovePenalty
        | Kind::IllegalMoveLoss
        | Kind::IllegalMoveDraw
        | Kind::FlagFallLoss
        | Kind::FlagFallDraw
        | Kind::BothFlagsFallen
        | Kind::IllegalPositionDraw => true,
        Kind::UnreadableGame
        | Kind::UnparseableMove
        | Kind::AmbiguousMove
        | Kind::InvalidSetup
        | Kind::BadTag
        | Kind::MissingResult
        | Kind::ResultMismatch
        | Kind::MovesAfterEnd
        | Kind::AnnotationError
        | Kind::MalformedPgn
        | Kind::WrongCheckMark
        | Kind::WrittenMoveNotPlayed
        | Kind::DuplicateGame
        | Kind::ComplaintTooLate
        | Kind::ClockInconsistency => false,
    }
}

/// Whether a finding is an arbiter's ruling, which earns a game its page in
/// `audit --html`: claims, arbiter events, and the draws an arbiter must
/// recognise unasked. Checkmate, stalemate and a broken record are not.
pub fn is_ruling(kind: Kind) -> bool {
    kind.is_claim()
        || matches!(
            kind,
            Kind::DeadPosition
                | Kind::FivefoldRepetition
                | Kind::SeventyFiveMoveRule
                | Kind::WrittenMoveNotPlayed
                | Kind::TouchMoveViolation
                | Kind::ComplaintTooLate
                | Kind::IllegalMovePenalty
                | Kind::IllegalMoveLoss
                | Kind::IllegalMoveDraw
                | Kind::FlagFallLoss
                | Kind::FlagFallDraw
                | Kind::BothFlagsFallen
                | Kind::IllegalPositionDraw
                | Kind::ResultMismatch
        )
}

/// The intended move written with a claim (`[%claim threefold Ng8]`), not played.
pub fn written_move(finding: &Finding) -> Option<&str> {
    if !finding.kind.is_claim() {
        return None;
    }
    let token = finding.token.as_deref()?;
    let inner = token.trim().trim_start_matches('[').trim_end_matches(']');
    let mut words = inner.split_whitespace();
    (words.next()? == "%claim").then_some(())?;
    words.next()?;
    words.next()
}

/// The move of an `[%illegal ...]` event or an illegal written move, without
/// the event's brackets; `None` for acts that are no move (no-move, two-hands).
pub fn attempted_move(finding: &Finding) -> Option<&str> {
    let token = finding.token.as_deref()?.trim();
    let inner = token
        .trim_start_matches('[')
        .trim_end_matches(']')
        .trim_start_matches('%');
    let mv = match inner.strip_prefix("illegal") {
        Some(rest) => rest.trim(),
        None if finding.kind == Kind::IllegalMove => inner,
        None => return None,
    };
    (!mv.is_empty() && mv != "no-move" && mv != "two-hands").then_some(mv)
}

pub fn figure(finding: &Finding) -> Option<Figure<'_>> {
    if !has_figure(finding.kind) {
        return None;
    }
    let fen = finding.fen.as_deref()?;
    let setup = fen.parse::<Fen>().ok().map(Fen::into_setup);
    // Rapid and blitz positions after an illegal move that stood (A.5.2) may
    // be illegal themselves; the marks need only the board.
    let pos: Option<Chess> = setup
        .clone()
        .and_then(|s| Chess::from_setup(s, CastlingMode::Standard).ok());
    let mut marks = Marks::default();
    let mut verdict = None;
    if let Some(setup) = &setup {
        let (board, turn) = (&setup.board, setup.turn);
        match finding.kind {
            Kind::IllegalMove
            | Kind::IllegalMovePenalty
            | Kind::IllegalMoveLoss
            | Kind::IllegalMoveDraw => {
                if let Some((from, to)) =
                    attempted_move(finding).and_then(|m| squares_of(board, turn, m))
                {
                    match from {
                        Some(from) => marks.arrows.push((from, to)),
                        None => marks.squares.push((to, Mark::Attention)),
                    }
                }
            }
            _ if finding.kind.is_claim() => {
                if let Some((Some(from), to)) =
                    written_move(finding).and_then(|m| squares_of(board, turn, m))
                {
                    marks.played.push((from, to));
                }
            }
            Kind::TouchMoveViolation => {
                for square in &finding.touched {
                    if let Ok(square) = square.parse::<Square>() {
                        marks.squares.push((square, Mark::Touched));
                    }
                }
                let played = finding
                    .token
                    .as_deref()
                    .and_then(|m| squares_of(board, turn, m));
                if let Some((Some(from), to)) = played {
                    marks.played.push((from, to));
                }
            }
            _ => {}
        }
        if matches!(
            finding.kind,
            Kind::FlagFallLoss | Kind::FlagFallDraw | Kind::IllegalMoveLoss | Kind::IllegalMoveDraw
        ) && let (Some(loser), Some(pos)) = (finding.player, &pos)
        {
            let opponent = match loser {
                Player::White => Color::Black,
                Player::Black => Color::White,
            };
            if finding.kind != Kind::IllegalMoveLoss
                && finding.kind != Kind::IllegalMoveDraw
                && let Some(king) = pos.board().king_of(!opponent)
            {
                marks.squares.push((king, Mark::Attention));
            }
            verdict = Some((opponent.into(), analyse(pos, opponent)));
        }
    }
    Some(Figure {
        finding,
        fen,
        marks,
        verdict,
    })
}

/// The squares of a written move in `pos`: the origin where the notation or
/// the board names it (a piece of that kind that could reach the square if
/// checks and pins were no matter), and the target.
pub fn squares_of(board: &Board, turn: Color, written: &str) -> Option<(Option<Square>, Square)> {
    let notation = parse_move(written.as_bytes()).ok()?;
    match notation.written {
        WrittenMove::Coordinates { from, to, .. } => Some((Some(from), to)),
        WrittenMove::San(San::Castle(side)) => {
            let rank = turn.backrank();
            let king = board.king_of(turn)?;
            let file = match side {
                CastlingSide::KingSide => shakmaty::File::G,
                CastlingSide::QueenSide => shakmaty::File::C,
            };
            Some((Some(king), Square::from_coords(file, rank)))
        }
        WrittenMove::San(San::Normal {
            role,
            file,
            rank,
            to,
            ..
        }) => {
            let occupied = board.occupied();
            let candidates: Vec<Square> = board
                .by_piece(role.of(turn))
                .into_iter()
                .filter(|from| {
                    file.is_none_or(|f| from.file() == f) && rank.is_none_or(|r| from.rank() == r)
                })
                .collect();
            // An illegal move may go where its piece cannot; the only piece
            // of its kind is still the one meant (Ke3 from e1).
            let from = candidates
                .iter()
                .copied()
                .find(|&from| reaches(role, turn, from, to, occupied))
                .or_else(|| (candidates.len() == 1).then(|| candidates[0]));
            Some((from, to))
        }
        WrittenMove::San(_) | WrittenMove::Null => None,
    }
}

fn reaches(role: Role, turn: Color, from: Square, to: Square, occupied: Bitboard) -> bool {
    if attacks::attacks(from, role.of(turn), occupied).contains(to) {
        return true;
    }
    if role != Role::Pawn || from.file() != to.file() {
        return false;
    }
    let step: i32 = match turn {
        Color::White => 8,
        Color::Black => -8,
    };
    let distance = i32::from(to) - i32::from(from);
    distance == step
        || (distance == 2 * step && from.rank() == turn.relative_rank(shakmaty::Rank::Second))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .expect("fen")
            .into_position(CastlingMode::Standard)
            .expect("legal")
    }

    #[test]
    fn squares_of_illegal_and_legal_moves() {
        let after_e4_e5 = pos("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        // Ke3 is illegal (not a king move), yet the king is the only king.
        assert_eq!(
            squares_of(after_e4_e5.board(), after_e4_e5.turn(), "Ke3"),
            Some((Some(Square::E1), Square::E3))
        );
        // No rook can reach e3, and there are two: only the target is known.
        assert_eq!(
            squares_of(after_e4_e5.board(), after_e4_e5.turn(), "Re3"),
            Some((None, Square::E3))
        );
        assert_eq!(
            squares_of(after_e4_e5.board(), after_e4_e5.turn(), "Ke2"),
            Some((Some(Square::E1), Square::E2))
        );
        assert_eq!(
            squares_of(after_e4_e5.board(), after_e4_e5.turn(), "Nf3"),
            Some((Some(Square::G1), Square::F3))
        );
        assert_eq!(
            squares_of(after_e4_e5.board(), after_e4_e5.turn(), "d4"),
            Some((Some(Square::D2), Square::D4))
        );
        assert_eq!(
            squares_of(after_e4_e5.board(), after_e4_e5.turn(), "g1f3"),
            Some((Some(Square::G1), Square::F3))
        );
        assert_eq!(
            squares_of(after_e4_e5.board(), after_e4_e5.turn(), "Sf3"),
            Some((Some(Square::G1), Square::F3))
        );
    }

    #[test]
    fn attempted_moves_of_events() {
        let mut f = Finding::new(Kind::IllegalMovePenalty, Some(2), String::new());
        f.token = Some("[%illegal Ke3]".into());
        assert_eq!(attempted_move(&f), Some("Ke3"));
        f.token = Some("[%illegal no-move]".into());
        assert_eq!(attempted_move(&f), None);
        let mut f = Finding::new(Kind::IllegalMove, Some(2), String::new());
        f.token = Some("Qxe1".into());
        assert_eq!(attempted_move(&f), Some("Qxe1"));
        let mut f = Finding::new(Kind::ThreefoldClaimUpheld, Some(11), String::new());
        f.token = Some("[%claim threefold Ng8]".into());
        assert_eq!(written_move(&f), Some("Ng8"));
        f.token = Some("[%claim fifty]".into());
        assert_eq!(written_move(&f), None);
    }
}
