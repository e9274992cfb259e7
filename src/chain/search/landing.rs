//! The R25 filter of landing decisions (see `search.rs`): which landing
//! moves keep the chain resolvable, with the landing's ends listed once
//! and what is known of them kept for its later decisions.

use super::*;

impl ChainSearch {
    /// The landing moves of `moves` after which the chain stays resolvable
    /// (R25; asked when no shortcut settles the landing: no fixed escape,
    /// not an island every beach of which has a way out). A move keeps it so when one of the landing's ends
    /// that remain possible after it does: after a ship of a seat lands on
    /// a beach, the ends where that beach receives one more of that seat's
    /// ships (`outcomes.rs`: the owed beaches are served first either way);
    /// after a ship of a seat goes home, the ends where one more of its
    /// ships does. The ends are listed once per landing and what is known
    /// of them is kept for its later decisions.
    pub fn resolving_moves(
        &mut self,
        board: &Board,
        ships: &Ships,
        l: &Landing,
        moves: impl Iterator<Item = LandMove>,
        mut keep: impl FnMut(LandMove),
    ) {
        self.prepare(board);
        // The full beaches off the island: the same for every end of the
        // landing, whatever its moves.
        let beyond = Beyond::of(&mut self.routes, board, ships, l.tile);
        // At most a move per seat and beach, and a return per seat.
        let mut list = [(LandMove::Return { seat: Seat::FIRST }, false); 48];
        let mut count = 0;
        // First the cheap proof: after the move the landing can still end
        // with no beach full.
        let others_full = board.any_full_except(ships, l.tile);
        let free = free_places(ships, l.tile);
        let beaches = l.tile.beach_count();
        for m in moves {
            let (mut free, mut owed) = (free, l.owed);
            if let LandMove::Land { beach, .. } = m {
                free[beach.index()] -= 1;
                owed &= !beach.bit();
            }
            let calm = !others_full && calm(&free[..beaches], owed, l.remaining() - 1);
            list[count] = (m, calm);
            count += 1;
        }
        if list[..count].iter().any(|&(_, calm)| !calm) {
            // Then: the least filling end of the landing as it is leads out,
            // and the move is one of its own; or that of the landing after
            // the move does (after the last ship, the landing's one end: no
            // listing of its ends needed to look at it). Nothing is changed
            // here: `ships` is looked at as it is, not loaded.
            let mut key = None;
            let x0 = least_filling_end(free, l);
            let leads_out = self.end_of_leads_out(board, ships, &mut key, &beyond, &x0);
            for (m, quick) in &mut list[..count] {
                if *quick {
                    continue;
                }
                *quick = leads_out
                    && match *m {
                        LandMove::Land { seat, beach } => x0[beach.index()][seat.index()] > 0,
                        LandMove::Return { seat } => {
                            x0.iter().map(|b| b[seat.index()]).sum::<u8>() < l.left(seat)
                        }
                    };
                // When the landing's least filling end does not lead out,
                // that after a move seldom does: those moves go straight to
                // the landing's ends.
                if !*quick && leads_out {
                    // The least filling end after the move, with the move
                    // itself: an end of the landing as it is.
                    let (mut after, mut room) = (*l, free);
                    after.play(*m);
                    if let LandMove::Land { beach, .. } = *m {
                        room[beach.index()] -= 1;
                    }
                    let mut whole = least_filling_end(room, &after);
                    if let LandMove::Land { seat, beach } = *m {
                        whole[beach.index()][seat.index()] += 1;
                    }
                    // The island as this end leaves it may be as the
                    // landing's least filling end leaves it: then the
                    // answer is known.
                    *quick = whole == x0
                        || self.end_of_leads_out(board, ships, &mut key, &beyond, &whole);
                }
            }
        }
        let mut done = None;
        for &(m, quick) in &list[..count] {
            if quick {
                keep(m);
                continue;
            }
            let done = match done {
                Some(d) => d,
                None => *done.insert(self.load_landing(board, ships, l)),
            };
            // The ends still possible (`self.landing.open`) that this move
            // keeps: first those that lead out at once or are proven to,
            // then a search from each in turn. (A search that proves an end
            // lost must visit every state it reaches, so it is the last
            // resort: a landing whose ends include a way out is answered
            // without one.)
            let possible = |this: &Self, i: usize| {
                let x = &this.landing.ends[i];
                match m {
                    LandMove::Land { seat, beach } => {
                        x[beach.index()][seat.index()] > done.landed[beach.index()][seat.index()]
                    }
                    LandMove::Return { seat } => {
                        this.landing.returned(i, seat) > done.returned[seat.index()]
                    }
                }
            };
            let keeps = (0..self.landing.open.len()).any(|k| {
                let i = self.landing.open[k] as usize;
                possible(self, i) && self.end_resolves_at_once(board, &beyond, i)
            }) || (0..self.landing.open.len()).any(|k| {
                let i = self.landing.open[k] as usize;
                possible(self, i) && self.end_resolves(board, i)
            });
            if keeps {
                keep(m);
            }
        }
    }

