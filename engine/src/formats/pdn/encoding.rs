//! Text encodings of PDN files: turning a file's bytes into text, and saying how it was done.
//!
//! Real draughts files come in UTF-8 (with or without a byte-order mark), sometimes UTF-16 (with
//! a mark), and very often in Windows-1251, the encoding of Russian Windows draughts programs.
//! [`decode`] decides in this order, and never silently: the chosen [`TextEncoding`] is returned
//! with the text so that callers report it.
//!
//! 1. A byte-order mark decides: `EF BB BF` UTF-8, `FF FE` UTF-16LE, `FE FF` UTF-16BE.
//! 2. Bytes that are valid UTF-8 are UTF-8 (plain ASCII included).
//! 3. Bytes that are valid UTF-8 but for a few bad bytes (a corrupted byte in a player's name) are
//!    UTF-8 too, the bad bytes replaced by U+FFFD ([`TextEncoding::Utf8Repaired`]): when the valid
//!    multi-byte sequences are at least [`UTF8_VALID_PER_INVALID`] times as many as the invalid
//!    ones. Text in another encoding never comes near that bar: Windows-1251 Russian and Latin-1
//!    text make almost no valid multi-byte sequence (a valid pair needs a byte `C2..DF` followed by
//!    one in `80..BF`: `Р`–`Я` then `«`, `ё`, … in Windows-1251, `Â` then `©` in Latin-1), while
//!    Russian UTF-8 text is made of them. [`invalid_utf8`] says where the bad bytes are, so that
//!    the reader can name the line, game and tag.
//! 4. Otherwise the bytes above 127 are counted: when at least `CYRILLIC_SHARE_PERCENT` % of
//!    them are Windows-1251's Cyrillic letters (`0xC0..=0xFF`, `Ё` `0xA8`, `ё` `0xB8`), the file
//!    is Windows-1251 — Russian text is made almost only of those letters, while Latin-1 text has
//!    most of its accented letters in `0xC0..=0xFF` too but mixes them with ASCII words, which is
//!    why the count looks at letters that stand next to other high bytes (see `cyrillic_share`).
//!    The same count with the letters of CP866, the Cyrillic code page of DOS (`А`–`п`
//!    `0x80..=0xAF`, `р`–`я` `0xE0..=0xEF`, `Ё` `ё` `0xF0` `0xF1`), finds the files of Soviet DOS
//!    programs; whichever of the two counts more letters wins (Russian text in one code page
//!    falls largely on the other's box-drawing signs and punctuation). A CP866 file is reported
//!    with a note ([`TextEncoding::note`]): it is rare, and the letters decided it.
//! 5. Anything else is read as Windows-1252 and reported as a guess ([`TextEncoding::is_guess`]).
//!
//! Steps 4 and 5 need the `encodings` feature (`encoding_rs` decodes the Windows code pages);
//! without it such a file is read as UTF-8 with its bad bytes replaced
//! ([`TextEncoding::NotUtf8`]), so its moves still read and the reader warns where names were
//! lost. Malformed sequences become U+FFFD, never a panic.
//!
//! One repair concerns the text rather than the bytes: line ends a broken exporter wrote as the
//! two characters `\r` ([`EscapedLineEnds`]), which the reader turns back into line breaks
//! before lexing and reports once.

use std::fmt;

/// The encoding a file was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TextEncoding {
    /// UTF-8 without a byte-order mark (plain ASCII included).
    Utf8,
    /// UTF-8 with a byte-order mark.
    Utf8Bom,
    /// UTF-8 without a byte-order mark, but for a few bad bytes (replaced by U+FFFD): its valid
    /// multi-byte sequences are at least ten times its invalid ones.
    Utf8Repaired,
    /// UTF-16, little-endian, with a byte-order mark.
    Utf16Le,
    /// UTF-16, big-endian, with a byte-order mark.
    Utf16Be,
    /// Windows-1251 (Cyrillic), detected from the letter frequencies.
    Windows1251,
    /// CP866 (IBM866, the Cyrillic code page of DOS: Soviet-era files), detected from the
    /// letter frequencies.
    Cp866,
    /// Windows-1252 (Western European): nothing else fitted, so this is a guess.
    Windows1252Guess,
    /// Not UTF-8 and read as UTF-8 anyway, its bad bytes replaced by U+FFFD: the library was
    /// built without the `encodings` feature, which reads Windows-1251 and Windows-1252.
    NotUtf8,
}

