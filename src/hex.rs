//! Axial hex coordinates for the flat-top grid of docs/rules.md §1.1
//! (vocabulary from Red Blob Games' hexagon guide).

/// World directions, numbered like card edges: 0 south, 1 south-west,
/// 2 north-west, 3 north, 4 north-east, 5 south-east.
pub const DIRECTIONS: [(i32, i32); 6] = [(0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1), (1, 0)];

/// A hex of the table in axial coordinates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

impl Hex {
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The neighbour in world direction `dir` (0..6).
    pub fn neighbor(self, dir: u8) -> Hex {
        let (dq, dr) = DIRECTIONS[(dir % 6) as usize];
        Hex::new(self.q + dq, self.r + dr)
    }

    /// Hex distance (Red Blob: axial distance).
    pub fn distance(self, other: Hex) -> i32 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }
}

/// The world direction opposite `dir`.
pub fn opposite(dir: u8) -> u8 {
    (dir + 3) % 6
}

/// A card edge, 0..6 counted round from the emblem edge 0 (docs/rules.md §1.1):
/// where a jetty points and where the trails of a water card end. Card
/// edges turn with the card; world directions ([`DIRECTIONS`]) do not.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Edge(u8);

impl Edge {
    /// The emblem edge, which a revealed card turns toward the group (R21).
    pub const EMBLEM: Edge = Edge(0);

    /// Edge `e` (0..6) of a card.
    pub const fn new(e: u8) -> Edge {
        debug_assert!(e < 6, "a card has six edges");
        Edge(e)
    }
    /// An edge named in an action (any number); `None` past 5.
    #[inline]
    pub fn from_u32(e: u32) -> Option<Edge> {
        (e < 6).then_some(Edge(e as u8))
    }
    #[inline]
    pub fn get(self) -> u8 {
        self.0
    }
}

impl From<Edge> for u8 {
    fn from(e: Edge) -> u8 {
        e.0
    }
}

impl From<Edge> for u32 {
    fn from(e: Edge) -> u32 {
        e.0 as u32
    }
}

/// The world direction card edge `edge` faces when the card lies with `rotation` (R §1.1).
pub fn edge_to_world(edge: Edge, rotation: u8) -> u8 {
    (edge.0 + rotation) % 6
}

/// The card edge that faces world direction `dir` when the card lies with `rotation`.
pub fn world_to_edge(dir: u8, rotation: u8) -> Edge {
    Edge((dir + 6 - rotation % 6) % 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_are_adjacent_and_opposites_cancel() {
        let h = Hex::new(2, -3);
        for d in 0..6 {
            let n = h.neighbor(d);
            assert_eq!(h.distance(n), 1);
            assert_eq!(n.neighbor(opposite(d)), h);
        }
    }

    #[test]
    fn rotation_maps_edges_to_world_directions() {
        // A card laid with rotation k has edge e facing (e + k) mod 6.
        for k in 0..6 {
            for e in 0..6 {
                let w = edge_to_world(Edge::new(e), k);
                assert_eq!(w, (e + k) % 6);
                assert_eq!(world_to_edge(w, k), Edge::new(e));
            }
        }
        // R21: a group leaving in direction d lays the new card with rotation (d+3)%6,
        // so its edge 0 faces back toward where the group came from.
        for d in 0..6 {
            let rot = opposite(d);
            assert_eq!(edge_to_world(Edge::EMBLEM, rot), opposite(d));
        }
    }
}
