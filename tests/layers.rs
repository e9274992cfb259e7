//! The engine's modules point one way (docs/architecture.md, "Layers of
//! the engine"): a module names only modules of lower layers. This reads
//! every file under src/ and fails on any `crate::…` path (in a `use`, in
//! code, in a doc link) or `super::…` path that reaches the crate root and
//! names a module of its own layer or a higher one. Test modules inside
//! src/ obey it too: a test that needs a higher layer lives there.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The layers, lowest first. A module may use the modules of the layers
/// below its own, never one of its own layer or above. Every top-level
/// module of src/ is in exactly one layer.
const LAYERS: &[&[&str]] = &[
    // Words and small types: no module of the crate.
    &["hex", "seat", "error", "hash", "test_rng"],
    // The 32 cards (their edges are hex edges).
    &["cards"],
    // What the wire and the rules' refusals name, in cards.
    &["action", "options", "event", "refusal"],
    // The layout and the ships.
    &["board"],
    // On the board: the landing (R23), scores (R61, R62).
    &["landing", "score"],
    // The chain (R25) over landings; `Move`, which has landing moves.
    &["chain", "moves"],
    // The rules: a game.
    &["game"],
    // Views of a game, arranged games, scripts.
    &["snapshot", "position", "script"],
    // The voyage odds, over games.
    &["odds"],
    // The bots (the greedy bot may value voyages by the odds).
    &["bots"],
    // The review of a game and the hint (issue 32), over the bots' search.
    &["review"],
    // The browser binding.
    &["wasm"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The names `src/lib.rs` re-exports at the crate root (`pub use m::{A, B}`),
/// each with its module.
fn root_names(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for line in lib.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let rest = rest.trim_end_matches(';');
        let (module, items) = rest.split_once("::").expect("pub use m::…");
        let items = items.trim_start_matches('{').trim_end_matches('}');
        for item in items.split(',') {
            let item = item.trim();
            let name = item.rsplit(" as ").next().unwrap_or(item).trim();
            if !name.is_empty() {
                names.insert(name.to_string(), module.to_string());
            }
        }
    }
    names
}

fn ident_at(text: &str, from: usize) -> &str {
    let rest = &text[from..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

/// The top-level names a path starting at `from` (just after `crate::`)
/// names: one, or those of a `{…}` group (`crate::{a, b::C}`).
fn named_at(text: &str, from: usize) -> Vec<String> {
    if text[from..].starts_with('{') {
        let mut depth = 0;
        let mut names = Vec::new();
        let mut item_start = true;
        for (i, c) in text[from..].char_indices() {
            match c {
                '{' => {
                    depth += 1;
                    if depth == 1 {
                        item_start = true;
                        continue;
                    }
                }
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ',' if depth == 1 => {
                    item_start = true;
                    continue;
                }
                c if c.is_whitespace() => continue,
                _ => {}
            }
            if item_start && depth == 1 {
                names.push(ident_at(text, from + i).to_string());
                item_start = false;
            }
        }
        names
    } else {
        vec![ident_at(text, from).to_string()]
    }
}

/// The module a file of src/ belongs to, and how deep inside it the file's
/// own module is (`src/a.rs`, `src/a/mod.rs`: 0; `src/a/b.rs`: 1; …).
fn module_of(rel: &Path) -> (String, usize) {
    let parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let top = parts[0].trim_end_matches(".rs").to_string();
    let last = parts.last().unwrap();
    let depth = parts.len() - 1 - usize::from(last == "mod.rs");
    (top, depth)
}

/// Every path in `text` (a file of `module`, `depth` deep) that names a
/// top-level module of the crate other than `module` itself:
/// `(line, named module)`.
fn crate_paths(
    text: &str,
    module: &str,
    depth: usize,
    roots: &BTreeMap<String, String>,
) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let name = |at: usize, n: &str, found: &mut Vec<(usize, String)>| {
        let m = if layer_of(n).is_some() {
            n.to_string()
        } else if let Some(m) = roots.get(n) {
            m.clone()
        } else if n.is_empty() || n == "*" || n == "self" || n.starts_with(char::is_lowercase) {
            // `crate::*`, a function or macro of lib.rs: nothing to place.
            return;
        } else {
            panic!(
                "{module}: line {}: crate::{n} is not a module nor a root re-export",
                line_of(at)
            );
        };
        if m != module {
            found.push((line_of(at), m));
        }
    };
    for (at, _) in text.match_indices("crate::") {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // e.g. `tongiaki_crate::`, not a path of this crate
        }
        for n in named_at(text, at + "crate::".len()) {
            name(at, &n, &mut found);
        }
    }
    // `super::super::x` from deep enough reaches the crate root. (In a
    // module written inline, such as `mod tests`, it reaches one step less
    // far than counted here; such paths name a module's own items.)
    for (at, _) in text.match_indices("super::") {
        if text[..at].ends_with("super::") {
            continue;
        }
        let mut from = at;
        let mut ups = 0;
        while text[from..].starts_with("super::") {
            from += "super::".len();
            ups += 1;
        }
        if ups == depth + 1 {
            for n in named_at(text, from) {
                name(at, &n, &mut found);
            }
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The paths of `text` (a file at `rel` under src/) that point up or
/// sideways: "file:line: module (layer i) uses module (layer j)".
fn upward(rel: &Path, text: &str, roots: &BTreeMap<String, String>) -> Vec<String> {
    let (module, depth) = module_of(rel);
    let Some(own) = layer_of(&module) else {
        return vec![format!(
            "{}: module {module} is in no layer of LAYERS",
            rel.display()
        )];
    };
    crate_paths(text, &module, depth, roots)
        .into_iter()
        .filter(|(_, used)| layer_of(used).expect("a module") >= own)
        .map(|(line, used)| {
            // Layers numbered from 1, as in docs/architecture.md.
            format!(
                "src/{}:{line}: {module} (layer {}) uses {used} (layer {})",
                rel.display(),
                own + 1,
                layer_of(&used).unwrap() + 1
            )
        })
        .collect()
}

#[test]
fn no_path_in_src_points_up_the_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    let roots = root_names(&lib);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    let mut paths = 0;
    for path in &files {
        let rel = path.strip_prefix(&src).unwrap();
        if rel == Path::new("lib.rs") {
            continue; // the root: it declares and re-exports them all
        }
        let text = std::fs::read_to_string(path).expect("a source file");
        let (module, depth) = module_of(rel);
        paths += crate_paths(&text, &module, depth, &roots).len();
        wrong.extend(upward(rel, &text, &roots));
    }
    assert!(
        wrong.is_empty(),
        "paths up the layers:\n{}",
        wrong.join("\n")
    );
    // The check read something: the engine's modules use each other a lot.
    assert!(
        files.len() > 40 && paths > 150,
        "{} files, {paths} paths",
        files.len()
    );
}

/// Every module lib.rs declares is in a layer, and each in one only.
#[test]
fn every_module_is_in_one_layer() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("src/lib.rs");
    let declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l.strip_prefix("pub ").unwrap_or(l);
            l.strip_prefix("mod ")?.strip_suffix(';')
        })
        .collect();
    assert!(declared.len() > 15, "{declared:?}");
    for m in &declared {
        assert!(layer_of(m).is_some(), "module {m} is in no layer of LAYERS");
    }
    let all: Vec<&str> = LAYERS.iter().flat_map(|l| l.iter().copied()).collect();
    for m in &all {
        assert_eq!(
            all.iter().filter(|x| *x == m).count(),
            1,
            "{m} in two layers"
        );
        assert!(
            declared.contains(m),
            "{m} is in LAYERS but not a module of lib.rs"
        );
    }
}

