//! Connections: the accept loop and what bounds each client.
//!
//! - A connection holds a slot, counted in all and per client address (per
//!   /64 for IPv6). Past either bound a new connection gets a short
//!   `503 Service Unavailable` and a clean close: the answer, then a FIN,
//!   then what the client still sends is read and dropped for a moment, so
//!   closing does not reset the connection and destroy the answer.
//! - The bound is shared fairly: an address's first [`LIGHT`] connections
//!   count as light (a player has one or two), the rest as heavy, and heavy
//!   connections together hold at most half the server. A few addresses
//!   with many connections each can never take every slot (issue 29: 16
//!   addresses with 32 idle sockets each filled the 512): half stays for
//!   addresses with few. Unless one address may hold the whole server
//!   (`--max-connections-per-addr` at least `--max-connections`, as behind
//!   a proxy): then it may.
//! - hyper's header deadline: a request's whole head must arrive within
//!   `header_read_timeout` of the connection becoming ready for it (also
//!   between keep-alive requests), however slowly its bytes trickle in.
//! - A write that makes no progress for `write_stall_timeout` (a client
//!   that stopped reading) ends the connection.
//!
//! The slot lives inside the connection's I/O object, so it is held as long
//! as the socket is, also after an upgrade (WebSocket).

use super::Limits;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv6Addr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify, Semaphore};
use tokio::time::Sleep;

/// Refusals being sent at once; past this a refused connection is just
/// closed.
const MAX_REFUSALS: usize = 256;
/// How long a refusal waits for the client's remaining bytes.
const REFUSAL_LINGER: Duration = Duration::from_secs(2);
/// How long a shutdown waits for open connections to finish.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);
/// Connections of one address that count as light (see the module's
/// documentation); past them, an address's connections are heavy.
pub(crate) const LIGHT: usize = 8;

/// The connection counts, in all and per client address.
pub(crate) struct Slots {
    counts: Mutex<Counts>,
    max_total: usize,
    max_per_address: usize,
    all_closed: Notify,
}

#[derive(Default)]
struct Counts {
    total: usize,
    /// Connections past each address's first [`LIGHT`], added up.
    heavy: usize,
    per_address: HashMap<IpAddr, usize>,
}

/// Why a connection was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Full {
    Server,
    Address,
}

/// One connection's place in [`Slots`]; given back when dropped.
pub(crate) struct Slot {
    slots: Arc<Slots>,
    address: IpAddr,
}

/// The address a client is counted under: IPv4 as it is, IPv6 by its /64
/// (one host usually has a whole /64).
pub(crate) fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

