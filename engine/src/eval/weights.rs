//! The weights file: an [`EvalParams`] as JSON, written by `shashki tune --out` and read back by
//! `shashki tune --start`, `shashki bench --eval` and the `eval=FILE` of a `shashki match`
//! player. The pattern tables it names are a separate `.shpt` file ([`super::pattern`]); this
//! module reads and writes the JSON only, and resolves the tables' name against the weights
//! file's directory.
//!
//! **Format.** One JSON object:
//!
//! ```json
//! {
//!   "held_out": 35731,
//!   "k": 0.85,
//!   "network": "builtin",
//!   "patterns": "w.shpt",
//!   "positions": 321582,
//!   "weights": { "first_king": 76, "king": 340, "man": 100, "turn": 10 }
//! }
//! ```
//!
//! - `"weights"` (required): feature name ([`Feature::name`], or `drawish_divisor`) → integer
//!   weight. A feature the file does not name keeps its [`EvalParams::DEFAULT`] weight; a name
//!   that is no feature is an error (a typo would otherwise be ignored silently).
//! - `"patterns"`: `"off"`, `"builtin"`, or the pattern file's path relative to the weights
//!   file's directory ([`Patterns::from_name`]). Without it the evaluation has no tables: files
//!   from before the pattern tables are linear evaluations.
//! - `"network"`: `"off"`, `"builtin"`, or the network file's path relative to the weights
//!   file's directory ([`NetworkSetting::from_name`]). Without it the evaluation has no
//!   network: files from before the network are evaluations without it.
//! - `"k"`, `"positions"`, `"held_out"`: what the fit was made with ([`FitSummary`]),
//!   informative only: reading ignores them and any other field.
//!
//! The writer ([`EvalParams::to_weights_json`]) names every feature, keys in alphabetical
//! order, pretty-printed; reading its output gives the same [`EvalParams`] back.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::{EvalParams, Feature, NetworkError, NetworkSetting, PatternError, Patterns};

