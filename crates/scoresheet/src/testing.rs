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
