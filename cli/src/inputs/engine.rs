//! How a command line sets up the engine: the search thread count (one rule for every command
//! and match player, [`search_threads`]), `--set name=value` overrides of the search parameters
//! and evaluation weights ([`engine_params`], [`set_named`]: the names `bench`, `analyse` and the
//! `shashki match` player specs take) and a tablebase directory opened for the engine
//! ([`open_tablebases`]).

use std::path::Path;
use std::sync::Arc;

use shashki::egtb::Tablebases;
use shashki::eval::EvalParams;
use shashki::{BookChoice, EngineSetup};

use crate::cli_error::CliError;

/// Reads a search thread count, the one rule for every command and match player: 0 is one per
/// core, and more than [`shashki::MAX_THREADS`] is refused (the engine would start no more).
///
/// # Errors
/// Not a number, or above the maximum.
pub fn search_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Ok(std::thread::available_parallelism().map_or(1, std::num::NonZero::get)),
        Ok(n) if n <= shashki::MAX_THREADS => Ok(n),
        Ok(n) => Err(format!(
            "{n} threads is more than the maximum {}",
            shashki::MAX_THREADS
        )),
        Err(error) => Err(format!("{text:?} is not a thread count: {error}")),
    }
}

/// The default search parameters and the evaluation `eval` with `--set name=value` overrides
/// (bench and analyse): a [`shashki::SearchParams`] field by its name, an evaluation weight as
/// `eval.<feature>`, as in `shashki match` player specs.
///
/// # Errors
/// An unknown parameter or feature, or a value that does not fit it.
pub fn engine_params(
    set: &[String],
    mut eval: EvalParams,
) -> Result<(shashki::SearchParams, EvalParams), CliError> {
    let mut params = shashki::SearchParams::DEFAULT;
    for text in set {
        let ok = text
            .split_once('=')
            .and_then(|(name, value)| Some((name, value.parse::<i64>().ok()?)))
            .is_some_and(|(name, value)| set_named(&mut params, &mut eval, name, value));
        if !ok {
            return Err(CliError::input(format!(
                "--set {text:?}: unknown parameter or bad value"
            )));
        }
    }
    Ok((params, eval))
}

/// Sets the search parameter or evaluation weight (`eval.<feature>`) called `name` to `value`,
/// the names `--set` and `shashki match` player specs take; `false` if there is no such name or
/// the value does not fit it.
pub fn set_named(
    params: &mut shashki::SearchParams,
    eval: &mut EvalParams,
    name: &str,
    value: i64,
) -> bool {
    match name.strip_prefix("eval.") {
        Some(feature) => i32::try_from(value).is_ok_and(|v| eval.set(feature, v)),
        None => params.set(name, value),
    }
}

/// Opens the tablebases of `dir` for the engine players.
///
/// # Errors
/// The directory holds no usable table, or some table file is damaged.
pub fn open_tablebases(dir: &Path) -> Result<Arc<Tablebases>, CliError> {
    let loaded = EngineSetup {
        book: BookChoice::None,
        tablebases: Some(dir.to_path_buf()),
    }
    .load();
    match (loaded.problems.into_iter().next(), loaded.tablebases) {
        (None, Some(tables)) => Ok(tables),
        (Some(problem), _) => Err(CliError::input(problem)),
        (None, None) => Err(CliError::input(format!(
            "no tablebases in {}",
            dir.display()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::eval::Feature;

    #[test]
    fn set_overrides_search_parameters_and_evaluation_weights() {
        let set = ["rfp_margin=5".to_string(), "eval.king=300".to_string()];
        let (params, eval) = engine_params(&set, EvalParams::DEFAULT).expect("valid overrides");
        assert_eq!(params.rfp_margin, 5);
        assert_eq!(eval.weight(Feature::King), 300);
        assert_eq!(
            eval.weight(Feature::Man),
            EvalParams::DEFAULT.weight(Feature::Man)
        );
        for bad in [
            "eval.no_such_feature=1",
            "no_such_param=1",
            "eval.king=x",
            "rfp_margin",
        ] {
            let error = engine_params(&[bad.to_string()], EvalParams::DEFAULT)
                .err()
                .unwrap_or_else(|| panic!("{bad} accepted"));
            assert!(error.to_string().contains(bad), "{bad}: {error}");
        }
    }
}
