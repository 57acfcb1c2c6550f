//! What a taken correction changes in the record, recorded by the engine
//! as places in the game's text and moves (`GameReport::rewrites`): the
//! facts the writer of the repaired record applies without reading again.

#![allow(clippy::expect_used, clippy::unwrap_used)] // test code: a failure should stop the test

use audit::{Change, check_game};
use scoresheet::GameText;

fn at(text: &str, start: usize, end: usize) -> &str {
    &text[start..end]
}

#[test]
fn a_square_written_wrong_is_recorded_at_its_token() {
    let pgn = "[Result \"*\"]\n\n1. e4 e5 2. Nf4 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Nxe5 *\n";
    let report = check_game("x.pgn", 1, &GameText::new(pgn.as_bytes().to_vec(), 1, 0));
    assert_eq!(report.rewrites.len(), 1, "{:?}", report.rewrites);
    let rewrite = &report.rewrites[0];
    let Change::Read { token, read_as } = &rewrite.change else {
        panic!("{rewrite:?}");
    };
    assert_eq!(at(pgn, token.start, token.end), "Nf4");
    assert_eq!(read_as.to_string(), "Nf3");
    let repair = rewrite.repair.as_ref().unwrap();
    assert_eq!((repair.number, repair.reaches.0), (2, 5));
    // The text stays with the report only where the run asks for it.
    assert!(report.text.is_none());
}

#[test]
fn inserted_moves_go_before_the_number_and_a_copy_is_dropped_with_its_number() {
    let pgn = "1. e4 e5 2. Nf3 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Rb8 *\n";
    let report = check_game("x.pgn", 1, &GameText::new(pgn.as_bytes().to_vec(), 1, 0));
    let Some(Change::Inserted {
        at: place,
        number,
        san,
        ..
    }) = report.rewrites.first().map(|r| &r.change)
    else {
        panic!("{:?}", report.rewrites);
    };
    assert_eq!(&pgn[*place..place + 3], "3. ");
    assert_eq!((*number, san.to_string().as_str()), (2, "Nc6"));

    let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 4... Ba4 Nf6 5. O-O *\n";
    let report = check_game("x.pgn", 1, &GameText::new(pgn.as_bytes().to_vec(), 1, 0));
    let Some(Change::Dropped { from, token }) = report.rewrites.first().map(|r| &r.change) else {
        panic!("{:?}", report.rewrites);
    };
    assert_eq!(at(pgn, *from, token.end), "4... Ba4");
}
