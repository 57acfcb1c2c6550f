//! Embedded commands and arbiter events in an arbitrary comment.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for command in scoresheet::commands::commands(data, 0) {
        let _ = scoresheet::events::parse_event(&command);
        let _ = scoresheet::commands::parse_clock(&command.args);
    }
});
