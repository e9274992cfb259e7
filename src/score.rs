//! R61 scoring and R62 ranking.

use crate::board::{Board, SHIPS_PER_PLAYER};
use crate::seat::Seat;

/// What a player has on the table, as R61/R62 count it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Standing {
    /// R61: value of every island with one of the player's ships, plus kings.
    pub score: u32,
    /// R62: islands with at least one of the player's ships (kings and Tonga count).
    pub islands: u32,
    /// R62: ships not in the supply (a king counts as one; ships on water count).
    pub ships_on_table: u32,
}

pub fn standings(board: &Board, supply: &[u8]) -> Vec<Standing> {
    let mut out: Vec<Standing> = supply
        .iter()
        .map(|&s| Standing {
            ships_on_table: (SHIPS_PER_PLAYER - s) as u32,
            ..Default::default()
        })
        .collect();
    for c in board.islands() {
        let value = c.spec().value as u32;
        if let Some(k) = board.king_of(c) {
            out[k.index()].score += value;
            out[k.index()].islands += 1;
            continue;
        }
        for (seat, st) in Seat::all(out.len()).zip(out.iter_mut()) {
            if board.ships().seat_on(c, seat) > 0 {
                st.score += value;
                st.islands += 1;
            }
        }
    }
    out
}

/// R62: places, best first; players still tied share a place.
pub fn ranking(st: &[Standing]) -> Vec<Vec<u8>> {
    let key = |s: &Standing| {
        (
            std::cmp::Reverse(s.score),
            std::cmp::Reverse(s.islands),
            s.ships_on_table,
        )
    };
    let mut seats: Vec<u8> = (0..st.len() as u8).collect();
    seats.sort_by_key(|&i| (key(&st[i as usize]), i));
    let mut places: Vec<Vec<u8>> = Vec::new();
    for s in seats {
        match places.last_mut() {
            Some(p) if key(&st[p[0] as usize]) == key(&st[s as usize]) => p.push(s),
            _ => places.push(vec![s]),
        }
    }
    places
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(score: u32, islands: u32, ships: u32) -> Standing {
        Standing {
            score,
            islands,
            ships_on_table: ships,
        }
    }

    #[test]
    fn r62_ties_break_on_islands_then_fewest_ships_then_share() {
        let st = [
            s(10, 3, 9),
            s(12, 1, 15),
            s(10, 4, 12),
            s(10, 3, 9),
            s(10, 3, 8),
        ];
        assert_eq!(ranking(&st), vec![vec![1], vec![2], vec![4], vec![0, 3]]);
    }
}
