//! Load figures for BENCHMARKS.md (ignored by default; bounded; stops by
//! itself). Starts the real `tongiaki serve` on 127.0.0.1 as a child and
//! drives it from this process.
//!
//! ```text
//! LOAD_TABLES=1000 LOAD_SECS=60 LOAD_THINK_MS=1000 \
//!   cargo test --release -p tongiaki-server --test online_tables -- --ignored --nocapture online_load::load
//! LOAD_TABLES=250,500,1000,1500 LOAD_SECS=60 LOAD_THINK_MS=1000 \
//!   cargo test --release -p tongiaki-server --test online_tables -- --ignored --nocapture online_load::load
//! LOAD_TABLES=1000 LOAD_SECS=60 LOAD_THINK_MS=1000 scripts/pg-cluster.sh -- \
//!   cargo test --release -p tongiaki-server --test online_tables -- --ignored --nocapture online_load::load_stores
//! RESTART_TABLES=10000 \
//!   cargo test --release -p tongiaki-server --test online_tables -- --ignored --nocapture online_load::restart
//! ```

use crate::online_common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// The act in flight at one table: move number it makes, when it was sent,
/// and how many of the four clients have its state.
/// What a client reads of every message; the rest is skipped unparsed
/// (the load generator shares the two cores with the server).
#[derive(serde::Deserialize)]
struct Kind {
    #[serde(rename = "type")]
    kind: String,
}

#[derive(serde::Deserialize)]
struct Head {
    moves: Option<u64>,
    snapshot: Option<SnapHead>,
}

#[derive(serde::Deserialize)]
struct SnapHead {
    current: Option<u64>,
    phase: String,
}

#[derive(Default)]
struct Pending {
    moves: u64,
    sent: Option<Instant>,
    seen: u8,
}

#[derive(Default)]
struct Totals {
    latencies_us: Mutex<Vec<u64>>,
    acts: AtomicU64,
    errors: AtomicU64,
    states: AtomicU64,
}

