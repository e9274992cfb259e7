//! The tables a process serves: loaded from the store on first use, kept
//! in memory while in use, one lock and one broadcast channel per table
//! (axum's chat example). Every change is committed to the store before
//! anyone hears of it. Bots move on tasks of their own (the search bot on
//! the blocking pool, a few at a time), so no table waits for another.

use super::error::OnlineError;
use super::names;
use super::store::{now_ms, Mode, MoveRecord, SeatRecord, Status, Store, StoreError, TableRecord};
use super::table::{Mover, Table, TURN_DECISIONS, TURN_DECISIONS_HARD};
use super::token;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, OwnedMutexGuard, Semaphore};
use tongiaki::bots::{Budget, BOT_KINDS};

/// Messages a table's broadcast channel holds for a slow client before it
/// skips to the newest state.
const CHANNEL: usize = 64;

/// The message that tells clients a table has expired.
pub const EXPIRED_MSG: &str = r#"{"type":"expired"}"#;

/// Settings of the online tables (`tongiaki serve` flags).
#[derive(Clone, Debug)]
pub struct Config {
    /// Live tables: an absent player's seat may go to a bot after this long.
    pub gone_after: Duration,
    /// Turn-based tables: the same, in days rather than minutes.
    pub turn_gone_after: Duration,
    /// Live tables: a bot moves for a player whose turn takes longer.
    pub turn_clock: Duration,
    /// Tables untouched (no move, no join) this long are deleted.
    pub live_expiry: Duration,
    pub turn_expiry: Duration,
    /// Pause before a bot's move, so that people can follow.
    pub bot_delay: Duration,
    /// The search bot's budget per decision.
    pub search_budget: Budget,
    /// WebSocket connections from one address at once.
    pub max_ws_per_addr: usize,
    /// How often expiry and eviction run.
    pub sweep_every: Duration,
    /// A table no one is connected to leaves memory after this long.
    pub evict_after: Duration,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            gone_after: Duration::from_secs(120),
            turn_gone_after: Duration::from_secs(3 * 24 * 3600),
            turn_clock: Duration::from_secs(120),
            live_expiry: Duration::from_secs(24 * 3600),
            turn_expiry: Duration::from_secs(30 * 24 * 3600),
            bot_delay: Duration::from_millis(300),
            search_budget: Budget {
                iterations: 1000,
                millis: Some(1000.0),
            },
            max_ws_per_addr: 32,
            sweep_every: Duration::from_secs(30),
            evict_after: Duration::from_secs(600),
        }
    }
}

pub struct TableHandle {
    pub id: String,
    pub table: Arc<tokio::sync::Mutex<Table>>,
    pub tx: broadcast::Sender<Arc<str>>,
}

impl TableHandle {
    fn send(&self, msg: impl Into<Arc<str>>) {
        // No receiver is fine: no one is watching.
        let _ = self.tx.send(msg.into());
    }
}

pub struct Hub {
    pub store: Arc<dyn Store>,
    pub config: Config,
    tables: Mutex<HashMap<String, Arc<TableHandle>>>,
    search_slots: Semaphore,
    addrs: Mutex<HashMap<IpAddr, usize>>,
    pub connections: AtomicUsize,
}

impl std::fmt::Debug for Hub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub")
            .field("config", &self.config)
            .field("loaded", &self.loaded())
            .field("connections", &self.connections.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

/// What a client gets on hello.
pub struct Hello {
    pub handle: Arc<TableHandle>,
    pub seat: Option<u8>,
    pub rx: broadcast::Receiver<Arc<str>>,
    pub seats_msg: String,
    pub state_msg: Option<Arc<str>>,
}

/// Holds one WebSocket slot of an address; frees it when dropped.
pub struct AddrSlot {
    hub: Arc<Hub>,
    addr: Option<IpAddr>,
}

impl Drop for AddrSlot {
    fn drop(&mut self) {
        self.hub.connections.fetch_sub(1, Ordering::Relaxed);
        if let Some(a) = self.addr {
            let mut m = self.hub.addrs.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(n) = m.get_mut(&a) {
                *n -= 1;
                if *n == 0 {
                    m.remove(&a);
                }
            }
        }
    }
}

fn field_u64(body: &Value, name: &str) -> Result<Option<u64>, OnlineError> {
    match body.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| OnlineError::detail("bad_request", format!("{name} is a whole number"))),
    }
}

