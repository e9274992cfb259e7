//! The harness of `serve.rs`, `serve_probes.rs` and `serve_connections.rs`:
//! a throwaway tree of files with traps around it, the server started
//! in-process on 127.0.0.1 port 0, and raw-socket requests and responses.
#![allow(dead_code, unused_imports)]

pub use std::io::{BufRead, BufReader, Read, Write};
pub use std::net::{SocketAddr, TcpStream};
pub use std::path::PathBuf;
pub use std::sync::atomic::{AtomicUsize, Ordering};
pub use std::sync::{Arc, Mutex};
pub use std::time::{Duration, Instant};
pub use tongiaki_server::online;
pub use tongiaki_server::serve::{router, Config, Limits, Log, Server};

// ---------------------------------------------------------------- harness

/// The text of every file outside the roots: no answer may contain it.
pub const SECRET: &str = "SECRET-OUTSIDE-THE-ROOTS";
/// The text of the dotfiles inside the roots: no answer may contain it.
pub const DOTFILE: &str = "DOTFILE-NEVER-SERVED";

/// A throwaway tree: `www/`, `pkg/`, and beside them files that must never
/// be served.
pub struct TempTree(pub PathBuf);

impl TempTree {
    pub fn new(tag: &str) -> TempTree {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "tongiaki-serve-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempTree(dir)
    }

    pub fn write(&self, rel: &str, contents: &[u8]) {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, contents).unwrap();
    }

    #[cfg(unix)]
    pub fn symlink(&self, target: &str, link: &str) {
        std::os::unix::fs::symlink(target, self.0.join(link)).unwrap();
    }

    /// The game's files and the traps around them.
    pub fn game(tag: &str) -> TempTree {
        let t = TempTree::new(tag);
        t.write("www/index.html", b"<!doctype html><title>Tongiaki</title>");
        t.write("www/js/app.mjs", b"export const x = 1;\n");
        t.write("www/js/main.js", b"console.log(1);\n");
        t.write("www/manifest.webmanifest", b"{\"name\": \"Tongiaki\"}");
        t.write(
            "www/sw.js",
            b"self.addEventListener(\"fetch\", () => {});\n",
        );
        t.write(
            "www/icon.svg",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        );
        t.write(
            "www/style.css",
            "body { margin: 0 }\n".repeat(50).as_bytes(),
        );
        t.write("www/sub/index.html", b"sub");
        t.write("www/lang/index.html", b"lang");
        t.write("www/lang/en.js", b"export default {};\n");
        t.write("www/nodir/file.txt", b"a directory without index.html");
        t.write("www/with space.txt", b"spaced");
        t.write("www/.env", DOTFILE.as_bytes());
        t.write("www/.git/config", DOTFILE.as_bytes());
        t.write("www/sub/.hidden", DOTFILE.as_bytes());
        t.write("pkg/tongiaki_bg.wasm", b"\0asm\x01\0\0\0");
        t.write("pkg/big_bg.wasm", &wasm_like(4096));
        t.write("pkg/tongiaki.js", b"export default 1;");
        t.write("pkg/tongiaki.d.ts", b"export function f(): void;\n");
        t.write("pkg/.gitignore", DOTFILE.as_bytes());
        t.write("secret.txt", SECRET.as_bytes());
        t.write("outside/secret2.txt", SECRET.as_bytes());
        t.write("outside/index.html", SECRET.as_bytes());
        #[cfg(unix)]
        {
            t.symlink("../secret.txt", "www/leak.txt");
            t.symlink("../outside", "www/linkdir");
            t.symlink("..", "pkg/up");
            t.symlink("js", "www/inlink");
            t.symlink(".env", "www/dotlink.txt");
        }
        t
    }
}

impl Drop for TempTree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Bytes that compress well, starting like a wasm module.
pub fn wasm_like(n: usize) -> Vec<u8> {
    let mut v = b"\0asm\x01\0\0\0".to_vec();
    while v.len() < n {
        v.extend_from_slice(b"\x01\x02\x03\x04 tongiaki ");
    }
    v
}

/// A server on its own runtime (two worker threads, like the machine it
/// runs on), stopped and joined when dropped.
pub struct TestServer {
    pub addr: SocketAddr,
    pub lines: Arc<Mutex<Vec<String>>>,
    pub stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub thread: Option<std::thread::JoinHandle<()>>,
    pub tree: TempTree,
}

impl TestServer {
    pub fn start(tag: &str) -> TestServer {
        TestServer::with_limits(tag, Limits::default())
    }

