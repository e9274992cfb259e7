//! The bots across the wasm boundary: `Game.botAction` and
//! `Game.botDecision`. The browser calls them in a Web Worker
//! (www/bot-worker.js) on a copy of the game loaded from `save()`, so a
//! search never freezes the page; they work on the main thread too.
//!
//! A bot reads only what a player could know (see `crate::bots`): the choice
//! does not depend on the hidden order of the pile.

use super::{engine_error, js_kind, number_text, to_js, Game};
use crate::bots::{decide, BotError, Budget, Decision, Player};
use crate::error::{args, Error};
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
  /** Visits the search started with, kept from the same BotPlayer's
   *  decision before (the expert's tree reuse; 0 for a fresh search). */
  reused: number;
  /** Milliseconds the decision took, by the browser's clock. */
  millis: number;
}
"#;

#[derive(Serialize)]
struct DecisionJs<'a> {
    action: &'a crate::Action,
    iterations: u32,
    reused: u32,
    millis: f64,
}

/// A decision for JS, its milliseconds counted from `start` (`Date.now()`).
fn decision_js(d: &Decision, start: f64) -> Result<JsValue, JsValue> {
    to_js(&DecisionJs {
        action: &d.action,
        iterations: d.iterations,
        reused: d.reused,
        millis: js_sys::Date::now() - start,
    })
}

/// The kind (a level, `random`, `greedy`, `search` or a spec) as a string.
fn kind_of(kind: &JsValue) -> Result<String, JsValue> {
    kind.as_string().ok_or_else(|| {
        engine_error(Error::bad_options(
            "bad_options.bot_kind_not_text",
            js_kind(kind),
        ))
    })
}

/// `seed` must be a whole number from 0 to `MAX_SEED`, as a game's seed
/// (and refused with the same message).
pub(super) fn seed_of(seed: &JsValue) -> Result<u64, JsValue> {
    let Some(seed) = seed.as_f64() else {
        return Err(engine_error(Error::bad_options(
            "bad_options.seed_not_number",
            args![],
        )));
    };
    if (0.0..=MAX_SEED as f64).contains(&seed) && seed.fract() == 0.0 {
        Ok(seed as u64)
    } else {
        Err(engine_error(Error::bad_options(
            "bad_options.seed_range",
            args![max = MAX_SEED, seed = number_text(seed)],
        )))
    }
}

/// `undefined`/`null`, or `{iterations?, millis?}` within the caps
/// (`bots::MAX_SEARCH_ITERATIONS`, `bots::MAX_SEARCH_MILLIS`).
pub(super) fn budget_of(budget: &JsValue) -> Result<Option<Budget>, JsValue> {
    let bad = |e: BotError| engine_error(e.to_error());
    if budget.is_undefined() || budget.is_null() {
        return Ok(None);
    }
    if !budget.is_object() || js_sys::Array::is_array(budget) {
        return Err(bad(BotError::BudgetNotObject));
    }
    let field = |name: &'static str| -> Result<Option<f64>, JsValue> {
        let v = js_sys::Reflect::get(budget, &JsValue::from_str(name))
            .map_err(|_| bad(BotError::BudgetField(name)))?;
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        v.as_f64()
            .map(Some)
            .ok_or_else(|| bad(BotError::BudgetField(name)))
    };
    let iterations = field("iterations")?;
    let millis = field("millis")?;
    if iterations.is_none() && millis.is_none() {
        return Ok(None);
    }
    Budget::checked(iterations, millis).map(Some).map_err(bad)
}

impl Game {
    fn bot_decide(
        &self,
        kind: &JsValue,
        seed: &JsValue,
        budget: &JsValue,
    ) -> Result<Decision, JsValue> {
        let kind = kind_of(kind)?;
        let seed = seed_of(seed)?;
        let budget = budget_of(budget)?;
        let game = self.game()?;
        if game.is_over() {
            return Err(engine_error(Error::game_over()));
        }
        decide(game, &kind, seed, budget).map_err(|e| engine_error(e.to_error()))
    }
}

#[wasm_bindgen]
impl Game {
    /// The action a bot chooses for the player to move, to hand to `apply`.
    /// `kind`: a level (`beginner`, `intermediate`, `strong`, `expert`),
    /// `random`, `greedy` or `search` (or a spec such as `search:2000`);
    /// `seed`: its random numbers (a whole number; the same seed, game and
    /// iteration budget give the same action); `budget`: overrides a
    /// `search`'s budget; a level takes only its clock (`millis`). Throws a `TongiakiError` with code
    /// `bad_options` (unknown bot, bad seed or budget) or `game_over`.
    #[wasm_bindgen(js_name = botAction, unchecked_return_type = "Action")]
    pub fn bot_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] kind: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "BotBudget | undefined")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let d = self.bot_decide(&kind, &seed, &budget)?;
        to_js(&d.action)
    }

    /// `botAction` with how much thinking it took (for the UI and benchmarks).
    #[wasm_bindgen(js_name = botDecision, unchecked_return_type = "BotDecision")]
    pub fn bot_decision(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] kind: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "BotBudget | undefined")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let start = js_sys::Date::now();
        let d = self.bot_decide(&kind, &seed, &budget)?;
        decision_js(&d, start)
    }
}

/// A bot kept for one seat across a game's decisions (the page's bots'
/// worker keeps one per seat): the expert then starts each decision from
/// what its last one searched (`bots::Player`). `new BotPlayer(kind)`,
/// then `decide(game, seed, budget)` as `Game.botDecision`; the same kind's
/// levels, seeds and budgets. Its choice depends on the game, the seed and
/// what it kept from its earlier decisions in this game, never on the
/// hidden order of the pile.
#[wasm_bindgen]
pub struct BotPlayer {
    player: Player,
}

#[wasm_bindgen]
impl BotPlayer {
    /// Throws a `TongiakiError` with code `bad_options` for an unknown kind.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] kind: JsValue,
    ) -> Result<BotPlayer, JsValue> {
        let kind = kind_of(&kind)?;
        let player = Player::new(&kind, 0, None).map_err(|e| engine_error(e.to_error()))?;
        Ok(BotPlayer { player })
    }

    /// Its kind, as given.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.player.kind().to_string()
    }

    /// `Game.botDecision` by this kept bot: errors as there.
    #[wasm_bindgen(unchecked_return_type = "BotDecision")]
    pub fn decide(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "BotBudget | undefined")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let start = js_sys::Date::now();
        let seed = seed_of(&seed)?;
        let budget = budget_of(&budget)?;
        let g = game.game()?;
        let d = self
            .player
            .decide(g, seed, budget)
            .map_err(|e| engine_error(e.to_error()))?;
        decision_js(&d, start)
    }
}
