//! The fast reading path: pgn-reader, which is among the fastest PGN readers
//! there are, but skips any token it cannot read as SAN without a word and
//! gives no positions. It serves as the reference reader that the precise
//! path ([`Scoresheet::read`](crate::Scoresheet::read)) is checked against on
//! real games, and as the baseline of the benchmarks.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::Outcome;

/// What pgn-reader reads of one game's main line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FastGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<SanPlus>,
    pub outcome: Option<Outcome>,
}

struct Collect;

impl Visitor for Collect {
    type Tags = Vec<(String, String)>;
    type Movetext = FastGame;
    type Output = FastGame;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        tags.push((
            String::from_utf8_lossy(name).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Movetext> {
        ControlFlow::Continue(FastGame {
            tags,
            ..FastGame::default()
        })
    }

    fn san(&mut self, game: &mut Self::Movetext, san_plus: SanPlus) -> ControlFlow<Self::Output> {
        game.moves.push(san_plus);
        ControlFlow::Continue(())
    }

    fn outcome(
        &mut self,
        game: &mut Self::Movetext,
        outcome: Outcome,
    ) -> ControlFlow<Self::Output> {
        game.outcome.get_or_insert(outcome);
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: Self::Movetext) -> Self::Output {
        game
    }
}

/// Reads one game's bytes with pgn-reader.
///
/// ```
/// let game = scoresheet::fast::read_game(b"[White \"A\"]\n1. e4 e5 1-0\n")?;
/// assert_eq!(game.map(|g| g.moves.len()), Some(2));
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn read_game(bytes: &[u8]) -> std::io::Result<Option<FastGame>> {
    Reader::build(bytes)
        .set_supported_tag_line_length(1 << 20)
        .finish()
        .read_game(&mut Collect)
}

/// Reads every game of a stream with pgn-reader, calling `each` per game.
pub fn read_all<R: std::io::Read>(
    reader: R,
    mut each: impl FnMut(FastGame),
) -> std::io::Result<()> {
    let mut reader = Reader::new(reader);
    while let Some(game) = reader.read_game(&mut Collect)? {
        each(game);
    }
    Ok(())
}
