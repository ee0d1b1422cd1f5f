//! Fuzz target `hub_session`: see [`shashki_fuzz::hub_session`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::hub_session(data));
