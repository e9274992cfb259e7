//! Player names at an online table are visible plain text: the engine's
//! [`visible_name`] (no control, format — bidi overrides, zero-width — or
//! other invisible characters; white space collapsed), in NFC, 1 to 40
//! characters, unique at the table (compared without case, [`fold`]).
//! Markup is just text: the browser sets it as text, never as HTML.

use super::error::{Code, OnlineError};
use tongiaki::options::{visible_name, MAX_NAME_CHARS};
use unicode_normalization::UnicodeNormalization;

/// The name as it will be shown, or why it cannot be one.
pub fn normalise(raw: &str) -> Result<String, OnlineError> {
    let composed: String = raw.nfc().collect();
    // Dropping characters may have made a new composable pair.
    let out: String = visible_name(&composed).nfc().collect();
    let n = out.chars().count();
    if n == 0 {
        return Err(OnlineError::detail(Code::BadName, "it is empty"));
    }
    if n > MAX_NAME_CHARS {
        return Err(OnlineError::detail(
            Code::BadName,
            format!("it has {n} characters"),
        ));
    }
    Ok(out)
}

/// The form two names are compared in for uniqueness.
pub fn fold(name: &str) -> String {
    name.nfkc().flat_map(char::to_lowercase).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_visible_plain_text() {
        assert_eq!(normalise("  Ana  ").unwrap(), "Ana");
        assert_eq!(normalise("Ana\u{202E}giF").unwrap(), "AnagiF");
        assert_eq!(normalise("A\u{200B}n\u{0007}a").unwrap(), "Ana");
        assert_eq!(normalise("Bo \n\t Bo").unwrap(), "Bo Bo");
        assert_eq!(normalise("e\u{0301}").unwrap(), "\u{e9}");
        assert_eq!(normalise("<b>x</b>").unwrap(), "<b>x</b>");
        assert!(normalise("").is_err());
        assert!(normalise("\u{200B}\u{202E} \n").is_err());
        assert!(normalise(&"x".repeat(41)).is_err());
        assert!(normalise(&"é".repeat(40)).is_ok());
        assert_eq!(fold("ANA"), fold("ana"));
    }
}
