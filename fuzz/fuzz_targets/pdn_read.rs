//! Fuzz target `pdn_read`: see [`shashki_fuzz::pdn_read`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::pdn_read(data));
