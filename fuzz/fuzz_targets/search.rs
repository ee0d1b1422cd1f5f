//! Fuzz target `search`: see [`shashki_fuzz::search`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::search(data));