/// What can be wrong with a weights file. The variants name the field; [`WeightsError::File`]
/// adds the file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WeightsError {
    /// The file could not be read.
    #[error("cannot read: {0}")]
    Io(#[from] std::io::Error),
    /// The text is not JSON (the message gives the line and column).
    #[error("not valid JSON: {0}")]
    Json(#[from] serde_json::Error),
    /// The JSON has no `"weights"` object.
    #[error("no \"weights\" object")]
    NoWeights,
    /// A key of `"weights"` names no feature.
    #[error("\"weights\": unknown feature {name:?}")]
    UnknownFeature {
        /// The key.
        name: String,
    },
    /// A weight is not an integer that fits an `i32`.
    #[error("\"weights\".{name}: {value} is not an integer")]
    NotInteger {
        /// The feature.
        name: String,
        /// The value found, as JSON text.
        value: String,
    },
    /// `"patterns"` is not a string.
    #[error("\"patterns\": {found} is not \"off\", \"builtin\" or a file name")]
    PatternsNotString {
        /// The value found, as JSON text.
        found: String,
    },
    /// The pattern file named by `"patterns"` cannot be read or is not valid (the inner error
    /// names it).
    #[error("\"patterns\": {0}")]
    Patterns(#[source] PatternError),
    /// `"network"` is not a string.
    #[error("\"network\": {found} is not \"off\", \"builtin\" or a file name")]
    NetworkNotString {
        /// The value found, as JSON text.
        found: String,
    },
    /// The network file named by `"network"` cannot be read or is not valid (the inner error
    /// names it).
    #[error("\"network\": {0}")]
    Network(#[source] NetworkError),
    /// An error in a named weights file.
    #[error("{}: {error}", path.display())]
    File {
        /// The weights file.
        path: PathBuf,
        /// What is wrong with it.
        #[source]
        error: Box<WeightsError>,
    },
}

/// What a weights file records about the fit that made it (informative: reading ignores it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FitSummary {
    /// The scale K of the fit's σ(K · eval / 400).
    pub k: f64,
    /// Positions fitted on.
    pub positions: usize,
    /// Positions held out of the fit to measure its error.
    pub held_out: usize,
}

impl EvalParams {
    /// Reads a weights file (format in [`weights`](super::weights)); a relative pattern file is
    /// looked for in the weights file's directory.
    ///
    /// # Errors
    /// [`WeightsError::File`] naming `path`, around what is wrong.
    pub fn load_weights(path: &Path) -> Result<EvalParams, WeightsError> {
        let in_file = |error: WeightsError| WeightsError::File {
            path: path.to_path_buf(),
            error: Box::new(error),
        };
        let text = std::fs::read_to_string(path).map_err(|e| in_file(e.into()))?;
        let base_dir = path.parent().unwrap_or(Path::new(""));
        EvalParams::from_weights_json(&text, base_dir).map_err(in_file)
    }

    /// Parses the text of a weights file; a relative pattern file is resolved against
    /// `base_dir`. Weights the text does not name keep their [`EvalParams::DEFAULT`] values.
    ///
    /// # Errors
    /// Bad JSON, no `"weights"` object, an unknown feature, a weight that is not an integer,
    /// a `"patterns"` that is not a string, or a pattern file that cannot be loaded.
    pub fn from_weights_json(text: &str, base_dir: &Path) -> Result<EvalParams, WeightsError> {
        let value: Value = serde_json::from_str(text)?;
        let weights = value
            .get("weights")
            .and_then(Value::as_object)
            .ok_or(WeightsError::NoWeights)?;
        let mut params = EvalParams::DEFAULT;
        params.patterns = match value.get("patterns") {
            None => Patterns::Off,
            Some(Value::String(name)) => {
                Patterns::from_name(name, base_dir).map_err(WeightsError::Patterns)?
            }
            Some(other) => {
                return Err(WeightsError::PatternsNotString {
                    found: other.to_string(),
                });
            }
        };
        params.network = match value.get("network") {
            None => NetworkSetting::Off,
            Some(Value::String(name)) => {
                NetworkSetting::from_name(name, base_dir).map_err(WeightsError::Network)?
            }
            Some(other) => {
                return Err(WeightsError::NetworkNotString {
                    found: other.to_string(),
                });
            }
        };
        for (name, v) in weights {
            let weight = v
                .as_i64()
                .and_then(|v| i32::try_from(v).ok())
                .ok_or_else(|| WeightsError::NotInteger {
                    name: name.clone(),
                    value: v.to_string(),
                })?;
            if !params.set(name, weight) {
                return Err(WeightsError::UnknownFeature { name: name.clone() });
            }
        }
        Ok(params)
    }

    /// The text of a weights file for these weights (ending with a newline). `tables_file` is
    /// the name the pattern tables are saved under, relative to the weights file; tables
    /// without one are written as `"off"` (the file then holds the linear part alone).
    /// `network_file` is the same for a loaded network. `fit`, if given, is recorded as `"k"`,
    /// `"positions"` and `"held_out"`.
    #[must_use]
    pub fn to_weights_json(
        &self,
        tables_file: Option<&str>,
        network_file: Option<&str>,
        fit: Option<&FitSummary>,
    ) -> String {
        let mut weights = Map::new();
        for (feature, weight) in Feature::ALL.iter().zip(self.weights) {
            weights.insert(feature.name().to_string(), Value::from(weight));
        }
        let patterns = match (&self.patterns, tables_file) {
            (Patterns::Off, _) | (Patterns::Loaded(_), None) => "off",
            (Patterns::Builtin, _) => "builtin",
            (Patterns::Loaded(_), Some(file)) => file,
        };
        let network = match (&self.network, network_file) {
            (NetworkSetting::Off, _) | (NetworkSetting::Loaded(_), None) => "off",
            (NetworkSetting::Builtin, _) => "builtin",
            (NetworkSetting::Loaded(_), Some(file)) => file,
        };
        let mut object = Map::new();
        if let Some(fit) = fit {
            object.insert("k".to_string(), Value::from(fit.k));
            object.insert("positions".to_string(), Value::from(fit.positions));
            object.insert("held_out".to_string(), Value::from(fit.held_out));
        }
        object.insert("weights".to_string(), Value::Object(weights));
        object.insert("patterns".to_string(), Value::from(patterns));
        object.insert("network".to_string(), Value::from(network));
        // `{:#}`: serde_json's pretty printer, which cannot fail on a `Value`.
        format!("{:#}\n", Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::eval::{Network, PatternTables};

    /// A scratch directory of its own for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("shashki-weights-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn parse(text: &str) -> Result<EvalParams, WeightsError> {
        EvalParams::from_weights_json(text, Path::new("/nonexistent-dir"))
    }

    #[test]
    fn missing_weights_keep_their_defaults_and_no_patterns_means_linear() {
        let params = parse(r#"{"weights": {"man": 90, "king": 300}, "k": 0.8}"#).unwrap();
        assert_eq!(params.weight(Feature::Man), 90);
        assert_eq!(params.weight(Feature::King), 300);
        assert_eq!(
            params.weight(Feature::FirstKing),
            EvalParams::DEFAULT.weight(Feature::FirstKing)
        );
        assert_eq!(params.patterns, Patterns::Off);
        assert_eq!(params.network, NetworkSetting::Off);
        let builtin =
            parse(r#"{"weights": {}, "patterns": "builtin", "network": "builtin"}"#).unwrap();
        assert_eq!(builtin, EvalParams::DEFAULT);
        let divisor = parse(r#"{"weights": {"drawish_divisor": 4}}"#).unwrap();
        assert_eq!(divisor.drawish_divisor, 4);
    }

    #[test]
    fn every_error_names_its_field() {
        let cases = [
            (
                "{",
                "not valid JSON: EOF while parsing an object at line 1 column 1",
            ),
            (r#"{"weight": {}}"#, "no \"weights\" object"),
            (r#"{"weights": [1]}"#, "no \"weights\" object"),
            (
                r#"{"weights": {"kng": 3}}"#,
                "\"weights\": unknown feature \"kng\"",
            ),
            (
                r#"{"weights": {"man": 1.5}}"#,
                "\"weights\".man: 1.5 is not an integer",
            ),
            (
                r#"{"weights": {"man": 3000000000}}"#,
                "\"weights\".man: 3000000000 is not an integer",
            ),
            (
                r#"{"weights": {}, "patterns": 3}"#,
                "\"patterns\": 3 is not \"off\", \"builtin\" or a file name",
            ),
            (
                r#"{"weights": {}, "patterns": "w.shpt"}"#,
                "\"patterns\": /nonexistent-dir/w.shpt: cannot read: ",
            ),
            (
                r#"{"weights": {}, "network": true}"#,
                "\"network\": true is not \"off\", \"builtin\" or a file name",
            ),
            (
                r#"{"weights": {}, "network": "w.shnn"}"#,
                "\"network\": /nonexistent-dir/w.shnn: cannot read: ",
            ),
        ];
        for (text, expected) in cases {
            let error = parse(text).unwrap_err().to_string();
            assert!(error.starts_with(expected), "{text}: {error}");
        }
        assert!(matches!(
            parse(r#"{"weights": {"kng": 3}}"#),
            Err(WeightsError::UnknownFeature { name }) if name == "kng"
        ));
    }

    #[test]
    fn a_bad_or_missing_file_is_named() {
        let dir = scratch("bad");
        let missing = dir.join("missing.json");
        let error = EvalParams::load_weights(&missing).unwrap_err();
        assert!(
            matches!(&error, WeightsError::File { error, .. } if matches!(**error, WeightsError::Io(_)))
        );
        assert!(
            error
                .to_string()
                .starts_with(&format!("{}: cannot read: ", missing.display())),
            "{error}"
        );
        let bad_tables = dir.join("bad.shpt");
        std::fs::write(&bad_tables, b"SHPX").unwrap();
        let weights = dir.join("w.json");
        std::fs::write(&weights, r#"{"weights": {}, "patterns": "bad.shpt"}"#).unwrap();
        let error = EvalParams::load_weights(&weights).unwrap_err().to_string();
        assert_eq!(
            error,
            format!(
                "{}: \"patterns\": {}: 4 bytes: shorter than the 12-byte header",
                weights.display(),
                bad_tables.display()
            )
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn written_weights_read_back_the_same_with_their_tables() {
        let dir = scratch("round-trip");
        let mut params = EvalParams::LINEAR;
        params.weights[Feature::Turn as usize] = -7;
        let mut values = vec![0i16; 9 * 6561];
        values[42] = 123;
        values[9 * 6561 - 1] = -5;
        let tables = PatternTables::new(1, values).unwrap();
        std::fs::write(dir.join("w.shpt"), tables.to_bytes()).unwrap();
        params.patterns = Patterns::Loaded(Arc::new(tables));
        let network = Network::builtin();
        std::fs::write(dir.join("w.shnn"), network.to_bytes()).unwrap();
        params.network = NetworkSetting::Loaded(network);
        let fit = FitSummary {
            k: 0.85,
            positions: 1000,
            held_out: 100,
        };
        let text = params.to_weights_json(Some("w.shpt"), Some("w.shnn"), Some(&fit));
        assert!(
            text.starts_with("{\n  \"held_out\": 100,\n  \"k\": 0.85,\n"),
            "{text}"
        );
        assert!(text.ends_with("}\n"), "{text}");
        let path = dir.join("w.json");
        std::fs::write(&path, &text).unwrap();
        assert_eq!(EvalParams::load_weights(&path).unwrap(), params);
        // Without a file for them, the tables are left out: the linear part reads back alone.
        let linear = params.to_weights_json(None, None, None);
        assert!(!linear.contains("\"k\""), "{linear}");
        let back = EvalParams::from_weights_json(&linear, &dir).unwrap();
        assert_eq!(back.weights, params.weights);
        assert_eq!(back.patterns, Patterns::Off);
        assert_eq!(back.network, NetworkSetting::Off);
        let builtin = EvalParams::DEFAULT.to_weights_json(None, None, None);
        assert_eq!(
            EvalParams::from_weights_json(&builtin, &dir).unwrap(),
            EvalParams::DEFAULT
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
