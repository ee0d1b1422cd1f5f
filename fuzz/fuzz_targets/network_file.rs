//! Fuzz target `network_file`: see [`shashki_fuzz::network_file`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::network_file(data));
