//! Voyage odds across the wasm boundary: `Game.voyageOdds()` (docs/api.md
//! "Voyage odds"). The same computation as `tongiaki odds` (`crate::odds`);
//! the page runs it in its Web Worker (www/bot-worker.js) when it would
//! take long, and on its own thread otherwise.

use super::{to_js, Game};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_ODDS: &'static str = r#"
/** A trail on the table that a voyage follows for certain, before it reveals a card. */
export interface KnownTrail {
  card: CardId;
  from: number;
  /** null where the group cannot pass: the voyage fails there. */
  to: number | null;
  danger: number;
}

/**
 * The chances of one emigration's outcomes over every order of the unseen
 * cards (`Game.voyageOdds()`, `tongiaki odds`). arrive + fail + turn_back +
 * stay = 1; new_island is the part of arrive on an island revealed on the way.
 */
export interface VoyageOdds {
  action: Extract<Action, { type: "emigrate" }>;
  arrive: number;
  new_island: number;
  fail: number;
  turn_back: number;
  stay: number;
  /** false where the figures were sampled (each then within ±0.01). */
  exact: boolean;
  /** Colours in the group. */
  colours: number;
  /** The highest danger number of `known` (0 if none): the colours the certain part of the voyage needs. */
  needs: number;
  /** Trails on the table the voyage follows before it reveals a card. */
  known: KnownTrail[];
}
"#;

#[wasm_bindgen]
impl Game {
    /// The odds of every legal emigration, in the order of `legalActions()`;
    /// `[]` when no beach must emigrate. Never changes the game and never
    /// reads the hidden order of the pile.
    #[wasm_bindgen(js_name = voyageOdds, unchecked_return_type = "VoyageOdds[]")]
    pub fn voyage_odds(&self) -> Result<JsValue, JsValue> {
        to_js(&crate::odds::voyage_odds_json(self.game()?))
    }
}
