//! The bots across the wasm boundary: `Game.botAction` and
//! `Game.botDecision`. The browser calls them in a Web Worker
//! (www/bot-worker.js) on a copy of the game loaded from `save()`, so a
//! search never freezes the page; they work on the main thread too.
//!
//! A bot reads only what a player could know (see `crate::bots`): the choice
//! does not depend on the hidden order of the pile.

use super::{engine_error, to_js, Game};
use crate::bots::{decide, Budget, Decision};
use crate::error::{args, Error, ErrorCode};
use crate::options::MAX_SEED;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_BOTS: &'static str = r#"
/** How long a search bot may think: iterations and/or milliseconds. */
export interface BotBudget {
  iterations?: number;
  millis?: number;
}

/** One bot decision (`Game.botDecision`). */
export interface BotDecision {
  action: Action;
  /** Search iterations run (0 for random, greedy and forced moves). */
  iterations: number;
  /** Milliseconds the decision took, by the browser's clock. */
  millis: number;
}
"#;

/// Largest iteration budget accepted from JS.
const MAX_ITERATIONS: f64 = 10_000_000.0;

#[derive(Serialize)]
struct DecisionJs<'a> {
    action: &'a crate::Action,
    iterations: u32,
    millis: f64,
}

fn bad(message: String) -> JsValue {
    engine_error(Error::new(ErrorCode::BadOptions, message))
}

/// `seed` must be a whole number from 0 to `MAX_SEED`, as a game's seed
/// (and refused with the same message).
fn seed_of(seed: f64) -> Result<u64, JsValue> {
    if (0.0..=MAX_SEED as f64).contains(&seed) && seed.fract() == 0.0 {
        Ok(seed as u64)
    } else {
        Err(engine_error(Error::bad_options(
            "bad_options.seed_range",
            args![max = MAX_SEED, seed = seed.to_string()],
        )))
    }
}

/// `undefined`/`null`, or `{iterations?, millis?}` with positive numbers.
fn budget_of(budget: &JsValue) -> Result<Option<Budget>, JsValue> {
    if budget.is_undefined() || budget.is_null() {
        return Ok(None);
    }
    if !budget.is_object() || js_sys::Array::is_array(budget) {
        return Err(bad(
            "The bot budget must be an object such as {\"iterations\": 1000, \"millis\": 800}."
                .into(),
        ));
    }
    let field = |name: &str| -> Result<Option<f64>, JsValue> {
        let v = js_sys::Reflect::get(budget, &JsValue::from_str(name))
            .map_err(|_| bad(format!("The bot budget's \"{name}\" cannot be read.")))?;
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        match v.as_f64() {
            Some(n) if n.is_finite() && n > 0.0 => Ok(Some(n)),
            _ => Err(bad(format!(
                "The bot budget's \"{name}\" must be a positive number."
            ))),
        }
    };
    let iterations = field("iterations")?;
    let millis = field("millis")?;
    if let Some(n) = iterations {
        if n.fract() != 0.0 || n > MAX_ITERATIONS {
            return Err(bad(format!(
                "The bot budget's \"iterations\" must be a whole number from 1 to {MAX_ITERATIONS}, not {n}."
            )));
        }
    }
    Ok(match (iterations, millis) {
        (None, None) => None,
        (Some(n), None) => Some(Budget::iterations(n as u32)),
        (None, Some(ms)) => Some(Budget::millis(ms)),
        (Some(n), Some(ms)) => Some(Budget {
            iterations: n as u32,
            millis: Some(ms),
        }),
    })
}

impl Game {
    fn bot_decide(&self, kind: &str, seed: f64, budget: &JsValue) -> Result<Decision, JsValue> {
        let seed = seed_of(seed)?;
        let budget = budget_of(budget)?;
        if self.inner.is_over() {
            return Err(engine_error(Error::game_over()));
        }
        decide(&self.inner, kind, seed, budget).map_err(|e| engine_error(e.to_error()))
    }
}

#[wasm_bindgen]
impl Game {
    /// The action a bot chooses for the player to move, to hand to `apply`.
    /// `kind`: `random`, `greedy` or `search` (or a spec such as
    /// `search:2000`); `seed`: its random numbers (a whole number; the same
    /// seed, game and iteration budget give the same action); `budget`:
    /// overrides the search's budget. Throws a `TongiakiError` with code
    /// `bad_options` (unknown bot, bad seed or budget) or `game_over`.
    #[wasm_bindgen(js_name = botAction, unchecked_return_type = "Action")]
    pub fn bot_action(
        &self,
        kind: &str,
        seed: f64,
        #[wasm_bindgen(unchecked_param_type = "BotBudget | undefined")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let d = self.bot_decide(kind, seed, &budget)?;
        to_js(&d.action)
    }

    /// `botAction` with how much thinking it took (for the UI and benchmarks).
    #[wasm_bindgen(js_name = botDecision, unchecked_return_type = "BotDecision")]
    pub fn bot_decision(
        &self,
        kind: &str,
        seed: f64,
        #[wasm_bindgen(unchecked_param_type = "BotBudget | undefined")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let start = js_sys::Date::now();
        let d = self.bot_decide(kind, seed, &budget)?;
        to_js(&DecisionJs {
            action: &d.action,
            iterations: d.iterations,
            millis: js_sys::Date::now() - start,
        })
    }
}
