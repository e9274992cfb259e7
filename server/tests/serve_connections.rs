//! `tongiaki serve` under the hardening probes of issue 11 on connections:
//! slow clients cannot lock others out, connections past the per-address
//! bound get a whole 503, a client that stops reading is dropped. The probes
//! print their counts (`cargo test -- --nocapture` shows them).

use crate::serve_common::*;

/// The probe of issue 11: clients each sending one byte at a time held the
/// old server's connections and locked everyone else out. Here 300 clients
/// trickle one byte per second; another client is still answered promptly
/// throughout, every trickling connection is closed at the header deadline
/// (10 s) however it trickles, and connections past the per-address bound
/// are refused with a whole 503 rather than a reset.
#[test]
fn slow_clients_do_not_lock_others_out() {
    let s = TestServer::start("slow");
    let clients = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    clients.block_on(slow_clients(&s));
    s.assert_alive();
}

async fn slow_clients(s: &TestServer) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let limits = Limits::default();
    let addr = s.addr;
    let trickle = Duration::from_secs(1);
    let run_for = limits.header_read_timeout + Duration::from_secs(3);

    #[derive(Debug)]
    #[allow(dead_code)] // Broken's reason is read through Debug, in the assertion
    enum Outcome {
        /// Closed by the server after this long, having sent this many bytes.
        Closed(Duration, usize),
        /// Refused with a complete 503.
        Refused,
        /// Reset or cut off without a complete answer.
        Broken(String),
        /// Still open when the test stopped looking.
        Open,
    }

    async fn slow_client(
        from: std::net::Ipv4Addr,
        addr: SocketAddr,
        trickle: Duration,
        run_for: Duration,
    ) -> Outcome {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(SocketAddr::from((from, 0))).unwrap();
        let stream = match socket.connect(addr).await {
            Ok(s) => s,
            Err(e) => return Outcome::Broken(format!("connect: {e}")),
        };
        let started = Instant::now();
        let (mut rd, mut wr) = stream.into_split();
        let head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ";
        let sent = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&sent);
        let writer = tokio::spawn(async move {
            for b in head.iter().chain(std::iter::repeat(&b'a')) {
                if wr.write_all(&[*b]).await.is_err() {
                    break;
                }
                counter.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(trickle).await;
            }
        });
        let mut got = Vec::new();
        let mut chunk = [0u8; 1024];
        let outcome = loop {
            match tokio::time::timeout_at((started + run_for).into(), rd.read(&mut chunk)).await {
                Err(_) => break Outcome::Open,
                Ok(Ok(0)) | Ok(Err(_)) => {
                    let text = String::from_utf8_lossy(&got);
                    if text.starts_with("HTTP/1.1 503") {
                        break if text.ends_with("too many connections from your address\n") {
                            Outcome::Refused
                        } else {
                            Outcome::Broken(format!("incomplete 503: {text:?}"))
                        };
                    }
                    break Outcome::Closed(started.elapsed(), 0);
                }
                Ok(Ok(n)) => got.extend_from_slice(&chunk[..n]),
            }
        };
        writer.abort();
        match outcome {
            Outcome::Closed(after, _) => Outcome::Closed(after, sent.load(Ordering::SeqCst)),
            other => other,
        }
    }

    let mut tasks = Vec::new();
    // 150 clients from 150 addresses, 150 from one address
    for i in 1..=150u8 {
        tasks.push(tokio::spawn(slow_client(
            std::net::Ipv4Addr::new(127, 0, 1, i),
            addr,
            trickle,
            run_for,
        )));
    }
    for _ in 0..150 {
        tasks.push(tokio::spawn(slow_client(
            std::net::Ipv4Addr::new(127, 0, 0, 2),
            addr,
            trickle,
            run_for,
        )));
    }
    // meanwhile another client asks for the page every half second
    let probe_for = limits.header_read_timeout + Duration::from_secs(1);
    let probe = tokio::task::spawn_blocking(move || {
        let mut latencies = Vec::new();
        let until = Instant::now() + probe_for;
        while Instant::now() < until {
            let t = Instant::now();
            let r = get(addr, "/");
            latencies.push((r.status, t.elapsed()));
            std::thread::sleep(Duration::from_millis(500));
        }
        latencies
    });
    let mut outcomes = Vec::new();
    for t in tasks {
        outcomes.push(t.await.unwrap());
    }
    let latencies = probe.await.unwrap();

    let closed: Vec<(Duration, usize)> = outcomes
        .iter()
        .filter_map(|o| match o {
            Outcome::Closed(d, n) => Some((*d, *n)),
            _ => None,
        })
        .collect();
    let refused = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::Refused))
        .count();
    let broken: Vec<_> = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::Broken(_)))
        .collect();
    let open = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::Open))
        .count();
    let earliest = closed.iter().map(|c| c.0).min().unwrap_or_default();
    let latest = closed.iter().map(|c| c.0).max().unwrap_or_default();
    let slowest = latencies.iter().map(|l| l.1).max().unwrap_or_default();
    let answered = latencies.iter().filter(|l| l.0 == 200).count();
    println!(
        "slow clients: {} connections trickling 1 byte/s (150 from 150 addresses, 150 from one); accepted and closed by the {} s header deadline: {} (after {:.1}–{:.1} s, each having sent ≥{} bytes); refused with a complete 503 (per-address bound {}): {refused}; reset or cut: {}; still open: {open}; other client: {answered}/{} answered 200, slowest {} ms",
        outcomes.len(),
        limits.header_read_timeout.as_secs(),
        closed.len(),
        earliest.as_secs_f64(),
        latest.as_secs_f64(),
        closed.iter().map(|c| c.1).min().unwrap_or(0),
        limits.max_connections_per_address,
        broken.len(),
        latencies.len(),
        slowest.as_millis()
    );
    assert!(broken.is_empty(), "{broken:?}");
    assert_eq!(open, 0);
    assert_eq!(closed.len(), 150 + limits.max_connections_per_address);
    assert_eq!(refused, 150 - limits.max_connections_per_address);
    assert!(earliest >= limits.header_read_timeout - Duration::from_millis(500));
    assert!(latest <= limits.header_read_timeout + Duration::from_secs(2));
    assert_eq!(answered, latencies.len());
    // Served while the slow clients hold their connections: not locked out
    // (the old server made others wait until the slow ones timed out). The
    // bound leaves room for a loaded 2-core CI machine, where the probe can
    // wait for a core while 200 connections are closed at the deadline.
    assert!(slowest < Duration::from_secs(3), "{slowest:?}");
}

