//! A small static file server for playing the browser game locally
//! (`tongiaki serve`). Standard library only: one thread per connection,
//! HTTP/1.1 `GET` and `HEAD`, keep-alive, no caching surprises
//! (`Cache-Control: no-cache`) so a rebuilt `pkg/` shows up on reload.
//!
//! URL layout: `/pkg/...` is served from the wasm-pack output directory,
//! everything else from `www/`. A directory serves its `index.html`.
//! Paths are resolved segment by segment (no `..`, no absolute parts, no
//! backslashes or NULs) and the final file must lie inside its root after
//! symlinks are resolved, so nothing outside the two roots can be read.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

/// Longest request line or header line we accept, in bytes.
const MAX_LINE: usize = 8 * 1024;
/// Most header lines in one request.
const MAX_HEADERS: usize = 100;
/// Most connections served at once; more get a 503 and are closed.
const MAX_CONNECTIONS: usize = 128;
/// An idle keep-alive connection is closed after this long.
const IDLE_TIMEOUT: Duration = Duration::from_secs(15);

/// Serves `www` (and `pkg` under `/pkg/`) on `addr`, e.g. `"127.0.0.1:8080"`.
/// Runs until the process ends; returns only if binding fails or the
/// listener breaks.
pub fn serve(www: &Path, pkg: &Path, addr: &str) -> io::Result<()> {
    let server = Server::bind(www, pkg, addr)?;
    println!(
        "Tongiaki: serving {} (and {} at /pkg/) on http://{}/",
        server.www.display(),
        server.pkg.display(),
        server.local_addr()
    );
    server.run()
}

/// A bound server. [`Server::bind`] then [`Server::run`] (blocking), or
/// [`Server::spawn`] to run it on a background thread (tests).
pub struct Server {
    listener: TcpListener,
    www: PathBuf,
    pkg: PathBuf,
    /// Print one line per request to stderr.
    pub log: bool,
}

impl Server {
    /// Binds `addr` and checks that `www` is a directory. `pkg` may not exist
    /// yet (it is built separately); requests under `/pkg/` then get 404.
    pub fn bind(www: &Path, pkg: &Path, addr: &str) -> io::Result<Server> {
        let www = www
            .canonicalize()
            .map_err(|e| io::Error::new(e.kind(), format!("web root {}: {e}", www.display())))?;
        if !www.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("web root {} is not a directory", www.display()),
            ));
        }
        let pkg = pkg.canonicalize().unwrap_or_else(|_| pkg.to_path_buf());
        let listener = TcpListener::bind(addr)
            .map_err(|e| io::Error::new(e.kind(), format!("cannot listen on {addr}: {e}")))?;
        Ok(Server {
            listener,
            www,
            pkg,
            log: true,
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has a local address")
    }

    /// Accepts connections forever, one thread each.
    pub fn run(self) -> io::Result<()> {
        let roots = Arc::new(Roots {
            www: self.www,
            pkg: self.pkg,
            log: self.log,
        });
        let active = Arc::new(AtomicUsize::new(0));
        for stream in self.listener.incoming() {
            let stream = match stream {
                Ok(s) => s,
                // A client that hung up before we accepted it, or a
                // momentary lack of file descriptors: keep serving.
                Err(e) => {
                    eprintln!("serve: accept failed: {e}");
                    thread::sleep(Duration::from_millis(10));
                    continue;
                }
            };
            if active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
                active.fetch_sub(1, Ordering::SeqCst);
                let mut stream = stream;
                let _ = write_simple(&mut stream, 503, "Service Unavailable", false, true);
                continue;
            }
            let roots = Arc::clone(&roots);
            let guard = ActiveGuard(Arc::clone(&active));
            let spawned = thread::Builder::new()
                .name("serve-conn".into())
                .spawn(move || {
                    let _guard = guard;
                    if let Err(e) = handle_connection(stream, &roots) {
                        // Broken pipes and timeouts are normal client behaviour.
                        if !matches!(
                            e.kind(),
                            io::ErrorKind::BrokenPipe
                                | io::ErrorKind::ConnectionReset
                                | io::ErrorKind::ConnectionAborted
                                | io::ErrorKind::WouldBlock
                                | io::ErrorKind::TimedOut
                                | io::ErrorKind::UnexpectedEof
                        ) && roots.log
                        {
                            eprintln!("serve: connection error: {e}");
                        }
                    }
                });
            if let Err(e) = spawned {
                eprintln!("serve: cannot start a thread: {e}");
            }
        }
        Ok(())
    }

    /// Runs the server on a background thread and returns its address.
    pub fn spawn(self) -> SocketAddr {
        let addr = self.local_addr();
        thread::spawn(move || {
            let _ = self.run();
        });
        addr
    }
}