/// The check finds what it is there to find: upward paths of every form,
/// and not the paths that point down.
#[test]
fn the_check_finds_upward_paths() {
    let roots = root_names("pub use game::{Game, Phase};\npub use action::Action;\n");
    let found = |rel: &str, text: &str| upward(Path::new(rel), text, &roots);
    // Down: fine.
    assert!(found("chain/search.rs", "use crate::board::{Board, Ships};\n").is_empty());
    assert!(found("game/mod.rs", "let x = crate::cards::ISLAND_COUNT;").is_empty());
    assert!(found("bots/mod.rs", "use crate::{game::Game, odds::voyage_odds};").is_empty());
    assert!(found(
        "game/legal.rs",
        "use super::checks;\nuse super::{Game, Phase};"
    )
    .is_empty());
    // Up, in every form.
    assert_eq!(
        found("board/mod.rs", "use crate::chain::ChainSearch;\n"),
        ["src/board/mod.rs:1: board (layer 4) uses chain (layer 6)"]
    );
    assert_eq!(
        found(
            "chain/mod.rs",
            "\n\nuse crate::{board::Ships, game::checks};"
        )
        .len(),
        1
    );
    assert_eq!(found("odds.rs", "h = crate::bots::mix(h);").len(), 1);
    assert_eq!(
        found("chain/search/x.rs", "/// See [`crate::game::Game`].").len(),
        1
    );
    assert_eq!(found("landing.rs", "fn f(g: &crate::Game) {}").len(), 1);
    assert_eq!(
        found("chain/search/x.rs", "use super::super::super::game::Game;").len(),
        1
    );
    assert_eq!(found("board/mod.rs", "use super::moves::Move;").len(), 1);
    // Sideways, within one layer.
    assert_eq!(found("moves.rs", "use crate::chain::ChainSearch;").len(), 1);
    // A module in no layer.
    assert_eq!(found("newthing.rs", "").len(), 1);
}
