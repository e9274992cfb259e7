//! `tongiaki serve`, started in-process on 127.0.0.1 port 0 with its online
//! tables (and once as the binary), talked to with raw sockets: what the
//! page relies on (files, MIME types, revalidation, compression, the service
//! worker, HEAD, keep-alive, `/api/` JSON 404s, a WebSocket through the
//! connection loop). The hardening probes of issue 11 are in `serve_probes.rs` and
//! `serve_connections.rs`.

use crate::serve_common::*;

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
