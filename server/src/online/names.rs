//! Player names at an online table are visible plain text: the engine's
//! [`visible_name`] (no control, format — bidi overrides, zero-width — or
//! other invisible characters; white space collapsed), in NFC, 1 to 40
//! characters of an allow-list ([`allowed`]: letters and the marks on them,
//! numbers, punctuation, symbols and spaces), unique at the table (compared
//! by their Unicode case folding, [`fold`]). Markup is just text: the
//! browser sets it as text, never as HTML.

use super::error::{Code, OnlineError};
use caseless::Caseless;
use tongiaki::options::{visible_name, MAX_NAME_CHARS};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};

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
    let mut before: Option<char> = None;
    for c in out.chars() {
        if !allowed(c, before) {
            // Named by its code point: the character itself may not show.
            return Err(OnlineError::detail(
                Code::BadName,
                format!(
                    "U+{:04X} is not a letter, number, punctuation or symbol",
                    c as u32
                ),
            ));
        }
        before = Some(c);
    }
    Ok(out)
}

/// May `c` stand in a name after `before`? Letters, numbers, punctuation,
/// symbols and the space are allowed; a mark (an accent, a vowel sign) only
/// on a letter, number, symbol or another mark, never alone. Everything
/// else is refused: controls and format characters (the invisible ones
/// that `visible_name` does not know yet, U+1BCA0, U+13430), private use,
/// surrogates, unassigned code points and noncharacters, line and
/// paragraph separators; and U+FFFC and U+FFFD, which stand for something
/// that is not there.
pub fn allowed(c: char, before: Option<char>) -> bool {
    if c == ' ' {
        return true;
    }
    if matches!(c, '\u{FFFC}' | '\u{FFFD}') {
        return false;
    }
    match c.general_category_group() {
        GeneralCategoryGroup::Letter
        | GeneralCategoryGroup::Number
        | GeneralCategoryGroup::Punctuation
        | GeneralCategoryGroup::Symbol => true,
        GeneralCategoryGroup::Mark => before.is_some_and(|b| {
            matches!(
                b.general_category_group(),
                GeneralCategoryGroup::Letter
                    | GeneralCategoryGroup::Number
                    | GeneralCategoryGroup::Symbol
                    | GeneralCategoryGroup::Mark
            )
        }),
        GeneralCategoryGroup::Separator => c.general_category() == GeneralCategory::SpaceSeparator,
        GeneralCategoryGroup::Other => false,
    }
}

/// The form two names are compared in for uniqueness: Unicode's
/// compatibility caseless match (full case folding between compatibility
/// decompositions, so "STRASSE" is "straße" and "ﬁ" is "fi"), recomposed.
pub fn fold(name: &str) -> String {
    name.chars()
        .nfd()
        .default_case_fold()
        .nfkd()
        .default_case_fold()
        .nfkd()
        .nfc()
        .collect()
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

    /// Issue 29: invisible format characters the engine's list does not
    /// know, lone marks, U+FFFC, unassigned, private-use and noncharacter
    /// code points were accepted.
    #[test]
    fn only_letters_numbers_punctuation_symbols_and_spaces() {
        for bad in [
            "Ana\u{1BCA0}",  // shorthand format control (Cf)
            "Ana\u{13430}",  // Egyptian hieroglyph format control (Cf)
            "\u{0301}Ana",   // a lone combining mark
            "Ana \u{0301}",  // a mark on a space
            "Ana\u{FFFC}",   // object replacement character
            "Ana\u{FFFD}",   // replacement character
            "Ana\u{0378}",   // unassigned
            "Ana\u{E000}",   // private use
            "Ana\u{F0000}",  // supplementary private use
            "Ana\u{FDD0}",   // noncharacter
            "Ana\u{10FFFF}", // noncharacter
            "Ana\u{1FFFE}",  // noncharacter
        ] {
            let e = normalise(bad).expect_err(bad);
            assert_eq!(e.code, Code::BadName, "{bad:?}");
            assert!(
                e.message.contains("U+"),
                "{bad:?}: the character is named by its code point: {}",
                e.message
            );
        }
        for good in [
            "Ana-Maria O'Neill",
            "Zoë",
            "Hinemoa 🌊",
            "עִבְרִית",
            "हिन्दी",
            "日本語",
            "R2-D2 & C-3PO",
            "x+y=z",
            "Ünal №1",
        ] {
            assert_eq!(normalise(good).unwrap(), good, "{good:?}");
        }
    }

    /// Issue 29: "STRASSE" sat beside "straße" (lowercasing is not case
    /// folding).
    #[test]
    fn names_compare_by_case_folding() {
        assert_eq!(fold("STRASSE"), fold("straße"));
        assert_eq!(fold("Straße"), fold("STRASSE"));
        assert_eq!(fold("ΣΊΣΥΦΟΣ"), fold("σίσυφος"));
        assert_eq!(fold("ﬁsh"), fold("FISH"));
        assert_eq!(fold("e\u{0301}"), fold("É"));
        assert_ne!(fold("Ana"), fold("Anna"));
    }
}
