//! Errors are values with a message a player understands (docs/api.md), and a
//! message key with named arguments so that a front end can say the same in
//! its own language.
//!
//! Every error has a `code` (docs/api.md), a `key` and `args`, and the English
//! `message`, which is always [`ENGLISH`]`[key]` filled with `args` by
//! [`render`]. Keys are dotted lower snake case: `bad_options.*`,
//! `malformed.*`, `illegal.*`, `game_over`, `bad_save.*` and `internal.*`
//! name whole messages; `verb.*` (an action type in words), `pending.*`
//! (what the game waits for) and `json.*` (the kind of a JSON value that was
//! given) are parts that other messages refer to with `{@name}`. The one
//! free-form key is `text` (`{text}`), for messages the engine does not
//! write itself (the bots' own words).
//!
//! Templates (the same syntax in www/i18n.js):
//! - `{name}`: the argument (a string or number; a list is joined with ", ");
//! - `{name|one|other}`: `one` if the argument is 1 (or a list of one), else `other`;
//! - `{name/sep}`: a list joined with `sep`, e.g. `{beaches/ or }`;
//! - `{@name}`: the template whose key is the argument, filled with the same
//!   arguments (`{@pending}` with `pending = "pending.land"`).
//!
//! A `{` that does not start one of these is an ordinary character, so
//! `{"name": "Ana"}` in a template is literal text. Beaches in arguments are
//! numbered from 1 as players see them; card names are proper names and
//! stay as they are in every language.
//!
//! In Rust, an error's [`Reason`] (one per whole message's key) says why it
//! was given: match on `err.reason()`, never on the key's text.

use serde_json::{Map, Value};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ErrorCode {
    BadOptions,
    MalformedAction,
    IllegalAction,
    GameOver,
    BadSave,
}

impl ErrorCode {
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::BadOptions => "bad_options",
            ErrorCode::MalformedAction => "malformed_action",
            ErrorCode::IllegalAction => "illegal_action",
            ErrorCode::GameOver => "game_over",
            ErrorCode::BadSave => "bad_save",
        }
    }
}

/// Named arguments of a message, in the order the message names them.
pub type Args = Vec<(&'static str, Value)>;

/// `args![island = tile.name(), beach = b + 1]`: an [`Args`] list.
macro_rules! args {
    ($($k:ident = $v:expr),* $(,)?) => {
        vec![$((stringify!($k), serde_json::Value::from($v))),*]
    };
}
pub(crate) use args;

/// An error as every caller gets it: on the wire its `code`, `key`, `args`
/// and `message`; in Rust also its [`Reason`] ([`Error::reason`]), which is
/// what to match on rather than the key's text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Error {
    pub code: ErrorCode,
    /// The message key (see the module documentation and [`ENGLISH`]):
    /// always a [`Reason`]'s.
    pub key: &'static str,
    /// The message's named arguments.
    pub args: Args,
    /// [`ENGLISH`]`[key]` filled with `args`.
    pub message: String,
}

impl Error {
    /// An error with a key from [`ENGLISH`]; the message is its template
    /// filled with `args`.
    pub fn keyed(code: ErrorCode, key: &'static str, mut args: Args) -> Error {
        for (name, v) in args.iter_mut() {
            bound_echo(name, v);
        }
        debug_assert!(
            Reason::of_key(key).is_some(),
            "{key} is not a whole message's key"
        );
        let message = match Reason::of_key(key)
            .map(Reason::english)
            .or_else(|| english(key))
        {
            Some(t) => render(t, &args, &english),
            None => key.to_string(),
        };
        Error {
            code,
            key,
            args,
            message,
        }
    }

    /// An error for `reason`, its message the reason's template filled with
    /// `args`.
    pub fn of(code: ErrorCode, reason: Reason, args: Args) -> Error {
        Error::keyed(code, reason.key(), args)
    }

    /// Why: the reason whose key the error has.
    pub fn reason(&self) -> Reason {
        // Every key an error is made with is a reason's (`keyed` checks it
        // in debug builds, tests/errors.rs for every error path).
        Reason::of_key(self.key).unwrap_or(Reason::Text)
    }