impl Slots {
    pub(crate) fn new(limits: &Limits) -> Arc<Slots> {
        Arc::new(Slots {
            counts: Mutex::new(Counts::default()),
            max_total: limits.max_connections,
            max_per_address: limits.max_connections_per_address,
            all_closed: Notify::new(),
        })
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn take(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, Full> {
        let address = client_key(ip);
        let mut counts = self.counts();
        if counts.total >= self.max_total {
            return Err(Full::Server);
        }
        let mine = counts.per_address.get(&address).copied().unwrap_or(0);
        if mine >= self.max_per_address {
            return Err(Full::Address);
        }
        let heavy = mine >= LIGHT;
        if heavy && counts.heavy >= self.heavy_cap() {
            return Err(Full::Address);
        }
        *counts.per_address.entry(address).or_insert(0) += 1;
        counts.heavy += heavy as usize;
        counts.total += 1;
        Ok(Slot {
            slots: Arc::clone(self),
            address,
        })
    }

    /// Places heavy connections may hold together: half the server, or all
    /// of it when one address may have all of it (behind a proxy every
    /// client shares the proxy's address; fairness between addresses is
    /// then the proxy's).
    fn heavy_cap(&self) -> usize {
        if self.max_per_address >= self.max_total {
            self.max_total
        } else {
            self.max_total / 2
        }
    }

    /// Waits until no connection is open.
    async fn closed(&self) {
        loop {
            let notified = self.all_closed.notified();
            if self.counts().total == 0 {
                return;
            }
            notified.await;
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.slots.counts();
        let mut was_heavy = false;
        if let Some(n) = counts.per_address.get_mut(&self.address) {
            was_heavy = *n > LIGHT;
            *n -= 1;
            if *n == 0 {
                counts.per_address.remove(&self.address);
            }
        }
        counts.heavy -= was_heavy as usize;
        counts.total -= 1;
        if counts.total == 0 {
            self.slots.all_closed.notify_waiters();
        }
    }
}

/// A client's socket with its slot and a deadline on stalled writes.
pub(crate) struct ConnIo {
    stream: TcpStream,
    write_stall: Duration,
    stalled_since: Option<Pin<Box<Sleep>>>,
    _slot: Slot,
}

impl ConnIo {
    fn new(stream: TcpStream, write_stall: Duration, slot: Slot) -> ConnIo {
        ConnIo {
            stream,
            write_stall,
            stalled_since: None,
            _slot: slot,
        }
    }

    /// After the socket said Pending: Pending until the stall deadline,
    /// then an error that ends the connection.
    fn stalled<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let write_stall = self.write_stall;
        let sleep = self
            .stalled_since
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(write_stall)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped reading",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn progress<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match poll {
            Poll::Ready(r) => {
                self.stalled_since = None;
                Poll::Ready(r)
            }
            Poll::Pending => self.stalled(cx),
        }
    }
}

impl AsyncRead for ConnIo {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for ConnIo {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write(cx, buf);
        this.progress(cx, poll)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        this.progress(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let poll = Pin::new(&mut this.stream).poll_flush(cx);
        this.progress(cx, poll)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Answers a connection past the bounds with a 503 and closes it without a
/// reset; at most [`MAX_REFUSALS`] at once, past that it is just closed.
fn refuse(mut stream: TcpStream, refusals: &Arc<Semaphore>, why: Full) {
    let Ok(permit) = Arc::clone(refusals).try_acquire_owned() else {
        return;
    };
    tokio::spawn(async move {
        let _permit = permit;
        let body = match why {
            Full::Server => "503 Service Unavailable: the server has too many connections\n",
            Full::Address => "503 Service Unavailable: too many connections from your address\n",
        };
        let answer = format!(
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
             Content-Length: {}\r\nRetry-After: 5\r\nCache-Control: no-store\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        );
        let _ = tokio::time::timeout(REFUSAL_LINGER, async {
            stream.write_all(answer.as_bytes()).await?;
            stream.shutdown().await?;
            let mut sink = [0u8; 4096];
            let mut left: usize = 64 * 1024;
            while left > 0 {
                match stream.read(&mut sink).await? {
                    0 => break,
                    n => left = left.saturating_sub(n),
                }
            }
            Ok::<(), io::Error>(())
        })
        .await;
    });
}

/// Errors from `accept` that concern one client only.
fn client_gone(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
            | io::ErrorKind::WouldBlock
    )
}

/// Accepts connections on `listener` and serves `router` on each until
/// `shutdown` completes; then stops accepting, lets open connections finish
/// what they are doing (at most [`SHUTDOWN_GRACE`]) and returns.
pub(crate) async fn accept_loop(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    log: super::Log,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let slots = Slots::new(&limits);
    let refusals = Arc::new(Semaphore::new(MAX_REFUSALS));
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_header_size(limits.max_header_bytes)
        .max_headers(limits.max_headers)
        .keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) if client_gone(&e) => continue,
                Err(e) => {
                    // Out of file descriptors or similar: wait a moment
                    // rather than spin.
                    log.line(&format!("accept failed: {}", super::log::escape(e.to_string().as_bytes())));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let slot = match slots.take(peer.ip()) {
            Ok(slot) => slot,
            Err(why) => {
                refuse(stream, &refusals, why);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(ConnIo::new(stream, limits.write_stall_timeout, slot));
        let service = tower::ServiceBuilder::new()
            .map_request(move |mut req: axum::http::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req
            })
            .service(router.clone());
        let conn = http
            .serve_connection(io, TowerToHyperService::new(service))
            .with_upgrades();
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let stopping = async move {
                let _ = stop.wait_for(|stopping| *stopping).await.map(|_| ());
            };
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                () = stopping => {
                    conn.as_mut().graceful_shutdown();
                    let _ = conn.await;
                }
            }
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, slots.closed()).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_bound_all_and_per_address() {
        let limits = Limits {
            max_connections: 3,
            max_connections_per_address: 2,
            ..Limits::default()
        };
        let slots = Slots::new(&limits);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = slots.take(a).unwrap();
        let _a2 = slots.take(a).unwrap();
        assert_eq!(slots.take(a).err(), Some(Full::Address));
        let _b1 = slots.take(b).unwrap();
        assert_eq!(slots.take(b).err(), Some(Full::Server));
        drop(a1);
        assert!(slots.take(a).is_ok());
    }

    /// Issue 29: addresses with many connections share half the server;
    /// the other half stays for addresses with few.
    #[test]
    fn heavy_addresses_share_half_the_server() {
        let limits = Limits {
            max_connections: 100,
            max_connections_per_address: 30,
            ..Limits::default()
        };
        let slots = Slots::new(&limits);
        let ip = |i: u8| IpAddr::from([10, 0, 0, i]);
        let greedy = |a: u8| -> Vec<Slot> {
            let mut held = Vec::new();
            while let Ok(s) = slots.take(ip(a)) {
                held.push(s);
            }
            held
        };
        // Greedy addresses: 8 light each, then heavy ones until heavy
        // connections hold half the server (50).
        let held: Vec<Vec<Slot>> = (1..=4).map(greedy).collect();
        let sizes: Vec<usize> = held.iter().map(Vec::len).collect();
        assert_eq!(sizes, [30, 30, LIGHT + 6, LIGHT]);
        assert_eq!(slots.counts().heavy, 50);
        assert_eq!(slots.take(ip(4)).err(), Some(Full::Address));
        // Fresh addresses still get their light connections.
        let fresh: Vec<Slot> = (0..LIGHT).filter_map(|_| slots.take(ip(9)).ok()).collect();
        assert_eq!(fresh.len(), LIGHT);
        // A heavy connection closed frees a heavy place.
        let mut held = held;
        held[0].pop();
        assert_eq!(slots.counts().heavy, 49);
        let again = slots.take(ip(4));
        assert!(again.is_ok());
        assert_eq!(slots.take(ip(4)).err(), Some(Full::Address));
    }

    /// Issue 29: behind a proxy every client has the proxy's address, and
    /// docs/api.md says to raise the bound per address to the total; then
    /// that one address may take every place (the load test's 1,500 tables
    /// from 127.0.0.1 were held to half the default 8,192).
    #[test]
    fn one_address_allowed_the_whole_server_gets_it() {
        let limits = Limits {
            max_connections: 100,
            max_connections_per_address: 100,
            ..Limits::default()
        };
        let slots = Slots::new(&limits);
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let held: Vec<Slot> = (0..100).filter_map(|_| slots.take(proxy).ok()).collect();
        assert_eq!(held.len(), 100);
        assert_eq!(slots.take(proxy).err(), Some(Full::Server));
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64() {
        let one: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let two: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(client_key(one), client_key(two));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(client_key(mapped), "10.0.0.1".parse::<IpAddr>().unwrap());
    }
}
