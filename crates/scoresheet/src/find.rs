//! Byte searches where the match is usually near: the end of a line, of a
//! tag value, of a comment.
//!
//! `memchr::memchr` picks its AVX2 routine at run time, through a function
//! pointer and two calls, which costs more than the search itself on the
//! thirty-odd bytes of a tag pair (about 57 instructions a line of the bench
//! slice, most of them the dispatch). Where the build targets SSE2 (every
//! x86_64 target does by default), memchr's SSE2 searchers are inlined
//! instead; elsewhere these are memchr's own functions. The answers are the
//! same; a search that runs on through a long text (an unclosed comment)
//! is slower than AVX2's, never wrong.

/// The first `needle` in `haystack`.
#[inline]
pub(crate) fn byte(needle: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(searcher) = memchr::arch::x86_64::sse2::memchr::One::new(needle) {
        return searcher.find(haystack);
    }
    memchr::memchr(needle, haystack)
}

/// The first of `a` or `b` in `haystack`.
#[inline]
pub(crate) fn any2(a: u8, b: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(searcher) = memchr::arch::x86_64::sse2::memchr::Two::new(a, b) {
        return searcher.find(haystack);
    }
    memchr::memchr2(a, b, haystack)
}

/// The first of `a`, `b` or `c` in `haystack`.
#[inline]
pub(crate) fn any3(a: u8, b: u8, c: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(searcher) = memchr::arch::x86_64::sse2::memchr::Three::new(a, b, c) {
        return searcher.find(haystack);
    }
    memchr::memchr3(a, b, c, haystack)
}

#[cfg(test)]
mod tests {
    /// Each search answers as memchr's own, on haystacks of every length up
    /// to eight vectors and more, at every alignment of the start, with no
    /// needle, or one or two of them anywhere (the vector loops' every lane
    /// and the bytes after them included). It fails if a search misses a
    /// needle past its first vector, or finds the second before the first.
    #[test]
    fn answers_as_memchr() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: usize| (crate::testing::xorshift(&mut seed) % n as u64) as usize;
        let (mut found, mut far) = (0, 0);
        for _ in 0..30_000 {
            let len = next(160);
            let skew = next(16);
            let mut bytes: Vec<u8> = (0..len + skew).map(|_| b"ab x"[next(4)]).collect();
            for _ in 0..next(3) {
                if len > 0 {
                    let at = skew + next(len);
                    bytes[at] = b"\n{;["[next(4)];
                }
            }
            let haystack = &bytes[skew..];
            for needle in [b'\n', b'{', b'['] {
                let expected = memchr::memchr(needle, haystack);
                assert_eq!(super::byte(needle, haystack), expected, "{haystack:?}");
                found += usize::from(expected.is_some());
                far += usize::from(expected.is_some_and(|at| at >= 64));
            }
            assert_eq!(
                super::any2(b'\n', b'[', haystack),
                memchr::memchr2(b'\n', b'[', haystack),
                "{haystack:?}"
            );
            assert_eq!(
                super::any3(b'{', b';', b'[', haystack),
                memchr::memchr3(b'{', b';', b'[', haystack),
                "{haystack:?}"
            );
        }
        assert!(
            found > 10_000 && far > 2_000,
            "{found} found, {far} past 64 bytes"
        );
    }
}
