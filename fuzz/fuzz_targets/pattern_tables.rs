//! Fuzz target `pattern_tables`: see [`shashki_fuzz::pattern_tables`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::pattern_tables(data));
