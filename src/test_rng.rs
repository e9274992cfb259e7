//! The unit tests' random walks: a small deterministic generator
//! (xorshift64), the same sequence for the same seed on every machine.

/// A generator from `seed` (not 0): each call with `n` gives a number
/// below `n`.
pub(crate) fn xorshift(mut state: u64) -> impl FnMut(usize) -> usize {
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}
