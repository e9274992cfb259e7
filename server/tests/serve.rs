//! `tongiaki serve`, started in-process on 127.0.0.1 port 0 with its online
//! tables (and once as the binary), talked to with raw sockets: what the
//! page relies on (files, MIME types, revalidation, compression, the service
//! worker, HEAD, keep-alive, `/api/` JSON 404s, a WebSocket through the
//! connection loop) and the hardening probes of issue 11
//! (path traversal, slow clients, connection bounds, header smuggling,
//! redirects, dotfiles, one answer for anything not served, log escaping).
//! The probes print their counts (`cargo test -- --nocapture` shows them).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tongiaki_server::online;
use tongiaki_server::serve::{router, Config, Limits, Log, Server};

// ---------------------------------------------------------------- harness

/// The text of every file outside the roots: no answer may contain it.
const SECRET: &str = "SECRET-OUTSIDE-THE-ROOTS";
/// The text of the dotfiles inside the roots: no answer may contain it.
const DOTFILE: &str = "DOTFILE-NEVER-SERVED";

/// A throwaway tree: `www/`, `pkg/`, and beside them files that must never
/// be served.
struct TempTree(PathBuf);

impl TempTree {
    fn new(tag: &str) -> TempTree {
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

    fn write(&self, rel: &str, contents: &[u8]) {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, contents).unwrap();
    }

    #[cfg(unix)]
    fn symlink(&self, target: &str, link: &str) {
        std::os::unix::fs::symlink(target, self.0.join(link)).unwrap();
    }

