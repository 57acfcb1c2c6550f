//! Findings about recorded moves: wrong, unreadable, ambiguous, void, or
//! with a doubtful check mark.

use laws::{Article, MoveError, MoveLabel, Replay, resolve::suggestions, squares::squares_of};
use scoresheet::{Mark, NotationError, Span, WrittenMove};
use shakmaty::{Chess, Color, EnPassantMode, Position, san::SanPlus};

use super::{Context, SUGGESTIONS};
use crate::{
    facts::{CheckState, Facts, MoveFacts, MoveProblem, TouchFacts},
    kind::Kind,
    report::Finding,
};

/// The position as a finding carries it: the board as it stands, with the
/// en passant square only where the capture is legal (9.2.3).
pub(super) fn position_of(pos: &Chess) -> Option<Box<shakmaty::Setup>> {
    Some(Box::new(pos.to_setup(EnPassantMode::Legal)))
}

impl Context<'_> {
    pub(super) fn wrong_mark(
        &self,
        replay: &Replay,
        wrong: Mark,
        ply: usize,
        span: Span,
        mover: Color,
    ) -> Finding {
        let actual = if replay.position().is_checkmate() {
            CheckState::Mate
        } else if replay.position().is_check() {
            CheckState::Check
        } else {
            CheckState::NoCheck
        };
        let mut f = Finding::new(
            Kind::WrongCheckMark,
            Some(ply),
            Facts::WrongMark {
                written: wrong,
                actual,
            },
        )
        .player(mover);
        f.move_number = replay.last_label();
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    /// A capture sign on a move that captures nothing: a note on the move
    /// just played (Appendix C.9).
    pub(super) fn wrong_capture_mark(
        &self,
        replay: &Replay,
        ply: usize,
        span: Span,
        mover: Color,
    ) -> Finding {
        let mut f =
            Finding::new(Kind::WrongCaptureMark, Some(ply), Facts::WrongCaptureMark).player(mover);
        f.move_number = replay.last_label();
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    /// The label of a recorded token in the position before it, as written.
    pub(super) fn written_label(&self, before: &Chess, span: Span) -> MoveLabel {
        MoveLabel::written(before, self.token(span))
    }

    fn move_finding(
        &self,
        kind: Kind,
        before: &Chess,
        span: Span,
        problem: MoveProblem,
    ) -> Finding {
        let token = self.token(span);
        let facts = Facts::Move(MoveFacts {
            number: before.fullmoves().get(),
            side: before.turn(),
            token: token.clone(),
            problem,
            stood: false,
            squares: None,
            repair: None,
            repair_candidates: Vec::new(),
            gave_up: false,
        });
        let mut f = Finding::new(kind, None, facts).player(before.turn());
        f.move_number = Some(MoveLabel::written(before, token.clone()));
        f.token = Some(token);
        f.place = Some(self.place(span));
        f.position = position_of(before);
        f
    }

    pub(super) fn unparseable(&self, replay: &Replay, span: Span, err: NotationError) -> Finding {
        let mut f = self.move_finding(
            Kind::UnparseableMove,
            replay.position(),
            span,
            MoveProblem::Unparseable(err),
        );
        f.ply = Some(replay.ply() + 1);
        f
    }

    pub(super) fn move_error(
        &self,
        before: &Chess,
        written: &WrittenMove,
        span: Span,
        err: MoveError,
        ply: usize,
    ) -> Finding {
        let probable = || suggestions(before, written, SUGGESTIONS);
        let (kind, article, problem, candidates) = match err {
            MoveError::Ambiguous(moves) => {
                let sans: Vec<SanPlus> = moves
                    .iter()
                    .map(|m| laws::label::san_plus(before, *m))
                    .collect();
                (
                    Kind::AmbiguousMove,
                    None,
                    MoveProblem::Ambiguous(sans.clone()),
                    sans,
                )
            }
            MoveError::Null => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                MoveProblem::Null,
                Vec::new(),
            ),
            MoveError::PromotionMissing => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                MoveProblem::PromotionMissing,
                probable(),
            ),
            MoveError::WrongPiece { found } => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                MoveProblem::WrongPiece { found },
                probable(),
            ),
            MoveError::Illegal => (
                Kind::IllegalMove,
                Some(Article::LEGAL_MOVE),
                MoveProblem::Illegal {
                    in_check: before.is_check(),
                },
                probable(),
            ),
        };
        let mut f = self.move_finding(kind, before, span, problem);
        if let Facts::Move(facts) = &mut f.facts
            && kind == Kind::IllegalMove
        {
            facts.squares = squares_of(before.board(), before.turn(), written);
        }
        f.article = article;
        f.ply = Some(ply);
        f.suggestions = candidates;
        f
    }

    pub(super) fn moves_after_end(
        &self,
        label: MoveLabel,
        ply: usize,
        span: Span,
        mover: Color,
        ended_by: Article,
    ) -> Finding {
        let mut f = Finding::new(Kind::MovesAfterEnd, Some(ply), Facts::None)
            .player(mover)
            .article(ended_by);
        f.move_number = Some(label);
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f
    }

    pub(super) fn touch_violation(
        &self,
        replay: &Replay,
        before: &Chess,
        duty: &laws::touch::Duty,
        touched: &[shakmaty::Square],
        (ply, span, written): (usize, Span, &WrittenMove),
    ) -> Finding {
        let allowed: Vec<SanPlus> = duty
            .allowed
            .as_ref()
            .map(|moves| {
                moves
                    .iter()
                    .map(|m| laws::label::san_plus(before, *m))
                    .collect()
            })
            .unwrap_or_default();
        let facts = Facts::Touch(TouchFacts {
            obligation: duty.obligation.clone(),
            touched: touched.to_vec(),
            allowed: allowed.clone(),
            played: squares_of(before.board(), before.turn(), written),
        });
        let mut f = Finding::new(Kind::TouchMoveViolation, Some(ply), facts)
            .article(duty.article)
            .player(before.turn());
        f.move_number = replay.last_label();
        f.token = Some(self.token(span));
        f.place = Some(self.place(span));
        f.position = position_of(before);
        f.suggestions = allowed;
        f
    }

    pub(super) fn complaint_too_late(&self, replay: &Replay, at: &scoresheet::EventAt) -> Finding {
        let mut f = Finding::new(Kind::ComplaintTooLate, Some(replay.ply()), Facts::None)
            .article(Article::TOUCH_COMPLAINT)
            .player(replay.turn());
        f.token = Some(at.text.clone());
        f.place = Some(self.place(at.span));
        f
    }
}
