//! Scripts (docs/api.md): `{players, seed, deck, actions}` played in order.

use crate::error::{args, Error};
use crate::game::Game;
use serde_json::{json, Value};

/// Where a script stopped: the index of the refused action (`None` for bad
/// options) and the error.
#[derive(Debug, Clone)]
pub struct ScriptError {
    pub index: Option<usize>,
    pub error: Error,
}

impl ScriptError {
    pub fn to_json(&self) -> Value {
        json!({
            "index": self.index,
            "code": self.error.code.as_str(),
            "message": self.error.message,
            "key": self.error.key,
            "args": self.error.args_json(),
        })
    }
}

/// Plays a script; `step` sees each decision point (index, game) before the
/// action at that index, and once more after the last action.
pub fn run_script(script: &Value, mut step: impl FnMut(usize, &Game)) -> Result<Game, ScriptError> {
    let mut g =
        Game::from_options_json(script).map_err(|error| ScriptError { index: None, error })?;
    let empty = Vec::new();
    let actions = match script.get("actions") {
        None | Some(Value::Null) => &empty,
        Some(Value::Array(a)) => a,
        Some(_) => {
            return Err(ScriptError {
                index: None,
                error: Error::bad_options("bad_options.script_actions", args![]),
            })
        }
    };
    for (i, a) in actions.iter().enumerate() {
        step(i, &g);
        g.apply_json(a).map_err(|error| ScriptError {
            index: Some(i),
            error,
        })?;
    }
    step(actions.len(), &g);
    Ok(g)
}

/// One line of `play --trace`.
pub fn trace_line(index: usize, g: &Game) -> Value {
    json!({
        "index": index,
        "legal": g.legal_actions().iter().map(|a| a.to_json()).collect::<Vec<_>>(),
        "snapshot": g.snapshot_json(),
    })
}