    /// A free-form message the engine did not write itself: key `text`,
    /// argument `text`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error::keyed(code, "text", args![text = message.into()])
    }

    pub fn bad_options(key: &'static str, args: Args) -> Error {
        Error::keyed(ErrorCode::BadOptions, key, args)
    }
    pub fn malformed(key: &'static str, args: Args) -> Error {
        Error::keyed(ErrorCode::MalformedAction, key, args)
    }
    pub fn illegal(key: &'static str, args: Args) -> Error {
        Error::keyed(ErrorCode::IllegalAction, key, args)
    }
    pub fn bad_save(key: &'static str, args: Args) -> Error {
        Error::keyed(ErrorCode::BadSave, key, args)
    }
    pub fn game_over() -> Error {
        Error::keyed(ErrorCode::GameOver, "game_over", Vec::new())
    }

    /// An error whose template says `{@reason}`: `args`, then `reason` =
    /// the inner error's key, then the inner error's arguments.
    pub fn wrap(code: ErrorCode, key: &'static str, mut args: Args, inner: &Error) -> Error {
        args.push(("reason", Value::from(inner.key)));
        for (k, v) in &inner.args {
            debug_assert!(
                args.iter().all(|(a, _)| a != k),
                "argument {k} of {} clashes with {key}",
                inner.key
            );
            args.push((k, v.clone()));
        }
        Error::keyed(code, key, args)
    }

    /// The arguments as a JSON object.
    pub fn args_json(&self) -> Value {
        let mut m = Map::new();
        for (k, v) in &self.args {
            m.insert((*k).to_string(), v.clone());
        }
        Value::Object(m)
    }
}

/// Longest value a message repeats back from its input (a colour, a card
/// id, a bot spec, a save's version): longer ones are cut to this many
/// characters and "…", so a 10 MB colour name gives a short message.
pub const ECHO_CHARS: usize = 40;
/// The engine's own longer texts (`detail`: a JSON parser's reason, which
/// may quote the input; `text`) are bounded too.
const DETAIL_CHARS: usize = 200;
/// Longest list a message repeats back.
const ECHO_ITEMS: usize = 32;

/// `s` cut to `max` characters, with "…" when something was cut.
pub fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((i, _)) => format!("{}…", &s[..i]),
    }
}

/// Characters that show nothing or change how the text around them shows
/// (names refuse them, echoes show them as U+FFFD):
/// controls (Cc), the format characters (Cf: bidi marks, embeddings,
/// overrides and isolates, zero-width joiners and spaces, the byte order
/// mark, tags) and the other default-ignorable fillers and blanks.
pub(crate) fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{2800}' | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}' | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}')
}

/// `s` as a message may repeat it back: cut to `max` characters (with "…"),
/// and every control, bidi or other invisible character shown as U+FFFD, so
/// that an echo can neither reorder nor hide the text around it (nor, with
/// a character dropped, look like a value that is allowed).
pub fn echo(s: &str, max: usize) -> String {
    let cut = truncate(s, max);
    if cut.chars().any(invisible) {
        cut.chars()
            .map(|c| if invisible(c) { '\u{FFFD}' } else { c })
            .collect()
    } else {
        cut
    }
}

/// Bounds an argument's strings and lists (see [`ECHO_CHARS`]) and makes
/// their invisible characters visible ([`echo`]); the server bounds its own
/// refusals' arguments with it too.
pub fn bound_echo(name: &str, v: &mut Value) {
    let max = if matches!(name, "detail" | "text") {
        DETAIL_CHARS
    } else {
        ECHO_CHARS
    };
    match v {
        Value::String(s) => *s = echo(s, max),
        Value::Array(items) => {
            items.truncate(ECHO_ITEMS);
            for item in items {
                match item {
                    Value::String(s) => *s = echo(s, ECHO_CHARS),
                    // A list repeats numbers and strings, nothing deeper.
                    Value::Array(_) | Value::Object(_) => *item = Value::from("…"),
                    _ => {}
                }
            }
        }
        // An argument is a number, a string or a list of them: anything
        // deeper is not repeated.
        Value::Object(_) => *v = Value::from("…"),
        _ => {}
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for Error {}

/// The English template of a key.
pub fn english(key: &str) -> Option<&'static str> {
    ENGLISH.iter().find(|(k, _)| *k == key).map(|(_, t)| *t)
}

/// Fills `template` with `args` (see the module documentation); `lookup`
/// gives the templates `{@name}` refers to. A placeholder whose argument is
/// missing stays as it is.
pub fn render<'t>(
    template: &str,
    args: &[(&str, Value)],
    lookup: &dyn Fn(&str) -> Option<&'t str>,
) -> String {
    render_depth(template, args, lookup, 0)
}