/// CPU seconds (user + system) a process has used.
fn cpu_secs(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks: f64 = f.get(11).and_then(|v| v.parse().ok()).unwrap_or(0.0)
        + f.get(12).and_then(|v| v.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

/// CPU seconds the PostgreSQL server of the test cluster has used: the
/// postmaster and its children (the backends; they live as long as the
/// servers' pools). 0 without `TONGIAKI_TEST_PG_DATA` (scripts/pg-cluster.sh).
fn pg_cpu_secs() -> f64 {
    let Ok(data) = std::env::var("TONGIAKI_TEST_PG_DATA") else {
        return 0.0;
    };
    let Some(master) = std::fs::read_to_string(format!("{data}/postmaster.pid"))
        .ok()
        .and_then(|s| s.lines().next().map(str::to_string))
    else {
        return 0.0;
    };
    let mut total = cpu_secs(&master);
    for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
        let pid = e.file_name().to_string_lossy().to_string();
        if !pid.bytes().all(|b| b.is_ascii_digit()) {
            continue;
        }
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let after = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
        if after.split_whitespace().nth(1) == Some(master.as_str()) {
            total += cpu_secs(&pid);
        }
    }
    total
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[allow(clippy::too_many_arguments)]
async fn client(
    addr: std::net::SocketAddr,
    id: String,
    token: String,
    seat: u64,
    pending: Arc<Mutex<Pending>>,
    totals: Arc<Totals>,
    think: Duration,
    until: Instant,
) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{id}/ws"))
        .await
        .expect("connect");
    ws.send(Message::Text(
        json!({"type": "hello", "token": token}).to_string().into(),
    ))
    .await
    .unwrap();
    let mut pick = Pick(seat * 7919 + id.len() as u64 + until.elapsed().as_nanos() as u64);
    loop {
        let m = match tokio::time::timeout_at(until.into(), ws.next()).await {
            Ok(Some(Ok(m))) => m,
            _ => break,
        };
        let Message::Text(t) = m else { continue };
        // Other messages (history, lobby, chat) have fields of their own
        // under the same names: read the type first.
        let kind: Kind = serde_json::from_str(&t).unwrap();
        match kind.kind.as_str() {
            "state" => {}
            "error" => {
                totals.errors.fetch_add(1, Ordering::Relaxed);
                continue;
            }
            _ => continue,
        }
        let head: Head = serde_json::from_str(&t).unwrap();
        totals.states.fetch_add(1, Ordering::Relaxed);
        let moves = head.moves.unwrap();
        {
            let mut p = pending.lock().unwrap();
            if p.moves == moves {
                if let Some(sent) = p.sent {
                    p.seen += 1;
                    if p.seen == 4 {
                        let us = sent.elapsed().as_micros() as u64;
                        totals.latencies_us.lock().unwrap().push(us);
                        p.sent = None;
                    }
                }
            }
        }
        let snap = head.snapshot.unwrap();
        if snap.current != Some(seat) || snap.phase == "over" {
            continue;
        }
        // Our turn: now read the legal actions.
        let v: Value = serde_json::from_str(&t).unwrap();
        let legal = v["legal"].as_array().unwrap();
        let a = legal[pick.index(legal.len())].clone();
        // Think between 0.5 and 1.5 times the mean.
        let wait = think.mul_f64(0.5 + pick.index(1000) as f64 / 1000.0);
        if Instant::now() + wait >= until {
            break;
        }
        tokio::time::sleep(wait).await;
        {
            let mut p = pending.lock().unwrap();
            *p = Pending {
                moves: moves + 1,
                sent: Some(Instant::now()),
                seen: 0,
            };
        }
        let msg = json!({"type": "act", "moves": moves, "action": a}).to_string();
        if ws.send(Message::Text(msg.into())).await.is_err() {
            break;
        }
        totals.acts.fetch_add(1, Ordering::Relaxed);
    }
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn load() {
    // `LOAD_TABLES=250,500,1000,1500`: one run after the other, each on a
    // fresh server and store, and one table of them all at the end.
    let sizes: Vec<usize> = std::env::var("LOAD_TABLES")
        .unwrap_or_else(|_| "100".into())
        .split(',')
        .map(|n| {
            n.trim()
                .parse()
                .expect("LOAD_TABLES: numbers, comma-separated")
        })
        .collect();
    let (_, secs, think) = load_params();
    let mut lines = Vec::new();
    for tables in sizes {
        let line = run_load(
            "1 process, SQLite",
            &temp_sqlite("load"),
            1,
            tables,
            secs,
            think,
        )
        .await;
        lines.push(line);
    }
    println!("\nload summary (setup | tables | acts/s | act -> all four p50 / p90 / p99 / max | server CPU per act | PostgreSQL CPU per act | refused | load average | RSS per table | WAL max / at the end):");
    for l in lines {
        println!("{l}");
    }
}

/// The load run itself, small enough for every test run: the runs above
/// are ignored tests, and one broke unnoticed when the server began to
/// send a message (`history`) whose fields the load client misread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_load_run_measures_every_table() {
    let line = run_load(
        "smoke",
        &temp_sqlite("load-smoke"),
        1,
        3,
        3,
        Duration::from_millis(50),
    )
    .await;
    // | label | tables | acts/s | latencies | CPU | CPU | refused | …
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let acts_per_sec: f64 = fields[3].parse().expect(&line);
    assert!(acts_per_sec > 1.0, "the clients played: {line}");
    assert_eq!(fields[7], "0", "nothing refused: {line}");
}

fn load_params() -> (usize, u64, Duration) {
    (
        env("LOAD_TABLES", 100) as usize,
        env("LOAD_SECS", 30),
        Duration::from_millis(env("LOAD_THINK_MS", 1000)),
    )
}

/// The size of a SQLite store's write-ahead log (0 for PostgreSQL).
fn wal_bytes(db: &str) -> u64 {
    match db.strip_prefix("sqlite:") {
        Some(path) => std::fs::metadata(format!("{path}-wal"))
            .map(|m| m.len())
            .unwrap_or(0),
        None => 0,
    }
}

/// The same load on one process with SQLite, one with PostgreSQL and two on
/// one PostgreSQL database, one after the other in the same run (needs
/// `TONGIAKI_TEST_PG`: `scripts/pg-cluster.sh -- cargo test …`). With two
/// processes every table is spread over both: seat k of table i plays
/// through process (i + k) mod 2, so most moves reach half of the table's
/// clients through the other process (NOTIFY, then a read of the move).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn load_stores() {
    let Some(base) = test_pg("the load on PostgreSQL") else {
        return;
    };
    let (tables, secs, think) = load_params();
    let runs = [
        ("1 process, SQLite", temp_sqlite("load"), 1),
        ("1 process, PostgreSQL", fresh_pg(&base, "load1"), 1),
        ("2 processes, PostgreSQL", fresh_pg(&base, "load2"), 2),
    ];
    let mut lines = Vec::new();
    for (label, db, procs) in &runs {
        lines.push(run_load(label, db, *procs, tables, secs, think).await);
    }
    println!("\nload_stores summary:");
    for l in lines {
        println!("{l}");
    }
}

