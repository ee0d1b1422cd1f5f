//! Setting an engine up from what a user names: which opening book (none, the shipped one, or a
//! file) and which tablebase directory. Every front end (the CLI's commands, the Hub, the game)
//! goes through [`EngineSetup::load`], which loads what it can and returns the problems it met
//! instead of deciding for the caller: a command-line tool stops on the first problem, the Hub
//! sends each as an `error` line, the game shows them and plays on. A build without the `book`
//! or `tablebases` feature accepts the same setup and reports what it cannot load
//! ([`SetupProblem::Unavailable`]), so front ends are written once for every build.

use std::path::PathBuf;
#[cfg(any(feature = "book", feature = "tablebases"))]
use std::sync::Arc;

#[cfg(feature = "book")]
use crate::book::{Book, BookError};
#[cfg(feature = "tablebases")]
use crate::egtb::{Tablebases, TbError, WdlTables};
use crate::search::EngineConfig;

/// Which opening book the engine consults.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BookChoice {
    /// No book.
    None,
    /// The book shipped with the crate (`Book::shipped`, feature `book`).
    Shipped,
    /// A book file (format version 1, see the `book` module).
    File(PathBuf),
}

impl Default for BookChoice {
    /// The shipped book when the build has books (feature `book`), else none.
    fn default() -> BookChoice {
        if cfg!(feature = "book") {
            BookChoice::Shipped
        } else {
            BookChoice::None
        }
    }
}

/// The book and tablebases an engine should use, named by the user.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSetup {
    /// The opening book (default: the shipped one when the build has books).
    pub book: BookChoice,
    /// A directory of tablebase files (default: none).
    pub tablebases: Option<PathBuf>,
}

/// A problem met while loading an [`EngineSetup`]; the engine runs without what failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupProblem {
    /// The book file could not be read or is invalid.
    #[cfg(feature = "book")]
    #[error("book not used: {0}")]
    Book(#[from] BookError),
    /// A tablebase file is damaged or unreadable (the others are used).
    #[cfg(feature = "tablebases")]
    #[error("tablebases: {0}")]
    Tablebases(#[from] TbError),
    /// The tablebase directory holds no usable table.
    #[error("no tablebases in {}: build them with `shashki egtb build --tablebases {}`", dir.display(), dir.display())]
    NoTablebases {
        /// The directory.
        dir: PathBuf,
    },
    /// The setup names something this build of the library leaves out.
    #[error("{what} not used: this build of shashki has no {what} (the `{feature}` feature)")]
    Unavailable {
        /// What was asked for: `"opening book"` or `"tablebases"`.
        what: &'static str,
        /// The cargo feature that brings it.
        feature: &'static str,
    },
}

/// What [`EngineSetup::load`] found: the parts that loaded and the problems met.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct LoadedSetup {
    /// The book, if one was asked for and loaded.
    #[cfg(feature = "book")]
    pub book: Option<Arc<Book>>,
    /// The tablebases, if a directory was named and holds at least one usable table.
    #[cfg(feature = "tablebases")]
    pub tablebases: Option<Arc<Tablebases>>,
    /// Everything that went wrong, in the order met.
    pub problems: Vec<SetupProblem>,
}

impl EngineSetup {
    /// Loads the book and opens the tablebases, collecting every problem.
    #[must_use]
    pub fn load(&self) -> LoadedSetup {
        let mut loaded = LoadedSetup::default();
        #[cfg(feature = "book")]
        {
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
        }
        #[cfg(not(feature = "book"))]
        if self.book != BookChoice::None {
            loaded.problems.push(SetupProblem::Unavailable {
                what: "opening book",
                feature: "book",
            });
        }
        #[cfg(feature = "tablebases")]
        if let Some(dir) = &self.tablebases {
            let mut tables = Tablebases::open(dir);
            // WDL tables in the same directory (`egtb wdl`) stand beside the full ones: the
            // search takes their draws where no full table is. A missing directory is reported
            // once, by the full tables' scan.
            let mut wdl = if dir.is_dir() {
                WdlTables::open(dir)
            } else {
                WdlTables::default()
            };
            loaded.problems.extend(
                tables
                    .take_problems()
                    .into_iter()
                    .chain(wdl.take_problems())
                    .map(SetupProblem::from),
            );
            if tables.max_pieces() > 0 || wdl.max_pieces() > 0 {
                let tables = if wdl.materials().is_empty() {
                    tables
                } else {
                    tables.with_wdl(wdl)
                };
                loaded.tablebases = Some(Arc::new(tables));
            } else {
                loaded
                    .problems
                    .push(SetupProblem::NoTablebases { dir: dir.clone() });
            }
        }
        #[cfg(not(feature = "tablebases"))]
        if self.tablebases.is_some() {
            loaded.problems.push(SetupProblem::Unavailable {
                what: "tablebases",
                feature: "tablebases",
            });
        }
        loaded
    }
}

impl LoadedSetup {
    /// `config` with this book and these tablebases.
    #[must_use]
    pub fn configure(&self, config: EngineConfig) -> EngineConfig {
        EngineConfig {
            #[cfg(feature = "book")]
            book: self.book.clone(),
            #[cfg(feature = "tablebases")]
            tablebases: self.tablebases.clone(),
            ..config
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(feature = "book")]
    #[test]
    fn the_default_is_the_shipped_book_without_tablebases() {
        let loaded = EngineSetup::default().load();
        assert!(loaded.problems.is_empty());
        assert_eq!(loaded.book.map(|b| b.len()), Some(Book::shipped().len()));
        #[cfg(feature = "tablebases")]
        assert!(loaded.tablebases.is_none());
    }

    #[cfg(all(feature = "book", feature = "tablebases"))]
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

    #[cfg(feature = "tablebases")]
    #[test]
    fn a_directory_of_wdl_tables_alone_is_loaded() {
        let dir = std::env::temp_dir().join(format!("shashki-setup-wdl-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        let shared = crate::egtb::tests::tables();
        for material in shared.materials() {
            let table = shared.table(material).expect("listed");
            let bytes = crate::egtb::derive_wdl(table).expect("derives");
            std::fs::write(dir.join(crate::egtb::wdl_file_name(material)), bytes).expect("writes");
        }
        let loaded = EngineSetup {
            book: BookChoice::None,
            tablebases: Some(dir.clone()),
        }
        .load();
        assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
        let tables = loaded.tablebases.expect("loaded");
        assert_eq!(tables.max_pieces(), 0);
        assert_eq!(tables.wdl().map(WdlTables::max_pieces), Some(4));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(not(feature = "book"))]
    #[test]
    fn a_build_without_books_says_so_when_one_is_asked_for() {
        assert!(EngineSetup::default().load().problems.is_empty());
        let loaded = EngineSetup {
            book: BookChoice::Shipped,
            tablebases: None,
        }
        .load();
        let texts: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            [
                "opening book not used: this build of shashki has no opening book (the `book` feature)"
            ]
        );
    }

    #[cfg(not(feature = "tablebases"))]
    #[test]
    fn a_build_without_tablebases_says_so_when_they_are_asked_for() {
        let loaded = EngineSetup {
            book: BookChoice::None,
            tablebases: Some(PathBuf::from("tables")),
        }
        .load();
        let texts: Vec<String> = loaded.problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            [
                "tablebases not used: this build of shashki has no tablebases (the `tablebases` feature)"
            ]
        );
    }
}
