//! Actions of docs/api.md, and their strict parsing from JSON.
//!
//! Parsing decides `malformed_action` (not an object, unknown type, missing
//! field, wrong JSON type, negative number, unknown card id); whether a well
//! formed action is allowed now is the game's business (`illegal_action`).

use crate::cards::{CardId, MAX_BEACHES};
use crate::error::{args, echo, Args, Error, ECHO_CHARS};
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::{Map, Value};

/// The beach numbers an `expand` or `place_new` names, in the order given.
/// A legal action names at most six ([`MAX_BEACHES`]), kept inline, so that
/// listing, copying and logging actions allocates nothing; a longer list
/// (the parser takes up to 64; the rules refuse it) is kept on the heap.
/// Reads as a slice.
#[derive(Clone)]
pub struct Beaches(BeachList);

#[derive(Clone)]
enum BeachList {
    Inline { len: u8, items: [u32; MAX_BEACHES] },
    Heap(Vec<u32>),
}

impl Beaches {
    pub fn from_slice(items: &[u32]) -> Beaches {
        if items.len() <= MAX_BEACHES {
            // Element by element (a call to `memcpy` for a few words costs
            // more than the copy).
            let inline = std::array::from_fn(|i| items.get(i).copied().unwrap_or(0));
            Beaches(BeachList::Inline {
                len: items.len() as u8,
                items: inline,
            })
        } else {
            Beaches(BeachList::Heap(items.to_vec()))
        }
    }
}

impl std::ops::Deref for Beaches {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        match &self.0 {
            BeachList::Inline { len, items } => &items[..usize::from(*len)],
            BeachList::Heap(v) => v,
        }
    }
}

impl std::ops::DerefMut for Beaches {
    fn deref_mut(&mut self) -> &mut [u32] {
        match &mut self.0 {
            BeachList::Inline { len, items } => &mut items[..usize::from(*len)],
            BeachList::Heap(v) => v,
        }
    }
}

impl<'a> IntoIterator for &'a Beaches {
    type Item = &'a u32;
    type IntoIter = std::slice::Iter<'a, u32>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<const N: usize> From<[u32; N]> for Beaches {
    fn from(items: [u32; N]) -> Beaches {
        Beaches::from_slice(&items)
    }
}

impl From<Vec<u32>> for Beaches {
    fn from(items: Vec<u32>) -> Beaches {
        Beaches::from_slice(&items)
    }
}

impl PartialEq for Beaches {
    fn eq(&self, other: &Beaches) -> bool {
        **self == **other
    }
}

impl Eq for Beaches {}

impl std::hash::Hash for Beaches {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (**self).hash(h)
    }
}

impl std::fmt::Debug for Beaches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (**self).fmt(f)
    }
}

impl Serialize for Beaches {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

/// A beach of a tile, named for R51 (`take`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct BeachRef {
    pub tile: CardId,
    pub beach: u32,
}

/// One decision of a player. Indexes are kept as parsed (u32, clamped) so
/// that an out-of-range index is refused by the rules as `illegal_action`.
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub enum Action {
    SetupPlace {
        beach: u32,
    },
    Expand {
        tile: CardId,
        beaches: Beaches,
        take: Option<BeachRef>,
    },
    FoundKingdom {
        tile: CardId,
    },
    Resettle,
    PlaceNew {
        tile: CardId,
        beaches: Beaches,
    },
    Emigrate {
        tile: CardId,
        beach: u32,
        jetty: u32,
    },
    Land {
        seat: u32,
        beach: u32,
    },
    Return {
        seat: u32,
    },
    PlaceCard {
        q: i32,
        r: i32,
        rotation: u32,
    },
    PlaceShip {
        beach: u32,
    },
}

pub const ACTION_TYPES: [&str; 10] = [
    "setup_place",
    "expand",
    "found_kingdom",
    "resettle",
    "place_new",
    "emigrate",
    "land",
    "return",
    "place_card",
    "place_ship",
];

