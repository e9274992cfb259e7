//! Meeting strangers (issue 31; ONLINE.md "Meeting strangers"): the lobby
//! of public tables, quick play, the `history` and `chat_history` after
//! the welcome, chat (bounds, rates per connection and per address, stored,
//! spectators' chat turned off by the creator), and the rematch. Every test
//! runs on SQLite, and on PostgreSQL with `TONGIAKI_TEST_STORE=postgres`
//! (scripts/test.sh); the tests at the end run two real processes on one
//! PostgreSQL database (a chat line said on one is heard on the other, the
//! lobby is the same from both, a rematch offer reaches both) and kill -9
//! a process with chat stored.

use crate::online_common::*;
use serde_json::{json, Value};
use std::time::Duration;
use tongiaki::Game;
use tongiaki_server::online::rates::{MeetLimits, Rate};
use tongiaki_server::online::Config;

/// Settings for tests that chat and ask the lobby more than a person:
/// wide rates (the rate tests set their own).
fn roomy() -> Config {
    Config {
        meet: MeetLimits {
            chat: Rate::new(1000, 10),
            chat_per_addr: Rate::new(1000, 10),
            lobby_per_addr: Rate::new(1000, 60),
            quick_per_addr: Rate::new(1000, 60),
            ..MeetLimits::default()
        },
        ..quick()
    }
}

async fn lobby(addr: std::net::SocketAddr) -> Vec<Value> {
    let (status, v) = get(addr, "/api/lobby").await;
    assert_eq!(status, 200, "{v}");
    v["tables"].as_array().unwrap().clone()
}

fn ids(tables: &[Value]) -> Vec<String> {
    tables
        .iter()
        .map(|t| t["table"].as_str().unwrap().to_string())
        .collect()
}

