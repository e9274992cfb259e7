//! `/api/…`: the online tables' endpoints (ONLINE.md) go here. For now
//! only the answer for an unknown endpoint: a JSON error
//! `{"code", "key", "message"}` with status 404, like every API error.

use super::AppState;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::sync::Arc;

/// An API error: a 4xx status and the JSON body ONLINE.md fixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
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
        let body = serde_json::json!({
            "code": self.code,
            "key": self.key,
            "message": self.message,
        });
        (
            self.status,
            [
                (header::CONTENT_TYPE, "application/json"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            body.to_string(),
        )
            .into_response()
    }
}

/// The routes under `/api` (nested there by [`super::router`]).
pub(crate) fn router() -> Router<Arc<AppState>> {
    Router::new().fallback(|| async { ApiError::no_endpoint() })
}