struct ActiveGuard(Arc<AtomicUsize>);

impl Drop for ActiveGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

struct Roots {
    www: PathBuf,
    pkg: PathBuf,
    log: bool,
}

/// One parsed request head.
struct Request {
    method: String,
    target: String,
    keep_alive: bool,
    /// The request announced a body (which we never read), so the
    /// connection cannot be reused safely.
    has_body: bool,
}

fn handle_connection(stream: TcpStream, roots: &Roots) -> io::Result<()> {
    stream.set_read_timeout(Some(IDLE_TIMEOUT))?;
    stream.set_write_timeout(Some(Duration::from_secs(30)))?;
    let _ = stream.set_nodelay(true);
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut writer = stream;
    loop {
        let request = match read_request(&mut reader) {
            Ok(Some(r)) => r,
            Ok(None) => return Ok(()), // clean close between requests
            Err(RequestError::Io(e)) => return Err(e),
            Err(RequestError::Bad(status, reason)) => {
                write_simple(&mut writer, status, reason, false, true)?;
                lingering_close(&mut writer, &mut reader);
                return Ok(());
            }
        };
        let keep_alive = request.keep_alive && !request.has_body;
        let status = respond(&mut writer, &request, roots, keep_alive)?;
        if roots.log {
            eprintln!("{} {} {}", request.method, request.target, status);
        }
        if !keep_alive {
            return Ok(());
        }
    }
}

/// Closes after an error answer without losing it: closing a socket with
/// unread input makes the kernel send a reset, which can destroy the
/// response before the client reads it. So stop writing, then read and
/// drop what the client still sends, for a bounded time and amount.
fn lingering_close(writer: &mut TcpStream, reader: &mut impl Read) {
    let _ = writer.shutdown(std::net::Shutdown::Write);
    let _ = writer.set_read_timeout(Some(Duration::from_millis(500)));
    let mut sink = [0u8; 4096];
    let mut left: usize = 1 << 20;
    while left > 0 {
        match reader.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => left = left.saturating_sub(n),
        }
    }
}

enum RequestError {
    Io(io::Error),
    Bad(u16, &'static str),
}

impl From<io::Error> for RequestError {
    fn from(e: io::Error) -> Self {
        RequestError::Io(e)
    }
}

/// Reads one line (up to CRLF or LF) of at most `MAX_LINE` bytes.
fn read_line(reader: &mut impl BufRead) -> Result<Option<String>, RequestError> {
    let mut line = Vec::new();
    let n = reader
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut line)?;
    if n == 0 {
        return Ok(None);
    }
    if line.last() != Some(&b'\n') {
        if line.len() > MAX_LINE {
            return Err(RequestError::Bad(431, "Request Header Fields Too Large"));
        }
        // The peer closed mid-line.
        return Err(RequestError::Io(io::ErrorKind::UnexpectedEof.into()));
    }
    line.pop();
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    String::from_utf8(line)
        .map(Some)
        .map_err(|_| RequestError::Bad(400, "Bad Request"))
}

fn read_request(reader: &mut impl BufRead) -> Result<Option<Request>, RequestError> {
    // Tolerate blank lines before a request line (RFC 9112 §2.2).
    let line = loop {
        match read_line(reader)? {
            None => return Ok(None),
            Some(l) if l.is_empty() => continue,
            Some(l) => break l,
        }
    };
    let mut parts = line.split(' ');
    let (method, target, version) = match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(m), Some(t), Some(v), None) if !m.is_empty() && !t.is_empty() => (m, t, v),
        _ => return Err(RequestError::Bad(400, "Bad Request")),
    };
    let http11 = match version {
        "HTTP/1.1" => true,
        "HTTP/1.0" => false,
        _ => return Err(RequestError::Bad(505, "HTTP Version Not Supported")),
    };
    let mut keep_alive = http11;
    let mut has_body = false;
    let mut count = 0;
    loop {
        let header = match read_line(reader)? {
            Some(h) => h,
            None => return Err(RequestError::Io(io::ErrorKind::UnexpectedEof.into())),
        };
        if header.is_empty() {
            break;
        }
        count += 1;
        if count > MAX_HEADERS {
            return Err(RequestError::Bad(431, "Request Header Fields Too Large"));
        }
        let Some((name, value)) = header.split_once(':') else {
            return Err(RequestError::Bad(400, "Bad Request"));
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("connection") {
            for token in value.split(',').map(str::trim) {
                if token.eq_ignore_ascii_case("close") {
                    keep_alive = false;
                } else if token.eq_ignore_ascii_case("keep-alive") {
                    keep_alive = true;
                }
            }
        } else if name.eq_ignore_ascii_case("transfer-encoding")
            || (name.eq_ignore_ascii_case("content-length") && value != "0")
        {
            has_body = true;
        }
    }
    Ok(Some(Request {
        method: method.to_string(),
        target: target.to_string(),
        keep_alive,
        has_body,
    }))
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        301 => "Moved Permanently",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        500 => "Internal Server Error",
        _ => "Error",
    }
}

