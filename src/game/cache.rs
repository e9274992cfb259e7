//! What a game keeps only to answer faster: the legal moves of the
//! decision pending, and the R25 search with what it has proven. None of it
//! is the game: the rules' state is the rest of [`Game`](super::Game), and
//! a game with an empty cache answers every question the same. (One
//! setting rides with the search: the limit a search bot's rollout puts
//! on it, [`Game::limit_chain_search`](super::Game::limit_chain_search),
//! after which the answers are no longer the rules' own.)
//!
//! - **Filled on demand, behind `&self`.** [`Game::legal_moves`](super::Game::legal_moves)
//!   and the R25 questions of the move generator are read-only questions
//!   of the game, so the cache fills through cells (`OnceCell`, `RefCell`):
//!   a `Game` is not `Sync`, and the wasm binding and the server keep each
//!   game on one thread.
//! - **Emptied when the state changes.** Every change of the rules' state
//!   goes through `&mut Game`, which calls [`Cache::forget_legal`]; the
//!   search keeps its proofs by itself while the table's layout lasts
//!   (`ChainSearch`: they depend on the layout only).
//! - **Clone.** A copy of a game keeps the legal list (it is the copy's
//!   too) and starts the search with nothing proven and without a limit:
//!   copying the proofs costs more than most searches, and a search bot
//!   copies a game for every rollout and limits the copy's search.
//! - **No equality.** Two games are the same game when their rules' state
//!   is, whatever their caches hold; `Cache` has no `PartialEq`, so that
//!   none can be derived by mistake for a type holding it.

use crate::chain::ChainSearch;
use crate::moves::Move;
use std::cell::{OnceCell, Ref, RefCell, RefMut};

#[derive(Debug)]
pub(crate) struct Cache {
    /// The legal moves of the decision pending, once asked for.
    legal: OnceCell<Vec<Move>>,
    /// The list of the last decision's legal moves, emptied, to be filled
    /// again (no allocation per decision).
    spare_legal: RefCell<Vec<Move>>,
    /// The R25 search, with what it has proven on the current layout.
    chain: RefCell<ChainSearch>,
}

/// Moves a decision's list has room for before it grows (most decisions
/// have fewer).
const LEGAL_CAPACITY: usize = 64;

impl Cache {
    /// The cache of a new game of `players` seats, with room for what most
    /// games ask, so that its lists do not grow by steps as it is played.
    pub(crate) fn for_new_game(players: usize) -> Cache {
        Cache {
            legal: OnceCell::new(),
            spare_legal: RefCell::new(Vec::with_capacity(LEGAL_CAPACITY)),
            chain: RefCell::new(ChainSearch::for_new_game(players)),
        }
    }

    /// The legal moves, made by `compute` the first time they are asked
    /// for since the state last changed. `compute` fills the list it is
    /// given (empty, with the last decision's room).
    #[inline]
    pub(crate) fn legal(&self, compute: impl FnOnce(&mut Vec<Move>)) -> &[Move] {
        self.legal.get_or_init(|| {
            let mut out = std::mem::take(&mut *self.spare_legal.borrow_mut());
            compute(&mut out);
            out
        })
    }

    /// The state changed: the legal list is stale. It is kept, emptied, to
    /// be filled again for the next decision.
    #[inline]
    pub(crate) fn forget_legal(&mut self) {
        if let Some(mut legal) = self.legal.take() {
            legal.clear();
            *self.spare_legal.get_mut() = legal;
        }
    }

    /// The R25 search, for a question asked behind `&self` (the move
    /// generator's). Not to be held across another question.
    #[inline]
    pub(crate) fn search(&self) -> RefMut<'_, ChainSearch> {
        self.chain.borrow_mut()
    }

    /// The R25 search, for a question asked while the game changes.
    #[inline]
    pub(crate) fn search_mut(&mut self) -> &mut ChainSearch {
        self.chain.get_mut()
    }

    /// The R25 search, to read what it holds.
    pub(crate) fn search_ref(&self) -> Ref<'_, ChainSearch> {
        self.chain.borrow()
    }
}

impl Clone for Cache {
    /// The legal list as it is; a search with nothing proven (see the
    /// module's documentation).
    fn clone(&self) -> Cache {
        Cache {
            legal: self.legal.clone(),
            spare_legal: RefCell::new(Vec::new()),
            chain: RefCell::new(self.chain.borrow().clone()),
        }
    }
}
