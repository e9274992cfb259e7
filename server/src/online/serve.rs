//! `tongiaki serve`: the game's files and the online tables in one process.
//!
//! ```text
//! tongiaki serve [--port 8080] [--bind 127.0.0.1] [--db sqlite:tongiaki.db]
//!                [--www www] [--pkg pkg] [--gone-after SECS] [--turn-gone-after SECS]
//!                [--turn-clock SECS] [--live-expiry SECS] [--turn-expiry SECS]
//!                [--bot-delay MS] [--max-ws-per-addr N]
//! ```

use super::{router, start, Config};
use axum::http::{header, HeaderValue};
use axum::Router;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub port: u16,
    pub bind: String,
    pub db: String,
    pub www: PathBuf,
    pub pkg: PathBuf,
    pub config: Config,
}

fn flag<'a>(args: &'a [String], name: &str) -> Result<Option<&'a str>, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|s| Some(s.as_str()))
            .ok_or_else(|| format!("{name} needs a value")),
    }
}

fn number(args: &[String], name: &str, default: u64) -> Result<u64, String> {
    match flag(args, name)? {
        None => Ok(default),
        Some(v) => v
            .parse()
            .map_err(|_| format!("{name} needs a whole number, not {v}")),
    }
}

const KNOWN: [&str; 13] = [
    "--port",
    "--bind",
    "--db",
    "--www",
    "--pkg",
    "--gone-after",
    "--turn-gone-after",
    "--turn-clock",
    "--live-expiry",
    "--turn-expiry",
    "--bot-delay",
    "--max-ws-per-addr",
    "--search-ms",
];

impl ServeOptions {
    pub fn parse(args: &[String]) -> Result<ServeOptions, String> {
        let mut i = 0;
        while i < args.len() {
            if !KNOWN.contains(&args[i].as_str()) {
                return Err(format!("unknown option {}", args[i]));
            }
            i += 2;
        }
        let d = Config::default();
        let secs = |name: &str, default: Duration| -> Result<Duration, String> {
            number(args, name, default.as_secs()).map(Duration::from_secs)
        };
        let port = number(args, "--port", 8080)?;
        let port = u16::try_from(port).map_err(|_| format!("--port {port} is not a port"))?;
        let turn_clock = secs("--turn-clock", d.turn_clock)?;
        if turn_clock.is_zero() {
            return Err("--turn-clock is at least 1 second".into());
        }
        let search_ms = number(args, "--search-ms", 1000)?;
        Ok(ServeOptions {
            port,
            bind: flag(args, "--bind")?.unwrap_or("127.0.0.1").to_string(),
            db: flag(args, "--db")?
                .unwrap_or("sqlite:tongiaki.db")
                .to_string(),
            www: flag(args, "--www")?.unwrap_or("www").into(),
            pkg: flag(args, "--pkg")?.unwrap_or("pkg").into(),
            config: Config {
                gone_after: secs("--gone-after", d.gone_after)?,
                turn_gone_after: secs("--turn-gone-after", d.turn_gone_after)?,
                turn_clock,
                live_expiry: secs("--live-expiry", d.live_expiry)?,
                turn_expiry: secs("--turn-expiry", d.turn_expiry)?,
                bot_delay: Duration::from_millis(number(
                    args,
                    "--bot-delay",
                    d.bot_delay.as_millis() as u64,
                )?),
                max_ws_per_addr: number(args, "--max-ws-per-addr", d.max_ws_per_addr as u64)?
                    as usize,
                search_budget: tongiaki::bots::Budget {
                    iterations: d.search_budget.iterations,
                    millis: Some(search_ms as f64),
                },
                ..d
            },
        })
    }
}

/// The whole application: the tables' routes, `/pkg/…` from the wasm
/// package and everything else from `www/`.
pub fn app(
    hub: std::sync::Arc<super::Hub>,
    www: &std::path::Path,
    pkg: &std::path::Path,
) -> Router {
    let files = Router::new()
        .nest_service("/pkg", ServeDir::new(pkg))
        .fallback_service(ServeDir::new(www))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ));
    router(hub).merge(files)
}

/// Why `tongiaki serve` stopped: bad usage (exit 2) or a failure (exit 1).
#[derive(Debug)]
pub enum ServeError {
    Usage(String),
    Failed(String),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Usage(e) | ServeError::Failed(e) => f.write_str(e),
        }
    }
}

/// Runs `tongiaki serve` until the process is stopped.
pub fn run(args: &[String]) -> Result<(), ServeError> {
    let opts = ServeOptions::parse(args).map_err(ServeError::Usage)?;
    if !opts.www.is_dir() {
        return Err(ServeError::Failed(format!(
            "web root {} is not a directory",
            opts.www.display()
        )));
    }
    run_with(opts).map_err(ServeError::Failed)
}

fn run_with(opts: ServeOptions) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(async move {
        let hub = start(&opts.db, opts.config.clone()).await?;
        let addr = format!("{}:{}", opts.bind, opts.port);
        let listener = tokio::net::TcpListener::bind(&addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        println!(
            "Tongiaki: serving {} (and {} at /pkg/) and online tables in {}",
            opts.www.display(),
            opts.pkg.display(),
            opts.db
        );
        println!("http://{local}/");
        use std::io::Write;
        let _ = std::io::stdout().flush();
        let app = app(hub, &opts.www, &opts.pkg);
        // The peer's address (ConnectInfo) bounds WebSockets per address.
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| e.to_string())
    })
}
