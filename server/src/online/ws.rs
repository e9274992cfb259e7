//! `GET /api/tables/ID/ws`: one task per connection. It reads the client's
//! messages (bounded in size and rate), hands them to the hub, and forwards
//! the table's broadcasts. A slow client only slows itself: the broadcast
//! never waits for it, and one that falls behind skips to the newest state.

use super::error::{Code, OnlineError};
use super::hub::{AddrSlot, Hub, Speaker};
use super::wire::{ClientMessage, ServerMessage, EXPIRED};
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::response::{IntoResponse, Response};
use axum::Extension;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::time::{timeout, Instant};

/// Largest message a client may send, in bytes (a larger one is refused with
/// `too_large`; one over [`HARD_MAX_MESSAGE`] closes the connection).
pub const MAX_MESSAGE: usize = 16 * 1024;
pub const HARD_MAX_MESSAGE: usize = 64 * 1024;
/// Bytes queued for one client before its sends fail.
const MAX_WRITE_BUFFER: usize = 1024 * 1024;

/// Messages per second a client may send on average, and in a burst.
const RATE: f64 = 20.0;
const BURST: f64 = 60.0;
/// Abusive messages (over the rate, too large, not JSON or not a message,
/// binary frames, a hello without a valid token, anything before the
/// hello) after which the connection closes, with close code 1008. Refusals
/// of the game itself (`not_your_turn`, `stale`, an illegal move…) are an
/// honest client's everyday answers and never count (issue 29: an impatient
/// double click, repeated, closed a seated player's connection).
const MAX_STRIKES: u32 = 100;
/// The hello must come within this.
const HELLO_DEADLINE: Duration = Duration::from_secs(10);
/// The server pings this often; a client silent for `SILENT` is gone.
const PING_EVERY: Duration = Duration::from_secs(25);
const SILENT: Duration = Duration::from_secs(70);
/// A client that cannot take a message within this is dropped.
const SEND_DEADLINE: Duration = Duration::from_secs(10);

pub async fn upgrade(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    peer: Option<Extension<ConnectInfo<SocketAddr>>>,
    ws: WebSocketUpgrade,
) -> Response {
    let addr = peer.map(|Extension(ConnectInfo(a))| a.ip());
    let slot = match hub.addr_slot(addr) {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    if let Err(e) = hub.info(&id).await {
        return e.into_response();
    }
    // Small buffers: thousands of connections stay cheap; a client that
    // does not read has at most MAX_WRITE_BUFFER waiting for it.
    ws.max_message_size(HARD_MAX_MESSAGE)
        .max_frame_size(HARD_MAX_MESSAGE)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| session(hub, id, socket, slot))
}

/// A token bucket: `RATE` per second, `BURST` at once.
struct Bucket {
    tokens: f64,
    at: Instant,
    strikes: u32,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: BURST,
            at: Instant::now(),
            strikes: 0,
        }
    }
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + (now - self.at).as_secs_f64() * RATE).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Conn {
    socket: WebSocket,
    bucket: Bucket,
    last_heard: Instant,
}

enum Incoming {
    Message(ClientMessage),
    /// Answered already (refused) or nothing to do (ping, pong).
    Skip,
    Closed,
}

impl Conn {
    async fn send(&mut self, text: &str) -> bool {
        matches!(
            timeout(SEND_DEADLINE, self.socket.send(Message::Text(text.into()))).await,
            Ok(Ok(()))
        )
    }

    /// Refuses a message that an honest client may send (the game said
    /// no); false if the refusal could not be sent.
    async fn refuse(&mut self, e: OnlineError) -> bool {
        self.send(&ServerMessage::Error(&e).frame()).await
    }

    /// Refuses an abusive message ([`MAX_STRIKES`]); false once the client
    /// has been refused too often, after telling it why with a close frame.
    async fn strike(&mut self, e: OnlineError) -> bool {
        self.bucket.strikes += 1;
        if !self.refuse(e).await {
            return false;
        }
        if self.bucket.strikes < MAX_STRIKES {
            return true;
        }
        let close = CloseFrame {
            code: close_code::POLICY,
            reason: "too many refused messages".into(),
        };
        let _ = timeout(SEND_DEADLINE, self.socket.send(Message::Close(Some(close)))).await;
        false
    }

