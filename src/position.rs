//! Arranged positions for rule tests and puzzles (like a chess FEN): cards
//! laid where given, ships on beaches, kings, and the pile order. The game
//! then runs by the ordinary rules from the start of a turn. Such a game
//! has no action log from the start, so it is for tests, not for saving.

use crate::board::{Board, SHIPS_PER_PLAYER};
use crate::cards::CardId;
use crate::error::Error;
use crate::game::{Game, Phase};
use crate::hex::Hex;
use crate::options::GameOptions;
use crate::seat::Seat;
use std::fmt;

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

/// Why an [`Arrangement`] cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArrangeError {
    /// The options are refused (the player count: `bad_options`).
    Options(Error),
    /// A card is laid twice, laid and in the pile as well, or is Tonga.
    CardsOverlap,
    /// The hex is taken or off the table, or the rotation is not 0..6.
    CannotLay { card: CardId, q: i32, r: i32 },
    /// The card is not an island on the table, has no such beach, or the
    /// seat does not play.
    BadShip { card: CardId, beach: u8, seat: u8 },
    /// More ships than places on the beach.
    BeachOverfull { island: CardId, beach: u8 },
    /// The card is not an island on the table other than Tonga, is already
    /// a king island, the seat does not play, or has two kings already (R30).
    BadKing { card: CardId, seat: u8 },
    /// More than 15 ships of one seat on the table.
    TooManyShips { seat: u8 },
    /// The seat to start does not play.
    BadCurrent { seat: u8 },
}

impl fmt::Display for ArrangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArrangeError::Options(e) => write!(f, "{e}"),
            ArrangeError::CardsOverlap => f.write_str("cards laid and pile overlap"),
            ArrangeError::CannotLay { card, q, r } => write!(f, "cannot lay {card} at ({q}, {r})"),
            ArrangeError::BadShip { card, beach, seat } => {
                write!(f, "bad ship {card} {beach} {seat}")
            }
            ArrangeError::BeachOverfull { island, beach } => {
                write!(f, "beach {beach} of {island} overfull")
            }
            ArrangeError::BadKing { card, seat } => write!(f, "bad king {card} {seat}"),
            ArrangeError::TooManyShips { seat } => write!(f, "seat {seat} has more than 15 ships"),
            ArrangeError::BadCurrent { seat } => write!(f, "seat {seat} does not play"),
        }
    }
}

impl std::error::Error for ArrangeError {}

impl Game {
    /// Builds an arranged position at the start of `current`'s turn.
    pub fn arranged(a: &Arrangement) -> Result<Game, ArrangeError> {
        let laid: Vec<CardId> = a.cards.iter().map(|c| c.0).collect();
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
        let mut g = Game::new(opts).map_err(ArrangeError::Options)?;
        if g.pile_len() != 31 || laid.iter().any(|c| pile.contains(c)) {
            return Err(ArrangeError::CardsOverlap);
        }
        let seat = |s: u8| Seat::all(a.players).find(|&x| u8::from(x) == s);
        let board = g.arrange_board();
        for &(c, q, r, rot) in &a.cards {
            let h = Hex::new(q, r);
            if !Board::in_bounds(h) || board.card_at(h).is_some() || rot > 5 {
                return Err(ArrangeError::CannotLay { card: c, q, r });
            }
            board.lay(c, h, rot);
        }
        if a.tonga_removed {
            board.remove(CardId::TONGA);
        }
        let mut used = [0u8; crate::board::MAX_SEATS];
        for &(c, b, s) in &a.ships {
            let bad = ArrangeError::BadShip {
                card: c,
                beach: b,
                seat: s,
            };
            let (Some(beach), Some(seat)) = (c.beach(b.into()), seat(s)) else {
                return Err(bad);
            };
            if !board.on_table(c) {
                return Err(bad);
            }
            if board.ships().is_full(c, beach) {
                return Err(ArrangeError::BeachOverfull {
                    island: c,
                    beach: b,
                });
            }
            board.set_ship(c, beach, seat);
            used[seat.index()] += 1;
        }
        for &(c, s) in &a.kings {
            let bad = ArrangeError::BadKing { card: c, seat: s };
            let Some(seat) = seat(s) else {
                return Err(bad);
            };
            if c == CardId::TONGA
                || !c.is_island()
                || !board.on_table(c)
                || board.is_king(c)
                || board.kings_of(seat).count() >= 2
            {
                return Err(bad);
            }
            board.set_king(c, seat);
            used[seat.index()] += 1;
        }
        for seat in Seat::all(a.players) {
            let u = used[seat.index()];
            if u > SHIPS_PER_PLAYER {
                return Err(ArrangeError::TooManyShips { seat: seat.into() });
            }
            g.set_supply(seat, SHIPS_PER_PLAYER - u);
        }
        g.set_pile(pile);
        let current = seat(a.current).ok_or(ArrangeError::BadCurrent { seat: a.current })?;
        g.start_arranged_turn(current, Phase::Turn);
        Ok(g)
    }
}
