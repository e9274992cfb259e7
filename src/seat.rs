//! Seats: the players, in seat order (docs/rules.md#r1).

/// Most players at a table (R1).
pub const MAX_SEATS: usize = 6;

/// A player's seat, 0..6 in seat order; seat 0 starts (R1, R3). Per-seat
/// counts are arrays of [`MAX_SEATS`] indexed by [`Seat::index`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Seat(u8);

impl Seat {
    /// Seat 0, who sets up first and takes the first turn (R2, R3).
    pub const FIRST: Seat = Seat(0);

    /// Seat `i` (0..6).
    pub const fn new(i: u8) -> Seat {
        assert!((i as usize) < MAX_SEATS, "at most six seats");
        Seat(i)
    }
    /// A seat named in an action (any number); `None` past the sixth.
    #[inline]
    pub fn from_u32(i: u32) -> Option<Seat> {
        ((i as usize) < MAX_SEATS).then_some(Seat(i as u8))
    }
    /// The first `players` seats, in order.
    #[inline]
    pub fn all(players: usize) -> impl Iterator<Item = Seat> {
        (0..players.min(MAX_SEATS) as u8).map(Seat)
    }
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The seat after this one at a table of `players` (turn order).
    #[inline]
    pub fn next(self, players: usize) -> Seat {
        Seat(((self.0 as usize + 1) % players) as u8)
    }
}

impl From<Seat> for u8 {
    fn from(s: Seat) -> u8 {
        s.0
    }
}

impl From<Seat> for u32 {
    fn from(s: Seat) -> u32 {
        s.0 as u32
    }
}

impl std::fmt::Display for Seat {
    /// The seat number (0 first), as in the snapshot.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
