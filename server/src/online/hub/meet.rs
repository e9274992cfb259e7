//! Meeting strangers (ONLINE.md, issue 31): the lobby of public tables,
//! quick play, chat, the whole game for whoever arrives (`history`), and
//! the rematch. Every table any of these makes goes through
//! [`Hub::create`], the one path of `POST /api/tables` (and its limits);
//! every chat line and rematch is committed to the store before anyone
//! hears of it, and on a shared store every process tells its own clients
//! (`chat` and `meet` notices, cluster.rs).

use super::{Hub, TableHandle};
use crate::online::chat;
use crate::online::error::{Code, OnlineError};
use crate::online::names;
use crate::online::rates::{AddrWindows, Window};
use crate::online::store::{now_ms, ChatRecord, LobbyRecord, Meet, NewChat, StoreError};
use crate::online::table::Table;
use crate::online::wire::{
    self, ChatLine, CreateTable, Field, HistoryMove, JoinTable, Lobby, LobbySeat, LobbyTable,
    QuickPlay, QuickSeat, ServerMessage,
};
use serde_json::{Map, Value};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tongiaki::{Game, Move};

/// Tables the lobby lists at most (the oldest first).
pub const LOBBY_TABLES: u32 = 50;

/// Seats of a table quick play makes when the caller gives none.
pub const QUICK_SEATS: u8 = 2;

/// The chat lines a process remembers telling its clients, per table.
const CHAT_TOLD: usize = 64;

/// What a process keeps for meeting strangers.
#[derive(Debug, Default)]
pub struct MeetState {
    chat_addrs: AddrWindows,
    lobby_addrs: AddrWindows,
    quick_addrs: AddrWindows,
    history_addrs: AddrWindows,
    /// The lobby as last read from the store, and when.
    lobby: Mutex<Option<(Instant, Arc<Vec<LobbyRecord>>)>>,
}

/// Who speaks on one connection: its seat (or a spectator's name), its
/// address, and its own chat window.
#[derive(Debug, Default)]
pub struct Speaker {
    pub seat: Option<u8>,
    /// A spectator's name, if it gave one in its hello.
    pub name: Option<String>,
    pub addr: Option<IpAddr>,
    /// Its chat lines lately.
    pub window: Window,
    /// The histories it asked for lately.
    pub history_window: Window,
}

/// What a newcomer gets after the welcome (besides seats and state): the
/// game so far and the table's lobby fields, read with the rest in one
/// lock.
#[derive(Debug)]
pub struct Arrival {
    /// The engine's options and the move log, once the game has begun.
    past: Option<(Value, Vec<Move>)>,
    meet: Meet,
    /// The name of the seat that asked for the rematch.
    rematch_name: Option<String>,
}

impl Table {
    /// What a newcomer needs of the table now (hub/play.rs `hello`).
    pub fn arrival(&self) -> Box<Arrival> {
        let past = match (&self.record.options, &self.game) {
            (Some(o), Some(g)) => Some((o.clone(), g.log().to_vec())),
            _ => None,
        };
        Box::new(Arrival {
            past,
            meet: self.record.meet.clone(),
            rematch_name: self.rematch_name(),
        })
    }

    fn rematch_name(&self) -> Option<String> {
        let by = self.record.meet.rematch_by? as usize;
        self.seats.get(by)?.as_ref().map(|s| s.name.clone())
    }

    /// The `rematch` message every player at the table gets, once a
    /// rematch was made.
    fn rematch_offer(&self) -> Option<Arc<str>> {
        let table = self.record.meet.rematch.as_deref()?;
        let name = self.rematch_name();
        Some(
            ServerMessage::Rematch {
                table,
                by: self.record.meet.rematch_by,
                name: name.as_deref(),
                seat: None,
                token: None,
            }
            .frame(),
        )
    }

    /// A line this process tells its clients; false if it told it already.
    fn tell_chat(&mut self, id: i64) -> bool {
        if self.chat_told.contains(&id) {
            return false;
        }
        if self.chat_told.len() >= CHAT_TOLD {
            self.chat_told.pop_front();
        }
        self.chat_told.push_back(id);
        true
    }
}

