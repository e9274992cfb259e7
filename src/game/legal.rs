//! The move generator: every legal action of the decision pending now, once
//! each, in a stable order, R25 filtering included
//! (docs/rules.md#how-the-engine-decides). `apply` accepts exactly these.

use super::{checks, Game, Phase};
use crate::action::{Action, BeachRef};
use crate::cards::CardId;
use crate::chain::{landing_moves, play_land_move, ChainSearch, LandMove, Landing};
use crate::hex::Hex;
use crate::seat::Seat;

impl Game {
    /// Every legal action for the decision pending now, once each, in a
    /// stable order; empty when the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        self.legal_actions_ref().to_vec()
    }

    /// [`Game::legal_actions`] without a copy: computed once, kept until
    /// the next action.
    pub fn legal_actions_ref(&self) -> &[Action] {
        self.legal.get_or_init(|| self.compute_legal())
    }

    fn compute_legal(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let ships = self.board.ships();
        match self.phase {
            Phase::Over => {}
            Phase::Setup { .. } => {
                for b in CardId::TONGA.beaches() {
                    if checks::setup_beach(ships, b).is_ok() {
                        out.push(Action::SetupPlace { beach: b.into() });
                    }
                }
            }
            Phase::Turn => self.turn_actions(&mut out),
            Phase::Emigrate => self.emigrations(&mut out),
            Phase::Land(l) => out.extend(self.legal_land_moves(&l).into_iter().map(Action::from)),
            Phase::PlaceCard { card, .. } => {
                for (h, rot) in self.card_placements(card) {
                    out.push(Action::PlaceCard {
                        q: h.q,
                        r: h.r,
                        rotation: rot.into(),
                    });
                }
            }
            Phase::PlaceShip { tile, .. } => {
                for b in tile.beaches() {
                    if checks::free_place(ships, tile, b).is_ok() {
                        out.push(Action::PlaceShip { beach: b.into() });
                    }
                }
            }
        }
        out
    }

    /// R20: every full beach through every jetty, minus what R25 forbids.
    fn emigrations(&self, out: &mut Vec<Action>) {
        let ships = self.board.ships();
        let mut search = ChainSearch::new(&self.board);
        let mut all = Vec::new();
        for (tile, beach) in self.board.full_beaches_in(ships) {
            for jetty in tile.beach_spec(beach).jetty_edges() {
                let a = Action::Emigrate {
                    tile,
                    beach: beach.into(),
                    jetty: jetty.into(),
                };
                if search.ask(|s| s.emigration_keeps_resolvable(ships, tile, beach, jetty)) {
                    out.push(a);
                } else {
                    all.push(a);
                }
            }
        }
        // This state was judged resolvable (R25) when it was reached, but
        // only within the search's budget (NODE_LIMIT, DEPTH_LIMIT): if no
        // emigration now proves to keep it so, every emigration stays
        // allowed (as for landing moves), so a game that is not over always
        // has a legal action.
        if out.is_empty() {
            *out = all;
        }
    }

    /// R25 applied to landing placements: only moves after which the chain
    /// stays resolvable, as long as the current state is resolvable.
    pub(super) fn legal_land_moves(&self, l: &Landing) -> Vec<LandMove> {
        let ships = self.board.ships();
        let mut raw = Vec::new();
        landing_moves(ships, l, &mut raw);
        if l.ends_game || self.land_lost.get() {
            return raw;
        }
        let mut search = ChainSearch::new(&self.board);
        // A full beach elsewhere that escapes resolves the chain whatever
        // lands here; so does an island whose every beach has a way out.
        if search.landing_always_resolves(ships, l) || search.fixed_escape(ships, l.tile) {
            return raw;
        }
        let ok: Vec<LandMove> = raw
            .iter()
            .copied()
            .filter(|&m| {
                let mut after = ships.clone();
                let mut nl = *l;
                play_land_move(&mut after, &mut nl, m);
                // fixed_escape is known false here and cannot change while landing.
                l.ends_game || search.ask(|s| s.land_dfs(&after, &nl))
            })
            .collect();
        if ok.is_empty() {
            // The chain is lost whatever happens (R25 removal follows); every
            // later state of this landing is lost too.
            self.land_lost.set(true);
            raw
        } else {
            ok
        }
    }

    /// The start of a turn: R50 placements, or expansions (R10, R51), king
    /// islands (R30) and resettlement (R40).
    fn turn_actions(&self, out: &mut Vec<Action>) {
        let seat = self.current;
        if checks::no_ships_on_islands(&self.board, seat).is_ok() {
            self.new_ship_placements(out);
            if checks::resettle(false, !out.is_empty()).is_ok() {
                out.push(Action::Resettle);
            }
            return;
        }
        if self.supply[seat.index()] > 0 {
            self.expansions(seat, out);
        } else {
            self.expansions_by_taking(seat, out);
        }
        for c in self.board.islands() {
            if checks::found_kingdom(&self.board, c, seat).is_ok() {
                out.push(Action::FoundKingdom { tile: c });
            }
        }
        out.push(Action::Resettle);
    }

    /// R50: two new ships on Tonga (a multiset of beaches), or one on any
    /// other island. (R50 applies with all ships in the supply but at most
    /// two kings, R30, so the supply always has two.)
    fn new_ship_placements(&self, out: &mut Vec<Action>) {
        let board = &self.board;
        let ships = board.ships();
        let t = CardId::TONGA;
        if checks::island_on_table(board, t).is_ok() {
            for a in t.beaches() {
                for b in t.beaches().filter(|&b| b >= a) {
                    let need = if a == b { 2 } else { 1 };
                    if checks::room_for(ships, t, a, need).is_ok()
                        && checks::room_for(ships, t, b, need).is_ok()
                    {
                        out.push(Action::PlaceNew {
                            tile: t,
                            beaches: vec![a.into(), b.into()],
                        });
                    }
                }
            }
        }
        for c in board.islands() {
            if checks::place_new_count(c, 1).is_err() || checks::place_new_target(board, c).is_err()
            {
                continue;
            }
            for b in c.beaches() {
                if checks::room_for(ships, c, b, 1).is_ok() {
                    out.push(Action::PlaceNew {
                        tile: c,
                        beaches: vec![b.into()],
                    });
                }
            }
        }
    }

    /// R10: k = min(n, b, s) ships, at most one per beach.
    fn expansions(&self, seat: Seat, out: &mut Vec<Action>) {
        let board = &self.board;
        let ships = board.ships();
        let supply = self.supply[seat.index()];
        for c in board.islands() {
            if checks::not_king_island(board, c).is_err() {
                continue;
            }
            let Ok(n) = checks::expand_ships(ships, c, seat) else {
                continue;
            };
            let free: Vec<u32> = c
                .beaches()
                .filter(|&b| checks::free_place(ships, c, b).is_ok())
                .map(u32::from)
                .collect();
            let k = checks::expand_size(c, n, supply, free.len());
            for subset in subsets(&free, k) {
                out.push(Action::Expand {
                    tile: c,
                    beaches: subset,
                    take: None,
                });
            }
        }
    }

    /// R51: with an empty supply, one ship taken from a beach goes to another.
    fn expansions_by_taking(&self, seat: Seat, out: &mut Vec<Action>) {
        let board = &self.board;
        let ships = board.ships();
        for from in board.islands() {
            for fb in from.beaches() {
                if checks::take_from(board, from, fb, seat).is_err() {
                    continue;
                }
                for to in board.islands() {
                    if checks::not_king_island(board, to).is_err()
                        || checks::keeps_a_ship(ships, from, to, seat).is_err()
                    {
                        continue;
                    }
                    for tb in to.beaches() {
                        if checks::take_elsewhere((from, fb), (to, tb)).is_ok()
                            && checks::free_place(ships, to, tb).is_ok()
                        {
                            out.push(Action::Expand {
                                tile: to,
                                beaches: vec![tb.into()],
                                take: Some(BeachRef {
                                    tile: from,
                                    beach: fb.into(),
                                }),
                            });
                        }
                    }
                }
            }
        }
    }

    /// R40: empty hexes next to a card, rotated so the emblem edge faces a card.
    fn card_placements(&self, card: CardId) -> Vec<(Hex, u8)> {
        if self.board.cards().is_empty() {
            // Every card was removed (R25): the new card starts the table again.
            return (0..6).map(|r| (Hex::ORIGIN, r)).collect();
        }
        let mut v = Vec::new();
        for h in self.board.frontier() {
            for rot in 0..6 {
                if checks::emblem_faces_a_card(&self.board, h, rot, card).is_ok() {
                    v.push((h, rot));
                }
            }
        }
        v
    }
}

/// All `k`-element subsets of `items`, in lexicographic order.
fn subsets(items: &[u32], k: usize) -> Vec<Vec<u32>> {
    let n = items.len();
    let mut masks: Vec<u32> = (0u32..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .collect();
    // Lexicographic order of the chosen items = reversed bit order of the mask.
    masks.sort_by_key(|m| std::cmp::Reverse(m.reverse_bits()));
    masks
        .into_iter()
        .map(|m| {
            (0..n)
                .filter(|i| m & (1 << i) != 0)
                .map(|i| items[i])
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod subset_tests {
    use super::subsets;

    #[test]
    fn subsets_are_lexicographic_and_complete() {
        assert_eq!(
            subsets(&[1, 3, 4], 2),
            vec![vec![1, 3], vec![1, 4], vec![3, 4]]
        );
        assert_eq!(subsets(&[0, 1, 2, 3, 4, 5], 3).len(), 20);
        assert_eq!(
            subsets(&[0, 1, 2, 3, 4, 5], 6),
            vec![vec![0, 1, 2, 3, 4, 5]]
        );
        let s = subsets(&[0, 1, 2, 3, 4, 5], 2);
        let mut sorted = s.clone();
        sorted.sort();
        assert_eq!(s, sorted);
    }
}
