//! Finding the way out of a chain that goes round in circles.
//!
//! R25 lets the active player keep sending groups between the cards on the
//! table as long as *some* sequence of choices would end the chain; it does
//! not make them take it. A bot that values two choices alike can go round
//! for ever, and random choices may need thousands of decisions to stumble on
//! the exit. [`way_out`] searches the chain's states breadth first (ships on
//! the beaches plus the landing under way; no card is revealed, so the
//! search sees only the public table) for the shortest sequence that ends the
//! chain: no beach full, or a voyage that reveals a card or fails. It
//! returns the first decision of that sequence.

use crate::board::{Board, Ships, Trace};
use crate::game::{Game, Phase};
use crate::hash::WordBuild;
use crate::landing::{landing_moves, play_land_move, Landing};
use crate::moves::Move;
use std::collections::{HashSet, VecDeque};

/// States explored before giving up.
pub const WAY_OUT_LIMIT: usize = 10_000;

/// The first decision of the shortest way out of the current chain, if the
/// game is in a chain (emigration or landing) and one is found in budget.
pub fn way_out(game: &Game) -> Option<Move> {
    let board = game.board();
    let start = match game.phase() {
        Phase::Emigrate => (board.ships().clone(), None),
        Phase::Land(l) if !l.ends_game => (board.ships().clone(), Some(l)),
        _ => return None,
    };
    let legal = game.legal_moves();
    // Membership only (never iterated): the hasher changes the time, not
    // the way found.
    let mut seen: HashSet<(Ships, Option<Landing>), WordBuild> = HashSet::default();
    let mut queue: VecDeque<(Ships, Option<Landing>, usize)> = VecDeque::new();
    seen.insert(start.clone());
    let mut first = true;
    queue.push_back((start.0, start.1, usize::MAX));
    while let Some((ships, landing, root)) = queue.pop_front() {
        if seen.len() > WAY_OUT_LIMIT {
            return None;
        }
        let mut next: Vec<(Move, Step)> = Vec::new();
        match landing {
            None => emigrations(board, &ships, &mut next),
            Some(l) => {
                for m in landing_moves(&ships, &l) {
                    let mut s = ships.clone();
                    let mut nl = l;
                    play_land_move(&mut s, &mut nl, m);
                    let step = if nl.remaining() > 0 {
                        Step::To(s, Some(nl))
                    } else if board.any_full_in(&s) {
                        Step::To(s, None)
                    } else {
                        Step::Out
                    };
                    next.push((Move::from(m), step));
                }
            }
        }
        for (a, step) in next {
            // The first decision must be one the engine allows now.
            let r = if first {
                match legal.iter().position(|x| *x == a) {
                    Some(i) => i,
                    None => continue,
                }
            } else {
                root
            };
            match step {
                Step::Out => return Some(legal[r]),
                Step::To(s, l) => {
                    let key = (s, l);
                    if seen.insert(key.clone()) {
                        queue.push_back((key.0, key.1, r));
                    }
                }
            }
        }
        first = false;
    }
    None
}

// Steps are short-lived values of a local list; boxing the ships would
// only add an allocation per step.
#[allow(clippy::large_enum_variant)]
enum Step {
    /// The chain ends here.
    Out,
    To(Ships, Option<Landing>),
}

/// Every emigration from a full beach (R20) and where it leads.
fn emigrations(board: &Board, ships: &Ships, out: &mut Vec<(Move, Step)>) {
    for (tile, beach) in board.full_beaches(ships) {
        let cols = ships.beach(tile, beach).colours();
        for jetty in tile.beach_spec(beach).jetty_edges() {
            let a = Move::Emigrate { tile, beach, jetty };
            match board.trace(tile, jetty, cols) {
                Trace::Escape => out.push((a, Step::Out)),
                Trace::Land(dest) => {
                    let mut s = ships.clone();
                    let group = s.sail(tile, beach);
                    let l = Landing::start(&s, dest, group, false);
                    out.push((a, Step::To(s, Some(l))));
                }
            }
        }
    }
}
