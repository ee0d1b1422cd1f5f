//! Files in a browser page, which has no file system: a file the player picks with the
//! browser's file chooser ([`pick_file`]: an `<input type=file>`), and a text handed to the
//! browser as a download ([`download`]: a `Blob` behind an `<a download>`).
//!
//! Only on `wasm32` (the desktop reads and writes paths). The page is reached through `js_sys`
//! (as the engine's Worker and `localStorage` are): two small functions made from JavaScript
//! source. A picked file arrives later (the player chooses, the browser reads it): it lands in
//! a [`PickedFiles`] inbox that a system drains each frame.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use js_sys::{Function, Promise, Reflect, Uint8Array};
use wasm_bindgen::JsValue;
use wasm_bindgen::closure::Closure;

/// A file the player picked: its name (no path: a page never sees one) and its bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PickedFile {
    /// The file's name, e.g. `games.pdn`.
    pub name: String,
    /// What it holds.
    pub bytes: Vec<u8>,
}

/// Where picked files land until a system takes them.
pub type PickedFiles = Rc<RefCell<VecDeque<PickedFile>>>;

/// Opens the browser's file chooser for PDN files; the file chosen lands in `inbox` once the
/// browser has read it (nothing when the player cancels). The browser shows the chooser only
/// shortly after a click or key press of the player's (its "user activation").
///
/// # Errors
/// The page's error, as text, when the chooser cannot be made.
pub fn pick_file(inbox: &PickedFiles) -> Result<(), String> {
    let chooser = Function::new_no_args(
        "return new Promise((resolve) => {
            const input = document.createElement('input');
            input.type = 'file';
            input.accept = '.pdn,.PDN,.txt,text/plain';
            input.style.display = 'none';
            const done = (value) => { input.remove(); resolve(value); };
            input.addEventListener('change', () => {
                const file = input.files && input.files[0];
                if (!file) return done(null);
                file.arrayBuffer().then(
                    (buffer) => done({ name: file.name, bytes: new Uint8Array(buffer) }),
                    () => done(null));
            });
            input.addEventListener('cancel', () => done(null));
            document.body.appendChild(input);
            input.click();
        });",
    );
    let promise: Promise = chooser
        .call0(&JsValue::NULL)
        .map_err(|e| format!("{e:?}"))?
        .into();
    let inbox = Rc::clone(inbox);
    // A JavaScript function that frees the Rust closure once called.
    let arrived = Closure::once_into_js(move |picked: JsValue| {
        if picked.is_null() || picked.is_undefined() {
            return;
        }
        let name = Reflect::get(&picked, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        let bytes = Reflect::get(&picked, &"bytes".into())
            .map(|b| Uint8Array::new(&b).to_vec())
            .unwrap_or_default();
        inbox.borrow_mut().push_back(PickedFile { name, bytes });
    });
    let then: Function = Reflect::get(&promise, &"then".into())
        .map_err(|e| format!("{e:?}"))?
        .into();
    then.call1(&promise, &arrived)
        .map(|_| ())
        .map_err(|e| format!("{e:?}"))
}

/// Hands `text` to the browser as a download named `name` (a PDN file).
///
/// # Errors
/// The page's error, as text.
pub fn download(name: &str, text: &str) -> Result<(), String> {
    let save = Function::new_with_args(
        "name, text",
        "const blob = new Blob([text], { type: 'application/x-draughts-pdn' });
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = name;
        link.style.display = 'none';
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60000);",
    );
    save.call2(&JsValue::NULL, &name.into(), &text.into())
        .map(|_| ())
        .map_err(|e| format!("{e:?}"))
}
