//! A table before and around its game: `POST /api/tables`, `join`,
//! `start`, `GET` its seats and its save; the game's beginning.

use super::{Hub, TableHandle, CHANNEL};
use crate::online::error::{Code, OnlineError};
use crate::online::names;
use crate::online::store::{now_ms, Meet, Mode, SeatRecord, Status, StoreError, TableRecord};
use crate::online::table::Table;
use crate::online::token;
use crate::online::wire::{
    CreateTable, Created, Field, JoinTable, Joined, StartTable, Started, TableInfo,
};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;
use tongiaki::bots::BOT_KINDS;
use tongiaki::error::{echo, ECHO_CHARS};

/// A whole number of a body, if given (`null` is not given).
fn whole(field: Field<Option<u64>>, name: &str) -> Result<Option<u64>, OnlineError> {
    field
        .optional()
        .map_err(|_| OnlineError::detail(Code::BadRequest, format!("{name} is a whole number")))
}

fn name_field(name: Field<String>) -> Result<String, OnlineError> {
    match name {
        Field::Is(s) => {
            if s.len() > 1024 {
                return Err(OnlineError::detail(Code::BadName, "it is far too long"));
            }
            names::normalise(&s)
        }
        Field::Missing | Field::Bad => Err(OnlineError::detail(Code::BadName, "name is a string")),
    }
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
    /// `POST /api/tables` (`None`: a body that is not a JSON object) from
    /// the client at `from` (`None`: not known).
    pub async fn create(
        self: &Arc<Self>,
        body: Option<CreateTable>,
        from: Option<IpAddr>,
    ) -> Result<Created, OnlineError> {
        let Some(body) = body else {
            return Err(OnlineError::detail(
                Code::BadRequest,
                "the body is a JSON object",
            ));
        };
        let n = match whole(body.seats, "seats")? {
            Some(n) if (2..=6).contains(&n) => n as u8,
            _ => return Err(OnlineError::code(Code::BadSeats)),
        };
        let name = name_field(body.name)?;
        let mode = body
            .mode
            .optional()
            .map_err(|_| OnlineError::detail(Code::BadOption, "mode is live or turn"))?
            .unwrap_or(Mode::Live);
        let (gone_default, clock_default) = match mode {
            Mode::Live => (self.config.gone_after, self.config.turn_clock),
            Mode::Turn => (self.config.turn_gone_after, Duration::ZERO),
        };
        let gone_after = whole(body.gone_after, "gone_after")?.unwrap_or(gone_default.as_secs());
        let turn_clock = whole(body.turn_clock, "turn_clock")?.unwrap_or(clock_default.as_secs());
        if gone_after > 30 * 24 * 3600 || turn_clock > 7 * 24 * 3600 {
            return Err(OnlineError::detail(
                Code::BadOption,
                "gone_after is at most 30 days, turn_clock at most 7 days (seconds)",
            ));
        }
        if mode == Mode::Live && turn_clock == 0 {
            return Err(OnlineError::detail(
                Code::BadOption,
                "a live table has a turn clock: turn_clock is at least 1 second",
            ));
        }
        let flag = |f: Field<Option<bool>>, name: &str, default: bool| {
            f.optional().map(|b| b.unwrap_or(default)).map_err(|_| {
                OnlineError::detail(Code::BadOption, format!("{name} is true or false"))
            })
        };
        let meet = Meet {
            public: flag(body.public, "public", false)?,
            spectator_chat: flag(body.spectator_chat, "spectator_chat", true)?,
            ..Meet::default()
        };
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
            created_ms: now,
            updated_ms: now,
            meet,
        };
        let mut table = Table::from_stored(crate::online::store::StoredTable {
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
        let bad_bot = |detail: String| {
            OnlineError::new(Code::BadBot, json!({"last": n - 1, "detail": detail}))
        };
        match body.bots.optional() {
            Ok(None) => {}
            Ok(Some(m)) => {
                for (k, v) in m {
                    let seat: usize = k
                        .parse()
                        .ok()
                        .filter(|s| (1..n as usize).contains(s))
                        .ok_or_else(|| bad_bot(format!("seat {}", echo(&k, ECHO_CHARS))))?;
                    let kind = v
                        .as_str()
                        .filter(|k| BOT_KINDS.contains(k))
                        .ok_or_else(|| {
                            bad_bot(format!("bot {}", echo(&v.to_string(), ECHO_CHARS)))
                        })?;
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
            Err(_) => return Err(bad_bot("bots is an object: seat → kind".into())),
        }
        let h = self.open_table(from, table).await?;
        let mut t = h.table.clone().lock_owned().await;
        if t.taken() == n as usize {
            self.begin(&h, &mut t).await?;
        }
        Ok(Created {
            seat: 0,
            table: id,
            token: tok,
        })
    }

    /// A new table, made by the client at `from`: within the limits on
    /// making tables ([`Hub::admit_table`]), committed to the store, then in
    /// memory. Every way of making a table goes through here.
    pub async fn open_table(
        self: &Arc<Self>,
        from: Option<IpAddr>,
        table: Table,
    ) -> Result<Arc<TableHandle>, OnlineError> {
        self.admit_table(from)?;
        let seats: Vec<SeatRecord> = table.seats.iter().flatten().cloned().collect();
        self.store
            .create_table(&table.record, &seats)
            .await
            .map_err(OnlineError::store)?;
        let id = table.record.id.clone();
        let (tx, _) = broadcast::channel(CHANNEL);
        let h = Arc::new(TableHandle {
            id: id.clone(),
            table: Arc::new(tokio::sync::Mutex::new(table)),
            tx,
        });
        self.map().insert(id, h.clone());
        self.lobby_changed();
        Ok(h)
    }

    /// `POST /api/tables/ID/join`.
    pub async fn join(self: &Arc<Self>, id: &str, body: JoinTable) -> Result<Joined, OnlineError> {
        let name = name_field(body.name)?;
        let (h, mut t) = self.lock(id).await?;
        for _ in 0..3 {
            if t.status() != Status::Waiting {
                return Err(OnlineError::code(Code::TableFull));
            }
            let Some(seat) = t.seats.iter().position(|s| s.is_none()) else {
                return Err(OnlineError::code(Code::TableFull));
            };
            if t.name_taken(&name) {
                return Err(OnlineError::code(Code::NameTaken));
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
                    self.lobby_changed();
                    t.seats[seat] = Some(rec);
                    t.left_at[seat] = Instant::now();
                    t.last_active = Instant::now();
                    if t.taken() == t.seats.len() {
                        self.begin(&h, &mut t).await?;
                    } else {
                        h.send(t.seats_msg());
                    }
                    return Ok(Joined {
                        seat: seat as u8,
                        token: tok,
                    });
                }
                // Another process took the seat, or began the game: look again.
                Err(StoreError::Conflict) => self.reload(&h, &mut t).await?,
                Err(e) => return Err(OnlineError::store(e)),
            }
        }
        Err(OnlineError::code(Code::TableFull))
    }

    /// `POST /api/tables/ID/start`.
    pub async fn start(
        self: &Arc<Self>,
        id: &str,
        body: StartTable,
    ) -> Result<Started, OnlineError> {
        let tok = body
            .token
            .required()
            .ok_or_else(|| OnlineError::code(Code::BadToken))?;
        let (h, mut t) = self.lock(id).await?;
        match t.seat_of(&tok) {
            None => return Err(OnlineError::code(Code::BadToken)),
            Some(0) => {}
            Some(_) => return Err(OnlineError::code(Code::NotCreator)),
        }
        if t.status() != Status::Waiting {
            return Err(OnlineError::code(Code::AlreadyStarted));
        }
        self.begin(&h, &mut t).await?;
        Ok(Started {
            status: t.status(),
            table: id.to_string(),
        })
    }

    /// `GET /api/tables/ID`.
    pub async fn info(self: &Arc<Self>, id: &str) -> Result<TableInfo, OnlineError> {
        let (_, t) = self.lock(id).await?;
        Ok(t.info())
    }

    /// `GET /api/tables/ID/save`: only once the game is over.
    pub async fn save(self: &Arc<Self>, id: &str) -> Result<String, OnlineError> {
        let (_, t) = self.lock(id).await?;
        match (&t.game, t.status()) {
            (Some(g), Status::Over) => Ok(g.save()),
            _ => Err(OnlineError::code(Code::NotOver)),
        }
    }

    /// Re-reads a table another process changed.
    pub(super) async fn reload(&self, h: &TableHandle, t: &mut Table) -> Result<(), OnlineError> {
        let stored = self
            .store
            .load(&h.id)
            .await
            .map_err(OnlineError::store)?
            .ok_or_else(|| OnlineError::code(Code::NoTable))?;
        let mut fresh = Table::from_stored(stored).map_err(OnlineError::store)?;
        fresh.connected = std::mem::take(&mut t.connected);
        fresh.remote = std::mem::take(&mut t.remote);
        fresh.left_at = std::mem::take(&mut t.left_at);
        fresh.bot_thinking = t.bot_thinking;
        fresh.watchers = t.watchers;
        fresh.chat_told = std::mem::take(&mut t.chat_told);
        *t = fresh;
        h.send(t.seats_msg());
        if let Some(s) = &t.state_msg {
            h.send(s.clone());
        }
        Ok(())
    }

    /// The game begins: free seats get greedy bots.
    pub(super) async fn begin(
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
                        Err(OnlineError::code(Code::AlreadyStarted))
                    }
                    e => Err(OnlineError::store(e)),
                };
            }
        }
        self.lobby_changed();
        t.record.options = Some(options);
        t.record.status = Status::Playing;
        t.game = Some(game);
        let now = Instant::now();
        t.turn_started = now;
        t.turn_key = (0, 0);
        t.turn_serial += 1;
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
}