impl Action {
    pub fn type_name(&self) -> &'static str {
        match self {
            Action::SetupPlace { .. } => "setup_place",
            Action::Expand { .. } => "expand",
            Action::FoundKingdom { .. } => "found_kingdom",
            Action::Resettle => "resettle",
            Action::PlaceNew { .. } => "place_new",
            Action::Emigrate { .. } => "emigrate",
            Action::Land { .. } => "land",
            Action::Return { .. } => "return",
            Action::PlaceCard { .. } => "place_card",
            Action::PlaceShip { .. } => "place_ship",
        }
    }

    /// The same action with set-like fields in canonical (ascending) order:
    /// `expand` beaches are a set, `place_new` beaches a multiset.
    pub fn normalized(&self) -> Action {
        let mut a = self.clone();
        match &mut a {
            Action::Expand { beaches, .. } | Action::PlaceNew { beaches, .. } => beaches.sort(),
            _ => {}
        }
        a
    }

    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("actions always serialize")
    }

    /// Parses an action from JSON as docs/api.md describes. Extra fields are ignored.
    pub fn from_json(v: &Value) -> Result<Action, Error> {
        let obj = v
            .as_object()
            .ok_or_else(|| Error::malformed("malformed.not_object", describe(v)))?;
        let ty = match obj.get("type") {
            None => return Err(Error::malformed("malformed.no_type", args![])),
            Some(Value::String(s)) => s.as_str(),
            Some(other) => {
                return Err(Error::malformed(
                    "malformed.type_not_string",
                    describe(other),
                ))
            }
        };
        let f = Fields { obj, ty };
        Ok(match ty {
            "setup_place" => Action::SetupPlace {
                beach: f.index("beach")?,
            },
            "expand" => Action::Expand {
                tile: f.card("tile")?,
                beaches: f.index_list("beaches")?,
                take: match obj.get("take") {
                    None | Some(Value::Null) => None,
                    Some(Value::Object(t)) => {
                        let tf = Fields { obj: t, ty: "take" };
                        Some(BeachRef {
                            tile: tf.card("tile")?,
                            beach: tf.index("beach")?,
                        })
                    }
                    Some(other) => {
                        return Err(Error::malformed(
                            "malformed.take_not_object",
                            describe(other),
                        ))
                    }
                },
            },
            "found_kingdom" => Action::FoundKingdom {
                tile: f.card("tile")?,
            },
            "resettle" => Action::Resettle,
            "place_new" => Action::PlaceNew {
                tile: f.card("tile")?,
                beaches: f.index_list("beaches")?,
            },
            "emigrate" => Action::Emigrate {
                tile: f.card("tile")?,
                beach: f.index("beach")?,
                jetty: f.index("jetty")?,
            },
            "land" => Action::Land {
                seat: f.index("seat")?,
                beach: f.index("beach")?,
            },
            "return" => Action::Return {
                seat: f.index("seat")?,
            },
            "place_card" => Action::PlaceCard {
                q: f.coord("q")?,
                r: f.coord("r")?,
                rotation: f.index("rotation")?,
            },
            "place_ship" => Action::PlaceShip {
                beach: f.index("beach")?,
            },
            other => {
                return Err(Error::malformed(
                    "malformed.unknown_type",
                    args![
                        given = echo(other, ECHO_CHARS),
                        types = ACTION_TYPES.to_vec()
                    ],
                ))
            }
        })
    }
}

/// What kind of JSON value `v` is, as the arguments `got` (a `json.*` key)
/// and `value`.
fn describe(v: &Value) -> Args {
    match v {
        Value::Null => args![got = "json.null"],
        Value::Bool(b) => args![got = "json.boolean", value = b.to_string()],
        Value::Number(n) => args![got = "json.number", value = n.to_string()],
        Value::String(s) => args![got = "json.string", value = echo(s, ECHO_CHARS)],
        Value::Array(_) => args![got = "json.array"],
        Value::Object(_) => args![got = "json.object"],
    }
}

struct Fields<'a> {
    obj: &'a Map<String, Value>,
    ty: &'a str,
}