#[test]
fn connections_past_the_bound_get_a_whole_503() {
    let limits = Limits {
        max_connections: 20,
        ..Limits::default()
    };
    let s = TestServer::with_limits("bound", limits);
    // 20 idle connections take every slot
    let idle: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut c = connect(s.addr);
            c.write_all(b"GET").ok();
            c
        })
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let mut whole = 0;
    let mut other = Vec::new();
    for _ in 0..60 {
        // each refused client has sent its whole request: the answer must
        // still arrive intact, with no reset
        let buf = exchange(
            s.addr,
            b"GET / HTTP/1.1\r\nHost: x\r\nX-Pad: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n",
            Duration::from_secs(5),
        );
        let text = String::from_utf8_lossy(&buf);
        if text.starts_with("HTTP/1.1 503") && text.ends_with("too many connections\n") {
            whole += 1;
        } else {
            other.push(text.into_owned());
        }
    }
    println!("connection bound: 20 connections open, 60 more refused with a whole 503: {whole}, otherwise: {}", other.len());
    assert_eq!(whole, 60, "{other:?}");
    drop(idle);
    std::thread::sleep(Duration::from_millis(200));
    s.assert_alive();
}

#[test]
fn a_client_that_stops_reading_is_dropped() {
    let limits = Limits {
        write_stall_timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let s = TestServer::with_limits("stall", limits);
    let size = 48 << 20;
    s.tree.write("www/huge.bin", &vec![7u8; size]);
    let mut c = connect(s.addr);
    c.write_all(b"GET /huge.bin HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    // do not read for a while: the server's writes stall
    std::thread::sleep(Duration::from_secs(3));
    c.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut got = 0usize;
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        match c.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => got += n,
        }
    }
    println!("write stall: the server gave up after {got} of {size} bytes");
    assert!(
        got < size,
        "the whole file arrived: the connection was not dropped"
    );
    s.assert_alive();
}
