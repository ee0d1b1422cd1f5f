//! The command line's inputs, read the same way by every subcommand that takes them: a FEN
//! argument and a PDN file (`positions`), the opening sets and their spread over a run
//! (`openings`), the engine's settings (threads, `--set` overrides, a tablebase directory:
//! `engine`) and the player specs of `shashki match` (`players`). (A tablebase service's answers,
//! for the Hub engine's `tb-url`, are read by the workspace's `shashki-tablebase-client`, which
//! the game shares.)
//!
//! Data flows one way: a subcommand hands the text of an argument to a reader here and gets back
//! a library value (a [`shashki::Position`], a game list, an engine configuration…) or a
//! [`CliError`](crate::cli_error::CliError) saying what was wrong (exit code 2). Nothing here
//! imports a subcommand or the match machinery (`play/`): inputs sit below both.

pub mod engine;
pub mod openings;
pub mod players;
pub mod positions;
