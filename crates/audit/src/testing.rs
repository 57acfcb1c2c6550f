//! What the unit tests of several modules share: random numbers that are
//! the same on every run.

/// The next state of a xorshift64 generator.
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}
