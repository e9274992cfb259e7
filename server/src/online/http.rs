//! The HTTP endpoints of ONLINE.md: each handler reads a bounded JSON body,
//! asks the hub and writes its answer; nothing else.

use super::error::{Code, OnlineError};
use super::hub::Hub;
use super::wire::{self, Stats};
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::Serialize;
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

/// Largest request body, in bytes: a name and a few options.
pub const MAX_BODY: usize = 4 * 1024;

/// A request body must arrive whole within this.
const BODY_DEADLINE: Duration = Duration::from_secs(10);

/// Reads a bounded JSON body: an object's fields (an empty body has none),
/// `None` for JSON that is not an object (see [`wire::body`]).
async fn read_body<T: serde::de::DeserializeOwned + Default>(
    body: Body,
) -> Result<Option<T>, OnlineError> {
    let bytes = tokio::time::timeout(BODY_DEADLINE, axum::body::to_bytes(body, MAX_BODY))
        .await
        .map_err(|_| OnlineError::detail(Code::BadRequest, "the body took too long"))?
        .map_err(|_| OnlineError::too_large(MAX_BODY))?;
    if bytes.is_empty() {
        return Ok(Some(T::default()));
    }
    let v: Value = serde_json::from_slice(&bytes).map_err(|e| {
        OnlineError::detail(Code::BadRequest, format!("the body is not JSON ({e})"))
    })?;
    Ok(wire::body(v))
}

fn answer<T: Serialize>(status: StatusCode, r: Result<T, OnlineError>) -> Response {
    match r {
        Ok(v) => (status, Json(v)).into_response(),
        Err(e) => e.into_response(),
    }
}

pub async fn create(
    State(hub): State<Arc<Hub>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    body: Body,
) -> Response {
    let from = peer.map(|Extension(ConnectInfo(a))| a.ip());
    let r = match read_body(body).await {
        Ok(b) => hub.create(b, from).await,
        Err(e) => Err(e),
    };
    answer(StatusCode::CREATED, r)
}

pub async fn join(State(hub): State<Arc<Hub>>, Path(id): Path<String>, body: Body) -> Response {
    let r = match read_body(body).await {
        // A body that is not an object has none of the fields asked for.
        Ok(b) => hub.join(&id, b.unwrap_or_default()).await,
        Err(e) => Err(e),
    };
    answer(StatusCode::OK, r)
}

pub async fn start(State(hub): State<Arc<Hub>>, Path(id): Path<String>, body: Body) -> Response {
    let r = match read_body(body).await {
        // A body that is not an object has none of the fields asked for.
        Ok(b) => hub.start(&id, b.unwrap_or_default()).await,
        Err(e) => Err(e),
    };
    answer(StatusCode::OK, r)
}

pub async fn info(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    answer(StatusCode::OK, hub.info(&id).await)
}

pub async fn save(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match hub.save(&id).await {
        Ok(text) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, "application/json"),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"tongiaki-online.json\"",
                ),
            ],
            text,
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

/// The client's address, where the server knows it (not in a test's
/// router without connection info).
fn peer_ip(peer: Option<Extension<ConnectInfo<SocketAddr>>>) -> Option<IpAddr> {
    peer.map(|Extension(ConnectInfo(a))| a.ip())
}

/// `GET /api/lobby`: the public tables waiting for players.
pub async fn lobby(
    State(hub): State<Arc<Hub>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
) -> Response {
    answer(StatusCode::OK, hub.lobby(peer_ip(peer)).await)
}

/// `POST /api/quick`: a seat at the best-fitting table, or a new one.
pub async fn quick(
    State(hub): State<Arc<Hub>>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    body: Body,
) -> Response {
    let r = match read_body(body).await {
        Ok(b) => hub.quick(peer_ip(peer), b).await,
        Err(e) => Err(e),
    };
    answer(StatusCode::OK, r)
}

/// `GET /api/stats`: tables in memory and open WebSockets (load tests).
pub async fn stats(State(hub): State<Arc<Hub>>) -> Response {
    Json(Stats {
        connections: hub.connections.load(std::sync::atomic::Ordering::Relaxed),
        loaded: hub.loaded(),
        stored: hub.store.count_tables().await.ok(),
    })
    .into_response()
}