impl TextEncoding {
    /// The name reported to users (`UTF-8`, `UTF-8 (BOM)`, `windows-1251`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf8Bom => "UTF-8 (BOM)",
            TextEncoding::Utf8Repaired => "UTF-8 (bad bytes replaced)",
            TextEncoding::Utf16Le => "UTF-16LE (BOM)",
            TextEncoding::Utf16Be => "UTF-16BE (BOM)",
            TextEncoding::Windows1251 => "windows-1251",
            TextEncoding::Cp866 => "CP866 (DOS Cyrillic)",
            TextEncoding::Windows1252Guess => "windows-1252 (guessed)",
            TextEncoding::NotUtf8 => {
                "not UTF-8, bad bytes replaced (Windows code pages need the `encodings` feature)"
            }
        }
    }

    /// Whether the encoding was guessed (no rule of [`decode`] recognised the bytes).
    #[must_use]
    pub const fn is_guess(self) -> bool {
        matches!(self, TextEncoding::Windows1252Guess | TextEncoding::NotUtf8)
    }

    /// What a reader should be told about this encoding, if anything: a guess, a file read with
    /// its bad bytes replaced, a rare code page recognised by its letters. The CLI prints it as
    /// a warning, the Python package raises it as one.
    #[must_use]
    pub const fn note(self) -> Option<&'static str> {
        match self {
            TextEncoding::Windows1252Guess => Some(
                "the encoding is not UTF-8, UTF-16, Windows-1251 or CP866: read as \
                 windows-1252; check the names",
            ),
            TextEncoding::NotUtf8 => Some(
                "the encoding is not UTF-8 and the library was built without the `encodings` \
                 feature: bad bytes replaced; check the names",
            ),
            TextEncoding::Cp866 => Some(
                "read as CP866, the Cyrillic code page of DOS, recognised by its letters; check \
                 the names",
            ),
            _ => None,
        }
    }
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Share (in percent) of the high bytes that must be Windows-1251 letters next to another letter
/// for a file that is not UTF-8 to be read as Windows-1251.
#[cfg(feature = "encodings")]
pub(crate) const CYRILLIC_SHARE_PERCENT: usize = 70;

/// A file that is not valid UTF-8 is still read as UTF-8 when its valid multi-byte sequences are
/// at least this many times its invalid ones (at most one bad sequence in eleven): a few
/// corrupted bytes in otherwise Cyrillic UTF-8 text. Text in Windows-1251 or Windows-1252 has
/// almost no valid multi-byte sequence (none in the USSR 1947 championship written in
/// Windows-1251: 0 valid against 4 437 invalid), so it stays far below.
pub(crate) const UTF8_VALID_PER_INVALID: usize = 10;

/// Where bytes that are not UTF-8 stand: the line (from 1) and the bad bytes (one invalid
/// sequence, at most three bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InvalidUtf8 {
    pub(crate) line: usize,
    pub(crate) bytes: Vec<u8>,
}

/// Every invalid UTF-8 sequence of `bytes` with its line, in order (`bytes` without a BOM).
pub(crate) fn invalid_utf8(bytes: &[u8]) -> Vec<InvalidUtf8> {
    let mut found = Vec::new();
    let mut line = 1;
    for chunk in bytes.utf8_chunks() {
        line += chunk.valid().matches('\n').count();
        if !chunk.invalid().is_empty() {
            found.push(InvalidUtf8 {
                line,
                bytes: chunk.invalid().to_vec(),
            });
            line += chunk.invalid().iter().filter(|&&b| b == b'\n').count();
        }
    }
    found
}

/// Whether `bytes`, not valid UTF-8, are UTF-8 with a few bad bytes (see
/// [`UTF8_VALID_PER_INVALID`]).
fn mostly_utf8(bytes: &[u8]) -> bool {
    let mut valid = 0usize;
    let mut invalid = 0usize;
    for chunk in bytes.utf8_chunks() {
        valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += usize::from(!chunk.invalid().is_empty());
    }
    invalid > 0 && valid >= invalid * UTF8_VALID_PER_INVALID
}

/// Decodes a file's bytes (see the module docs for the rules): the text, without any byte-order
/// mark, and the encoding that was used.
#[must_use]
pub fn decode(bytes: &[u8]) -> (String, TextEncoding) {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return (lossy_utf8(rest), TextEncoding::Utf8Bom);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return (utf16(rest, u16::from_le_bytes), TextEncoding::Utf16Le);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return (utf16(rest, u16::from_be_bytes), TextEncoding::Utf16Be);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.to_string(), TextEncoding::Utf8);
    }
    if mostly_utf8(bytes) {
        return (lossy_utf8(bytes), TextEncoding::Utf8Repaired);
    }
    code_page(bytes)
}

