//! One table in memory: its stored record, its seats, and the game rebuilt
//! from the move log (a cache: the store is the truth). Who is connected,
//! who has been gone how long and the turn's clock live only here; they are
//! re-derived after a restart (everyone counts as having just left).

use super::error::{Code, OnlineError};
use super::store::{MoveRecord, SeatRecord, Status, StoredTable, TableRecord};
use super::wire::{self, SeatView, ServerMessage, TableInfo};
use serde_json::value::RawValue;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tongiaki::Game;

/// The `odds` message of one move, made by the first client to ask.
pub type OddsCell = std::sync::Arc<tokio::sync::OnceCell<std::sync::Arc<str>>>;

/// What plays the seat to act next, if not its player.
#[derive(Clone, Debug, PartialEq)]
pub enum Mover {
    Player,
    Bot(String),
}

pub struct Table {
    pub record: TableRecord,
    /// Indexed by seat; `None` while free.
    pub seats: Vec<Option<SeatRecord>>,
    /// The game, once it has begun.
    pub game: Option<Game>,
    /// Moves in the log.
    pub moves: u32,
    /// The events of the last move, as written when it was made.
    pub last_events: Box<RawValue>,
    /// WebSocket connections per seat, to this process.
    pub connected: Vec<u32>,
    /// Connections per seat to other processes on the same store, as they
    /// last reported them (by process id), and when (docs/architecture.md,
    /// "Several processes").
    pub remote: HashMap<String, (Vec<u32>, Instant)>,
    /// When each seat's last connection closed (or the table was loaded).
    pub left_at: Vec<Instant>,
    /// (turn, seat) of the turn under way, and when it started. (The engine
    /// bounds a turn's decisions itself: docs/rules.md#endless-play.)
    pub turn_key: (u32, u8),
    pub turn_started: Instant,
    /// Turns begun since the table was loaded, counting every change of
    /// `turn_key`: the clock is armed once per value. (Not `turn_key`
    /// itself: through the setup the engine's turn stays 0, so (0, seat)
    /// comes back with every round of placements — issue 29.)
    pub turn_serial: u64,
    /// The turn clock ran out: a bot moves for the rest of this turn.
    pub clock_out: bool,
    /// The turn (`turn_serial`) the clock timer is armed for.
    pub clock_armed: Option<u64>,
    /// A bot is deciding move n.
    pub bot_thinking: Option<u32>,
    /// The bots kept by seat between their decisions (the expert goes on
    /// from its last search's tree, `tongiaki::bots::Player`); away while
    /// one thinks.
    pub kept_bots: HashMap<u8, super::hub::KeptBot>,
    /// The current `state` message, serialised once.
    pub state_msg: Option<std::sync::Arc<str>>,
    /// The voyage odds of the current move, worked out once for everyone
    /// who asks (hub/odds.rs): (move count, the `odds` message).
    pub odds: Option<(u32, OddsCell)>,
    /// Dropped from memory (expired or evicted): look the table up again.
    pub gone: bool,
    pub last_active: Instant,
    /// Spectators' connections.
    pub watchers: u32,
    /// Just loaded from the store: its bots and clock have not been started.
    pub fresh: bool,
    /// The chat lines this process told its clients of lately (a line
    /// another process announces is told once; hub/meet.rs).
    pub chat_told: std::collections::VecDeque<i64>,
}

