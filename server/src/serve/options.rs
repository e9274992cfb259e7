//! The command line of `tongiaki serve`:
//!
//! ```text
//! tongiaki serve [--port 8080] [--bind 127.0.0.1] [--db sqlite:PATH]
//!                [--www www] [--pkg pkg] [--gone-after SECS] [--turn-gone-after SECS]
//!                [--turn-clock SECS] [--live-expiry SECS] [--turn-expiry SECS]
//!                [--waiting-expiry SECS] [--turn-waiting-expiry SECS]
//!                [--bot-delay MS] [--max-ws-per-addr N] [--search-ms MS]
//!                [--max-connections N] [--max-connections-per-addr N]
//!                [--tables-per-min N] [--tables-per-min-per-addr N]
//!                [--max-watchers N] [--max-watchers-per-table N]
//! ```
//!
//! Without `--db` the tables live in the user's data directory
//! ([`default_db`]), never in the directory the server was started from.

use super::{Config, Limits, Log};
use crate::online;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tongiaki::error::{echo, ECHO_CHARS};

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
const KNOWN: [&str; 21] = [
    "--waiting-expiry",
    "--turn-waiting-expiry",
    "--tables-per-min",
    "--tables-per-min-per-addr",
    "--max-watchers",
    "--max-watchers-per-table",
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
        Some(v) => v
            .parse()
            .map_err(|_| format!("{name} needs a whole number, not {}", echo(v, ECHO_CHARS))),
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
                return Err(format!("unknown option {}", echo(&args[i], ECHO_CHARS)));
            }
            i += 2;
        }
        let port = number(args, "--port", 8080)?;
        let port = u16::try_from(port).map_err(|_| format!("--port {port} is not a port"))?;
        let bind = flag(args, "--bind")?.unwrap_or("127.0.0.1");
        let ip: IpAddr = bind.parse().map_err(|_| {
            format!(
                "--bind needs an IP address (127.0.0.1, 0.0.0.0, ::1), not {}",
                echo(bind, ECHO_CHARS)
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
        let per_min = |name: &str, default: u32| -> Result<u32, String> {
            let n = count(args, name, default as usize)?;
            u32::try_from(n).map_err(|_| format!("{name} {n} is too large"))
        };
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
            waiting_expiry: secs("--waiting-expiry", d.waiting_expiry)?,
            turn_waiting_expiry: secs("--turn-waiting-expiry", d.turn_waiting_expiry)?,
            tables_per_min: per_min("--tables-per-min", d.tables_per_min)?,
            tables_per_min_per_addr: per_min(
                "--tables-per-min-per-addr",
                d.tables_per_min_per_addr,
            )?,
            // Spectators may hold a quarter of the connections at most:
            // the rest is kept for people who play.
            max_watchers: count(args, "--max-watchers", limits.max_connections / 4)?,
            max_watchers_per_table: per_min("--max-watchers-per-table", d.max_watchers_per_table)?,
            search_budget: tongiaki::bots::Budget {
                iterations: d.search_budget.iterations,
                millis: Some(search_ms as f64),
            },
            ..d
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
            db: match flag(args, "--db")? {
                Some(db) => db.to_string(),
                None => default_db(
                    std::env::var("XDG_DATA_HOME").ok().as_deref(),
                    std::env::var("HOME").ok().as_deref(),
                ),
            },
            tables,
        })
    }
}

/// The store when `--db` is not given: `tables.db` in the user's data
/// directory (`$XDG_DATA_HOME/tongiaki`, else `~/.local/share/tongiaki`),
/// else in the system's temporary directory; never the current directory,
/// which is often a source tree (issue 29). `serve` makes the directory and
/// prints where the tables are.
pub fn default_db(xdg_data_home: Option<&str>, home: Option<&str>) -> String {
    let dir = match (xdg_data_home, home) {
        (Some(x), _) if x.starts_with('/') => std::path::PathBuf::from(x).join("tongiaki"),
        (_, Some(h)) if h.starts_with('/') => {
            std::path::PathBuf::from(h).join(".local/share/tongiaki")
        }
        _ => std::env::temp_dir().join("tongiaki"),
    };
    format!("sqlite:{}", dir.join("tables.db").display())
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
        assert!(o.db.ends_with("/tongiaki/tables.db"), "{}", o.db);
        assert_eq!(o.tables.max_watchers, o.config.limits.max_connections / 4);
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

    /// Issue 29: the run command left `tongiaki.db` in the repository.
    #[test]
    fn the_default_store_is_in_the_data_directory() {
        assert_eq!(
            default_db(Some("/d"), Some("/h")),
            "sqlite:/d/tongiaki/tables.db"
        );
        assert_eq!(
            default_db(None, Some("/home/ana")),
            "sqlite:/home/ana/.local/share/tongiaki/tables.db"
        );
        // Relative settings are not trusted (the spec says absolute).
        assert_eq!(
            default_db(Some("rel"), Some("/h")),
            "sqlite:/h/.local/share/tongiaki/tables.db"
        );
        let tmp = default_db(None, None);
        assert!(tmp.starts_with("sqlite:/"), "{tmp}");
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
            &["--tables-per-min", "0"],
            &["--tables-per-min-per-addr", "99999999999"],
            &["--max-watchers", "x"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