/// UTF-8 text, each invalid sequence replaced by U+FFFD.
fn lossy_utf8(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// UTF-16 text in the byte order `unit` reads, unpaired surrogates and an odd last byte replaced
/// by U+FFFD.
fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    let mut text: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    if bytes.len() % 2 == 1 {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    text
}

/// Steps 4 and 5 of the module docs: Windows-1251 or, as a guess, Windows-1252.
#[cfg(feature = "encodings")]
fn code_page(bytes: &[u8]) -> (String, TextEncoding) {
    let windows = cyrillic_share(bytes, |b| b >= 0xC0 || b == 0xA8 || b == 0xB8);
    let dos = cyrillic_share(bytes, |b| matches!(b, 0x80..=0xAF | 0xE0..=0xF1));
    if dos > windows && dos >= CYRILLIC_SHARE_PERCENT {
        let (text, _) = encoding_rs::IBM866.decode_without_bom_handling(bytes);
        return (text.into_owned(), TextEncoding::Cp866);
    }
    if windows >= CYRILLIC_SHARE_PERCENT {
        let (text, _) = encoding_rs::WINDOWS_1251.decode_without_bom_handling(bytes);
        return (text.into_owned(), TextEncoding::Windows1251);
    }
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(bytes);
    (text.into_owned(), TextEncoding::Windows1252Guess)
}

/// Without the `encodings` feature: UTF-8 with the bad bytes replaced (see the module docs).
#[cfg(not(feature = "encodings"))]
fn code_page(bytes: &[u8]) -> (String, TextEncoding) {
    (lossy_utf8(bytes), TextEncoding::NotUtf8)
}

#[cfg(feature = "encodings")]
/// The percentage of the high bytes of `bytes` that are Cyrillic letters of a code page
/// (`letter`) standing next to another such letter: Russian words are runs of them, while in
/// Latin-1 text an accented letter usually stands between ASCII letters. 0 without high bytes.
fn cyrillic_share(bytes: &[u8], letter: impl Fn(u8) -> bool) -> usize {
    let mut high = 0usize;
    let mut in_words = 0usize;
    for (i, &b) in bytes.iter().enumerate() {
        if b < 0x80 {
            continue;
        }
        high += 1;
        let before = i > 0 && letter(bytes[i - 1]);
        let after = bytes.get(i + 1).is_some_and(|&n| letter(n));
        if letter(b) && (before || after) {
            in_words += 1;
        }
    }
    (in_words * 100).checked_div(high).unwrap_or(0)
}

/// Line ends a broken exporter wrote as the two characters `\r` (a backslash and an `r`; also
/// `\n` or `\r\n`): at the end of real lines, or as the only line ends of a one-line file.
#[derive(Debug)]
pub(super) struct EscapedLineEnds {
    /// The escape as written (`\r`, `\n` or `\r\n`), the first one found.
    escape: &'static str,
    /// The first line ending in one (1 in a one-line file).
    pub(super) first_line: usize,
    /// How many line ends were written so.
    count: usize,
    /// The text's lines that hold something (1 in a one-line file).
    lines: usize,
    /// The text with real line breaks; the line numbers of a text with real lines are kept.
    pub(super) repaired: String,
}

/// The escapes taken for line ends, longest first.
const LINE_END_ESCAPES: [&str; 3] = ["\\r\\n", "\\r", "\\n"];

impl EscapedLineEnds {
    /// The escaped line ends of `text`, when it has them: at least two lines, and at least half
    /// of the lines that hold something, end in an escape; or the text has no line break at all
    /// and at least two tags (`]`) are followed by an escape. A stray `\r` in a comment is left
    /// alone.
    pub(super) fn find(text: &str) -> Option<EscapedLineEnds> {
        let (mut escape, mut first_line, mut count, mut lines) = (None, 0, 0, 0);
        if !text.contains('\n') {
            let after_tags = LINE_END_ESCAPES
                .iter()
                .map(|e| text.matches(&format!("]{e}")).count())
                .max()
                .unwrap_or(0);
            if after_tags < 2 {
                return None;
            }
            let mut repaired = text.to_string();
            for e in LINE_END_ESCAPES {
                count += repaired.matches(e).count();
                escape = escape.or(text.contains(e).then_some(e));
                repaired = repaired.replace(e, "\n");
            }
            return Some(EscapedLineEnds {
                escape: escape.unwrap_or(LINE_END_ESCAPES[1]),
                first_line: 1,
                count,
                lines: 1,
                repaired,
            });
        }
        let mut repaired = String::with_capacity(text.len());
        for (index, line) in text.split('\n').enumerate() {
            if index > 0 {
                repaired.push('\n');
            }
            let mut rest = line.trim_end();
            let mut found = None;
            while let Some(e) = LINE_END_ESCAPES.iter().find(|e| rest.ends_with(*e)) {
                found.get_or_insert(*e);
                rest = rest[..rest.len() - e.len()].trim_end();
            }
            if !line.trim().is_empty() {
                lines += 1;
            }
            match found {
                Some(e) => {
                    count += 1;
                    if escape.is_none() {
                        escape = Some(e);
                        first_line = index + 1;
                    }
                    repaired.push_str(rest);
                }
                None => repaired.push_str(line),
            }
        }
        (count >= 2 && count * 2 >= lines).then(|| EscapedLineEnds {
            escape: escape.unwrap_or(LINE_END_ESCAPES[1]),
            first_line,
            count,
            lines,
            repaired,
        })
    }

    /// What the warning says.
    pub(super) fn message(&self) -> String {
        let what = format!(
            "the two characters `{}` (a backslash and {}, left by a broken exporter)",
            self.escape,
            if self.escape == "\\n" {
                "an `n`"
            } else {
                "an `r`"
            }
        );
        if self.lines == 1 {
            format!(
                "the text has no line break but {} of {what}: read as line breaks",
                self.count
            )
        } else {
            format!(
                "{} of the {} lines end in {what}: read as line ends",
                self.count, self.lines
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order_marks_decide() {
        assert_eq!(
            decode(b"\xEF\xBB\xBF[Event \"x\"]"),
            ("[Event \"x\"]".to_string(), TextEncoding::Utf8Bom)
        );
        let utf16le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("Ход".encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        assert_eq!(decode(&utf16le), ("Ход".into(), TextEncoding::Utf16Le));
        let utf16be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("Ход".encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        assert_eq!(decode(&utf16be), ("Ход".into(), TextEncoding::Utf16Be));
    }

    #[cfg(not(feature = "encodings"))]
    #[test]
    fn without_encodings_a_code_page_is_read_as_utf8_and_said() {
        let bytes = b"[White \"\xCF\xE5\xF2\xF0\xEE\xE2\"]\n1. 22-18 *";
        let (text, encoding) = decode(bytes);
        assert_eq!(encoding, TextEncoding::NotUtf8);
        assert!(encoding.is_guess());
        assert!(text.ends_with("\"]\n1. 22-18 *"), "{text}");
        assert!(text.contains('\u{FFFD}'));
    }

    #[cfg(feature = "encodings")]
    #[test]
    fn utf8_cp1251_and_latin1_are_told_apart() {
        assert_eq!(
            decode("Москва".as_bytes()),
            ("Москва".into(), TextEncoding::Utf8)
        );
        let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode("[Event \"Москва, чемпионат СССР\"]");
        assert_eq!(
            decode(&bytes),
            (
                "[Event \"Москва, чемпионат СССР\"]".into(),
                TextEncoding::Windows1251
            )
        );
        let (bytes, _, _) = encoding_rs::WINDOWS_1252.encode("[Site \"Zürich, café\"]");
        let (text, encoding) = decode(&bytes);
        assert_eq!(text, "[Site \"Zürich, café\"]");
        assert!(encoding.is_guess());
        // One bad byte in Cyrillic UTF-8: UTF-8 still, the byte replaced and located.
        let text = "[Event \"Чемпионат Беларуси\"]\n[White \"Иванов\"]\n[Black \"Петров\"]\n";
        let mut bytes = text.as_bytes().to_vec();
        let at = bytes.len() - 4; // the second byte of `в`
        bytes[at] = 0xFF;
        let (text, encoding) = decode(&bytes);
        assert_eq!(encoding, TextEncoding::Utf8Repaired);
        assert!(
            text.ends_with("[Black \"Петро\u{FFFD}\u{FFFD}\"]\n"),
            "{text}"
        );
        let bad = |line, bytes: &[u8]| InvalidUtf8 {
            line,
            bytes: bytes.to_vec(),
        };
        assert_eq!(invalid_utf8(&bytes), [bad(3, &[0xD0]), bad(3, &[0xFF])]);
        // Too many bad sequences for the valid ones: not UTF-8.
        let mut bytes = "Иван".as_bytes().to_vec();
        bytes.push(0xE9);
        assert_ne!(decode(&bytes).1, TextEncoding::Utf8Repaired);
        // CP866, the DOS code page, and Windows-1251 are told apart by their letters.
        let (bytes, _, _) = encoding_rs::IBM866.encode("[Event \"Москва, чемпионат СССР\"]");
        assert_eq!(
            decode(&bytes),
            (
                "[Event \"Москва, чемпионат СССР\"]".into(),
                TextEncoding::Cp866
            )
        );
        assert!(TextEncoding::Cp866.note().is_some() && !TextEncoding::Cp866.is_guess());
        let (bytes, _, _) = encoding_rs::IBM866.encode("[White \"Ёлкин\"] [Black \"Щукин Я.\"]");
        assert_eq!(decode(&bytes).1, TextEncoding::Cp866);
        let (bytes, _, _) =
            encoding_rs::WINDOWS_1251.encode("[White \"Ёлкин\"] [Black \"Щукин Я.\"]");
        assert_eq!(decode(&bytes).1, TextEncoding::Windows1251);
        // Broken bytes never panic.
        let (text, _) = decode(&[0xFF, 0xFE, 0x41]);
        assert!(text.contains('\u{FFFD}'));
    }
}
