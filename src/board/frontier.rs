//! The frontier (R40): the empty hexes next to a card, where the next card
//! may go, kept as a bit per hex of the grid as cards are laid and removed
//! ([`Board::lay`], [`Board::remove`]), and read in (q, r) order with the
//! directions in which cards lie next to each.

use super::{Board, CELLS, EMPTY, GRID, OFFSET};
use crate::cards::CARD_COUNT;
use crate::hex::{opposite, Hex};

impl Board {
    /// Empty hexes next to at least one card (R40 placement), sorted by (q, r),
    /// each with the directions in which a card lies next to it
    /// ([`Board::cards_around`]).
    pub fn frontier(&self) -> impl Iterator<Item = (Hex, u8)> + '_ {
        let (lo, hi) = self.frontier_words;
        let mut w = usize::from(lo);
        let mut word = self.frontier.get(w).copied().unwrap_or(0);
        std::iter::from_fn(move || {
            while word == 0 {
                w += 1;
                if w >= usize::from(hi) {
                    return None;
                }
                word = self.frontier[w];
            }
            let cell = 64 * w + word.trailing_zeros() as usize;
            word &= word - 1;
            let (q, r) = ((cell as i32) / GRID, (cell as i32) % GRID);
            Some((Hex::new(q - OFFSET, r - OFFSET), self.around[cell]))
        })
    }

    /// The world directions from `h` in which a card lies next to it, as
    /// bits `1 << direction` (R40: the rotations whose emblem edge faces a
    /// card): kept for every hex as cards are laid and removed. (No card
    /// lies next to a hex off the grid: cards stay well inside its rim.)
    #[inline]
    pub fn cards_around(&self, h: Hex) -> u8 {
        Board::cell(h).map_or(0, |i| self.around[i])
    }

    /// Puts the hex of grid cell `cell` in the frontier or takes it out.
    fn set_frontier(&mut self, cell: usize, on: bool) {
        // (Without a branch on `on`, which varies from hex to hex.)
        let (w, shift) = (cell / 64, cell % 64);
        self.frontier[w] = self.frontier[w] & !(1 << shift) | u64::from(on) << shift;
    }

    /// The cards around each hex and the frontier after the hex `h` was
    /// filled (`laid`) or emptied.
    pub(super) fn update_frontier(&mut self, h: Hex, laid: bool) {
        if laid {
            // The words of columns h.q - 1 to h.q + 1, which hold every hex
            // next to `h`.
            let column_start =
                |q: i32| ((q.clamp(-OFFSET, GRID - OFFSET) + OFFSET) * GRID) as usize;
            let first = (column_start(h.q - 1) / 64) as u8;
            let end = column_start(h.q + 2).div_ceil(64) as u8;
            let (lo, hi) = &mut self.frontier_words;
            (*lo, *hi) = ((*lo).min(first), (*hi).max(end));
        }
        // `h` emptied is in the frontier if a card lies next to it.
        let i = Board::cell(h).expect("a card lies inside the grid");
        let on = !laid && self.around[i] != 0;
        self.set_frontier(i, on);
        // From each neighbour, `h` lies the opposite way: that bit is set or
        // cleared, and an empty neighbour is in the frontier when some card
        // lies next to it. (Worked out without a branch on whether it is
        // empty, which varies from hex to hex.)
        for d in 0..6u8 {
            let n = h.neighbor(d);
            if let Some(j) = Board::cell(n) {
                let back = opposite(d);
                self.around[j] = self.around[j] & !(1 << back) | u8::from(laid) << back;
                let on = (self.grid[j] == EMPTY) & (self.around[j] != 0);
                self.set_frontier(j, on);
            }
        }
    }
}

/// Words of a bit per hex of the grid.
pub(super) const FRONTIER_WORDS: usize = CELLS / 64;
const _: () = assert!(CELLS.is_multiple_of(64) && OFFSET > CARD_COUNT as i32);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardId;

    /// The frontier worked out from scratch: every empty hex of the grid
    /// next to a card, in (q, r) order.
    fn frontier_from_scratch(b: &Board) -> Vec<Hex> {
        let mut v = Vec::new();
        for q in -OFFSET..GRID - OFFSET {
            for r in -OFFSET..GRID - OFFSET {
                let h = Hex::new(q, r);
                if b.card_at(h).is_none() && (0..6).any(|d| b.card_at(h.neighbor(d)).is_some()) {
                    v.push(h);
                }
            }
        }
        v
    }

    #[test]
    fn the_frontier_kept_is_the_frontier_as_cards_are_laid_and_removed() {
        let mut next = crate::test_rng::xorshift(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..20 {
            let mut b = Board::new();
            let mut laid = vec![Hex::ORIGIN];
            for c in 1..CARD_COUNT as u8 {
                let f: Vec<Hex> = b.frontier().map(|(h, _)| h).collect();
                let h = f[next(f.len())];
                b.lay(CardId(c), h, next(6) as u8);
                laid.push(h);
                // Now and then an island leaves the table (R25).
                if next(4) == 0 {
                    let islands: Vec<CardId> = b.islands().collect();
                    b.remove(islands[next(islands.len())]);
                }
                let hexes: Vec<Hex> = b.frontier().map(|(h, _)| h).collect();
                assert_eq!(hexes, frontier_from_scratch(&b));
                let islands: Vec<CardId> = b
                    .cards()
                    .iter()
                    .copied()
                    .filter(|c| c.is_island())
                    .collect();
                assert_eq!(b.islands().collect::<Vec<_>>(), islands);
                let around = |h: Hex| {
                    let around = (0..6).filter(|&d| b.card_at(h.neighbor(d)).is_some());
                    around.map(|d| 1 << d).sum::<u8>()
                };
                for (h, kept) in b.frontier() {
                    assert_eq!(kept, around(h));
                    assert_eq!(b.cards_around(h), around(h));
                }
                for h in [Hex::new(-OFFSET, 0), Hex::new(0, GRID)] {
                    assert_eq!(b.cards_around(h), around(h));
                }
                // The cards kept around every hex near the table, cards'
                // hexes included, and hexes a removed island left empty.
                for &h in &laid {
                    for h in std::iter::once(h).chain((0..6).map(|d| h.neighbor(d))) {
                        assert_eq!(b.cards_around(h), around(h), "{h:?}");
                    }
                }
            }
        }
    }
}