impl Table {
    /// A table from its stored record, the game rebuilt by replaying the
    /// move log through the engine's checks.
    pub fn from_stored(s: StoredTable) -> Result<Table, String> {
        let n = s.table.seats as usize;
        let mut seats = vec![None; n];
        for seat in s.seats {
            let i = seat.seat as usize;
            if i >= n {
                return Err(format!("table {}: seat {i} of {n}", s.table.id));
            }
            seats[i] = Some(seat);
        }
        let now = Instant::now();
        let mut t = Table {
            record: s.table,
            seats,
            game: None,
            moves: 0,
            last_events: wire::no_events(),
            connected: vec![0; n],
            remote: HashMap::new(),
            left_at: vec![now; n],
            turn_key: (0, 0),
            turn_started: now,
            turn_serial: 0,
            clock_out: false,
            clock_armed: None,
            bot_thinking: None,
            kept_bots: HashMap::new(),
            state_msg: None,
            odds: None,
            gone: false,
            last_active: now,
            watchers: 0,
            fresh: true,
            chat_told: std::collections::VecDeque::new(),
        };
        if let Some(options) = &t.record.options {
            let game = Game::from_options_json(options)
                .map_err(|e| format!("table {}: options: {e}", t.record.id))?;
            t.game = Some(game);
            t.turn_key = t.current_turn_key();
            t.replay(&s.moves)?;
        }
        t.state_msg = t.build_state();
        Ok(t)
    }

    /// Applies stored moves (from this process or another).
    pub fn replay(&mut self, moves: &[MoveRecord]) -> Result<(), String> {
        for m in moves {
            if m.n != self.moves {
                return Err(format!(
                    "table {}: move {} where {} was expected",
                    self.record.id, m.n, self.moves
                ));
            }
            let game = self.game.as_mut().ok_or("moves before the game began")?;
            let events = game
                .apply_json(&m.action)
                .map_err(|e| format!("table {}: move {}: {e}", self.record.id, m.n))?;
            self.after_move(events);
        }
        if moves.last().is_some() {
            self.state_msg = self.build_state();
        }
        Ok(())
    }

    /// Bookkeeping after a move was applied to `self.game`.
    pub fn after_move(&mut self, events: Vec<tongiaki::GameEvent>) {
        self.moves += 1;
        self.last_events = wire::events(&events);
        let key = self.current_turn_key();
        if key != self.turn_key {
            self.turn_key = key;
            self.turn_serial += 1;
            self.turn_started = Instant::now();
            self.clock_out = false;
        }
        if self.game.as_ref().is_some_and(|g| g.is_over()) {
            self.record.status = Status::Over;
        }
        self.last_active = Instant::now();
    }

    fn current_turn_key(&self) -> (u32, u8) {
        match &self.game {
            Some(g) => (g.turn(), g.current().unwrap_or(u8::MAX)),
            None => (0, 0),
        }
    }

    pub fn status(&self) -> Status {
        self.record.status
    }

    pub fn taken(&self) -> usize {
        self.seats.iter().filter(|s| s.is_some()).count()
    }

    /// The seat a token proves, if any.
    pub fn seat_of(&self, token: &str) -> Option<u8> {
        self.seats.iter().flatten().find_map(|s| match &s.token {
            Some(t) if super::token::same_token(t, token) => Some(s.seat),
            _ => None,
        })
    }

    /// Is a name (folded) taken at this table?
    pub fn name_taken(&self, name: &str) -> bool {
        let key = super::names::fold(name);
        self.seats
            .iter()
            .flatten()
            .any(|s| super::names::fold(&s.name) == key)
    }

    /// Who moves next: the player, or a bot (its own seat, one standing in,
    /// or one the turn clock called in).
    pub fn mover(&self) -> Option<Mover> {
        if self.record.status != Status::Playing {
            return None;
        }
        let seat = self.game.as_ref()?.current()?;
        let s = self.seats.get(seat as usize)?.as_ref()?;
        Some(match &s.bot {
            Some(kind) => Mover::Bot(kind.clone()),
            None if self.clock_out => Mover::Bot("greedy".into()),
            None => Mover::Player,
        })
    }

    /// Seconds since the player of `seat` left, if they are away (a player's
    /// seat with no connection that no bot plays).
    pub fn away_secs(&self, seat: usize) -> Option<u64> {
        let s = self.seats.get(seat)?.as_ref()?;
        if s.token.is_none() || s.replaced || self.present(seat) {
            return None;
        }
        Some(self.left_at[seat].elapsed().as_secs())
    }

