//! The WebSocket client of the online tests: a player at a table, who
//! keeps every message it received, and what it hears while playing.

use super::*;
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text message received, in order.
    pub log: Vec<String>,
}

impl Client {
    /// None if the server is not there (killed).
    pub async fn try_connect(addr: SocketAddr, id: &str) -> Option<Client> {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{id}/ws"))
            .await
            .ok()?;
        Some(Client {
            ws,
            log: Vec::new(),
        })
    }

    /// A connection to table `id` from the local address `from` (any of
    /// 127.0.0.0/8); `None` if the server refused it.
    pub async fn connect_from(
        from: std::net::IpAddr,
        addr: SocketAddr,
        id: &str,
    ) -> Option<Client> {
        let socket = tokio::net::TcpSocket::new_v4().ok()?;
        socket.bind(SocketAddr::new(from, 0)).ok()?;
        let tcp = socket.connect(addr).await.ok()?;
        let (ws, _) = tokio_tungstenite::client_async(
            format!("ws://{addr}/api/tables/{id}/ws"),
            MaybeTlsStream::Plain(tcp),
        )
        .await
        .ok()?;
        Some(Client {
            ws,
            log: Vec::new(),
        })
    }

    pub async fn connect(addr: SocketAddr, id: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/tables/{id}/ws"))
            .await
            .expect("the WebSocket opens");
        Client {
            ws,
            log: Vec::new(),
        }
    }

    pub async fn send(&mut self, v: Value) {
        self.send_raw(Message::Text(v.to_string().into())).await;
    }

    pub async fn send_raw(&mut self, m: Message) {
        self.ws.send(m).await.expect("the message goes out");
    }