    pub fn with_limits(tag: &str, limits: Limits) -> TestServer {
        let tree = TempTree::game(tag);
        let lines = Arc::new(Mutex::new(Vec::new()));
        let mut config = Config {
            www: tree.0.join("www"),
            pkg: tree.0.join("pkg"),
            addr: "127.0.0.1:0".parse().unwrap(),
            limits,
            log: Log::Lines(Arc::clone(&lines)),
            tables: None,
        };
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let db = format!("sqlite:{}", tree.0.join("tables.db").display());
        let server = runtime
            .block_on(async {
                let tables = online::Config::default();
                config.tables = Some(online::start(&db, tables).await.unwrap());
                Server::bind(config).await
            })
            .unwrap();
        let addr = server.local_addr();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            runtime
                .block_on(server.run_until(async {
                    let _ = stopped.await;
                }))
                .unwrap();
        });
        TestServer {
            addr,
            lines,
            stop: Some(stop),
            thread: Some(thread),
            tree,
        }
    }

    pub fn log(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }

    /// The server still answers: nothing crashed it.
    pub fn assert_alive(&self) {
        let r = get(self.addr, "/");
        assert_eq!(r.status, 200, "the server no longer serves /");
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

pub fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s
}

/// Sends raw request bytes on a fresh connection and reads to EOF (or
/// until `wait` passes without a byte); returns all bytes read.
pub fn exchange(addr: SocketAddr, request: &[u8], wait: Duration) -> Vec<u8> {
    let mut s = connect(addr);
    s.set_read_timeout(Some(wait)).unwrap();
    let _ = s.write_all(request);
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match s.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
    buf
}

/// One response on a fresh connection (the request should close it).
pub fn raw(addr: SocketAddr, request: &[u8]) -> Response {
    let buf = exchange(addr, request, Duration::from_secs(10));
    let mut reader = BufReader::new(&buf[..]);
    read_response(&mut reader, false).expect("a complete response")
}

pub fn get(addr: SocketAddr, path: &str) -> Response {
    get_with(addr, path, "")
}

/// GET with extra header lines (each ending in CRLF).
pub fn get_with(addr: SocketAddr, path: &str, headers: &str) -> Response {
    raw(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n").as_bytes(),
    )
}

/// Reads one response (head, then a Content-Length or chunked body, or to
/// EOF). `head_only` for the answer to a HEAD.
pub fn read_response(reader: &mut impl BufRead, head_only: bool) -> Option<Response> {
    let mut line = String::new();
    if reader.read_line(&mut line).ok()? == 0 {
        return None;
    }
    let status: u16 = line.split(' ').nth(1)?.parse().ok()?;
    let mut headers = Vec::new();
    loop {
        let mut h = String::new();
        reader.read_line(&mut h).ok()?;
        let h = h.trim_end_matches(['\r', '\n']);
        if h.is_empty() {
            break;
        }
        let (n, v) = h.split_once(':')?;
        headers.push((n.to_string(), v.trim().to_string()));
    }
    let mut r = Response {
        status,
        headers,
        body: Vec::new(),
    };
    if head_only || status == 304 || status == 301 && r.header("content-length").is_none() {
        return Some(r);
    }
    if r.header("transfer-encoding") == Some("chunked") {
        loop {
            let mut size = String::new();
            reader.read_line(&mut size).ok()?;
            let n = usize::from_str_radix(size.trim(), 16).ok()?;
            let mut chunk = vec![0u8; n + 2];
            reader.read_exact(&mut chunk).ok()?;
            if n == 0 {
                break;
            }
            r.body.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(len) = r.header("content-length") {
        let mut body = vec![0u8; len.parse().ok()?];
        reader.read_exact(&mut body).ok()?;
        r.body = body;
    } else {
        reader.read_to_end(&mut r.body).ok()?;
    }
    Some(r)
}

/// A keep-alive connection for many requests in a row (reconnects when
/// the server closed it, e.g. after a 400).
pub struct Client {
    pub addr: SocketAddr,
    pub conn: Option<(TcpStream, BufReader<TcpStream>)>,
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    pub fn send(&mut self, request_line_target: &[u8]) -> Response {
        for _ in 0..2 {
            if self.conn.is_none() {
                let s = connect(self.addr);
                let r = BufReader::new(s.try_clone().unwrap());
                self.conn = Some((s, r));
            }
            let (s, r) = self.conn.as_mut().unwrap();
            let mut req = b"GET ".to_vec();
            req.extend_from_slice(request_line_target);
            req.extend_from_slice(b" HTTP/1.1\r\nHost: x\r\n\r\n");
            if s.write_all(&req).is_ok() {
                if let Some(resp) = read_response(r, false) {
                    if resp
                        .header("connection")
                        .is_some_and(|c| c.eq_ignore_ascii_case("close"))
                    {
                        self.conn = None;
                    }
                    return resp;
                }
            }
            self.conn = None;
        }
        panic!(
            "no answer for {}",
            String::from_utf8_lossy(request_line_target)
        );
    }
}

/// Tallies of statuses, printed as `404×12 400×3`.
pub fn tally(statuses: &[u16]) -> String {
    let mut counts: std::collections::BTreeMap<u16, usize> = Default::default();
    for s in statuses {
        *counts.entry(*s).or_default() += 1;
    }
    counts
        .iter()
        .map(|(s, n)| format!("{s}×{n}"))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn leaks(body: &[u8]) -> bool {
    let text = String::from_utf8_lossy(body);
    text.contains(SECRET) || text.contains(DOTFILE) || text.contains("root:x:0:0")
}

// ------------------------------------------------- what the page relies on
