//! The subcommands of `shashki`, one file (or one folder, for a subcommand with parts of its
//! own) each: its `Args` (clap) and its `run`. `main.rs` parses the command line and calls the
//! chosen `run`.
//!
//! No subcommand imports another: what two of them share lives below this folder, in the
//! command line's inputs (`inputs/`), the match machinery (`play/`), Slurm
//! submission (`slurm.rs`) and the program's error, output and atomic file writing.

pub mod analyse;
pub mod analyse_game;
pub mod bench;
pub mod book;
pub mod diagram;
pub mod egtb;
pub mod hub;
pub mod matches;
pub mod moves;
pub mod pdn;
pub mod perft;
pub mod puzzles;
pub mod show;
pub mod test_set;
pub mod tune;
