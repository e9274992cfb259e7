//! Chat at a table (ONLINE.md, "Meeting strangers"): a line is plain text
//! exactly as sent, less control and bidi characters (so that no line can
//! reorder the ones around it on a reader's screen or hide what it says),
//! 1 to [`MAX_CHARS`] characters after trimming. Markup is just text: the
//! page sets it as text, never as HTML. A canned phrase is sent by its id
//! ([`PHRASES`]) and shown in each reader's language (`chat.phrase.ID` in
//! www/lang/*.js); its English text goes with it for other clients.

use super::error::{Code, OnlineError};

/// Characters of a chat line, at most (after trimming).
pub const MAX_CHARS: usize = 300;

/// Chat lines a newcomer gets (`chat_history`).
pub const HISTORY: u32 = 100;

/// The canned phrases: id, English text.
pub const PHRASES: &[(&str, &str)] = &[
    ("hello", "Hello!"),
    ("good_luck", "Good luck!"),
    ("thinking", "Thinking…"),
    ("well_played", "Well played!"),
    ("thanks", "Thanks!"),
    ("good_game", "Good game!"),
];

/// The English text of phrase `id`, if it is one.
pub fn phrase(id: &str) -> Option<&'static str> {
    PHRASES
        .iter()
        .find(|(p, _)| *p == id)
        .map(|(_, text)| *text)
}

/// Unicode's bidirectional formatting characters (LRM, RLM, ALM, the
/// embeddings and overrides, the isolates): each may reorder what follows
/// it on the reader's screen.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// The line as it will be stored and shown, or `bad_chat` saying why.
pub fn clean(raw: &str) -> Result<String, OnlineError> {
    let kept: String = raw
        .chars()
        .filter(|&c| !c.is_control() && !is_bidi_control(c))
        .collect();
    let text = kept.trim();
    let n = text.chars().count();
    if n == 0 {
        return Err(OnlineError::detail(Code::BadChat, "it is empty"));
    }
    if n > MAX_CHARS {
        return Err(OnlineError::detail(
            Code::BadChat,
            format!("it has {n} characters"),
        ));
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_plain_text_less_control_and_bidi_characters() {
        assert_eq!(clean("  Hello  ").unwrap(), "Hello");
        assert_eq!(clean("a\u{202E}cba\u{202C}").unwrap(), "acba");
        assert_eq!(clean("\u{2067}x\u{2069}\u{200F}").unwrap(), "x");
        assert_eq!(clean("one\ntwo\tthree\u{0}").unwrap(), "onetwothree");
        // Markup, emoji (with their joiners) and every script stay as sent.
        assert_eq!(
            clean("<b>hi</b> & <script>").unwrap(),
            "<b>hi</b> & <script>"
        );
        assert_eq!(clean("👩‍👩‍👧 שלום").unwrap(), "👩‍👩‍👧 שלום");
        assert_eq!(clean(&"é".repeat(300)).unwrap().chars().count(), 300);
        for bad in ["", "   ", "\u{202E}\n\u{200F}"] {
            let e = clean(bad).unwrap_err();
            assert_eq!(e.code, Code::BadChat);
            assert!(e.message.contains("empty"), "{}", e.message);
        }
        let e = clean(&"x".repeat(301)).unwrap_err();
        assert_eq!(e.code, Code::BadChat);
        assert!(e.message.contains("301 characters"), "{}", e.message);
        // Trimmed first: 300 characters between spaces are one line.
        assert!(clean(&format!("  {}  ", "y".repeat(300))).is_ok());
    }

    #[test]
    fn phrases_are_known_by_id_and_translated_for_the_page() {
        assert_eq!(phrase("good_luck"), Some("Good luck!"));
        assert_eq!(phrase("Good luck!"), None);
        assert_eq!(phrase(""), None);
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../www/lang");
        for lang in ["en", "de", "nl", "hu", "it", "he"] {
            let text = std::fs::read_to_string(dir.join(format!("{lang}.js"))).unwrap();
            for (id, english) in PHRASES {
                let key = format!("  \"chat.phrase.{id}\": ");
                let line = text.lines().find(|l| l.starts_with(&key));
                let line = line.unwrap_or_else(|| panic!("{lang}.js has no chat.phrase.{id}"));
                if lang == "en" {
                    let quoted = serde_json::to_string(english).unwrap();
                    assert_eq!(line, format!("{key}{quoted},"), "en.js: chat.phrase.{id}");
                }
            }
        }
    }
}
