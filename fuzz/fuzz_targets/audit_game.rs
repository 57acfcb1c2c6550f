//! The whole engine on one game's arbitrary text.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = scoresheet::GameText::new(data.to_vec(), 1, 0);
    let _ = audit::check_game("fuzz.pgn", 1, &text);
});
