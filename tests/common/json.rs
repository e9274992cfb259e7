//! Comparing JSON values with a short message naming the first difference
//! (the fixtures' tests, natively and in wasm).

use serde_json::Value;

/// Where two JSON values first differ, as a path (for short failure messages).
pub fn first_difference(a: &Value, b: &Value, path: &str) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for k in x.keys().chain(y.keys()) {
                let p = format!("{path}.{k}");
                match (x.get(k), y.get(k)) {
                    (Some(u), Some(v)) => {
                        if let Some(d) = first_difference(u, v, &p) {
                            return Some(d);
                        }
                    }
                    (u, v) => return Some(format!("{p}: {u:?} vs {v:?}")),
                }
            }
            None
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => x
            .iter()
            .zip(y)
            .enumerate()
            .find_map(|(i, (u, v))| first_difference(u, v, &format!("{path}[{i}]"))),
        _ if a == b => None,
        _ => Some(format!("{path}: {a} vs {b}")),
    }
}

/// Asserts two JSON values are equal, naming the first difference.
pub fn assert_same(actual: &Value, expected: &Value, what: &str) {
    if let Some(d) = first_difference(actual, expected, "$") {
        panic!("{what}: differs at {d}");
    }
}