fn render_depth<'t>(
    template: &str,
    args: &[(&str, Value)],
    lookup: &dyn Fn(&str) -> Option<&'t str>,
    depth: u8,
) -> String {
    let arg = |name: &str| args.iter().find(|(k, _)| *k == name).map(|(_, v)| v);
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match placeholder(after) {
            None => {
                out.push('{');
                rest = after;
            }
            Some((p, len)) => {
                let whole = &rest[i..i + 1 + len];
                rest = &after[len..];
                let Some(v) = arg(p.name) else {
                    out.push_str(whole);
                    continue;
                };
                match p.kind {
                    Kind::Plain => out.push_str(&scalar_list(v, ", ")),
                    Kind::Join(sep) => out.push_str(&scalar_list(v, sep)),
                    Kind::Plural(one, other) => {
                        let n = match v {
                            Value::Array(a) => a.len() as f64,
                            v => v.as_f64().unwrap_or(0.0),
                        };
                        out.push_str(if n == 1.0 { one } else { other });
                    }
                    Kind::Ref => match v.as_str().and_then(lookup) {
                        Some(t) if depth < 4 => {
                            out.push_str(&render_depth(t, args, lookup, depth + 1))
                        }
                        _ => out.push_str(whole),
                    },
                }
            }
        }
    }
    out.push_str(rest);
    out
}

enum Kind<'a> {
    Plain,
    Ref,
    Join(&'a str),
    Plural(&'a str, &'a str),
}

struct Placeholder<'a> {
    name: &'a str,
    kind: Kind<'a>,
}

/// A placeholder at the start of `s` (just after its `{`), and its length
/// including the closing `}`.
fn placeholder(s: &str) -> Option<(Placeholder<'_>, usize)> {
    let (is_ref, body) = match s.strip_prefix('@') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let name_len = body
        .bytes()
        .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'_')
        .count();
    if name_len == 0 {
        return None;
    }
    let name = &body[..name_len];
    let tail = &body[name_len..];
    let pre = usize::from(is_ref) + name_len;
    match tail.as_bytes().first()? {
        b'}' => Some((
            Placeholder {
                name,
                kind: if is_ref { Kind::Ref } else { Kind::Plain },
            },
            pre + 1,
        )),
        b'|' | b'/' if !is_ref => {
            let end = tail.find('}')?;
            let inner = &tail[1..end];
            let kind = if tail.starts_with('/') {
                Kind::Join(inner)
            } else {
                let (one, other) = inner.split_once('|').unwrap_or((inner, inner));
                Kind::Plural(one, other)
            };
            Some((Placeholder { name, kind }, pre + end + 1))
        }
        _ => None,
    }
}

fn scalar_list(v: &Value, sep: &str) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => items
            .iter()
            .map(|x| scalar_list(x, ", "))
            .collect::<Vec<_>>()
            .join(sep),
        other => other.to_string(),
    }
}

