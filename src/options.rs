//! Options of a new game (docs/api.md `new Game({...})`), strictly validated.

use crate::cards::{CardId, CARD_COUNT};
use crate::error::{args, Error};
use serde_json::{json, Value};

/// Player colours in seat order (RULES §1).
pub const COLORS: [&str; 6] = ["blue", "yellow", "green", "orange", "red", "purple"];

/// Longest player name, in characters (after [`visible_name`]).
pub const MAX_NAME_CHARS: usize = 40;

/// A player's name as plain visible text: control characters, bidi
/// embeddings, overrides and isolates, zero-width and other invisible
/// format characters removed; runs of white space made one space; trimmed.
/// (Unicode normalisation is left to the server, which compares names: the
/// engine carries no Unicode tables, to keep the page's wasm small.)
pub fn visible_name(s: &str) -> String {
    let mut out = String::with_capacity(s.len().min(4 * MAX_NAME_CHARS + 4));
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
        } else if !invisible(c) {
            if space {
                out.push(' ');
                space = false;
            }
            out.push(c);
        }
    }
    out
}

pub(crate) use crate::error::invisible;

/// Largest seed that survives a round trip through a JavaScript number.
pub const MAX_SEED: u64 = (1 << 53) - 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerOptions {
    pub name: String,
    /// Index into [`COLORS`].
    pub color: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOptions {
    pub players: Vec<PlayerOptions>,
    /// `None`: fresh entropy from getrandom.
    pub seed: Option<u64>,
    /// Tests and puzzles: the pile, top first, a permutation of the 31 non-Tonga cards.
    pub deck: Option<Vec<CardId>>,
}

impl GameOptions {
    /// `n` players named after their colours, with a seed.
    pub fn simple(n: usize, seed: u64) -> GameOptions {
        GameOptions {
            players: (0..n)
                .map(|i| PlayerOptions {
                    name: capitalised(COLORS[i % 6]),
                    color: (i % 6) as u8,
                })
                .collect(),
            seed: Some(seed),
            deck: None,
        }
    }

    pub fn from_json(v: &Value) -> Result<GameOptions, Error> {
        let obj = v
            .as_object()
            .ok_or_else(|| Error::bad_options("bad_options.not_object", args![]))?;
        let players = match obj.get("players") {
            Some(Value::Array(p)) => p,
            Some(_) => return Err(Error::bad_options("bad_options.players_not_array", args![])),
            None => return Err(Error::bad_options("bad_options.no_players", args![])),
        };
        if players.len() < 2 || players.len() > 6 {
            return Err(Error::bad_options(
                "bad_options.player_count",
                args![count = players.len()],
            ));
        }
        let mut out: Vec<PlayerOptions> = Vec::new();
        let mut taken = [false; 6];
        let mut wanted: Vec<Option<u8>> = Vec::new();
        for (i, p) in players.iter().enumerate() {
            let o = p.as_object().ok_or_else(|| {
                Error::bad_options("bad_options.player_not_object", args![player = i + 1])
            })?;
            let name = match o.get("name") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => {
                    let t = visible_name(s);
                    if t.is_empty() && !s.trim().is_empty() {
                        // Only invisible characters: not a name anyone can read.
                        return Err(Error::bad_options(
                            "bad_options.name_invisible",
                            args![player = i + 1],
                        ));
                    } else if t.is_empty() {
                        None
                    } else if t.chars().count() > MAX_NAME_CHARS {
                        return Err(Error::bad_options(
                            "bad_options.name_too_long",
                            args![player = i + 1],
                        ));
                    } else {
                        Some(t)
                    }
                }
                Some(_) => {
                    return Err(Error::bad_options(
                        "bad_options.name_not_string",
                        args![player = i + 1],
                    ))
                }
            };
            let color = match o.get("color") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => {
                    let c = COLORS.iter().position(|c| c == s).ok_or_else(|| {
                        Error::bad_options(
                            "bad_options.unknown_color",
                            args![player = i + 1, color = s.as_str(), colors = COLORS.to_vec()],
                        )
                    })? as u8;
                    if taken[c as usize] {
                        return Err(Error::bad_options(
                            "bad_options.color_taken",
                            args![color = s.as_str()],
                        ));
                    }
                    taken[c as usize] = true;
                    Some(c)
                }
                Some(_) => {
                    return Err(Error::bad_options(
                        "bad_options.color_not_string",
                        args![player = i + 1],
                    ))
                }
            };
            wanted.push(color);
            out.push(PlayerOptions {
                name: name.unwrap_or_default(),
                color: 0,
            });
        }
        // Players without a colour get the first free one in the rules' order.
        for (p, w) in out.iter_mut().zip(wanted) {
            p.color = match w {
                Some(c) => c,
                None => {
                    let c = taken.iter().position(|t| !t).expect("at most six players") as u8;
                    taken[c as usize] = true;
                    c
                }
            };
            if p.name.is_empty() {
                p.name = capitalised(COLORS[p.color as usize]);
            }
        }
        let seed = match obj.get("seed") {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) => match n.as_u64() {
                Some(s) if s <= MAX_SEED => Some(s),
                _ => {
                    return Err(Error::bad_options(
                        "bad_options.seed_range",
                        args![max = MAX_SEED, seed = n.to_string()],
                    ))
                }
            },
            Some(_) => return Err(Error::bad_options("bad_options.seed_not_number", args![])),
        };
        let deck = match obj.get("deck") {
            None | Some(Value::Null) => None,
            Some(Value::Array(items)) => Some(parse_deck(items)?),
            Some(_) => return Err(Error::bad_options("bad_options.deck_not_array", args![])),
        };
        Ok(GameOptions {
            players: out,
            seed,
            deck,
        })
    }

    /// The options as JSON, with the seed that was actually used.
    pub fn to_json(&self, seed: u64) -> Value {
        let players: Vec<Value> = self
            .players
            .iter()
            .map(|p| json!({"name": p.name, "color": COLORS[p.color as usize]}))
            .collect();
        let mut v = json!({"players": players, "seed": seed});
        if let Some(d) = &self.deck {
            v["deck"] = json!(d.iter().map(|c| c.key()).collect::<Vec<_>>());
        }
        v
    }
}

fn parse_deck(items: &[Value]) -> Result<Vec<CardId>, Error> {
    if items.len() != CARD_COUNT - 1 {
        return Err(Error::bad_options(
            "bad_options.deck_count",
            args![expected = CARD_COUNT - 1, count = items.len()],
        ));
    }
    let mut seen = [false; CARD_COUNT];
    let mut deck = Vec::with_capacity(items.len());
    for v in items {
        let s = v
            .as_str()
            .ok_or_else(|| Error::bad_options("bad_options.deck_entry_not_string", args![]))?;
        let c = CardId::from_key(s)
            .ok_or_else(|| Error::bad_options("bad_options.deck_unknown_card", args![card = s]))?;
        if c == CardId::TONGA {
            return Err(Error::bad_options("bad_options.deck_tonga", args![]));
        }
        if seen[c.index()] {
            return Err(Error::bad_options(
                "bad_options.deck_twice",
                args![card = c.name()],
            ));
        }
        seen[c.index()] = true;
        deck.push(c);
    }
    Ok(deck)
}

/// A colour's name (`COLORS`, ASCII) with a capital first letter: "Blue".
/// ASCII only on purpose: `char::to_uppercase` would bring Unicode's case
/// table into the page's wasm for these six words.
fn capitalised(s: &str) -> String {
    let mut name = s.to_owned();
    if let Some(first) = name.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    name
}