fn name_field(body: &Value) -> Result<String, OnlineError> {
    match body.get("name") {
        Some(Value::String(s)) => {
            if s.len() > 1024 {
                return Err(OnlineError::detail("bad_name", "it is far too long"));
            }
            names::normalise(s)
        }
        _ => Err(OnlineError::detail("bad_name", "name is a string")),
    }
}

fn token_field(body: &Value) -> Result<&str, OnlineError> {
    body.get("token")
        .and_then(Value::as_str)
        .ok_or_else(|| OnlineError::code("bad_token"))
}

/// A bot's name at the table: "Greedy 3", or with a mark if a player took it.
fn bot_name(t: &Table, kind: &str, seat: usize) -> String {
    let mut base = kind.to_string();
    base[..1].make_ascii_uppercase();
    let mut name = format!("{base} {}", seat + 1);
    let mut k = 2;
    while t.name_taken(&name) {
        name = format!("{base} {} ({k})", seat + 1);
        k += 1;
    }
    name
}

impl Hub {
    pub fn new(store: Arc<dyn Store>, config: Config) -> Arc<Hub> {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Arc::new(Hub {
            store,
            config,
            tables: Mutex::new(HashMap::new()),
            search_slots: Semaphore::new(cores),
            addrs: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
        })
    }

