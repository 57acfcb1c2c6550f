//! The whole engine on one game's arbitrary text, under every set of rules:
//! the first byte picks standard, rapid or blitz given on the command line
//! (rapid and blitz let illegal recorded moves stand, A.5.2) and the
//! supervision. libfuzzer-sys aborts on any panic, so the engine's own
//! guard (`check_game_with` turning a panic into a row) hides nothing here.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&rules, rest)) = data.split_first() else {
        return;
    };
    let class = match rules % 4 {
        0 => None,
        1 => Some(laws::GameClass::Standard),
        2 => Some(laws::GameClass::Rapid),
        _ => Some(laws::GameClass::Blitz),
    };
    let supervision = if rules & 4 == 0 {
        laws::Supervision::Limited
    } else {
        laws::Supervision::Full
    };
    let options = audit::Options {
        class,
        supervision,
        ..audit::Options::default()
    };
    let text = scoresheet::GameText::new(rest.to_vec(), 1, 0);
    let _ = audit::check_game_with("fuzz.pgn", 1, &text, &options);
});
