//! The browser API (docs/api.md, "JavaScript"): a thin `#[wasm_bindgen]` wrapper
//! around the engine. JS values in, JSON values to the engine, serde types
//! back out as plain JS objects; every engine error becomes a real JS `Error`
//! with a `code` property. No rule lives here.
//!
//! Nothing may panic across this boundary (a panic in wasm kills the game
//! for good), so nothing here unwraps anything that came from JS.
//!
//! Incoming values are converted with `JSON.stringify` and parsed by
//! serde_json rather than walked by serde-wasm-bindgen: a page can hand us a
//! cyclic or absurdly deep object, and `JSON.stringify` refuses those with a
//! catchable exception where a recursive walk would overflow the wasm stack
//! (a trap that leaves the game borrowed forever). It also gives exactly the
//! JSON semantics of the command line's scripts (`NaN` is `null`, `toJSON` is
//! honoured, integers stay integers), so a script means the same everywhere.
//! Outgoing values are written by serde_json and read by `JSON.parse`:
//! one crossing of the boundary per value, where serde-wasm-bindgen's
//! JSON-compatible serializer crosses it once per field, which made random
//! games through this API much slower (BENCHMARKS.md). Either way the
//! result is plain objects and arrays with numbers as numbers.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::{Error, ErrorCode, Reason};

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A seat: the index of a player, 0..n-1, in seat order. */
export type Seat = number;
/** A card id from docs/rules.md ("tonga", "samoa", "water-k", ...); it also names the tile. */
export type CardId = string;
export type Color = "blue" | "yellow" | "green" | "orange" | "red" | "purple";

export interface PlayerOptions {
  name?: string;
  color?: Color;
}

/** The options of `new Game(...)`. */
export interface GameOptions {
  /** 2..6 players, in seat order. */
  players: PlayerOptions[];
  /** Omitted: fresh entropy. A whole number 0..2^53-1. */
  seed?: number;
  /** Tests and puzzles only: the pile, top first, a permutation of the 31 non-Tonga card ids. */
  deck?: CardId[];
}

/** One decision of the player to act (docs/api.md "Action"). */
export type Action =
  | { type: "setup_place"; beach: number }
  | { type: "expand"; tile: CardId; beaches: number[]; take?: { tile: CardId; beach: number } | null }
  | { type: "found_kingdom"; tile: CardId }
  | { type: "resettle" }
  | { type: "place_new"; tile: CardId; beaches: number[] }
  | { type: "emigrate"; tile: CardId; beach: number; jetty: number }
  | { type: "land"; seat: Seat; beach: number }
  | { type: "return"; seat: Seat }
  | { type: "place_card"; q: number; r: number; rotation: number }
  | { type: "place_ship"; beach: number };

export type ActionType = Action["type"];

export type Phase = "setup" | "turn" | "emigrate" | "land" | "place_card" | "place_ship" | "over";

export interface PlayerState {
  name: string;
  color: Color;
  /** Ships still in the supply. */
  supply: number;
  /** Every ship not in the supply. */
  ships_on_table: number;
  /** Islands on which this player founded a kingdom. */
  kings: CardId[];
  /** R61 score if the game ended now. */
  score: number;
  /** R62 island count if the game ended now. */
  islands: number;
}

export interface BeachState {
  places: number;
  /** Edges of the card (0..5) this beach's jetties point at. */
  jetties: number[];
  /** Ships on the beach, by seat, sorted. */
  ships: Seat[];
}

export interface TileState {
  card: CardId;
  kind: "island" | "water";
  q: number;
  r: number;
  /** 0..5, steps of 60 degrees clockwise. */
  rotation: number;
  /** The card's name ("Tonga", "Samoa", ...; water cards too). */
  name: string;
  /** Island only: points. */
  value?: number;
  /** Island only: the seat that founded a kingdom here, or null. */
  king?: Seat | null;
  /** Island only, in beach-index order. */
  beaches?: BeachState[];
  /** Water only: [edge, edge, danger] for each trail. */
  trails?: [number, number, number][];
  /** Water only (R60): ships that stayed on this card, by seat. */
  ships?: Seat[];
}

