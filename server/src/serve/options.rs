//! The command line of `tongiaki serve`:
//!
//! ```text
//! tongiaki serve [--port 8080] [--bind 127.0.0.1] [--db sqlite:tongiaki.db]
//!                [--www www] [--pkg pkg] [--gone-after SECS] [--turn-gone-after SECS]
//!                [--turn-clock SECS] [--live-expiry SECS] [--turn-expiry SECS]
//!                [--bot-delay MS] [--max-ws-per-addr N] [--search-ms MS]
//!                [--max-connections N] [--max-connections-per-addr N]
//! ```

use super::{Config, Limits, Log};
use crate::online;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tongiaki::error::{truncate, ECHO_CHARS};

/// What `tongiaki serve` was asked for: the server, the store, the tables.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Files, address, limits (its `tables` are set once the store is open).
    pub config: Config,
    /// The store's URL (`sqlite:PATH` or `postgres://USER@HOST/DB`).
    pub db: String,
    pub tables: online::Config,
}

/// Every flag takes a value.
const KNOWN: [&str; 15] = [
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
    "--max-connections",
    "--max-connections-per-addr",
];

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
        Some(v) => v.parse().map_err(|_| {
            format!(
                "{name} needs a whole number, not {}",
                truncate(v, ECHO_CHARS)
            )
        }),
    }
}

/// A count that must be at least 1.
fn count(args: &[String], name: &str, default: usize) -> Result<usize, String> {
    match number(args, name, default as u64)? {
        0 => Err(format!("{name} is at least 1")),
        n => usize::try_from(n).map_err(|_| format!("{name} {n} is too large")),
    }
}

impl ServeOptions {
    /// Reads the flags after `serve`; an error is bad usage (exit 2).
    pub fn parse(args: &[String]) -> Result<ServeOptions, String> {
        let mut i = 0;
        while i < args.len() {
            if !KNOWN.contains(&args[i].as_str()) {
                return Err(format!("unknown option {}", truncate(&args[i], ECHO_CHARS)));
            }
            i += 2;
        }
        let port = number(args, "--port", 8080)?;
        let port = u16::try_from(port).map_err(|_| format!("--port {port} is not a port"))?;
        let bind = flag(args, "--bind")?.unwrap_or("127.0.0.1");
        let ip: IpAddr = bind.parse().map_err(|_| {
            format!(
                "--bind needs an IP address (127.0.0.1, 0.0.0.0, ::1), not {}",
                truncate(bind, ECHO_CHARS)
            )
        })?;
        let d = online::Config::default();
        let secs = |name: &str, default: Duration| -> Result<Duration, String> {
            number(args, name, default.as_secs()).map(Duration::from_secs)
        };
        let turn_clock = secs("--turn-clock", d.turn_clock)?;
        if turn_clock.is_zero() {
            return Err("--turn-clock is at least 1 second".into());
        }
        let search_ms = number(args, "--search-ms", 1000)?;
        let tables = online::Config {
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
            max_ws_per_addr: count(args, "--max-ws-per-addr", d.max_ws_per_addr)?,
            search_budget: tongiaki::bots::Budget {
                iterations: d.search_budget.iterations,
                millis: Some(search_ms as f64),
            },
            ..d
        };
        let l = Limits::default();
        let limits = Limits {
            max_connections: count(args, "--max-connections", l.max_connections)?,
            max_connections_per_address: count(
                args,
                "--max-connections-per-addr",
                l.max_connections_per_address,
            )?,
            ..l
        };
        let config = Config {
            www: flag(args, "--www")?.unwrap_or("www").into(),
            pkg: flag(args, "--pkg")?.unwrap_or("pkg").into(),
            addr: SocketAddr::new(ip, port),
            limits,
            log: Log::Stderr,
            tables: None,
        };
        Ok(ServeOptions {
            config,
            db: flag(args, "--db")?
                .unwrap_or("sqlite:tongiaki.db")
                .to_string(),
            tables,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<ServeOptions, String> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        ServeOptions::parse(&args)
    }

    #[test]
    fn defaults_and_flags() {
        let o = parse(&[]).unwrap();
        assert_eq!(o.config.addr, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(o.db, "sqlite:tongiaki.db");
        let o = parse(&[
            "--port",
            "0",
            "--bind",
            "::1",
            "--db",
            "sqlite:x.db",
            "--max-connections",
            "9000",
            "--gone-after",
            "5",
        ])
        .unwrap();
        assert_eq!(o.config.addr, "[::1]:0".parse().unwrap());
        assert_eq!(o.config.limits.max_connections, 9000);
        assert_eq!(o.tables.gone_after, Duration::from_secs(5));
        assert_eq!(o.db, "sqlite:x.db");
    }

    #[test]
    fn bad_usage_is_refused() {
        for bad in [
            &["--bind", "localhost:x"][..],
            &["--port", "70000"],
            &["--port"],
            &["--nope", "1"],
            &["--turn-clock", "0"],
            &["--max-connections", "0"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
