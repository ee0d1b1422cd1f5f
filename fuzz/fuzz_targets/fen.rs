//! Fuzz target `fen`: see [`shashki_fuzz::fen`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::fen(data));
