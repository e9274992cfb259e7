//! Player names at an online table are visible plain text: NFC, without
//! control, format (bidi overrides, zero-width) or other invisible
//! characters, white space collapsed, 1 to 40 characters, unique at the
//! table (compared without case). Markup is just text: the browser sets it
//! as text, never as HTML.

use super::error::OnlineError;
use unicode_normalization::UnicodeNormalization;

/// Longest name, in characters after normalisation (the engine's bound).
pub const MAX_NAME_CHARS: usize = 40;

/// Characters that are dropped: C0/C1 controls, the bidi embeddings,
/// overrides and isolates, zero-width characters, the BOM, line and
/// paragraph separators, soft hyphen, interlinear annotation and tag
/// characters, and private-use or unassigned-looking specials.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}'                     // soft hyphen
            | '\u{034F}'                   // combining grapheme joiner
            | '\u{061C}'                   // Arabic letter mark
            | '\u{115F}' | '\u{1160}'      // Hangul fillers
            | '\u{17B4}' | '\u{17B5}'
            | '\u{180B}'..='\u{180F}'      // Mongolian selectors, vowel separator
            | '\u{200B}'..='\u{200F}'      // zero-width space/joiners, LRM, RLM
            | '\u{2028}'..='\u{202E}'      // separators, bidi embeddings and overrides
            | '\u{2060}'..='\u{206F}'      // word joiner, invisible operators, isolates
            | '\u{3164}'                   // Hangul filler
            | '\u{FE00}'..='\u{FE0F}'      // variation selectors
            | '\u{FEFF}'                   // BOM / zero-width no-break space
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFFB}'      // specials, interlinear annotation
            | '\u{E000}'..='\u{F8FF}'      // private use
            | '\u{E0000}'..='\u{E0FFF}'    // tags, variation selectors supplement
            | '\u{F0000}'..='\u{10FFFF}')
}

/// The name as it will be shown, or why it cannot be one.
pub fn normalise(raw: &str) -> Result<String, OnlineError> {
    let mut out = String::new();
    let mut space = false;
    for c in raw.nfc() {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if invisible(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    // Dropping characters may have made a new composable pair.
    let out: String = out.nfc().collect();
    let n = out.chars().count();
    if n == 0 {
        return Err(OnlineError::detail("bad_name", "it is empty"));
    }
    if n > MAX_NAME_CHARS {
        return Err(OnlineError::detail(
            "bad_name",
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
