//! `/api/…`: the online tables' endpoints (ONLINE.md) go here. For now
//! only the answer for an unknown endpoint: a JSON error
//! `{"code", "key", "message"}` with status 404, like every API error.

use super::AppState;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::any;
use axum::Router;
use std::sync::Arc;

/// An API error: a 4xx status and the JSON body ONLINE.md fixes (its
/// fields but the status).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ApiError {
    #[serde(skip)]
    pub status: StatusCode,
    pub code: &'static str,
    pub key: &'static str,
    pub message: String,
}

impl ApiError {
    /// No endpoint at this path (or not with this method).
    pub fn no_endpoint() -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            code: "not_found",
            key: "not_found.endpoint",
            message: "There is no such endpoint.".into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::to_string(&self).unwrap_or_default();
        (
            self.status,
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            body,
        )
            .into_response()
    }
}

/// The routes under `/api` (merged into [`super::router`]; each written in
/// full, `/api/tables/{id}`…). Paths no route takes, `/api` and `/api/`
/// included, get [`ApiError::no_endpoint`] rather than the static files.
pub(crate) fn router() -> Router<Arc<AppState>> {
    let no_endpoint = || async { ApiError::no_endpoint() };
    Router::new()
        .route("/api", any(no_endpoint))
        .route("/api/", any(no_endpoint))
        .route("/api/{*rest}", any(no_endpoint))
}