/// Answers one request; returns the status sent.
fn respond(out: &mut TcpStream, req: &Request, roots: &Roots, keep_alive: bool) -> io::Result<u16> {
    let head = match req.method.as_str() {
        "GET" => false,
        "HEAD" => true,
        _ => {
            let body = "405 Method Not Allowed: only GET and HEAD are served\n";
            write!(
                out,
                "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\n\
                 Content-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n\
                 Cache-Control: no-cache\r\nConnection: {}\r\n\r\n{}",
                body.len(),
                if keep_alive { "keep-alive" } else { "close" },
                body
            )?;
            out.flush()?;
            return Ok(405);
        }
    };
    let resolved = match resolve(&req.target, roots) {
        Ok(r) => r,
        Err(status) => {
            write_simple(out, status, reason(status), head, !keep_alive)?;
            return Ok(status);
        }
    };
    match resolved {
        Resolved::Redirect(location) => {
            write!(
                out,
                "HTTP/1.1 301 Moved Permanently\r\nLocation: {location}\r\n\
                 Content-Length: 0\r\nCache-Control: no-cache\r\nConnection: {}\r\n\r\n",
                if keep_alive { "keep-alive" } else { "close" }
            )?;
            out.flush()?;
            Ok(301)
        }
        Resolved::File(path) => {
            let mut file = match File::open(&path) {
                Ok(f) => f,
                Err(e) => {
                    let status = if e.kind() == io::ErrorKind::PermissionDenied {
                        403
                    } else {
                        404
                    };
                    write_simple(out, status, reason(status), head, !keep_alive)?;
                    return Ok(status);
                }
            };
            let len = file.metadata()?.len();
            write!(
                out,
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {len}\r\n\
                 Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\n\
                 Connection: {}\r\n\r\n",
                mime_type(&path),
                if keep_alive { "keep-alive" } else { "close" }
            )?;
            if !head {
                let sent = io::copy(&mut (&mut file).take(len), out)?;
                if sent != len {
                    // The file shrank while we sent it: the length we
                    // promised is wrong, so the connection must end.
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        format!("{} changed while being sent", path.display()),
                    ));
                }
            }
            out.flush()?;
            Ok(200)
        }
    }
}

fn write_simple(
    out: &mut TcpStream,
    status: u16,
    reason: &str,
    head: bool,
    close: bool,
) -> io::Result<()> {
    let body = format!("{status} {reason}\n");
    write!(
        out,
        "HTTP/1.1 {status} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\n\
         Content-Length: {}\r\nCache-Control: no-cache\r\nConnection: {}\r\n\r\n",
        body.len(),
        if close { "close" } else { "keep-alive" }
    )?;
    if !head {
        out.write_all(body.as_bytes())?;
    }
    out.flush()
}

enum Resolved {
    File(PathBuf),
    /// A directory asked for without its trailing slash: send the browser
    /// to `path/` so relative links inside its index.html work.
    Redirect(String),
}