/** `pending` in phase "emigrate": the full beaches. */
export interface PendingEmigrate {
  full: { tile: CardId; beach: number }[];
}
/** `pending` in phase "land". */
export interface PendingLand {
  tile: CardId;
  /** The arriving group, by seat, sorted. */
  group: Seat[];
  /** Beaches that have received a ship of this landing. */
  received: number[];
  /** Beaches that had room on arrival and still wait for their first ship (R23). */
  owed: number[];
  /** R60: the game ends when this landing is done. */
  last: boolean;
}
/** `pending` in phase "place_card". */
export interface PendingPlaceCard {
  card: CardId;
  kind: "island" | "water";
  /** "resettle" (R40) or "chain" (R25). */
  reason: "resettle" | "chain";
  /** The face of the revealed card, so it can be shown before it is laid. */
  name: string;
  /** Island only. */
  value?: number;
  /** Island only: its beaches, all empty. */
  beaches?: BeachState[];
  /** Water only: [edge, edge, danger] for each trail. */
  trails?: [number, number, number][];
}
/** `pending` in phase "place_ship": the newly laid island. */
export interface PendingPlaceShip {
  tile: CardId;
}

/** The public state (docs/api.md "Snapshot"); never the pile order. */
export interface Snapshot {
  phase: Phase;
  /** Seat to act; null when over. */
  current: Seat | null;
  /** Turns started so far: 0 during setup, 1 in the first turn. */
  turn: number;
  players: PlayerState[];
  /** In the order they were laid. */
  tiles: TileState[];
  pile: { islands: number; water: number };
  /** Tonga counts as revealed. */
  revealed: { islands: number; water: number };
  removed: CardId[];
  /** What the current decision is about; null in setup, turn and over. */
  pending: PendingEmigrate | PendingLand | PendingPlaceCard | PendingPlaceShip | null;
  /** Only when over: places, best first; ties share a place. */
  ranking?: Seat[][];
  /** What the current decision is, in words. */
  prompt: string;
}

/** Everything that happened inside one `apply`, in order (docs/api.md "GameEvent"). */
export type GameEvent =
  | { type: "turn_started"; seat: Seat; turn: number }
  | { type: "ship_placed"; seat: Seat; tile: CardId; beach: number }
  | { type: "ship_taken"; seat: Seat; tile: CardId; beach: number }
  | { type: "emigrated"; seat: Seat; tile: CardId; beach: number; jetty: number; group: Seat[] }
  | { type: "card_drawn"; card: CardId }
  | { type: "card_revealed"; card: CardId; q: number; r: number; rotation: number }
  | { type: "crossed"; card: CardId; from: number; to: number; danger: number; colours: number }
  | { type: "voyage_failed"; card: CardId; from: number; danger: number; colours: number; returned: Seat[] }
  | { type: "turned_back"; card: CardId; tile: CardId }
  | { type: "arrived"; tile: CardId; group: Seat[] }
  | { type: "ship_landed"; seat: Seat; tile: CardId; beach: number }
  | { type: "ship_returned"; seat: Seat }
  | { type: "stayed_on_water"; card: CardId; group: Seat[] }
  | { type: "kingdom_founded"; seat: Seat; tile: CardId; returned: number }
  | { type: "resettled"; seat: Seat; returned: number }
  | { type: "island_removed"; tile: CardId; returned: Seat[] }
  | { type: "game_over"; ranking: Seat[][]; scores: number[] }
  | { type: string; [field: string]: unknown };

export type TongiakiErrorCode =
  | "bad_options"
  | "malformed_action"
  | "illegal_action"
  | "game_over"
  | "bad_save"
  /** A game used after `free()`. */
  | "freed"
  /** The binding itself failed (should never happen). */
  | "internal";

/**
 * What every method of `Game` throws: a JS Error with a player-readable
 * English message, plus the message key and its named arguments so that a
 * front end can say it in its own language (keys and templates: src/error.rs;
 * `message` is the English template of `key` filled with `args`).
 */
export interface TongiakiError extends Error {
  code: TongiakiErrorCode;
  /** e.g. "illegal.king_island" */
  key: string;
  /** e.g. { island: "Tubuai" }; a few hold a list of numbers or strings. */
  args: Record<string, string | number | (string | number)[]>;
}
"#;

