//! The engine's two small non-cryptographic hashes, in one place below
//! everything that uses them (the R25 search's tables, the odds' sampling
//! seed, the bots' seeds and tie-breaks).
//!
//! Neither is for anything an opponent could exploit: they spread numbers
//! that are already unpredictable or public. Changing either changes the
//! games `simulate` plays (the seeds of its games and bots come from
//! [`mix`]) or, for [`words`], only the time the search takes.

/// SplitMix64's finaliser: a bijection of `u64` that decorrelates nearby
/// numbers (seeds `s`, `s + 1`, … give unrelated games and bots).
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A 64-bit hash of a key's words (multiply-rotate, as FxHash): cheap, for
/// the places of hash tables whose keys are compared whole, so a collision
/// costs time and never an answer.
#[inline]
pub fn words(key: &[u64]) -> u64 {
    let mut h = WordHasher::default();
    for &w in key {
        h.add(w);
    }
    std::hash::Hasher::finish(&h)
}

/// [`words`]' multiply-rotate as a [`std::hash::Hasher`], for hash sets of
/// large keys compared whole (the bots' way-out search keys a set by the
/// ships on every beach): SipHash, the standard one, spent more time on
/// those keys than the search itself. Only for tables nobody else fills.
#[derive(Clone, Copy)]
pub struct WordHasher(u64);

impl Default for WordHasher {
    fn default() -> Self {
        WordHasher(0x2545_f491_4f6c_dd1d)
    }
}

impl WordHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w) ^ ((rest.len() as u64) << 59));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 32)
    }
}

/// Hash sets and maps keyed through [`WordHasher`].
pub type WordBuild = std::hash::BuildHasherDefault<WordHasher>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn the_word_hasher_tells_keys_apart_that_differ_in_one_byte() {
        let b = WordBuild::default();
        let key = [[0u8; 8]; 96];
        let h0 = b.hash_one(key);
        assert_eq!(h0, b.hash_one(key), "the same key, the same hash");
        let mut seen = std::collections::HashSet::new();
        for i in 0..96 {
            for j in 0..8 {
                let mut k = key;
                k[i][j] = 1;
                assert!(seen.insert(b.hash_one(k)), "byte {j} of beach {i}");
            }
        }
        assert!(!seen.contains(&h0));
        // A short tail counts its length: [1] and [1, 0] differ.
        let (mut a, mut c) = (WordHasher::default(), WordHasher::default());
        std::hash::Hasher::write(&mut a, &[1]);
        std::hash::Hasher::write(&mut c, &[1, 0]);
        assert_ne!(std::hash::Hasher::finish(&a), std::hash::Hasher::finish(&c));
    }
}
