//! Helpers for the online tests: a server in this process (or the real
//! binary), a raw HTTP client (so that broken requests can be sent too) and
//! a WebSocket client that keeps every message it received.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tongiaki::{CardId, Game};
use tongiaki_server::online::{self, Config, Hub};
use tongiaki_server::serve;

mod client;
pub use client::*;

pub const WAIT: Duration = Duration::from_secs(20);

/// Removes a test store's files (the database, its WAL and shared memory).
pub fn remove_db(db: &str) {
    if !db.starts_with("sqlite:") {
        return;
    }
    let path = db.trim_start_matches("sqlite:");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
}

/// The PostgreSQL server the tests may use (`TONGIAKI_TEST_PG`, set by
/// scripts/test.sh, which starts a throwaway one); `None` with a note.
pub fn test_pg(what: &str) -> Option<String> {
    match std::env::var("TONGIAKI_TEST_PG") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            eprintln!("note: TONGIAKI_TEST_PG is unset: skipping {what} (PostgreSQL)");
            None
        }
    }
}

/// A new empty database on that server; its URL. (Its own thread and
/// runtime, so that it can be called anywhere.)
pub fn fresh_pg(base: &str, name: &str) -> String {
    let (base, name) = (base.to_string(), name.to_string());
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
            .block_on(online::store::fresh_pg_database(&base, &name))
    })
    .join()
    .unwrap()
    .expect("a fresh PostgreSQL database")
}

/// A new store for one test: a SQLite file, or, with
/// `TONGIAKI_TEST_STORE=postgres` (scripts/test.sh runs the online tests
/// both ways), a new database on `TONGIAKI_TEST_PG`.
pub fn temp_db(name: &str) -> String {
    if std::env::var("TONGIAKI_TEST_STORE").as_deref() == Ok("postgres") {
        let base = std::env::var("TONGIAKI_TEST_PG")
            .expect("TONGIAKI_TEST_STORE=postgres needs TONGIAKI_TEST_PG");
        return fresh_pg(&base, name);
    }
    temp_sqlite(name)
}

/// A new SQLite store, whatever `TONGIAKI_TEST_STORE` says.
pub fn temp_sqlite(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tongiaki-online-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(format!("{name}-{}.db", online::token::table_id()));
    format!("sqlite:{}", p.display())
}

/// Settings for tests: bots move at once and search briefly, and a test
/// (all its clients at one address) may make as many tables as it likes.
pub fn quick() -> Config {
    Config {
        tables_per_min: 1_000_000,
        tables_per_min_per_addr: 1_000_000,
        bot_delay: Duration::ZERO,
        search_budget: tongiaki::bots::Budget {
            iterations: 30,
            millis: Some(100.0),
        },
        ..Config::default()
    }
}

