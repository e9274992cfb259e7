//! Whole games at online tables: bots of every kind, and nothing sent while a
//! game is played holds its seed or the order of its pile; a restarted or
//! killed server loses nothing; a gone player, the turn clock, idle tables,
//! the engine's bound on one turn, turn-based tables; `serve`'s flags.

use crate::online_common::*;
use serde_json::{json, Value};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_with_bots_of_every_kind_and_no_leak() {
    let s = server(quick()).await;
    let (id, _, mut a) = create_seated(
        s.addr,
        json!({"seats": 4, "name": "Ana", "bots": {"1": "random", "2": "greedy", "3": "search"}}),
    )
    .await;
    let mut w = Client::at(s.addr, &id, None).await;
    let last = a.play_out(0, &mut Pick(7)).await;
    let moves = last["moves"].as_u64().unwrap();
    let wl = w.state_at(moves).await;
    assert_eq!(wl["snapshot"], last["snapshot"]);
    assert!(last["snapshot"]["ranking"].is_array());
    assert_eq!(last["legal"], json!([]));
    // Ana played fast: her bucket may be empty, so resend while rate-limited.
    let act = json!({"type": "act", "moves": moves, "action": {"type": "resettle"}});
    assert_eq!(a.refusal(act).await["code"], "game_over");

    let (st, info) = table_info(s.addr, &id).await;
    assert_eq!((st, info["status"].as_str()), (200, Some("over")));
    // Handed out, with all `moves` actions, and replayed to the last state.
    let (save, _) = replayed_save(s.addr, &id, &last).await;
    assert_eq!(save["format"], "tongiaki-save");
    check_no_leak(&save, &[&a.log, &w.log]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_has_every_table_as_it_was() {
    let db = temp_db("restart");
    let (id, ana, before) = {
        let s = server_on(&db, quick()).await;
        let (id, ana, mut a) = create_seated(
            s.addr,
            json!({"seats": 2, "name": "Ana", "bots": {"1": "greedy"}}),
        )
        .await;
        // Ana plays up to her first turn at move 12 or later.
        let st = a
            .play_while(0, &mut Pick(3), async |_, st| {
                st["moves"].as_u64().unwrap() < 12
            })
            .await;
        assert_eq!(st["snapshot"]["current"], 0, "{st}");
        (id, ana, st)
    };
    // A new hub on the same store.
    let s = server_on(&db, quick()).await;
    let (_, info) = table_info(s.addr, &id).await;
    assert_eq!(info["moves"], before["moves"]);
    let mut a = Client::at(s.addr, &id, Some(&ana)).await;
    let st = a.recv_type("state").await;
    assert_eq!(st["moves"], before["moves"]);
    assert_eq!(st["snapshot"], before["snapshot"]);
    assert_eq!(st["legal"], before["legal"]);
    assert_eq!(st["events"], before["events"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gone_player_is_replaced_by_a_bot_and_takes_the_seat_back() {
    let s = server(quick()).await;
    let (id, ana) = create(s.addr, json!({"seats": 2, "name": "Ana", "gone_after": 1})).await;
    let (_, bo) = join(s.addr, &id, "Bo").await;
    let mut a = Client::at(s.addr, &id, Some(&ana)).await;
    let st = a.recv_type("state").await;
    a.send(json!({"type": "replace", "seat": 1})).await;
    assert_eq!(a.error().await["code"], "not_gone");
    // Bo says hello and goes.
    drop(Client::at(s.addr, &id, Some(&bo)).await);
    tokio::time::sleep(Duration::from_millis(1300)).await;
    a.send(json!({"type": "replace", "seat": 9})).await;
    assert_eq!(a.error().await["code"], "bad_message");
    a.send(json!({"type": "replace", "seat": 1})).await;
    loop {
        let seats = a.recv_type("seats").await;
        if seats["seats"][1]["bot"] == "greedy" {
            assert_eq!(seats["seats"][1]["replaced"], true);
            break;
        }
    }
    // The bot plays Bo's setup move after Ana's.
    a.act(0, &st["legal"][0]).await;
    let st2 = a.state_at(2).await;
    assert_eq!(st2["snapshot"]["current"], 0);
    // Bo comes back: the seat is his again.
    let mut b = Client::at(s.addr, &id, Some(&bo)).await;
    let seats = b.recv_type("seats").await;
    assert_eq!(seats["seats"][1]["bot"], Value::Null);
    assert_eq!(seats["seats"][1]["replaced"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_clock_lets_a_bot_move_for_a_slow_player() {
    let s = server(quick()).await;
    let (_, _, mut a) = create_seated(
        s.addr,
        json!({"seats": 2, "name": "Ana", "bots": {"1": "random"}, "turn_clock": 1}),
    )
    .await;
    let st = a.recv_type("state").await;
    assert_eq!(st["moves"], 0);
    assert!(st["clock_ms"].as_u64().is_some_and(|ms| ms <= 1000));
    // Ana does nothing: after a second a bot places her ship.
    let st = a.state_at(1).await;
    assert_eq!(st["events"][0]["seat"], 0);
}

/// Issue 29: through the setup (R2) the engine's turn stays 0, and the
/// clock was armed once per (turn, seat): a table whose creator never came
/// stalled at move 2 (two seats) or 6 (six seats) for good. The clock runs
/// for every placement, and on into the first turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_clock_runs_through_the_setup() {
    let s = server(quick()).await;
    for seats in [2u64, 6] {
        let bots: serde_json::Map<String, Value> = (1..seats)
            .map(|k| (k.to_string(), json!("greedy")))
            .collect();
        let (id, _) = create(
            s.addr,
            json!({"seats": seats, "name": "Ana", "bots": bots, "turn_clock": 1}),
        )
        .await;
        // Ana never comes; a spectator watches.
        let mut w = Client::at(s.addr, &id, None).await;
        let st = w.state_at(2 * seats + 1).await;
        assert_ne!(st["snapshot"]["phase"], "setup", "{seats} seats: {st}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_tables_expire() {
    // Not zero: the server's own sweeper sweeps once as it starts, and
    // under load that sweep can come after the table is created (a table
    // idle for no time at all would then be gone before Ana's hello).
    let s = server(tongiaki_server::online::Config {
        live_expiry: Duration::from_millis(500),
        ..quick()
    })
    .await;
    let (id, _, mut a) = create_seated(s.addr, json!({"seats": 2, "name": "Ana"})).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    s.hub.sweep().await;
    assert_eq!(a.recv_type("expired").await["type"], "expired");
    let (st, e) = table_info(s.addr, &id).await;
    assert_eq!((st, e["code"].as_str()), (404, Some("no_table")));
}

/// Issue 29: tables nobody joins expire sooner than those being played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_tables_nobody_joins_expire_sooner() {
    let s = server(tongiaki_server::online::Config {
        waiting_expiry: Duration::from_millis(500),
        ..quick()
    })
    .await;
    let (waiting, _) = create(s.addr, json!({"seats": 3, "name": "Ana"})).await;
    let (playing, _, _) = two_players(&s).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    s.hub.sweep().await;
    assert_eq!(table_info(s.addr, &waiting).await.0, 404);
    assert_eq!(table_info(s.addr, &playing).await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_in_the_middle_of_a_game_loses_nothing_and_the_game_finishes() {
    let db = temp_db("kill");
    let server = Child::start(&db, &[]);
    let mut pick = Pick(11);
    // Ana acts 25 times; the last act is sent but not waited for. (A game
    // over before her 25th turn, about one in 250, has no middle to kill
    // in: then a new table.)
    let mut tables = 0;
    let (id, ana, mut a, st) = loop {
        tables += 1;
        assert!(tables <= 5, "five games over before Ana's 25th turn");
        let (id, ana, mut a) = create_seated(
            server.addr,
            json!({"seats": 3, "name": "Ana", "bots": {"1": "greedy", "2": "random"}}),
        )
        .await;
        let mut turns = 0;
        let st = a
            .play_while(0, &mut pick, async |_, _| {
                turns += 1;
                turns < 25
            })
            .await;
        if st["snapshot"]["phase"] != "over" {
            break (id, ana, a, st);
        }
    };
    a.act_random(&st, &mut pick).await;
    let seen = st["moves"].as_u64().unwrap();
    // Killed with the act just sent: it may or may not have been committed.
    server.kill();
    drop(a);

    let server = Child::start(&db, &[]);
    let (status, info) = table_info(server.addr, &id).await;
    assert_eq!(status, 200);
    assert_eq!(info["status"], "playing");
    assert!(info["moves"].as_u64().unwrap() >= seen);
    let mut a = Client::at(server.addr, &id, Some(&ana)).await;
    let last = a.play_out(0, &mut pick).await;
    let (_, g) = replayed_save(server.addr, &id, &last).await;
    assert!(g.is_over());
    // The moves before the kill are the ones the save starts with.
    let (_, info) = table_info(server.addr, &id).await;
    assert_eq!(info["status"], "over");
}

#[test]
fn serve_refuses_bad_flags_and_stores_it_does_not_have() {
    let www = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_tongiaki"))
            .arg("serve")
            .args(args)
            .arg("--www")
            .arg(&www)
            .output()
            .unwrap()
    };
    let out = run(&["--bogus", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["--port", "70000"]);
    assert_eq!(out.status.code(), Some(2));
    // A PostgreSQL server that is not there (port 1): a clear error.
    let out = run(&[
        "--port",
        "0",
        "--db",
        "postgres://u:secret@127.0.0.1:1/tongiaki",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot open postgres://u:***@127.0.0.1:1/tongiaki"),
        "{err}"
    );
    assert!(!err.contains("secret"), "{err}");
    let out = run(&["--port", "0", "--db", "mysql://x"]);
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 29: the run command (`tongiaki serve` without `--db`, started in
/// the repository) left `tongiaki.db` there. Without `--db` the tables go
/// to the user's data directory, which is made, and the server says where.
#[test]
fn without_db_the_tables_are_kept_out_of_the_current_directory() {
    use std::io::BufRead;
    let root = std::env::temp_dir().join(format!("tongiaki-nodb-{}", std::process::id()));
    let (cwd, home) = (root.join("repo"), root.join("home"));
    std::fs::create_dir_all(&cwd).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let www = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tongiaki"))
        .args(["serve", "--port", "0", "--www"])
        .arg(&www)
        .current_dir(&cwd)
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let mut said = Vec::new();
    for line in lines.by_ref() {
        let line = line.unwrap();
        let done = line.starts_with("http://");
        said.push(line);
        if done {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let expected = home.join(".local/share/tongiaki/tables.db");
    let listing: Vec<_> = std::fs::read_dir(&cwd)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    let kept = expected.exists();
    let _ = std::fs::remove_dir_all(&root);
    assert!(
        listing.is_empty(),
        "the current directory holds {listing:?}"
    );
    assert!(kept, "{} was not made", expected.display());
    assert!(
        said.iter()
            .any(|l| l.contains(&expected.display().to_string())),
        "the server says where the tables are: {said:?}"
    );
}

/// The engine bounds a turn itself (docs/rules.md#endless-play): a table
/// plays the recorded game whose chain reaches the bound, the seat to act
/// sends the decision that reaches it, and everyone gets the engine's
/// `limit_reached` event; the game goes on to its end as the rules say.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_at_the_engines_bound_ends_as_the_engine_says() {
    use tongiaki_server::online::store::{self, Mode, MoveRecord, SeatRecord, Status, TableRecord};
    let fixture = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/limit-turn-5p.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(fixture).unwrap()).unwrap();
    let actions = v["actions"].as_array().unwrap();
    // The decision that reaches the bound.
    let mut g = tongiaki::Game::from_options_json(&v["options"]).unwrap();
    let at = actions
        .iter()
        .position(|a| {
            let events = g.apply_json(a).unwrap();
            events
                .iter()
                .any(|e| matches!(e, tongiaki::GameEvent::LimitReached { .. }))
        })
        .unwrap();
    // A table in the store with the game played up to that decision.
    let db = temp_db("limit");
    let id = tongiaki_server::online::token::table_id();
    let tokens: Vec<String> = (0..5)
        .map(|_| tongiaki_server::online::token::seat_token())
        .collect();
    {
        let st = store::open(&db).await.unwrap();
        let now = store::now_ms();
        let rec = TableRecord {
            id: id.clone(),
            seats: 5,
            status: Status::Waiting,
            mode: Mode::Turn,
            seed: v["options"]["seed"].as_u64().unwrap(),
            options: None,
            gone_after_secs: 3600,
            turn_clock_secs: 0,
            created_ms: now,
            updated_ms: now,
            meet: store::Meet::default(),
        };
        let seats: Vec<SeatRecord> = v["options"]["players"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(s, p)| SeatRecord {
                seat: s as u8,
                name: p["name"].as_str().unwrap().to_string(),
                token: Some(tokens[s].clone()),
                bot: None,
                replaced: false,
            })
            .collect();
        st.create_table(&rec, &seats).await.unwrap();
        st.begin_game(&id, &v["options"], &[], now).await.unwrap();
        let mut g = tongiaki::Game::from_options_json(&v["options"]).unwrap();
        for (n, a) in actions[..at].iter().enumerate() {
            let seat = g.current().unwrap();
            g.apply_json(a).unwrap();
            let m = MoveRecord {
                n: n as u32,
                seat,
                action: a.clone(),
                by_bot: false,
            };
            st.append_move(&id, &m, false, now).await.unwrap();
        }
    }
    let s = server_on(&db, quick()).await;
    let mut w = Client::at(s.addr, &id, None).await;
    let mut st = w.recv_type("state").await;
    assert_eq!(st["moves"], at as u64);
    let mut players = Vec::new();
    for token in &tokens {
        players.push(Client::at(s.addr, &id, Some(token)).await);
    }
    for (n, a) in actions.iter().enumerate().skip(at) {
        let seat = st["snapshot"]["current"].as_u64().unwrap() as usize;
        players[seat].act(n as u64, a).await;
        st = w.state_at(n as u64 + 1).await;
        if n == at {
            let events = st["events"].as_array().unwrap();
            let limit = events
                .iter()
                .find(|e| e["type"] == "limit_reached")
                .unwrap_or_else(|| panic!("no limit_reached in {events:?}"));
            assert_eq!(limit["limit"], "turn");
            assert_eq!(limit["decisions"], tongiaki::game::MAX_TURN_DECISIONS);
            assert!(events.iter().any(|e| e["type"] == "island_removed"));
        }
    }
    // The rest of the recorded game played as recorded, to its end.
    assert_eq!(st["moves"], actions.len() as u64);
    assert_eq!(st["snapshot"]["phase"], "over");
    let (_, info) = table_info(s.addr, &id).await;
    assert_eq!(info["status"], "over");
    drop(s);
    remove_db(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_based_table_has_no_clock_and_a_long_absence() {
    let s = server(quick()).await;
    let (id, ana) = create(
        s.addr,
        json!({"seats": 2, "name": "Ana", "mode": "turn", "bots": {"1": "greedy"}}),
    )
    .await;
    let (_, info) = table_info(s.addr, &id).await;
    assert_eq!(info["mode"], "turn");
    assert_eq!(info["turn_clock"], 0);
    assert_eq!(info["gone_after"], 3 * 24 * 3600);
    assert_eq!(info["status"], "playing");
    let mut a = Client::at(s.addr, &id, Some(&ana)).await;
    let st = a.recv_type("state").await;
    assert_eq!(st["clock_ms"], Value::Null);
    // A watcher of a waiting table gets the seats, and no state yet.
    let (wid, _) = create(s.addr, json!({"seats": 2, "name": "Cy"})).await;
    let mut w = Client::at(s.addr, &wid, None).await;
    assert_eq!(w.recv_type("seats").await["type"], "seats");
    w.send(json!({"type": "ping"})).await;
    assert_eq!(w.recv().await["type"], "pong");
}
