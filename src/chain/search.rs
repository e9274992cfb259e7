//! The R25 search (docs/rules.md#r25): can the chain still end?
//!
//! The chain states reachable without revealing a card form a finite graph.
//! Its states are those where the player is to emigrate (the ships on every
//! beach); a move is an emigration (a full beach sails through a jetty and
//! its voyage lands on an island on the table) together with one of the
//! ways that landing can end (`outcomes.rs`: the order of the landing moves
//! does not matter, only where the ships end up). A state is resolvable when
//! some path leads out: to no beach full, or to a voyage that reveals a card
//! or fails. Deciding it is a question of reachability, answered exactly by
//! a depth-first search that runs on its own stack (no recursion, so no
//! depth limit) and changes one working copy of the ships move by move,
//! taking each move back when it returns.
//!
//! Each state the search enters ends up proven one way or the other, as in
//! Tarjan's algorithm for strongly connected components: when the search
//! finds a way out, every state still open leads to it (each reaches a state
//! on the current path, which reaches the way out); when it closes a
//! component none of whose moves led out, none of its states can lead out.
//! What is proven depends only on the layout of the table (where the cards
//! lie, which islands are king islands), so the search keeps it from
//! question to question: across the candidate moves of a decision, the
//! decisions of a landing and a chain, and later turns, until a card is laid
//! or an island leaves the table.

use super::landing_ends::{Done, LandingEnds, NOT_AT_ONCE};
use super::outcomes::{each_outcome, least_filling_end, Outcome};
use super::states::{Key, KeyLayout, StateTable, ALIVE, DEAD};
use super::way_out::{self, calm, escapes, free_places, leads_out, lost_at_once, Beyond, Routes};
use crate::board::{colours, Board, Ships, Trace, MAX_SEATS};
use crate::cards::{Beach, CardId};
use crate::hex::Edge;
use crate::landing::{LandMove, Landing};
use crate::seat::Seat;
use std::ops::ControlFlow;

mod explore;
mod landing;
mod shortcuts;

/// States kept from earlier questions before a new question starts afresh
/// (memory, not correctness: a question itself is never cut short). The
/// largest chains of real games stay below it (BENCHMARKS.md).
const KEEP_STATES: usize = 1 << 18;

/// A question whose search has entered this many states asks the
/// colour-blind search whether its start is lost, and then whether each new
/// state is (see [`ChainSearch::blind`]).
const BLIND_AFTER: u32 = 2048;

/// An emigration of the search: the full beach (`tile`, `beach`) sails and
/// its voyage lands on `dest`.
#[derive(Clone, Copy, Debug)]
struct Sail {
    tile: CardId,
    beach: Beach,
    dest: CardId,
}

/// A state the search has entered and not yet left.
#[derive(Clone, Copy, Debug)]
struct Frame {
    state: u32,
    /// When it was entered, and the earliest open state it is known to reach.
    order: u32,
    low: u32,
    /// Its emigrations, `sails[sails_start..sails_end]`; the next at `sail`.
    sails_start: u32,
    sail: u32,
    sails_end: u32,
    /// The emigration under way: its group, and the ends of its landing,
    /// `ends[ends_start..ends_end]`, the next to try at `end`.
    sailing: Option<(Sail, [u8; MAX_SEATS])>,
    ends_start: u32,
    end: u32,
    ends_end: u32,
    /// The landing end that led here from the state before (to take back).
    came_by: Option<(CardId, u32)>,
}

/// What the search knows of the state it has just moved to.
enum Known {
    /// It leads out (a way out itself, or proven so).
    Resolves,
    /// Proven not to.
    Dead,
    /// Open in this search, entered at this order.
    Open(u32),
    /// New: the state's number.
    New(u32),
}