pub struct TestServer {
    pub addr: SocketAddr,
    pub hub: Arc<Hub>,
    pub db: String,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

pub async fn server(config: Config) -> TestServer {
    server_on(&temp_db("t"), config).await
}

/// The tables behind the whole server with the listener's `limits` as
/// given (not raised for one address as [`server_on`] does).
pub async fn server_with_limits(config: Config, limits: serve::Limits) -> TestServer {
    let db = temp_db("t");
    let hub = online::start(&db, config).await.unwrap();
    let www = std::env::temp_dir().join(format!("tongiaki-online-www-{}", std::process::id()));
    std::fs::create_dir_all(&www).unwrap();
    let mut serve_config = serve::Config::new(&www, &www, "127.0.0.1:0".parse().unwrap());
    serve_config.log = serve::Log::Off;
    serve_config.tables = Some(hub.clone());
    serve_config.limits = limits;
    let server = serve::Server::bind(serve_config).await.unwrap();
    let addr = server.local_addr();
    let task = tokio::spawn(async move {
        let _ = server.run_until(std::future::pending()).await;
    });
    TestServer {
        addr,
        hub,
        db,
        task,
    }
}

/// The tables on `db` behind the whole server of `tongiaki serve` (its
/// hardened connection loop, limits and layers; an empty web root), on this
/// test's runtime.
pub async fn server_on(db: &str, config: Config) -> TestServer {
    let hub = online::start(db, config).await.unwrap();
    let www = std::env::temp_dir().join(format!("tongiaki-online-www-{}", std::process::id()));
    std::fs::create_dir_all(&www).unwrap();
    let mut serve_config = serve::Config::new(&www, &www, "127.0.0.1:0".parse().unwrap());
    serve_config.log = serve::Log::Off;
    serve_config.tables = Some(hub.clone());
    // Many clients from one address (the load of a whole test).
    serve_config.limits.max_connections_per_address = serve_config.limits.max_connections;
    let server = serve::Server::bind(serve_config).await.unwrap();
    let addr = server.local_addr();
    let task = tokio::spawn(async move {
        let _ = server.run_until(std::future::pending()).await;
    });
    TestServer {
        addr,
        hub,
        db: db.to_string(),
        task,
    }
}

/// Sends raw bytes as one request on a new connection; the whole answer
/// (head and body) as text, read until the server closes.
pub async fn raw_text(addr: SocketAddr, request: &[u8]) -> String {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(request).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut buf))
        .await
        .expect("an answer in time")
        .unwrap();
    String::from_utf8_lossy(&buf).into_owned()
}

/// [`http`] from the local address `from` (any of 127.0.0.0/8: each is a
/// client address of its own to the server).
pub async fn http_from(
    from: std::net::IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
) -> (u16, Value) {
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let s = tokio::net::TcpSocket::new_v4().unwrap();
    s.bind(SocketAddr::new(from, 0)).unwrap();
    let Ok(mut s) = s.connect(addr).await else {
        return (0, Value::Null);
    };
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(WAIT, s.read_to_end(&mut buf)).await;
    let text = String::from_utf8_lossy(&buf);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// Sends raw bytes as one request; the status and the body as JSON (Null
/// if it is not JSON).
pub async fn raw(addr: SocketAddr, request: &[u8]) -> (u16, Value) {
    let text = raw_text(addr, request).await;
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

pub async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    raw(addr, req.as_bytes()).await
}

pub async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    http(addr, "POST", path, &body.to_string()).await
}

pub async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    http(addr, "GET", path, "").await
}

