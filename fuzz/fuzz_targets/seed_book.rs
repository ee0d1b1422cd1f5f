//! Fuzz target `seed_book`: see [`shashki_fuzz::seed_book`] for what it feeds the library and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| shashki_fuzz::seed_book(data));
