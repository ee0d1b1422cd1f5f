//! Fuzz target `pdn_round_trip`: see [`shashki_fuzz::pdn_round_trip`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::pdn_round_trip(data));
