//! `tongiaki review SAVE.json [--iterations N] [--seed S]`: the review of a
//! game from its save (docs/api.md "Review"): one JSON object on stdout.
//!
//! A file that cannot be read, or flags that mean nothing, are a usage
//! error (a message on stderr, exit 2); a file that is not a save that
//! replays prints the engine's error as one JSON line
//! (`{"code": "bad_save", "key", "message", "args"}`) on stdout, exit 1,
//! as `play` and `odds` print theirs.

use serde_json::{json, Value};
use tongiaki::error::{truncate, ECHO_CHARS};
use tongiaki::review::{review_game, ReviewConfig};
use tongiaki::Game;

/// Why a review was not made.
#[derive(Debug)]
pub enum ReviewError {
    /// Bad flags or an unreadable file: the message, for stderr (exit 2).
    Usage(String),
    /// Not a save that replays: the engine's error, for stdout (exit 1).
    Save(tongiaki::Error),
}

impl ReviewError {
    /// The engine's error as the JSON line `review` prints.
    pub fn to_json(&self) -> Value {
        match self {
            ReviewError::Usage(m) => json!({ "message": m }),
            ReviewError::Save(e) => json!({
                "code": e.code.as_str(),
                "key": e.key,
                "message": e.message,
                "args": e.args_json(),
            }),
        }
    }
}

/// The flags and the file of `review`, checked: the path and the config.
pub fn parse_args(args: &[String]) -> Result<(String, ReviewConfig), ReviewError> {
    let mut path = None;
    let mut cfg = ReviewConfig::default();
    let mut i = 0;
    let echo = |s: &str| truncate(s, ECHO_CHARS);
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "--iterations" | "--seed" => {
                let Some(v) = args.get(i + 1) else {
                    return Err(ReviewError::Usage(format!("{a} needs a whole number")));
                };
                let n: u64 = v.parse().map_err(|_| {
                    ReviewError::Usage(format!("{a} needs a whole number, not {}", echo(v)))
                })?;
                if a == "--seed" {
                    cfg.seed = n;
                } else {
                    cfg = ReviewConfig::checked(n as f64, cfg.seed)
                        .map_err(|e| ReviewError::Usage(e.message))?;
                }
                i += 2;
            }
            _ if a.starts_with("--") => {
                return Err(ReviewError::Usage(format!("unknown flag {}", echo(a))));
            }
            _ if path.is_some() => {
                return Err(ReviewError::Usage(format!(
                    "one save at a time, not also {}",
                    echo(a)
                )));
            }
            _ => {
                path = Some(a.to_string());
                i += 1;
            }
        }
    }
    let path = path.ok_or_else(|| ReviewError::Usage("which save? review SAVE.json".into()))?;
    Ok((path, cfg))
}

/// The review of the save named by `args`, as the JSON text `review` prints.
pub fn review(args: &[String]) -> Result<String, ReviewError> {
    let (path, cfg) = parse_args(args)?;
    let text = std::fs::read_to_string(&path)
        .map_err(|e| ReviewError::Usage(format!("cannot read {path}: {e}")))?;
    let game = Game::load(&text).map_err(ReviewError::Save)?;
    Ok(review_game(&game, cfg).to_json().to_string())
}