    /// Tables in memory.
    pub fn loaded(&self) -> usize {
        self.map().len()
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<TableHandle>>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A WebSocket slot for `addr`, unless it has too many.
    pub fn addr_slot(self: &Arc<Self>, addr: Option<IpAddr>) -> Result<AddrSlot, OnlineError> {
        if let Some(a) = addr {
            let mut m = self.addrs.lock().unwrap_or_else(|e| e.into_inner());
            let n = m.entry(a).or_insert(0);
            if *n >= self.config.max_ws_per_addr {
                return Err(OnlineError::code("too_many_connections"));
            }
            *n += 1;
        }
        self.connections.fetch_add(1, Ordering::Relaxed);
        Ok(AddrSlot {
            hub: self.clone(),
            addr,
        })
    }

    /// The table's handle, loading it from the store if need be.
    async fn handle(&self, id: &str) -> Result<Arc<TableHandle>, OnlineError> {
        if !token::is_table_id(id) {
            return Err(OnlineError::code("no_table"));
        }
        if let Some(h) = self.map().get(id) {
            return Ok(h.clone());
        }
        let stored = self
            .store
            .load(id)
            .await
            .map_err(OnlineError::store)?
            .ok_or_else(|| OnlineError::code("no_table"))?;
        let table = Table::from_stored(stored).map_err(OnlineError::store)?;
        let (tx, _) = broadcast::channel(CHANNEL);
        let h = Arc::new(TableHandle {
            id: id.to_string(),
            table: Arc::new(tokio::sync::Mutex::new(table)),
            tx,
        });
        let h = self.map().entry(id.to_string()).or_insert(h).clone();
        Ok(h)
    }

    /// The table, locked. A table dropped from memory meanwhile is looked up
    /// again.
    pub async fn lock(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<(Arc<TableHandle>, OwnedMutexGuard<Table>), OnlineError> {
        for _ in 0..4 {
            let h = self.handle(id).await?;
            let t = h.table.clone().lock_owned().await;
            if !t.gone {
                let mut t = t;
                if t.fresh {
                    // A table just loaded (after a restart) resumes its bots
                    // and its clock.
                    t.fresh = false;
                    self.kick(&h, &mut t);
                }
                return Ok((h, t));
            }
            let mut m = self.map();
            if m.get(id).is_some_and(|x| Arc::ptr_eq(x, &h)) {
                m.remove(id);
            }
        }
        Err(OnlineError::code("no_table"))
    }

    // ----- HTTP ------------------------------------------------------------

    /// `POST /api/tables`.
    pub async fn create(self: &Arc<Self>, body: &Value) -> Result<Value, OnlineError> {
        if !body.is_object() {
            return Err(OnlineError::detail(
                "bad_request",
                "the body is a JSON object",
            ));
        }
        let n = match field_u64(body, "seats")? {
            Some(n) if (2..=6).contains(&n) => n as u8,
            _ => return Err(OnlineError::code("bad_seats")),
        };
        let name = name_field(body)?;
        let mode = match body.get("mode") {
            None | Some(Value::Null) => Mode::Live,
            Some(Value::String(m)) => Mode::parse(m)
                .ok_or_else(|| OnlineError::detail("bad_option", "mode is live or turn"))?,
            _ => return Err(OnlineError::detail("bad_option", "mode is live or turn")),
        };
        let (gone_default, clock_default) = match mode {
            Mode::Live => (self.config.gone_after, self.config.turn_clock),
            Mode::Turn => (self.config.turn_gone_after, Duration::ZERO),
        };
        let gone_after = field_u64(body, "gone_after")?.unwrap_or(gone_default.as_secs());
        let turn_clock = field_u64(body, "turn_clock")?.unwrap_or(clock_default.as_secs());
        if gone_after > 30 * 24 * 3600 || turn_clock > 7 * 24 * 3600 {
            return Err(OnlineError::detail(
                "bad_option",
                "gone_after is at most 30 days, turn_clock at most 7 days (seconds)",
            ));
        }
        if mode == Mode::Live && turn_clock == 0 {
            return Err(OnlineError::detail(
                "bad_option",
                "a live table has a turn clock: turn_clock is at least 1 second",
            ));
        }
        let now = now_ms();
        let id = token::table_id();
        let tok = token::seat_token();
        let record = TableRecord {
            id: id.clone(),
            seats: n,
            status: Status::Waiting,
            mode,
            seed: token::game_seed(),
            options: None,
            gone_after_secs: gone_after,
            turn_clock_secs: turn_clock,
            ended: None,
            created_ms: now,
            updated_ms: now,
        };
        let mut table = Table::from_stored(super::store::StoredTable {
            table: record.clone(),
            seats: vec![SeatRecord {
                seat: 0,
                name,
                token: Some(tok.clone()),
                bot: None,
                replaced: false,
            }],
            moves: Vec::new(),
        })
        .map_err(OnlineError::store)?;
        let bad_bot =
            |detail: String| OnlineError::new("bad_bot", json!({"last": n - 1, "detail": detail}));
        match body.get("bots") {
            None | Some(Value::Null) => {}
            Some(Value::Object(m)) => {
                for (k, v) in m {
                    let seat: usize = k
                        .parse()
                        .ok()
                        .filter(|s| (1..n as usize).contains(s))
                        .ok_or_else(|| bad_bot(format!("seat {k}")))?;
                    let kind = v
                        .as_str()
                        .filter(|k| BOT_KINDS.contains(k))
                        .ok_or_else(|| bad_bot(format!("bot {v}")))?;
                    let name = bot_name(&table, kind, seat);
                    table.seats[seat] = Some(SeatRecord {
                        seat: seat as u8,
                        name,
                        token: None,
                        bot: Some(kind.to_string()),
                        replaced: false,
                    });
                }
            }
            Some(_) => return Err(bad_bot("bots is an object: seat → kind".into())),
        }
        let seats: Vec<SeatRecord> = table.seats.iter().flatten().cloned().collect();
        self.store
            .create_table(&record, &seats)
            .await
            .map_err(OnlineError::store)?;
        let (tx, _) = broadcast::channel(CHANNEL);
        let h = Arc::new(TableHandle {
            id: id.clone(),
            table: Arc::new(tokio::sync::Mutex::new(table)),
            tx,
        });
        self.map().insert(id.clone(), h.clone());
        let mut t = h.table.clone().lock_owned().await;
        if t.taken() == n as usize {
            self.begin(&h, &mut t).await?;
        }
        Ok(json!({"table": id, "seat": 0, "token": tok}))
    }

    /// `POST /api/tables/ID/join`.
    pub async fn join(self: &Arc<Self>, id: &str, body: &Value) -> Result<Value, OnlineError> {
        let name = name_field(body)?;
        let (h, mut t) = self.lock(id).await?;
        for _ in 0..3 {
            if t.status() != Status::Waiting {
                return Err(OnlineError::code("table_full"));
            }
            let Some(seat) = t.seats.iter().position(|s| s.is_none()) else {
                return Err(OnlineError::code("table_full"));
            };
            if t.name_taken(&name) {
                return Err(OnlineError::code("name_taken"));
            }
            let tok = token::seat_token();
            let rec = SeatRecord {
                seat: seat as u8,
                name: name.clone(),
                token: Some(tok.clone()),
                bot: None,
                replaced: false,
            };
            match self.store.add_seat(id, &rec, now_ms()).await {
                Ok(()) => {
                    t.seats[seat] = Some(rec);
                    t.left_at[seat] = Instant::now();
                    t.last_active = Instant::now();
                    if t.taken() == t.seats.len() {
                        self.begin(&h, &mut t).await?;
                    } else {
                        h.send(t.seats_msg());
                    }
                    return Ok(json!({"seat": seat, "token": tok}));
                }
                // Another process took the seat, or began the game: look again.
                Err(StoreError::Conflict) => self.reload(&h, &mut t).await?,
                Err(e) => return Err(OnlineError::store(e)),
            }
        }
        Err(OnlineError::code("table_full"))
    }

    /// `POST /api/tables/ID/start`.
    pub async fn start(self: &Arc<Self>, id: &str, body: &Value) -> Result<Value, OnlineError> {
        let tok = token_field(body)?;
        let (h, mut t) = self.lock(id).await?;
        match t.seat_of(tok) {
            None => return Err(OnlineError::code("bad_token")),
            Some(0) => {}
            Some(_) => return Err(OnlineError::code("not_creator")),
        }
        if t.status() != Status::Waiting {
            return Err(OnlineError::code("already_started"));
        }
        self.begin(&h, &mut t).await?;
        Ok(json!({"table": id, "status": t.status().as_str()}))
    }

    /// `GET /api/tables/ID`.
    pub async fn info(self: &Arc<Self>, id: &str) -> Result<Value, OnlineError> {
        let (_, t) = self.lock(id).await?;
        Ok(t.info_json())
    }

    /// `GET /api/tables/ID/save`: only once the game is over.
    pub async fn save(self: &Arc<Self>, id: &str) -> Result<String, OnlineError> {
        let (_, t) = self.lock(id).await?;
        match (&t.game, t.status()) {
            (Some(g), Status::Over) => Ok(g.save()),
            _ => Err(OnlineError::code("not_over")),
        }
    }

    /// Re-reads a table another process changed.
    async fn reload(&self, h: &TableHandle, t: &mut Table) -> Result<(), OnlineError> {
        let stored = self
            .store
            .load(&h.id)
            .await
            .map_err(OnlineError::store)?
            .ok_or_else(|| OnlineError::code("no_table"))?;
        let mut fresh = Table::from_stored(stored).map_err(OnlineError::store)?;
        fresh.connected = std::mem::take(&mut t.connected);
        fresh.left_at = std::mem::take(&mut t.left_at);
        fresh.bot_thinking = t.bot_thinking;
        fresh.watchers = t.watchers;
        *t = fresh;
        h.send(t.seats_msg());
        if let Some(s) = &t.state_msg {
            h.send(s.clone());
        }
        Ok(())
    }

    /// The game begins: free seats get greedy bots.
    async fn begin(
        self: &Arc<Self>,
        h: &Arc<TableHandle>,
        t: &mut Table,
    ) -> Result<(), OnlineError> {
        let mut bots = Vec::new();
        for i in 0..t.seats.len() {
            if t.seats[i].is_none() {
                let rec = SeatRecord {
                    seat: i as u8,
                    name: bot_name(t, "greedy", i),
                    token: None,
                    bot: Some("greedy".into()),
                    replaced: false,
                };
                t.seats[i] = Some(rec.clone());
                bots.push(rec);
            }
        }
        let players: Vec<Value> = t
            .seats
            .iter()
            .flatten()
            .map(|s| json!({"name": s.name}))
            .collect();
        let options = json!({"players": players, "seed": t.record.seed});
        let game = tongiaki::Game::from_options_json(&options);
        let game = match game {
            Ok(g) => g,
            Err(e) => {
                for b in &bots {
                    t.seats[b.seat as usize] = None;
                }
                return Err(OnlineError::engine(&e));
            }
        };
        match self
            .store
            .begin_game(&h.id, &options, &bots, now_ms())
            .await
        {
            Ok(()) => {}
            Err(e) => {
                for b in &bots {
                    t.seats[b.seat as usize] = None;
                }
                return match e {
                    StoreError::Conflict => {
                        self.reload(h, t).await?;
                        Err(OnlineError::code("already_started"))
                    }
                    e => Err(OnlineError::store(e)),
                };
            }
        }
        t.record.options = Some(options);
        t.record.status = Status::Playing;
        t.game = Some(game);
        let now = Instant::now();
        t.turn_started = now;
        t.turn_key = (0, 0);
        t.turn_decisions = 0;
        for l in t.left_at.iter_mut() {
            *l = now;
        }
        t.refresh_state();
        h.send(t.seats_msg());
        if let Some(s) = &t.state_msg {
            h.send(s.clone());
        }
        self.kick(h, t);
        Ok(())
    }

    // ----- WebSocket -------------------------------------------------------

    /// A client says hello: with a token it sits at its seat (taking it back
    /// from a bot that stood in), without one it watches.
    pub async fn hello(
        self: &Arc<Self>,
        id: &str,
        tok: Option<&str>,
    ) -> Result<Hello, OnlineError> {
        let (h, mut t) = self.lock(id).await?;
        let seat = match tok {
            None => None,
            Some(tok) => Some(
                t.seat_of(tok)
                    .ok_or_else(|| OnlineError::code("bad_token"))?,
            ),
        };
        match seat {
            Some(s) => {
                let i = s as usize;
                if t.seats[i].as_ref().is_some_and(|r| r.replaced) {
                    self.store
                        .set_seat_bot(id, s, None, false)
                        .await
                        .map_err(OnlineError::store)?;
                    if let Some(r) = t.seats[i].as_mut() {
                        r.bot = None;
                        r.replaced = false;
                    }
                }
                t.connected[i] += 1;
                h.send(t.seats_msg());
            }
            None => t.watchers += 1,
        }
        t.last_active = Instant::now();
        let rx = h.tx.subscribe();
        Ok(Hello {
            handle: h.clone(),
            seat,
            rx,
            seats_msg: t.seats_msg(),
            state_msg: t.state_msg.clone(),
        })
    }

    /// A client's connection closed.
    pub async fn bye(&self, h: &TableHandle, seat: Option<u8>) {
        let mut t = h.table.lock().await;
        match seat {
            Some(s) => {
                let i = s as usize;
                t.connected[i] = t.connected[i].saturating_sub(1);
                if t.connected[i] == 0 {
                    t.left_at[i] = Instant::now();
                }
                if !t.gone {
                    h.send(t.seats_msg());
                }
            }
            None => t.watchers = t.watchers.saturating_sub(1),
        }
        t.last_active = Instant::now();
    }

    /// The current seats and state (for a client that fell behind).
    pub async fn current(&self, h: &TableHandle) -> (String, Option<Arc<str>>) {
        let t = h.table.lock().await;
        (t.seats_msg(), t.state_msg.clone())
    }

    /// A seated client's act for move `n`.
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        seat: u8,
        n: u32,
        action: &Value,
    ) -> Result<(), OnlineError> {
        let (h, mut t) = self.lock(id).await?;
        self.commit(&h, &mut t, seat, n, action, false).await
    }

    /// Hands `seat`, whose player is gone, to a greedy bot.
    pub async fn replace(self: &Arc<Self>, id: &str, seat: u64) -> Result<(), OnlineError> {
        let (h, mut t) = self.lock(id).await?;
        let i = seat as usize;
        if i >= t.seats.len() {
            return Err(OnlineError::detail("bad_message", "no such seat"));
        }
        t.may_replace(i)?;
        self.store
            .set_seat_bot(id, i as u8, Some("greedy"), true)
            .await
            .map_err(OnlineError::store)?;
        if let Some(r) = t.seats[i].as_mut() {
            r.bot = Some("greedy".into());
            r.replaced = true;
        }
        h.send(t.seats_msg());
        self.kick(&h, &mut t);
        Ok(())
    }

    /// Checks and applies one move, commits it, then tells everyone.
    async fn commit(
        self: &Arc<Self>,
        h: &Arc<TableHandle>,
        t: &mut Table,
        seat: u8,
        n: u32,
        action: &Value,
        by_bot: bool,
    ) -> Result<(), OnlineError> {
        match t.status() {
            Status::Waiting => return Err(OnlineError::code("not_started")),
            Status::Over => return Err(OnlineError::engine(&tongiaki::Error::game_over())),
            Status::Playing => {}
        }
        let Some(game) = t.game.as_ref() else {
            return Err(OnlineError::code("not_started"));
        };
        if game.current() != Some(seat) {
            return Err(OnlineError::code("not_your_turn"));
        }
        if n != t.moves {
            return Err(OnlineError::code("stale"));
        }
        if !by_bot && t.turn_decisions >= TURN_DECISIONS {
            return Err(OnlineError::new(
                "turn_limit",
                json!({"max": TURN_DECISIONS}),
            ));
        }
        let mut next = game.clone();
        let events = next
            .apply_json(action)
            .map_err(|e| OnlineError::engine(&e))?;
        let canonical = next
            .log()
            .last()
            .map(|a| a.to_json())
            .unwrap_or(Value::Null);
        let rec = MoveRecord {
            n,
            seat,
            action: canonical,
            by_bot,
        };
        let now = now_ms();
        match self
            .store
            .append_move(&h.id, &rec, next.is_over(), now)
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                // Another process committed move n first: catch up.
                if let Ok(more) = self.store.moves_from(&h.id, t.moves).await {
                    if t.replay(&more).is_ok() {
                        if let Some(s) = &t.state_msg {
                            h.send(s.clone());
                        }
                    }
                }
                return Err(OnlineError::code("stale"));
            }
            Err(e) => return Err(OnlineError::store(e)),
        }
        t.game = Some(next);
        t.after_move(events);
        t.record.updated_ms = now;
        t.refresh_state();
        if let Some(s) = &t.state_msg {
            h.send(s.clone());
        }
        if t.status() == Status::Over {
            h.send(t.seats_msg());
        } else if t.turn_decisions >= TURN_DECISIONS_HARD {
            // Not even the bot found the way out of this turn.
            let why = "endless_turn";
            self.store
                .end_table(&h.id, why, now)
                .await
                .map_err(OnlineError::store)?;
            t.record.status = Status::Over;
            t.record.ended = Some(why.into());
            t.refresh_state();
            h.send(t.seats_msg());
        }
        self.kick(h, t);
        Ok(())
    }

    // ----- bots and clocks -------------------------------------------------

    /// Starts whatever must happen next at the table without a player: a
    /// bot's move, or the turn clock.
    fn kick(self: &Arc<Self>, h: &Arc<TableHandle>, t: &mut Table) {
        t.last_active = Instant::now();
        match t.mover() {
            Some(Mover::Bot(kind)) => {
                if t.bot_thinking == Some(t.moves) {
                    return;
                }
                let (Some(game), n) = (t.game.clone(), t.moves) else {
                    return;
                };
                t.bot_thinking = Some(n);
                let hub = self.clone();
                let h = h.clone();
                tokio::spawn(async move { hub.bot_move(h, n, kind, game).await });
            }
            Some(Mover::Player) => {
                let clock = Duration::from_secs(t.record.turn_clock_secs);
                if clock.is_zero() || t.clock_armed == Some(t.turn_key) {
                    return;
                }
                t.clock_armed = Some(t.turn_key);
                let key = t.turn_key;
                let at = t.turn_started + clock;
                let hub = self.clone();
                let h = h.clone();
                tokio::spawn(async move {
                    tokio::time::sleep_until(at.into()).await;
                    let mut t = h.table.lock().await;
                    if !t.gone && t.turn_key == key && t.status() == Status::Playing {
                        t.clock_out = true;
                        hub.kick(&h, &mut t);
                    }
                });
            }
            None => {}
        }
    }

    async fn bot_move(
        self: Arc<Self>,
        h: Arc<TableHandle>,
        n: u32,
        kind: String,
        game: tongiaki::Game,
    ) {
        if !self.config.bot_delay.is_zero() {
            tokio::time::sleep(self.config.bot_delay).await;
        }
        let permit = if kind.starts_with("search") {
            self.search_slots.acquire().await.ok()
        } else {
            None
        };
        let budget = self.config.search_budget;
        let seed = token::bot_seed();
        let seat = game.current();
        let decided = tokio::task::spawn_blocking(move || {
            tongiaki::bots::decide(&game, &kind, seed, Some(budget))
        })
        .await;
        drop(permit);
        let mut t = h.table.lock().await;
        if t.bot_thinking == Some(n) {
            t.bot_thinking = None;
        }
        if t.gone || t.moves != n {
            return;
        }
        let (Ok(Ok(d)), Some(seat)) = (decided, seat) else {
            eprintln!("online: table {}: the bot could not decide move {n}", h.id);
            return;
        };
        if !matches!(t.mover(), Some(Mover::Bot(_))) {
            // The player came back meanwhile.
            self.kick(&h, &mut t);
            return;
        }
        if let Err(e) = self
            .commit(&h, &mut t, seat, n, &d.action.to_json(), true)
            .await
        {
            eprintln!("online: table {}: bot move {n}: {e}", h.id);
            if e.code == "store" {
                // Try again a little later.
                let hub = self.clone();
                let h = h.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    let mut t = h.table.lock().await;
                    if !t.gone {
                        hub.kick(&h, &mut t);
                    }
                });
            }
        }
    }

    // ----- expiry and eviction ---------------------------------------------

    /// Runs expiry and eviction every `sweep_every`, for ever.
    pub fn spawn_sweeper(self: &Arc<Self>) {
        let hub = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(hub.config.sweep_every);
            loop {
                tick.tick().await;
                hub.sweep().await;
            }
        });
    }

    /// Deletes idle tables from the store, and drops tables no one uses
    /// from memory.
    pub async fn sweep(&self) {
        let now = now_ms();
        for (mode, after) in [
            (Mode::Live, self.config.live_expiry),
            (Mode::Turn, self.config.turn_expiry),
        ] {
            match self
                .store
                .expire(mode, now - after.as_millis() as i64)
                .await
            {
                Ok(ids) => {
                    for id in ids {
                        let h = self.map().remove(&id);
                        if let Some(h) = h {
                            h.table.lock().await.gone = true;
                            h.send(EXPIRED_MSG);
                        }
                    }
                }
                Err(e) => eprintln!("online: expiry: {e}"),
            }
        }
        let handles: Vec<Arc<TableHandle>> = self.map().values().cloned().collect();
        for h in handles {
            let Ok(mut t) = h.table.try_lock() else {
                continue;
            };
            let idle = t.connected.iter().all(|&c| c == 0)
                && t.watchers == 0
                && t.bot_thinking.is_none()
                && t.last_active.elapsed() >= self.config.evict_after;
            if idle {
                t.gone = true;
                let mut m = self.map();
                if m.get(&h.id).is_some_and(|x| Arc::ptr_eq(x, &h)) {
                    m.remove(&h.id);
                }
            }
        }
    }
}
