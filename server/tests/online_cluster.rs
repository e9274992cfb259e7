//! Two real `tongiaki serve` processes on one PostgreSQL database (issue 13;
//! ONLINE.md "--db postgres://"): players on either play at the same table,
//! a process killed -9 loses nothing (its clients move to the other), of
//! two acts for the same move through different processes exactly one is
//! accepted, and bots move once. Needs `TONGIAKI_TEST_PG` (scripts/test.sh
//! starts a throwaway cluster); without it each test prints a note and
//! passes.

use crate::online_common::*;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Two processes on a fresh database.
fn two_processes(what: &str) -> Option<(Child, Child)> {
    let base = test_pg(what)?;
    let db = fresh_pg(&base, "cluster");
    Some((Child::start(&db, &[]), Child::start(&db, &[])))
}

/// What one client saw of a game: the snapshot at every move count, which
/// must be the same whichever process sent it.
#[derive(Default)]
struct Seen {
    snapshots: BTreeMap<u64, Value>,
    last: Value,
    reconnects: usize,
}

impl Seen {
    fn state(&mut self, v: &Value) {
        let m = v["moves"].as_u64().unwrap();
        if let Some(s) = self.snapshots.get(&m) {
            assert_eq!(s, &v["snapshot"], "move {m}: two different states");
        }
        self.snapshots.insert(m, v["snapshot"].clone());
        self.last = v.clone();
    }
}

/// Every move count two clients both saw has the same snapshot.
fn agree(a: &Seen, b: &Seen) -> usize {
    let mut common = 0;
    for (m, s) in &a.snapshots {
        if let Some(t) = b.snapshots.get(m) {
            assert_eq!(s, t, "move {m} differs between two clients");
            common += 1;
        }
    }
    common
}

