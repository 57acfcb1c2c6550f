//! What the unit tests of several modules share: every string over an
//! alphabet, for the tests that check a fast path against the general one
//! exhaustively, and random numbers that are the same on every run.

/// The next state of a xorshift64 generator.
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

/// Every string of `len` characters over `alphabet`, to `check`.
pub(crate) fn every_string(alphabet: &[u8], len: usize, check: &mut impl FnMut(&[u8])) {
    let mut index = vec![0usize; len];
    let mut word = vec![0u8; len];
    loop {
        for (w, &i) in word.iter_mut().zip(&index) {
            *w = alphabet[i];
        }
        check(&word);
        let Some(pos) = index.iter().rposition(|&i| i + 1 < alphabet.len()) else {
            return;
        };
        index[pos] += 1;
        for i in &mut index[pos + 1..] {
            *i = 0;
        }
    }
}

/// Random movetext (with a tag line or two now and then), made of the
/// pieces real scoresheets are made of and of the pieces that look like
/// them but are something else, run together or apart: for the tests that
/// check a fast way of reading against the general one.
pub(crate) fn random_movetext(seed: &mut u64, pieces: usize) -> Vec<u8> {
    #[rustfmt::skip]
    const WORDS: &[&str] = &[
        "e4", "Nf3", "exd5+", "O-O", "O-O-O", "e8=Q", "exd8=N#", "Nbd2", "R1xe2#", "Qh4#", "Kxe2",
        "a", "e", "N", "D", "Nf", "remis", "Remis", "e8(Q)", "e7(Q)", "Sf3", "Lb5", "♘f3", "e.p.",
        "ep", "Ng1-f3", "e2e4", "0-0", "0000", "--", "N@f7", "12.", "12...", "1.", "1", "10", "9.",
        "99999999999", "4294967296.", "12…", "…", "...", "1-0", "0-1", "1/2-1/2", "*", "{c}", "{",
        "}", "(", ")", "(=)", "%esc", "$1", "$", "!?", "+-", "=", "[White \"A\"]", "]", ";x",
        "\u{0}", "Nf3!", "e4?!", "e4+", "Ke1", "1-0 [Event \"B\"]",
    ];
    const SEPARATORS: &[&str] = &[" ", " ", " ", "  ", "\n", "\n\n", "\r\n", "\t", "", "\n \n"];
    let mut text = Vec::new();
    for _ in 0..pieces {
        let word = WORDS[(xorshift(seed) % WORDS.len() as u64) as usize];
        let separator = SEPARATORS[(xorshift(seed) % SEPARATORS.len() as u64) as usize];
        text.extend_from_slice(word.as_bytes());
        text.extend_from_slice(separator.as_bytes());
    }
    text
}
