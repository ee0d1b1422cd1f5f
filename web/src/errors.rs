//! The library's errors as JavaScript errors, and the names JavaScript sees for colours.
//!
//! Every call that can fail returns `Result<_, JsError>`: wasm-bindgen throws it as an `Error`
//! whose message is the library's own (`FenError`, `MoveError`, `PdnError`, … `Display`), so a
//! page shows the same words the command-line program prints.

use wasm_bindgen::JsError;

/// The library's error `error` as a JavaScript `Error` with its message.
pub(crate) fn js_error(error: impl std::fmt::Display) -> JsError {
    JsError::new(&error.to_string())
}

/// `"white"` or `"black"`.
pub(crate) fn color_name(color: shashki::Color) -> String {
    match color {
        shashki::Color::White => "white",
        shashki::Color::Black => "black",
    }
    .to_string()
}