/// Maps a request target to a file inside one of the roots, or an HTTP
/// status for why not.
fn resolve(target: &str, roots: &Roots) -> Result<Resolved, u16> {
    // Only origin-form targets ("/path?query"); drop query and fragment.
    if !target.starts_with('/') {
        return Err(400);
    }
    let path_part = target.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(path_part).ok_or(400u16)?;
    if decoded.contains('\0') || decoded.contains('\\') {
        return Err(400);
    }
    let mut segments: Vec<&str> = Vec::new();
    for seg in decoded.split('/') {
        match seg {
            "" | "." => {}
            ".." => return Err(403),
            // A Windows drive letter or similar would make `join` absolute.
            s if s.contains(':') => return Err(403),
            s => segments.push(s),
        }
    }
    let (root, rest) = if segments.first() == Some(&"pkg") {
        (&roots.pkg, &segments[1..])
    } else {
        (&roots.www, &segments[..])
    };
    let mut path = root.clone();
    for seg in rest {
        path.push(seg);
    }
    let meta = std::fs::metadata(&path).map_err(|_| 404u16)?;
    let path = if meta.is_dir() {
        if !path_part.ends_with('/') {
            let query = &target[path_part.len()..];
            return Ok(Resolved::Redirect(format!("{path_part}/{query}")));
        }
        let index = path.join("index.html");
        if !index.is_file() {
            return Err(404);
        }
        index
    } else {
        path
    };
    // Symlinks must not lead out of the root.
    let real = path.canonicalize().map_err(|_| 404u16)?;
    let real_root = root.canonicalize().map_err(|_| 404u16)?;
    if !real.starts_with(&real_root) {
        return Err(403);
    }
    if !real.is_file() {
        return Err(404);
    }
    Ok(Resolved::File(real))
}

