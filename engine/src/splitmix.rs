//! SplitMix64, the one pseudo-random generator of the crate: it makes the Zobrist keys at
//! compile time ([`crate::rules::zobrist`]), picks among book moves under the random policies
//! (`crate::book`), draws the playing levels' noise (`search/level.rs`) and makes the
//! random positions and games of the crate's tests, and moves the table keys of a search with another contempt
//! than its engine's (`search/engine.rs`). Small, fast, well mixed, and the same
//! sequence for the same seed on every machine, which is all any of them needs.

/// A SplitMix64 generator: its whole state is one `u64`, advanced by a constant each step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub(crate) const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits (`const`, so that tables can be made at compile time).
    pub(crate) const fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), the next output reduced modulo `n`: its bias, below
    /// `n` / 2⁶⁴, is nothing for a book's or a test's choices.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

#[cfg(test)]
mod tests {
    use super::SplitMix64;

    #[test]
    fn the_sequence_is_the_published_splitmix64() {
        // The first outputs for seed 0 of the reference implementation (Vigna's splitmix64.c).
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
    }
}