/// The lobby once it satisfies `f` (a process reads the store at most
/// every second: another process's change shows within that).
async fn lobby_until(
    addr: std::net::SocketAddr,
    f: impl Fn(&[Value]) -> bool,
    what: &str,
) -> Vec<Value> {
    for _ in 0..100 {
        let l = lobby(addr).await;
        if f(&l) {
            return l;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the lobby never showed {what}");
}

/// Asks for a rematch; the answer to the asker (with its seat and token),
/// or the refusal. (Asked again after a pause when the player, who just
/// played faster than a person, finds the message rate used up.)
async fn ask_rematch(c: &mut Client) -> Value {
    loop {
        c.send(json!({"type": "rematch"})).await;
        let v = loop {
            let v = c.recv().await;
            if v["type"] == "error" || (v["type"] == "rematch" && v.get("token").is_some()) {
                break v;
            }
        };
        if v["code"] != "rate_limited" {
            return v;
        }
        slow_down().await;
    }
}

async fn quick_play(addr: std::net::SocketAddr, body: Value) -> (u16, Value) {
    post(addr, "/api/quick", body).await
}

/// Sends a chat message `m` (or any message answered by a `chat` or an
/// error) and returns what this client hears back: its own line, or the
/// refusal. What it had not read yet is read first (others' lines).
async fn say(c: &mut Client, m: Value) -> Value {
    c.until_pong().await;
    c.send(m).await;
    loop {
        let v = c.recv().await;
        if v["type"] == "chat" || v["type"] == "error" {
            return v;
        }
    }
}

fn text(t: &str) -> Value {
    json!({"type": "chat", "text": t})
}

/// A client's hello and what it gets up to the seats: (welcome, history,
/// chat_history), in the order they came.
async fn arrive(addr: std::net::SocketAddr, id: &str, hello: Value) -> (Client, Vec<Value>) {
    let mut c = Client::connect(addr, id).await;
    c.send(hello).await;
    let mut first = Vec::new();
    loop {
        let v = c.recv().await;
        let kind = v["type"].clone();
        first.push(v);
        if kind == "seats" {
            return (c, first);
        }
    }
}

// ----- the lobby and quick play ---------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_tables_are_in_the_lobby_while_they_wait_with_a_free_seat() {
    let s = server(roomy()).await;
    assert_eq!(lobby(s.addr).await, Vec::<Value>::new());
    let (older, _) = create(
        s.addr,
        json!({"seats": 3, "name": "Ana", "public": true, "bots": {"2": "greedy"}}),
    )
    .await;
    let (private, _) = create(s.addr, json!({"seats": 2, "name": "Pia"})).await;
    let (off, _) = create(s.addr, json!({"seats": 2, "name": "Pia", "public": false})).await;
    tokio::time::sleep(Duration::from_millis(5)).await; // (oldest first: by the millisecond)
    let (newer, cy) = create(
        s.addr,
        json!({"seats": 2, "name": "Cy", "public": true, "mode": "turn"}),
    )
    .await;
    let l = lobby(s.addr).await;
    assert_eq!(
        ids(&l),
        vec![older.clone(), newer.clone()],
        "oldest first, public only"
    );
    let t = &l[0];
    assert_eq!(t["seats"], 3);
    assert_eq!(t["free"], 1);
    assert_eq!(t["mode"], "live");
    assert_eq!(
        t["names"],
        json!(["Ana", "greedy"]),
        "names, and bots' kinds"
    );
    assert_eq!(
        t["players"][1],
        json!({"seat": 2, "name": "Greedy 3", "bot": "greedy"})
    );
    assert!(t["created"].as_i64().unwrap() > 1_600_000_000_000);
    assert!(t["waited"].as_u64().unwrap() < 60);
    assert_eq!(l[1]["mode"], "turn");
    let text = serde_json::to_string(&l).unwrap();
    assert!(
        !text.contains("token") && !text.contains(&cy),
        "never a token"
    );
    assert!(!text.contains(&private) && !text.contains(&off));
    let (_, info) = table_info(s.addr, &older).await;
    assert_eq!(
        (info["public"].as_bool(), info["spectator_chat"].as_bool()),
        (Some(true), Some(true))
    );
    assert_eq!(info["rematch"], Value::Null);

    // Full: the game begins, and the table leaves the lobby.
    join(s.addr, &older, "Bo").await;
    assert_eq!(ids(&lobby(s.addr).await), vec![newer.clone()]);
    // Begun early by its creator: it leaves too.
    let (status, _) = post(
        s.addr,
        &format!("/api/tables/{newer}/start"),
        json!({"token": cy}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(lobby(s.addr).await, Vec::<Value>::new());

    // Expired: gone from the lobby with the rest of the table.
    let s2 = server(Config {
        live_expiry: Duration::from_millis(300),
        ..roomy()
    })
    .await;
    create(s2.addr, json!({"seats": 2, "name": "Ana", "public": true})).await;
    assert_eq!(lobby(s2.addr).await.len(), 1);
    tokio::time::sleep(Duration::from_millis(400)).await;
    s2.hub.sweep().await;
    lobby_until(s2.addr, |l| l.is_empty(), "the expired table gone").await;

    // A bad flag is refused, and nothing is made.
    let (status, e) = post(
        s.addr,
        "/api/tables",
        json!({"seats": 2, "name": "Ana", "public": "yes"}),
    )
    .await;
    assert_eq!((status, e["code"].as_str()), (400, Some("bad_option")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quick_play_takes_the_oldest_fitting_seat_or_makes_a_public_table() {
    let s = server(roomy()).await;
    // Nothing waits: a new public table, the caller in seat 0.
    let (status, a) = quick_play(s.addr, json!({"name": "Ana"})).await;
    assert_eq!(status, 200, "{a}");
    assert_eq!(
        (a["seat"].as_u64(), a["created"].as_bool()),
        (Some(0), Some(true))
    );
    let first = a["table"].as_str().unwrap().to_string();
    assert!(a["token"].as_str().unwrap().len() >= 32);
    let l = lobby(s.addr).await;
    assert_eq!(ids(&l), vec![first.clone()]);
    assert_eq!(
        (l[0]["seats"].as_u64(), l[0]["mode"].as_str()),
        (Some(2), Some("live"))
    );

    // Another asks for a turn-based table: this one does not fit. (A
    // moment between tables: the lobby orders them by the millisecond
    // they were made.)
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (_, t) = quick_play(s.addr, json!({"name": "Tia", "mode": "turn"})).await;
    assert_eq!(t["created"], true);
    let turn = t["table"].as_str().unwrap().to_string();
    // Asking for three seats: neither fits.
    tokio::time::sleep(Duration::from_millis(5)).await;
    let (_, c) = quick_play(s.addr, json!({"name": "Cy", "seats": 3})).await;
    assert_eq!(c["created"], true);
    let three = c["table"].as_str().unwrap().to_string();
    assert_eq!(
        ids(&lobby(s.addr).await),
        vec![first.clone(), turn.clone(), three.clone()]
    );

    // The same name as the one who waits is passed over: the next table.
    let (_, ana2) = quick_play(s.addr, json!({"name": "ANA", "mode": "turn"})).await;
    assert_eq!(
        (ana2["table"].as_str(), ana2["seat"].as_u64()),
        (Some(turn.as_str()), Some(1))
    );
    // Bo, anything: the oldest waiting table, whose game then begins.
    let (_, b) = quick_play(s.addr, json!({"name": "Bo"})).await;
    assert_eq!(
        (b["table"].as_str(), b["seat"].as_u64()),
        (Some(first.as_str()), Some(1))
    );
    assert_eq!(b["created"], false);
    let (_, info) = table_info(s.addr, &first).await;
    assert_eq!(info["status"], "playing");
    assert_eq!(ids(&lobby(s.addr).await), vec![three.clone()]);
    // The seat it gives is a seat: its token says hello.
    let mut bo = Client::at(s.addr, &first, b["token"].as_str()).await;
    assert_eq!(
        bo.recv_type("state").await["snapshot"]["players"][1]["name"],
        "Bo"
    );

    for (body, code) in [
        (json!({"seats": 3}), "bad_name"),
        (json!({"name": ""}), "bad_name"),
        (json!({"name": "Al", "seats": 7}), "bad_seats"),
        (json!({"name": "Al", "seats": "2"}), "bad_seats"),
        (json!({"name": "Al", "mode": "fast"}), "bad_option"),
        (json!(["Al"]), "bad_request"),
    ] {
        let (status, e) = quick_play(s.addr, body.clone()).await;
        assert_eq!(e["code"], code, "{body}: {e}");
        assert_eq!(status, 400);
    }
    assert_eq!(
        ids(&lobby(s.addr).await),
        vec![three],
        "refusals made nothing"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_and_quick_play_are_rate_limited_per_address() {
    let s = server(Config {
        meet: MeetLimits {
            lobby_per_addr: Rate::new(3, 60),
            quick_per_addr: Rate::new(2, 60),
            ..MeetLimits::default()
        },
        ..quick()
    })
    .await;
    for _ in 0..3 {
        assert_eq!(get(s.addr, "/api/lobby").await.0, 200);
    }
    let (status, e) = get(s.addr, "/api/lobby").await;
    assert_eq!((status, e["code"].as_str()), (429, Some("rate_limited")));
    for name in ["Ana", "Bo"] {
        assert_eq!(quick_play(s.addr, json!({"name": name})).await.0, 200);
    }
    let (status, e) = quick_play(s.addr, json!({"name": "Cy"})).await;
    assert_eq!((status, e["code"].as_str()), (429, Some("rate_limited")));
    // Refused for the rate: no seat taken, no table made.
    assert_eq!(s.hub.store.count_tables().await.unwrap(), 1);
}

// ----- the whole game for whoever arrives -------------------------------------

/// Which card each `card_revealed` or `card_drawn` event of the history
/// names, in order, then the cards not seen yet: a pile the engine takes
/// (`deck`), with which the page replays the history move by move without
/// ever knowing the real order of the cards still hidden.
fn deck_of(history: &[Value], seen_last: &Value) -> Vec<String> {
    let mut deck: Vec<String> = Vec::new();
    for m in history {
        for e in m["events"].as_array().unwrap() {
            if e["type"] == "card_revealed" || e["type"] == "card_drawn" {
                let c = e["card"].as_str().unwrap().to_string();
                if !deck.contains(&c) {
                    deck.push(c);
                }
            }
        }
    }
    let on_table: Vec<&str> = seen_last["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["card"].as_str().unwrap())
        .collect();
    for c in tongiaki::CardId::all() {
        let k = c.key();
        if k != "tonga" && !deck.iter().any(|d| d == k) {
            assert!(
                !on_table.contains(&k),
                "{k} is on the table but was never revealed"
            );
            deck.push(k.to_string());
        }
    }
    deck
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_gets_the_whole_game_and_the_chat_after_the_welcome() {
    let s = server(roomy()).await;
    let (id, ana, mut a) = create_seated(
        s.addr,
        json!({"seats": 3, "name": "Ana", "bots": {"1": "greedy", "2": "random"}}),
    )
    .await;
    // Ana plays up to her turn at move 60 or later, and says hello.
    let st = a
        .play_while(0, &mut Pick(4), async |_, st| {
            st["moves"].as_u64().unwrap() < 60
        })
        .await;
    say(&mut a, text("hello all")).await;
    let moves = st["moves"].as_u64().unwrap();
    assert!(moves >= 60 || st["snapshot"]["phase"] == "over");

    // A spectator: welcome, history, chat_history, then the seats and the state.
    let (mut w, first) = arrive(s.addr, &id, json!({"type": "hello"})).await;
    let kinds: Vec<&str> = first.iter().map(|v| v["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["welcome", "history", "chat_history", "seats"]);
    let state = w.recv_type("state").await;
    assert_eq!(state["moves"].as_u64(), Some(moves));
    let history = first[1]["moves"].as_array().unwrap();
    assert_eq!(history.len() as u64, moves, "every move so far");
    for (i, m) in history.iter().enumerate() {
        assert_eq!(m["n"].as_u64(), Some(i as u64));
        assert!(m["seat"].as_u64().unwrap() < 3);
    }
    // Each move's action and events as its state message had them.
    for v in a
        .log
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap())
    {
        if v["type"] == "state" && v["moves"].as_u64().unwrap() > 0 {
            let n = v["moves"].as_u64().unwrap() as usize - 1;
            assert_eq!(history[n]["action"], v["action"], "move {n}");
            assert_eq!(history[n]["events"], v["events"], "move {n}");
        }
    }
    assert_eq!(history.last().unwrap()["events"], state["events"]);
    // Nothing that was not public: no seed, no pile order. The page
    // replays it with the cards as they came out and any order of the
    // rest: every position is the one the players saw.
    let text = first[1].to_string();
    assert!(!text.contains("seed") && !text.contains("deck"));
    let deck = deck_of(history, &state["snapshot"]);
    let players: Vec<Value> = state["snapshot"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| json!({"name": p["name"], "color": p["color"]}))
        .collect();
    let mut g = Game::from_options_json(&json!({"players": players, "deck": deck})).unwrap();
    for m in history {
        let events = g.apply_json(&m["action"]).unwrap();
        assert_eq!(serde_json::to_value(&events).unwrap(), m["events"]);
    }
    assert_eq!(g.snapshot_json(), state["snapshot"], "the same table");

    // The chat so far, oldest first; spectators may chat here.
    let chat = &first[2];
    assert_eq!(chat["spectators"], true);
    assert_eq!(chat["lines"].as_array().unwrap().len(), 1);
    assert_eq!(chat["lines"][0]["text"], "hello all");
    assert_eq!(chat["lines"][0]["name"], "Ana");
    assert_eq!(chat["lines"][0]["seat"], 0);

    // A table still waiting: an empty history.
    let (wid, _) = create(s.addr, json!({"seats": 2, "name": "Cy"})).await;
    let (_, first) = arrive(s.addr, &wid, json!({"type": "hello"})).await;
    assert_eq!(first[1], json!({"type": "history", "moves": []}));
    assert_eq!(
        first[2],
        json!({"type": "chat_history", "lines": [], "spectators": true})
    );
    w.send(json!({"type": "ping"})).await;
    assert_eq!(w.recv_type("pong").await["type"], "pong");
    drop(ana);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_is_sent_again_when_asked_a_few_times_a_minute() {
    let s = server(Config {
        meet: MeetLimits {
            history: Rate::new(2, 60),
            ..MeetLimits::default()
        },
        ..quick()
    })
    .await;
    let (id, _, mut a) = create_seated(
        s.addr,
        json!({"seats": 2, "name": "Ana", "bots": {"1": "greedy"}}),
    )
    .await;
    let st = a
        .play_while(0, &mut Pick(8), async |_, st| {
            st["moves"].as_u64().unwrap() < 10
        })
        .await;
    let (mut w, first) = arrive(s.addr, &id, json!({"type": "hello"})).await;
    for _ in 0..2 {
        w.send(json!({"type": "history"})).await;
        let again = w.recv_type("history").await;
        assert_eq!(again, first[1], "the same moves");
        assert_eq!(
            again["moves"].as_array().unwrap().len() as u64,
            st["moves"].as_u64().unwrap()
        );
    }
    w.send(json!({"type": "history"})).await;
    assert_eq!(
        w.error().await["code"],
        "rate_limited",
        "a third within the minute"
    );
}

// ----- chat --------------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_is_plain_text_bounded_and_heard_by_everyone_at_the_table() {
    let s = server(roomy()).await;
    let (id, _ana, bo) = two_players(&s).await;
    let mut a = Client::at(s.addr, &id, Some(&_ana)).await;
    let mut b = Client::at(s.addr, &id, Some(&bo)).await;
    let (mut w, _) = arrive(s.addr, &id, json!({"type": "hello", "name": "Wim"})).await;
    let (mut anon, _) = arrive(s.addr, &id, json!({"type": "hello"})).await;

    let sent = "  <b>hi</b> & \u{202E}olleh\u{202C} 👋\n  ";
    let line = say(&mut a, text(sent)).await;
    assert_eq!(line["type"], "chat");
    assert_eq!(
        line["text"], "<b>hi</b> & olleh 👋",
        "as sent, less control and bidi"
    );
    assert_eq!(
        (line["seat"].as_u64(), line["name"].as_str()),
        (Some(0), Some("Ana"))
    );
    assert!(line["at"].as_i64().unwrap() > 1_600_000_000_000);
    assert!(line["id"].is_i64());
    assert!(line.get("phrase").is_none());
    for c in [&mut b, &mut w, &mut anon] {
        assert_eq!(
            c.recv_type("chat").await,
            line,
            "everyone hears the same line"
        );
    }
    // Spectators chat too: with a name, or without one.
    let from_w = say(&mut w, text("nice move")).await;
    assert_eq!(
        (from_w["seat"].clone(), from_w["name"].as_str()),
        (Value::Null, Some("Wim"))
    );
    assert_eq!(b.recv_type("chat").await, from_w);
    let from_anon = say(&mut anon, text("hi")).await;
    assert_eq!(
        (from_anon["seat"].clone(), from_anon["name"].clone()),
        (Value::Null, Value::Null)
    );
    // A canned phrase by its id: the English text goes with it.
    let p = say(
        &mut b,
        json!({"type": "chat", "phrase": "good_luck", "text": "ignored"}),
    )
    .await;
    assert_eq!(
        (p["phrase"].as_str(), p["text"].as_str()),
        (Some("good_luck"), Some("Good luck!"))
    );
    assert_eq!(p["name"], "Bo");

    // Bounds: 1 to 300 characters after trimming; a known phrase; a string.
    for (m, why) in [
        (text(""), "empty"),
        (text(" \n\t\u{200F} "), "empty"),
        (text(&"x".repeat(301)), "301 characters"),
        (json!({"type": "chat", "text": 5}), "text is a string"),
        (json!({"type": "chat"}), "text is a string"),
        (
            json!({"type": "chat", "phrase": "buy_now"}),
            "no such phrase",
        ),
        (json!({"type": "chat", "phrase": 1}), "phrase is a string"),
    ] {
        let e = say(&mut a, m.clone()).await;
        assert_eq!(e["code"], "bad_chat", "{m}: {e}");
        assert!(e["message"].as_str().unwrap().contains(why), "{m}: {e}");
    }
    let long = say(&mut a, text(&"é".repeat(300))).await;
    assert_eq!(long["text"].as_str().unwrap().chars().count(), 300);
    // A name that is not a name refuses the hello.
    let mut c = Client::connect(s.addr, &id).await;
    c.send(json!({"type": "hello", "name": ""})).await;
    assert_eq!(c.recv().await["code"], "bad_name");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_is_rate_limited_per_connection_and_per_address() {
    let s = server(Config {
        meet: MeetLimits {
            chat: Rate::new(5, 10),
            chat_per_addr: Rate::new(7, 10),
            ..MeetLimits::default()
        },
        ..quick()
    })
    .await;
    let (id, ana, bo) = two_players(&s).await;
    let mut a = Client::at(s.addr, &id, Some(&ana)).await;
    let mut b = Client::at(s.addr, &id, Some(&bo)).await;
    for i in 0..5 {
        assert_eq!(say(&mut a, text(&format!("a{i}"))).await["type"], "chat");
    }
    let e = say(&mut a, text("a5")).await;
    assert_eq!(e["code"], "rate_limited", "5 in 10 s per connection");
    // The same address on another connection: two more, then no more.
    for i in 0..2 {
        assert_eq!(say(&mut b, text(&format!("b{i}"))).await["type"], "chat");
    }
    assert_eq!(say(&mut b, text("b2")).await["code"], "rate_limited");
    // What was refused was not said: a newcomer's chat history has the 7.
    let (_, first) = arrive(s.addr, &id, json!({"type": "hello"})).await;
    let texts: Vec<&str> = first[2]["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["a0", "a1", "a2", "a3", "a4", "b0", "b1"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_100_lines_are_stored_with_the_table_and_survive_a_restart() {
    let db = temp_db("chat");
    let id = {
        let s = server_on(&db, roomy()).await;
        let (id, ana, _) = create_seated(s.addr, json!({"seats": 2, "name": "Ana"})).await;
        let mut a = Client::at(s.addr, &id, Some(&ana)).await;
        // Faster than a person: the connection's message rate (20 a
        // second) is used up now and then; then after a pause again.
        // (Only Ana is at the table: the next chat line she hears is hers.)
        let mut i = 0;
        while i < 105 {
            a.send(text(&format!("line {i}"))).await;
            let v = loop {
                let v = a.recv().await;
                if v["type"] == "chat" || v["type"] == "error" {
                    break v;
                }
            };
            if v["code"] == "rate_limited" {
                slow_down().await;
                continue;
            }
            assert_eq!(
                v["text"].as_str(),
                Some(format!("line {i}").as_str()),
                "{v}"
            );
            i += 1;
        }
        id
    };
    let s = server_on(&db, roomy()).await;
    let (_, first) = arrive(s.addr, &id, json!({"type": "hello"})).await;
    let lines = first[2]["lines"].as_array().unwrap();
    assert_eq!(lines.len(), 100);
    assert_eq!(lines[0]["text"], "line 5");
    assert_eq!(lines[99]["text"], "line 104");
    assert!(lines
        .windows(2)
        .all(|w| w[0]["id"].as_i64() < w[1]["id"].as_i64()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_creator_turns_spectators_chat_off_and_on() {
    let s = server(roomy()).await;
    let (id, ana, bo) = two_players(&s).await;
    let mut a = Client::at(s.addr, &id, Some(&ana)).await;
    let mut b = Client::at(s.addr, &id, Some(&bo)).await;
    let (mut w, _) = arrive(s.addr, &id, json!({"type": "hello"})).await;
    let off = json!({"type": "chat_settings", "spectators": false});
    assert_eq!(say(&mut b, off.clone()).await["code"], "creator_only");
    assert_eq!(say(&mut w, off.clone()).await["code"], "bad_token");
    let e = say(&mut a, json!({"type": "chat_settings", "spectators": "no"})).await;
    assert_eq!(e["code"], "bad_message");
    a.send(off).await;
    for c in [&mut a, &mut b, &mut w] {
        assert_eq!(
            c.recv_type("chat_settings").await,
            json!({"type": "chat_settings", "spectators": false})
        );
    }
    assert_eq!(say(&mut w, text("hi")).await["code"], "chat_off");
    assert_eq!(
        say(&mut b, text("players still chat")).await["type"],
        "chat"
    );
    let (_, info) = table_info(s.addr, &id).await;
    assert_eq!(info["spectator_chat"], false);
    let (_, first) = arrive(s.addr, &id, json!({"type": "hello"})).await;
    assert_eq!(first[2]["spectators"], false, "a newcomer is told");
    a.send(json!({"type": "chat_settings", "spectators": true}))
        .await;
    w.recv_type("chat_settings").await;
    assert_eq!(say(&mut w, text("thanks")).await["type"], "chat");

    // Off from the start.
    let (quiet, _) = create(
        s.addr,
        json!({"seats": 2, "name": "Ana", "spectator_chat": false}),
    )
    .await;
    let (mut w, first) = arrive(s.addr, &quiet, json!({"type": "hello"})).await;
    assert_eq!(first[2]["spectators"], false);
    assert_eq!(say(&mut w, text("hi")).await["code"], "chat_off");
}

// ----- rematch -----------------------------------------------------------------

/// Ana and Bo (and a random bot) play a whole game at a new table; its id,
/// their tokens, their connections.
async fn finished_game(s: &TestServer, body: Value) -> (String, String, String, Client, Client) {
    let (id, ana) = create(s.addr, body).await;
    let (_, bo) = join(s.addr, &id, "Bo").await;
    let mut a = Client::at(s.addr, &id, Some(&ana)).await;
    let mut b = Client::at(s.addr, &id, Some(&bo)).await;
    let (mut pa, mut pb) = (Pick(21), Pick(22));
    let (la, lb) = tokio::join!(a.play_out(0, &mut pa), b.play_out(1, &mut pb));
    assert_eq!(la["snapshot"]["phase"], "over");
    assert_eq!(lb["snapshot"]["phase"], "over");
    (id, ana, bo, a, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_makes_a_table_like_the_last_and_everyone_is_told() {
    let s = server(roomy()).await;
    // Before the end: no rematch.
    let (id, ana) = create(
        s.addr,
        json!({"seats": 3, "name": "Ana", "mode": "turn", "bots": {"2": "random"}, "public": true}),
    )
    .await;
    let mut a = Client::at(s.addr, &id, Some(&ana)).await;
    assert_eq!(
        a.refusal(json!({"type": "rematch"})).await["code"],
        "still_playing"
    );
    drop(a);

    let (id, _ana, _bo, mut a, mut b) = finished_game(
        &s,
        json!({"seats": 3, "name": "Ana", "mode": "turn", "bots": {"2": "random"}, "public": true}),
    )
    .await;
    let (mut w, _) = arrive(s.addr, &id, json!({"type": "hello"})).await;
    assert_eq!(
        w.refusal(json!({"type": "rematch"})).await["code"],
        "bad_token"
    );

    // Bo asks first: he sits in seat 0 of a table like the last one.
    let mine = ask_rematch(&mut b).await;
    let new = mine["table"].as_str().unwrap().to_string();
    assert_ne!(new, id);
    assert_eq!(
        (mine["seat"].as_u64(), mine["by"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(mine["name"], "Bo");
    let bo_token = mine["token"].as_str().unwrap().to_string();
    // Everyone at the old table is told, without a token.
    for c in [&mut a, &mut w] {
        let offer = c.recv_type("rematch").await;
        assert_eq!(
            offer,
            json!({"type": "rematch", "table": new, "by": 1, "name": "Bo"})
        );
    }
    let (_, info) = table_info(s.addr, &new).await;
    assert_eq!(
        (info["mode"].as_str(), info["status"].as_str()),
        (Some("turn"), Some("waiting"))
    );
    assert_eq!(info["seats"][0]["name"], "Bo");
    assert_eq!(info["seats"][1]["free"], true);
    assert_eq!(info["seats"][2]["bot"], "random");
    assert_eq!(
        info["public"], false,
        "for the last game's players, not the lobby"
    );
    let (_, old) = table_info(s.addr, &id).await;
    assert_eq!(old["rematch"].as_str(), Some(new.as_str()));
    // A newcomer at the old table hears of it after the state.
    let mut late = Client::at(s.addr, &id, None).await;
    late.recv_type("state").await;
    assert_eq!(late.recv().await["type"], "rematch");

    // Ana asks too: one click, and she sits at the same new table.
    let hers = ask_rematch(&mut a).await;
    assert_eq!(hers["table"].as_str(), Some(new.as_str()));
    assert_eq!(
        (hers["seat"].as_u64(), hers["by"].as_u64()),
        (Some(1), Some(1))
    );
    let (_, info) = table_info(s.addr, &new).await;
    assert_eq!(info["status"], "playing", "every seat taken: it begins");
    assert_eq!(info["seats"][1]["name"], "Ana");
    let mut bo_new = Client::at(s.addr, &new, Some(&bo_token)).await;
    assert_eq!(
        bo_new.recv_type("state").await["snapshot"]["players"][0]["name"],
        "Bo"
    );
    // Asked again, the seat is taken by her name: refused, nothing changes.
    assert_eq!(
        a.refusal(json!({"type": "rematch"})).await["code"],
        "table_full"
    );
}

// ----- several processes (PostgreSQL) and kill -9 ---------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_the_chat_the_lobby_and_the_rematch() {
    let Some(base) = test_pg("chat, lobby and rematch on two processes") else {
        return;
    };
    let db = fresh_pg(&base, "meet");
    let (p1, p2) = (Child::start(&db, &[]), Child::start(&db, &[]));
    let (a1, a2) = (p1.addr, p2.addr);

    // The lobby is the same from both.
    let (id, ana) = create(a1, json!({"seats": 2, "name": "Ana", "public": true})).await;
    tokio::time::sleep(Duration::from_millis(5)).await; // (oldest first: by the millisecond)
    let (other, _) = create(a2, json!({"seats": 3, "name": "Cy", "public": true})).await;
    let want = vec![id.clone(), other.clone()];
    let l1 = lobby_until(a1, |l| ids(l) == want, "both tables on process 1").await;
    let l2 = lobby_until(a2, |l| ids(l) == want, "both tables on process 2").await;
    let same = |l: &[Value]| -> Vec<Value> {
        l.iter()
            .map(|t| {
                json!([
                    t["table"],
                    t["seats"],
                    t["free"],
                    t["mode"],
                    t["names"],
                    t["created"]
                ])
            })
            .collect()
    };
    assert_eq!(same(&l1), same(&l2));

    // Quick play on process 2 finds the table made on process 1.
    let (_, bo) = quick_play(a2, json!({"name": "Bo", "seats": 2})).await;
    assert_eq!(bo["table"].as_str(), Some(id.as_str()));
    lobby_until(
        a1,
        |l| ids(l) == [other.clone()],
        "the full table gone on 1",
    )
    .await;
    lobby_until(
        a2,
        |l| ids(l) == [other.clone()],
        "the full table gone on 2",
    )
    .await;

    // A chat line said on one process is heard on the other, and by
    // players on both.
    let mut a = Client::at(a1, &id, Some(&ana)).await;
    let mut b = Client::at(a2, &id, bo["token"].as_str()).await;
    let (mut w, _) = arrive(a2, &id, json!({"type": "hello", "name": "Wim"})).await;
    let line = say(&mut a, text("from one")).await;
    assert_eq!(b.recv_type("chat").await, line);
    assert_eq!(w.recv_type("chat").await, line);
    let back = say(&mut b, json!({"type": "chat", "phrase": "well_played"})).await;
    assert_eq!(a.recv_type("chat").await, back);
    // Once each: the line a process said is not told twice when its own
    // notice comes back.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pongs = a.until_pong().await;
    assert!(pongs.iter().all(|v| v["type"] != "chat"), "{pongs:?}");
    // Spectators' chat off on process 1: the spectator on 2 is told, and refused.
    a.send(json!({"type": "chat_settings", "spectators": false}))
        .await;
    assert_eq!(w.recv_type("chat_settings").await["spectators"], false);
    assert_eq!(say(&mut w, text("hi")).await["code"], "chat_off");

    // The game to its end (on fresh connections, which get the state to
    // answer with their welcome), then a rematch asked on process 2
    // reaches Ana on process 1.
    drop((a, b));
    let mut a = Client::at(a1, &id, Some(&ana)).await;
    let mut b = Client::at(a2, &id, bo["token"].as_str()).await;
    let (mut pa, mut pb) = (Pick(5), Pick(6));
    let (la, lb) = tokio::join!(a.play_out(0, &mut pa), b.play_out(1, &mut pb));
    assert_eq!(
        (
            la["snapshot"]["phase"].as_str(),
            lb["snapshot"]["phase"].as_str()
        ),
        (Some("over"), Some("over"))
    );
    let mine = ask_rematch(&mut b).await;
    let new = mine["table"].as_str().unwrap().to_string();
    let offer = a.recv_type("rematch").await;
    assert_eq!(offer["table"].as_str(), Some(new.as_str()));
    assert_eq!(offer["name"], "Bo");
    // Ana joins it on her own process, with the usual join.
    let (seat, _) = join(a1, &new, "Ana").await;
    assert_eq!(seat, 1);

    // kill -9 process 1: the chat is in the store; process 2 and a new
    // process 1 give it to a newcomer.
    p1.kill();
    let p1 = Child::start(&db, &[]);
    for addr in [a2, p1.addr] {
        let (_, first) = arrive(addr, &id, json!({"type": "hello"})).await;
        let texts: Vec<&str> = first[2]["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["text"].as_str().unwrap())
            .collect();
        assert_eq!(texts, ["from one", "Well played!"]);
        assert_eq!(first[2]["spectators"], false);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_survives_kill_9() {
    let db = temp_db("chat-kill");
    let server = Child::start(&db, &[]);
    let (id, ana) = create(server.addr, json!({"seats": 2, "name": "Ana"})).await;
    let mut a = Client::at(server.addr, &id, Some(&ana)).await;
    let mut told = Vec::new();
    for i in 0..5 {
        let line = say(&mut a, text(&format!("said {i}"))).await;
        told.push(line);
    }
    // Killed right after the last line was heard: it was committed first.
    server.kill();
    let server = Child::start(&db, &[]);
    let (_, first) = arrive(server.addr, &id, json!({"type": "hello"})).await;
    assert_eq!(
        first[2]["lines"],
        json!(told
            .iter()
            .map(|l| {
                let mut l = l.clone();
                l.as_object_mut().unwrap().remove("type");
                l
            })
            .collect::<Vec<_>>())
    );
}
