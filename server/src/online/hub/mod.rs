//! The tables a process serves: loaded from the store on first use, kept
//! in memory while in use, one lock and one broadcast channel per table
//! (axum's chat example). Every change is committed to the store before
//! anyone hears of it. Bots move on tasks of their own (the search bot on
//! the blocking pool, a few at a time), so no table waits for another.
//!
//! | file | job |
//! |---|---|
//! | `mod.rs` | [`Config`], [`Hub`]: the tables in memory, loading and locking one, WebSocket slots per address |
//! | `lobby.rs` | create, join, start, info, save: a table before and around its game |
//! | `play.rs` | hello, bye, act, replace: the players at a table, and committing a move |
//! | `bots.rs` | what happens without a player: bots' moves and the turn clock |
//! | `sweep.rs` | expiry and eviction |
//! | `limits.rs` | how many tables may be made, per address and in all |
//! | `cluster.rs` | several processes on one database: following the others' changes, presence |
//! | `meet.rs` | meeting strangers: the lobby, quick play, chat, the history for newcomers, rematch |

mod bots;
mod cluster;
mod limits;
mod lobby;
mod meet;
mod odds;
mod play;
mod sweep;

pub use bots::KeptBot;
pub use meet::{Arrival, Speaker};

use super::error::{Code, OnlineError};
use super::store::Store;
use super::table::Table;
use super::token;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, OwnedMutexGuard, Semaphore};
use tongiaki::bots::Budget;

/// Messages a table's broadcast channel holds for a slow client before it
/// skips to the newest state.
const CHANNEL: usize = 64;

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
    /// Tables still waiting for players, untouched (no join) this long,
    /// are deleted sooner: live ones, and turn-based ones.
    pub waiting_expiry: Duration,
    pub turn_waiting_expiry: Duration,
    /// New tables a minute from one client address (IPv6: one /64), and as
    /// many at once; and from all addresses together (limits.rs).
    pub tables_per_min_per_addr: u32,
    pub tables_per_min: u32,
    /// Spectators' connections at one table, and at all tables together
    /// (so that people who play always find room).
    pub max_watchers_per_table: u32,
    pub max_watchers: usize,
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
    /// Chat, lobby and quick play: rates per connection and per address.
    pub meet: crate::online::rates::MeetLimits,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            gone_after: Duration::from_secs(120),
            turn_gone_after: Duration::from_secs(3 * 24 * 3600),
            turn_clock: Duration::from_secs(120),
            live_expiry: Duration::from_secs(24 * 3600),
            turn_expiry: Duration::from_secs(30 * 24 * 3600),
            waiting_expiry: Duration::from_secs(3600),
            turn_waiting_expiry: Duration::from_secs(3 * 24 * 3600),
            tables_per_min_per_addr: 20,
            tables_per_min: 600,
            max_watchers_per_table: 100,
            max_watchers: 2048,
            bot_delay: Duration::from_millis(300),
            search_budget: Budget {
                iterations: 2000,
                millis: Some(1000.0),
            },
            max_ws_per_addr: 32,
            sweep_every: Duration::from_secs(30),
            evict_after: Duration::from_secs(600),
            meet: crate::online::rates::MeetLimits::default(),
        }
    }
}

pub struct TableHandle {
    pub id: String,
    pub table: Arc<tokio::sync::Mutex<Table>>,
    pub tx: broadcast::Sender<Arc<str>>,
}

impl TableHandle {
    pub(super) fn send(&self, msg: impl Into<Arc<str>>) {
        // No receiver is fine: no one is watching.
        let _ = self.tx.send(msg.into());
    }
}

pub struct Hub {
    pub store: Arc<dyn Store>,
    pub config: Config,
    tables: Mutex<HashMap<String, Arc<TableHandle>>>,
    search_slots: Semaphore,
    /// Bytes the tables' kept bots hold (their search trees): at most
    /// [`bots::KEPT_BOTS_BYTES`].
    kept_bytes: Arc<AtomicUsize>,
    addrs: Mutex<HashMap<IpAddr, usize>>,
    pub connections: AtomicUsize,
    /// Spectators' connections at all tables.
    pub watchers: AtomicUsize,
    /// Tables made lately, per address and in all (limits.rs).
    limits: Mutex<limits::Limits>,
    /// This process among those on the store (presence reports).
    pub process_id: String,
    /// Other processes may share the store (it announces changes).
    shared: AtomicBool,
    /// The lobby's cache and the meeting's rates per address (meet.rs).
    meet: meet::MeetState,
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
    pub seats_msg: Arc<str>,
    pub state_msg: Option<Arc<str>>,
    /// The game so far and the table's lobby fields, for the messages
    /// after the welcome (meet.rs; taken when they are sent).
    pub arrival: Option<Box<Arrival>>,
}

/// Holds one WebSocket slot of an address; frees it when dropped.
pub struct AddrSlot {
    hub: Arc<Hub>,
    addr: Option<IpAddr>,
}

impl AddrSlot {
    /// The client's address, if it has one.
    pub fn addr(&self) -> Option<IpAddr> {
        self.addr
    }
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

impl Hub {
    pub fn new(store: Arc<dyn Store>, config: Config) -> Arc<Hub> {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let limits = Mutex::new(limits::Limits::new(config.tables_per_min));
        Arc::new(Hub {
            store,
            config,
            tables: Mutex::new(HashMap::new()),
            search_slots: Semaphore::new(cores),
            kept_bytes: Arc::new(AtomicUsize::new(0)),
            addrs: Mutex::new(HashMap::new()),
            connections: AtomicUsize::new(0),
            watchers: AtomicUsize::new(0),
            limits,
            process_id: token::table_id(),
            shared: AtomicBool::new(false),
            meet: meet::MeetState::default(),
        })
    }

    /// Does this process share its store with others (PostgreSQL)?
    pub fn is_shared(&self) -> bool {
        self.shared.load(Ordering::Relaxed)
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
        let addr = addr.map(crate::serve::client_key);
        if let Some(a) = addr {
            let mut m = self.addrs.lock().unwrap_or_else(|e| e.into_inner());
            let n = m.entry(a).or_insert(0);
            if *n >= self.config.max_ws_per_addr {
                return Err(OnlineError::code(Code::TooManyConnections));
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
            return Err(OnlineError::code(Code::NoTable));
        }
        if let Some(h) = self.map().get(id) {
            return Ok(h.clone());
        }
        let stored = self
            .store
            .load(id)
            .await
            .map_err(OnlineError::store)?
            .ok_or_else(|| OnlineError::code(Code::NoTable))?;
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
                    // and its clock; on a shared store, after reading any
                    // move committed between loading it and listing it here.
                    t.fresh = false;
                    if self.is_shared() {
                        self.catch_up(&h, &mut t).await;
                    }
                    self.kick(&h, &mut t);
                }
                return Ok((h, t));
            }
            let mut m = self.map();
            if m.get(id).is_some_and(|x| Arc::ptr_eq(x, &h)) {
                m.remove(id);
            }
        }
        Err(OnlineError::code(Code::NoTable))
    }
}
