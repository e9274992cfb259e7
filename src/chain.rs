//! R25: is a chain of emigrations resolvable?
//!
//! A chain state is resolvable if some finite sequence of the active
//! player's choices reaches no full beach, a voyage that reveals a card, or
//! a voyage that fails. The states reachable without revealing a card are
//! finite (ships only move between beaches of cards already on the table),
//! so a depth-first search with a visited set decides it exactly.

use crate::action::Action;
use crate::board::{Board, Ships, Trace, MAX_SEATS};
use crate::cards::{Beach, CardId};
use crate::game::checks;
use crate::hex::Edge;
use crate::seat::Seat;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// A landing in progress (R23).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Landing {
    pub tile: CardId,
    /// Ships still to land or return, by seat.
    pub group: [u8; MAX_SEATS],
    /// Beaches that had a free place on arrival and have not yet had a ship
    /// of this landing: they must be served first (R23).
    pub owed: u8,
    /// Beaches that have received a ship of this landing.
    pub received: u8,
    /// R60: the last card was laid during this voyage; no chain follows.
    pub ends_game: bool,
}

impl Landing {
    pub fn start(ships: &Ships, tile: CardId, group: [u8; MAX_SEATS], ends_game: bool) -> Landing {
        Landing {
            tile,
            group,
            owed: ships.free_mask(tile),
            received: 0,
            ends_game,
        }
    }
    #[inline]
    pub fn remaining(&self) -> u32 {
        self.group.iter().map(|&n| n as u32).sum()
    }
    /// Ships of `seat` still to land or return.
    #[inline]
    pub fn left(&self, seat: Seat) -> u8 {
        self.group[seat.index()]
    }
    /// Must the next ship go to an owed beach, and is `beach` one (R23)?
    #[inline]
    pub fn is_owed(&self, beach: Beach) -> bool {
        self.owed & beach.bit() != 0
    }
}

/// One landing decision: a ship of `seat` to `beach`, or back home.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LandMove {
    Land { seat: Seat, beach: Beach },
    Return { seat: Seat },
}

impl LandMove {
    /// The landing move a `land` or `return` action names, if its seat and
    /// beach exist (the landing's island has the beach).
    pub fn of_action(a: &Action, l: &Landing) -> Option<LandMove> {
        match *a {
            Action::Land { seat, beach } => Some(LandMove::Land {
                seat: Seat::from_u32(seat)?,
                beach: l.tile.beach(beach)?,
            }),
            Action::Return { seat } => Some(LandMove::Return {
                seat: Seat::from_u32(seat)?,
            }),
            _ => None,
        }
    }
}

impl From<LandMove> for Action {
    fn from(m: LandMove) -> Action {
        match m {
            LandMove::Land { seat, beach } => Action::Land {
                seat: seat.into(),
                beach: beach.into(),
            },
            LandMove::Return { seat } => Action::Return { seat: seat.into() },
        }
    }
}

/// The landing moves the rules allow, before R25 filtering, in a stable
/// order: by seat, then beach; returns last.
pub fn landing_moves(ships: &Ships, l: &Landing, out: &mut Vec<LandMove>) {
    out.clear();
    for seat in Seat::all(MAX_SEATS) {
        if l.left(seat) == 0 {
            continue;
        }
        for b in l.tile.beaches() {
            if checks::land_on(ships, l, b).is_ok() {
                out.push(LandMove::Land { seat, beach: b });
            }
        }
    }
    // R23: surplus ships return when the group is larger than the free places.
    if checks::may_return(ships, l).is_ok() {
        for seat in Seat::all(MAX_SEATS) {
            if l.left(seat) > 0 {
                out.push(LandMove::Return { seat });
            }
        }
    }
}

/// Applies a landing move to `ships` and `l`.
pub fn play_land_move(ships: &mut Ships, l: &mut Landing, m: LandMove) {
    match m {
        LandMove::Land { seat, beach } => {
            ships.add(l.tile, beach, seat);
            l.group[seat.index()] -= 1;
            l.owed &= !beach.bit();
            l.received |= beach.bit();
        }
        LandMove::Return { seat } => {
            l.group[seat.index()] -= 1;
        }
    }
}

/// Searches stop (answering "resolvable") past this many states; no real
/// game comes near it, and the answer then errs on the side of letting the
/// player continue.
pub const NODE_LIMIT: usize = 200_000;

/// The search recurses once per landing move and emigration; past this depth
/// it stops the same way. Each level holds a copy of the ships (under 2 KB),
/// so this keeps the search well inside a browser's 1 MB wasm stack.
pub const DEPTH_LIMIT: usize = 300;