/// The R25 search and everything it has proven about the chain states of
/// one table layout. A game keeps one for its board; a copy of it starts
/// with nothing proven (it is a cache, and can be large).
#[derive(Debug, Default)]
pub struct ChainSearch {
    players: usize,
    /// The layout what is proven belongs to ([`Board::layout_changes`]);
    /// `None` before the first question.
    layout: Option<u32>,
    /// Where the parts of a key lie on this layout, and the states proven on
    /// it; laid out when a question first needs a key (most layouts see
    /// none: their questions are answered by a way out at once).
    keys: KeyLayout,
    keys_laid: bool,
    states: StateTable,
    routes: Routes,
    /// The state being explored, and its key (worked out when first
    /// needed after a load: many questions are answered without it).
    ships: Ships,
    key: Key,
    key_stale: bool,
    /// The open states of the depth-first search, innermost last.
    frames: Vec<Frame>,
    /// The emigrations and landing ends of the open states, each frame's
    /// after its parent's.
    sails: Vec<Sail>,
    ends: Vec<Outcome>,
    /// Open states not yet proven (Tarjan's stack), in the order entered.
    open: Vec<u32>,
    order: u32,
    /// The ends of the landing the last landing question was about.
    landing: LandingEnds,
    /// The ends of the landing of an emigration being asked about.
    listed: Vec<Outcome>,
    /// The most states one question has added (for measurements).
    largest: usize,
    /// The colour-blind search: the same search over chain states with
    /// every ship of one seat ([`Ships::colour_blind`]), so with only the
    /// ships' counts by beach (far fewer states). It can only find more
    /// ways out: every move of a chain state is a move of its colour-blind
    /// copy (the same beaches fill, and a voyage that lands with more
    /// colours lands or fails with one), and every way out stays one (a
    /// voyage that fails for want of colours fails with one colour). So a
    /// state whose copy is lost is lost: a large question asks it for its
    /// start (a "lost" ends the question without visiting every state the
    /// chain reaches) and for each new state it would enter (a lost one is
    /// not entered; not under a rollout's `limit`: a rollout's copy starts
    /// with nothing proven, so asking for each state costs more than the
    /// limited question it would shorten). (`None` until first needed; the copy has
    /// none of its own: `is_blind`.)
    blind: Option<Box<ChainSearch>>,
    is_blind: bool,
    /// The start of the question being searched (for the colour-blind search).
    root: Ships,
    /// For a search bot's rollouts only ([`ChainSearch::limit`]): a question
    /// that enters this many states is given up, answered "resolvable",
    /// and `cut` is set. `None`: every question is answered exactly.
    limit: Option<u32>,
    cut: bool,
    /// States proven lost by a locked island, and questions by the
    /// colour-blind copy (for measurements and tests).
    proofs: (u32, u32),
}

impl Clone for ChainSearch {
    /// A copy proves everything again: copying the states would cost more
    /// than most searches.
    fn clone(&self) -> ChainSearch {
        ChainSearch::new(self.players)
    }
}

impl ChainSearch {
    /// The search for a game of `players` seats.
    pub fn new(players: usize) -> ChainSearch {
        ChainSearch {
            players,
            ..ChainSearch::default()
        }
    }

    /// The search for a new game of `players` seats, with room for the
    /// lists of most games' questions, so that they do not grow by steps
    /// as the game is played (a copy of a game, as a search bot's rollout
    /// makes, starts with none: most rollouts ask few questions).
    pub fn for_new_game(players: usize) -> ChainSearch {
        let mut s = ChainSearch::new(players);
        s.frames.reserve(32);
        s.sails.reserve(128);
        s.ends.reserve(128);
        s.open.reserve(32);
        s.listed.reserve(64);
        s.landing.reserve(64);
        s
    }

    /// Chain states proven on the current layout, and the most states a
    /// single question has added so far (what R25 costs: BENCHMARKS.md).
    pub fn stats(&self) -> (usize, usize) {
        let proven = if self.keys_laid { self.states.len() } else { 0 };
        (proven, self.largest)
    }

    /// How many states a locked island has proven lost, and how many
    /// questions the colour-blind copy has answered "lost", since the
    /// game began (or was copied).
    pub fn proofs(&self) -> (u32, u32) {
        self.proofs
    }

    /// Gives up any later question that enters more than `states` states
    /// (answering it "resolvable": not the rules' answer), and says so in
    /// [`ChainSearch::was_cut`]. Only for a search bot's rollouts, which
    /// stop there (docs/rules.md#r25); a game never limits its own search.
    pub fn limit(&mut self, states: u32) {
        self.limit = Some(states);
    }

    /// Has a question been given up since [`ChainSearch::limit`]?
    pub fn was_cut(&self) -> bool {
        self.cut
    }

    // ----- questions --------------------------------------------------------

    /// Is the chain state where the player is to emigrate from `ships`
    /// resolvable? (With no beach full the chain is over: yes.)
    pub fn resolvable(&mut self, board: &Board, ships: &Ships) -> bool {
        self.prepare(board);
        if leads_out(&mut self.routes, board, ships) {
            return true;
        }
        self.load(board, ships);
        self.answer(board, true)
    }