/// A stored line as everyone gets it.
fn chat_line(r: ChatRecord) -> ChatLine {
    ChatLine {
        id: r.id,
        seat: r.line.seat,
        name: r.line.name,
        text: r.line.text,
        phrase: r.line.phrase,
        at: r.line.at_ms,
    }
}

/// Every move of the game so far with the events it had, by replaying the
/// log from the options (what every client was sent as it was played;
/// nothing more).
fn history(options: &Value, log: &[Move]) -> Result<Vec<HistoryMove>, String> {
    let mut g = Game::from_options_json(options).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(log.len());
    for (n, &m) in log.iter().enumerate() {
        let seat = g.current();
        let events = g.apply_trusted(m);
        out.push(HistoryMove {
            n: n as u32,
            seat,
            action: m.to_json(),
            events: wire::events(&events),
        });
    }
    Ok(out)
}

/// The `history` message of a game's `past` (options and move log; none
/// before the game begins). A whole game replays on the blocking pool: a
/// long one is milliseconds of the engine's work.
async fn history_frame(id: &str, past: Option<(Value, Vec<Move>)>) -> Arc<str> {
    let moves = match past {
        Some((options, log)) => {
            match tokio::task::spawn_blocking(move || history(&options, &log)).await {
                Ok(Ok(m)) => m,
                Ok(Err(e)) => {
                    eprintln!("online: table {id}: history: {e}");
                    Vec::new()
                }
                Err(e) => {
                    eprintln!("online: table {id}: history: {e}");
                    Vec::new()
                }
            }
        }
        None => Vec::new(),
    };
    ServerMessage::History { moves: &moves }.frame()
}

fn rate_limited() -> OnlineError {
    OnlineError::code(Code::RateLimited)
}