    /// The next text message, or None if the connection closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a message in time");
            match m {
                Some(Ok(Message::Text(t))) => {
                    self.log.push(t.to_string());
                    return Some(serde_json::from_str(&t).expect("messages are JSON"));
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    pub async fn recv(&mut self) -> Value {
        self.next().await.expect("the connection stays open")
    }

    /// The next message of type `t`, skipping others.
    pub async fn recv_type(&mut self, t: &str) -> Value {
        loop {
            let v = self.recv().await;
            if v["type"] == t {
                return v;
            }
        }
    }

    /// The next error, skipping other messages.
    pub async fn error(&mut self) -> Value {
        self.recv_type("error").await
    }

    /// Sends `msg` and returns its answer: the next message of type `kind`,
    /// or the error that refuses it (other messages skipped). A client that
    /// has just played fast may find its bucket empty (`rate_limited`): then
    /// it waits ([`slow_down`]) and sends again, so the answer is the one
    /// `msg` itself gets. Every message sent after fast play goes through
    /// here (or [`Client::refusal`]).
    pub async fn answer(&mut self, msg: Value, kind: &str) -> Value {
        loop {
            self.send(msg.clone()).await;
            let v = loop {
                let v = self.recv().await;
                if v["type"] == kind || v["type"] == "error" {
                    break v;
                }
            };
            if v["type"] != "error" || v["code"] != "rate_limited" {
                return v;
            }
            slow_down().await;
        }
    }

    /// Sends `msg` and returns the error that refuses it, resent while
    /// rate-limited ([`Client::answer`]).
    pub async fn refusal(&mut self, msg: Value) -> Value {
        self.answer(msg, "error").await
    }

    /// Sends a ping and reads up to its pong; every message before the pong,
    /// in order. A connection's messages are answered in order, so the
    /// answers to what was sent before the ping are among them.
    pub async fn until_pong(&mut self) -> Vec<Value> {
        self.send(json!({"type": "ping"})).await;
        let mut before = Vec::new();
        loop {
            let v = self.recv().await;
            if v["type"] == "pong" {
                return before;
            }
            before.push(v);
        }
    }

    /// Says hello; returns the welcome.
    pub async fn hello(&mut self, token: Option<&str>) -> Value {
        self.send(json!({"type": "hello", "token": token})).await;
        self.recv_type("welcome").await
    }

    /// A connection to table `id` that has said hello with `token` (`None`:
    /// a spectator) and had its welcome.
    pub async fn at(addr: SocketAddr, id: &str, token: Option<&str>) -> Client {
        let mut c = Client::connect(addr, id).await;
        c.hello(token).await;
        c
    }

    /// The next state or refusal at a table being played (other messages
    /// skipped), `None` once the connection closes. A `rate_limited`
    /// refusal (a client faster than a person) comes back as
    /// [`Heard::Slowed`] after a pause ([`slow_down`]): the refused act may
    /// then be sent again.
    pub async fn heard(&mut self) -> Option<Heard> {
        loop {
            let v = self.next().await?;
            match v["type"].as_str() {
                Some("state") => return Some(Heard::State(v)),
                Some("error") if v["code"] == "rate_limited" => {
                    slow_down().await;
                    return Some(Heard::Slowed);
                }
                Some("error") => return Some(Heard::Refused(v)),
                _ => {}
            }
        }
    }

    /// Sends a random legal answer (`pick`) to `state`; returns the action.
    pub async fn act_random(&mut self, state: &Value, pick: &mut Pick) -> Value {
        let legal = state["legal"].as_array().unwrap();
        let action = legal[pick.index(legal.len())].clone();
        self.act(state["moves"].as_u64().unwrap(), &action).await;
        action
    }

    /// Plays `seat` with random legal actions until the game is over;
    /// returns the final state. See [`Client::play_while`].
    pub async fn play_out(&mut self, seat: u64, pick: &mut Pick) -> Value {
        self.play_while(seat, pick, async |_, _| true).await
    }

    /// Plays `seat` with random legal actions (`pick`). At each new state
    /// where the seat is to act, `turn(self, state)` is asked first (it may
    /// send and read on this connection itself, as long as it leaves no
    /// answer to its own messages unread): true, a random legal act is
    /// sent; false, that state is returned unanswered. Returns the final
    /// state when the game is over. An act refused for the message rate is
    /// sent again after a pause ([`Client::heard`]); any other refusal
    /// fails the test. (A `rate_limited` refusal is taken for the last
    /// act's: nothing else sent on this connection may be unanswered when
    /// this begins.) A state already answered, sent again, is not
    /// answered twice: on a shared store the notice of a table's change
    /// can come late, and the table is then read again and its state sent
    /// once more (`Hub::reload`), maybe before this seat's act for it has
    /// come back.
    pub async fn play_while(
        &mut self,
        seat: u64,
        pick: &mut Pick,
        mut turn: impl AsyncFnMut(&mut Client, &Value) -> bool,
    ) -> Value {
        let mut sent: Option<(u64, Value)> = None;
        loop {
            let last = match self.heard().await.expect("the connection stays open") {
                Heard::State(v) => v,
                Heard::Slowed => {
                    if let Some((moves, action)) = &sent {
                        self.act(*moves, action).await;
                    }
                    continue;
                }
                Heard::Refused(v) => panic!("refused: {v}"),
            };
            if last["snapshot"]["phase"] == "over" {
                return last;
            }
            let answered = sent.as_ref().map(|(moves, _)| *moves);
            if answered.is_some_and(|moves| last["moves"].as_u64().unwrap() <= moves) {
                continue;
            }
            if last["snapshot"]["current"] != seat {
                continue;
            }
            if !turn(self, &last).await {
                return last;
            }
            let action = self.act_random(&last, pick).await;
            sent = Some((last["moves"].as_u64().unwrap(), action));
        }
    }

    /// The next state with at least `moves` moves.
    pub async fn state_at(&mut self, moves: u64) -> Value {
        loop {
            let v = self.recv_type("state").await;
            if v["moves"].as_u64().unwrap() >= moves {
                return v;
            }
        }
    }

    pub async fn act(&mut self, moves: u64, action: &Value) {
        self.send(json!({"type": "act", "moves": moves, "action": action}))
            .await;
    }

    /// The next text message if one comes within `within` (`None`: none
    /// came, or the connection closed).
    pub async fn next_within(&mut self, within: Duration) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(within, self.ws.next()).await.ok()?;
            match m {
                Some(Ok(Message::Text(t))) => {
                    self.log.push(t.to_string());
                    return Some(serde_json::from_str(&t).expect("messages are JSON"));
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Reads up to the server's close frame: its close code (`None`: the
    /// connection ended without one).
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("the end in time");
            match m {
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(Message::Text(t))) => self.log.push(t.to_string()),
                Some(Ok(_)) => {}
                None | Some(Err(_)) => return None,
            }
        }
    }

    /// Waits for the server to close the connection.
    pub async fn closed(&mut self) -> bool {
        while self.next().await.is_some() {}
        true
    }
}

/// What a player hears from a table being played ([`Client::heard`]).
pub enum Heard {
    /// A state of the game.
    State(Value),
    /// The message rate refused the last message; the pause is over.
    Slowed,
    /// Any other refusal.
    Refused(Value),
}

/// Faster than a person: waits for the message rate's bucket (20 messages
/// a second) to give a few messages again.
pub async fn slow_down() {
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// A small deterministic generator for choosing actions.
pub struct Pick(pub u64);

impl Pick {
    pub fn index(&mut self, n: usize) -> usize {
        self.0 = tongiaki::bots::play::mix(self.0);
        (self.0 % n as u64) as usize
    }
}