/// Writes [`ENGLISH`] and [`Reason`] from one list: the parts (keys that
/// other messages refer to with `{@name}`, never an error's own key), then
/// the whole messages, each `Variant = "key" => "template"`, the variant
/// being the key in CamelCase. A new message is one line here and one in
/// each www/lang/*.js (tests/errors.rs checks them).
macro_rules! catalogue {
    (
        parts { $($part:literal => $part_template:literal,)* }
        reasons { $($variant:ident = $key:literal => $template:literal,)* }
    ) => {
        /// Why an error was given: one variant per whole message's key, for
        /// Rust callers to match on (`err.reason() == Reason::IllegalKingIsland`)
        /// where the wire has [`Error::key`].
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub enum Reason {
            $($variant,)*
        }

        impl Reason {
            /// Every reason, in the catalogue's order.
            pub const ALL: &'static [Reason] = &[$(Reason::$variant,)*];

            /// Where the reasons begin in [`ENGLISH`] (after the parts).
            const FIRST: usize = [$($part,)*].len();

            /// The message key: `"illegal.king_island"`.
            pub fn key(self) -> &'static str {
                ENGLISH[Reason::FIRST + self as usize].0
            }

            /// The reason whose key this is; `None` for a part's key or an
            /// unknown one.
            pub fn of_key(key: &str) -> Option<Reason> {
                // A scan of the table rather than a `match` on the keys:
                // as fast where errors are made, and far smaller in the
                // page's wasm.
                ENGLISH[Reason::FIRST..]
                    .iter()
                    .position(|(k, _)| *k == key)
                    .map(|i| Reason::ALL[i])
            }

            /// The English template.
            pub fn english(self) -> &'static str {
                ENGLISH[Reason::FIRST + self as usize].1
            }
        }

        /// Every message key and its English template, parts first, then
        /// the reasons in [`Reason`]'s order. www/lang/*.js translate
        /// exactly these keys (tests/errors.rs checks it).
        pub const ENGLISH: &[(&str, &str)] = &[
            $(($part, $part_template),)*
            $(($key, $template),)*
        ];
    };
}