    /// Does the landing end `x` on `beyond.tile` of `ships` lead out, at
    /// once or as proven? (`key`: the key of `ships`, worked out when first
    /// needed.)
    fn end_of_leads_out(
        &mut self,
        board: &Board,
        ships: &Ships,
        key: &mut Option<Key>,
        beyond: &Beyond,
        x: &Outcome,
    ) -> bool {
        way_out::leads_out_after(&mut self.routes, board, ships, beyond, x)
            || self.any_proven() && {
                let key = *key.get_or_insert_with(|| self.keys.key(ships));
                self.proven_after(ships, key, beyond.tile, x)
            }
    }

    /// Makes the start of the landing `l` the working state, with its ends
    /// listed: the landing as it was when its ends were last listed, if `l`
    /// is that landing further on (then what is known of them holds), else
    /// `l` as it is. Returns what the landing has done since that start.
    fn load_landing(&mut self, board: &Board, ships: &Ships, l: &Landing) -> Done {
        self.prepare(board);
        let done = match self.landing.done_since(self.layout, ships, l) {
            Some(done) => done,
            None => {
                self.lay_keys(board);
                self.landing.list(self.layout, ships, l);
                self.landing.key = self.keys.key(ships);
                Done::default()
            }
        };
        self.landing.keep_possible(&done);
        self.ships.clone_from(&self.landing.ships);
        self.key = self.landing.key;
        self.key_stale = false;
        done
    }

    /// Does the `i`th end of the loaded landing lead out at once (or is it
    /// known to lead out)? No search; the answer is kept. (The working state is
    /// left as loaded.)
    fn end_resolves_at_once(&mut self, board: &Board, beyond: &Beyond, i: usize) -> bool {
        if self.landing.known[i] == 0 {
            let x = self.landing.ends[i];
            self.landing.known[i] = if self.leads_out_after(board, beyond, &x) {
                ALIVE
            } else {
                NOT_AT_ONCE
            };
        }
        self.landing.known[i] == ALIVE
    }

    /// Does the `i`th end of the loaded landing leave a resolvable chain?
    /// (Asked once; the working state is left as loaded.)
    fn end_resolves(&mut self, board: &Board, i: usize) -> bool {
        if matches!(self.landing.known[i], 0 | NOT_AT_ONCE) {
            let tile = self.landing.start.expect("a landing listed").tile;
            let x = self.landing.ends[i];
            let looked = self.landing.known[i] == NOT_AT_ONCE;
            self.land(tile, &x);
            let yes = self.answer(board, looked);
            self.unland(tile, &x);
            self.landing.known[i] = if yes { ALIVE } else { DEAD };
        }
        self.landing.known[i] == ALIVE
    }
}
