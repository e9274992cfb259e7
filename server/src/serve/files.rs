//! The game's files: `/pkg/…` from the wasm-pack output directory,
//! everything else from `www/`, through tower-http's `ServeDir` (conditional
//! requests with ETag and Last-Modified, ranges, HEAD).
//!
//! Before `ServeDir` sees a request, [`resolve`] decides what it may serve:
//! the decoded path must be plain segments (no `.`/`..`, no dotfiles, no
//! backslash, NUL or other control character, no `:`), and the file, after
//! every symlink is resolved, must lie inside its root. Anything else, and
//! anything `ServeDir` itself does not serve, gets the same 404, whatever the
//! reason, so an answer never tells whether a path exists outside what is
//! served. A path with empty segments (`//lang`) is redirected to its
//! normalised form (`/lang/`), built from percent-encoded segments, so a
//! `Location` always starts with exactly one `/` and never leaves the host.

use super::AppState;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use tower::ServiceExt;

/// The two directories files are served from.
#[derive(Debug)]
pub(crate) struct Roots {
    pub www: PathBuf,
    pub pkg: PathBuf,
}

/// Which root a resolved file lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Root {
    Www,
    Pkg,
}

/// What a request path maps to.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Resolved {
    /// Serve `segments` (relative to the root) with `ServeDir`; `dir` means
    /// the directory's `index.html`. `name` is the file name the MIME type
    /// comes from.
    File {
        root: Root,
        segments: Vec<String>,
        dir: bool,
        name: String,
    },
    /// Send the browser to this same-host path (a directory without its
    /// trailing slash, or a path with empty segments).
    Redirect(String),
    /// Not served, whatever the reason.
    NotFound,
}

/// Characters a decoded path segment keeps in a `Location`; everything else
/// (`%`, `/`, `\`, `?`, `#`, controls, non-ASCII…) is percent-encoded.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'!')
    .remove(b'$')
    .remove(b'&')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')')
    .remove(b'*')
    .remove(b'+')
    .remove(b',')
    .remove(b';')
    .remove(b'=')
    .remove(b'@');

/// Characters a query keeps as they are in a `Location` (it is copied in
/// its encoded form, so `%` stays); anything else is percent-encoded, so no
/// CR, LF or other control byte can reach a response header.
const QUERY: &AsciiSet = &SEGMENT.remove(b'%').remove(b'/').remove(b'?').remove(b':');

/// Maps a request path (as received, percent-encoded) to what is served.
/// Touches the file system (metadata and `canonicalize`): call it off the
/// async workers.
pub(crate) fn resolve(raw_path: &str, query: Option<&str>, roots: &Roots) -> Resolved {
    use Resolved::NotFound;
    if !raw_path.starts_with('/') {
        return NotFound;
    }
    let Ok(decoded) = percent_decode_str(raw_path).decode_utf8() else {
        return NotFound;
    };
    if decoded.chars().any(|c| c.is_control() || c == '\\') {
        return NotFound;
    }
    let trailing_slash = decoded.ends_with('/');
    // The first piece is the empty string before the leading '/'; an empty
    // piece at the end is the trailing slash; any other empty piece is a
    // `//` that the redirect below normalises.
    let pieces: Vec<&str> = decoded.split('/').skip(1).collect();
    let mut segments: Vec<String> = Vec::new();
    let mut normal = true;
    for (i, piece) in pieces.iter().enumerate() {
        if piece.is_empty() {
            if i + 1 != pieces.len() {
                normal = false;
            }
            continue;
        }
        // `.`, `..`, dotfiles and dot-directories (`.git`, `.gitignore`)
        // are never served; `:` could name a drive or stream elsewhere.
        if piece.starts_with('.') || piece.contains(':') {
            return NotFound;
        }
        segments.push((*piece).to_string());
    }
    let (root, root_dir, rel) = if segments.first().map(String::as_str) == Some("pkg") {
        (Root::Pkg, &roots.pkg, &segments[1..])
    } else {
        (Root::Www, &roots.www, &segments[..])
    };
    // Resolve every symlink, then check the file is still inside its root
    // and that no part of its real path is a dotfile either.
    let Ok(real_root) = root_dir.canonicalize() else {
        return NotFound;
    };
    let mut path = real_root.clone();
    path.extend(rel);
    let Some(real) = inside(&real_root, &path) else {
        return NotFound;
    };
    let Ok(meta) = std::fs::metadata(&real) else {
        return NotFound;
    };
    if meta.is_dir() {
        match inside(&real_root, &real.join("index.html")) {
            Some(index) if index.is_file() => {}
            _ => return NotFound,
        }
        if !trailing_slash || !normal {
            return Resolved::Redirect(location(&segments, true, query));
        }
        Resolved::File {
            root,
            segments: rel.to_vec(),
            dir: true,
            name: "index.html".into(),
        }
    } else if meta.is_file() {
        if trailing_slash {
            return NotFound;
        }
        if !normal {
            return Resolved::Redirect(location(&segments, false, query));
        }
        let name = segments.last().cloned().unwrap_or_default();
        Resolved::File {
            root,
            segments: rel.to_vec(),
            dir: false,
            name,
        }
    } else {
        NotFound
    }
}

