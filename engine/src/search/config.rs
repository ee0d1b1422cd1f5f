//! How an engine is set up ([`EngineConfig`]: table size, threads, search and evaluation
//! parameters, the opening book and the tablebases it consults) and the bounds of its sizes
//! ([`MAX_THREADS`], [`MAX_HASH_MB`]). A plain value: the engine (`engine.rs`) reads it, the
//! setup from names (`setup.rs`) fills its book and tables, the levels (`level.rs`) make their
//! own, and the root's book and tablebase answers (`probe.rs`) read what it holds.

#[cfg(any(feature = "book", feature = "tablebases"))]
use std::sync::Arc;

use super::params::SearchParams;
#[cfg(feature = "book")]
use crate::book::{Book, BookPolicy};
#[cfg(feature = "tablebases")]
use crate::egtb::Tablebases;
use crate::eval::EvalParams;

/// Most threads an [`Engine`](super::Engine) searches on: an [`EngineConfig::threads`] above it
/// is taken as this. More threads than this gain nothing on any machine the engine is meant for,
/// while a mistyped count (`--threads 100000`) would spend minutes starting threads before the
/// search.
pub const MAX_THREADS: usize = 256;

/// The largest transposition table the command line and the Hub offer, in MB (64 GiB). The
/// engine itself tries any [`EngineConfig::hash_mb`] and reports a size the machine cannot give
/// as a [`TableAllocError`](super::TableAllocError)
/// ([`Engine::try_new`](super::Engine::try_new)).
pub const MAX_HASH_MB: usize = 65_536;

/// How an [`Engine`](super::Engine) is set up.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Transposition table size in MB (default 64).
    pub hash_mb: usize,
    /// Search threads (default 1; 0 is taken as 1, and at most [`MAX_THREADS`] are started).
    pub threads: usize,
    /// Search parameters.
    pub params: SearchParams,
    /// Evaluation weights.
    pub eval: EvalParams,
    /// Opening book consulted at the root (default none).
    #[cfg(feature = "book")]
    pub book: Option<Arc<Book>>,
    /// How the book move is chosen (default weighted random).
    #[cfg(feature = "book")]
    pub book_policy: BookPolicy,
    /// Seed of the random book policies (default 0).
    #[cfg(feature = "book")]
    pub book_seed: u64,
    /// Endgame tablebases: decisive root moves, exact scores in the tree (default none).
    #[cfg(feature = "tablebases")]
    pub tablebases: Option<Arc<Tablebases>>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            hash_mb: 64,
            threads: 1,
            params: SearchParams::DEFAULT,
            eval: EvalParams::DEFAULT,
            #[cfg(feature = "book")]
            book: None,
            #[cfg(feature = "book")]
            book_policy: BookPolicy::Weighted,
            #[cfg(feature = "book")]
            book_seed: 0,
            #[cfg(feature = "tablebases")]
            tablebases: None,
        }
    }
}