/// Turns an error into a JS `Error` with `message`, `code`, `key` and
/// `args` (an object of the named arguments).
fn js_error(code: &str, e: &Error) -> JsValue {
    let err = js_sys::Error::new(&e.message);
    // Setting a property on a fresh Error cannot fail; if it somehow did,
    // the message alone still gets through.
    let set = |name: &str, v: &JsValue| {
        let _ = js_sys::Reflect::set(&err, &JsValue::from_str(name), v);
    };
    set("code", &JsValue::from_str(code));
    set("key", &JsValue::from_str(e.key));
    let args = serde_json::to_string(&e.args_json())
        .ok()
        .and_then(|t| js_sys::JSON::parse(&t).ok())
        .unwrap_or_else(|| js_sys::Object::new().into());
    set("args", &args);
    err.into()
}

fn engine_error(e: Error) -> JsValue {
    js_error(e.code.as_str(), &e)
}

/// An error of the browser wrapper itself (code `internal`).
fn internal_error(key: &'static str, args: crate::error::Args) -> JsValue {
    // The code is replaced; the key and message come from the catalogue.
    js_error("internal", &Error::keyed(ErrorCode::BadOptions, key, args))
}

/// A value that is not JSON: `bad_options.not_json` or `malformed.not_json`.
fn not_json(code: ErrorCode, what: &str, detail: String) -> JsValue {
    let reason = match code {
        ErrorCode::BadOptions => Reason::BadOptionsNotJson,
        ErrorCode::MalformedAction => Reason::MalformedNotJson,
        _ => {
            let message = format!("The {what} cannot be read as JSON: {detail}.");
            return engine_error(Error::new(code, message));
        }
    };
    engine_error(Error::of(code, reason, vec![("detail", detail.into())]))
}

/// A number as JS writes it (`String(n)`: "5", "1.5", "1e+300", "Infinity").
/// Rust's own float formatting is not used on purpose: it would add its
/// tables and code to the page's wasm, which has no other use for them.
fn number_text(n: f64) -> String {
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// What kind of JS value `v` is, as the arguments `got` (a `json.*` key)
/// and `value`, for a message that refuses it. Values are cut short like
/// every echoed value (src/error.rs).
fn js_kind(v: &JsValue) -> crate::error::Args {
    let value = |s: String| -> (&'static str, serde_json::Value) { ("value", s.into()) };
    if v.is_null() || v.is_undefined() {
        vec![("got", "json.null".into())]
    } else if let Some(b) = v.as_bool() {
        vec![("got", "json.boolean".into()), value(b.to_string())]
    } else if let Some(n) = v.as_f64() {
        vec![("got", "json.number".into()), value(number_text(n))]
    } else if let Some(s) = v.as_string() {
        vec![("got", "json.string".into()), value(s)]
    } else if v.is_bigint() {
        let text = v
            .clone()
            .unchecked_into::<js_sys::BigInt>()
            .to_string(10)
            .map(String::from)
            .unwrap_or_default();
        vec![("got", "json.number".into()), value(text)]
    } else if js_sys::Array::is_array(v) {
        vec![("got", "json.array".into())]
    } else {
        vec![("got", "json.object".into())]
    }
}

/// A JS value as JSON, via `JSON.stringify` (see the module comment).
/// `undefined`, functions and symbols become `null`.
fn to_json(value: &JsValue, code: ErrorCode, what: &str) -> Result<serde_json::Value, JsValue> {
    let text = js_sys::JSON::stringify(value).map_err(|e| {
        let why = e
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| "it cannot be written as JSON".to_string());
        not_json(code, what, why)
    })?;
    // JSON.stringify answers undefined (not a string) for undefined,
    // functions and symbols.
    let Some(text) = text.as_string() else {
        return Ok(serde_json::Value::Null);
    };
    serde_json::from_str(&text).map_err(|e| not_json(code, what, e.to_string()))
}

/// A Rust value as a plain JS value (objects, arrays, numbers, strings),
/// via serde_json text and `JSON.parse` (see the module comment).
fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    let text = serde_json::to_string(value).map_err(|e| {
        internal_error("internal.serialize", vec![("detail", e.to_string().into())])
    })?;
    js_sys::JSON::parse(&text).map_err(|_| internal_error("internal.invalid_json", Vec::new()))
}

/// Panics should never happen; if one does, say so on the console instead
/// of "unreachable executed".
fn install_panic_hook() {
    console_error_panic_hook::set_once();
}

