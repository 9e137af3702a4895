//! The check every JSON file of a vector folder passes before serde reads it
//! (docs/input-contract.md, rules 3, 6 and 7): UTF-8, RFC 8259 JSON, at most 256 levels of
//! nesting, number literals of at most 4096 characters (cvc's `kMaxJsonDepth` and
//! `kMaxJsonNumberChars`), and no object with a key twice, anywhere: serde's derive refuses a
//! repeated field it knows, but takes an unknown or skipped one (`RawValue`, `IgnoredAny`)
//! silently. One pass with its own stack, so that no input overflows the thread's stack.

use crate::Error;
use std::borrow::Cow;
use std::collections::HashSet;

/// The deepest nesting read: 256 arrays and objects inside one another.
pub const MAX_JSON_DEPTH: usize = 256;
/// The longest number literal read.
const MAX_NUMBER_CHARS: usize = 4096;

/// `bytes` as text, when it is UTF-8 JSON within the limits above; otherwise an error naming
/// `name` and the line and column of the problem.
pub(crate) fn checked_json<'a>(name: &str, bytes: &'a [u8]) -> Result<&'a str, Error> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = line_and_column(bytes, e.valid_up_to());
        Error::new(format!(
            "{name}: not UTF-8 (line {line}, column {column}: byte offset {})",
            e.valid_up_to()
        ))
    })?;
    let mut scanner = Scanner {
        text,
        bytes,
        position: 0,
        open: Vec::new(),
    };
    scanner.document().map_err(|what| {
        let (line, column) = line_and_column(bytes, scanner.position);
        Error::new(format!("{name}: {what} (line {line}, column {column})"))
    })?;
    Ok(text)
}

/// Parses JSON already through `checked_json` (nesting at most 256: serde_json's own limit of
/// 128 is lifted so that the two limits do not disagree).
pub(crate) fn from_checked_json<'a, T: serde::Deserialize<'a>>(
    text: &'a str,
) -> serde_json::Result<T> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    deserializer.disable_recursion_limit();
    let value = T::deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

fn line_and_column(bytes: &[u8], position: usize) -> (usize, usize) {
    let before = &bytes[..position.min(bytes.len())];
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let column = position
        - before
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |k| k + 1)
        + 1;
    (line, column)
}

/// An open array, or an open object with the keys it has so far.
enum Open<'a> {
    Array,
    Object(HashSet<Cow<'a, str>>),
}

struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    position: usize,
    open: Vec<Open<'a>>,
}

impl<'a> Scanner<'a> {
    fn document(&mut self) -> Result<(), String> {
        self.value()?;
        loop {
            self.skip_whitespace();
            let Some(container) = self.open.last() else {
                return match self.peek() {
                    None => Ok(()),
                    Some(_) => Err("more after the JSON value".into()),
                };
            };
            let is_object = matches!(container, Open::Object(_));
            match (self.peek(), is_object) {
                (Some(b','), _) => {
                    self.position += 1;
                    if is_object {
                        self.key()?;
                    }
                    self.value()?;
                }
                (Some(b'}'), true) | (Some(b']'), false) => {
                    self.position += 1;
                    self.open.pop();
                }
                (_, true) => return Err("expected ',' or '}' in an object".into()),
                (_, false) => return Err("expected ',' or ']' in an array".into()),
            }
        }
    }

