//! Fuzz target `tablebase_file`: see [`shashki_fuzz::tablebase_file`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::tablebase_file(data));
