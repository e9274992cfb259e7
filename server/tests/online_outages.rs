//! Issue 29: the store fails, and nothing acknowledged is ever lost.
//!
//! A full disk: a real `tongiaki serve` keeps its SQLite tables on a small
//! filesystem of
//! their own (a tmpfs this test mounts and unmounts: it needs root, as CI
//! has; without it the test says so and passes), which is filled up while
//! tables are made and played. Every table answered 201 and every move
//! broadcast must be there after the server is killed and started again;
//! every write the full disk broke must have been refused (`store`) and
//! nothing of it kept; and once there is room again, writing works again.
//! (The old writer kept its connection after a failed table creation, in a
//! transaction SQLite had left open: every later write went into it, was
//! acknowledged, and was lost at the restart.)
//!
//! PostgreSQL away (stopped, or not answering): making or loading a table
//! is refused (`store`) within 2 s, not after the pool's 10 s; and the
//! server works again as soon as the database is back.

use crate::online_common::*;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmpfs of its own, unmounted (and its directory removed) when dropped.
struct Tmpfs {
    dir: PathBuf,
}

impl Tmpfs {
    /// Mounts a tmpfs of `size` (`mount -o size=…`); `None` if this process
    /// may not mount (not root).
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = std::env::temp_dir().join(format!(
            "tongiaki-full-{}-{}",
            std::process::id(),
            tongiaki_server::online::token::table_id()
        ));
        std::fs::create_dir_all(&dir).ok()?;
        let ok = Command::new("mount")
            .args([
                "-t",
                "tmpfs",
                "-o",
                &format!("size={size}"),
                "tongiaki-test",
            ])
            .arg(&dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            let _ = std::fs::remove_dir(&dir);
            return None;
        }
        Some(Tmpfs { dir })
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// Fills the filesystem at `dir` up to its last byte; the file that does.
fn fill(dir: &std::path::Path) -> PathBuf {
    let path = dir.join("filler");
    let mut f = std::fs::File::create(&path).unwrap();
    let block = vec![0u8; 16 * 1024];
    while f.write_all(&block).is_ok() {}
    // The last bytes, one at a time.
    while f.write_all(&[0]).is_ok() {}
    let _ = f.flush();
    path
}

/// A two-seat table being played, both seats connected.
struct Table {
    id: String,
    clients: Vec<Client>,
    state: Value,
}

impl Table {
    async fn new(addr: std::net::SocketAddr) -> Table {
        let (id, ana) = create(addr, json!({"seats": 2, "name": "Ana"})).await;
        let (_, bo) = join(addr, &id, "Bo").await;
        let mut a = Client::at(addr, &id, Some(&ana)).await;
        let mut b = Client::at(addr, &id, Some(&bo)).await;
        let state = a.recv_type("state").await;
        b.recv_type("state").await;
        Table {
            id,
            clients: vec![a, b],
            state,
        }
    }

    fn moves(&self) -> u64 {
        self.state["moves"].as_u64().unwrap()
    }

