//! Findings about recorded moves: wrong, unreadable, ambiguous, void, or
//! with a doubtful check mark.

use laws::{Article, MoveError, Replay, resolve::suggestions};
use scoresheet::{Mark, NotationError, Span, WrittenMove};
use shakmaty::{Chess, Color, EnPassantMode, Position, fen::Fen};

use super::{Context, SUGGESTIONS, color_name};
use crate::{kind::Kind, report::Finding};

impl Context<'_> {
    pub(super) fn wrong_mark(
        &self,
        replay: &Replay,
        wrong: Mark,
        ply: usize,
        span: Span,
        mover: Color,
    ) -> Finding {
        let written = match wrong {
            Mark::Check => "a check mark",
            Mark::Mate => "a mate mark",
        };
        let actual = if replay.position().is_checkmate() {
            "it mates"
        } else if replay.position().is_check() {
            "it gives check but does not mate"
        } else {
            "it gives no check"
        };
        let label = replay.last_label().unwrap_or_default();
        let mut f = Finding::new(
            Kind::WrongCheckMark,
            Some(ply),
            format!("{label} is written with {written}, but {actual}"),
        )
        .player(mover);
        f.move_number = Some(label);
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    pub(super) fn written_label(&self, before: &Chess, span: Span) -> String {
        let number = before.fullmoves();
        let token = self.token(span);
        match before.turn() {
            Color::White => format!("{number}.{token}"),
            Color::Black => format!("{number}...{token}"),
        }
    }

    pub(super) fn move_finding(
        &self,
        kind: Kind,
        before: &Chess,
        span: Span,
        message: String,
    ) -> Finding {
        let mut f = Finding::new(kind, None, message).player(before.turn());
        f.move_number = Some(self.written_label(before, span));
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f.fen = Some(Fen::from_position(before, EnPassantMode::Legal).to_string());
        f
    }

    pub(super) fn unparseable(&self, replay: &Replay, span: Span, err: NotationError) -> Finding {
        let before = replay.position();
        let token = self.token(span);
        let mut f = self.move_finding(
            Kind::UnparseableMove,
            before,
            span,
            format!("{} \"{token}\" is {err}", self.move_slot(before),),
        );
        f.ply = Some(replay.ply() + 1);
        f
    }

    pub(super) fn move_slot(&self, before: &Chess) -> String {
        let number = before.fullmoves();
        match before.turn() {
            Color::White => format!("White's move {number}"),
            Color::Black => format!("Black's move {number}"),
        }
    }

    pub(super) fn move_error(
        &self,
        before: &Chess,
        written: &WrittenMove,
        span: Span,
        err: MoveError,
        ply: usize,
    ) -> Finding {
        let token = self.token(span);
        let slot = self.move_slot(before);
        let (kind, article, message, candidates) = match err {
            MoveError::Ambiguous(moves) => {
                let sans: Vec<String> = moves
                    .iter()
                    .map(|m| shakmaty::san::SanPlus::from_move(before.clone(), *m).to_string())
                    .collect();
                (
                    Kind::AmbiguousMove,
                    None,
                    format!(
                        "{slot} \"{token}\" fits more than one legal move: {}",
                        sans.join(" or ")
                    ),
                    sans,
                )
            }
            MoveError::Null => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                format!(
                    "{slot} \"{token}\" is a null move, which is not a move in over-the-board chess"
                ),
                Vec::new(),
            ),
            MoveError::PromotionMissing => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                format!(
                    "{slot} \"{token}\" moves a pawn to the last rank without naming the new piece"
                ),
                suggestions(before, written, SUGGESTIONS)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
            MoveError::WrongPiece { found } => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                format!(
                    "{slot} \"{token}\" names a different piece than the one on its starting square ({})",
                    found.map_or("empty", |r| role_name(r))
                ),
                suggestions(before, written, SUGGESTIONS)
                    .iter()
                    .map(ToString::to_string)
                    .collect(),
            ),
            MoveError::Illegal => {
                let why = if before.is_check() {
                    ", and the king is in check"
                } else {
                    ""
                };
                (
                    Kind::IllegalMove,
                    Some(Article::LEGAL_MOVE),
                    format!("{slot} \"{token}\" is not a legal move in this position{why}"),
                    suggestions(before, written, SUGGESTIONS)
                        .iter()
                        .map(ToString::to_string)
                        .collect(),
                )
            }
        };
        let mut f = self.move_finding(kind, before, span, message);
        if !candidates.is_empty() && kind == Kind::IllegalMove {
            f.message
                .push_str(&format!("; perhaps {} was meant", candidates.join(" or ")));
        }
        f.article = article.map(Article::as_str);
        f.ply = Some(ply);
        f.suggestions = candidates;
        f
    }

    pub(super) fn moves_after_end(
        &self,
        label: &str,
        ply: usize,
        span: Span,
        mover: Color,
        ended_by: Article,
    ) -> Finding {
        let mut f = Finding::new(
            Kind::MovesAfterEnd,
            Some(ply),
            format!(
                "{label} is recorded after the game had ended; it and every later move are void"
            ),
        )
        .player(mover)
        .article(ended_by);
        f.move_number = Some(label.to_string());
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    pub(super) fn touch_violation(
        &self,
        replay: &Replay,
        before: &Chess,
        duty: &laws::touch::Duty,
        ply: usize,
        span: Span,
        mover: Color,
    ) -> Finding {
        let label = replay.last_label().unwrap_or_default();
        let allowed = duty
            .allowed
            .as_ref()
            .map(|moves| {
                moves
                    .iter()
                    .map(|m| shakmaty::san::SanPlus::from_move(before.clone(), *m).to_string())
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default();
        let legal = if allowed.is_empty() {
            String::new()
        } else {
            format!(
                " ({} {} legal)",
                allowed.join(" or "),
                if allowed.len() == 1 { "was" } else { "were" }
            )
        };
        let mut f = Finding::new(
            Kind::TouchMoveViolation,
            Some(ply),
            format!(
                "{label} breaks the touch-move rule: {} {}{legal}",
                color_name(mover),
                duty.obligation
            ),
        )
        .article(duty.article)
        .player(mover);
        f.move_number = Some(label);
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f.fen = Some(Fen::from_position(before, EnPassantMode::Legal).to_string());
        f.suggestions = allowed;
        f
    }

    pub(super) fn complaint_too_late(&self, replay: &Replay, at: &scoresheet::EventAt) -> Finding {
        let mut f = Finding::new(
            Kind::ComplaintTooLate,
            Some(replay.ply()),
            format!(
                "{} complains about the opponent's last move after touching a piece, and so has lost the right to complain (4.8)",
                color_name(replay.turn())
            ),
        )
        .article(Article::TOUCH_COMPLAINT)
        .player(replay.turn());
        f.token = Some(at.text.clone());
        f.place = Some(self.place(at.span));
        f
    }
}

fn role_name(role: shakmaty::Role) -> &'static str {
    match role {
        shakmaty::Role::Pawn => "a pawn",
        shakmaty::Role::Knight => "a knight",
        shakmaty::Role::Bishop => "a bishop",
        shakmaty::Role::Rook => "a rook",
        shakmaty::Role::Queen => "a queen",
        shakmaty::Role::King => "a king",
    }
}
