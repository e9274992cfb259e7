//! The HTTP endpoints of ONLINE.md: each handler reads a bounded JSON body,
//! asks the hub and writes its answer; nothing else.

use super::error::OnlineError;
use super::hub::Hub;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// Largest request body, in bytes: a name and a few options.
pub const MAX_BODY: usize = 4 * 1024;

/// A request body must arrive whole within this.
const BODY_DEADLINE: Duration = Duration::from_secs(10);

async fn read_json(body: Body) -> Result<Value, OnlineError> {
    let bytes = tokio::time::timeout(BODY_DEADLINE, axum::body::to_bytes(body, MAX_BODY))
        .await
        .map_err(|_| OnlineError::detail("bad_request", "the body took too long"))?
        .map_err(|_| OnlineError::new("too_large", json!({"max": MAX_BODY})))?;
    if bytes.is_empty() {
        return Ok(json!({}));
    }
    serde_json::from_slice(&bytes)
        .map_err(|e| OnlineError::detail("bad_request", format!("the body is not JSON ({e})")))
}

fn answer(status: StatusCode, r: Result<Value, OnlineError>) -> Response {
    match r {
        Ok(v) => (status, Json(v)).into_response(),
        Err(e) => e.into_response(),
    }
}

pub async fn create(State(hub): State<Arc<Hub>>, body: Body) -> Response {
    let r = match read_json(body).await {
        Ok(v) => hub.create(&v).await,
        Err(e) => Err(e),
    };
    answer(StatusCode::CREATED, r)
}

pub async fn join(State(hub): State<Arc<Hub>>, Path(id): Path<String>, body: Body) -> Response {
    let r = match read_json(body).await {
        Ok(v) => hub.join(&id, &v).await,
        Err(e) => Err(e),
    };
    answer(StatusCode::OK, r)
}

pub async fn start(State(hub): State<Arc<Hub>>, Path(id): Path<String>, body: Body) -> Response {
    let r = match read_json(body).await {
        Ok(v) => hub.start(&id, &v).await,
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

/// `GET /api/stats`: tables in memory and open WebSockets (load tests).
pub async fn stats(State(hub): State<Arc<Hub>>) -> Response {
    let stored = hub.store.count_tables().await.ok();
    Json(json!({
        "loaded": hub.loaded(),
        "connections": hub.connections.load(std::sync::atomic::Ordering::Relaxed),
        "stored": stored,
    }))
    .into_response()
}
