//! Secrets and ids from the operating system's random source: seat tokens
//! (192 bits, the only proof of a seat), table ids (80 bits: a link that
//! cannot be guessed), game seeds and bot seeds (never the game's seed).

use tongiaki::options::MAX_SEED;

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    // The OS random source failing is not something a server can go on from.
    getrandom::fill(&mut b).expect("the operating system's random source works");
    b
}

const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

fn base32(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &b in bytes {
        acc = (acc << 8) | b as u32;
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// A seat token: 24 random bytes, 48 hex digits.
pub fn seat_token() -> String {
    random_bytes::<24>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A table id: 10 random bytes, 16 characters of an unambiguous alphabet.
pub fn table_id() -> String {
    base32(&random_bytes::<10>())
}

/// Is `s` shaped like a table id (so that nothing else reaches the store)?
pub fn is_table_id(s: &str) -> bool {
    s.len() == 16 && s.bytes().all(|b| ALPHABET.contains(&b))
}

/// A game seed in the engine's range.
pub fn game_seed() -> u64 {
    u64::from_le_bytes(random_bytes::<8>()) & MAX_SEED
}

/// A bot's seed for one decision.
pub fn bot_seed() -> u64 {
    u64::from_le_bytes(random_bytes::<8>()) & MAX_SEED
}

/// Compares two tokens in time that does not depend on where they differ.
pub fn same_token(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_and_ids() {
        let t = seat_token();
        assert_eq!(t.len(), 48);
        assert_ne!(t, seat_token());
        let id = table_id();
        assert!(is_table_id(&id), "{id}");
        assert!(!is_table_id("../../etc/passwd"));
        assert!(same_token(&t, &t.clone()));
        assert!(!same_token(&t, &seat_token()));
        assert!(game_seed() <= MAX_SEED);
    }
}
