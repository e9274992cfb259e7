//! The depth-first search itself (see `search.rs`): entering a state,
//! leaving it proven, backing out of a move, on an explicit stack; and the
//! working copy of the ships changed move by move (land, unland, rekey).

use super::*;

impl ChainSearch {
    /// Searches from the new state `start` until a way out is found (true)
    /// or every state reachable from it is proven not to lead out (false).
    pub(super) fn explore(&mut self, board: &Board, start: u32) -> bool {
        if !self.is_blind {
            self.root.clone_from(&self.ships);
        }
        let mut blind_asked = self.is_blind;
        self.enter(board, start, None);
        while !self.frames.is_empty() {
            if self.limit.is_some_and(|n| self.order >= n) {
                self.give_up();
                return true;
            }
            if !blind_asked && self.order >= BLIND_AFTER {
                blind_asked = true;
                if self.blind_lost(board, &self.root.colour_blind()) {
                    self.proofs.1 += 1;
                    self.lost();
                    return false;
                }
                continue;
            }
            let f = self.frames.last_mut().expect("a frame");
            if f.end < f.ends_end {
                // The next end of the landing under way.
                let i = f.end;
                f.end += 1;
                let dest = f.sailing.expect("a landing under way").0.dest;
                let x = self.ends[i as usize];
                self.land(dest, &x);
                // (It does not lead out at once: looked at above.)
                match self.known(board) {
                    Known::Resolves => {
                        self.unland(dest, &x);
                        self.resolved();
                        return true;
                    }
                    Known::Dead => self.unland(dest, &x),
                    Known::Open(order) => {
                        let f = self.frames.last_mut().expect("a frame");
                        f.low = f.low.min(order);
                        self.unland(dest, &x);
                    }
                    Known::New(state) => self.enter(board, state, Some((dest, i))),
                }
            } else if f.sail < f.sails_end {
                // The next emigration: its group sails; list its landing's ends.
                let s = self.sails[f.sail as usize];
                f.sail += 1;
                if let Some((before, group)) = f.sailing.take() {
                    self.ships.put_back(before.tile, before.beach, group);
                    self.rekey(before.tile, before.beach);
                }
                let group = self.ships.sail(s.tile, s.beach);
                self.rekey(s.tile, s.beach);
                let f = self.frames.last_mut().expect("a frame");
                f.sailing = Some((s, group));
                self.ends.truncate(f.ends_start as usize);
                let landing = Landing::start(&self.ships, s.dest, group, false);
                let beyond = self.beyond(board, s.dest);
                if self.least_filling_leads_out(board, &landing, &beyond) {
                    self.resolved();
                    return true;
                }
                // The landing's ends listed, each looked at as it comes: does
                // one lead out at once? (Before going down any of them: a way
                // out one step away is found without first exploring all that
                // the ends before it reach, which in a large chain can be most
                // of its states. The listing stops there.)
                let (ends, routes, ships) = (&mut self.ends, &mut self.routes, &self.ships);
                let at_once = each_outcome(ships, &landing, |x| {
                    ends.push(*x);
                    if way_out::leads_out_after(routes, board, ships, &beyond, x) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                if at_once.is_break() {
                    self.resolved();
                    return true;
                }
                let f = self.frames.last_mut().expect("a frame");
                f.end = f.ends_start;
                f.ends_end = self.ends.len() as u32;
            } else {
                self.leave();
            }
        }
        false
    }

    /// A way out is found: every open state reaches the current path, which
    /// leads to it. They are proven; the working state is taken back.
    fn resolved(&mut self) {
        self.close_question(Some(ALIVE));
    }

    /// The question's start is proven lost (by the colour-blind search):
    /// so is every state still open, since the start reaches each. The
    /// working state is taken back.
    fn lost(&mut self) {
        self.close_question(Some(DEAD));
    }

    /// The question is given up (past the rollouts' limit): the states it
    /// entered are forgotten with the rest (some are still open), and the
    /// working state is taken back.
    fn give_up(&mut self) {
        self.cut = true;
        self.close_question(None);
        self.states.clear(self.keys.words());
    }

    /// Ends the question under way: its open states get `mark` (if any),
    /// and every frame is closed, its changes to the working state taken back.
    fn close_question(&mut self, mark: Option<u32>) {
        if let Some(mark) = mark {
            for &state in &self.open {
                self.states.set_mark(state, mark);
            }
        }
        self.open.clear();
        while !self.frames.is_empty() {
            self.back_out();
        }
    }

    /// Is `blind`, the colour-blind copy of a state ([`Ships::colour_blind`]),
    /// lost (so the state is)? Asked only by the search itself, never by
    /// the copy.
    pub(super) fn blind_lost(&mut self, board: &Board, blind: &Ships) -> bool {
        debug_assert!(!self.is_blind, "the copy has no copy of its own");
        let players = self.players;
        let search = self.blind.get_or_insert_with(|| {
            Box::new(ChainSearch {
                is_blind: true,
                ..ChainSearch::new(players)
            })
        });
        !search.resolvable(board, blind)
    }

    /// Opens the working state (new, number `state`) with its emigrations.
    fn enter(&mut self, board: &Board, state: u32, came_by: Option<(CardId, u32)>) {
        let order = self.order;
        self.order += 1;
        self.states.set_mark(state, order);
        self.open.push(state);
        let sails_start = self.sails.len() as u32;
        for i in 0..self.keys.islands().len() {
            let tile = self.keys.islands()[i];
            for beach in Beach::in_mask(self.ships.full_mask(tile)) {
                let mut dests = self.landing_islands(board, tile, beach);
                while dests != 0 {
                    let dest = CardId(dests.trailing_zeros() as u8);
                    dests &= dests - 1;
                    self.sails.push(Sail { tile, beach, dest });
                }
            }
        }
        let ends_start = self.ends.len() as u32;
        self.frames.push(Frame {
            state,
            order,
            low: order,
            sails_start,
            sail: sails_start,
            sails_end: self.sails.len() as u32,
            sailing: None,
            ends_start,
            end: ends_start,
            ends_end: ends_start,
            came_by,
        });
    }

    /// Leaves the innermost state, all its moves tried and none leading out.
    /// If no state open before it is reachable from it, it closes a
    /// component that cannot lead out: all its states are dead.
    fn leave(&mut self) {
        let f = *self.frames.last().expect("a frame");
        if f.low == f.order {
            while let Some(state) = self.open.pop() {
                self.states.set_mark(state, DEAD);
                if state == f.state {
                    break;
                }
            }
        }
        self.back_out();
        if let Some(parent) = self.frames.last_mut() {
            parent.low = parent.low.min(f.low);
        }
    }

    /// Closes the innermost frame and takes back its changes to the working
    /// state: the emigration under way, and the landing end that led to it.
    fn back_out(&mut self) {
        let f = self.frames.pop().expect("a frame");
        if let Some((s, group)) = f.sailing {
            self.ships.put_back(s.tile, s.beach, group);
            self.rekey(s.tile, s.beach);
        }
        self.sails.truncate(f.sails_start as usize);
        self.ends.truncate(f.ends_start as usize);
        if let Some((dest, i)) = f.came_by {
            let x = self.ends[i as usize];
            self.unland(dest, &x);
        }
    }

    /// The ships of a landing end `x` go onto the beaches of `tile`.
    pub(super) fn land(&mut self, tile: CardId, x: &Outcome) {
        for b in tile.beaches() {
            if x[b.index()] != [0; MAX_SEATS] {
                self.ships.add_group(tile, b, &x[b.index()]);
                self.rekey(tile, b);
            }
        }
    }

    /// Takes back [`Self::land`].
    pub(super) fn unland(&mut self, tile: CardId, x: &Outcome) {
        for b in tile.beaches() {
            if x[b.index()] != [0; MAX_SEATS] {
                self.ships.remove_group(tile, b, &x[b.index()]);
                self.rekey(tile, b);
            }
        }
    }

    pub(super) fn rekey(&mut self, tile: CardId, beach: Beach) {
        if self.key_stale {
            return;
        }
        self.keys
            .set_beach(&mut self.key, tile, beach, self.ships.beach(tile, beach));
    }
}
