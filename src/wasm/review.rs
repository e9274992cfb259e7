//! The review and the hint across the wasm boundary (issue 32): `Review`,
//! a review under way that the bots' worker (www/bot-worker.js) runs one
//! search at a time, reporting progress and stopping between steps; and
//! `Game.hint`, the move the strongest bot would make with the facts of
//! why. Both in the bots' package only (feature `bots`). The contract is
//! docs/api.md "Review"; like the bots, neither reads the hidden order of
//! the pile.

use super::bots::{budget_of, seed_of};
use super::{engine_error, js_kind, to_js, Game};
use crate::error::Error;
use crate::review::{hint, ReviewConfig, Reviewer};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_REVIEW: &'static str = r#"
/** How much a review searches (`new Review(game, options)`). */
export interface ReviewOptions {
  /** Playouts per decision (32 to 20000; default 600). */
  iterations?: number;
  /** The reviewer's random numbers (a whole number; default 1). */
  seed?: number;
}

/** Searches done and to do (`Review.progress()`). */
export interface ReviewProgress {
  done: number;
  total: number;
  /** Actions of the save reviewed so far, and in all. */
  reviewed: number;
  moves: number;
}

/** The review of a game: docs/api.md "Review" (`tongiaki review`). */
export interface GameReview {
  decisions: { n: number; seat: number; action: Action; best: Action; value: number; best_value: number;
               wins: number[]; options: number; compared: number; why?: { action: MoveFacts; best: MoveFacts } }[];
  luck: { n: number; seat: number; outcome: "arrive" | "fail" | "turn_back" | "stay"; chance: number;
          expected: number[]; after: number[]; revealed: CardId[] }[];
  players: { seat: number; skill_loss: number; luck: number; decisions: number; mistakes: number }[];
  moves: number;
  reviewed: number;
  iterations: number;
  final: number[] | null;
}

/** What a sentence about a move is made of (docs/api.md "Review"): its type and figures. */
export type MoveFacts = { type: Action["type"] } & Record<string, unknown>;

/** The hint (`Game.hint`): the strongest bot's move and why. */
export interface Hint {
  action: Action;
  /** The bot kind that chose it ("expert", or "search" where there is none). */
  kind: string;
  iterations: number;
  millis: number;
  why: MoveFacts;
}
"#;

/// A review under way.
#[wasm_bindgen]
pub struct Review {
    inner: Reviewer,
}

/// `undefined`/`null` or `{iterations?, seed?}`.
fn options_of(options: &JsValue) -> Result<ReviewConfig, JsValue> {
    let mut cfg = ReviewConfig::default();
    if options.is_undefined() || options.is_null() {
        return Ok(cfg);
    }
    if !options.is_object() || js_sys::Array::is_array(options) {
        return Err(engine_error(Error::bad_options(
            "bad_options.review_options",
            js_kind(options),
        )));
    }
    let get = |name: &str| js_sys::Reflect::get(options, &JsValue::from_str(name)).ok();
    if let Some(seed) = get("seed").filter(|v| !v.is_undefined() && !v.is_null()) {
        cfg.seed = seed_of(&seed)?;
    }
    if let Some(n) = get("iterations").filter(|v| !v.is_undefined() && !v.is_null()) {
        let Some(x) = n.as_f64() else {
            return Err(engine_error(Error::bad_options(
                "bad_options.review_iterations_not_number",
                js_kind(&n),
            )));
        };
        cfg = ReviewConfig::checked(x, cfg.seed).map_err(engine_error)?;
    }
    Ok(cfg)
}

#[derive(Serialize)]
struct Progress {
    done: u32,
    total: u32,
    reviewed: usize,
    moves: usize,
}

#[wasm_bindgen]
impl Review {
    /// A review of `game` (a copy is taken: the game may be freed).
    /// `options`: `{iterations?, seed?}`. Throws a `TongiakiError` with
    /// code `bad_options` for bad options.
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: &Game,
        #[wasm_bindgen(unchecked_param_type = "ReviewOptions | undefined")] options: JsValue,
    ) -> Result<Review, JsValue> {
        let cfg = options_of(&options)?;
        Ok(Review {
            inner: Reviewer::new(game.game()?, cfg),
        })
    }

    /// Reviews the save up to its next search (a decision with a choice, a
    /// voyage into the unknown); false once it is all reviewed.
    pub fn step(&mut self) -> bool {
        self.inner.step()
    }

    /// Searches done and in all, actions reviewed and in all.
    #[wasm_bindgen(unchecked_return_type = "ReviewProgress")]
    pub fn progress(&self) -> Result<JsValue, JsValue> {
        let (done, total) = self.inner.progress();
        let r = self.inner.review();
        to_js(&Progress {
            done,
            total,
            reviewed: r.reviewed,
            moves: r.moves,
        })
    }

    /// The review so far (the whole review once `step()` said false).
    #[wasm_bindgen(unchecked_return_type = "GameReview")]
    pub fn result(&self) -> Result<JsValue, JsValue> {
        to_js(&self.inner.review().to_json())
    }
}

#[derive(Serialize)]
struct HintJs {
    action: crate::Action,
    kind: &'static str,
    iterations: u32,
    millis: f64,
    why: serde_json::Value,
}

#[wasm_bindgen]
impl Game {
    /// The hint: the move the strongest bot would make for the player to
    /// move (`seed` and `budget` as for `botDecision`), and the facts of
    /// why. Throws a `TongiakiError` (`bad_options`, `game_over`).
    #[wasm_bindgen(unchecked_return_type = "Hint")]
    pub fn hint(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] seed: JsValue,
        #[wasm_bindgen(unchecked_param_type = "BotBudget | undefined")] budget: JsValue,
    ) -> Result<JsValue, JsValue> {
        let seed = seed_of(&seed)?;
        let budget = budget_of(&budget)?;
        let game = self.game()?;
        if game.is_over() {
            return Err(engine_error(Error::game_over()));
        }
        let start = js_sys::Date::now();
        let h = hint(game, seed, budget).map_err(|e| engine_error(e.to_error()))?;
        to_js(&HintJs {
            action: h.action,
            kind: h.kind,
            iterations: h.iterations,
            millis: js_sys::Date::now() - start,
            why: h.facts,
        })
    }
}