/// Plays `seat` (or watches, with no token) at `addrs[0]`; when that
/// process goes away, reconnects to `addrs[1]` and plays on. Returns at the
/// end of the game. `max` holds the highest move count any client saw.
async fn player(
    addrs: [SocketAddr; 2],
    id: String,
    token: Option<String>,
    seat: Option<u64>,
    seed: u64,
    max: Arc<AtomicU64>,
) -> Seen {
    let mut seen = Seen::default();
    let mut pick = Pick(seed);
    for &addr in &addrs {
        let Some(mut c) = Client::try_connect(addr, &id).await else {
            seen.reconnects += 1;
            continue;
        };
        c.send(json!({"type": "hello", "token": token})).await;
        let mut acted_for = None;
        while let Some(heard) = c.heard().await {
            match heard {
                Heard::State(v) => {
                    seen.state(&v);
                    max.fetch_max(v["moves"].as_u64().unwrap(), Ordering::Relaxed);
                }
                // Refused for the message rate (the pause is over): answer
                // the last state again.
                Heard::Slowed => acted_for = None,
                Heard::Refused(v) => {
                    // A state seen twice (resent after a reload) may be
                    // answered twice: the second act is refused.
                    let code = v["code"].as_str().unwrap_or("");
                    assert!(matches!(code, "stale" | "not_your_turn"), "{v}");
                    continue;
                }
            }
            let st = &seen.last;
            if st["snapshot"]["phase"] == "over" {
                return seen;
            }
            let m = st["moves"].as_u64().unwrap();
            if seat.is_some() && st["snapshot"]["current"] == seat.unwrap() && acted_for != Some(m)
            {
                c.act_random(st, &mut pick).await;
                acted_for = Some(m);
            }
        }
        seen.reconnects += 1;
    }
    panic!("no process left to play on");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_on_two_processes_one_killed_midway_finish_the_game() {
    let Some((p1, p2)) = two_processes("three players on two processes") else {
        return;
    };
    let (a1, a2) = (p1.addr, p2.addr);
    // Created on one process, joined on both: the game begins by itself.
    let (id, ana) = create(a1, json!({"seats": 3, "name": "Ana"})).await;
    let (_, bo) = join(a2, &id, "Bo").await;
    let (_, cy) = join(a1, &id, "Cy").await;
    // The other process hears that the game began.
    let t0 = Instant::now();
    while table_info(a2, &id).await.1["status"] != "playing" {
        assert!(t0.elapsed() < WAIT, "the game begins on both processes");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    eprintln!(
        "the beginning reached the other process after {:?}",
        t0.elapsed()
    );

    // Ana on the first process sees Bo and Cy, on the second, connected.
    let mut a = Client::at(a1, &id, Some(&ana)).await;
    let st = a.recv_type("state").await;
    let mut b = Client::at(a2, &id, Some(&bo)).await;
    let c = Client::at(a2, &id, Some(&cy)).await;
    let t0 = Instant::now();
    loop {
        let s = a.recv_type("seats").await;
        if (0..3).all(|i| s["seats"][i]["connected"] == true) {
            break;
        }
    }
    eprintln!("presence across processes after {:?}", t0.elapsed());
    // A move through one process reaches the other's clients.
    assert_eq!(st["snapshot"]["current"], 0);
    let t0 = Instant::now();
    a.act(0, &st["legal"][0]).await;
    assert_eq!(b.state_at(1).await["action"], st["legal"][0]);
    eprintln!(
        "act on one process to a client of the other: {:?}",
        t0.elapsed()
    );
    drop((a, b, c));

    let max = Arc::new(AtomicU64::new(0));
    let ana_t = tokio::spawn(player(
        [a1, a2],
        id.clone(),
        Some(ana),
        Some(0),
        1,
        max.clone(),
    ));
    let bo_t = tokio::spawn(player(
        [a2, a1],
        id.clone(),
        Some(bo),
        Some(1),
        2,
        max.clone(),
    ));
    let cy_t = tokio::spawn(player(
        [a2, a1],
        id.clone(),
        Some(cy),
        Some(2),
        3,
        max.clone(),
    ));
    // Midway, the second process is killed -9.
    let t0 = Instant::now();
    while max.load(Ordering::Relaxed) < 40 {
        assert!(t0.elapsed() < WAIT * 3, "the game goes on");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    p2.kill();
    let (sa, sb, sc) = (
        ana_t.await.unwrap(),
        bo_t.await.unwrap(),
        cy_t.await.unwrap(),
    );
    assert_eq!(sb.reconnects, 1, "Bo moved to the other process");
    assert_eq!(sc.reconnects, 1, "Cy moved to the other process");
    assert_eq!(sa.reconnects, 0);
    assert!(agree(&sa, &sb) > 0 && agree(&sa, &sc) > 0 && agree(&sb, &sc) > 0);
    assert_eq!(sa.last["snapshot"], sb.last["snapshot"]);
    assert_eq!(sa.last["snapshot"], sc.last["snapshot"]);
    let moves = sa.last["moves"].as_u64().unwrap();
    assert!(moves > 40);
    let (_, g) = replayed_save(a1, &id, &sa.last).await;
    assert!(g.is_over());
}

/// One connection at a table, and the newest state it has seen.
struct Conn {
    c: Client,
    last: Value,
}

impl Conn {
    /// The first state with at least `min` moves where seat 0 is to act
    /// (or the game is over).
    async fn turn(&mut self, min: u64) -> Value {
        loop {
            let l = &self.last;
            if l["type"] == "state"
                && l["moves"].as_u64().unwrap() >= min
                && (l["snapshot"]["current"] == 0 || l["snapshot"]["phase"] == "over")
            {
                return l.clone();
            }
            self.last = self.c.recv_type("state").await;
        }
    }

    /// Sends a ping and reads up to its pong: the errors on the way.
    async fn settle(&mut self) -> Vec<Value> {
        let mut errors = Vec::new();
        for v in self.c.until_pong().await {
            match v["type"].as_str() {
                Some("error") => errors.push(v),
                Some("state") => self.last = v,
                _ => {}
            }
        }
        errors
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_acts_for_the_same_move_on_two_processes_exactly_one_is_accepted() {
    let Some((p1, p2)) = two_processes("two acts on two processes") else {
        return;
    };
    let mut rounds = 0;
    let mut tables = 0;
    while rounds < 50 {
        // Ana against a random bot; Ana connected to both processes.
        let (id, ana) = create(
            p1.addr,
            json!({"seats": 2, "name": "Ana", "bots": {"1": "random"}}),
        )
        .await;
        tables += 1;
        let mut conns = Vec::new();
        for addr in [p1.addr, p2.addr] {
            conns.push(Conn {
                c: Client::at(addr, &id, Some(&ana)).await,
                last: Value::Null,
            });
        }
        let mut next = 0;
        while rounds < 50 {
            // Both connections at the same state, seat 0 to act.
            let mut x = conns[0].turn(next).await;
            let mut y = conns[1].turn(next).await;
            while x["moves"] != y["moves"] {
                if x["moves"].as_u64() < y["moves"].as_u64() {
                    x = conns[0].turn(y["moves"].as_u64().unwrap()).await;
                } else {
                    y = conns[1].turn(x["moves"].as_u64().unwrap()).await;
                }
            }
            if x["snapshot"]["phase"] == "over" {
                break;
            }
            let m = x["moves"].as_u64().unwrap();
            let legal = x["legal"].as_array().unwrap().clone();
            let (ax, ay) = (&legal[0], &legal[legal.len() - 1]);
            // At the same moment, through different processes.
            // (Two messages a round per connection: paced under the
            // server's 20 a second.)
            tokio::time::sleep(Duration::from_millis(150)).await;
            let [cx, cy] = &mut conns[..] else {
                unreachable!()
            };
            tokio::join!(cx.c.act(m, ax), cy.c.act(m, ay));
            let (ex, ey) = tokio::join!(cx.settle(), cy.settle());
            let refused: Vec<&Value> = ex.iter().chain(ey.iter()).collect();
            assert_eq!(refused.len(), 1, "round {rounds}: {refused:?}");
            assert!(
                matches!(refused[0]["code"].as_str(), Some("stale" | "not_your_turn")),
                "{}",
                refused[0]
            );
            // Both connections get the one accepted move.
            for conn in [&mut *cx, &mut *cy] {
                if conn.last["moves"].as_u64() < Some(m + 1) {
                    conn.last = conn.c.state_at(m + 1).await;
                }
            }
            let (sx, sy) = (&cx.last, &cy.last);
            if sx["moves"] == m + 1 && sy["moves"] == m + 1 {
                assert_eq!(sx["snapshot"], sy["snapshot"]);
                let accepted = &sx["action"];
                assert!(accepted == ax || accepted == ay, "{accepted}");
            }
            next = m + 1;
            rounds += 1;
        }
        // The stored log agrees: each of Ana's moves once.
        let (_, info) = table_info(p2.addr, &id).await;
        assert!(info["moves"].as_u64().unwrap() >= next);
    }
    eprintln!("{rounds} races on {tables} table(s)");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_move_once_with_two_processes() {
    let Some((p1, p2)) = two_processes("bots with two processes") else {
        return;
    };
    let (id, ana) = create(
        p1.addr,
        json!({"seats": 4, "name": "Ana", "bots": {"1": "random", "2": "greedy", "3": "greedy"}}),
    )
    .await;
    let (_, info) = table_info(p2.addr, &id).await;
    assert_eq!(info["status"], "playing");
    // Both processes have the table (a spectator on each): both run its bots.
    let max = Arc::new(AtomicU64::new(0));
    let w1 = tokio::spawn(player(
        [p1.addr, p1.addr],
        id.clone(),
        None,
        None,
        0,
        max.clone(),
    ));
    let w2 = tokio::spawn(player(
        [p2.addr, p2.addr],
        id.clone(),
        None,
        None,
        0,
        max.clone(),
    ));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let sa = player(
        [p2.addr, p2.addr],
        id.clone(),
        Some(ana),
        Some(0),
        5,
        max.clone(),
    )
    .await;
    let (s1, s2) = (w1.await.unwrap(), w2.await.unwrap());
    for s in [&s1, &s2] {
        assert_eq!(s.reconnects, 0);
        assert_eq!(s.last["snapshot"], sa.last["snapshot"]);
    }
    // Clients of both processes saw the same state at every move count they
    // both saw: no process told its clients of a bot's move that lost.
    assert!(agree(&s1, &s2) > 10);
    assert!(agree(&sa, &s1) > 10);
    replayed_save(p1.addr, &id, &sa.last).await;
}

/// A process that dies says no goodbye: the seats its clients held count
/// as left once its presence reports stop (hub/cluster.rs, 16 s), so the
/// others may hand them to a bot later.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_players_of_a_dead_process_count_as_gone() {
    let Some((p1, p2)) = two_processes("presence after a kill") else {
        return;
    };
    let (id, ana) = create(p1.addr, json!({"seats": 2, "name": "Ana"})).await;
    let (_, bo) = join(p2.addr, &id, "Bo").await;
    let mut a = Client::at(p1.addr, &id, Some(&ana)).await;
    let b = Client::at(p2.addr, &id, Some(&bo)).await;
    loop {
        let s = a.recv_type("seats").await;
        if s["seats"][1]["connected"] == true {
            break;
        }
    }
    p2.kill();
    drop(b);
    let t0 = Instant::now();
    let mut seats = Value::Null;
    while seats["seats"][1]["connected"] != false {
        assert!(t0.elapsed() < Duration::from_secs(40), "{seats}");
        tokio::time::sleep(Duration::from_millis(500)).await;
        // Ask, so that an answer comes even when nothing changes.
        for v in a.until_pong().await {
            if v["type"] == "seats" {
                seats = v;
            }
        }
    }
    let gone = t0.elapsed();
    eprintln!("a dead process's player counted as left after {gone:?}");
    assert!(
        gone >= Duration::from_secs(10),
        "not before its reports lapse"
    );
    let (_, info) = table_info(p1.addr, &id).await;
    assert_eq!(info["seats"][1]["connected"], false);
    assert_eq!(info["seats"][0]["connected"], true);
}
