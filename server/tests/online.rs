//! The online tables against ONLINE.md: every endpoint and message, every
//! error code, races and limits. Whole games (bots, restarts, gone players,
//! clocks, expiry, kill -9, the engine's bound, no leak of the seed or the
//! pile's order) are in `online_games.rs`.

use crate::online_common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

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

    let (status, info) = table_info(s.addr, &id).await;
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
    let (_, info) = table_info(s.addr, &id).await;
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
    let (status, e) = table_save(s.addr, &id).await;
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
    let head = raw_text(s.addr, preflight.as_bytes())
        .await
        .to_ascii_lowercase();
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("access-control-allow-origin: *"), "{head}");
    assert!(head.contains("access-control-allow-methods"), "{head}");
    let (id, _) = create(s.addr, json!({"seats": 2, "name": "Ana"})).await;
    let get = format!(
        "GET /api/tables/{id} HTTP/1.1\r\nHost: {}\r\nOrigin: https://example.org\r\nConnection: close\r\n\r\n",
        s.addr
    );
    let head = raw_text(s.addr, get.as_bytes()).await.to_ascii_lowercase();
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
    let (_, info) = table_info(s.addr, &id).await;
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
    let (_, info) = table_info(s.addr, &id).await;
    assert_eq!(info["seats"][0]["name"], "Ana");
    assert_eq!(info["seats"][1]["name"], "<b>Bo</b>");
    assert_eq!(info["status"], "waiting");
}

/// Issue 29: names that hold no visible letter, number, punctuation or
/// symbol are refused, and names that differ only by case folding are one
/// name ("STRASSE" beside "straße" was accepted).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_unique_by_case_folding_and_of_an_allow_list() {
    let s = server(quick()).await;
    let (id, _) = create(s.addr, json!({"seats": 4, "name": "straße"})).await;
    for taken in ["STRASSE", "Strasse", "STRAẞE"] {
        let (st, e) = post(
            s.addr,
            &format!("/api/tables/{id}/join"),
            json!({"name": taken}),
        )
        .await;
        assert_eq!(
            (st, e["code"].as_str()),
            (409, Some("name_taken")),
            "{taken}"
        );
    }
    for bad in [
        "Bo\u{1BCA0}",
        "\u{0301}Bo",
        "Bo\u{FFFC}",
        "Bo\u{E000}",
        "Bo\u{FDD0}",
        "Bo\u{0378}",
    ] {
        let (st, e) = post(
            s.addr,
            &format!("/api/tables/{id}/join"),
            json!({"name": bad}),
        )
        .await;
        assert_eq!(
            (st, e["code"].as_str()),
            (400, Some("bad_name")),
            "{bad:?}: {e}"
        );
    }
    join(s.addr, &id, "Zoë 🌊").await;
    let (_, info) = table_info(s.addr, &id).await;
    assert_eq!(info["seats"][1]["name"], "Zoë 🌊");
    assert!(info["seats"][2]["free"].as_bool().unwrap());
}

/// A string holds no control or bidi character (an echo may show U+FFFD
/// where there was one).
fn plain(s: &str) -> bool {
    !s.chars().any(|c| {
        c.is_control()
            || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    })
}

/// Every string in a refusal (its message and arguments) is short and plain.
fn short_and_plain(e: &Value, what: &str) {
    let text = e.to_string();
    assert!(text.len() < 800, "{what}: {} bytes: {text}", text.len());
    let mut strings = vec![e["message"].as_str().unwrap().to_string()];
    if let Some(args) = e["args"].as_object() {
        for v in args.values() {
            if let Some(s) = v.as_str() {
                strings.push(s.to_string());
            }
        }
    }
    for s in strings {
        assert!(plain(&s), "{what}: {s:?}");
    }
}