/// `path` with every symlink resolved, if it exists, lies inside
/// `real_root` and has no dot-named part there.
fn inside(real_root: &Path, path: &Path) -> Option<PathBuf> {
    let real = path.canonicalize().ok()?;
    let rel = real.strip_prefix(real_root).ok()?;
    let plain = rel.components().all(|c| match c {
        Component::Normal(name) => !name.to_string_lossy().starts_with('.'),
        _ => false,
    });
    plain.then_some(real)
}

/// A same-host `Location`: `/` and the percent-encoded segments (a trailing
/// `/` for a directory), then the query re-encoded. It starts with exactly
/// one `/`: segments are never empty and their `/` and `\` are encoded.
fn location(segments: &[String], dir: bool, query: Option<&str>) -> String {
    let mut out = String::from("/");
    let encoded: Vec<String> = segments
        .iter()
        .map(|s| utf8_percent_encode(s, SEGMENT).to_string())
        .collect();
    out.push_str(&encoded.join("/"));
    if dir && !segments.is_empty() {
        out.push('/');
    }
    if let Some(q) = query {
        out.push('?');
        out.push_str(&utf8_percent_encode(q, QUERY).to_string());
    }
    out
}

/// The handler for everything outside `/api/`.
pub(crate) async fn static_files(State(app): State<Arc<AppState>>, req: Request) -> Response {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return method_not_allowed();
    }
    let path = req.uri().path().to_owned();
    let query = req.uri().query().map(str::to_owned);
    let state = Arc::clone(&app);
    let resolved =
        tokio::task::spawn_blocking(move || resolve(&path, query.as_deref(), &state.roots))
            .await
            .unwrap_or(Resolved::NotFound);
    let (root, segments, dir, name) = match resolved {
        Resolved::NotFound => return not_found(),
        Resolved::Redirect(to) => return redirect(&to),
        Resolved::File {
            root,
            segments,
            dir,
            name,
        } => (root, segments, dir, name),
    };
    // ServeDir sees only the checked, normalised path (never the query or
    // the request's body).
    let mut target: String = String::new();
    for s in &segments {
        target.push('/');
        target.push_str(&utf8_percent_encode(s, SEGMENT).to_string());
    }
    if dir || target.is_empty() {
        target.push('/');
    }
    let Ok(uri) = target.parse::<Uri>() else {
        return not_found();
    };
    let (mut parts, _body) = req.into_parts();
    parts.uri = uri;
    let inner = Request::from_parts(parts, Body::empty());
    let files = match root {
        Root::Www => app.www_files.clone(),
        Root::Pkg => app.pkg_files.clone(),
    };
    let Ok(response) = files.oneshot(inner).await;
    match response.status() {
        StatusCode::OK | StatusCode::PARTIAL_CONTENT => {
            let mut response = response.map(Body::new);
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(mime_type(Path::new(&name))),
            );
            response
        }
        StatusCode::NOT_MODIFIED
        | StatusCode::PRECONDITION_FAILED
        | StatusCode::RANGE_NOT_SATISFIABLE => response.map(Body::new),
        _ => not_found(),
    }
}

/// The one answer for anything not served.
pub(crate) fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "404 Not Found\n",
    )
        .into_response()
}

fn method_not_allowed() -> Response {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        [
            (header::ALLOW, "GET, HEAD"),
            (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
        ],
        "405 Method Not Allowed: only GET and HEAD are served\n",
    )
        .into_response()
}

fn redirect(to: &str) -> Response {
    match HeaderValue::from_str(to) {
        Ok(location) => (
            StatusCode::MOVED_PERMANENTLY,
            [(header::LOCATION, location)],
        )
            .into_response(),
        Err(_) => not_found(),
    }
}

/// The Content-Type for a file, by its name.
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

    #[test]
    fn locations_start_with_one_slash_and_encode_what_could_escape() {
        assert_eq!(location(&["lang".into()], true, None), "/lang/");
        assert_eq!(location(&[], true, None), "/");
        assert_eq!(
            location(&["a b".into(), "x\\y".into()], false, Some("v=1&w")),
            "/a%20b/x%5Cy?v=1&w"
        );
        assert_eq!(
            location(&["lang".into()], true, Some("a\r\nSet-Cookie:x")),
            "/lang/?a%0D%0ASet-Cookie:x"
        );
        assert_eq!(location(&["/evil".into()], true, None), "/%2Fevil/");
    }

    #[test]
    fn mime_types_by_name() {
        assert_eq!(mime_type(Path::new("a/b.wasm")), "application/wasm");
        assert_eq!(
            mime_type(Path::new("x.MJS")),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(
            mime_type(Path::new("tongiaki.d.ts")),
            "text/plain; charset=utf-8"
        );
        assert_eq!(
            mime_type(Path::new("manifest.webmanifest")),
            "application/manifest+json"
        );
        assert_eq!(mime_type(Path::new("icon.svg")), "image/svg+xml");
        assert_eq!(mime_type(Path::new("noext")), "application/octet-stream");
    }
}