#[derive(Default)]
struct Fx(u64);
impl Fx {
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(w))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
}

/// One R25 question about one table layout.
pub struct ChainSearch<'a> {
    board: &'a Board,
    /// States seen, by a 64-bit hash of the state (a collision among the
    /// at most NODE_LIMIT states of one search has odds below 1e-9).
    seen: HashSet<u64, BuildHasherDefault<Fx>>,
    /// States proven unresolvable by earlier questions of this search.
    dead: HashSet<u64, BuildHasherDefault<Fx>>,
    /// States proven resolvable (they lie on a path that resolves).
    alive: HashSet<u64, BuildHasherDefault<Fx>>,
    nodes: usize,
    depth: usize,
    too_deep: bool,
    moves: Vec<Vec<LandMove>>,
    /// Islands on the table: only their beaches can hold ships.
    islands: Vec<CardId>,
}

impl<'a> ChainSearch<'a> {
    pub fn new(board: &'a Board) -> ChainSearch<'a> {
        ChainSearch {
            board,
            seen: HashSet::default(),
            dead: HashSet::default(),
            alive: HashSet::default(),
            nodes: 0,
            depth: 0,
            too_deep: false,
            moves: Vec::new(),
            islands: board.islands().collect(),
        }
    }

    fn key(&self, ships: &Ships, landing: Option<&Landing>) -> u64 {
        let mut h = Fx(0x2545_F491_4F6C_DD1D);
        match landing {
            None => h.write(&[0]),
            Some(l) => {
                h.write(&[1, l.tile.0, l.owed]);
                h.write(&l.group);
            }
        }
        for &c in &self.islands {
            for b in ships.island(c) {
                let s = b.by_seat();
                h.add(u64::from_le_bytes([
                    s[0], s[1], s[2], s[3], s[4], s[5], 0, 0,
                ]));
            }
        }
        h.0 ^ (h.0 >> 29)
    }

    /// What is known of a state: Some(answer) if it is decided (proven
    /// either way, a repeat on this question, or over budget), None if it is
    /// new and now marked visited.
    fn known(&mut self, k: u64) -> Option<bool> {
        self.nodes += 1;
        if self.alive.contains(&k) || self.over_budget() {
            Some(true)
        } else if self.dead.contains(&k) || !self.seen.insert(k) {
            Some(false)
        } else {
            None
        }
    }

    /// Asks one question; if the answer is "no", every state it visited is
    /// unresolvable and is remembered for the next questions. (After a "yes"
    /// the visited states prove nothing: some were cut off as repeats.)
    pub fn ask(&mut self, q: impl FnOnce(&mut Self) -> bool) -> bool {
        self.seen.clear();
        let yes = q(self);
        if !yes && !self.over_budget() {
            let seen = std::mem::take(&mut self.seen);
            self.dead.extend(seen);
        }
        yes
    }

    fn over_budget(&self) -> bool {
        self.nodes > NODE_LIMIT || self.too_deep
    }

    /// Enters one level of recursion; false (and the search gives up) past
    /// [`DEPTH_LIMIT`].
    fn descend(&mut self) -> bool {
        if self.depth >= DEPTH_LIMIT {
            self.too_deep = true;
            return false;
        }
        self.depth += 1;
        true
    }

    /// A state where the player must emigrate (some beach is full).
    pub fn emigration_resolvable(&mut self, ships: &Ships) -> bool {
        let full = self.board.full_beaches_in(ships);
        if full.is_empty() {
            return true;
        }
        // Cheap first: does any choice reveal a card or fail outright?
        let mut landings = Vec::new();
        for &(tile, beach) in &full {
            let cols = ships.beach(tile, beach).colours();
            for jetty in tile.beach_spec(beach).jetty_edges() {
                match self.board.trace(tile, jetty, cols) {
                    Trace::Escape => return true,
                    Trace::Land(dest) => landings.push((tile, beach, dest)),
                }
            }
        }
        let k = self.key(ships, None);
        if let Some(answer) = self.known(k) {
            return answer;
        }
        if !self.descend() {
            return true;
        }
        let mut found = false;
        for (tile, beach, dest) in landings {
            if self.after_emigration(ships, tile, beach, dest) {
                if !self.over_budget() {
                    self.alive.insert(k);
                }
                found = true;
                break;
            }
        }
        self.depth -= 1;
        found
    }

    /// Would emigrating from (`tile`, `beach`) through `jetty` keep the chain resolvable?
    pub fn emigration_keeps_resolvable(
        &mut self,
        ships: &Ships,
        tile: CardId,
        beach: Beach,
        jetty: Edge,
    ) -> bool {
        match self
            .board
            .trace(tile, jetty, ships.beach(tile, beach).colours())
        {
            Trace::Escape => true,
            Trace::Land(dest) => self.after_emigration(ships, tile, beach, dest),
        }
    }

    fn after_emigration(
        &mut self,
        ships: &Ships,
        tile: CardId,
        beach: Beach,
        dest: CardId,
    ) -> bool {
        let mut next = ships.clone();
        let group = next.sail(tile, beach);
        let landing = Landing::start(&next, dest, group, false);
        self.landing_resolvable(&next, &landing)
    }

    /// A beach that is already full, not on `except`, with a way out that
    /// reveals a card or fails: whatever the landing does, the chain resolves.
    pub fn fixed_escape(&self, ships: &Ships, except: CardId) -> bool {
        self.islands
            .iter()
            .copied()
            .filter(|&c| c != except)
            .any(|c| {
                c.beaches().any(|b| {
                    ships.is_full(c, b) && {
                        let cols = ships.beach(c, b).colours();
                        c.beach_spec(b)
                            .jetty_edges()
                            .any(|j| self.board.trace(c, j, cols) == Trace::Escape)
                    }
                })
            })
    }

    /// Does beach `b` of `tile` have a jetty whose way out reveals a card or
    /// fails whatever the group's colours? (With all six colours every trail
    /// passes; with fewer a voyage can only fail earlier, which also resolves.)
    pub fn always_escapes(&self, tile: CardId, b: Beach) -> bool {
        tile.beach_spec(b)
            .jetty_edges()
            .any(|j| self.board.trace(tile, j, MAX_SEATS as u8) == Trace::Escape)
    }

    /// Every completion of this landing resolves the chain: no beach
    /// elsewhere is full, and each beach of the island, should it fill, has a
    /// way out that reveals or fails. Then no landing move needs a search.
    pub fn landing_always_resolves(&self, ships: &Ships, l: &Landing) -> bool {
        !self.board.any_full_except(ships, l.tile)
            && l.tile.beaches().all(|b| self.always_escapes(l.tile, b))
    }

    /// Can the landing end with no beach on the table full? Every beach keeps
    /// one place free: owed beaches first (one ship each, R23), then the rest.
    fn calm_completion(&self, ships: &Ships, l: &Landing) -> bool {
        let r = l.remaining();
        if r > ships.free_on(l.tile) || self.board.any_full_except(ships, l.tile) {
            return false;
        }
        let mut spare = 0u32;
        let mut owed_beaches = 0u32;
        let mut owed_with_spare = 0u32;
        for b in l.tile.beaches() {
            let free = ships.free_places(l.tile, b) as u32;
            if free == 0 {
                return false; // already full
            }
            spare += free - 1;
            if l.is_owed(b) {
                owed_beaches += 1;
                owed_with_spare += u32::from(free >= 2);
            }
        }
        spare >= r && owed_with_spare >= r.min(owed_beaches)
    }

    /// A landing in progress: can it be completed so that the chain resolves?
    pub fn landing_resolvable(&mut self, ships: &Ships, l: &Landing) -> bool {
        if l.ends_game || self.fixed_escape(ships, l.tile) {
            return true;
        }
        self.land_dfs(ships, l)
    }

    /// [`Self::landing_resolvable`] once no full beach elsewhere escapes
    /// (beaches elsewhere do not change while the group lands).
    pub fn land_dfs(&mut self, ships: &Ships, l: &Landing) -> bool {
        if l.remaining() == 0 {
            return self.emigration_resolvable(ships);
        }
        if self.calm_completion(ships, l) {
            return true;
        }
        let k = self.key(ships, Some(l));
        if let Some(answer) = self.known(k) {
            return answer;
        }
        if !self.descend() {
            return true;
        }
        let mut moves = self.moves.pop().unwrap_or_default();
        landing_moves(ships, l, &mut moves);
        // Try the moves least likely to fill a beach first: most free places.
        moves.sort_by_key(|m| match *m {
            LandMove::Land { beach, .. } => 8 - ships.free_places(l.tile, beach) as i32,
            LandMove::Return { .. } => 0,
        });
        let mut found = false;
        for &m in &moves {
            let mut s = ships.clone();
            let mut nl = *l;
            play_land_move(&mut s, &mut nl, m);
            if self.land_dfs(&s, &nl) {
                if !self.over_budget() {
                    self.alive.insert(k);
                }
                found = true;
                break;
            }
        }
        self.moves.push(moves);
        self.depth -= 1;
        found
    }
}