/// The version of the engine (the crate version), e.g. "0.1.0".
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// One game of Tongiaki. Every decision is an `apply`; the engine never
/// applies an action by itself.
#[wasm_bindgen]
pub struct Game {
    /// `None` once `free()` was called.
    inner: Option<crate::Game>,
}

/// What every method of a freed game throws (code `freed`).
fn freed() -> JsValue {
    js_error(
        "freed",
        &Error::of(ErrorCode::BadOptions, Reason::InternalFreed, Vec::new()),
    )
}

impl Game {
    /// The game, unless it was freed.
    fn game(&self) -> Result<&crate::Game, JsValue> {
        self.inner.as_ref().ok_or_else(freed)
    }

    fn game_mut(&mut self) -> Result<&mut crate::Game, JsValue> {
        self.inner.as_mut().ok_or_else(freed)
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game. Throws a `TongiakiError` with code `bad_options`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "GameOptions")] options: JsValue,
    ) -> Result<Game, JsValue> {
        install_panic_hook();
        let options = to_json(&options, ErrorCode::BadOptions, "game options")?;
        let inner = crate::Game::from_options_json(&options).map_err(engine_error)?;
        Ok(Game { inner: Some(inner) })
    }

    /// Releases the game's memory (this replaces wasm-bindgen's own
    /// `free`, which sits before it in the generated class). Afterwards
    /// every method throws a `TongiakiError` with code `freed`, where
    /// wasm-bindgen's would throw a plain "null pointer passed to rust"
    /// (issue 29); the small object left goes when JS lets go of it. Called
    /// while the game is busy (from an action's `toJSON` inside `apply`),
    /// it throws and frees nothing: that `apply` fails as any action that
    /// cannot be read, and the game stays as it was.
    #[wasm_bindgen(js_name = free)]
    pub fn release(&mut self) {
        self.inner = None;
    }

    /// Every legal action for the decision pending now, each exactly once,
    /// in a stable order; `[]` when the game is over.
    #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "Action[]")]
    pub fn legal_actions(&self) -> Result<JsValue, JsValue> {
        to_js(&self.game()?.legal_actions())
    }

    /// Applies one action and returns what happened. Throws a
    /// `TongiakiError` (`malformed_action`, `illegal_action`, `game_over`)
    /// and leaves the game unchanged on a bad action.
    #[wasm_bindgen(unchecked_return_type = "GameEvent[]")]
    pub fn apply(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Action")] action: JsValue,
    ) -> Result<JsValue, JsValue> {
        let action = to_json(&action, ErrorCode::MalformedAction, "action")?;
        let events = self.game_mut()?.apply_json(&action).map_err(engine_error)?;
        to_js(&events)
    }

    /// The public state.
    #[wasm_bindgen(unchecked_return_type = "Snapshot")]
    pub fn snapshot(&self) -> Result<JsValue, JsValue> {
        to_js(&self.game()?.snapshot())
    }

    /// The game as a string (JSON: options and action log) for `Game.load`.
    pub fn save(&self) -> Result<String, JsValue> {
        Ok(self.game()?.save())
    }

    /// A saved game, replayed through the same validation as `apply`.
    /// Throws a `TongiakiError` with code `bad_save` naming the bad entry
    /// (or saying that `text` is not a string).
    pub fn load(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Game, JsValue> {
        install_panic_hook();
        let text = text
            .as_string()
            .ok_or_else(|| engine_error(Error::bad_save("bad_save.not_text", js_kind(&text))))?;
        let inner = crate::Game::load(&text).map_err(engine_error)?;
        Ok(Game { inner: Some(inner) })
    }
}

// `Game.botAction` and `Game.botDecision` (the bots, run in a Web Worker by
// www/bots.js) and `Game.voyageOdds` (issue 14): only in the package built
// with the feature `bots` (pkg/tongiaki_bots*, the worker's), not in the
// page's (pkg/tongiaki*).
#[cfg(feature = "bots")]
mod bots;
#[cfg(feature = "bots")]
pub use bots::BotPlayer;
#[cfg(feature = "bots")]
mod odds;
// `Review` and `Game.hint` (issue 32): the bots' package too.
#[cfg(feature = "bots")]
mod review;
