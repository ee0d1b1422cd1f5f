//! Fuzz target `move_text`: see [`shashki_fuzz::move_text`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::move_text(data));
