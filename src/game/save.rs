//! Saves: the options (with the seed actually used) plus the action log,
//! replayed through `apply` on load (docs/api.md#saves).

use super::Game;
use crate::error::{args, Error, ErrorCode};
use crate::options::GameOptions;
use serde_json::{json, Value};

/// Largest save `load` reads.
pub const MAX_SAVE_BYTES: usize = 4 << 20;

impl Game {
    // ----- save and load --------------------------------------------------

    /// The options (with the seed actually used) plus the action log.
    pub fn save(&self) -> String {
        self.save_value().to_string()
    }

    pub fn save_value(&self) -> Value {
        json!({
            "format": "tongiaki-save",
            "version": 1,
            "options": self.options.to_json(self.seed),
            "actions": self.log.iter().map(|a| a.to_json()).collect::<Vec<_>>(),
        })
    }

    /// Replays a save through the same validation; errors are `bad_save`
    /// and name the entry that failed.
    pub fn load(text: &str) -> Result<Game, Error> {
        if text.len() > MAX_SAVE_BYTES {
            return Err(Error::bad_save(
                "bad_save.too_large",
                args![bytes = text.len(), max = MAX_SAVE_BYTES],
            ));
        }
        let v: Value = serde_json::from_str(text)
            .map_err(|e| Error::bad_save("bad_save.not_json", args![detail = e.to_string()]))?;
        Game::load_value(&v)
    }

    pub fn load_value(v: &Value) -> Result<Game, Error> {
        let obj = v
            .as_object()
            .ok_or_else(|| Error::bad_save("bad_save.not_object", args![]))?;
        match obj.get("format") {
            Some(Value::String(f)) if f == "tongiaki-save" => {}
            None => {}
            _ => return Err(Error::bad_save("bad_save.format", args![])),
        }
        match obj.get("version") {
            None => {}
            Some(x) if x.as_u64() == Some(1) => {}
            Some(x) => {
                return Err(Error::bad_save(
                    "bad_save.version",
                    args![version = x.to_string()],
                ))
            }
        }
        let options = obj
            .get("options")
            .ok_or_else(|| Error::bad_save("bad_save.no_options", args![]))?;
        let mut opts = GameOptions::from_json(options)
            .map_err(|e| Error::wrap(ErrorCode::BadSave, "bad_save.options", args![], &e))?;
        if opts.seed.is_none() {
            return Err(Error::bad_save("bad_save.no_seed", args![]));
        }
        opts.seed = opts.seed.or(Some(0));
        let actions = match obj.get("actions") {
            Some(Value::Array(a)) => a,
            _ => return Err(Error::bad_save("bad_save.no_actions", args![])),
        };
        let mut g = Game::new(opts)
            .map_err(|e| Error::wrap(ErrorCode::BadSave, "bad_save.game", args![], &e))?;
        for (i, a) in actions.iter().enumerate() {
            g.apply_json(a).map_err(|e| {
                let ty = a.get("type").and_then(|t| t.as_str()).unwrap_or("?");
                Error::wrap(
                    ErrorCode::BadSave,
                    "bad_save.entry",
                    args![entry = i, entry_type = ty],
                    &e,
                )
            })?;
        }
        Ok(g)
    }
}