impl Hub {
    /// The lobby may have changed here: read it from the store next time.
    pub(super) fn lobby_changed(&self) {
        *self.meet.lobby.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// Forgets the addresses that have not used the meeting's inputs for a
    /// while (the sweeper).
    pub(super) fn forget_idle_addresses(&self) {
        let l = &self.config.meet;
        self.meet.chat_addrs.forget_idle(l.chat_per_addr.per);
        self.meet.lobby_addrs.forget_idle(l.lobby_per_addr.per);
        self.meet.quick_addrs.forget_idle(l.quick_per_addr.per);
        self.meet.history_addrs.forget_idle(l.history_per_addr.per);
    }

    /// The waiting public tables, from the store at most every
    /// `lobby_cache`.
    async fn lobby_records(&self) -> Result<Arc<Vec<LobbyRecord>>, OnlineError> {
        {
            let cached = self.meet.lobby.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((at, records)) = cached.as_ref() {
                if at.elapsed() < self.config.meet.lobby_cache {
                    return Ok(records.clone());
                }
            }
        }
        let records = Arc::new(
            self.store
                .lobby(LOBBY_TABLES)
                .await
                .map_err(OnlineError::store)?,
        );
        *self.meet.lobby.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((Instant::now(), records.clone()));
        Ok(records)
    }

    /// `GET /api/lobby`: the public tables waiting with a free seat, oldest
    /// first.
    pub async fn lobby(&self, addr: Option<IpAddr>) -> Result<Lobby, OnlineError> {
        if !self
            .meet
            .lobby_addrs
            .allow(addr, self.config.meet.lobby_per_addr)
        {
            return Err(rate_limited());
        }
        let now = now_ms();
        let tables = self
            .lobby_records()
            .await?
            .iter()
            .filter(|r| r.taken.len() < r.seats as usize)
            .map(|r| LobbyTable {
                created: r.created_ms,
                free: r.seats - r.taken.len() as u8,
                mode: r.mode,
                names: r
                    .taken
                    .iter()
                    .map(|(_, name, bot)| bot.clone().unwrap_or_else(|| name.clone()))
                    .collect(),
                players: r
                    .taken
                    .iter()
                    .map(|(seat, name, bot)| LobbySeat {
                        bot: bot.clone(),
                        name: name.clone(),
                        seat: *seat,
                    })
                    .collect(),
                seats: r.seats,
                table: r.id.clone(),
                waited: (now - r.created_ms).max(0) as u64 / 1000,
            })
            .collect();
        Ok(Lobby { tables })
    }

    /// `POST /api/quick`: a seat at the oldest public waiting table that
    /// fits, else a new public table with the caller in seat 0.
    pub async fn quick(
        self: &Arc<Self>,
        addr: Option<IpAddr>,
        body: Option<QuickPlay>,
    ) -> Result<QuickSeat, OnlineError> {
        let Some(body) = body else {
            return Err(OnlineError::detail(
                Code::BadRequest,
                "the body is a JSON object",
            ));
        };
        let name = match body.name {
            Field::Is(s) if s.len() <= 1024 => names::normalise(&s)?,
            Field::Is(_) => return Err(OnlineError::detail(Code::BadName, "it is far too long")),
            _ => return Err(OnlineError::detail(Code::BadName, "name is a string")),
        };
        let seats = match body.seats.optional() {
            Ok(None) => None,
            Ok(Some(n)) if (2..=6).contains(&n) => Some(n as u8),
            _ => return Err(OnlineError::code(Code::BadSeats)),
        };
        let mode = body
            .mode
            .optional()
            .map_err(|_| OnlineError::detail(Code::BadOption, "mode is live or turn"))?;
        if !self
            .meet
            .quick_addrs
            .allow(addr, self.config.meet.quick_per_addr)
        {
            return Err(rate_limited());
        }
        // The store's lobby as it is now (not the cache: a seat is taken
        // for real), oldest first; a table someone else filled meanwhile,
        // or one where the name is taken, is passed over.
        let waiting = self
            .store
            .lobby(LOBBY_TABLES)
            .await
            .map_err(OnlineError::store)?;
        for r in waiting.iter().filter(|r| {
            r.taken.len() < r.seats as usize
                && seats.is_none_or(|n| n == r.seats)
                && mode.is_none_or(|m| m == r.mode)
        }) {
            let join = JoinTable {
                name: Field::Is(name.clone()),
            };
            match self.join(&r.id, join).await {
                Ok(j) => {
                    return Ok(QuickSeat {
                        created: false,
                        seat: j.seat,
                        table: r.id.clone(),
                        token: j.token,
                    })
                }
                Err(e)
                    if e.code == Code::TableFull
                        || e.code == Code::NameTaken
                        || e.code == Code::NoTable => {}
                Err(e) => return Err(e),
            }
        }
        let body = CreateTable {
            seats: Field::Is(Some(u64::from(seats.unwrap_or(QUICK_SEATS)))),
            name: Field::Is(name),
            mode: Field::Is(mode),
            public: Field::Is(Some(true)),
            ..CreateTable::default()
        };
        let c = self.create(Some(body), addr).await?;
        Ok(QuickSeat {
            created: true,
            seat: c.seat,
            table: c.table,
            token: c.token,
        })
    }

    /// The messages a newcomer gets right after the welcome: the game so
    /// far and the chat so far; and the rematch offer if one was made (it
    /// follows the seats and the state).
    pub async fn arrival_frames(
        &self,
        id: &str,
        a: Box<Arrival>,
    ) -> (Vec<Arc<str>>, Option<Arc<str>>) {
        let mut out = Vec::with_capacity(2);
        out.push(history_frame(id, a.past).await);
        let lines: Vec<ChatLine> = match self.store.chat_tail(id, chat::HISTORY).await {
            Ok(l) => l.into_iter().map(chat_line).collect(),
            Err(e) => {
                eprintln!("online: table {id}: chat history: {e}");
                Vec::new()
            }
        };
        out.push(
            ServerMessage::ChatHistory {
                lines: &lines,
                spectators: a.meet.spectator_chat,
            }
            .frame(),
        );
        let offer = a.meet.rematch.as_deref().map(|table| {
            ServerMessage::Rematch {
                table,
                by: a.meet.rematch_by,
                name: a.rematch_name.as_deref(),
                seat: None,
                token: None,
            }
            .frame()
        });
        (out, offer)
    }

    /// The `history` message again, to a client that missed moves (it fell
    /// behind and skipped to the newest state).
    pub async fn history_now(
        self: &Arc<Self>,
        id: &str,
        who: &mut Speaker,
    ) -> Result<Arc<str>, OnlineError> {
        let limits = &self.config.meet;
        if !who.history_window.allow(limits.history, Instant::now())
            || !self
                .meet
                .history_addrs
                .allow(who.addr, limits.history_per_addr)
        {
            return Err(rate_limited());
        }
        let past = {
            let (_, t) = self.lock(id).await?;
            t.arrival().past
        };
        Ok(history_frame(id, past).await)
    }

    /// A chat line from `who` (`text`, or a canned `phrase` by its id):
    /// checked, stored, then told to everyone at the table.
    pub async fn chat(
        self: &Arc<Self>,
        id: &str,
        who: &mut Speaker,
        text: Field<String>,
        phrase: Field<String>,
    ) -> Result<(), OnlineError> {
        let (text, phrase) = match (phrase, text) {
            (Field::Is(p), _) => match chat::phrase(&p) {
                Some(english) => (english.to_string(), Some(p)),
                None => return Err(OnlineError::detail(Code::BadChat, "no such phrase")),
            },
            (Field::Bad, _) => {
                return Err(OnlineError::detail(Code::BadChat, "phrase is a string"))
            }
            (Field::Missing, Field::Is(t)) => (chat::clean(&t)?, None),
            (Field::Missing, _) => {
                return Err(OnlineError::detail(Code::BadChat, "text is a string"))
            }
        };
        let limits = &self.config.meet;
        if !who.window.allow(limits.chat, Instant::now())
            || !self.meet.chat_addrs.allow(who.addr, limits.chat_per_addr)
        {
            return Err(rate_limited());
        }
        let (h, mut t) = self.lock(id).await?;
        let name = match who.seat {
            Some(s) => t.seats[s as usize].as_ref().map(|r| r.name.clone()),
            None if !t.record.meet.spectator_chat => {
                return Err(OnlineError::code(Code::ChatOff));
            }
            None => who.name.clone(),
        };
        let line = NewChat {
            seat: who.seat,
            name,
            text,
            phrase,
            at_ms: now_ms(),
        };
        let id = match self.store.add_chat(&h.id, &line).await {
            Ok(id) => id,
            Err(StoreError::Conflict) => return Err(OnlineError::code(Code::NoTable)),
            Err(e) => return Err(OnlineError::store(e)),
        };
        t.tell_chat(id);
        t.last_active = Instant::now();
        let line = chat_line(ChatRecord { id, line });
        h.send(ServerMessage::Chat(&line).frame());
        Ok(())
    }

    /// The table's creator lets spectators chat, or not.
    pub async fn chat_settings(
        self: &Arc<Self>,
        id: &str,
        seat: Option<u8>,
        spectators: Field<bool>,
    ) -> Result<(), OnlineError> {
        let Some(seat) = seat else {
            return Err(OnlineError::code(Code::BadToken));
        };
        let spectators = spectators
            .required()
            .ok_or_else(|| OnlineError::detail(Code::BadMessage, "spectators is true or false"))?;
        if seat != 0 {
            return Err(OnlineError::code(Code::CreatorOnly));
        }
        let (h, mut t) = self.lock(id).await?;
        self.store
            .set_spectator_chat(&h.id, spectators)
            .await
            .map_err(OnlineError::store)?;
        if t.record.meet.spectator_chat != spectators {
            t.record.meet.spectator_chat = spectators;
            h.send(ServerMessage::ChatSettings { spectators }.frame());
        }
        Ok(())
    }

    /// A seated player asks for a rematch of a finished game: the first to
    /// ask makes the new table (same seats, mode, clock and bots; the asker
    /// in seat 0) and everyone at this one is told; whoever asks after
    /// that is seated at it. The answer to the asker: the new table, its
    /// seat and token. `from` is the asker's address: a rematch is a new
    /// table, within the same limits per address as any other.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        seat: Option<u8>,
        from: Option<IpAddr>,
    ) -> Result<Arc<str>, OnlineError> {
        let Some(seat) = seat else {
            return Err(OnlineError::code(Code::BadToken));
        };
        let (h, mut t) = self.lock(id).await?;
        if t.status() != crate::online::store::Status::Over {
            return Err(OnlineError::code(Code::StillPlaying));
        }
        let name = t.seats[seat as usize]
            .as_ref()
            .map(|s| s.name.clone())
            .ok_or_else(|| OnlineError::code(Code::BadToken))?;
        if t.record.meet.rematch.is_none() {
            let body = rematch_body(&t, &name);
            let made = self.create(Some(body), from).await?;
            match self.store.set_rematch(&h.id, &made.table, seat).await {
                Ok(()) => {
                    t.record.meet.rematch = Some(made.table.clone());
                    t.record.meet.rematch_by = Some(seat);
                    if let Some(offer) = t.rematch_offer() {
                        h.send(offer);
                    }
                    return Ok(ServerMessage::Rematch {
                        table: &made.table,
                        by: Some(seat),
                        name: Some(&name),
                        seat: Some(made.seat),
                        token: Some(&made.token),
                    }
                    .frame());
                }
                Err(e) => {
                    // Another process's player asked first (or the store
                    // failed): ours goes, theirs is the rematch.
                    self.discard(&made.table).await;
                    match e {
                        StoreError::Conflict => self.meet_changed(&h, &mut t).await?,
                        e => return Err(OnlineError::store(e)),
                    }
                }
            }
        }
        let Some(new) = t.record.meet.rematch.clone() else {
            return Err(OnlineError::code(Code::Store));
        };
        let (by, by_name) = (t.record.meet.rematch_by, t.rematch_name());
        drop(t);
        let joined = self
            .join(
                &new,
                JoinTable {
                    name: Field::Is(name),
                },
            )
            .await?;
        Ok(ServerMessage::Rematch {
            table: &new,
            by,
            name: by_name.as_deref(),
            seat: Some(joined.seat),
            token: Some(&joined.token),
        }
        .frame())
    }