    /// The seat to act acts: `Ok` once both clients have the new state (the
    /// move is acknowledged), `Err` with the refusal.
    async fn step(&mut self, pick: &mut Pick) -> Result<(), Value> {
        let seat = self.state["snapshot"]["current"].as_u64().unwrap() as usize;
        let n = self.moves();
        let legal = self.state["legal"].as_array().unwrap();
        let action = legal[pick.index(legal.len())].clone();
        let c = &mut self.clients[seat];
        c.act(n, &action).await;
        loop {
            let v = c.recv().await;
            if v["type"] == "error" {
                return Err(v);
            }
            if v["type"] == "state" && v["moves"].as_u64() > Some(n) {
                self.state = v;
                break;
            }
        }
        // The other seat hears it too.
        self.clients[1 - seat].state_at(n + 1).await;
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_loses_nothing_acknowledged() {
    let Some(fs) = Tmpfs::mount("8m") else {
        eprintln!(
            "note: cannot mount a tmpfs (not root?): skipping the full disk \
             (CI runs it as root)"
        );
        return;
    };
    let db = format!("sqlite:{}", fs.dir.join("tables.db").display());
    let server = Child::start(&db, &["--turn-clock", "3600"]);
    let addr = server.addr;
    let mut pick = Pick(29);
    // Every table answered 201, with the seats taken in it as answered.
    let mut tables_acked: HashMap<String, u64> = HashMap::new();
    let mut refused = 0;
    // Each request from an address of its own (an address makes only so
    // many tables a minute).
    let mut next_from = 0u32;
    let mut from = move || {
        next_from += 1;
        std::net::IpAddr::from([
            127,
            0,
            3 + (next_from / 250) as u8,
            1 + (next_from % 250) as u8,
        ])
    };

    // Two games under way, and a few tables waiting.
    let mut games = vec![Table::new(addr).await, Table::new(addr).await];
    for g in &mut games {
        for _ in 0..6 {
            g.step(&mut pick).await.expect("room on the disk");
        }
    }
    for i in 0..8 {
        let id = create(addr, json!({"seats": 6, "name": format!("W{i}")}))
            .await
            .0;
        tables_acked.insert(id, 1);
    }

    // The disk fills up; tables are made and moves played for a while.
    let filler = fill(&fs.dir);
    let until = Instant::now() + Duration::from_secs(3);
    let mut i = 0;
    let waiting: Vec<String> = tables_acked.keys().cloned().collect();
    while Instant::now() < until {
        i += 1;
        // A table made, and a seat taken at a waiting one (each a
        // transaction of several statements).
        let body = json!({"seats": 6, "name": format!("F{i}")}).to_string();
        let (st, v) = http_from(from(), addr, "POST", "/api/tables", &body).await;
        match st {
            201 => {
                tables_acked.insert(v["table"].as_str().unwrap().to_string(), 1);
            }
            _ => {
                assert_eq!((st, v["code"].as_str()), (503, Some("store")), "{v}");
                refused += 1;
            }
        }
        let id = &waiting[i % waiting.len()];
        let body = json!({"name": format!("J{i}")}).to_string();
        let (st, v) = http_from(
            from(),
            addr,
            "POST",
            &format!("/api/tables/{id}/join"),
            &body,
        )
        .await;
        match st {
            200 => *tables_acked.get_mut(id).unwrap() += 1,
            409 if v["code"] == "table_full" => {}
            _ => {
                assert_eq!((st, v["code"].as_str()), (503, Some("store")), "{v}");
                refused += 1;
            }
        }
        for g in &mut games {
            if let Err(e) = g.step(&mut pick).await {
                assert_eq!(e["code"], "store", "{e}");
                refused += 1;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(refused > 0, "the disk was full: some writes were refused");

    // Room again: every write goes through again.
    std::fs::remove_file(&filler).unwrap();
    for i in 0..3 {
        let body = json!({"seats": 3, "name": format!("A{i}")}).to_string();
        let (st, v) = http_from(from(), addr, "POST", "/api/tables", &body).await;
        assert_eq!(st, 201, "room on the disk again: {v}");
        tables_acked.insert(v["table"].as_str().unwrap().to_string(), 1);
    }
    for g in &mut games {
        for _ in 0..6 {
            g.step(&mut pick).await.expect("room on the disk again");
        }
    }
    let moves_acked: HashMap<String, u64> =
        games.iter().map(|g| (g.id.clone(), g.moves())).collect();
    drop(games);

    // kill -9, and start again on the same files.
    server.kill();
    let server = Child::start(&db, &[]);
    let mut lost = Vec::new();
    for (id, seats) in &tables_acked {
        let (st, info) = table_info(server.addr, id).await;
        let taken = info["seats"]
            .as_array()
            .map_or(0, |s| s.iter().filter(|s| s["free"] != true).count() as u64);
        if st != 200 || taken != *seats {
            lost.push(format!(
                "table {id}: {seats} seats taken, after the restart {st} {taken}"
            ));
        }
    }
    for (id, moves) in &moves_acked {
        let (st, info) = table_info(server.addr, id).await;
        if st != 200 || info["moves"].as_u64() != Some(*moves) {
            lost.push(format!(
                "game {id}: {moves} moves acknowledged, {info} after the restart"
            ));
        }
    }
    eprintln!(
        "full disk: {} tables, {} seats and {} moves acknowledged, {refused} writes refused, lost: {lost:?}",
        tables_acked.len(),
        tables_acked.values().sum::<u64>(),
        moves_acked.values().sum::<u64>()
    );
    assert!(lost.is_empty(), "acknowledged but lost: {lost:?}");
    drop(server);
    drop(fs);
}

// ----- PostgreSQL away --------------------------------------------------------

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Db {
    Up,
    /// Stopped: connections close, new ones are closed at once.
    Stopped,
    /// Not answering: nothing gets through either way, nothing closes.
    Hung,
}

/// A TCP proxy in front of the database, which the test can stop or hang
/// (the database itself is shared with other tests).
struct Proxy {
    addr: std::net::SocketAddr,
    state: watch::Sender<Db>,
}

impl Proxy {
    async fn start(target: std::net::SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (state, rx) = watch::channel(Db::Up);
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let mut st = rx.clone();
                tokio::spawn(async move {
                    let now = *st.borrow();
                    match now {
                        Db::Stopped => {}
                        Db::Hung => {
                            // Held open, never answered, until it is over.
                            let _ = st.wait_for(|s| *s != Db::Hung).await;
                        }
                        Db::Up => {
                            let Ok(server) = TcpStream::connect(target).await else {
                                return;
                            };
                            let (cr, cw) = client.into_split();
                            let (sr, sw) = server.into_split();
                            tokio::join!(pipe(cr, sw, st.clone()), pipe(sr, cw, st));
                        }
                    }
                });
            }
        });
        Proxy { addr, state }
    }

    fn set(&self, s: Db) {
        self.state.send_replace(s);
    }
}

/// Copies `from` to `to` while the database is up; holds what it read
/// while it hangs; closes both when it stops.
async fn pipe(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut st: watch::Receiver<Db>,
) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        tokio::select! {
            r = from.read(&mut buf) => {
                let n = match r {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                match st.wait_for(|s| *s != Db::Hung).await.map(|s| *s) {
                    Ok(Db::Up) => {}
                    _ => return,
                }
                if to.write_all(&buf[..n]).await.is_err() {
                    return;
                }
            }
            _ = st.changed() => {
                if *st.borrow() == Db::Stopped {
                    return;
                }
            }
        }
    }
}

/// `url` with its host and port replaced by `addr`.
fn via(url: &str, addr: std::net::SocketAddr) -> (String, std::net::SocketAddr) {
    let (scheme, rest) = url.split_once("://").unwrap();
    let (creds, rest) = rest.rsplit_once('@').map_or(("", rest), |(c, r)| (c, r));
    let (hostport, path) = rest.split_once('/').unwrap();
    let target = hostport
        .parse()
        .expect("the test cluster is at an IP address");
    let at = if creds.is_empty() {
        String::new()
    } else {
        format!("{creds}@")
    };
    (format!("{scheme}://{at}{addr}/{path}"), target)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_away_is_answered_within_two_seconds() {
    let Some(base) = test_pg("the database away") else {
        return;
    };
    let url = fresh_pg(&base, "away");
    let (_, target) = via(&url, "127.0.0.1:1".parse().unwrap());
    let proxy = Proxy::start(target).await;
    let (proxied, _) = via(&url, proxy.addr);
    let s = server_on(&proxied, quick()).await;
    // Tables in the database that this server has not loaded (one for
    // each round), made by another hub straight on the database.
    let other = tongiaki_server::online::start(&url, quick()).await.unwrap();
    let mut unloaded = Vec::new();
    for name in ["Ana", "Bo"] {
        let body = serde_json::from_value(json!({"seats": 2, "name": name})).unwrap();
        unloaded.push(other.create(Some(body), None).await.unwrap().table);
    }
    for (away, unloaded) in [Db::Stopped, Db::Hung].into_iter().zip(unloaded) {
        proxy.set(away);
        let t = Instant::now();
        let (st, e) = post(s.addr, "/api/tables", json!({"seats": 2, "name": "Cy"})).await;
        let took = t.elapsed();
        assert_eq!(
            (st, e["code"].as_str()),
            (503, Some("store")),
            "{away:?}: {e}"
        );
        assert!(
            took < Duration::from_secs(2),
            "{away:?}: create answered after {took:?}"
        );
        let t = Instant::now();
        let (st, e) = table_info(s.addr, &unloaded).await;
        let took = t.elapsed();
        assert_eq!(
            (st, e["code"].as_str()),
            (503, Some("store")),
            "{away:?}: {e}"
        );
        assert!(
            took < Duration::from_secs(2),
            "{away:?}: load answered after {took:?}"
        );
        // Back: the server works again at once.
        proxy.set(Db::Up);
        let t = Instant::now();
        loop {
            let (st, _) = post(s.addr, "/api/tables", json!({"seats": 2, "name": "Di"})).await;
            if st == 201 {
                break;
            }
            assert!(t.elapsed() < Duration::from_secs(10), "{away:?}: not back");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(table_info(s.addr, &unloaded).await.0, 200);
    }
}