    /// The emigrations of `emigrations` (full beaches of `ships`, each with
    /// a jetty) that keep the chain resolvable, in order, to `keep`. One
    /// that reveals a card or fails always does; one that lands does when
    /// its landing can end so that the chain is resolvable.
    pub fn resolving_emigrations(
        &mut self,
        board: &Board,
        ships: &Ships,
        emigrations: &[(CardId, Beach, Edge)],
        mut keep: impl FnMut(&(CardId, Beach, Edge)),
    ) {
        self.load(board, ships);
        // The last landing looked at, and its answer: two jetties of a beach
        // whose voyages land on the same island are one move for R25 (as in
        // the search), and a beach's jetties come one after another.
        let mut last: Option<(CardId, Beach, CardId, bool)> = None;
        for e @ &(tile, beach, jetty) in emigrations {
            let cols = self.ships.beach(tile, beach).colours();
            let dest = match self.routes.trace(board, tile, jetty, cols) {
                Trace::Escape => {
                    keep(e);
                    continue;
                }
                Trace::Land(dest) => dest,
            };
            let yes = match last {
                Some((t, b, d, yes)) if (t, b, d) == (tile, beach, dest) => yes,
                _ => {
                    let group = self.ships.sail(tile, beach);
                    self.rekey(tile, beach);
                    let l = Landing::start(&self.ships, dest, group, false);
                    let yes = self.landing_can_resolve(board, &l);
                    self.ships.put_back(tile, beach, group);
                    self.rekey(tile, beach);
                    yes
                }
            };
            last = Some((tile, beach, dest, yes));
            if yes {
                keep(e);
            }
        }
    }

