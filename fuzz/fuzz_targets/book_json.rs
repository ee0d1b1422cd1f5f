//! Fuzz target `book_json`: see [`shashki_fuzz::book_json`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::book_json(data));
