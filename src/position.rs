//! Arranged positions for rule tests and puzzles (like a chess FEN): cards
//! laid where given, ships on beaches, kings, and the pile order. The game
//! then runs by the ordinary rules from the start of a turn. Such a game
//! has no action log from the start, so it is for tests, not for saving.

use crate::board::SHIPS_PER_PLAYER;
use crate::cards::CardId;
use crate::game::{Game, Phase};
use crate::hex::Hex;
use crate::options::GameOptions;

#[derive(Clone, Debug, Default)]
pub struct Arrangement {
    pub players: usize,
    /// Cards besides Tonga (which lies at (0, 0), rotation 0): (card, q, r, rotation).
    pub cards: Vec<(CardId, i32, i32, u8)>,
    /// Ships: (island, beach, seat), one entry per ship.
    pub ships: Vec<(CardId, u8, u8)>,
    /// King islands: (island, owner).
    pub kings: Vec<(CardId, u8)>,
    /// The top of the pile, top first; the other unlaid cards follow in id order.
    pub pile_top: Vec<CardId>,
    /// Seat whose turn starts.
    pub current: u8,
    /// Remove Tonga from the table (R25 has taken it out).
    pub tonga_removed: bool,
}

impl Game {
    /// Builds an arranged position at the start of `current`'s turn.
    pub fn arranged(a: &Arrangement) -> Result<Game, String> {
        let mut laid: Vec<CardId> = a.cards.iter().map(|c| c.0).collect();
        let mut pile: Vec<CardId> = a.pile_top.clone();
        for c in CardId::all() {
            if c != CardId::TONGA && !laid.contains(&c) && !pile.contains(&c) {
                pile.push(c);
            }
        }
        let mut deck = laid.clone();
        deck.extend(pile.iter().copied());
        let mut opts = GameOptions::simple(a.players, 0);
        opts.deck = Some(deck);
        let mut g = Game::new(opts).map_err(|e| e.message)?;
        if g.pile_len() != 31 || laid.iter().any(|c| pile.contains(c)) {
            return Err("cards laid and pile overlap".into());
        }
        for &(c, q, r, rot) in &a.cards {
            let h = Hex::new(q, r);
            if g.board.card_at(h).is_some() || rot > 5 {
                return Err(format!("cannot lay {} at ({q}, {r})", c.name()));
            }
            g.board.lay(c, h, rot);
        }
        laid.sort();
        g.set_pile(pile);
        if a.tonga_removed {
            g.board.remove(CardId::TONGA);
        }
        let mut used = vec![0u8; a.players];
        for &(c, b, s) in &a.ships {
            if !g.board.on_table(c)
                || c.is_water()
                || b as usize >= c.spec().beaches.len()
                || s as usize >= a.players
            {
                return Err(format!("bad ship {c:?} {b} {s}"));
            }
            if g.board.ships.is_full(c, b as usize) {
                return Err(format!("beach {b} of {} overfull", c.name()));
            }
            g.board.ships.beach_mut(c, b as usize).add(s);
            used[s as usize] += 1;
        }
        for &(c, s) in &a.kings {
            g.board.king[c.index()] = Some(s);
            used[s as usize] += 1;
        }
        for (s, u) in used.iter().enumerate() {
            if *u > SHIPS_PER_PLAYER {
                return Err(format!("seat {s} has more than 15 ships"));
            }
            g.set_supply(s as u8, SHIPS_PER_PLAYER - u);
        }
        g.start_arranged_turn(a.current, Phase::Turn);
        Ok(g)
    }
}
