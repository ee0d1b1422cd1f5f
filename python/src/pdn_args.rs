//! How Python calls name PDN things: a writing style by its name (`"pdn3"`, `"lidraughts"`, …)
//! and tags as a dict or as (name, value) pairs. Both the game (`Game.pdn`) and the PDN module
//! (`PdnGame`, `write_pdn`) read their arguments through here, so neither imports the other.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use shashki::pdn::PdnStyle;

/// A PDN writing style named by the caller.
pub fn style(name: &str) -> PyResult<PdnStyle> {
    PdnStyle::from_name(name.trim()).ok_or_else(|| {
        let names: Vec<&str> = PdnStyle::ALL.iter().map(|s| s.name()).collect();
        PyValueError::new_err(format!(
            "unknown PDN style {name:?} (one of {})",
            names.join(", ")
        ))
    })
}

/// Tags given as a dict or as (name, value) pairs, in order.
pub fn tag_pairs(value: &Bound<'_, PyAny>) -> PyResult<Vec<(String, String)>> {
    if let Ok(dict) = value.cast::<PyDict>() {
        return dict
            .iter()
            .map(|(k, v)| Ok((k.extract()?, v.str()?.extract()?)))
            .collect();
    }
    value.extract()
}
