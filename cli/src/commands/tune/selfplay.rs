//! The self-play games of `shashki tune`: the engine against itself from the openings, every
//! quiet position kept with the game's result for White and, in the data written to a file,
//! the score the mover's own search gave it.
//!
//! One game ([`SelfPlay::play`]): from an opening, `random_plies` uniformly random legal moves
//! (drawn from a generator seeded by the run's seed and the game's number, so a run is the
//! same every time), then the engine plays both sides with a fresh engine (its table empty) under
//! the same limit per move; a fixed node count on one thread makes every search, and so the
//! game, reproducible. With tablebases, a game whose position is inside them ends there with the
//! tables' verdict (the result an engine with perfect endgame knowledge would reach), so a won
//! ending misplayed at low nodes does not teach a draw.
//!
//! Two ways to run them: [`generate`] (fixed depths, every opening once per depth, all in
//! memory: the labels are the games' results, as before) and [`stream_to_file`] (`--nodes`:
//! any number of games, openings cycled, positions written as they come in blocks of games in
//! order, with a progress line per block on standard error), whose file keeps the score as well
//! as the result, and a `# game N` line before each game's positions, so that a fit can hold
//! out whole games (see [`super::data`]).

use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use indicatif::ProgressBar;
use rayon::prelude::*;
use shashki::egtb::{Tablebases, Wdl};
use shashki::eval::{EvalParams, is_drawish};
use shashki::{Color, Engine, EngineConfig, Game, GameStatus, Position, SearchLimit};

use super::Args;
use crate::cli_error::CliError;
use crate::inputs::openings::spread;

/// Plies after which a self-play game is adjudicated a draw.
const MAX_PLIES: usize = 300;
/// The largest search score kept as a score: an evaluation never reaches 50 men, while the
/// search scores positions it knows won from the tables far above that (and forced wins above
/// those), which are results, not evaluations.
pub(super) const MAX_EVALUATED: i32 = 5_000;
/// Games played in parallel and written together by [`stream_to_file`].
const BLOCK: usize = 64;

/// One quiet position of a self-play game (drawish endings included: the file written by
/// [`stream_to_file`] leaves them out, as the evaluation never judges them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Record {
    /// The position.
    pub(super) position: Position,
    /// White's score by the mover's search, in centi-men (`None`: a forced result or one the
    /// tables know, beyond [`MAX_EVALUATED`], which a score label would not express).
    pub(super) score: Option<i32>,
}

/// A finished self-play game.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SelfPlayGame {
    /// The quiet positions the engine chose a move in (after the random plies), in order.
    pub(super) records: Vec<Record>,
    /// White's result: 1, ½ or 0.
    pub(super) result: f64,
    /// Whether the tables gave the result (the game stopped when it entered them).
    pub(super) adjudicated: bool,
}

/// How every self-play game is set up.
pub(super) struct SelfPlay<'a> {
    /// The evaluation both sides play with.
    pub(super) eval: &'a EvalParams,
    /// Tablebases for the searches and the adjudication.
    pub(super) tables: Option<&'a Arc<Tablebases>>,
    /// Random legal moves played from each opening before the engine takes over.
    pub(super) random_plies: u32,
    /// Seed of the random moves.
    pub(super) seed: u64,
}

/// splitmix64: a small generator whose whole state is one number, so that a game's random
/// moves depend only on the seed and the game's number.
fn next_random(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// White's result from a table verdict for the side to move of `position`.
fn result_of(wdl: Wdl, position: &Position) -> f64 {
    let mover = match wdl {
        Wdl::Win => 1.0,
        Wdl::Draw => 0.5,
        Wdl::Loss => 0.0,
    };
    if position.side_to_move() == Color::White {
        mover
    } else {
        1.0 - mover
    }
}

impl SelfPlay<'_> {
    /// Plays game number `number` from `opening` with `limit` per move (see the module's
    /// paragraph).
    ///
    /// # Errors
    /// The engine's table cannot be allocated.
    pub(super) fn play(
        &self,
        opening: &Game,
        limit: SearchLimit,
        number: u64,
    ) -> Result<SelfPlayGame, CliError> {
        let config = EngineConfig {
            hash_mb: 4,
            threads: 1,
            eval: self.eval.clone(),
            tablebases: self.tables.cloned(),
            ..EngineConfig::default()
        };
        let engine = Engine::try_new(config).map_err(CliError::failure)?;
        let mut random = self.seed ^ number.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let mut game = opening.clone();
        let mut records = Vec::new();
        let mut plies = 0;
        let (result, adjudicated) = loop {
            match game.status() {
                GameStatus::Won { winner, .. } => {
                    break (if winner == Color::White { 1.0 } else { 0.0 }, false);
                }
                GameStatus::Drawn(_) => break (0.5, false),
                _ => {}
            }
            if game.moves().len() >= MAX_PLIES {
                break (0.5, false);
            }
            let position = *game.position();
            let verdict = self
                .tables
                .filter(|t| position.piece_count() <= t.max_pieces())
                .and_then(|t| t.probe_wdl(&position));
            if let Some(wdl) = verdict {
                break (result_of(wdl, &position), true);
            }
            let moves = position.legal_moves();
            let mv = if plies < self.random_plies {
                moves[(next_random(&mut random) % moves.len() as u64) as usize]
            } else {
                let search = engine.search(&game, limit, |_| {});
                let Some(mv) = search.best_move else {
                    return Err(CliError::failure(format!(
                        "self-play game {number}: no move found in {}",
                        position.to_fen()
                    )));
                };
                if !position.has_capture() {
                    let score = search.score;
                    records.push(Record {
                        position,
                        score: (score.value().abs() <= MAX_EVALUATED)
                            .then(|| score.value() * position.side_to_move().sign()),
                    });
                }
                mv
            };
            plies += 1;
            game.play(mv)
                .map_err(|e| CliError::failure(format!("self-play game {number}: {e}")))?;
        };
        Ok(SelfPlayGame {
            records,
            result,
            adjudicated,
        })
    }
}

