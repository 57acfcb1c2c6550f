//! Byte searches in the short haystacks of a scoresheet: a line, a tag
//! value, a comment.
//!
//! `memchr::memchr` picks its AVX2 routine at run time, through a function
//! pointer and two calls, which costs more than the search itself on the
//! thirty-odd bytes of a tag pair (about 57 instructions a line of the bench
//! slice, most of them the dispatch). The SSE2 searchers, which every x86_64
//! processor has, are inlined instead; on other targets these are memchr's
//! own functions. The answers are the same.

/// The first `needle` in `haystack`.
#[inline]
pub(crate) fn byte(needle: u8, haystack: &[u8]) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(searcher) = memchr::arch::x86_64::sse2::memchr::One::new(needle) {
        return searcher.find(haystack);
    }
    memchr::memchr(needle, haystack)
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
    /// to four vectors and a little more, with the needles anywhere or
    /// nowhere, once or twice, at every alignment of the start.
    #[test]
    fn answers_as_memchr() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut found = 0;
        for _ in 0..20_000 {
            let len = (crate::testing::xorshift(&mut seed) % 80) as usize;
            let skew = (crate::testing::xorshift(&mut seed) % 16) as usize;
            let bytes: Vec<u8> = (0..len + skew)
                .map(|_| b"ab\n{;[ x"[(crate::testing::xorshift(&mut seed) % 8) as usize])
                .collect();
            let haystack = &bytes[skew..];
            for needle in [b'\n', b'{', b'z'] {
                let expected = memchr::memchr(needle, haystack);
                assert_eq!(super::byte(needle, haystack), expected, "{haystack:?}");
                found += usize::from(expected.is_some());
            }
            assert_eq!(
                super::any3(b'{', b';', b'[', haystack),
                memchr::memchr3(b'{', b';', b'[', haystack),
                "{haystack:?}"
            );
        }
        assert!(found > 20_000, "{found}");
    }
}