    /// Reads and checks one message: text, within size and rate, one of
    /// [`ClientMessage`].
    async fn read(&mut self, msg: Option<Result<Message, axum::Error>>) -> Incoming {
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Binary(_))) => {
                self.last_heard = Instant::now();
                let e = OnlineError::detail(Code::BadMessage, "send text frames of JSON");
                return self.refused(e).await;
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {
                self.last_heard = Instant::now();
                return Incoming::Skip;
            }
            Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return Incoming::Closed,
        };
        self.last_heard = Instant::now();
        if !self.bucket.take() {
            return self.refused(OnlineError::code(Code::RateLimited)).await;
        }
        if text.len() > MAX_MESSAGE {
            return self.refused(OnlineError::too_large(MAX_MESSAGE)).await;
        }
        match ClientMessage::parse(text.as_str()) {
            Ok(m) => Incoming::Message(m),
            Err(e) => self.refused(e).await,
        }
    }

    async fn refused(&mut self, e: OnlineError) -> Incoming {
        if self.strike(e).await {
            Incoming::Skip
        } else {
            Incoming::Closed
        }
    }
}

async fn session(hub: Arc<Hub>, id: String, socket: WebSocket, slot: AddrSlot) {
    let mut c = Conn {
        socket,
        bucket: Bucket::new(),
        last_heard: Instant::now(),
    };
    // Hello first.
    let deadline = Instant::now() + HELLO_DEADLINE;
    let mut who = Speaker {
        addr: slot.addr(),
        ..Speaker::default()
    };
    let mut hello = loop {
        let Ok(msg) = tokio::time::timeout_at(deadline, c.socket.recv()).await else {
            return;
        };
        let (token, name) = match c.read(msg).await {
            Incoming::Message(ClientMessage::Hello { token, name }) => (token, name),
            Incoming::Message(_) => {
                if !c.strike(OnlineError::code(Code::HelloFirst)).await {
                    return;
                }
                continue;
            }
            Incoming::Skip => continue,
            Incoming::Closed => return,
        };
        let Ok(tok) = token.optional() else {
            if !c.strike(OnlineError::code(Code::BadToken)).await {
                return;
            }
            continue;
        };
        // A spectator may give a name for the chat (a player's is its seat's).
        who.name = match name
            .optional()
            .map(|n| n.map(|n| super::names::normalise(&n)))
        {
            Ok(None) => None,
            Ok(Some(Ok(n))) => Some(n),
            Ok(Some(Err(e))) => {
                if !c.refuse(e).await {
                    return;
                }
                continue;
            }
            Err(_) => {
                let e = OnlineError::detail(Code::BadName, "name is a string");
                if !c.refuse(e).await {
                    return;
                }
                continue;
            }
        };
        match hub.hello(&id, tok.as_deref()).await {
            Ok(h) => break h,
            Err(e) => {
                let fatal = e.code == Code::NoTable || e.code == Code::TooManyWatchers;
                // A token that proves no seat: guessing counts.
                let sent = if e.code == Code::BadToken {
                    c.strike(e).await
                } else {
                    c.refuse(e).await
                };
                if !sent || fatal {
                    return;
                }
            }
        }
    };
    let seat = hello.seat;
    who.seat = seat;
    if seat.is_some() {
        who.name = None;
    }
    let welcome = ServerMessage::Welcome { seat, table: &id }.frame();
    let mut ok = c.send(&welcome).await;
    // The game and the chat so far (ONLINE.md: after the welcome), then
    // the seats and the state as before, then a rematch offer if any.
    // Boxed: the history is built on the way, and kept out of every
    // connection's task.
    let mut offer = None;
    if let (true, Some(a)) = (ok, hello.arrival.take()) {
        let (frames, o) = Box::pin(hub.arrival_frames(&id, a)).await;
        offer = o;
        for f in &frames {
            ok = ok && c.send(f).await;
        }
    }
    ok = ok && c.send(&hello.seats_msg).await;
    if let (true, Some(s)) = (ok, &hello.state_msg) {
        ok = c.send(s).await;
    }
    if let (true, Some(o)) = (ok, offer) {
        ok = c.send(&o).await;
    }
    let mut ping = tokio::time::interval_at(Instant::now() + PING_EVERY, PING_EVERY);
    while ok {
        tokio::select! {
            msg = c.socket.recv() => {
                let m = match c.read(msg).await {
                    Incoming::Message(m) => m,
                    Incoming::Skip => continue,
                    Incoming::Closed => break,
                };
                ok = match handle(&hub, &id, &mut who, m).await {
                    // A message this server does not understand counts;
                    // the game's own refusals do not.
                    Err(e) if e.code == Code::BadMessage => c.strike(e).await,
                    Err(e) => c.refuse(e).await,
                    Ok(Some(answer)) => c.send(&answer).await,
                    Ok(None) => true,
                };
            }
            b = hello.rx.recv() => match b {
                Ok(m) => {
                    ok = c.send(&m).await && &*m != EXPIRED;
                }
                Err(RecvError::Lagged(_)) => {
                    // Skip what was missed: the newest seats and state say it all.
                    let (seats, state) = hub.current(&hello.handle).await;
                    ok = c.send(&seats).await;
                    if let (true, Some(s)) = (ok, state) {
                        ok = c.send(&s).await;
                    }
                }
                Err(RecvError::Closed) => break,
            },
            _ = ping.tick() => {
                ok = c.last_heard.elapsed() < SILENT
                    && matches!(
                        timeout(SEND_DEADLINE, c.socket.send(Message::Ping(Default::default()))).await,
                        Ok(Ok(()))
                    );
            }
        }
    }
    hub.bye(&hello.handle, seat).await;
}