/// Issue 29: `bad_bot` echoed 3,565 characters of input, and the engine's
/// echoes kept U+202E and U+0000. Every echo, the server's and the
/// engine's, over HTTP and the WebSocket, is short and plain.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_echo_is_short_and_plain() {
    let s = server(quick()).await;
    let evil = "gr\u{202E}eedy\u{0}\u{1b}[2J\u{2066}";
    let long = "y".repeat(3565);
    for bots in [
        json!({"1": long}),
        json!({"1": evil}),
        json!({"1": [&long[..1500], &long[..1500]]}),
        json!({"1": {"k": long}}),
        json!({(long.clone()): "greedy"}),
        json!({(evil): "greedy"}),
    ] {
        let (st, e) = post(
            s.addr,
            "/api/tables",
            json!({"seats": 2, "name": "Ana", "bots": bots}),
        )
        .await;
        assert_eq!((st, e["code"].as_str()), (400, Some("bad_bot")), "{e}");
        short_and_plain(&e, "bad_bot");
    }
    let (st, e) = post(
        s.addr,
        "/api/tables",
        json!({"seats": 2, "name": "Ana", "mode": evil}),
    )
    .await;
    assert_eq!(st, 400);
    short_and_plain(&e, "mode");
    // The engine's refusals through a table.
    let (id, ana, _bo) = two_players(&s).await;
    let mut c = Client::at(s.addr, &id, Some(&ana)).await;
    let state = c.recv_type("state").await;
    let moves = state["moves"].as_u64().unwrap();
    for action in [
        json!({"type": evil}),
        json!({"type": long}),
        json!({"type": "expand", "tile": evil, "beaches": [0]}),
        json!({"type": "land", "seat": evil, "beach": 0}),
    ] {
        let e = c
            .refusal(json!({"type": "act", "moves": moves, "action": action}))
            .await;
        short_and_plain(&e, &format!("act {}", &action.to_string()[..20]));
    }
    // A message that is not JSON: the parser's reason, bounded.
    c.send_raw(Message::Text(format!("{{\"type\": \"{evil}{long}").into()))
        .await;
    let e = c.error().await;
    assert_eq!(e["code"], "bad_message");
    short_and_plain(&e, "not JSON");
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
    // Someone joins: everyone hears of it. (On a shared store the seats
    // may come once more first: the store's notice of the table's own
    // creation, handled late, reloads it as stored before the join. The
    // message naming Bo must come, in time.)
    join(s.addr, &wid, "Bo").await;
    let seats = loop {
        let seats = w.recv_type("seats").await;
        if seats["seats"][1]["name"] == "Bo" {
            break seats;
        }
        assert!(seats["seats"][1]["name"].is_null(), "{seats}");
    };
    assert_eq!(seats["status"], "waiting");

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
    let (_, info) = table_info(s.addr, &id).await;
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
    // Bo is told that Ana's seat is no longer connected (on PostgreSQL a
    // presence report from before the close may come first).
    while b.recv_type("seats").await["seats"][0]["connected"] != false {}
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_acts_for_the_same_move_exactly_one_is_accepted() {
    let s = server(quick()).await;
    let (id, ana, bo) = two_players(&s).await;
    let mut clients = Vec::new();
    for tok in [&ana, &ana, &ana, &ana] {
        let mut c = Client::at(s.addr, &id, Some(tok)).await;
        c.recv_type("state").await;
        clients.push(c);
    }
    let mut b = Client::at(s.addr, &id, Some(&bo)).await;
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
        for v in c.until_pong().await {
            match v["type"].as_str() {
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
    let (_, info) = table_info(s.addr, &id).await;
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
    let mut w = Client::at(s.addr, &id, None).await;
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

/// Issue 29: 100 refused acts (`not_your_turn` from an impatient double
/// click) closed a seated player's socket with 1006 and no close frame.
/// The game's refusals never count; abuse (here: messages that are not
/// JSON) does, and ends with a close frame 1008 saying why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_abuse_closes_a_connection() {
    let s = server(quick()).await;
    let (id, ana, bo) = two_players(&s).await;
    let mut a = Client::at(s.addr, &id, Some(&ana)).await;
    let mut b = Client::at(s.addr, &id, Some(&bo)).await;
    let state = a.recv_type("state").await;
    let waiting = if state["snapshot"]["current"] == 0 {
        &mut b
    } else {
        &mut a
    };
    let act = json!({"type": "act", "moves": state["moves"], "action": state["legal"][0]});
    // Slower than the message rate (20 a second, 60 at once).
    for _ in 0..150 {
        waiting.send(act.clone()).await;
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    let before = waiting.until_pong().await;
    let refused: Vec<&Value> = before.iter().filter(|v| v["type"] == "error").collect();
    assert_eq!(refused.len(), 150, "every act answered");
    assert!(
        refused.iter().all(|e| e["code"] == "not_your_turn"),
        "{refused:?}"
    );
    // Abuse: text that is not JSON, as slowly.
    for i in 0..100 {
        waiting
            .send_raw(Message::Text(format!("not json {i}").into()))
            .await;
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    assert_eq!(
        waiting.close_code().await,
        Some(1008),
        "a close frame says why"
    );
    assert_eq!(
        waiting
            .log
            .iter()
            .filter(|m| m.contains("bad_message"))
            .count(),
        100
    );
}

/// Issue 29: one address made 53,182 tables in 30 s. By default an
/// address makes 20 tables a minute (20 at once), then gets
/// `too_many_tables` (429) saying when to try again; other addresses are
/// not held up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn making_tables_is_limited_per_address() {
    let s = server(tongiaki_server::online::Config {
        bot_delay: Duration::ZERO,
        ..Default::default()
    })
    .await;
    let me: std::net::IpAddr = "127.0.0.1".parse().unwrap();
    let mut made = 0;
    let mut refusal = None;
    for i in 0..40 {
        let body = json!({"seats": 2, "name": format!("P{i}")}).to_string();
        let (st, v) = http_from(me, s.addr, "POST", "/api/tables", &body).await;
        if st == 201 {
            made += 1;
        } else {
            refusal = Some((st, v));
            break;
        }
    }
    assert_eq!(made, 20, "an address's tables at once");
    let (st, e) = refusal.expect("the 21st is refused");
    assert_eq!(
        (st, e["code"].as_str()),
        (429, Some("too_many_tables")),
        "{e}"
    );
    assert!(
        e["args"]["retry_secs"]
            .as_u64()
            .is_some_and(|s| (1..=60).contains(&s)),
        "{e}"
    );
    let other: std::net::IpAddr = "127.0.0.2".parse().unwrap();
    let body = json!({"seats": 2, "name": "Q"}).to_string();
    assert_eq!(
        http_from(other, s.addr, "POST", "/api/tables", &body)
            .await
            .0,
        201
    );
}

/// Tables made by everyone together are bounded too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn making_tables_is_limited_in_all() {
    let s = server(tongiaki_server::online::Config {
        tables_per_min: 5,
        tables_per_min_per_addr: 100,
        ..quick()
    })
    .await;
    let mut statuses = Vec::new();
    for i in 1..=7u8 {
        let from = std::net::IpAddr::from([127, 0, 0, 10 + i]);
        let body = json!({"seats": 2, "name": "P"}).to_string();
        statuses.push(
            http_from(from, s.addr, "POST", "/api/tables", &body)
                .await
                .0,
        );
    }
    assert_eq!(statuses, [201, 201, 201, 201, 201, 429, 429]);
}

/// Issue 29: 16 addresses with 32 idle spectator sockets each filled the
/// 512 connections, and fresh addresses got 503. With the same bounds
/// (512 in all, 64 per address), spectators are bounded at a table and in
/// all, heavy addresses share half the server: a fresh address still makes
/// a table and plays, and another still watches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_few_addresses_cannot_lock_everyone_out() {
    let limits = tongiaki_server::serve::Limits {
        max_connections: 512,
        max_connections_per_address: 64,
        ..Default::default()
    };
    let s = server_with_limits(quick(), limits).await;
    let (id, _ana, _bo) = two_players(&s).await;
    let mut held = Vec::new();
    let mut refused = 0;
    for a in 0..16u8 {
        let from = std::net::IpAddr::from([127, 0, 1, 1 + a]);
        for _ in 0..32 {
            match Client::connect_from(from, s.addr, &id).await {
                Some(mut c) => {
                    c.send(json!({"type": "hello"})).await;
                    match c.next().await {
                        Some(v) if v["type"] == "welcome" => held.push(c),
                        _ => refused += 1,
                    }
                }
                None => refused += 1,
            }
        }
    }
    eprintln!("{} spectators held, {refused} refused", held.len());
    assert!(refused > 0);
    // A fresh address: a table of its own, and its player's socket.
    let fresh = std::net::IpAddr::from([127, 0, 2, 1]);
    let body = json!({"seats": 2, "name": "Cy"}).to_string();
    let (st, v) = http_from(fresh, s.addr, "POST", "/api/tables", &body).await;
    assert_eq!(st, 201, "{v}");
    let mine = v["table"].as_str().unwrap();
    let mut c = Client::connect_from(fresh, s.addr, mine)
        .await
        .expect("room to play");
    assert_eq!(c.hello(v["token"].as_str()).await["seat"], 0);
    // Another fresh address watches the busy table: it is full of
    // spectators, so it is told so (not shut out without a word)...
    let other = std::net::IpAddr::from([127, 0, 2, 2]);
    let mut w = Client::connect_from(other, s.addr, &id)
        .await
        .expect("a socket");
    w.send(json!({"type": "hello"})).await;
    assert_eq!(w.recv().await["code"], "too_many_watchers");
    // ...and watches a quiet one.
    let mut w = Client::connect_from(other, s.addr, mine)
        .await
        .expect("a socket");
    w.hello(None).await;
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