    /// One value; an array or object is left open (its first member read) for `document`.
    fn value(&mut self) -> Result<(), String> {
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b'{') => {
                    self.open_container(Open::Object(HashSet::new()))?;
                    self.skip_whitespace();
                    if self.peek() == Some(b'}') {
                        self.position += 1;
                        self.open.pop();
                        return Ok(());
                    }
                    self.key()?;
                }
                Some(b'[') => {
                    self.open_container(Open::Array)?;
                    self.skip_whitespace();
                    if self.peek() == Some(b']') {
                        self.position += 1;
                        self.open.pop();
                        return Ok(());
                    }
                }
                Some(b'"') => return self.string().map(|_| ()),
                Some(b't') => return self.literal("true"),
                Some(b'f') => return self.literal("false"),
                Some(b'n') => return self.literal("null"),
                Some(b'-' | b'0'..=b'9') => return self.number(),
                Some(_) => return Err("expected a JSON value".into()),
                None => return Err("the text ends where a JSON value is expected".into()),
            }
        }
    }

    fn open_container(&mut self, container: Open<'a>) -> Result<(), String> {
        if self.open.len() >= MAX_JSON_DEPTH {
            return Err(format!(
                "JSON nested deeper than the limit of {MAX_JSON_DEPTH} levels"
            ));
        }
        self.position += 1;
        self.open.push(container);
        Ok(())
    }

    /// A member's key and its ':'; a key the object already has is refused.
    fn key(&mut self) -> Result<(), String> {
        self.skip_whitespace();
        if self.peek() != Some(b'"') {
            return Err("expected a string key".into());
        }
        let start = self.position;
        let escaped = self.string()?;
        let quoted = &self.text[start..self.position];
        let key: Cow<'a, str> = if escaped {
            Cow::Owned(serde_json::from_str::<String>(quoted).map_err(|e| format!("{e}"))?)
        } else {
            Cow::Borrowed(&quoted[1..quoted.len() - 1])
        };
        if let Some(Open::Object(keys)) = self.open.last_mut() {
            if !keys.insert(key) {
                self.position = start;
                return Err(format!(
                    "the key {quoted} is repeated in one object (neither may be taken)"
                ));
            }
        }
        self.skip_whitespace();
        if self.peek() != Some(b':') {
            return Err("expected ':' after a key".into());
        }
        self.position += 1;
        Ok(())
    }

    /// A string from its opening quote; true when it holds an escape.
    fn string(&mut self) -> Result<bool, String> {
        self.position += 1;
        let mut escaped = false;
        loop {
            match self.peek() {
                None => return Err("the text ends inside a string".into()),
                Some(b'"') => {
                    self.position += 1;
                    return Ok(escaped);
                }
                Some(b'\\') => {
                    escaped = true;
                    self.position += 1;
                    match self.peek() {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.position += 1
                        }
                        Some(b'u') => {
                            self.position += 1;
                            for _ in 0..4 {
                                if !self.peek().is_some_and(|b| b.is_ascii_hexdigit()) {
                                    return Err("a \\u escape without four hex digits".into());
                                }
                                self.position += 1;
                            }
                        }
                        _ => return Err("an unknown escape in a string".into()),
                    }
                }
                Some(0..=0x1f) => return Err("a control character in a string".into()),
                Some(_) => self.position += 1,
            }
        }
    }

    fn literal(&mut self, word: &str) -> Result<(), String> {
        if self.bytes[self.position..].starts_with(word.as_bytes()) {
            self.position += word.len();
            Ok(())
        } else {
            Err("expected a JSON value".into())
        }
    }

    /// -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    fn number(&mut self) -> Result<(), String> {
        let start = self.position;
        self.eat(b'-');
        match self.peek() {
            Some(b'0') => self.position += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err("a malformed number".into()),
        }
        if self.eat(b'.') && self.digits() == 0 {
            return Err("a malformed number".into());
        }
        if self.eat(b'e') || self.eat(b'E') {
            if !self.eat(b'+') {
                self.eat(b'-');
            }
            if self.digits() == 0 {
                return Err("a malformed number".into());
            }
        }
        if self.position - start > MAX_NUMBER_CHARS {
            self.position = start;
            return Err(format!(
                "a number of more than {MAX_NUMBER_CHARS} characters"
            ));
        }
        Ok(())
    }

    fn digits(&mut self) -> usize {
        let start = self.position;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.position += 1;
        }
        self.position - start
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.position += 1;
        }
        found
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.position).copied()
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.position += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{checked_json, MAX_JSON_DEPTH};

    fn verdict(text: &str) -> Result<(), String> {
        checked_json("f.json", text.as_bytes())
            .map(|_| ())
            .map_err(|e| e.message().to_string())
    }

    #[test]
    fn accepts_json_and_agrees_with_serde() {
        for text in [
            "{}",
            "[]",
            " {\"a\": [1, -0.5e+3, true, false, null, \"x\\u00e9\\n\"], \"b\": {}} ",
            "0",
            "\"\"",
            "[[],[{}]]",
        ] {
            assert_eq!(verdict(text), Ok(()), "{text}");
            assert!(serde_json::from_str::<serde_json::Value>(text).is_ok());
        }
        for text in [
            "",
            "{",
            "[1,]",
            "{\"a\":1,}",
            "01",
            "1.",
            "-",
            "1e",
            "tru",
            "[1 2]",
            "{\"a\" 1}",
            "{1:2}",
            "\"\\x\"",
            "\"a\nb\"",
            "[] []",
            "\"\\u12\"",
        ] {
            assert!(verdict(text).is_err(), "{text:?} is not JSON");
            assert!(serde_json::from_str::<serde_json::Value>(text).is_err());
        }
    }

    #[test]
    fn refuses_a_repeated_key_however_written() {
        let error = verdict("{\"a\":{\"b\":1,\"c\":[{\"b\":2,\"b\":3}]}}").unwrap_err();
        assert!(error.contains("the key \"b\" is repeated"), "{error}");
        assert!(error.starts_with("f.json:"), "{error}");
        assert!(verdict("{\"a\":1,\"\\u0061\":2}").is_err());
        assert_eq!(verdict("{\"a\":{\"a\":1},\"b\":[{\"a\":2}]}"), Ok(()));
    }

    #[test]
    fn nesting_is_bounded_at_256_levels() {
        let nested = |depth: usize| "[".repeat(depth) + &"]".repeat(depth);
        assert_eq!(verdict(&nested(MAX_JSON_DEPTH)), Ok(()));
        let error = verdict(&nested(MAX_JSON_DEPTH + 1)).unwrap_err();
        assert!(
            error.contains("nested deeper than the limit of 256"),
            "{error}"
        );
        // Far deeper input ends the same way, with no stack overflow.
        assert!(verdict(&"{\"a\":".repeat(1_000_000)).is_err());
    }

    #[test]
    fn refuses_what_is_not_utf8_naming_the_line() {
        let error = checked_json("f.json", b"{\"a\":\n\"\xff\"}").unwrap_err();
        assert!(error.message().contains("not UTF-8 (line 2"), "{error}");
    }

    #[test]
    fn refuses_a_number_longer_than_4096_characters() {
        assert_eq!(verdict(&"7".repeat(4096)), Ok(()));
        assert!(verdict(&format!("[{}]", "7".repeat(4097))).is_err());
    }
}
