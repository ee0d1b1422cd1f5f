//! Reading a JSON file into typed values with located errors: the shape the opening book and the
//! puzzle-set readers share.
//!
//! Such a file is a header (a `format` name, a `version`, free fields) and an array of entries.
//! The reader parses the header with serde_json, keeping each entry raw (a `&RawValue` borrowed
//! from the text): [`parse`] gives serde's own line and column for malformed JSON or a header
//! field of the wrong type, [`check_format`] refuses another format or version. Each entry is
//! then parsed ([`parse_entry`]) and checked against the rules by its owner, and whatever is
//! wrong with it is reported at the place the entry starts ([`place_of`]), with serde's place
//! inside the entry (which would mislead) cut from the message. The callers turn these into their
//! own typed errors (`BookError`, `PuzzleSetError`), which name the file as well.

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

/// A place in a text: 1-based line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    /// 1-based line.
    pub(crate) line: usize,
    /// 1-based column.
    pub(crate) column: usize,
}

/// Why a text is not JSON of the expected shape: serde_json's description and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JsonError {
    /// Where serde_json stopped.
    pub(crate) place: Place,
    /// serde_json's description (its place included).
    pub(crate) message: String,
}

/// `text` parsed as a `T` (typically a header whose entries stay `&RawValue`).
///
/// # Errors
/// Malformed JSON or a field of the wrong type, with serde_json's line and column.
pub(crate) fn parse<'a, T: Deserialize<'a>>(text: &'a str) -> Result<T, JsonError> {
    serde_json::from_str(text).map_err(|error| JsonError {
        place: Place {
            line: error.line(),
            column: error.column(),
        },
        message: error.to_string(),
    })
}

/// Checks a header's `format` and `version` against the ones this code reads.
///
/// # Errors
/// A message naming what was found and what is expected.
pub(crate) fn check_format(
    format: &str,
    version: u32,
    expected_format: &str,
    expected_version: u32,
) -> Result<(), String> {
    if format != expected_format {
        return Err(format!(
            "format is {format:?}, expected {expected_format:?}"
        ));
    }
    if version != expected_version {
        return Err(format!(
            "version {version}, this program reads version {expected_version}"
        ));
    }
    Ok(())
}

/// One raw entry parsed as a `T`.
///
/// # Errors
/// serde_json's description without its place inside the entry: the caller reports the place
/// where the entry starts ([`place_of`]).
pub(crate) fn parse_entry<T: DeserializeOwned>(value: &RawValue) -> Result<T, String> {
    serde_json::from_str(value.get()).map_err(|error| {
        let message = error.to_string();
        let cut = message.rfind(" at line ").unwrap_or(message.len());
        message[..cut].to_string()
    })
}

/// Where `value`, a part of `text` (borrowed from it by the parser), starts; the column counts
/// characters, as an editor shows them.
pub(crate) fn place_of(text: &str, value: &RawValue) -> Place {
    let offset = (value.get().as_ptr() as usize)
        .saturating_sub(text.as_ptr() as usize)
        .min(text.len());
    let before = &text[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    Place {
        line: before.matches('\n').count() + 1,
        column: before[line_start..].chars().count() + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Header<'a> {
        #[serde(borrow)]
        entries: Vec<&'a RawValue>,
    }

    #[test]
    fn entries_are_located_where_they_start() {
        let text = "{\"entries\": [\n  1,\n  \"é\", \"x\"\n]}";
        let header: Header<'_> = parse(text).unwrap();
        assert_eq!(
            place_of(text, header.entries[0]),
            Place { line: 2, column: 3 }
        );
        // Columns count characters, not bytes.
        assert_eq!(
            place_of(text, header.entries[2]),
            Place { line: 3, column: 8 }
        );
        let error = parse_entry::<u32>(header.entries[2]).unwrap_err();
        assert!(!error.contains(" at line "), "{error}");
        let broken = parse::<Header<'_>>("{\n \"entries\": }").unwrap_err();
        assert_eq!(broken.place.line, 2);
        assert!(check_format("a", 1, "a", 1).is_ok());
        assert!(
            check_format("b", 1, "a", 1)
                .unwrap_err()
                .contains("expected \"a\"")
        );
        assert!(
            check_format("a", 2, "a", 1)
                .unwrap_err()
                .contains("version 2")
        );
    }
}
