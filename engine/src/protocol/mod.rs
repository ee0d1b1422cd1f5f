//! The protocol layer: how other programs talk to the engine. Scan's Hub protocol as a sans-IO
//! session (`hub`); the binary that speaks it over stdin/stdout lives in the `shashki-cli` package.

pub mod hub;
