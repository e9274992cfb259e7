//! The online tables against ONLINE.md: every endpoint and message, every
//! error code, races, limits, bots, restarts, and that nothing sent while a
//! game is played holds its seed or the order of its pile.

mod online_common;

use online_common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use tongiaki::{CardId, Game};

/// A 2-seat table with Ana (seat 0) and Bo (seat 1); the game has begun.
async fn two_players(s: &TestServer) -> (String, String, String) {
    let (id, ana) = create(s.addr, json!({"seats": 2, "name": "Ana"})).await;
    let (seat, bo) = join(s.addr, &id, "Bo").await;
    assert_eq!(seat, 1);
    (id, ana, bo)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_contract_create_join_begin_info_save() {
    let s = server(quick()).await;
    let (status, v) = post(
        s.addr,
        "/api/tables",
        json!({"seats": 3, "name": "Ana", "bots": {"2": "random"}}),
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(v["seat"], 0);
    let id = v["table"].as_str().unwrap().to_string();
    let token = v["token"].as_str().unwrap();
    assert!(token.len() * 4 >= 128, "a token holds at least 128 bits");

    let (status, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(info["table"], id.as_str());
    assert_eq!(info["status"], "waiting");
    assert_eq!(info["moves"], 0);
    assert_eq!(info["seats"][0]["name"], "Ana");
    assert_eq!(info["seats"][0]["bot"], Value::Null);
    assert_eq!(info["seats"][0]["connected"], false);
    assert_eq!(info["seats"][1]["name"], Value::Null);
    assert_eq!(info["seats"][2]["bot"], "random");

    // The last free seat taken: the game begins by itself.
    let (seat, _) = join(s.addr, &id, "Bo").await;
    assert_eq!(seat, 1);
    let (_, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(info["status"], "playing");
    assert_eq!(info["seats"][1]["name"], "Bo");
    assert!(!info.to_string().contains("seed"));

    let (status, e) = post(
        s.addr,
        &format!("/api/tables/{id}/join"),
        json!({"name": "Cy"}),
    )
    .await;
    assert_eq!((status, e["code"].as_str()), (409, Some("table_full")));
    let (status, e) = get(s.addr, &format!("/api/tables/{id}/save")).await;
    assert_eq!((status, e["code"].as_str()), (403, Some("not_over")));
    let (status, e) = post(
        s.addr,
        &format!("/api/tables/{id}/start"),
        json!({"token": token}),
    )
    .await;
    assert_eq!((status, e["code"].as_str()), (409, Some("already_started")));
    for key in ["code", "key", "message"] {
        assert!(e[key].is_string(), "{e}");
    }
}

/// A page on another site may embed a table (`<tongiaki-game table server>`):
/// the endpoints answer any origin, preflight included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_sites_may_call_the_endpoints() {
    let s = server(quick()).await;
    let preflight = format!(
        "OPTIONS /api/tables HTTP/1.1\r\nHost: {}\r\nOrigin: https://example.org\r\n\
         Access-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n\
         Connection: close\r\n\r\n",
        s.addr
    );
    let mut c = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    c.write_all(preflight.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    c.read_to_end(&mut buf).await.unwrap();
    let head = String::from_utf8_lossy(&buf).to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("access-control-allow-origin: *"), "{head}");
    assert!(head.contains("access-control-allow-methods"), "{head}");
    let (id, _) = create(s.addr, json!({"seats": 2, "name": "Ana"})).await;
    let get = format!(
        "GET /api/tables/{id} HTTP/1.1\r\nHost: {}\r\nOrigin: https://example.org\r\nConnection: close\r\n\r\n",
        s.addr
    );
    let mut c = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    c.write_all(get.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    c.read_to_end(&mut buf).await.unwrap();
    let head = String::from_utf8_lossy(&buf).to_ascii_lowercase();
    assert!(head.contains("access-control-allow-origin: *"), "{head}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_may_start_early_and_empty_seats_get_greedy_bots() {
    let s = server(quick()).await;
    let (id, ana) = create(s.addr, json!({"seats": 4, "name": "Ana"})).await;
    let (_, bo) = join(s.addr, &id, "Bo").await;
    let start = format!("/api/tables/{id}/start");
    let (status, e) = post(s.addr, &start, json!({"token": bo})).await;
    assert_eq!((status, e["code"].as_str()), (403, Some("not_creator")));
    let (status, e) = post(s.addr, &start, json!({"token": "0".repeat(48)})).await;
    assert_eq!((status, e["code"].as_str()), (403, Some("bad_token")));
    let (status, e) = post(s.addr, &start, json!({})).await;
    assert_eq!((status, e["code"].as_str()), (403, Some("bad_token")));
    let (status, _) = post(s.addr, &start, json!({"token": ana})).await;
    assert_eq!(status, 200);
    let (_, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(info["status"], "playing");
    assert_eq!(info["seats"][2]["bot"], "greedy");
    assert_eq!(info["seats"][3]["bot"], "greedy");
    assert_ne!(info["seats"][2]["name"], info["seats"][3]["name"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_refusals_change_nothing() {
    let s = server(quick()).await;
    let a = s.addr;
    let cases: Vec<(Value, u16, &str)> = vec![
        (json!({"seats": 7, "name": "Ana"}), 400, "bad_seats"),
        (json!({"seats": 1, "name": "Ana"}), 400, "bad_seats"),
        (json!({"seats": "2", "name": "Ana"}), 400, "bad_request"),
        (json!({"name": "Ana"}), 400, "bad_seats"),
        (json!({"seats": 2}), 400, "bad_name"),
        (json!({"seats": 2, "name": 5}), 400, "bad_name"),
        (json!({"seats": 2, "name": ""}), 400, "bad_name"),
        (
            json!({"seats": 2, "name": "\u{202E}\u{200B}\u{7} \n"}),
            400,
            "bad_name",
        ),
        (json!({"seats": 2, "name": "x".repeat(41)}), 400, "bad_name"),
        (
            json!({"seats": 2, "name": "Ana", "bots": {"0": "greedy"}}),
            400,
            "bad_bot",
        ),
        (
            json!({"seats": 2, "name": "Ana", "bots": {"2": "greedy"}}),
            400,
            "bad_bot",
        ),
        (
            json!({"seats": 2, "name": "Ana", "bots": {"1": "evil"}}),
            400,
            "bad_bot",
        ),
        (
            json!({"seats": 2, "name": "Ana", "bots": {"1": "search:5"}}),
            400,
            "bad_bot",
        ),
        (
            json!({"seats": 2, "name": "Ana", "bots": ["greedy"]}),
            400,
            "bad_bot",
        ),
        (
            json!({"seats": 2, "name": "Ana", "mode": "blitz"}),
            400,
            "bad_option",
        ),
        (
            json!({"seats": 2, "name": "Ana", "turn_clock": 0}),
            400,
            "bad_option",
        ),
        (
            json!({"seats": 2, "name": "Ana", "gone_after": -1}),
            400,
            "bad_request",
        ),
        (json!([1, 2]), 400, "bad_request"),
    ];
    for (body, status, code) in cases {
        let (st, e) = post(a, "/api/tables", body.clone()).await;
        assert_eq!(
            (st, e["code"].as_str()),
            (status, Some(code)),
            "{body}: {e}"
        );
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
        assert_eq!(e["key"], format!("online.{code}"));
    }
    let (st, e) = http(a, "POST", "/api/tables", "{\"seats\": 2,").await;
    assert_eq!((st, e["code"].as_str()), (400, Some("bad_request")));
    let big = format!("{{\"seats\": 2, \"name\": \"{}\"}}", "x".repeat(5000));
    let (st, e) = http(a, "POST", "/api/tables", &big).await;
    assert_eq!((st, e["code"].as_str()), (413, Some("too_large")));
    let (st, _) = raw(a, b"GARBAGE\r\n\r\n").await;
    assert_eq!(st / 100, 4);
    let (_, stats) = get(a, "/api/stats").await;
    assert_eq!(stats["stored"], 0, "no refused request stored a table");

    for path in [
        "/api/tables/abc",
        "/api/tables/aaaaaaaaaaaaaaaa",
        "/api/tables/..%2F..%2Fetc",
    ] {
        let (st, e) = get(a, path).await;
        assert_eq!((st, e["code"].as_str()), (404, Some("no_table")), "{path}");
    }
    let (st, e) = post(
        a,
        "/api/tables/aaaaaaaaaaaaaaaa/join",
        json!({"name": "Bo"}),
    )
    .await;
    assert_eq!((st, e["code"].as_str()), (404, Some("no_table")));
    // Any other path under /api is the server's JSON 404.
    let (st, e) = get(a, "/api/nothing").await;
    assert_eq!((st, e["code"].as_str()), (404, Some("not_found")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_plain_text_and_unique_at_the_table() {
    let s = server(quick()).await;
    let (id, _) = create(s.addr, json!({"seats": 3, "name": "  Ana\u{202E}  "})).await;
    let (st, e) = post(
        s.addr,
        &format!("/api/tables/{id}/join"),
        json!({"name": "ANA"}),
    )
    .await;
    assert_eq!((st, e["code"].as_str()), (409, Some("name_taken")));
    join(s.addr, &id, "<b>Bo</b>\u{200B}").await;
    let (_, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(info["seats"][0]["name"], "Ana");
    assert_eq!(info["seats"][1]["name"], "<b>Bo</b>");
    assert_eq!(info["status"], "waiting");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_contract_and_every_refusal() {
    let s = server(quick()).await;
    // not_started: a waiting table.
    let (wid, wtok) = create(s.addr, json!({"seats": 3, "name": "Ana"})).await;
    let mut w = Client::connect(s.addr, &wid).await;
    let welcome = w.hello(Some(&wtok)).await;
    assert_eq!(welcome["seat"], 0);
    let seats = w.recv_type("seats").await;
    assert_eq!(seats["status"], "waiting");
    w.act(0, &json!({"type": "setup_place", "beach": 0})).await;
    assert_eq!(w.error().await["code"], "not_started");
    // Someone joins: everyone hears of it.
    join(s.addr, &wid, "Bo").await;
    let seats = w.recv_type("seats").await;
    assert_eq!(seats["seats"][1]["name"], "Bo");

    let (id, ana, bo) = two_players(&s).await;
    let mut a = Client::connect(s.addr, &id).await;
    // Anything before hello.
    a.act(0, &json!({"type": "setup_place", "beach": 0})).await;
    assert_eq!(a.error().await["code"], "hello_first");
    a.send(json!({"type": "hello", "token": "nope"})).await;
    let e = a.error().await;
    assert_eq!(e["code"], "bad_token");
    for key in ["key", "message"] {
        assert!(e[key].is_string());
    }
    a.send(json!({"type": "hello", "token": 5})).await;
    assert_eq!(a.error().await["code"], "bad_token");
    let welcome = a.hello(Some(&ana)).await;
    assert_eq!(welcome["seat"], 0);
    let seats = a.recv_type("seats").await;
    assert_eq!(seats["status"], "playing");
    assert_eq!(seats["seats"][0]["connected"], true);
    let st = a.recv_type("state").await;
    assert_eq!(st["moves"], 0);
    assert_eq!(st["snapshot"]["phase"], "setup");
    assert_eq!(st["snapshot"]["current"], 0);
    assert!(st["legal"].as_array().is_some_and(|l| !l.is_empty()));
    assert!(st["events"].is_array());

    let mut b = Client::connect(s.addr, &id).await;
    assert_eq!(b.hello(Some(&bo)).await["seat"], 1);
    let seats = a.recv_type("seats").await;
    assert_eq!(seats["seats"][1]["connected"], true);
    let mut watcher = Client::connect(s.addr, &id).await;
    assert_eq!(watcher.hello(None).await["seat"], Value::Null);
    watcher.recv_type("state").await;

    let legal0 = st["legal"][0].clone();
    b.act(0, &legal0).await;
    assert_eq!(b.error().await["code"], "not_your_turn");
    watcher.act(0, &legal0).await;
    assert_eq!(watcher.error().await["code"], "bad_token");
    a.act(3, &legal0).await;
    assert_eq!(a.error().await["code"], "stale");
    a.act(0, &json!({"type": "setup_place"})).await;
    let e = a.error().await;
    assert_eq!(e["code"], "malformed_action");
    assert!(e["key"].as_str().unwrap().starts_with("malformed."));
    a.act(0, &json!("setup_place")).await;
    assert_eq!(a.error().await["code"], "malformed_action");
    a.send(json!({"type": "act", "moves": 0})).await;
    assert_eq!(a.error().await["code"], "malformed_action");
    a.act(
        0,
        &json!({"type": "place_card", "q": 0, "r": 0, "rotation": 0}),
    )
    .await;
    let e = a.error().await;
    assert_eq!(e["code"], "illegal_action");
    assert!(e["key"].as_str().unwrap().starts_with("illegal."));
    a.send(json!({"type": "act", "moves": -1, "action": legal0}))
        .await;
    assert_eq!(a.error().await["code"], "bad_message");
    a.send(json!({"type": "act", "moves": "0", "action": legal0}))
        .await;
    assert_eq!(a.error().await["code"], "bad_message");
    a.send(json!({"type": "dance"})).await;
    assert_eq!(a.error().await["code"], "bad_message");
    a.send(json!({"no": "type"})).await;
    assert_eq!(a.error().await["code"], "bad_message");
    a.send_raw(Message::Text("{not json".into())).await;
    assert_eq!(a.error().await["code"], "bad_message");
    a.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
    assert_eq!(a.error().await["code"], "bad_message");
    let pad = "x".repeat(20 * 1024);
    a.send(json!({"type": "act", "moves": 0, "action": legal0, "pad": pad}))
        .await;
    assert_eq!(a.error().await["code"], "too_large");
    a.send(json!({"type": "ping"})).await;
    assert_eq!(a.recv_type("pong").await["type"], "pong");
    let (_, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(info["moves"], 0, "no refused act changed anything");

    // An accepted act: everyone gets the new state with its events.
    a.act(0, &legal0).await;
    for c in [&mut a, &mut b, &mut watcher] {
        let st = c.state_at(1).await;
        assert_eq!(st["moves"], 1);
        assert_eq!(st["snapshot"]["current"], 1);
        assert_eq!(st["events"][0]["type"], "ship_placed");
    }
    a.act(1, &legal0).await;
    assert_eq!(a.error().await["code"], "not_your_turn");

    // Far too large: the connection is closed.
    a.send(json!({"type": "ping", "pad": "y".repeat(100 * 1024)}))
        .await;
    assert!(a.closed().await);
    let seats = b.recv_type("seats").await;
    assert_eq!(seats["seats"][0]["connected"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_acts_for_the_same_move_exactly_one_is_accepted() {
    let s = server(quick()).await;
    let (id, ana, bo) = two_players(&s).await;
    let mut clients = Vec::new();
    for tok in [&ana, &ana, &ana, &ana] {
        let mut c = Client::connect(s.addr, &id).await;
        c.hello(Some(tok)).await;
        c.recv_type("state").await;
        clients.push(c);
    }
    let mut b = Client::connect(s.addr, &id).await;
    b.hello(Some(&bo)).await;
    let st = b.recv_type("state").await;
    assert_eq!(st["action"], Value::Null, "no move yet");
    let legal = st["legal"].as_array().unwrap().clone();
    // Four connections of seat 0 send different legal acts for move 0 at once.
    let sends = clients.iter_mut().enumerate().map(|(i, c)| {
        let a = legal[i % legal.len()].clone();
        async move { c.act(0, &a).await }
    });
    futures_util::future::join_all(sends).await;
    // A connection's messages are answered in order: its act's answer comes
    // before the pong.
    let mut refused = 0;
    let mut saw_state = 0;
    for c in clients.iter_mut() {
        c.send(json!({"type": "ping"})).await;
        loop {
            let v = c.recv().await;
            match v["type"].as_str() {
                Some("pong") => break,
                Some("error") => {
                    assert!(
                        matches!(v["code"].as_str(), Some("stale" | "not_your_turn")),
                        "{v}"
                    );
                    refused += 1;
                }
                Some("state") if v["moves"] == 1 => saw_state += 1,
                _ => {}
            }
        }
    }
    assert_eq!(refused, 3, "exactly one of four acts accepted");
    let (_, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(info["moves"], 1);
    assert!(saw_state >= 1);
    let st = b.state_at(1).await;
    assert_eq!(st["moves"], 1);
    // The state names the move that was accepted, one of the four.
    assert!(legal.contains(&st["action"]), "{}", st["action"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn message_rates_are_bounded() {
    let s = server(quick()).await;
    let (id, _ana, _bo) = two_players(&s).await;
    let mut w = Client::connect(s.addr, &id).await;
    w.hello(None).await;
    for _ in 0..90 {
        w.send(json!({"type": "ping"})).await;
    }
    let mut limited = 0;
    let mut pongs = 0;
    while limited + pongs < 90 {
        let v = w.recv().await;
        match v["type"].as_str() {
            Some("pong") => pongs += 1,
            Some("error") => {
                assert_eq!(v["code"], "rate_limited");
                limited += 1;
            }
            _ => {}
        }
    }
    assert!(
        limited > 0 && pongs >= 59,
        "{limited} limited, {pongs} pongs"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_per_address_are_bounded() {
    let s = server(tongiaki_server::online::Config {
        max_ws_per_addr: 2,
        ..quick()
    })
    .await;
    let (id, _, _) = two_players(&s).await;
    let _a = Client::connect(s.addr, &id).await;
    let _b = Client::connect(s.addr, &id).await;
    let third =
        tokio_tungstenite::connect_async(format!("ws://{}/api/tables/{id}/ws", s.addr)).await;
    assert!(
        third.is_err(),
        "a third connection from one address is refused"
    );
    drop(_a);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let _c = Client::connect(s.addr, &id).await;
}

/// The cards whose ids and names may not appear before they are seen.
fn hidden_cards(g: &Game) -> Vec<CardId> {
    let snap = g.snapshot_json();
    let text = snap.to_string();
    CardId::all()
        .filter(|c| !text.contains(&format!("\"{}\"", c.key())))
        .collect()
}

/// Nothing sent at move k names a card still in the pile at move k, holds
/// the seed, or the options.
fn check_no_leak(save: &Value, logs: &[&Vec<String>]) {
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

/// Plays seat `seat` with random legal actions until the game is over
/// (or, with `stop`, until it has acted that often).
async fn play(c: &mut Client, seat: u64, pick: &mut Pick, stop: Option<usize>) -> Value {
    let mut last = Value::Null;
    let mut acted = 0;
    loop {
        let v = c.recv().await;
        match v["type"].as_str() {
            Some("state") => last = v,
            Some("error") if v["code"] == "rate_limited" => {
                // Faster than a person: wait, then answer the last state again.
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            Some("error") => panic!("refused: {v}"),
            _ => continue,
        }
        if last["snapshot"]["phase"] == "over" {
            return last;
        }
        if last["snapshot"]["current"] == seat {
            let legal = last["legal"].as_array().unwrap();
            let a = legal[pick.index(legal.len())].clone();
            c.act(last["moves"].as_u64().unwrap(), &a).await;
            acted += 1;
            if stop == Some(acted) {
                return last;
            }
        }
    }
}

async fn play_out(c: &mut Client, seat: u64, pick: &mut Pick) -> Value {
    play(c, seat, pick, None).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_with_bots_of_every_kind_and_no_leak() {
    let s = server(quick()).await;
    let (id, ana) = create(
        s.addr,
        json!({"seats": 4, "name": "Ana", "bots": {"1": "random", "2": "greedy", "3": "search"}}),
    )
    .await;
    let mut a = Client::connect(s.addr, &id).await;
    a.hello(Some(&ana)).await;
    let mut w = Client::connect(s.addr, &id).await;
    w.hello(None).await;
    let last = play_out(&mut a, 0, &mut Pick(7)).await;
    let moves = last["moves"].as_u64().unwrap();
    let wl = w.state_at(moves).await;
    assert_eq!(wl["snapshot"], last["snapshot"]);
    assert!(last["snapshot"]["ranking"].is_array());
    assert_eq!(last["legal"], json!([]));
    a.act(moves, &json!({"type": "resettle"})).await;
    assert_eq!(a.error().await["code"], "game_over");

    let (st, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!((st, info["status"].as_str()), (200, Some("over")));
    let (st, save) = get(s.addr, &format!("/api/tables/{id}/save")).await;
    assert_eq!(st, 200);
    assert_eq!(save["format"], "tongiaki-save");
    assert_eq!(save["actions"].as_array().unwrap().len() as u64, moves);
    let g = Game::load(&save.to_string()).unwrap();
    assert_eq!(
        g.snapshot_json(),
        last["snapshot"],
        "the save replays the game"
    );
    check_no_leak(&save, &[&a.log, &w.log]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_has_every_table_as_it_was() {
    let db = temp_db("restart");
    let (id, ana, before) = {
        let s = server_on(&db, quick()).await;
        let (id, ana) = create(
            s.addr,
            json!({"seats": 2, "name": "Ana", "bots": {"1": "greedy"}}),
        )
        .await;
        let mut a = Client::connect(s.addr, &id).await;
        a.hello(Some(&ana)).await;
        let mut pick = Pick(3);
        let mut st = a.recv_type("state").await;
        while st["moves"].as_u64().unwrap() < 12 || st["snapshot"]["current"] != 0 {
            if st["snapshot"]["current"] == 0 {
                let legal = st["legal"].as_array().unwrap();
                a.act(
                    st["moves"].as_u64().unwrap(),
                    &legal[pick.index(legal.len())],
                )
                .await;
            }
            st = a.recv_type("state").await;
        }
        (id, ana, st)
    };
    // A new hub on the same store.
    let s = server_on(&db, quick()).await;
    let (_, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(info["moves"], before["moves"]);
    let mut a = Client::connect(s.addr, &id).await;
    a.hello(Some(&ana)).await;
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
    let mut a = Client::connect(s.addr, &id).await;
    a.hello(Some(&ana)).await;
    let st = a.recv_type("state").await;
    a.send(json!({"type": "replace", "seat": 1})).await;
    assert_eq!(a.error().await["code"], "not_gone");
    {
        let mut b = Client::connect(s.addr, &id).await;
        b.hello(Some(&bo)).await;
    }
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
    let mut b = Client::connect(s.addr, &id).await;
    b.hello(Some(&bo)).await;
    let seats = b.recv_type("seats").await;
    assert_eq!(seats["seats"][1]["bot"], Value::Null);
    assert_eq!(seats["seats"][1]["replaced"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_clock_lets_a_bot_move_for_a_slow_player() {
    let s = server(quick()).await;
    let (id, ana) = create(
        s.addr,
        json!({"seats": 2, "name": "Ana", "bots": {"1": "random"}, "turn_clock": 1}),
    )
    .await;
    let mut a = Client::connect(s.addr, &id).await;
    a.hello(Some(&ana)).await;
    let st = a.recv_type("state").await;
    assert_eq!(st["moves"], 0);
    assert!(st["clock_ms"].as_u64().is_some_and(|ms| ms <= 1000));
    // Ana does nothing: after a second a bot places her ship.
    let st = a.state_at(1).await;
    assert_eq!(st["events"][0]["seat"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_tables_expire() {
    let s = server(tongiaki_server::online::Config {
        live_expiry: Duration::ZERO,
        ..quick()
    })
    .await;
    let (id, ana) = create(s.addr, json!({"seats": 2, "name": "Ana"})).await;
    let mut a = Client::connect(s.addr, &id).await;
    a.hello(Some(&ana)).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    s.hub.sweep().await;
    assert_eq!(a.recv_type("expired").await["type"], "expired");
    let (st, e) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!((st, e["code"].as_str()), (404, Some("no_table")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_in_the_middle_of_a_game_loses_nothing_and_the_game_finishes() {
    let db = temp_db("kill");
    let server = Child::start(&db, &[]);
    let (id, ana) = create(
        server.addr,
        json!({"seats": 3, "name": "Ana", "bots": {"1": "greedy", "2": "random"}}),
    )
    .await;
    let mut a = Client::connect(server.addr, &id).await;
    a.hello(Some(&ana)).await;
    let mut pick = Pick(11);
    // Ana acts 25 times; the last act is sent but not waited for.
    let st = play(&mut a, 0, &mut pick, Some(25)).await;
    let seen = st["moves"].as_u64().unwrap();
    // Killed with the act just sent: it may or may not have been committed.
    server.kill();
    drop(a);

    let server = Child::start(&db, &[]);
    let (status, info) = get(server.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(info["status"], "playing");
    assert!(info["moves"].as_u64().unwrap() >= seen);
    let mut a = Client::connect(server.addr, &id).await;
    a.hello(Some(&ana)).await;
    let last = play_out(&mut a, 0, &mut pick).await;
    let (status, save) = get(server.addr, &format!("/api/tables/{id}/save")).await;
    assert_eq!(status, 200);
    let g = Game::load(&save.to_string()).unwrap();
    assert!(g.is_over());
    assert_eq!(g.snapshot_json(), last["snapshot"]);
    // The moves before the kill are the ones the save starts with.
    let (_, info) = get(server.addr, &format!("/api/tables/{id}")).await;
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
    let mut w = Client::connect(s.addr, &id).await;
    w.hello(None).await;
    let mut st = w.recv_type("state").await;
    assert_eq!(st["moves"], at as u64);
    let mut players = Vec::new();
    for token in &tokens {
        let mut c = Client::connect(s.addr, &id).await;
        c.hello(Some(token)).await;
        players.push(c);
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
    let (_, info) = get(s.addr, &format!("/api/tables/{id}")).await;
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
    let (_, info) = get(s.addr, &format!("/api/tables/{id}")).await;
    assert_eq!(info["mode"], "turn");
    assert_eq!(info["turn_clock"], 0);
    assert_eq!(info["gone_after"], 3 * 24 * 3600);
    assert_eq!(info["status"], "playing");
    let mut a = Client::connect(s.addr, &id).await;
    a.hello(Some(&ana)).await;
    let st = a.recv_type("state").await;
    assert_eq!(st["clock_ms"], Value::Null);
    // A watcher of a waiting table gets the seats, and no state yet.
    let (wid, _) = create(s.addr, json!({"seats": 2, "name": "Cy"})).await;
    let mut w = Client::connect(s.addr, &wid).await;
    w.hello(None).await;
    assert_eq!(w.recv().await["type"], "seats");
    w.send(json!({"type": "ping"})).await;
    assert_eq!(w.recv().await["type"], "pong");
}