catalogue! {
    parts {
        // Parts: the kind of a JSON value that was given instead of the right one.
        "json.null" => "null",
        "json.boolean" => "the boolean {value}",
        "json.number" => "the number {value}",
        "json.string" => "the string \"{value}\"",
        "json.array" => "an array",
        "json.object" => "an object",
        // Parts: an action in words (illegal.not_now).
        "verb.setup_place" => "place a setup ship",
        "verb.expand" => "expand",
        "verb.found_kingdom" => "found a king island",
        "verb.resettle" => "resettle",
        "verb.place_new" => "place new ships",
        "verb.emigrate" => "emigrate",
        "verb.land" => "land a ship",
        "verb.return" => "send a ship home",
        "verb.place_card" => "lay a card",
        "verb.place_ship" => "place a ship on a new island",
        // Parts: what the game waits for (also the snapshot's prompt).
        "pending.setup" => "{player}: place a ship on a beach of Tonga (setup, R2).",
        "pending.turn" => "{player}: expand, found a king island or resettle.",
        "pending.turn_new" => "{player}: no ship on an island, so place new ships (R50).",
        "pending.emigrate" => "{player}: emigrate from a full beach (R20).",
        "pending.land" => "{player}: land the arriving ships on {island} (R23).",
        "pending.place_card" => "{player}: lay the revealed card {card} next to the table.",
        "pending.place_ship" => "{player}: put a ship on {island}.",
        "pending.over" => "The game is over.",
    }
    reasons {
        // Free-form text the engine did not write (the bots' own words).
        Text = "text" => "{text}",
        // bad_options: the game options (and scripts).
        BadOptionsNotObject = "bad_options.not_object" => "The game options must be an object such as {\"players\": [{\"name\": \"Ana\"}, {\"name\": \"Bo\"}]}.",
        BadOptionsNotJson = "bad_options.not_json" => "The game options cannot be read as JSON: {detail}.",
        BadOptionsPlayersNotArray = "bad_options.players_not_array" => "\"players\" must be an array of 2 to 6 players.",
        BadOptionsNoPlayers = "bad_options.no_players" => "The game options need \"players\": 2 to 6 players in seat order.",
        BadOptionsPlayerCount = "bad_options.player_count" => "Tongiaki is played by 2 to 6 players, not {count}.",
        BadOptionsPlayerNotObject = "bad_options.player_not_object" => "Player {player} must be an object such as {\"name\": \"Ana\"}.",
        BadOptionsNameTooLong = "bad_options.name_too_long" => "The name of player {player} is longer than 40 characters.",
        BadOptionsNameInvisible = "bad_options.name_invisible" => "The name of player {player} has no visible characters.",
        BadOptionsNameNotString = "bad_options.name_not_string" => "The name of player {player} must be a string.",
        BadOptionsUnknownColor = "bad_options.unknown_color" => "Player {player} asks for the colour \"{color}\"; the colours are {colors/, }.",
        BadOptionsColorTaken = "bad_options.color_taken" => "Two players cannot both play {color}.",
        BadOptionsColorNotString = "bad_options.color_not_string" => "The colour of player {player} must be a string.",
        BadOptionsSeedRange = "bad_options.seed_range" => "The seed must be a whole number from 0 to {max}, not {seed}.",
        BadOptionsSeedNotNumber = "bad_options.seed_not_number" => "The seed must be a number.",
        BadOptionsNoRandom = "bad_options.no_random" => "No seed was given and no random source is available ({detail}).",
        BadOptionsDeckNotArray = "bad_options.deck_not_array" => "The pile (\"deck\") must be an array of card ids, top of the pile first.",
        BadOptionsDeckCount = "bad_options.deck_count" => "The pile (\"deck\") must list all {expected} cards other than Tonga exactly once; it lists {count}.",
        BadOptionsDeckEntryNotString = "bad_options.deck_entry_not_string" => "Every entry of the pile (\"deck\") must be a card id string such as \"samoa\".",
        BadOptionsDeckUnknownCard = "bad_options.deck_unknown_card" => "The pile (\"deck\") names an unknown card \"{card}\".",
        BadOptionsDeckTonga = "bad_options.deck_tonga" => "Tonga starts on the table; it cannot be in the pile (\"deck\").",
        BadOptionsDeckTwice = "bad_options.deck_twice" => "The pile (\"deck\") lists {card} twice.",
        BadOptionsScriptNotJson = "bad_options.script_not_json" => "The script is not valid JSON: {detail}",
        BadOptionsScriptActions = "bad_options.script_actions" => "The script's \"actions\" must be an array of actions.",
        // bad_options: bots (`simulate --bots`, `Game.botAction`).
        BadOptionsBotKind = "bad_options.bot_kind" => "Unknown bot \"{bot}\"; bots are {kinds/, } (search takes options, e.g. search:2000 or search:500ms).",
        BadOptionsBotOptions = "bad_options.bot_options" => "The {bot} bot takes no options (\"{spec}\").",
        BadOptionsSearchOption = "bad_options.search_option" => "Unknown search option \"{option}\": use N (iterations), Nms, rollout=random|light|greedy, reward=rank|win|margin, c=F, horizon=N, widen=F, widen_base=F.",
        BadOptionsSearchIterations = "bad_options.search_iterations" => "A search needs at least one iteration.",
        BadOptionsSearchIterationsCap = "bad_options.search_iterations_cap" => "A search runs 1 to {max} iterations, not {iterations}.",
        BadOptionsSearchMillisCap = "bad_options.search_millis_cap" => "A search thinks for more than 0 and at most {max} ms, not {millis}.",
        BadOptionsBotBudget = "bad_options.bot_budget" => "The bot budget must be an object such as {\"iterations\": 1000, \"millis\": 800}.",
        BadOptionsBotBudgetField = "bad_options.bot_budget_field" => "The bot budget's \"{field}\" must be a number.",
        BadOptionsBotKindNotText = "bad_options.bot_kind_not_text" => "The bot kind must be a string such as \"greedy\", not {@got}.",
        // bad_options: the review (issue 32: `tongiaki review`, the page's review).
        BadOptionsReviewIterations = "bad_options.review_iterations" => "A review runs {min} to {max} playouts per decision, not {iterations}.",
        BadOptionsReviewIterationsNotNumber = "bad_options.review_iterations_not_number" => "The review's \"iterations\" must be a number, not {@got}.",
        BadOptionsReviewOptions = "bad_options.review_options" => "The review's options must be an object such as {\"iterations\": 600}, not {@got}.",
        // malformed: an action that is not one (docs/api.md).
        MalformedNotJson = "malformed.not_json" => "The action cannot be read as JSON: {detail}.",
        MalformedNotObject = "malformed.not_object" => "An action must be a JSON object with a \"type\", not {@got}.",
        MalformedNoType = "malformed.no_type" => "The action has no \"type\" field.",
        MalformedTypeNotString = "malformed.type_not_string" => "The action's \"type\" must be a string, not {@got}.",
        MalformedUnknownType = "malformed.unknown_type" => "Unknown action type \"{given}\"; known types are {types/, }.",
        MalformedMissingField = "malformed.missing_field" => "The {action} action needs a \"{field}\" field.",
        MalformedTakeNotObject = "malformed.take_not_object" => "\"take\" of an expand action must be an object {tile, beach}, not {@got}.",
        MalformedNegative = "malformed.negative" => "\"{field}\" of the {action} action must not be negative (got {number}).",
        MalformedNotWhole = "malformed.not_whole" => "\"{field}\" of the {action} action must be a whole number (got {number}).",
        MalformedNotNumber = "malformed.not_number" => "\"{field}\" of the {action} action must be a number, not {@got}.",
        MalformedTooManyBeaches = "malformed.too_many_beaches" => "\"{field}\" of the {action} action lists {count} beaches; no island has that many.",
        MalformedNotBeachList = "malformed.not_beach_list" => "\"{field}\" of the {action} action must be an array of beach numbers, not {@got}.",
        MalformedNotCard = "malformed.not_card" => "\"{field}\" of the {action} action must be a card id such as \"tonga\", not {@got}.",
        MalformedUnknownCard = "malformed.unknown_card" => "There is no card called \"{card}\" in Tongiaki.",
        // illegal: well formed but not allowed now.
        IllegalNotNow = "illegal.not_now" => "You cannot {@verb} now: {@pending}",
        IllegalNotAllowed = "illegal.not_allowed" => "That move is not allowed now: {@pending}",
        IllegalNoSuchBeach = "illegal.no_such_beach" => "{island} has no such beach; its beaches are numbered 1 to {beaches}.",
        IllegalWaterCard = "illegal.water_card" => "{card} is a water card; ships stay on islands.",
        IllegalRemoved = "illegal.removed" => "{island} has left the game (R25).",
        IllegalNotOnTable = "illegal.not_on_table" => "{island} is not on the table yet.",
        IllegalSetupBeachFull = "illegal.setup_beach_full" => "Beach {beach} of Tonga already has {ships} ships: during setup every beach keeps a free place (R2).",
        IllegalNoIslandShips = "illegal.no_island_ships" => "You have no ship on an island: place new ships instead (R50).",
        IllegalKingIsland = "illegal.king_island" => "{island} is a king island: no one may expand there (R31).",
        IllegalSupplyEmpty = "illegal.supply_empty" => "Your supply is empty: to expand, take one of your ships from an island (R51).",
        IllegalSupplyNotEmpty = "illegal.supply_not_empty" => "You still have ships in your supply; taking a ship from an island is only for an empty supply (R51).",
        IllegalOnePerBeach = "illegal.one_per_beach" => "An expansion puts at most one new ship on each beach (R10).",
        IllegalNoFreePlace = "illegal.no_free_place" => "Beach {beach} of {island} has no free place.",
        IllegalTakeNoShip = "illegal.take_no_ship" => "You have no ship on beach {beach} of {island} to take (R51).",
        IllegalTakeKing = "illegal.take_king" => "{island} is a king island: its king stays (R51).",
        IllegalTakeOneShip = "illegal.take_one_ship" => "With an empty supply exactly one ship is placed (R51).",
        IllegalTakeSameBeach = "illegal.take_same_beach" => "The ship must go to another beach than the one it was taken from (R51).",
        IllegalTakeLastShip = "illegal.take_last_ship" => "After taking that ship you have no ship left on {island} (R51).",
        IllegalExpandNoShip = "illegal.expand_no_ship" => "You have no ship on {island}: expand only where you have ships (R10).",
        IllegalExpandCount = "illegal.expand_count" => "An expansion on {island} places exactly {count} {count|ship|ships} — the least of your {ships} {ships|ship|ships} there, its {beaches} beaches and your supply of {supply} (R10).",
        IllegalTongaKing = "illegal.tonga_king" => "Tonga can never be a king island (R30).",
        IllegalKingNotOnTable = "illegal.king_not_on_table" => "{island} is not on the table.",
        IllegalKingWater = "illegal.king_water" => "{island} is a water card; only an island can be a king island.",
        IllegalAlreadyKing = "illegal.already_king" => "{island} is already a king island (R30).",
        IllegalKingNoShip = "illegal.king_no_ship" => "You have no ship on {island}: found a king island only where you have ships (R30).",
        IllegalKingOthers = "illegal.king_others" => "Other players have ships on {island}: a king island needs you alone there (R30).",
        IllegalTwoKings = "illegal.two_kings" => "You already have two king islands (R30).",
        IllegalResettle = "illegal.resettle" => "You have no ship on an island and can place new ships: do that instead (R50).",
        IllegalPlaceNewHasShips = "illegal.place_new_has_ships" => "You have ships on islands: new ships are placed only by a player who has none (R50).",
        IllegalPlaceNewKing = "illegal.place_new_king" => "{island} is a king island: no one may put ships there (R31).",
        IllegalPlaceNewCount = "illegal.place_new_count" => "Place two new ships on Tonga or one on another island, not {count} on {island} (R50).",
        IllegalNoRoom = "illegal.no_room" => "Beach {beach} of {island} has no room for that.",
        IllegalBeachNotFull = "illegal.beach_not_full" => "Beach {beach} of {island} is not full: only a full beach sails off (R20).",
        IllegalNoJetty = "illegal.no_jetty" => "Beach {beach} of {island} has no jetty toward edge {jetty}; its {jetties|jetty points|jetties point} to edge {jetties/ and } (R20).",
        IllegalEndlessVoyage = "illegal.endless_voyage" => "That voyage would only send ships round between the cards on the table for ever; choose another way out (R25).",
        IllegalNoArrivingShip = "illegal.no_arriving_ship" => "No ship of seat {seat} is left in the arriving group.",
        IllegalBeachFull = "illegal.beach_full" => "Beach {beach} of {island} is full.",
        IllegalOwedBeach = "illegal.owed_beach" => "First every beach that had room when the group arrived gets one ship: choose beach {beaches/ or } (R23).",
        IllegalEndlessLanding = "illegal.endless_landing" => "That landing would leave an endless chain of emigrations; place the ship elsewhere (R25).",
        IllegalRoomForAll = "illegal.room_for_all" => "There is room on {island} for every arriving ship: none is sent home (R23).",
        IllegalEndlessReturn = "illegal.endless_return" => "Sending that ship home would leave an endless chain of emigrations (R25).",
        IllegalHexTaken = "illegal.hex_taken" => "That hex already holds {card}.",
        IllegalRotation = "illegal.rotation" => "A rotation is 0 to 5 (steps of 60°), not {rotation}.",
        IllegalNotAdjacent = "illegal.not_adjacent" => "{card} must be laid next to a card on the table (R40).",
        IllegalEmblem = "illegal.emblem" => "{card}'s emblem edge must face a card on the table: try another rotation (R40).",
        // game_over: any action once the game is over.
        GameOver = "game_over" => "The game is over: no more moves can be made.",
        // bad_save: a save that does not load.
        BadSaveTooLarge = "bad_save.too_large" => "This file is {bytes} bytes long; a Tongiaki save is never larger than {max} bytes.",
        BadSaveNotJson = "bad_save.not_json" => "This is not a Tongiaki save: it is not valid JSON ({detail}).",
        BadSaveNotText = "bad_save.not_text" => "A save is the text that save() wrote, not {@got}.",
        BadSaveNotObject = "bad_save.not_object" => "This is not a Tongiaki save: it is not a JSON object.",
        BadSaveFormat = "bad_save.format" => "This is not a Tongiaki save (its \"format\" is wrong).",
        BadSaveVersion = "bad_save.version" => "This save has version {version}; this game reads version 1.",
        BadSaveNoOptions = "bad_save.no_options" => "The save has no \"options\".",
        BadSaveOptions = "bad_save.options" => "The save's options are not valid: {@reason}",
        BadSaveNoSeed = "bad_save.no_seed" => "The save's options have no seed, so the game cannot be replayed.",
        BadSaveNoActions = "bad_save.no_actions" => "The save has no \"actions\" list.",
        BadSaveGame = "bad_save.game" => "{@reason}",
        BadSaveEntry = "bad_save.entry" => "Entry {entry} of the save ({entry_type}) cannot be replayed: {@reason}",
        // internal: should never happen (the browser wrapper).
        InternalSerialize = "internal.serialize" => "Internal error: {detail}.",
        InternalInvalidJson = "internal.invalid_json" => "Internal error: the engine wrote invalid JSON.",
        InternalFreed = "internal.freed" => "This game was freed (free()): it cannot be used any more.",
    }
}
