//! Shortcuts of the R25 search (see `search.rs`): a way out whatever the
//! landing does, so that no landing move needs a search.

use super::*;

impl ChainSearch {
    /// A beach that is already full with a way out that reveals a card or
    /// fails: no ship lands on a full beach, so it stays full, with its
    /// colours, whatever a landing does, and the chain resolves (every
    /// landing move is legal). The landing's own island counts too: its
    /// full beaches take no ship either.
    pub fn fixed_escape(&mut self, board: &Board, ships: &Ships) -> bool {
        self.prepare(board);
        let routes = &mut self.routes;
        ships
            .full_beaches()
            .any(|(c, b)| escapes(routes, board, c, b, ships.beach(c, b).colours()))
    }

    /// Every completion of this landing resolves the chain: no beach
    /// elsewhere is full, and each beach of the island that is full or
    /// that the ships still to come could fill has a way out that reveals
    /// or fails with any group it can then hold: one of fewer colours than
    /// its escape limit ([`Routes::escape_limit`]). A beach's group after
    /// any end has at most the colours of its ships now and of the ships
    /// to come (fewer colours only fail earlier, which also resolves).
    /// After any end, then, the chain leads out at once, and no landing
    /// move needs a search.
    pub fn landing_always_resolves(&mut self, board: &Board, ships: &Ships, l: &Landing) -> bool {
        self.prepare(board);
        if board.any_full_except(ships, l.tile) {
            return false;
        }
        let remaining = l.remaining();
        l.tile.beaches().all(|b| {
            u32::from(ships.free_places(l.tile, b)) > remaining || {
                // The seats with a ship there now or still to come (a
                // count of either, or-ed, is not 0 exactly when one is not).
                let mut seats = *ships.beach(l.tile, b).by_seat();
                for (s, &arriving) in seats.iter_mut().zip(&l.group) {
                    *s |= arriving;
                }
                escapes(&mut self.routes, board, l.tile, b, colours(&seats))
            }
        })
    }

    /// Can the landing end with no beach on the table full?
    pub(super) fn calm_completion(board: &Board, ships: &Ships, l: &Landing) -> bool {
        !board.any_full_except(ships, l.tile)
            && calm(
                &free_places(ships, l.tile)[..l.tile.beach_count()],
                l.owed,
                l.remaining(),
            )
    }
}