/// One message after the hello; `Some`: the answer to its sender alone.
async fn handle(
    hub: &Arc<Hub>,
    id: &str,
    who: &mut Speaker,
    m: ClientMessage,
) -> Result<Option<Arc<str>>, OnlineError> {
    let seat = who.seat;
    let seated = || seat.ok_or_else(|| OnlineError::code(Code::BadToken));
    match m {
        ClientMessage::Act { moves, action } => {
            let seat = seated()?;
            let n = ClientMessage::moves(moves)?;
            hub.act(id, seat, n, &action).await.map(|()| None)
        }
        ClientMessage::Replace { seat: k } => {
            seated()?;
            let k = k
                .required()
                .ok_or_else(|| OnlineError::detail(Code::BadMessage, "seat is a whole number"))?;
            hub.replace(id, k).await.map(|()| None)
        }
        // Anyone at the table may ask: the odds are public (hub/odds.rs).
        // Boxed: awaited inline, the odds' state (a whole Game) would be
        // part of every connection's task, asked or not (see the test
        // below).
        ClientMessage::Odds { moves } => {
            let n = ClientMessage::moves(moves)?;
            Box::pin(hub.odds(id, n)).await.map(Some)
        }
        ClientMessage::Ping => Ok(Some(ServerMessage::Pong.frame())),
        // Meeting strangers (hub/meet.rs): anyone at the table may chat
        // (spectators unless the creator said no); the creator says; a
        // seated player asks for a rematch.
        ClientMessage::Chat { text, phrase } => {
            hub.chat(id, who, text, phrase).await.map(|()| None)
        }
        ClientMessage::ChatSettings { spectators } => {
            hub.chat_settings(id, seat, spectators).await.map(|()| None)
        }
        ClientMessage::Rematch => Box::pin(hub.rematch(id, seat, who.addr)).await.map(Some),
        ClientMessage::History => Box::pin(hub.history_now(id, who)).await.map(Some),
        ClientMessage::Hello { .. } => Err(OnlineError::detail(
            Code::BadMessage,
            "hello was said already",
        )),
        ClientMessage::Unknown => Err(OnlineError::detail(Code::BadMessage, "unknown type")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::future::Future;

    /// Bytes of the future an async fn returns, read off its type (no
    /// arguments needed).
    fn future_size<F: Future>(_: impl FnOnce(Arc<Hub>, String, WebSocket, AddrSlot) -> F) -> usize {
        std::mem::size_of::<F>()
    }

    /// Every open connection holds its session's future, and what the
    /// session awaits inline is part of it, used or not. A `Game` by value
    /// is several times a connection's whole state, and one kept across an
    /// await made every connection that much heavier, twice (the odds, then
    /// the act's copy of the game); such state lives on the heap. The
    /// budget leaves room for a compiler's changes, not for a game.
    #[test]
    fn a_connection_future_stays_small() {
        const BUDGET: usize = 3 * 1024;
        let bytes = future_size(session);
        assert!(
            bytes <= BUDGET,
            "a connection's future is {bytes} bytes, over {BUDGET}: \
             what does the session keep across an await?"
        );
    }
}