/// Starts `procs` servers on `db`, plays `tables` four-seat tables on them
/// for `secs` seconds; prints the figures and returns a summary line.
async fn run_load(
    label: &str,
    db: &str,
    procs: usize,
    tables: usize,
    secs: u64,
    think: Duration,
) -> String {
    let servers: Vec<Child> = (0..procs)
        .map(|_| {
            Child::start(
                db,
                &[
                    "--max-ws-per-addr",
                    "1000000",
                    "--turn-clock",
                    "3600",
                    // Every client comes from 127.0.0.1, as behind a proxy:
                    // the bound per address raised to the default bound in
                    // all, which stays (docs/api.md, "caps behind a proxy").
                    "--max-connections-per-addr",
                    "8192",
                    // …and every table is made from there, at once.
                    "--tables-per-min",
                    "1000000",
                    "--tables-per-min-per-addr",
                    "1000000",
                ],
            )
        })
        .collect();
    let addrs: Vec<std::net::SocketAddr> = servers.iter().map(|s| s.addr).collect();
    let pids: Vec<String> = servers.iter().map(|s| s.child.id().to_string()).collect();
    let rss = || -> u64 { servers.iter().map(|s| rss_kib(s.child.id())).sum() };
    let cpu = || -> f64 { pids.iter().map(|p| cpu_secs(p)).sum() };
    let rss0 = rss();

    // Create and fill the tables, a few at a time (each on its process).
    let t0 = Instant::now();
    let mut seats = Vec::new();
    let mut made = futures_util::stream::iter(0..tables)
        .map(|i| {
            let addrs = addrs.clone();
            async move {
                let addr = addrs[i % addrs.len()];
                let (id, t0) = create(addr, json!({"seats": 4, "name": format!("P{i}")})).await;
                let mut toks = vec![(0, t0)];
                for k in 1..4 {
                    toks.push(join(addr, &id, &format!("Q{k}")).await);
                }
                (i, id, toks)
            }
        })
        .buffer_unordered(16);
    while let Some(t) = made.next().await {
        seats.push(t);
    }
    let created = t0.elapsed();

    let totals = Arc::new(Totals::default());
    let (cpu_server0, cpu_self0, cpu_pg0) = (cpu(), cpu_secs("self"), pg_cpu_secs());
    let until = Instant::now() + Duration::from_secs(secs);
    // The log's largest size while the tables play, looked at every 250 ms.
    let wal_max = Arc::new(AtomicU64::new(wal_bytes(db)));
    let sampler = {
        let (db, wal_max) = (db.to_string(), wal_max.clone());
        tokio::spawn(async move {
            while Instant::now() < until {
                wal_max.fetch_max(wal_bytes(&db), Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
        })
    };
    let mut tasks = Vec::new();
    for (i, id, toks) in &seats {
        let pending = Arc::new(Mutex::new(Pending::default()));
        for (seat, tok) in toks {
            tasks.push(tokio::spawn(client(
                addrs[(i + *seat as usize) % addrs.len()],
                id.clone(),
                tok.clone(),
                *seat,
                pending.clone(),
                totals.clone(),
                think,
                until,
            )));
        }
        // Spread the connections out a little.
        tokio::time::sleep(Duration::from_micros(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(secs.min(10))).await;
    let rss1 = rss();
    let (_, stats) = get(addrs[0], "/api/stats").await;
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(30), t).await;
    }
    let _ = sampler.await;
    let wal_end = wal_bytes(db);
    let wal_max = wal_max.load(Ordering::Relaxed).max(wal_end);
    let cpu_server = cpu() - cpu_server0;
    let cpu_clients = cpu_secs("self") - cpu_self0;
    let cpu_pg = if db.starts_with("postgres") {
        pg_cpu_secs() - cpu_pg0
    } else {
        0.0
    };
    let mut lat = totals.latencies_us.lock().unwrap().clone();
    lat.sort_unstable();
    let acts = totals.acts.load(Ordering::Relaxed);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load [{label}]: {tables} tables x 4 clients, think {} ms, {secs} s: {acts} acts ({:.0}/s), {} states, {} refused; \
         act -> all four: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms over {} acts; \
         server RSS {} KiB idle, {} KiB with the tables open ({:.1} KiB per table with its 4 connections); \
         CPU: server {:.1} s ({:.0} us per act), PostgreSQL {:.1} s ({:.0} us per act), clients {:.1} s; \
         WAL at most {:.1} MB, {:.1} MB at the end; load average {}; {stats}; created in {:.1} s",
        think.as_millis(),
        acts as f64 / secs as f64,
        totals.states.load(Ordering::Relaxed),
        totals.errors.load(Ordering::Relaxed),
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        lat.len(),
        rss0,
        rss1,
        (rss1.saturating_sub(rss0)) as f64 / tables as f64,
        cpu_server,
        cpu_server * 1e6 / acts.max(1) as f64,
        cpu_pg,
        cpu_pg * 1e6 / acts.max(1) as f64,
        cpu_clients,
        wal_max as f64 / 1e6,
        wal_end as f64 / 1e6,
        load.trim(),
        created.as_secs_f64(),
    );
    drop(servers);
    remove_db(db);
    assert!(!lat.is_empty());
    format!(
        "| {label} | {tables} | {:.0} | {:.1} / {:.1} / **{:.1}** / {:.0} ms | {:.0} µs | {:.0} µs | {} | {} | {:.1} KiB | {:.1} / {:.1} MB |",
        acts as f64 / secs as f64,
        percentile(&lat, 0.5),
        percentile(&lat, 0.9),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        cpu_server * 1e6 / acts.max(1) as f64,
        cpu_pg * 1e6 / acts.max(1) as f64,
        totals.errors.load(Ordering::Relaxed),
        load.split_whitespace().next().unwrap_or("?"),
        (rss1.saturating_sub(rss0)) as f64 / tables as f64,
        wal_max as f64 / 1e6,
        wal_end as f64 / 1e6,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn restart() {
    use tongiaki_server::online::store::{self, Mode, MoveRecord, SeatRecord, Status, TableRecord};
    let tables = env("RESTART_TABLES", 1000) as usize;
    let moves = env("RESTART_MOVES", 100) as usize;
    let db = temp_sqlite("restart");
    // Fill the store directly: tables in the middle of a game.
    let t0 = Instant::now();
    {
        let st = store::open(&db).await.unwrap();
        let mut pick = Pick(5);
        for i in 0..tables {
            let id = tongiaki_server::online::token::table_id();
            let rec = TableRecord {
                id: id.clone(),
                seats: 4,
                status: Status::Waiting,
                mode: Mode::Live,
                seed: i as u64,
                options: None,
                gone_after_secs: 120,
                turn_clock_secs: 120,
                created_ms: store::now_ms(),
                updated_ms: store::now_ms(),
                meet: store::Meet::default(),
            };
            let seats: Vec<SeatRecord> = (0..4)
                .map(|s| SeatRecord {
                    seat: s,
                    name: format!("P{s}"),
                    token: Some(tongiaki_server::online::token::seat_token()),
                    bot: None,
                    replaced: false,
                })
                .collect();
            st.create_table(&rec, &seats).await.unwrap();
            let options = json!({"players": [{"name": "P0"}, {"name": "P1"}, {"name": "P2"}, {"name": "P3"}], "seed": i});
            st.begin_game(&id, &options, &[], store::now_ms())
                .await
                .unwrap();
            let mut g = tongiaki::Game::from_options_json(&options).unwrap();
            for n in 0..moves {
                if g.is_over() {
                    break;
                }
                let legal = g.legal_actions();
                let a = legal[pick.index(legal.len())].clone();
                let seat = g.current().unwrap();
                g.apply(&a).unwrap();
                let m = MoveRecord {
                    n: n as u32,
                    seat,
                    action: a.to_json(),
                    by_bot: false,
                };
                st.append_move(&id, &m, g.is_over(), store::now_ms())
                    .await
                    .unwrap();
            }
        }
    }
    let filled = t0.elapsed();
    let path = db.trim_start_matches("sqlite:");
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);

    let t1 = Instant::now();
    let server = Child::start(&db, &[]);
    let up = t1.elapsed();
    let (_, stats) = get(server.addr, "/api/stats").await;
    assert_eq!(stats["stored"], tables as u64);
    // Every table back in memory (replayed through the engine).
    let ids: Vec<String> = {
        let url = db.clone();
        let st = store::open(&url).await.unwrap();
        drop(st);
        let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
        sqlx::query_scalar("SELECT id FROM tables")
            .fetch_all(&pool)
            .await
            .unwrap()
    };
    let t2 = Instant::now();
    let addr = server.addr;
    let mut loads = futures_util::stream::iter(ids.iter().cloned())
        .map(|id| async move { get(addr, &format!("/api/tables/{id}")).await.0 })
        .buffer_unordered(8);
    let mut ok = 0;
    while let Some(status) = loads.next().await {
        ok += (status == 200) as usize;
    }
    let all = t2.elapsed();
    let rss = rss_kib(server.child.id());
    println!(
        "restart: {tables} stored tables of {moves} moves (store {:.1} MB, filled in {:.1} s): \
         listening after {:.0} ms; all {ok} tables replayed and in memory after {:.1} s more \
         ({:.2} ms per table); server RSS then {} KiB ({:.1} KiB per table, no connections)",
        size as f64 / 1e6,
        filled.as_secs_f64(),
        up.as_secs_f64() * 1000.0,
        all.as_secs_f64(),
        all.as_secs_f64() * 1000.0 / tables as f64,
        rss,
        rss as f64 / tables as f64,
    );
    drop(server);
    remove_db(&db);
    assert_eq!(ok, tables);
}