impl Fields<'_> {
    /// `field` and `action` (the action type, or "take").
    fn args(&self, name: &str) -> Args {
        args![field = name, action = self.ty]
    }

    fn number(&self, name: &str, n: &serde_json::Number) -> Args {
        let mut a = self.args(name);
        a.extend(args![number = n.to_string()]);
        a
    }

    fn got(&self, name: &str, v: &Value) -> Args {
        let mut a = self.args(name);
        a.extend(describe(v));
        a
    }

    fn get(&self, name: &str) -> Result<&Value, Error> {
        self.obj
            .get(name)
            .ok_or_else(|| Error::malformed("malformed.missing_field", self.args(name)))
    }

    fn index_value(&self, name: &str, v: &Value) -> Result<u32, Error> {
        match v {
            Value::Number(n) => {
                if let Some(u) = n.as_u64() {
                    Ok(u.min(u32::MAX as u64) as u32)
                } else if n.as_i64().is_some() || n.as_f64().is_some_and(|f| f < 0.0) {
                    Err(Error::malformed("malformed.negative", self.number(name, n)))
                } else {
                    Err(Error::malformed(
                        "malformed.not_whole",
                        self.number(name, n),
                    ))
                }
            }
            other => Err(Error::malformed(
                "malformed.not_number",
                self.got(name, other),
            )),
        }
    }

    fn index(&self, name: &str) -> Result<u32, Error> {
        let v = self.get(name)?;
        self.index_value(name, v)
    }

    fn index_list(&self, name: &str) -> Result<Beaches, Error> {
        match self.get(name)? {
            Value::Array(items) => {
                if items.len() > 64 {
                    return Err(Error::malformed("malformed.too_many_beaches", {
                        let mut a = self.args(name);
                        a.extend(args![count = items.len()]);
                        a
                    }));
                }
                let list: Result<Vec<u32>, Error> =
                    items.iter().map(|v| self.index_value(name, v)).collect();
                list.map(Beaches::from)
            }
            other => Err(Error::malformed(
                "malformed.not_beach_list",
                self.got(name, other),
            )),
        }
    }

    fn coord(&self, name: &str) -> Result<i32, Error> {
        match self.get(name)? {
            Value::Number(n) => match n.as_i64() {
                Some(i) => Ok(i.clamp(i32::MIN as i64, i32::MAX as i64) as i32),
                None if n.as_u64().is_some() => Ok(i32::MAX),
                None => Err(Error::malformed(
                    "malformed.not_whole",
                    self.number(name, n),
                )),
            },
            other => Err(Error::malformed(
                "malformed.not_number",
                self.got(name, other),
            )),
        }
    }

    fn card(&self, name: &str) -> Result<CardId, Error> {
        match self.get(name)? {
            Value::String(s) => CardId::from_key(s).ok_or_else(|| {
                Error::malformed("malformed.unknown_card", args![card = echo(s, ECHO_CHARS)])
            }),
            other => Err(Error::malformed(
                "malformed.not_card",
                self.got(name, other),
            )),
        }
    }
}

impl Serialize for BeachRef {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(2))?;
        m.serialize_entry("tile", self.tile.key())?;
        m.serialize_entry("beach", &self.beach)?;
        m.end()
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("type", self.type_name())?;
        match self {
            Action::SetupPlace { beach } | Action::PlaceShip { beach } => {
                m.serialize_entry("beach", beach)?;
            }
            Action::Expand {
                tile,
                beaches,
                take,
            } => {
                m.serialize_entry("tile", tile.key())?;
                m.serialize_entry("beaches", beaches)?;
                if let Some(t) = take {
                    m.serialize_entry("take", t)?;
                }
            }
            Action::FoundKingdom { tile } => m.serialize_entry("tile", tile.key())?,
            Action::Resettle => {}
            Action::PlaceNew { tile, beaches } => {
                m.serialize_entry("tile", tile.key())?;
                m.serialize_entry("beaches", beaches)?;
            }
            Action::Emigrate { tile, beach, jetty } => {
                m.serialize_entry("tile", tile.key())?;
                m.serialize_entry("beach", beach)?;
                m.serialize_entry("jetty", jetty)?;
            }
            Action::Land { seat, beach } => {
                m.serialize_entry("seat", seat)?;
                m.serialize_entry("beach", beach)?;
            }
            Action::Return { seat } => m.serialize_entry("seat", seat)?,
            Action::PlaceCard { q, r, rotation } => {
                m.serialize_entry("q", q)?;
                m.serialize_entry("r", r)?;
                m.serialize_entry("rotation", rotation)?;
            }
        }
        m.end()
    }
}

