//! Draw claims: threefold repetition (9.2) and fifty moves (9.3), with or
//! without a written intended move, and what follows from them (9.4, 9.5).

use scoresheet::{ClaimKind, WrittenMove};
use shakmaty::{Move, Position};

use crate::{Article, MoveError, Replay, resolve::resolve};

/// Why a claim stands or falls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Grounds {
    /// The position occurred at these plies (the last may be the written move's).
    Repeated { plies: Vec<usize> },
    /// The position occurred only this often.
    NotRepeated { plies: Vec<usize> },
    /// No capture or pawn move since `since`; `quiet` plies in all.
    Quiet { since: usize, quiet: u32 },
    /// Only `quiet` plies without capture or pawn move.
    NotQuiet { since: usize, quiet: u32 },
    /// The written move is a capture or a pawn move, which restarts the count
    /// of the `quiet` plies played since `since`.
    WrittenMoveResets { since: usize, quiet: u32 },
    /// The written move is not legal.
    WrittenMoveIllegal(MoveError),
    /// The claimant had touched a piece with intent to move it (9.4).
    Touched,
}

/// The arbiter's decision on one claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimRuling {
    pub kind: ClaimKind,
    pub upheld: bool,
    /// 9.2.1 / 9.2.2 / 9.3.1 / 9.3.2 when upheld; 9.5.3 when found
    /// incorrect; 9.4 when not admissible.
    pub article: Article,
    pub grounds: Grounds,
    /// Plies the ruling rests on: occurrences, or where the quiet series began.
    pub plies: Vec<usize>,
    /// The written move, when it is legal: after an incorrect claim it must be played.
    pub written_move: Option<Move>,
    /// Time added to the opponent for an incorrect claim (9.5.3, A.3).
    pub seconds_added: Option<u32>,
}

/// Rules on a claim by the side to move in the replay's current position.
///
/// ```
/// use laws::{claim::rule_claim, Replay};
/// use scoresheet::{ClaimKind, notation::parse_move};
/// let mut game = Replay::new(shakmaty::Chess::default(), shakmaty::CastlingMode::Standard);
/// for token in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"] {
///     game.play(&parse_move(token.as_bytes()).expect("notation").written, None).expect("legal");
/// }
/// let ng8 = parse_move(b"Ng8").expect("notation").written;
/// let ruling = rule_claim(&game, ClaimKind::Threefold, Some(&ng8), false, 120);
/// assert!(ruling.upheld);
/// assert_eq!(ruling.plies, vec![0, 4, 8]);
/// ```
pub fn rule_claim(
    replay: &Replay,
    kind: ClaimKind,
    written: Option<&WrittenMove>,
    touched: bool,
    penalty_seconds: u32,
) -> ClaimRuling {
    let pos = replay.position();
    let written_move = written.map(|w| resolve(pos, w, replay.castling_mode()));
    let legal_written = written_move.as_ref().and_then(|r| r.as_ref().ok().copied());
    let rejected =
        |article: Article, grounds: Grounds, plies: Vec<usize>, seconds: Option<u32>| ClaimRuling {
            kind,
            upheld: false,
            article,
            grounds,
            plies,
            written_move: legal_written,
            seconds_added: seconds,
        };
    if touched {
        return rejected(
            Article::CLAIM_AFTER_TOUCH,
            Grounds::Touched,
            Vec::new(),
            None,
        );
    }
    let penalty = Some(penalty_seconds);
    let upheld = |article: Article, grounds: Grounds, plies: Vec<usize>| ClaimRuling {
        kind,
        upheld: true,
        article,
        grounds,
        plies,
        written_move: legal_written,
        seconds_added: None,
    };
    // A position that already qualifies upholds the claim whatever was written.
    let quiet = pos.halfmoves();
    let since = replay.ply().saturating_sub(quiet as usize);
    let now = replay.occurrences();
    match kind {
        ClaimKind::Threefold if now.len() >= 3 => {
            return upheld(
                Article::THREEFOLD_ON_BOARD,
                Grounds::Repeated { plies: now.clone() },
                now,
            );
        }
        ClaimKind::Fifty if quiet >= 100 => {
            return upheld(
                Article::FIFTY_ON_BOARD,
                Grounds::Quiet { since, quiet },
                vec![since],
            );
        }
        _ => {}
    }
    let written = match written_move {
        Some(Err(err)) => {
            return rejected(
                Article::INCORRECT_CLAIM,
                Grounds::WrittenMoveIllegal(err),
                Vec::new(),
                penalty,
            );
        }
        Some(Ok(mv)) => Some(mv),
        None => None,
    };
    match (kind, written) {
        (ClaimKind::Threefold, None) => rejected(
            Article::INCORRECT_CLAIM,
            Grounds::NotRepeated { plies: now.clone() },
            now,
            penalty,
        ),
        (ClaimKind::Threefold, Some(mv)) => {
            let after = replay.occurrences_after(mv);
            if after.len() >= 3 {
                upheld(
                    Article::THREEFOLD_WRITTEN,
                    Grounds::Repeated {
                        plies: after.clone(),
                    },
                    after,
                )
            } else {
                rejected(
                    Article::INCORRECT_CLAIM,
                    Grounds::NotRepeated {
                        plies: after.clone(),
                    },
                    after,
                    penalty,
                )
            }
        }
        (ClaimKind::Fifty, None) => rejected(
            Article::INCORRECT_CLAIM,
            Grounds::NotQuiet { since, quiet },
            vec![since],
            penalty,
        ),
        (ClaimKind::Fifty, Some(mv)) => {
            let resets = mv.is_capture() || mv.role() == shakmaty::Role::Pawn;
            if resets {
                rejected(
                    Article::INCORRECT_CLAIM,
                    Grounds::WrittenMoveResets { since, quiet },
                    vec![since],
                    penalty,
                )
            } else if quiet + 1 >= 100 {
                upheld(
                    Article::FIFTY_WRITTEN,
                    Grounds::Quiet {
                        since,
                        quiet: quiet + 1,
                    },
                    vec![since],
                )
            } else {
                let grounds = Grounds::NotQuiet {
                    since,
                    quiet: quiet + 1,
                };
                rejected(Article::INCORRECT_CLAIM, grounds, vec![since], penalty)
            }
        }
    }
}

/// Whether `played` keeps the obligation an incorrect claim with a written
/// move leaves (9.5.3): play the written move, or, when it was illegal,
/// another move with the same piece if that piece can move (Art. 4).
pub fn keeps_written_move(
    replay: &Replay,
    written: &WrittenMove,
    legal: Option<Move>,
    played: Move,
) -> bool {
    if let Some(mv) = legal {
        return mv == played;
    }
    let pos = replay.position();
    let legals = crate::resolve::legal_moves(pos);
    let piece_moves: Vec<Move> = match *written {
        WrittenMove::Coordinates { from, .. } => legals
            .iter()
            .filter(|m| m.from() == Some(from))
            .copied()
            .collect(),
        WrittenMove::San(shakmaty::san::San::Normal {
            role, file, rank, ..
        }) => legals
            .iter()
            .filter(|m| {
                m.role() == role
                    && m.from().is_some_and(|f| {
                        file.is_none_or(|x| x == f.file()) && rank.is_none_or(|x| x == f.rank())
                    })
            })
            .copied()
            .collect(),
        WrittenMove::San(shakmaty::san::San::Castle(_)) => legals
            .iter()
            .filter(|m| m.role() == shakmaty::Role::King)
            .copied()
            .collect(),
        _ => Vec::new(),
    };
    piece_moves.is_empty() || piece_moves.contains(&played)
}