    /// Deletes a table this process just made and nobody else knows of.
    async fn discard(&self, id: &str) {
        let h = self.map().remove(id);
        if let Some(h) = h {
            h.table.lock().await.gone = true;
        }
        if let Err(e) = self.store.delete_table(id).await {
            eprintln!("online: table {id}: discarding: {e}");
        }
    }

    /// Reads the table's lobby fields again (another process changed
    /// them) and tells this process's clients what changed.
    async fn meet_changed(&self, h: &TableHandle, t: &mut Table) -> Result<(), OnlineError> {
        let Some(meet) = self.store.meet(&h.id).await.map_err(OnlineError::store)? else {
            return Err(OnlineError::code(Code::NoTable));
        };
        let before = std::mem::replace(&mut t.record.meet, meet);
        if before.spectator_chat != t.record.meet.spectator_chat {
            let spectators = t.record.meet.spectator_chat;
            h.send(ServerMessage::ChatSettings { spectators }.frame());
        }
        if before.rematch != t.record.meet.rematch {
            if let Some(offer) = t.rematch_offer() {
                h.send(offer);
            }
        }
        Ok(())
    }

    /// Another process stored chat line `line` at `table` (cluster.rs).
    pub(super) async fn chat_elsewhere(self: &Arc<Self>, table: &str, line: i64) {
        let Some(h) = self.loaded_handle(table) else {
            return;
        };
        let mut t = h.table.lock().await;
        if t.gone || t.chat_told.contains(&line) {
            return;
        }
        match self.store.chat_line(table, line).await {
            Ok(Some(r)) => {
                if t.tell_chat(r.id) {
                    h.send(ServerMessage::Chat(&chat_line(r)).frame());
                }
            }
            Ok(None) => {}
            Err(e) => eprintln!("online: table {table}: chat line {line}: {e}"),
        }
    }

