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
    let mut h = 0x2545_f491_4f6c_dd1du64;
    for &w in key {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    h ^ (h >> 32)
}