    /// Can the landing `l` on the working state end so that the chain is
    /// resolvable? (The working state is left as it was.)
    fn landing_can_resolve(&mut self, board: &Board, l: &Landing) -> bool {
        // A full beach elsewhere with a voyage that reveals a card or fails
        // (what `fixed_escape` asks), or a landing that can end calm.
        let beyond = self.beyond(board, l.tile);
        if beyond.escapes || Self::calm_completion(board, &self.ships, l) {
            return true;
        }
        if self.least_filling_leads_out(board, l, &beyond) {
            return true;
        }
        // An end that leads out at once (the ends listed as they are
        // looked at); else each end in turn, until one leaves a resolvable
        // chain (a search that proves an end lost visits every state it
        // reaches: the last resort).
        let mut listed = std::mem::take(&mut self.listed);
        listed.clear();
        let (routes, ships) = (&mut self.routes, &self.ships);
        let at_once = each_outcome(ships, l, |x| {
            listed.push(*x);
            if way_out::leads_out_after(routes, board, ships, &beyond, x) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let yes = at_once.is_break()
            || listed.iter().any(|x| {
                self.land(l.tile, x);
                let yes = self.answer(board, true);
                self.unland(l.tile, x);
                yes
            });
        self.listed = listed;
        yes
    }

    /// Does the least filling end of the landing `l` on the working state
    /// lead out, at once or as proven? (`beyond`: the working state's off
    /// the landing's island; the working state is left as it was.)
    fn least_filling_leads_out(&mut self, board: &Board, l: &Landing, beyond: &Beyond) -> bool {
        let x = least_filling_end(free_places(&self.ships, l.tile), l);
        if self.leads_out_after(board, beyond, &x) {
            return true;
        }
        if !self.any_proven() {
            return false;
        }
        self.fresh_key();
        self.proven_after(&self.ships, self.key, beyond.tile, &x)
    }

    /// Is any chain state proven on this layout?
    fn any_proven(&self) -> bool {
        self.keys_laid && !self.states.is_empty()
    }

    /// Is the state `ships` (of key `key`) after the landing end `x` on
    /// `tile` proven to lead out?
    fn proven_after(&self, ships: &Ships, mut key: Key, tile: CardId, x: &Outcome) -> bool {
        // The key of the state after the end: the island's beaches coded again.
        for b in tile.beaches() {
            if x[b.index()] != [0; MAX_SEATS] {
                let after = ships.beach(tile, b).with_group(&x[b.index()]);
                self.keys.set_beach(&mut key, tile, b, &after);
            }
        }
        self.states.find(&key) == Some(ALIVE)
    }

    // ----- the search -------------------------------------------------------

    /// Makes `ships` the working state, after forgetting what was proven if
    /// the table is no longer the layout it was proven on (or if it has
    /// grown large).
    fn load(&mut self, board: &Board, ships: &Ships) {
        self.prepare(board);
        self.ships.clone_from(ships);
        self.key_stale = true;
    }

    /// Brings the key of the working state up to date (the keys laid out).
    fn fresh_key(&mut self) {
        debug_assert!(self.keys_laid);
        if self.key_stale {
            self.key = self.keys.key(&self.ships);
            self.key_stale = false;
        }
    }

    fn prepare(&mut self, board: &Board) {
        let layout = board.layout_changes();
        if self.layout != Some(layout) {
            self.layout = Some(layout);
            self.keys_laid = false;
            self.routes.clear();
        } else if self.states.len() > KEEP_STATES {
            self.states.clear(self.keys.words());
        }
    }

    /// Lays the keys out for the table's layout, with no state proven on it
    /// yet, if that is not done.
    fn lay_keys(&mut self, board: &Board) {
        if !self.keys_laid {
            self.keys.reset(board, self.players);
            self.states.clear(self.keys.words());
            self.keys_laid = true;
        }
    }

    /// The answer for the working state (a question's start), which it
    /// leaves as it was. (`looked`: it is known not to lead out at once.)
    fn answer(&mut self, board: &Board, looked: bool) -> bool {
        // A way out at once, or two steps away: most questions have one,
        // and it is found without entering the state in the search.
        if (!looked && self.way_out(board)) || self.one_sail_leads_out(board).is_some() {
            return true;
        }
        self.lay_keys(board);
        let before = self.states.len();
        self.order = 0;
        let answer = match self.known(board) {
            Known::Resolves => true,
            Known::Dead => false,
            Known::New(state) => self.explore(board, state),
            Known::Open(_) => unreachable!("no state stays open between questions"),
        };
        self.largest = self.largest.max(self.states.len() - before);
        answer
    }

    /// An emigration of the working state that lands where the least
    /// filling end of its landing leads out at once: a way out two steps
    /// away, which most questions have, found without entering the state
    /// in the search (the working state, which does not lead out at once,
    /// is left as it was).
    fn one_sail_leads_out(&mut self, board: &Board) -> Option<Sail> {
        let mut islands = self.ships.full_islands();
        while islands != 0 {
            let tile = CardId(islands.trailing_zeros() as u8);
            islands &= islands - 1;
            for beach in Beach::in_mask(self.ships.full_mask(tile)) {
                let mut dests = self.landing_islands(board, tile, beach);
                while dests != 0 {
                    let dest = CardId(dests.trailing_zeros() as u8);
                    dests &= dests - 1;
                    let s = Sail { tile, beach, dest };
                    if self.least_filling_end_after_leads_out(board, s) {
                        return Some(s);
                    }
                }
            }
        }
        None
    }

    /// Does the least filling end of the landing of `s` lead out at once?
    /// (The working state is left as it was.)
    fn least_filling_end_after_leads_out(&mut self, board: &Board, s: Sail) -> bool {
        let group = self.ships.sail(s.tile, s.beach);
        let l = Landing::start(&self.ships, s.dest, group, false);
        let beyond = self.beyond(board, s.dest);
        let x = least_filling_end(free_places(&self.ships, s.dest), &l);
        let yes = self.leads_out_after(board, &beyond, &x);
        self.ships.put_back(s.tile, s.beach, group);
        yes
    }

    /// The islands the full beach (`tile`, `beach`) of the working state
    /// can emigrate to, as bits: its jetties' voyages, with its group's
    /// colours, land there (two jetties to the same island are one move).
    /// (In a state that does not lead out at once every voyage lands.)
    fn landing_islands(&mut self, board: &Board, tile: CardId, beach: Beach) -> u32 {
        let cols = self.ships.beach(tile, beach).colours();
        let mut dests = 0;
        for j in tile.beach_spec(beach).jetty_edges() {
            if let Trace::Land(dest) = self.routes.trace(board, tile, j, cols) {
                dests |= 1 << dest.index();
            }
        }
        dests
    }

    /// What is known of the working state (which does not lead out at
    /// once); a new one is added, open.
    fn known(&mut self, board: &Board) -> Known {
        let order = self.order;
        self.fresh_key();
        let (state, new) = self.states.find_or_add(&self.key, order);
        if new {
            if lost_at_once(&mut self.routes, board, &self.ships) {
                self.proofs.0 += 1;
                self.states.set_mark(state, DEAD);
                return Known::Dead;
            }
            if !self.is_blind
                && self.limit.is_none()
                && order >= BLIND_AFTER
                && self.blind_lost(board, &self.ships.colour_blind())
            {
                self.proofs.1 += 1;
                self.states.set_mark(state, DEAD);
                return Known::Dead;
            }
            return Known::New(state);
        }
        match self.states.mark(state) {
            ALIVE => Known::Resolves,
            DEAD => Known::Dead,
            order => Known::Open(order),
        }
    }

    /// Does the working state lead out at once?
    fn way_out(&mut self, board: &Board) -> bool {
        leads_out(&mut self.routes, board, &self.ships)
    }

    /// The full beaches of the working state off `tile` (for the ends of a
    /// landing on it: [`Self::leads_out_after`]).
    fn beyond(&mut self, board: &Board, tile: CardId) -> Beyond {
        Beyond::of(&mut self.routes, board, &self.ships, tile)
    }

    /// Does the working state lead out at once after the landing end `x` on
    /// `beyond.tile` (`beyond` being the working state's)? (The ships are
    /// left as they are.)
    fn leads_out_after(&mut self, board: &Board, beyond: &Beyond, x: &Outcome) -> bool {
        way_out::leads_out_after(&mut self.routes, board, &self.ships, beyond, x)
    }
}

#[cfg(test)]
pub(crate) mod probes;