/// Decodes `%XX` escapes; `None` for a malformed escape or non-UTF-8 result.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The Content-Type for a file, by extension.
pub fn mime_type(path: &Path) -> &'static str {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if name.ends_with(".d.ts") || name.ends_with(".ts") {
        return "text/plain; charset=utf-8";
    }
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    match ext {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        "pdf" => "application/pdf",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "mp3" => "audio/mpeg",
        "ogg" => "audio/ogg",
        "wav" => "audio/wav",
        "mp4" => "video/mp4",
        "webm" => "video/webm",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Read, Write};
    use std::net::TcpStream;

    /// A throwaway directory tree under the system temp dir.
    struct TempTree(PathBuf);

    impl TempTree {
        fn new(tag: &str) -> TempTree {
            let dir = std::env::temp_dir().join(format!(
                "tongiaki-serve-{tag}-{}-{:?}",
                std::process::id(),
                thread::current().id()
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
    }

    impl Drop for TempTree {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

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
    }

    /// Sends raw request bytes on a fresh connection, reads to EOF.
    fn raw(addr: SocketAddr, request: &[u8]) -> Response {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.write_all(request).unwrap();
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).unwrap();
        parse_response(&buf)
    }

    fn parse_response(buf: &[u8]) -> Response {
        let end = buf
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a complete response head");
        let head = std::str::from_utf8(&buf[..end]).unwrap();
        let mut lines = head.split("\r\n");
        let status_line = lines.next().unwrap();
        let status = status_line.split(' ').nth(1).unwrap().parse().unwrap();
        let headers = lines
            .map(|l| {
                let (n, v) = l.split_once(':').unwrap();
                (n.to_string(), v.trim().to_string())
            })
            .collect();
        Response {
            status,
            headers,
            body: buf[end + 4..].to_vec(),
        }
    }

    fn get(addr: SocketAddr, path: &str) -> Response {
        raw(
            addr,
            format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
        )
    }

    fn start(tag: &str) -> (TempTree, SocketAddr) {
        let tree = TempTree::new(tag);
        tree.write("www/index.html", b"<!doctype html><title>Tongiaki</title>");
        tree.write("www/js/app.mjs", b"export const x = 1;\n");
        tree.write("www/js/main.js", b"console.log(1);\n");
        tree.write("www/manifest.webmanifest", b"{}");
        tree.write("www/sub/index.html", b"sub");
        tree.write("www/with space.txt", b"spaced");
        tree.write("pkg/tongiaki_bg.wasm", b"\0asm\x01\0\0\0");
        tree.write("pkg/tongiaki.js", b"export default 1;");
        tree.write("secret.txt", b"outside the roots");
        let mut server =
            Server::bind(&tree.0.join("www"), &tree.0.join("pkg"), "127.0.0.1:0").unwrap();
        server.log = false;
        let addr = server.spawn();
        (tree, addr)
    }

    #[test]
    fn serves_files_with_the_right_mime_types() {
        let (_tree, addr) = start("mime");
        let r = get(addr, "/pkg/tongiaki_bg.wasm");
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("application/wasm"));
        assert_eq!(r.body, b"\0asm\x01\0\0\0");
        assert_eq!(r.header("content-length"), Some("8"));
        assert_eq!(r.header("cache-control"), Some("no-cache"));

        let r = get(addr, "/pkg/tongiaki.js");
        assert_eq!(
            r.header("content-type"),
            Some("text/javascript; charset=utf-8")
        );
        let r = get(addr, "/js/app.mjs");
        assert_eq!(r.status, 200);
        assert_eq!(
            r.header("content-type"),
            Some("text/javascript; charset=utf-8")
        );
        assert_eq!(r.body, b"export const x = 1;\n");
        let r = get(addr, "/js/main.js?v=3");
        assert_eq!(r.status, 200);
        assert_eq!(
            r.header("content-type"),
            Some("text/javascript; charset=utf-8")
        );
        let r = get(addr, "/manifest.webmanifest");
        assert_eq!(r.header("content-type"), Some("application/manifest+json"));
        let r = get(addr, "/with%20space.txt");
        assert_eq!(r.status, 200);
        assert_eq!(r.body, b"spaced");
    }

    #[test]
    fn directories_serve_index_html_and_redirect_without_slash() {
        let (_tree, addr) = start("dirs");
        let r = get(addr, "/");
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
        assert!(r.body.starts_with(b"<!doctype html>"));
        let r = get(addr, "/sub");
        assert_eq!(r.status, 301);
        assert_eq!(r.header("location"), Some("/sub/"));
        let r = get(addr, "/sub/");
        assert_eq!(r.status, 200);
        assert_eq!(r.body, b"sub");
        // pkg/ has no index.html
        assert_eq!(get(addr, "/pkg/").status, 404);
    }

    #[test]
    fn refuses_path_traversal() {
        let (_tree, addr) = start("traversal");
        for path in [
            "/../secret.txt",
            "/js/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/pkg/%2E%2E/secret.txt",
            "/pkg/..%2fsecret.txt",
            "/..\\secret.txt",
            "/%00index.html",
            "/%zz",
        ] {
            let r = get(addr, path);
            assert!(
                r.status == 403 || r.status == 400,
                "{path} answered {}",
                r.status
            );
            assert!(
                !String::from_utf8_lossy(&r.body).contains("outside the roots"),
                "{path} leaked a file outside the roots"
            );
        }
        // An absolute-form or otherwise odd target is refused too.
        let r = raw(
            addr,
            b"GET secret.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        );
        assert_eq!(r.status, 400);
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_out_of_the_root_are_refused() {
        let (tree, addr) = start("symlink");
        std::os::unix::fs::symlink(tree.0.join("secret.txt"), tree.0.join("www/leak.txt")).unwrap();
        let r = get(addr, "/leak.txt");
        assert_eq!(r.status, 403);
        assert!(!String::from_utf8_lossy(&r.body).contains("outside the roots"));
    }

    #[test]
    fn missing_files_are_404_and_other_methods_405() {
        let (_tree, addr) = start("errors");
        assert_eq!(get(addr, "/nope.html").status, 404);
        assert_eq!(get(addr, "/pkg/nope.wasm").status, 404);
        let r = raw(
            addr,
            b"POST /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        );
        assert_eq!(r.status, 405);
        assert_eq!(r.header("allow"), Some("GET, HEAD"));
        let r = raw(addr, b"garbage\r\n\r\n");
        assert_eq!(r.status, 400);
        let long = format!("GET /{} HTTP/1.1\r\n\r\n", "a".repeat(MAX_LINE * 2));
        assert_eq!(raw(addr, long.as_bytes()).status, 431);
    }

    #[test]
    fn head_sends_headers_only() {
        let (_tree, addr) = start("head");
        let r = raw(
            addr,
            b"HEAD /pkg/tongiaki_bg.wasm HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        );
        assert_eq!(r.status, 200);
        assert_eq!(r.header("content-length"), Some("8"));
        assert_eq!(r.header("content-type"), Some("application/wasm"));
        assert!(r.body.is_empty());
    }

    #[test]
    fn keep_alive_serves_several_requests_on_one_connection() {
        let (_tree, addr) = start("keepalive");
        let r = raw(
            addr,
            b"GET /js/app.mjs HTTP/1.1\r\nHost: x\r\n\r\n\
              GET /pkg/tongiaki.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        );
        assert_eq!(r.status, 200);
        assert_eq!(r.header("connection"), Some("keep-alive"));
        let text = String::from_utf8_lossy(&r.body);
        assert!(text.starts_with("export const x = 1;\n"), "{text}");
        assert!(text.contains("HTTP/1.1 200 OK"), "{text}");
        assert!(text.ends_with("export default 1;"), "{text}");
    }

    #[test]
    fn bind_reports_a_missing_web_root() {
        let err = Server::bind(
            Path::new("/definitely/not/here"),
            Path::new("/nor/here"),
            "127.0.0.1:0",
        )
        .err()
        .expect("binding a missing root fails");
        assert!(err.to_string().contains("/definitely/not/here"), "{err}");
    }
}
