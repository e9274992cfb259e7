//! `tongiaki serve`: the game's files and its online tables in one process.
//!
//! axum on tokio. [`router`] builds the whole application from a [`Config`]
//! (state in an `Arc`): `/api/…` for the online tables (the routes of
//! [`crate::online::router`] when the config has tables, and a JSON 404 for
//! any other path under `/api`, [`api`]), everything else the static files
//! ([`files`]: `/pkg/…` from the wasm-pack output, the rest from `www/`, via
//! tower-http's `ServeDir`). Every answer carries `Cache-Control: no-cache` (unless a
//! handler chose otherwise) so a rebuilt `pkg/` shows on reload: browsers
//! revalidate with the ETag / Last-Modified that `ServeDir` sends and get a
//! `304` when nothing changed. Text and wasm are compressed (gzip, br) when
//! the client asks.
//!
//! [`Server`] accepts connections itself ([`conn`]) rather than through
//! `axum::serve`, which has no header deadline and no connection bounds:
//! see [`Limits`] for what bounds a client. WebSocket upgrades go through
//! the same loop, and keep their connection's slot while they are open.
//! [`options`] reads the command line.

pub mod api;
mod conn;
pub mod files;
pub mod log;
pub mod options;

pub(crate) use conn::client_key;
pub use files::mime_type;
pub use log::Log;

use crate::online::Hub;
use axum::http::{header, HeaderValue, Response, StatusCode};
use axum::Router;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceBuilder;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::{RequestBodyDeadlineLayer, TimeoutLayer};

/// What bounds a client. The defaults are what `tongiaki serve` uses.
#[derive(Debug, Clone)]
pub struct Limits {
    /// A request's head (request line and headers) must arrive whole within
    /// this long of the connection being ready for it; an idle keep-alive
    /// connection is closed after it too.
    pub header_read_timeout: Duration,
    /// A handler's answer must be ready within this long (else 503).
    pub request_timeout: Duration,
    /// A request body must arrive whole within this long.
    pub request_body_deadline: Duration,
    /// A connection whose writes make no progress this long (the client
    /// stopped reading) is closed.
    pub write_stall_timeout: Duration,
    /// Connections open at once, in all.
    pub max_connections: usize,
    /// Connections open at once from one client address (IPv6: one /64).
    pub max_connections_per_address: usize,
    /// Largest request body, in bytes (larger: 413).
    pub max_request_body: usize,
    /// Largest request head, in bytes (larger: 431).
    pub max_header_bytes: usize,
    /// Most header fields in a request (more: 431).
    pub max_headers: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_read_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            request_body_deadline: Duration::from_secs(30),
            write_stall_timeout: Duration::from_secs(30),
            max_connections: default_max_connections(),
            max_connections_per_address: 64,
            max_request_body: 64 * 1024,
            max_header_bytes: 16 * 1024,
            max_headers: 100,
        }
    }
}

/// Connections a server holds at most unless told otherwise: enough for a
/// thousand tables of four players (BENCHMARKS.md, "Server: load"), within
/// the process's limit of open files (each connection is one; a few are
/// kept for the store, the listener and the files served).
pub fn default_max_connections() -> usize {
    const WANTED: usize = 8192;
    match open_files_limit() {
        Some(n) => WANTED.min(n.saturating_sub(128)).max(64),
        None => WANTED,
    }
}

/// The soft limit on open files (`ulimit -n`), from /proc (Linux).
fn open_files_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line["Max open files".len()..].split_whitespace().next()?;
    if soft == "unlimited" {
        return Some(usize::MAX);
    }
    soft.parse().ok()
}

/// Everything `tongiaki serve` is started with.
#[derive(Debug, Clone)]
pub struct Config {
    /// The front end (`www/`); must be a directory.
    pub www: PathBuf,
    /// The wasm-pack output, served at `/pkg/`; may not exist yet (it is
    /// built separately): requests under `/pkg/` then get 404.
    pub pkg: PathBuf,
    /// Where to listen; port 0 picks a free port.
    pub addr: SocketAddr,
    pub limits: Limits,
    pub log: Log,
    /// The online tables (started with [`crate::online::start`]); `None`
    /// serves the files alone, and every `/api/…` path is a 404.
    pub tables: Option<Arc<Hub>>,
}

impl Config {
    /// Serves `www` and `pkg` on `addr` with the default limits, logging to
    /// standard error, without tables.
    pub fn new(www: impl Into<PathBuf>, pkg: impl Into<PathBuf>, addr: SocketAddr) -> Config {
        Config {
            www: www.into(),
            pkg: pkg.into(),
            addr,
            limits: Limits::default(),
            log: Log::Stderr,
            tables: None,
        }
    }
}

/// What every handler shares.
pub struct AppState {
    pub(crate) roots: files::Roots,
    pub(crate) www_files: ServeDir,
    pub(crate) pkg_files: ServeDir,
    pub(crate) log: Log,
}

