//! Setting an engine up from what a user names: which opening book (none, the shipped one, or a
//! file) and which tablebase directory. Every front end (the CLI's commands, the Hub, the game)
//! goes through [`EngineSetup::load`], which loads what it can and returns the problems it met
//! instead of deciding for the caller: a command-line tool stops on the first problem, the Hub
//! sends each as an `error` line, the game shows them and plays on.

use std::path::PathBuf;
use std::sync::Arc;

use crate::book::{Book, BookError};
use crate::egtb::{Tablebases, TbError};
use crate::search::EngineConfig;

/// Which opening book the engine consults.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum BookChoice {
    /// No book.
    None,
    /// The book shipped with the crate ([`Book::shipped`]).
    #[default]
    Shipped,
    /// A book file (format version 1, see [`crate::book`]).
    File(PathBuf),
}

/// The book and tablebases an engine should use, named by the user.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSetup {
    /// The opening book (default: the shipped one).
    pub book: BookChoice,
    /// A directory of tablebase files (default: none).
    pub tablebases: Option<PathBuf>,
}

/// A problem met while loading an [`EngineSetup`]; the engine runs without what failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The book file could not be read or is invalid.
    #[error("book not used: {0}")]
    Book(#[from] BookError),
    /// A tablebase file is damaged or unreadable (the others are used).
    #[error("tablebases: {0}")]
    Tablebases(#[from] TbError),
    /// The tablebase directory holds no usable table.
    #[error("no tablebases in {}: build them with `shashki egtb build --tablebases {}`", dir.display(), dir.display())]
    NoTablebases {
        /// The directory.
        dir: PathBuf,
    },
}

/// What [`EngineSetup::load`] found: the parts that loaded and the problems met.
#[derive(Debug, Default)]
pub struct LoadedSetup {
    /// The book, if one was asked for and loaded.
    pub book: Option<Arc<Book>>,
    /// The tablebases, if a directory was named and holds at least one usable table.
    pub tablebases: Option<Arc<Tablebases>>,
    /// Everything that went wrong, in the order met.
    pub problems: Vec<SetupProblem>,
}

impl EngineSetup {
    /// Loads the book and opens the tablebases, collecting every problem.
    #[must_use]
    pub fn load(&self) -> LoadedSetup {
        let mut loaded = LoadedSetup::default();
        loaded.book = match &self.book {
            BookChoice::None => None,
            BookChoice::Shipped => Some(Book::shipped()),
            BookChoice::File(path) => match Book::load(path) {
                Ok(book) => Some(Arc::new(book)),
                Err(error) => {
                    loaded.problems.push(error.into());
                    None
                }
            },
        };
        if let Some(dir) = &self.tablebases {
            let mut tables = Tablebases::open(dir);
            loaded
                .problems
                .extend(tables.take_problems().into_iter().map(SetupProblem::from));
            if tables.max_pieces() > 0 {
                loaded.tablebases = Some(Arc::new(tables));
            } else {
                loaded
                    .problems
                    .push(SetupProblem::NoTablebases { dir: dir.clone() });
            }
        }
        loaded
    }
}

impl LoadedSetup {
    /// `config` with this book and these tablebases.
    #[must_use]
    pub fn configure(&self, config: EngineConfig) -> EngineConfig {
        EngineConfig {
            book: self.book.clone(),
            tablebases: self.tablebases.clone(),
            ..config
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_the_shipped_book_without_tablebases() {
        let loaded = EngineSetup::default().load();
        assert!(loaded.problems.is_empty());
        assert_eq!(loaded.book.map(|b| b.len()), Some(Book::shipped().len()));
        assert!(loaded.tablebases.is_none());
    }

    #[test]
    fn every_problem_is_reported_and_the_rest_still_loads() {
        let missing = std::env::temp_dir().join("shashki-setup-test-missing");
        let loaded = EngineSetup {
            book: BookChoice::File(missing.join("book.json")),
            tablebases: Some(missing.clone()),
        }
        .load();
        assert!(loaded.book.is_none() && loaded.tablebases.is_none());
        let texts: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
        assert!(texts[0].starts_with("book not used:"), "{texts:?}");
        assert!(
            texts.last().unwrap().contains("no tablebases in"),
            "{texts:?}"
        );
        let config = loaded.configure(EngineConfig::default());
        assert!(config.book.is_none());
    }
}
