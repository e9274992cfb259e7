//! Online tables (ONLINE.md): a table is its options (with the seed, kept
//! here) and its move log in a store; the game in memory is rebuilt from
//! them. Players act over a WebSocket, the server checks the seat and the
//! move number, applies the action with the engine, commits it, and only
//! then tells everyone.
//!
//! | file | job |
//! |---|---|
//! | `mod.rs` | [`router`], [`start`] |
//! | `http.rs` | the HTTP endpoints |
//! | `wire.rs` | the messages and HTTP bodies as types: what each side sends |
//! | `ws.rs` | the WebSocket: hello, act, broadcasts, limits |
//! | `hub/` | the tables in memory: `mod.rs` (loading, locking), `lobby.rs` (create, join, start), `play.rs` (hello, act, commit), `bots.rs` (bots, clocks), `sweep.rs` (expiry, eviction) |
//! | `table.rs` | one table: seats, game, presence, turn clock, messages |
//! | `store/` | the `Store` trait and its SQLite and PostgreSQL implementations |
//! | `names.rs`, `token.rs`, `error.rs` | names as plain text, secrets and ids, refusals and their codes |
//! | `chat.rs`, `rates.rs` | chat lines as plain text and the canned phrases; the meeting's rates per connection and per address |

pub mod chat;
pub mod error;
pub mod http;
pub mod hub;
pub mod names;
pub mod rates;
pub mod store;
pub mod table;
pub mod token;
pub mod wire;
pub mod ws;

pub use hub::{Config, Hub};

use axum::http::{header, Method, StatusCode};
use axum::routing::{get, post};
use axum::Router;
use std::sync::Arc;
use std::time::Duration;
use tower_http::cors::{Any, CorsLayer};
use tower_http::timeout::TimeoutLayer;

/// A whole HTTP request (not a WebSocket) must be answered within this.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(15);

/// Opens the store (running its migrations), and starts the hub and its
/// sweeper (expiry, eviction). Tables load from the store when first used.
pub async fn start(db: &str, config: Config) -> Result<Arc<Hub>, String> {
    let store = store::open(db).await?;
    let hub = Hub::new(store, config);
    hub.spawn_sweeper();
    hub.spawn_cluster().await?;
    Ok(hub)
}

/// The `/api/…` routes of ONLINE.md (and `/api/stats`), for
/// [`crate::serve::router`] to merge (any state: these carry their own).
/// Other paths under `/api` are the server's JSON 404. Any origin may call
/// them (CORS), so that `<tongiaki-game table server>` embeds a table from
/// another site: nothing rides on cookies, a seat's token is in the body.
pub fn router<S: Clone + Send + Sync + 'static>(hub: Arc<Hub>) -> Router<S> {
    Router::new()
        .route("/api/tables", post(http::create))
        .route("/api/tables/{id}", get(http::info))
        .route("/api/tables/{id}/join", post(http::join))
        .route("/api/tables/{id}/start", post(http::start))
        .route("/api/tables/{id}/save", get(http::save))
        .route("/api/lobby", get(http::lobby))
        .route("/api/quick", post(http::quick))
        .route("/api/stats", get(http::stats))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_DEADLINE,
        ))
        .layer(
            CorsLayer::new()
                .allow_origin(Any)
                .allow_methods([Method::GET, Method::POST])
                .allow_headers([header::CONTENT_TYPE])
                .max_age(Duration::from_secs(3600)),
        )
        .route("/api/tables/{id}/ws", get(ws::upgrade))
        .with_state(hub)
}