/// Plays the self-play games of `args` at fixed depths (every opening once per depth, in
/// parallel) and returns their quiet positions with White's result, in the order of the games
/// (deterministic whatever the threads).
///
/// # Errors
/// Unreadable openings, or an engine that cannot be set up.
pub(super) fn generate(
    args: &Args,
    eval: &EvalParams,
    tables: Option<&Arc<Tablebases>>,
) -> Result<Vec<(Position, f64)>, CliError> {
    let openings = args.openings.read()?;
    let openings = spread(&openings, args.games.max(1), 0);
    let jobs: Vec<(u32, &Game)> = args
        .depth
        .iter()
        .flat_map(|&depth| openings.iter().map(move |(_, game)| (depth, game)))
        .collect();
    let selfplay = SelfPlay {
        eval,
        tables,
        random_plies: args.random_plies,
        seed: args.seed,
    };
    let bar = ProgressBar::new(jobs.len() as u64);
    let games: Result<Vec<SelfPlayGame>, CliError> = jobs
        .par_iter()
        .enumerate()
        .map(|(number, &(depth, start))| {
            let game = selfplay.play(start, SearchLimit::Depth(depth), number as u64);
            bar.inc(1);
            game
        })
        .collect();
    bar.finish();
    Ok(games?
        .into_iter()
        .flat_map(|game| {
            game.records
                .into_iter()
                .map(move |r| (r.position, game.result))
        })
        .collect())
}

/// What [`stream_to_file`] wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct StreamSummary {
    /// Games played.
    pub(super) games: usize,
    /// Positions written.
    pub(super) positions: usize,
    /// Games the tables ended.
    pub(super) adjudicated: usize,
}

/// Plays `games` self-play games at `nodes` per move (game `i` from opening `i` modulo their
/// count, sorted by name) and writes their positions to `out` as they come, with a `#` header
/// naming the run (see [`super::data`] for the lines), in blocks of [`BLOCK`] games in order;
/// a progress line per block goes to standard error.
///
/// # Errors
/// Unreadable openings, a file that cannot be written, an engine that cannot be set up.
pub(super) fn stream_to_file(
    args: &Args,
    selfplay: &SelfPlay,
    nodes: u64,
    out: &Path,
) -> Result<StreamSummary, CliError> {
    let openings = args.openings.read()?;
    if openings.is_empty() {
        return Err(CliError::input(format!(
            "openings {}: no openings",
            args.openings
        )));
    }
    let file = std::fs::File::create(out)
        .map_err(|e| CliError::input(format!("{}: {e}", out.display())))?;
    let mut writer = std::io::BufWriter::new(file);
    let write_error = |e: std::io::Error| CliError::input(format!("{}: {e}", out.display()));
    writeln!(
        writer,
        "# self-play: --nodes {nodes} --games {} --openings {} --random-plies {} --seed {} \
         --tablebases {}; lines FEN;result;score (White's result and the mover's search score \
         for White, centi-men)",
        args.games,
        args.openings,
        selfplay.random_plies,
        selfplay.seed,
        selfplay
            .tables
            .map_or_else(|| "none".to_string(), |t| format!("≤{}", t.max_pieces())),
    )
    .map_err(write_error)?;
    let clock = Instant::now();
    let mut summary = StreamSummary::default();
    for first in (0..args.games).step_by(BLOCK) {
        let block: Result<Vec<SelfPlayGame>, CliError> = (first..args.games.min(first + BLOCK))
            .into_par_iter()
            .map(|number| {
                let (_, opening) = &openings[number % openings.len()];
                selfplay.play(opening, SearchLimit::Nodes(nodes), number as u64)
            })
            .collect();
        for (game, number) in block?.into_iter().zip(first..) {
            writeln!(writer, "# game {number}").map_err(write_error)?;
            summary.games += 1;
            summary.adjudicated += usize::from(game.adjudicated);
            for record in &game.records {
                if is_drawish(&record.position) {
                    continue;
                }
                if let Some(line) = format_record(record, game.result) {
                    writer.write_all(line.as_bytes()).map_err(write_error)?;
                    summary.positions += 1;
                }
            }
        }
        writer.flush().map_err(write_error)?;
        let seconds = clock.elapsed().as_secs_f64();
        eprintln!(
            "{} of {} games, {} positions, {} adjudicated by the tables, {:.0} s, {:.0} positions/s",
            summary.games,
            args.games,
            summary.positions,
            summary.adjudicated,
            seconds,
            summary.positions as f64 / seconds.max(1e-9)
        );
    }
    Ok(summary)
}