impl<'de> serde::Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let v = Value::deserialize(d)?;
        Action::from_json(&v).map_err(|e| serde::de::Error::custom(e.message))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use serde_json::json;

    fn code(v: Value) -> ErrorCode {
        Action::from_json(&v).unwrap_err().code
    }

    /// One normalized action of every type (and of each form of
    /// `expand` and `place_new`), as JSON.
    pub(crate) fn samples() -> Vec<Value> {
        vec![
            json!({"type":"setup_place","beach":2}),
            json!({"type":"expand","tile":"samoa","beaches":[0,2]}),
            json!({"type":"expand","tile":"samoa","beaches":[1],"take":{"tile":"tonga","beach":3}}),
            json!({"type":"found_kingdom","tile":"hawaii"}),
            json!({"type":"resettle"}),
            json!({"type":"place_new","tile":"tonga","beaches":[1,1]}),
            json!({"type":"place_new","tile":"tonga","beaches":[0,4]}),
            json!({"type":"place_new","tile":"samoa","beaches":[1]}),
            json!({"type":"emigrate","tile":"tonga","beach":0,"jetty":0}),
            json!({"type":"land","seat":2,"beach":1}),
            json!({"type":"return","seat":0}),
            json!({"type":"place_card","q":-1,"r":2,"rotation":5}),
            json!({"type":"place_ship","beach":0}),
        ]
    }

    #[test]
    fn round_trips_every_type() {
        for s in samples() {
            let a = Action::from_json(&s).unwrap();
            assert_eq!(a.to_json(), s);
        }
    }

    #[test]
    fn malformed_inputs_are_classified() {
        use ErrorCode::MalformedAction as M;
        assert_eq!(code(json!(null)), M);
        assert_eq!(code(json!(3)), M);
        assert_eq!(code(json!({"beach": 1})), M);
        assert_eq!(code(json!({"type": "fly"})), M);
        assert_eq!(code(json!({"type": 5})), M);
        assert_eq!(code(json!({"type": "setup_place"})), M);
        assert_eq!(code(json!({"type": "setup_place", "beach": "1"})), M);
        assert_eq!(code(json!({"type": "setup_place", "beach": -1})), M);
        assert_eq!(code(json!({"type": "setup_place", "beach": 1.5})), M);
        assert_eq!(
            code(json!({"type": "expand", "tile": "atlantis", "beaches": [0]})),
            M
        );
        assert_eq!(
            code(json!({"type": "expand", "tile": "tonga", "beaches": 0})),
            M
        );
        assert_eq!(
            code(json!({"type": "expand", "tile": "tonga", "beaches": [0], "take": 4})),
            M
        );
        assert_eq!(
            code(json!({"type": "place_card", "q": 0.5, "r": 0, "rotation": 0})),
            M
        );
    }

    #[test]
    fn huge_indexes_and_negative_coordinates_are_well_formed() {
        let a = Action::from_json(
            &json!({"type":"setup_place","beach": 1e3 as u64 * 1_000_000_000u64}),
        )
        .unwrap();
        assert_eq!(a, Action::SetupPlace { beach: u32::MAX });
        let a = Action::from_json(
            &json!({"type":"place_card","q":-3,"r":-4,"rotation":1,"extra":true}),
        )
        .unwrap();
        assert_eq!(
            a,
            Action::PlaceCard {
                q: -3,
                r: -4,
                rotation: 1
            }
        );
    }
}