    /// The game's files and the traps around them.
    fn game(tag: &str) -> TempTree {
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
fn wasm_like(n: usize) -> Vec<u8> {
    let mut v = b"\0asm\x01\0\0\0".to_vec();
    while v.len() < n {
        v.extend_from_slice(b"\x01\x02\x03\x04 tongiaki ");
    }
    v
}

/// A server on its own runtime (two worker threads, like the machine it
/// runs on), stopped and joined when dropped.
struct TestServer {
    addr: SocketAddr,
    lines: Arc<Mutex<Vec<String>>>,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
    tree: TempTree,
}

impl TestServer {
    fn start(tag: &str) -> TestServer {
        TestServer::with_limits(tag, Limits::default())
    }

    fn with_limits(tag: &str, limits: Limits) -> TestServer {
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

    fn log(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }

    /// The server still answers: nothing crashed it.
    fn assert_alive(&self) {
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
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

fn connect(addr: SocketAddr) -> TcpStream {
    let s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s
}

/// Sends raw request bytes on a fresh connection and reads to EOF (or
/// until `wait` passes without a byte); returns all bytes read.
fn exchange(addr: SocketAddr, request: &[u8], wait: Duration) -> Vec<u8> {
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
fn raw(addr: SocketAddr, request: &[u8]) -> Response {
    let buf = exchange(addr, request, Duration::from_secs(10));
    let mut reader = BufReader::new(&buf[..]);
    read_response(&mut reader, false).expect("a complete response")
}

fn get(addr: SocketAddr, path: &str) -> Response {
    get_with(addr, path, "")
}

/// GET with extra header lines (each ending in CRLF).
fn get_with(addr: SocketAddr, path: &str, headers: &str) -> Response {
    raw(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: x\r\n{headers}Connection: close\r\n\r\n").as_bytes(),
    )
}

/// Reads one response (head, then a Content-Length or chunked body, or to
/// EOF). `head_only` for the answer to a HEAD.
fn read_response(reader: &mut impl BufRead, head_only: bool) -> Option<Response> {
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
struct Client {
    addr: SocketAddr,
    conn: Option<(TcpStream, BufReader<TcpStream>)>,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        Client { addr, conn: None }
    }

    fn send(&mut self, request_line_target: &[u8]) -> Response {
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
fn tally(statuses: &[u16]) -> String {
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

fn leaks(body: &[u8]) -> bool {
    let text = String::from_utf8_lossy(body);
    text.contains(SECRET) || text.contains(DOTFILE) || text.contains("root:x:0:0")
}

// ------------------------------------------------- what the page relies on

#[test]
fn serves_files_with_the_right_mime_types() {
    let s = TestServer::start("mime");
    let r = get(s.addr, "/pkg/tongiaki_bg.wasm");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/wasm"));
    assert_eq!(r.body, b"\0asm\x01\0\0\0");
    assert_eq!(r.header("content-length"), Some("8"));
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));

    let js = "text/javascript; charset=utf-8";
    assert_eq!(
        get(s.addr, "/pkg/tongiaki.js").header("content-type"),
        Some(js)
    );
    let r = get(s.addr, "/js/app.mjs");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some(js));
    assert_eq!(r.body, b"export const x = 1;\n");
    let r = get(s.addr, "/js/main.js?v=3");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some(js));
    let r = get(s.addr, "/manifest.webmanifest");
    assert_eq!(r.header("content-type"), Some("application/manifest+json"));
    assert_eq!(
        get(s.addr, "/icon.svg").header("content-type"),
        Some("image/svg+xml")
    );
    assert_eq!(
        get(s.addr, "/style.css").header("content-type"),
        Some("text/css; charset=utf-8")
    );
    assert_eq!(
        get(s.addr, "/pkg/tongiaki.d.ts").header("content-type"),
        Some("text/plain; charset=utf-8")
    );
    let r = get(s.addr, "/with%20space.txt");
    assert_eq!(r.status, 200);
    assert_eq!(r.body, b"spaced");
    // a symlink inside the root is followed
    assert_eq!(
        get(s.addr, "/inlink/app.mjs").body,
        b"export const x = 1;\n"
    );
}

#[test]
fn the_service_worker_is_served_at_the_root() {
    let s = TestServer::start("sw");
    let r = get(s.addr, "/sw.js");
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    assert!(r.text().contains("addEventListener"));
}

#[test]
fn directories_serve_index_html_and_redirect_without_slash() {
    let s = TestServer::start("dirs");
    let r = get(s.addr, "/");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(r.body.starts_with(b"<!doctype html>"));
    let r = get(s.addr, "/?new");
    assert_eq!(r.status, 200);
    let r = get(s.addr, "/sub");
    assert_eq!(r.status, 301);
    assert_eq!(r.header("location"), Some("/sub/"));
    let r = get(s.addr, "/sub/");
    assert_eq!(r.status, 200);
    assert_eq!(r.body, b"sub");
    // pkg/ has no index.html, nor has nodir/
    assert_eq!(get(s.addr, "/pkg/").status, 404);
    assert_eq!(get(s.addr, "/pkg").status, 404);
    assert_eq!(get(s.addr, "/nodir/").status, 404);
    assert_eq!(get(s.addr, "/nodir").status, 404);
    // a file with a trailing slash is not a directory
    assert_eq!(get(s.addr, "/js/app.mjs/").status, 404);
}

#[test]
fn missing_files_are_404_and_other_methods_405() {
    let s = TestServer::start("errors");
    assert_eq!(get(s.addr, "/nope.html").status, 404);
    assert_eq!(get(s.addr, "/pkg/nope.wasm").status, 404);
    let r = raw(
        s.addr,
        b"POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(r.status, 405);
    assert_eq!(r.header("allow"), Some("GET, HEAD"));
    let r = raw(s.addr, b"garbage\r\n\r\n");
    assert_eq!(r.status, 400);
    let long = format!("GET /{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(20_000));
    assert_eq!(raw(s.addr, long.as_bytes()).status, 431);
    // not an origin-form path: nothing is served for it
    let r = raw(
        s.addr,
        b"GET secret.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    );
    assert!(r.status == 400 || r.status == 404, "{}", r.status);
    assert!(!leaks(&r.body));
}

#[test]
fn head_sends_headers_only() {
    let s = TestServer::start("head");
    let mut c = connect(s.addr);
    c.write_all(b"HEAD /pkg/tongiaki_bg.wasm HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut all = Vec::new();
    c.read_to_end(&mut all).unwrap();
    let r = read_response(&mut BufReader::new(&all[..]), true).unwrap();
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-length"), Some("8"));
    assert_eq!(r.header("content-type"), Some("application/wasm"));
    assert!(all.ends_with(b"\r\n\r\n"), "no body after the head");
}

#[test]
fn keep_alive_serves_several_requests_on_one_connection() {
    let s = TestServer::start("keepalive");
    let mut c = connect(s.addr);
    c.write_all(
        b"GET /js/app.mjs HTTP/1.1\r\nHost: x\r\n\r\n\
          GET /pkg/tongiaki.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .unwrap();
    let mut all = Vec::new();
    c.read_to_end(&mut all).unwrap();
    let mut reader = BufReader::new(&all[..]);
    let first = read_response(&mut reader, false).unwrap();
    let second = read_response(&mut reader, false).unwrap();
    assert_eq!((first.status, second.status), (200, 200));
    assert_eq!(first.body, b"export const x = 1;\n");
    assert_eq!(second.body, b"export default 1;");
}

#[test]
fn a_rebuilt_file_shows_on_reload() {
    let s = TestServer::start("revalidate");
    let r = get(s.addr, "/pkg/tongiaki.js");
    assert_eq!(r.header("cache-control"), Some("no-cache"));
    let etag = r.header("etag").expect("an ETag").to_string();
    let modified = r
        .header("last-modified")
        .expect("a Last-Modified")
        .to_string();
    let again = get_with(
        s.addr,
        "/pkg/tongiaki.js",
        &format!("If-None-Match: {etag}\r\n"),
    );
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    let again = get_with(
        s.addr,
        "/pkg/tongiaki.js",
        &format!("If-Modified-Since: {modified}\r\n"),
    );
    assert_eq!(again.status, 304);
    // wasm-pack writes a new file: the same ETag no longer matches
    s.tree
        .write("pkg/tongiaki.js", b"export default 2; // rebuilt");
    let fresh = get_with(
        s.addr,
        "/pkg/tongiaki.js",
        &format!("If-None-Match: {etag}\r\n"),
    );
    assert_eq!(fresh.status, 200);
    assert_eq!(fresh.body, b"export default 2; // rebuilt");
    assert_ne!(fresh.header("etag"), Some(etag.as_str()));
}

#[test]
fn text_and_wasm_are_compressed_when_the_client_asks() {
    let s = TestServer::start("compress");
    let wasm = wasm_like(4096);
    let r = get_with(s.addr, "/pkg/big_bg.wasm", "Accept-Encoding: gzip\r\n");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-encoding"), Some("gzip"));
    assert_eq!(r.header("content-type"), Some("application/wasm"));
    assert!(r.body.len() < wasm.len() / 4, "{} bytes", r.body.len());
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(&r.body[..])
        .read_to_end(&mut plain)
        .unwrap();
    assert_eq!(plain, wasm);
    // a compressed answer is not the tagged bytes: its ETag is weak, and
    // it still revalidates
    let etag = r.header("etag").unwrap().to_string();
    assert!(etag.starts_with("W/\""), "{etag}");
    let again = get_with(
        s.addr,
        "/pkg/big_bg.wasm",
        &format!("Accept-Encoding: gzip\r\nIf-None-Match: {etag}\r\n"),
    );
    assert_eq!(again.status, 304);

    let r = get_with(s.addr, "/style.css", "Accept-Encoding: br\r\n");
    assert_eq!(r.header("content-encoding"), Some("br"));
    assert!(r
        .header("vary")
        .is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding")));
    // not asked: not compressed
    let r = get(s.addr, "/pkg/big_bg.wasm");
    assert_eq!(r.header("content-encoding"), None);
    assert_eq!(r.body, wasm);
}

#[test]
fn unknown_api_paths_get_a_json_404() {
    let s = TestServer::start("api");
    for path in [
        "/api",
        "/api/",
        "/api/nope",
        "/api/tables/7/nope",
        "/api/../index.html",
        "/api/%2e%2e/x",
    ] {
        let r = get(s.addr, path);
        assert_eq!(r.status, 404, "{path}");
        assert_eq!(r.header("content-type"), Some("application/json"), "{path}");
        let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(v["code"], "not_found", "{path}");
        assert_eq!(v["key"], "not_found.endpoint", "{path}");
        assert!(v["message"].is_string(), "{path}");
    }
    // A table's path with no such table is the tables' own JSON 404.
    let r = get(s.addr, "/api/tables/7");
    assert_eq!(r.status, 404);
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(v["code"], "no_table");
    // The endpoints answer through the same server.
    let r = create_table(s.addr);
    assert_eq!(r.status, 201, "{}", r.text());
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    assert!(v["table"].is_string() && v["token"].is_string(), "{v}");
    // A files-only server (no tables) has no endpoints at all.
    let tree = TempTree::game("api-files");
    let files_only = Config::new(
        tree.0.join("www"),
        tree.0.join("pkg"),
        "127.0.0.1:0".parse().unwrap(),
    );
    let app = router(&files_only).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let status = runtime.block_on(async {
        use tower::ServiceExt;
        let request = axum::http::Request::post("/api/tables")
            .body(axum::body::Body::from("{}"))
            .unwrap();
        app.oneshot(request).await.unwrap().status()
    });
    assert_eq!(status, 404);
}

/// `POST /api/tables` for two seats.
fn create_table(addr: SocketAddr) -> Response {
    let body = r#"{"seats":2,"name":"Ana"}"#;
    let request = format!(
        "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    raw(addr, request.as_bytes())
}

/// A WebSocket upgrade goes through the hardened loop: the hello is
/// answered, and the connection keeps its slot while it is open.
#[test]
fn a_websocket_upgrade_goes_through_the_connection_loop() {
    let s = TestServer::start("ws");
    let r = create_table(s.addr);
    let v: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
    let table = v["table"].as_str().unwrap();
    let mut c = connect(s.addr);
    let request = format!(
        "GET /api/tables/{table}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    );
    c.write_all(request.as_bytes()).unwrap();
    let mut reader = BufReader::new(c.try_clone().unwrap());
    let mut status = String::new();
    reader.read_line(&mut status).unwrap();
    assert!(status.starts_with("HTTP/1.1 101"), "{status}");
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        if line == "\r\n" {
            break;
        }
    }
    // A masked text frame: {"type":"hello"} (a spectator).
    let payload = br#"{"type":"hello"}"#;
    let mask = [1u8, 2, 3, 4];
    let mut frame = vec![0x81, 0x80 | payload.len() as u8];
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    c.write_all(&frame).unwrap();
    let mut head = [0u8; 2];
    reader.read_exact(&mut head).unwrap();
    assert_eq!(head[0], 0x81, "a text frame");
    let mut len = (head[1] & 0x7f) as usize;
    if len == 126 {
        let mut ext = [0u8; 2];
        reader.read_exact(&mut ext).unwrap();
        len = u16::from_be_bytes(ext) as usize;
    }
    let mut body = vec![0u8; len];
    reader.read_exact(&mut body).unwrap();
    let welcome: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(welcome["type"], "welcome");
    assert_eq!(welcome["seat"], serde_json::Value::Null);
    s.assert_alive();
}

#[test]
fn router_reports_a_missing_web_root() {
    let config = Config::new(
        "/definitely/not/here",
        "/nor/here",
        "127.0.0.1:0".parse().unwrap(),
    );
    let err = router(&config).expect_err("a missing web root is an error");
    assert!(err.to_string().contains("/definitely/not/here"), "{err}");
}

#[cfg(unix)]
#[test]
fn the_binary_prints_its_address_and_stops_on_sigterm() {
    use std::process::{Command, Stdio};
    let tree = TempTree::game("binary");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tongiaki"))
        .args(["serve", "--port", "0", "--bind", "127.0.0.1", "--www"])
        .arg(tree.0.join("www"))
        .arg("--pkg")
        .arg(tree.0.join("pkg"))
        .arg("--db")
        .arg(format!("sqlite:{}", tree.0.join("tables.db").display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut addr = None;
    for _ in 0..5 {
        let mut line = String::new();
        if out.read_line(&mut line).unwrap() == 0 {
            break;
        }
        let line = line.trim_end();
        if let Some(rest) = line.strip_prefix("http://127.0.0.1:") {
            let port: u16 = rest.strip_suffix('/').unwrap().parse().unwrap();
            addr = Some(SocketAddr::from(([127, 0, 0, 1], port)));
            break;
        }
    }
    let addr = addr.expect("a line http://127.0.0.1:PORT/");
    assert_eq!(get(addr, "/").status, 200);
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "no exit after SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    let bad = Command::new(env!("CARGO_BIN_EXE_tongiaki"))
        .args(["serve", "--port", "0", "--bind", "localhost:x"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--bind"));
}

// ------------------------------------------------------ hardening probes

#[test]
fn path_probes_never_serve_anything_outside_the_roots() {
    let s = TestServer::start("traversal");
    let root = s.tree.0.to_string_lossy().into_owned();
    let dots = [
        "..",
        "%2e%2e",
        "%2E%2E",
        ".%2e",
        "%2e.",
        "%252e%252e",
        "..%00",
        "%c0%ae%c0%ae",
        "...",
        "..;",
    ];
    let seps = ["/", "%2f", "%2F", "\\", "%5c", "%5C", "//", "/./", "%252f"];
    let prefixes = ["/", "/pkg/", "/js/", "/sub/", "/linkdir/", "/pkg/up/"];
    let targets = ["secret.txt", "etc/passwd"];
    let mut probes: Vec<String> = Vec::new();
    for prefix in prefixes {
        for dot in dots {
            for sep in seps {
                for depth in [1, 3] {
                    for target in targets {
                        probes.push(format!(
                            "{prefix}{}{target}",
                            format!("{dot}{sep}").repeat(depth)
                        ));
                    }
                }
            }
        }
    }
    let generated = probes.len();
    // absolute paths, drive letters, NULs, symlinks out of the roots,
    // dotfiles through a link
    for p in [
        "/etc/passwd".to_string(),
        "//etc/passwd".into(),
        "/%2fetc%2fpasswd".into(),
        "/pkg//etc/passwd".into(),
        format!("/{root}/secret.txt"),
        format!("/%2F{}/secret.txt", root.trim_start_matches('/')),
        format!("/pkg/{root}/secret.txt"),
        "/C:/secret.txt".into(),
        "/c:%5csecret.txt".into(),
        "/secret.txt%00".into(),
        "/index.html%00.js".into(),
        "/%00".into(),
        "/leak.txt".into(),
        "/linkdir/secret2.txt".into(),
        "/linkdir/index.html".into(),
        "/linkdir/".into(),
        "/linkdir".into(),
        "/pkg/up/secret.txt".into(),
        "/pkg/up/outside/secret2.txt".into(),
        "/pkg/up/www/index.html".into(),
        "/pkg/up/".into(),
        "/dotlink.txt".into(),
        "/../secret.txt".into(),
        "/js/../../secret.txt".into(),
        "/pkg/..%2fsecret.txt".into(),
        "/..\\secret.txt".into(),
        "/%zz".into(),
    ] {
        probes.push(p);
    }
    let mut client = Client::new(s.addr);
    let mut statuses = Vec::new();
    let mut outside = 0;
    for p in &probes {
        let r = client.send(p.as_bytes());
        if leaks(&r.body) || r.status == 200 {
            outside += 1;
            eprintln!("SERVED {p}: {} {}", r.status, r.text());
        }
        statuses.push(r.status);
    }
    println!(
        "path probes: {} requests ({generated} generated traversals over {} dot forms × {} separators × {} prefixes × 2 depths × {} targets, {} absolute/NUL/symlink/dotfile cases); files served from outside the roots: {outside}; statuses {}",
        probes.len(),
        dots.len(),
        seps.len(),
        prefixes.len(),
        targets.len(),
        probes.len() - generated,
        tally(&statuses)
    );
    assert_eq!(outside, 0);
    assert!(statuses.iter().all(|s| *s == 404 || *s == 400));
    s.assert_alive();
}

#[test]
fn dotfiles_are_404() {
    let s = TestServer::start("dotfiles");
    for p in [
        "/pkg/.gitignore",
        "/.env",
        "/.git/config",
        "/.git/",
        "/sub/.hidden",
        "/pkg/%2egitignore",
        "/%2Eenv",
        "/dotlink.txt",
    ] {
        let r = get(s.addr, p);
        assert_eq!(r.status, 404, "{p}");
        assert!(!leaks(&r.body), "{p}");
    }
}

/// Everything that is not served gets the very same answer, so no answer
/// tells whether a path exists, is a dotfile, or lies behind a symlink.
#[test]
fn anything_not_served_gets_one_answer() {
    let s = TestServer::start("one-answer");
    let answer = |p: &str| {
        let r = get(s.addr, p);
        let mut headers: Vec<_> = r
            .headers
            .iter()
            .filter(|(n, _)| !n.eq_ignore_ascii_case("date"))
            .cloned()
            .collect();
        headers.sort();
        (r.status, headers, r.body)
    };
    let reference = answer("/no-such-file.txt");
    assert_eq!(reference.0, 404);
    let cases = [
        "/linkdir/secret2.txt",      // exists, behind a symlink out of the root
        "/linkdir/no-such-file.txt", // does not exist, behind the same symlink
        "/leak.txt",
        "/pkg/.gitignore",
        "/pkg/no-such.gitignore",
        "/.git/config",
        "/%2e%2e/secret.txt",
        "/..%2fsecret.txt",
        "/nodir/",
        "/js/app.mjs/",
        "/index.html%00",
        "/pkg/up/secret.txt",
    ];
    for p in cases {
        assert_eq!(answer(p), reference, "{p}");
    }
    println!(
        "one answer: {} kinds of not-served paths all answered exactly like a missing file (404)",
        cases.len()
    );
}

#[test]
fn redirects_never_leave_the_host() {
    let s = TestServer::start("redirects");
    let mut cases: Vec<String> = Vec::new();
    for prefix in ["/", "//", "///", "/%2f", "/%2F%2F"] {
        for name in ["lang", "sub", "js/app.mjs", "pkg/tongiaki.js"] {
            for suffix in [
                "",
                "/",
                "//",
                "?q=1",
                "?q=%0d%0aSet-Cookie:%20a=b",
                "?//evil.example",
            ] {
                cases.push(format!("{prefix}{name}{suffix}"));
            }
        }
    }
    for extra in [
        "//evil.example",
        "//evil.example/",
        "//evil.example/%2e%2e/lang",
        "/\\evil.example/lang",
        "/%5Cevil.example/",
        "//127.0.0.1:1/lang",
        "//",
        "///",
        "/lang//en.js",
    ] {
        cases.push(extra.to_string());
    }
    let mut client = Client::new(s.addr);
    let (mut redirects, mut followed, mut statuses) = (0, 0, Vec::new());
    for p in &cases {
        let r = client.send(p.as_bytes());
        statuses.push(r.status);
        assert!(r.header("set-cookie").is_none(), "{p}");
        if let Some(loc) = r.header("location") {
            redirects += 1;
            let b = loc.as_bytes();
            assert!(
                b.first() == Some(&b'/') && b.get(1) != Some(&b'/') && b.get(1) != Some(&b'\\'),
                "{p} redirects off the host: {loc}"
            );
            assert!(b.iter().all(|c| (0x21..0x7f).contains(c)), "{p}: {loc:?}");
            let there = client.send(loc.as_bytes());
            assert_eq!(there.status, 200, "{p} → {loc}");
            followed += 1;
        }
    }
    // an absolute-form target names another host: the redirect does not
    let r = raw(
        s.addr,
        b"GET http://evil.example//lang HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n",
    );
    assert_eq!((r.status, r.header("location")), (301, Some("/lang/")));
    // a raw CR in the query never reaches a header
    let buf = exchange(
        s.addr,
        b"GET /lang?a\rSet-Cookie:%20x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        Duration::from_secs(5),
    );
    let text = String::from_utf8_lossy(&buf).to_ascii_lowercase();
    assert!(!text.contains("set-cookie"), "{text}");
    assert_eq!(get(s.addr, "//lang").header("location"), Some("/lang/"));
    assert_eq!(
        get(s.addr, "/lang?x=%0d%0a").header("location"),
        Some("/lang/?x=%0d%0a")
    );
    println!(
        "redirect probes: {} requests, {redirects} redirects, all to a path on this host (one leading '/', printable ASCII), {followed} followed to a 200; statuses {}",
        cases.len() + 2,
        tally(&statuses)
    );
}

#[test]
fn header_smuggling_shapes_get_at_most_one_answer() {
    let s = TestServer::start("smuggling");
    let inner = "GET /js/app.mjs HTTP/1.1\r\nHost: x\r\n\r\n";
    let n = inner.len();
    let shapes: Vec<String> = vec![
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length : {n}\r\n\r\n{inner}"),
        format!("GET / HTTP/1.1\r\nHost: x\r\nContent-Length : {n}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length\t: {n}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: {n}\r\nContent-Length: 0\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: {n}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: {n}, 0\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +{n}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0x{n:x}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n {n}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\n Content-Length: {n}\r\nHost: x\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: {n}\r\n\r\n0\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: {n}\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\nContent-Length: {n}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nX: a\rContent-Length: {n}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\r\nHost: x\r\nX: a\0b\r\nContent-Length: {n}\r\n\r\n{inner}"),
        format!("POST / HTTP/1.1\nHost: x\nContent-Length : {n}\n\n{inner}"),
        format!("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc{inner}"),
    ];
    let mut statuses = Vec::new();
    let mut twice = 0;
    // each shape on its own connection, all at once (a shape the server
    // accepts leaves its connection open until the read gives up)
    let answers: Vec<Vec<u8>> = std::thread::scope(|scope| {
        let handles: Vec<_> = shapes
            .iter()
            .map(|shape| {
                scope.spawn(|| exchange(s.addr, shape.as_bytes(), Duration::from_millis(1500)))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (shape, buf) in shapes.iter().zip(&answers) {
        let text = String::from_utf8_lossy(buf);
        let answers = text.matches("HTTP/1.1 ").count();
        // the last shape is a well-framed body then a real second request:
        // there two answers are right
        let expected_max = if shape.contains("abc") { 2 } else { 1 };
        if answers > expected_max || (expected_max == 1 && text.contains("export const x")) {
            twice += 1;
            eprintln!("ANSWERED TWICE: {shape:?}\n{text}");
        }
        if let Some(status) = text.split(' ').nth(1).and_then(|s| s.parse().ok()) {
            statuses.push(status);
        }
    }
    println!(
        "smuggling shapes: {} tried (spaced/tabbed Content-Length, duplicate and contradicting lengths, signs, hex, overflow, folded and leading-space headers, Transfer-Encoding with Content-Length and odd codings, bare CR, NUL, LF-only); answered a smuggled second request: {twice}; first statuses {}",
        shapes.len(),
        tally(&statuses)
    );
    assert_eq!(twice, 0);

    // huge heads are refused whole
    let mut huge = Vec::new();
    let big_header = format!(
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
        "a".repeat(20_000)
    );
    huge.push(raw(s.addr, big_header.as_bytes()).status);
    let many: String = (0..150).map(|i| format!("X-{i}: y\r\n")).collect();
    huge.push(
        raw(
            s.addr,
            format!("GET / HTTP/1.1\r\nHost: x\r\n{many}\r\n").as_bytes(),
        )
        .status,
    );
    let endless = format!(
        "GET / HTTP/1.1\r\nHost: x\r\n{}",
        "X-Fill: zzzzzzzzzzzzzzzz\r\n".repeat(40_000)
    );
    let buf = exchange(s.addr, endless.as_bytes(), Duration::from_secs(5));
    huge.push(
        String::from_utf8_lossy(&buf)
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0),
    );
    println!(
        "huge heads: 20 KB header, 150 headers, 1 MB of headers: statuses {}",
        tally(&huge)
    );
    assert!(huge[..2].iter().all(|s| *s == 431), "{huge:?}");
    assert!(huge[2] == 431 || huge[2] == 0, "{huge:?}");

    // a body larger than the limit is refused before it is read
    let r = raw(
        s.addr,
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(r.status, 413);
    s.assert_alive();
}

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
    // (the old server made others wait 15 s and more). The bound leaves room
    // for a loaded 2-core CI machine, where the probe can wait for a core
    // while 200 connections are closed at the deadline.
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

#[test]
fn log_lines_hold_no_raw_request_bytes() {
    let s = TestServer::start("log");
    let requests: Vec<Vec<u8>> = vec![
        b"GET /%1b%5b31mred%07%0d%0aFAKE%20200 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            .to_vec(),
        b"GET /\x1b[31mred HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        b"GET /bell\x07 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        b"GET /cr\rFAKE HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        b"GET /caf\xc3\xa9\xff HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        b"G\x1bT / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        b"GET /?q=\x1b\x07 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
        b"GET / HTTP/1.1\r\nHost: x\x1b[2J\r\nUser-Agent: \x07\r\nConnection: close\r\n\r\n"
            .to_vec(),
        b"GET /back\\slash HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
    ];
    for r in &requests {
        exchange(s.addr, r, Duration::from_secs(2));
    }
    let lines = s.log();
    for line in &lines {
        assert!(
            line.bytes().all(|b| (0x20..0x7f).contains(&b)),
            "raw bytes in the log: {line:?}"
        );
    }
    println!(
        "log: {} requests with ESC, BEL, CR, LF and non-ASCII bytes (raw and percent-encoded); {} log lines (the server refused the others with 400 before logging), all printable ASCII",
        requests.len(),
        lines.len()
    );
    assert!(
        lines.iter().any(|l| l.contains("%1b%5b31mred%07%0d%0a")),
        "{lines:?}"
    );
}
