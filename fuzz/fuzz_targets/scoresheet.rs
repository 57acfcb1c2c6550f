//! The splitter and the precise reader on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in scoresheet::Splitter::with_limit(data, 1 << 16).flatten() {
        let sheet = scoresheet::Scoresheet::read(&game);
        for m in &sheet.moves {
            let _ = game.locate(m.span.start);
        }
        let _ = sheet.events(&game);
    }
});
