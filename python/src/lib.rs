//! shashki for Python: the library's rules, files, engine, book and tablebases as the Python
//! module `shashki` (PyO3, built into an abi3 wheel by maturin; see python/README.md).
//!
//! Each file wraps one layer of the library and keeps the Python face thin: values are copied
//! into small frozen Python classes (`Position`, `Move`, search results), a `Game` owns the
//! library's game record, and every library error becomes an exception that subclasses
//! `ValueError` and carries the library's located message (`errors.rs`). Long computations (perft,
//! search, reading a large PDN file, building tablebases) release the interpreter so that other
//! Python threads run meanwhile; a search can be stopped from another thread or with Ctrl-C.
//!
//! The Rust side has no tests of its own: an extension module is tested from Python
//! (python/tests, pytest), and `cargo test --workspace` must not need libpython.

mod diagram;
mod engine;
mod errors;
mod game;
mod pdn;
mod pdn_args;
mod position;
mod tables;

use pyo3::prelude::*;

/// Russian draughts (shashki): the rules, FEN and PDN, perft, a strong engine, its opening book
/// and endgame tablebases — the Rust library `shashki`, native.
#[pymodule(name = "_shashki")]
fn shashki_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("ShashkiError", py.get_type::<errors::ShashkiError>())?;
    m.add("FenError", py.get_type::<errors::FenError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add("GameOverError", py.get_type::<errors::GameOverError>())?;
    m.add("PdnError", py.get_type::<errors::PdnError>())?;
    m.add("BookError", py.get_type::<errors::BookError>())?;
    m.add("TablebaseError", py.get_type::<errors::TablebaseError>())?;
    m.add("ShashkiWarning", py.get_type::<errors::ShashkiWarning>())?;
    m.add_class::<position::Position>()?;
    m.add_class::<position::Move>()?;
    m.add_class::<game::Game>()?;
    m.add_class::<engine::Engine>()?;
    m.add_class::<engine::SearchResult>()?;
    m.add_class::<pdn::PdnGame>()?;
    m.add_class::<pdn::PdnReading>()?;
    m.add_class::<pdn::PdnProblem>()?;
    m.add_class::<tables::Book>()?;
    m.add_class::<tables::BookMove>()?;
    m.add_class::<tables::Tablebases>()?;
    m.add_class::<tables::TablebaseEntry>()?;
    m.add_function(wrap_pyfunction!(position::square_name, m)?)?;
    m.add_function(wrap_pyfunction!(position::square_number, m)?)?;
    m.add_function(wrap_pyfunction!(pdn::read_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(pdn::parse_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(pdn::write_pdn, m)?)?;
    m.add_function(wrap_pyfunction!(diagram::svg, m)?)?;
    Ok(())
}