/// The data line of `record` in a game White scored `result` in, `FEN;result;score`, or `None`
/// for a forced result (no score to keep).
pub(super) fn format_record(record: &Record, result: f64) -> Option<String> {
    record
        .score
        .map(|score| format!("{};{result};{score}\n", record.position.to_fen()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use shashki::egtb::BuildOptions;

    fn tables() -> Arc<Tablebases> {
        Arc::new(
            shashki::egtb::build(
                BuildOptions {
                    max_pieces: 3,
                    ..Default::default()
                },
                &|_| {},
            )
            .expect("3-piece tables build"),
        )
    }

    fn selfplay<'a>(
        eval: &'a EvalParams,
        tables: Option<&'a Arc<Tablebases>>,
        random_plies: u32,
    ) -> SelfPlay<'a> {
        SelfPlay {
            eval,
            tables,
            random_plies,
            seed: 7,
        }
    }

    #[test]
    fn a_game_inside_the_tables_ends_with_their_verdict() {
        let tables = tables();
        let eval = EvalParams::DEFAULT;
        // Two White kings against a Black man, Black to move: the tables say White wins.
        let won: Position = "B:WK1,K2:B20".parse().unwrap();
        assert_eq!(tables.probe_wdl(&won), Some(Wdl::Loss));
        let game = selfplay(&eval, Some(&tables), 0)
            .play(&Game::new(won), SearchLimit::Nodes(1_000), 0)
            .unwrap();
        assert!(game.adjudicated);
        assert_eq!(game.result, 1.0);
        assert!(game.records.is_empty(), "{:?}", game.records);
        // Without tables the same game is played out.
        let played = selfplay(&eval, None, 0)
            .play(&Game::new(won), SearchLimit::Nodes(1_000), 0)
            .unwrap();
        assert!(!played.adjudicated);
    }

    #[test]
    fn a_game_entering_the_tables_stops_there_and_keeps_the_positions_before() {
        let tables = tables();
        let eval = EvalParams::DEFAULT;
        // Four pieces: outside the 3-piece tables until a capture.
        let start: Position = "W:WK29,22:BK4,11".parse().unwrap();
        let game = selfplay(&eval, Some(&tables), 0)
            .play(&Game::new(start), SearchLimit::Nodes(2_000), 0)
            .unwrap();
        // White wins a man within three moves (the tables then know the rest).
        assert!(game.adjudicated, "{game:?}");
        assert_eq!(game.result, 1.0);
        assert!(!game.records.is_empty());
        for record in &game.records {
            assert!(record.position.piece_count() > 3);
            assert!(!record.position.has_capture());
        }
    }

    #[test]
    fn games_are_the_same_for_the_same_seed_and_number() {
        let eval = EvalParams::DEFAULT;
        let opening = Game::new(Position::start());
        let play = |seed: u64, number: u64| {
            SelfPlay {
                seed,
                ..selfplay(&eval, None, 4)
            }
            .play(&opening, SearchLimit::Nodes(300), number)
            .unwrap()
        };
        let first = play(1, 3);
        assert_eq!(first, play(1, 3));
        assert!(!first.records.is_empty());
        // The random plies differ with the game's number (or the seed): the first position the
        // engine chose a move in differs in at least one of five other games.
        let others: Vec<Position> = (4..9).map(|n| play(1, n).records[0].position).collect();
        assert!(others.iter().any(|p| *p != first.records[0].position));
        // Scores are White's: the mover's search score turned by its colour.
        for record in &first.records {
            assert!(record.score.is_none_or(|s| s.abs() <= MAX_EVALUATED));
        }
    }

    #[test]
    fn forced_results_have_no_data_line() {
        let record = Record {
            position: Position::start(),
            score: None,
        };
        assert_eq!(format_record(&record, 1.0), None);
        let scored = Record {
            score: Some(-25),
            ..record
        };
        let line = format_record(&scored, 0.5).unwrap();
        assert_eq!(line, format!("{};0.5;-25\n", Position::start().to_fen()));
    }
}