    /// Is anyone connected at `seat`, to this process or another?
    pub fn present(&self, seat: usize) -> bool {
        self.connected.get(seat).is_some_and(|&c| c > 0)
            || self
                .remote
                .values()
                .any(|(c, _)| c.get(seat).is_some_and(|&c| c > 0))
    }

    /// Another process's connections at this table: true if who is present
    /// changed. A seat its last connection left counts as left now.
    pub fn set_remote(&mut self, from: &str, counts: Option<Vec<u32>>) -> bool {
        let before: Vec<bool> = (0..self.seats.len()).map(|i| self.present(i)).collect();
        match counts {
            Some(c) if c.iter().any(|&n| n > 0) => {
                self.remote.insert(from.to_string(), (c, Instant::now()));
            }
            _ => {
                self.remote.remove(from);
            }
        }
        let mut changed = false;
        for (i, was) in before.into_iter().enumerate() {
            let now = self.present(i);
            if was && !now {
                self.left_at[i] = Instant::now();
            }
            changed |= was != now;
        }
        changed
    }

    /// May the others hand `seat` to a bot?
    pub fn may_replace(&self, seat: usize) -> Result<(), OnlineError> {
        if self.record.status != Status::Playing {
            return Err(OnlineError::code(Code::NotStarted));
        }
        match self.away_secs(seat) {
            Some(secs) if secs >= self.record.gone_after_secs => Ok(()),
            _ => Err(OnlineError::code(Code::NotGone)),
        }
    }

    // ----- messages ------------------------------------------------------

    /// The seats as GET and the `seats` message show them.
    pub fn seat_views(&self) -> Vec<SeatView> {
        (0..self.seats.len())
            .map(|i| match &self.seats[i] {
                Some(s) => SeatView {
                    away_secs: self.away_secs(i),
                    bot: s.bot.clone(),
                    connected: self.present(i),
                    free: false,
                    name: Some(s.name.clone()),
                    replaced: s.replaced,
                },
                None => SeatView {
                    free: true,
                    ..SeatView::default()
                },
            })
            .collect()
    }

    /// `GET /api/tables/ID`.
    pub fn info(&self) -> TableInfo {
        TableInfo {
            current: self.game.as_ref().and_then(|g| g.current()),
            gone_after: self.record.gone_after_secs,
            mode: self.record.mode,
            moves: self.moves,
            public: self.record.meet.public,
            rematch: self.record.meet.rematch.clone(),
            seats: self.seat_views(),
            spectator_chat: self.record.meet.spectator_chat,
            status: self.record.status,
            table: self.record.id.clone(),
            turn_clock: self.record.turn_clock_secs,
        }
    }

    /// The `seats` message.
    pub fn seats_msg(&self) -> Arc<str> {
        ServerMessage::Seats {
            gone_after: self.record.gone_after_secs,
            seats: self.seat_views(),
            status: self.record.status,
            table: &self.record.id,
        }
        .frame()
    }

    /// The `state` message, written once for everyone at the table: the
    /// public snapshot, the legal actions of the seat to act, the last move
    /// and its events. Never the seed or the pile.
    fn build_state(&self) -> Option<Arc<str>> {
        let g = self.game.as_ref()?;
        let playing = self.record.status == Status::Playing;
        let clock_ms = (self.record.turn_clock_secs > 0 && playing).then(|| {
            let left = Duration::from_secs(self.record.turn_clock_secs)
                .saturating_sub(self.turn_started.elapsed());
            left.as_millis() as u64
        });
        let snapshot = g.snapshot();
        let state = ServerMessage::State {
            moves: self.moves,
            snapshot: &snapshot,
            legal: if playing { g.legal_moves() } else { &[] },
            action: g.log().last().map(|a| a.to_json()),
            events: &self.last_events,
            clock_ms,
        };
        Some(state.frame())
    }

    pub fn refresh_state(&mut self) {
        self.state_msg = self.build_state();
    }
}
