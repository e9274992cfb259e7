use super::*;
use serde_json::json;

fn read(text: &str) -> Result<ClientMessage, String> {
    ClientMessage::parse(text).map_err(|e| e.message)
}

#[test]
fn client_messages_read_by_type() {
    assert_eq!(
        read(r#"{"type": "hello", "token": "ab"}"#),
        Ok(ClientMessage::Hello {
            token: Field::Is(Some("ab".into())),
            name: Field::Missing
        })
    );
    assert_eq!(
        read(r#"{"type": "hello"}"#),
        Ok(ClientMessage::Hello {
            token: Field::Missing,
            name: Field::Missing
        })
    );
    assert_eq!(
        read(r#"{"type": "hello", "token": 5}"#),
        Ok(ClientMessage::Hello {
            token: Field::Bad,
            name: Field::Missing
        })
    );
    assert_eq!(
        read(r#"{"type": "act", "moves": 3, "action": {"type": "resettle"}}"#),
        Ok(ClientMessage::Act {
            moves: Field::Is(3),
            action: json!({"type": "resettle"})
        })
    );
    // A bad field is the handler's to refuse, in its order.
    for moves in ["-1", "1.5", "\"3\"", "4294967296", "null"] {
        let text = format!(r#"{{"type": "act", "moves": {moves}}}"#);
        assert_eq!(
            read(&text),
            Ok(ClientMessage::Act {
                moves: Field::Bad,
                action: Value::Null
            }),
            "{text}"
        );
    }
    assert_eq!(
        read(r#"{"type": "ping", "extra": [1]}"#),
        Ok(ClientMessage::Ping)
    );
    assert_eq!(read(r#"{"type": "dance"}"#), Ok(ClientMessage::Unknown));
    // The last of a repeated key counts, as in any JSON reader.
    assert_eq!(
        read(r#"{"type": "dance", "type": "ping"}"#),
        Ok(ClientMessage::Ping)
    );
}

#[test]
fn what_is_not_a_message_is_refused_saying_why() {
    let not_ours = "The message is not one this server understands: \
                    a message is an object with a type";
    for text in ["[]", "5", r#"{"type": 5}"#, r#"{"kind": "act"}"#, "null"] {
        assert_eq!(read(text), Err(not_ours.to_string()), "{text}");
    }
    let e = ClientMessage::parse("{").unwrap_err();
    assert_eq!(e.code, Code::BadMessage);
    assert!(e.message.contains("not JSON (EOF"), "{}", e.message);
}

#[test]
fn server_messages_are_written_as_documented() {
    let text = |m: ServerMessage| -> String { m.frame().to_string() };
    assert_eq!(text(ServerMessage::Expired), EXPIRED);
    assert_eq!(text(ServerMessage::Pong), r#"{"type":"pong"}"#);
    assert_eq!(
        text(ServerMessage::Welcome {
            seat: None,
            table: "t"
        }),
        r#"{"type":"welcome","seat":null,"table":"t"}"#
    );
    assert_eq!(
        text(ServerMessage::Odds {
            moves: 4,
            odds: None
        }),
        r#"{"type":"odds","moves":4,"odds":null}"#
    );
    let e = OnlineError::code(Code::Stale);
    let v: Value = serde_json::from_str(&text(ServerMessage::Error(&e))).unwrap();
    assert_eq!(
        v,
        json!({"type": "error", "code": "stale", "key": "online.stale",
               "message": e.message, "args": {}})
    );
    let free = SeatView {
        free: true,
        ..SeatView::default()
    };
    let v = serde_json::to_value(ServerMessage::Seats {
        gone_after: 9,
        seats: vec![free],
        status: Status::Waiting,
        table: "t",
    })
    .unwrap();
    assert_eq!(
        v,
        json!({"type": "seats", "gone_after": 9, "status": "waiting", "table": "t",
               "seats": [{"name": null, "bot": null, "connected": false,
                          "replaced": false, "away_secs": null, "free": true}]})
    );
}

#[test]
fn the_state_message_holds_the_game_as_its_parts_write_it() {
    let mut g =
        tongiaki::Game::from_options_json(&json!({"players": [{}, {}], "seed": 7})).unwrap();
    let first = g.legal_moves()[0];
    let evs = g.apply(&first.to_action()).unwrap();
    let raw = events(&evs);
    let snapshot = g.snapshot();
    let frame = ServerMessage::State {
        moves: 1,
        snapshot: &snapshot,
        legal: g.legal_moves(),
        action: g.log().last().map(|a| a.to_json()),
        events: &raw,
        clock_ms: Some(5),
    }
    .frame();
    let expected = format!(
        r#"{{"type":"state","moves":1,"snapshot":{},"legal":{},"action":{},"events":{},"clock_ms":5}}"#,
        serde_json::to_string(&snapshot).unwrap(),
        serde_json::to_string(g.legal_moves()).unwrap(),
        first.to_json(),
        serde_json::to_string(&evs).unwrap(),
    );
    assert_eq!(&*frame, expected);
}

#[test]
fn bodies_read_their_fields_and_answers_keep_their_form() {
    let b: CreateTable =
        body(json!({"seats": 3, "name": 5, "mode": "turn", "gone_after": null})).unwrap();
    assert_eq!(b.seats, Field::Is(Some(3)));
    assert_eq!(b.name, Field::Bad);
    assert_eq!(b.mode, Field::Is(Some(Mode::Turn)));
    assert_eq!(b.gone_after, Field::Is(None));
    assert_eq!(b.turn_clock, Field::Missing);
    let b: CreateTable = body(json!({"mode": "fast", "seats": "3"})).unwrap();
    assert_eq!((b.mode, b.seats), (Field::Bad, Field::Bad));
    assert!(body::<JoinTable>(json!(["Bo"])).is_none());
    let created = Created {
        seat: 0,
        table: "t".into(),
        token: "k".into(),
    };
    assert_eq!(
        serde_json::to_string(&created).unwrap(),
        r#"{"seat":0,"table":"t","token":"k"}"#
    );
}