/// Creates a table; (id, token of seat 0).
pub async fn create(addr: SocketAddr, body: Value) -> (String, String) {
    let (status, v) = post(addr, "/api/tables", body).await;
    assert_eq!(status, 201, "{v}");
    (
        v["table"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

/// Creates a table (`body` as `POST /api/tables` takes it) and connects its
/// creator, hello said; (id, token of seat 0, the creator's connection).
pub async fn create_seated(addr: SocketAddr, body: Value) -> (String, String, Client) {
    let (id, token) = create(addr, body).await;
    let c = Client::at(addr, &id, Some(&token)).await;
    (id, token, c)
}

/// `GET /api/tables/{id}`: the status and the table's info (or the error).
pub async fn table_info(addr: SocketAddr, id: &str) -> (u16, Value) {
    get(addr, &format!("/api/tables/{id}")).await
}

/// `GET /api/tables/{id}/save`: the status and the save (or the error).
pub async fn table_save(addr: SocketAddr, id: &str) -> (u16, Value) {
    get(addr, &format!("/api/tables/{id}/save")).await
}

/// The save of table `id`, whose game ended at the state `last`: it is
/// handed out (200), holds every move (`last["moves"]` actions) and the
/// engine replays it to `last`'s snapshot. The save and the replayed game.
pub async fn replayed_save(addr: SocketAddr, id: &str, last: &Value) -> (Value, Game) {
    let (status, save) = table_save(addr, id).await;
    assert_eq!(status, 200, "{save}");
    assert_eq!(
        save["actions"].as_array().unwrap().len() as u64,
        last["moves"].as_u64().unwrap()
    );
    let g = Game::load(&save.to_string()).unwrap();
    assert_eq!(
        g.snapshot_json(),
        last["snapshot"],
        "the save replays the game"
    );
    (save, g)
}

/// Takes a free seat at table `id` as `name`; (seat, its token).
pub async fn join(addr: SocketAddr, id: &str, name: &str) -> (u64, String) {
    let (status, v) = post(
        addr,
        &format!("/api/tables/{id}/join"),
        json!({"name": name}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    (
        v["seat"].as_u64().unwrap(),
        v["token"].as_str().unwrap().to_string(),
    )
}

/// The real `tongiaki serve` as a child process.
pub struct Child {
    pub child: std::process::Child,
    pub addr: SocketAddr,
}

impl Child {
    /// Starts `tongiaki serve --port 0 --db DB ARGS…` and reads the address
    /// it prints.
    pub fn start(db: &str, args: &[&str]) -> Child {
        use std::io::BufRead;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tongiaki"))
            .args(["serve", "--port", "0", "--db", db, "--bot-delay", "0"])
            .arg("--www")
            .arg(root.join("www"))
            .arg("--pkg")
            .arg(root.join("pkg"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the server starts");
        let out = child.stdout.take().unwrap();
        let mut lines = std::io::BufReader::new(out).lines();
        let addr = loop {
            let line = lines
                .next()
                .expect("the server prints its address")
                .unwrap();
            // The address on a line of its own (ONLINE.md).
            if let Some(rest) = line.strip_prefix("http://") {
                assert!(rest.ends_with('/'), "{line}");
                break rest.trim_end_matches('/').parse().unwrap();
            }
        };
        // Keep reading so that the server never blocks on a full pipe.
        std::thread::spawn(move || for _ in lines {});
        Child { child, addr }
    }

    /// kill -9.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A 2-seat table with Ana (seat 0) and Bo (seat 1); the game has begun.
pub async fn two_players(s: &TestServer) -> (String, String, String) {
    let (id, ana) = create(s.addr, json!({"seats": 2, "name": "Ana"})).await;
    let (seat, bo) = join(s.addr, &id, "Bo").await;
    assert_eq!(seat, 1);
    (id, ana, bo)
}

/// The cards whose ids and names may not appear before they are seen.
pub fn hidden_cards(g: &Game) -> Vec<CardId> {
    let snap = g.snapshot_json();
    let text = snap.to_string();
    CardId::all()
        .filter(|c| !text.contains(&format!("\"{}\"", c.key())))
        .collect()
}

/// Nothing sent at move k names a card still in the pile at move k, holds
/// the seed, or the options.
pub fn check_no_leak(save: &Value, logs: &[&Vec<String>]) {
    let seed = save["options"]["seed"].as_u64().unwrap();
    let mut g = Game::from_options_json(&save["options"]).unwrap();
    let actions = save["actions"].as_array().unwrap();
    let mut hidden = vec![hidden_cards(&g)];
    for a in actions {
        g.apply_json(a).unwrap();
        hidden.push(hidden_cards(&g));
    }
    let mut checked = 0;
    for log in logs {
        for m in log.iter() {
            assert!(!m.contains(&seed.to_string()), "the seed in {m}");
            assert!(!m.contains("\"seed\"") && !m.contains("\"deck\""), "{m}");
            let v: Value = serde_json::from_str(m).unwrap();
            let Some(k) = v["moves"].as_u64() else {
                continue;
            };
            for c in &hidden[k as usize] {
                assert!(
                    !m.contains(&format!("\"{}\"", c.key())),
                    "{} is in the pile at move {k} but named in {m}",
                    c.key()
                );
                if c.is_island() {
                    assert!(!m.contains(c.name()), "{} named at move {k}", c.name());
                }
            }
            checked += 1;
        }
    }
    assert!(checked > 10);
}