/// The whole application for `config`: `/api/…` and the files, with the
/// request log, the caching and security headers, compression, the request
/// timeout and the body limits.
pub fn router(config: &Config) -> io::Result<Router> {
    let www = std::path::absolute(&config.www)?;
    if !www.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("web root {} is not a directory", config.www.display()),
        ));
    }
    let pkg = std::path::absolute(&config.pkg)?;
    let serve_dir = |root: &Path| {
        ServeDir::new(root)
            .append_index_html_on_directories(true)
            // files::resolve sends the only redirects, to checked paths
            .redirect_to_trailing_slash(false)
    };
    let state = Arc::new(AppState {
        www_files: serve_dir(&www),
        pkg_files: serve_dir(&pkg),
        roots: files::Roots { www, pkg },
        log: config.log.clone(),
    });
    let mut routes = Router::new().merge(api::router());
    if let Some(hub) = &config.tables {
        routes = routes.merge(crate::online::router(Arc::clone(hub)));
    }
    let routes = routes.fallback(files::static_files);
    Ok(with_layers(routes, state, &config.limits))
}

/// `routes` with the request log, the caching and security headers,
/// compression, the request timeout and the body limits, and the state.
fn with_layers(routes: Router<Arc<AppState>>, state: Arc<AppState>, limits: &Limits) -> Router {
    let layers = ServiceBuilder::new()
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            log::requests,
        ))
        .map_response(weak_etag_when_encoded)
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            limits.request_timeout,
        ))
        .layer(RequestBodyLimitLayer::new(limits.max_request_body))
        .layer(RequestBodyDeadlineLayer::new(limits.request_body_deadline));
    routes.layer(layers).with_state(state)
}

/// A compressed answer is not byte for byte the file `ServeDir` tagged, so
/// its ETag becomes weak (`W/"…"`); revalidation compares weakly anyway.
fn weak_etag_when_encoded<B>(mut response: Response<B>) -> Response<B> {
    if response.headers().contains_key(header::CONTENT_ENCODING) {
        if let Some(tag) = response.headers().get(header::ETAG) {
            if tag.as_bytes().starts_with(b"\"") {
                let mut weak = b"W/".to_vec();
                weak.extend_from_slice(tag.as_bytes());
                if let Ok(value) = HeaderValue::from_bytes(&weak) {
                    response.headers_mut().insert(header::ETAG, value);
                }
            }
        }
    }
    response
}

/// A bound server: [`Server::bind`], then [`Server::run_until`].
pub struct Server {
    listener: tokio::net::TcpListener,
    router: Router,
    limits: Limits,
    log: Log,
}

impl Server {
    /// Builds the [`router`] and binds `config.addr`.
    pub async fn bind(config: Config) -> io::Result<Server> {
        let router = router(&config)?;
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|e| {
                io::Error::new(e.kind(), format!("cannot listen on {}: {e}", config.addr))
            })?;
        Ok(Server {
            listener,
            router,
            limits: config.limits,
            log: config.log,
        })
    }

    /// The address actually bound (the real port when asked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has a local address")
    }

    /// Serves until `shutdown` completes, then stops accepting and lets
    /// open connections finish (a few seconds at most).
    pub async fn run_until(self, shutdown: impl Future<Output = ()>) -> io::Result<()> {
        conn::accept_loop(self.listener, self.router, self.limits, self.log, shutdown).await
    }
}

/// Completes on Ctrl-C (SIGINT) or SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sig) => {
                sig.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// `tongiaki serve`: opens the tables' store, binds, prints the address on
/// a line of its own (`http://127.0.0.1:PORT/`), and serves the files and
/// the tables until Ctrl-C or SIGTERM.
pub fn serve(options: options::ServeOptions) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let options::ServeOptions {
            mut config,
            db,
            tables,
        } = options;
        if let Some(path) = db.strip_prefix("sqlite:") {
            let path = path.split('?').next().unwrap_or(path);
            if let Some(dir) = Path::new(path)
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
            {
                std::fs::create_dir_all(dir).map_err(|e| {
                    io::Error::new(e.kind(), format!("cannot make {}: {e}", dir.display()))
                })?;
            }
        }
        let hub = crate::online::start(&db, tables)
            .await
            .map_err(io::Error::other)?;
        config.tables = Some(hub);
        let (www, pkg, log) = (config.www.clone(), config.pkg.clone(), config.log.clone());
        let server = Server::bind(config).await?;
        println!(
            "Tongiaki: serving {} (and {} at /pkg/); online tables stored in {db}; Ctrl-C stops",
            www.display(),
            pkg.display()
        );
        println!("http://{}/", server.local_addr());
        use std::io::Write;
        let _ = std::io::stdout().flush();
        server.run_until(shutdown_signal()).await?;
        log.line("Tongiaki: stopped");
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;

    fn state() -> Arc<AppState> {
        let here = std::env::temp_dir();
        Arc::new(AppState {
            roots: files::Roots {
                www: here.clone(),
                pkg: here.clone(),
            },
            www_files: ServeDir::new(&here),
            pkg_files: ServeDir::new(&here),
            log: Log::Off,
        })
    }

    #[tokio::test]
    async fn a_handler_that_takes_too_long_gets_a_503() {
        let limits = Limits {
            request_timeout: Duration::from_millis(100),
            ..Limits::default()
        };
        let routes = Router::new().route(
            "/api/slow",
            axum::routing::get(|| async {
                tokio::time::sleep(Duration::from_secs(30)).await;
                "too late"
            }),
        );
        let app = with_layers(routes, state(), &limits);
        let started = std::time::Instant::now();
        let response = app
            .oneshot(Request::get("/api/slow").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}