    /// Another process changed `table`'s lobby fields (cluster.rs).
    pub(super) async fn meet_elsewhere(self: &Arc<Self>, table: &str) {
        let Some(h) = self.loaded_handle(table) else {
            return;
        };
        let mut t = h.table.lock().await;
        if t.gone {
            return;
        }
        if let Err(e) = self.meet_changed(&h, &mut t).await {
            eprintln!("online: table {table}: {}", e.code.as_str());
        }
    }
}

/// `POST /api/tables`'s body for a rematch of `t`: the same seats, mode,
/// clock and bots, `name` (the asker) in seat 0; not in the lobby (the
/// players of the last game are told of it); spectators' chat as it was.
fn rematch_body(t: &Table, name: &str) -> CreateTable {
    let mut bots = Map::new();
    for (i, s) in t.seats.iter().enumerate().skip(1) {
        // A bot's own seat (no token), not a player's a bot stood in for.
        if let Some(s) = s.as_ref().filter(|s| s.token.is_none()) {
            if let Some(kind) = &s.bot {
                bots.insert(i.to_string(), Value::String(kind.clone()));
            }
        }
    }
    let r = &t.record;
    CreateTable {
        seats: Field::Is(Some(u64::from(r.seats))),
        name: Field::Is(name.to_string()),
        mode: Field::Is(Some(r.mode)),
        gone_after: Field::Is(Some(r.gone_after_secs)),
        turn_clock: Field::Is(Some(r.turn_clock_secs)),
        bots: Field::Is(Some(bots)),
        public: Field::Is(Some(false)),
        spectator_chat: Field::Is(Some(r.meet.spectator_chat)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The history is what the moves' `state` messages said, move by move.
    #[test]
    fn the_history_replays_the_log_with_each_moves_events() {
        let options = json!({"players": [{"name": "Ana"}, {"name": "Bo"}], "seed": 5});
        let mut g = Game::from_options_json(&options).unwrap();
        let mut said = Vec::new();
        for i in 0..40 {
            let Some(&m) = g.legal_moves().get(i % 3).or(g.legal_moves().first()) else {
                break;
            };
            let seat = g.current();
            let events = g.apply_trusted(m);
            said.push((seat, m.to_json(), serde_json::to_value(&events).unwrap()));
        }
        let h = history(&options, g.log()).unwrap();
        assert_eq!(h.len(), said.len());
        for (i, (m, (seat, action, events))) in h.iter().zip(&said).enumerate() {
            assert_eq!(m.n as usize, i);
            assert_eq!(&m.seat, seat);
            assert_eq!(&m.action, action);
            let written: Value = serde_json::from_str(m.events.get()).unwrap();
            assert_eq!(&written, events);
        }
        let frame = ServerMessage::History { moves: &h }.frame();
        assert!(!frame.contains("seed") && !frame.contains("deck"));
    }

    #[test]
    fn a_rematch_keeps_the_bots_seats_and_not_the_stand_ins() {
        use crate::online::store::{Mode, SeatRecord, Status, StoredTable, TableRecord};
        let seat =
            |n: u8, name: &str, token: Option<&str>, bot: Option<&str>, replaced| SeatRecord {
                seat: n,
                name: name.into(),
                token: token.map(String::from),
                bot: bot.map(String::from),
                replaced,
            };
        let t = Table::from_stored(StoredTable {
            table: TableRecord {
                id: "t".into(),
                seats: 4,
                status: Status::Waiting,
                mode: Mode::Turn,
                seed: 1,
                options: None,
                gone_after_secs: 60,
                turn_clock_secs: 0,
                created_ms: 0,
                updated_ms: 0,
                meet: Meet {
                    public: true,
                    spectator_chat: false,
                    ..Meet::default()
                },
            },
            seats: vec![
                seat(0, "Ana", Some("a"), None, false),
                seat(1, "Search 2", None, Some("search"), false),
                seat(2, "Bo", Some("b"), Some("greedy"), true),
                seat(3, "Greedy 4", None, Some("greedy"), false),
            ],
            moves: Vec::new(),
        })
        .unwrap();
        let b = rematch_body(&t, "Bo");
        assert_eq!(b.seats, Field::Is(Some(4)));
        assert_eq!(b.name, Field::Is("Bo".to_string()));
        assert_eq!(b.mode, Field::Is(Some(Mode::Turn)));
        assert_eq!(b.gone_after, Field::Is(Some(60)));
        assert_eq!(b.turn_clock, Field::Is(Some(0)));
        assert_eq!(b.public, Field::Is(Some(false)));
        assert_eq!(b.spectator_chat, Field::Is(Some(false)));
        let Field::Is(Some(bots)) = b.bots else {
            panic!("bots")
        };
        assert_eq!(Value::Object(bots), json!({"1": "search", "3": "greedy"}));
    }
}
