//! `shashki match`: two players (engine configurations or the `baseline` engine) play every opening
//! twice with colours swapped; games run in parallel on rayon's pool and are adjudicated by the
//! draw rules ([`shashki::Game::status`]). Prints wins/draws/losses of the first player, its
//! score and the Elo difference with a 95 % interval.
//!
//! A player is named by a spec: `baseline`, `level:N`, `hub:PROGRAM [ARGS…]` or
//! `default[,name=value…]`, read by [`crate::inputs::players`] (where every name is listed);
//! each game gets its own players made from the specs ([`player`]).
//!
//! Instead of a limit per move, `--tc BASE+INC` gives each side a clock (seconds: `10+0.1`): the
//! engines manage their own time ([`shashki::SearchLimit::Clock`]), and a side whose time runs
//! out loses ([`match_runner::play_game`]); the report counts the flag falls.
//!
//! Every move is timed: the report ends with each player's number of moves, mean and longest
//! time per move and, under a move time, how many moves took longer than it; once over the moves
//! with a choice (more than one legal move) and once over all (an only move is played at once).
//! For the engines it also counts conversion: the games in which a player's own score reached
//! +1.00 or more, and how many of those it won, drew and lost.
//!
//! A match splits into tasks: `--task I/N` plays only the openings whose number modulo N is I
//! (each with both colours, the same games one process would play), `--result FILE` writes the
//! run's record and `--pdn FILE` its games; `shashki match merge FILES…` adds records up into the
//! report one process would print ([`match_result`]). `--slurm N --out DIR` submits the N
//! tasks as a Slurm array and a merge job after them ([`crate::slurm`]).

mod match_result;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use clap::Subcommand;

use crate::play::match_runner::{
    self, BaselinePlayer, EnginePlayer, LevelPlayer, MovePlayed, Outcome, Pace, Played, Player,
    Seat, Tally, TimeControl,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use shashki::pdn::{GameResult, PdnGame};
use shashki::{Color, DrawRules, EngineConfig, SearchLimit};

use crate::cli_error::CliError;
use crate::inputs::engine::open_tablebases;
use crate::inputs::openings::{Openings, spread};
use crate::inputs::players::{OwnTables, Spec, parse_spec};
use crate::play::hub_player::HubPlayer;
use crate::slurm;
use match_result::{CONVERSION_SCORE, GameRecord, MatchRecord, MoveTimes, Setup, Task};

/// Arguments of `shashki match`.
#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<MatchCommand>,
    /// The first player (results are its wins/draws/losses): `default[,name=value…]` or `baseline`.
    #[arg(required = true)]
    first: Option<String>,
    /// The second player.
    #[arg(required = true)]
    second: Option<String>,
    /// Milliseconds per move.
    #[arg(long, default_value_t = 100, conflicts_with_all = ["depth", "nodes", "tc"])]
    movetime: u64,
    /// A clock for each side instead of a limit per move: `BASE+INC` in seconds (`10+0.1`).
    /// Running out of time loses.
    #[arg(long, conflicts_with_all = ["depth", "nodes"])]
    tc: Option<TimeControl>,
    /// Fixed depth per move instead of a move time.
    #[arg(long)]
    depth: Option<u32>,
    /// Fixed nodes per move instead of a move time (baseline: 1 ms per 10 000 nodes).
    #[arg(long)]
    nodes: Option<u64>,
    /// Number of games (each opening twice; openings spread evenly). Default: all openings.
    #[arg(long)]
    games: Option<usize>,
    /// Openings: `built-in` (the 745 three-move ballots) or a JSON file of name → FEN.
    #[arg(long, default_value = "built-in")]
    openings: Openings,
    /// Start the even spread of openings this many openings further on (in name order), so that
    /// runs of fewer games than openings with different offsets play different openings.
    #[arg(long, default_value_t = 0)]
    offset: usize,
    /// Games played at the same time (default: rayon's thread count).
    #[arg(long)]
    concurrency: Option<usize>,
    /// Games longer than this many plies are adjudicated draws.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Hash per engine in MB (unless the player spec sets `hash`).
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Append one line per game to this file (tab-separated): opening, first player's colour, its
    /// score, how the game ended, the final FEN, the start FEN and the moves.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Endgame tablebase directory (`shashki egtb build`): `default` players probe these tables
    /// (decisive root moves, exact scores in the tree); `baseline` and `hub:` players never do.
    #[arg(long)]
    tablebases: Option<PathBuf>,
    /// One game per opening, the first player always on the side to move (no colour swap): for
    /// playing out positions where that side stands better, e.g. won positions to convert.
    #[arg(long)]
    first_to_move: bool,
    /// The draw rules the games are refereed under and the players are told (docs/RULES.md §2):
    /// `full` (every counting rule, as lidraughts), `basic` (repetition, 7.2.4, 7.2.5, as
    /// py-draughts and many GUIs) or `repetition`. A `hub:` engine that does not list the
    /// `draw-rules` parameter searches under its own rules.
    #[arg(long, default_value_t = DrawRules::Full)]
    draw_rules: DrawRules,
    /// Play only this share of the match: `I/N`, the openings whose number (in the match's
    /// order) modulo N is I, with both colours; I from 0. `shashki match merge` adds up the
    /// tasks' `--result` files.
    #[arg(long, value_name = "I/N")]
    task: Option<Task>,
    /// Write the result record (JSON: the setup, every game's result, conversions, move times)
    /// to this file, for `shashki match merge`.
    #[arg(long, value_name = "FILE")]
    result: Option<PathBuf>,
    /// Write the games (PDN, in match order) to this file.
    #[arg(long, value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// Submit the match to Slurm as an array of TASKS tasks (`--task I/TASKS` each, writing
    /// DIR/task-I.json and DIR/task-I.pdn, logs in DIR/logs/) and a job after them that merges
    /// the results into DIR/report.txt; prints the job ids. Other options go to every task.
    #[arg(long, value_name = "TASKS", requires = "out", conflicts_with_all = ["task", "result", "pdn"],
        value_parser = clap::value_parser!(u32).range(1..))]
    slurm: Option<u32>,
    /// The directory of a `--slurm` match's results, games and logs.
    #[arg(long, value_name = "DIR", requires = "slurm")]
    out: Option<PathBuf>,
}

#[derive(Subcommand)]
enum MatchCommand {
    /// Add up the result records of the tasks of a split match (`--result` files) into the
    /// report one run of the whole match prints; checks that every task and every game is there
    /// once.
    Merge {
        /// The result files.
        #[arg(required = true)]
        results: Vec<PathBuf>,
    },
}

/// A player for one game; `seed` varies a level's random choices from game to game,
/// `hash_mb` is the hash of a `hub:` engine and `draw_rules` the rules it is told to search
/// under (the other players read them from the game).
///
/// # Errors
/// A `hub:` program that cannot be started or does not speak Hub.
pub fn player(
    spec: &Spec,
    seed: u64,
    hash_mb: usize,
    draw_rules: DrawRules,
) -> Result<Box<dyn Player>, CliError> {
    Ok(match spec {
        Spec::Baseline => Box::new(BaselinePlayer),
        Spec::Level { level, config } => Box::new(LevelPlayer::new(*level, config, seed)),
        Spec::Hub(command) => Box::new(HubPlayer::start(command, hash_mb, draw_rules)?),
        Spec::Engine { config, .. } => Box::new(EnginePlayer::new(EngineConfig::clone(config))),
    })
}

/// The pace of the player `spec` in a match played at `pace`: its own move time if it has one,
/// else the match's.
fn pace_of(spec: &Spec, pace: Pace) -> Pace {
    match spec {
        Spec::Engine {
            movetime: Some(time),
            ..
        } => Pace::PerMove(SearchLimit::MoveTime(*time)),
        _ => pace,
    }
}

/// The match's pace from the arguments: a clock, or a limit per move.
fn pace(args: &Args) -> Pace {
    match (args.tc, args.depth, args.nodes) {
        (Some(control), _, _) => Pace::Clock(control),
        (None, Some(d), _) => Pace::PerMove(SearchLimit::Depth(d)),
        (None, None, Some(n)) => Pace::PerMove(SearchLimit::Nodes(n)),
        (None, None, None) => {
            Pace::PerMove(SearchLimit::MoveTime(Duration::from_millis(args.movetime)))
        }
    }
}

/// Runs `shashki match`.
///
/// # Errors
/// Bad player specs or openings file.
pub fn run(args: &Args) -> Result<(), CliError> {
    if let Some(MatchCommand::Merge { results }) = &args.command {
        return merge(results);
    }
    let (Some(first), Some(second)) = (&args.first, &args.second) else {
        return Err(CliError::input("match: name two players"));
    };
    let mut specs = [
        parse_spec(first, args.hash)?,
        parse_spec(second, args.hash)?,
    ];
    let shared_tables = args
        .tablebases
        .as_deref()
        .map(open_tablebases)
        .transpose()?;
    for spec in &mut specs {
        match spec {
            Spec::Engine {
                config,
                tablebases: Some(own),
                ..
            } => {
                config.tablebases = match own {
                    OwnTables::None => None,
                    OwnTables::Dir(dir) => Some(open_tablebases(dir)?),
                };
            }
            Spec::Engine { config, .. } | Spec::Level { config, .. } => {
                config.tablebases.clone_from(&shared_tables);
            }
            Spec::Baseline | Spec::Hub(_) => {}
        }
    }
    let openings = args.openings.read()?;
    let pairs = args.games.map_or(openings.len(), |g| g.div_ceil(2).max(1));
    let openings = spread(&openings, pairs, args.offset);
    let pace = pace(args);
    let setup = Setup {
        first: first.clone(),
        second: second.clone(),
        pace: match pace {
            Pace::Clock(control) => format!("clock {control}"),
            Pace::PerMove(limit) => format!("{limit:?}"),
        },
        clock: matches!(pace, Pace::Clock(_)),
        openings: args.openings.to_string(),
        pairs: openings.len(),
        offset: args.offset,
        first_to_move: args.first_to_move,
        max_plies: args.max_plies,
        draw_rules: args.draw_rules.to_string(),
        hash: args.hash,
        tablebases: args.tablebases.as_ref().map(|d| d.display().to_string()),
    };
    if let Some(tasks) = args.slurm {
        return submit(args, tasks, &setup, pace);
    }
    let task = args.task.unwrap_or(Task::WHOLE);
    // Opening i, in this task's share, twice: the first player has the side to move in the first
    // game (in every game with --first-to-move, one per opening).
    let jobs: Vec<(usize, bool)> = (0..openings.len())
        .filter(|&i| task.plays(i))
        .flat_map(|i| {
            if args.first_to_move {
                vec![(i, true)]
            } else {
                vec![(i, true), (i, false)]
            }
        })
        .collect();
    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed} < {eta}]")
            .map_err(CliError::failure)?,
    );
    let tally = Mutex::new(Tally::default());
    let times = [
        Mutex::new([MoveTimes::default(); 2]),
        Mutex::new([MoveTimes::default(); 2]),
    ];
    let flag_falls = Mutex::new([0u32; 2]);
    let conversions = Mutex::new([Tally::default(); 2]);
    let games: Mutex<Vec<(GameRecord, Option<PdnGame>)>> = Mutex::new(Vec::new());
    let error: Mutex<Option<CliError>> = Mutex::new(None);
    let play = |&(index, first_moves): &(usize, bool)| {
        let mut game = openings[index].1.clone().with_draw_rules(args.draw_rules);
        let mover = game.position().side_to_move();
        let seed = (index as u64) << 1 | u64::from(first_moves);
        let started = player(&specs[0], seed, args.hash, args.draw_rules).and_then(|a| {
            Ok((
                a,
                player(&specs[1], seed ^ 0x5EED, args.hash, args.draw_rules)?,
            ))
        });
        let (a, b) = match started {
            Ok(players) => players,
            Err(e) => {
                error
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .get_or_insert(e);
                bar.inc(1);
                return;
            }
        };
        let seats = [0, 1].map(|i| Seat {
            player: if i == 0 { a.as_ref() } else { b.as_ref() },
            pace: pace_of(&specs[i], pace),
        });
        // The move time a player's moves are held to (a level keeps its own limit).
        let own_limit = |i: usize| match (&specs[i], seats[i].pace) {
            (Spec::Level { .. }, _) => None,
            (_, Pace::PerMove(SearchLimit::MoveTime(time))) => Some(time),
            _ => None,
        };
        let (white, black, first_color) = if first_moves == (mover == Color::White) {
            (seats[0], seats[1], Color::White)
        } else {
            (seats[1], seats[0], Color::Black)
        };
        let mut reached = [false; 2];
        let mut on_move = |record: MovePlayed| {
            let i = usize::from(record.side != first_color);
            reached[i] |= record.score.is_some_and(|s| s.value() >= CONVERSION_SCORE);
            let mut times = times[i].lock().unwrap_or_else(PoisonError::into_inner);
            if record.choice {
                times[0].add(record.time, own_limit(i));
            }
            times[1].add(record.time, own_limit(i));
        };
        let played: Played =
            match_runner::play_game(&mut game, white, black, args.max_plies, &mut on_move);
        let outcome = played.outcome;
        {
            let mut conversions = conversions.lock().unwrap_or_else(PoisonError::into_inner);
            for (i, color) in [first_color, !first_color].into_iter().enumerate() {
                if reached[i] {
                    conversions[i].add(outcome.score_for(color));
                }
            }
        }
        if let Some(side) = played.flag_fall {
            flag_falls.lock().unwrap_or_else(PoisonError::into_inner)
                [usize::from(side != first_color)] += 1;
        }
        let end = played.flag_fall.map_or_else(
            || game.status().to_string(),
            |side| format!("{side} lost on time"),
        );
        let pdn = args.pdn.is_some().then(|| {
            let mut record = PdnGame::new(game.clone());
            record.result = match outcome {
                Outcome::WhiteWins => GameResult::WhiteWins,
                Outcome::BlackWins => GameResult::BlackWins,
                Outcome::Draw => GameResult::Draw,
            };
            let (white, black) = if first_color == Color::White {
                (first, second)
            } else {
                (second, first)
            };
            record.tags = vec![
                ("Event".into(), format!("shashki match {first} vs {second}")),
                (
                    "Round".into(),
                    format!("{}.{}", index + 1, 2 - u8::from(first_moves)),
                ),
                ("White".into(), white.clone()),
                ("Black".into(), black.clone()),
                ("Opening".into(), openings[index].0.clone()),
                ("Termination".into(), end.clone()),
            ];
            record
        });
        games.lock().unwrap_or_else(PoisonError::into_inner).push((
            GameRecord {
                opening: index,
                name: openings[index].0.clone(),
                first_moves,
                first_color: first_color.to_string(),
                score: outcome.score_for(first_color),
                end: end.clone(),
            },
            pdn,
        ));
        let mut t = tally.lock().unwrap_or_else(PoisonError::into_inner);
        t.add(outcome.score_for(first_color));
        if let Some(path) = &args.log {
            let line = format!(
                "{}\t{first_color}\t{}\t{}\t{}\t{}\t{}\n",
                openings[index].0,
                outcome.score_for(first_color),
                end,
                game.position().to_fen(),
                game.start_position().to_fen(),
                game.move_texts(shashki::Notation::Algebraic).join(" ")
            );
            let written = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .and_then(|mut file| std::io::Write::write_all(&mut file, line.as_bytes()));
            if let Err(error) = written {
                bar.println(format!("cannot write {}: {error}", path.display()));
            }
        }
        let (elo, margin) = match_runner::elo(&t);
        bar.set_message(format!(
            "+{} ={} -{}  {:.1}%  Elo {elo:+.0} ± {margin:.0}",
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score()
        ));
        bar.inc(1);
    };
    let concurrency = args
        .concurrency
        .unwrap_or_else(rayon::current_num_threads)
        .max(1);
    rayon::ThreadPoolBuilder::new()
        .num_threads(concurrency)
        .build()
        .map_err(CliError::failure)?
        .install(|| jobs.par_iter().for_each(play));
    bar.finish();
    if let Some(e) = error.into_inner().unwrap_or_else(PoisonError::into_inner) {
        return Err(e);
    }
    let mut record = MatchRecord::new(setup, task);
    let mut games = games.into_inner().unwrap_or_else(PoisonError::into_inner);
    games.sort_by_key(|(g, _)| (g.opening, std::cmp::Reverse(g.first_moves)));
    let (records, pdn): (Vec<GameRecord>, Vec<Option<PdnGame>>) = games.into_iter().unzip();
    record.games = records;
    record.conversions = conversions
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    record.flag_falls = flag_falls
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    record.times = times.map(|t| t.into_inner().unwrap_or_else(PoisonError::into_inner));
    if let Some(path) = &args.result {
        crate::atomic_file::write_atomically(path, &record.to_json()?)?;
    }
    if let Some(path) = &args.pdn {
        let pdn: Vec<PdnGame> = pdn.into_iter().flatten().collect();
        crate::atomic_file::write_atomically(path, &shashki::pdn::write_games(&pdn))?;
    }
    let summary = match_result::merge(&[(PathBuf::from("this run"), record)])?;
    crate::output::write_stdout(&summary.report())
}

/// `shashki match merge`: reads the records, adds them up, checks the match is complete and
/// prints its report.
fn merge(paths: &[PathBuf]) -> Result<(), CliError> {
    let records = paths
        .iter()
        .map(|path| Ok((path.clone(), MatchRecord::read(path)?)))
        .collect::<Result<Vec<_>, CliError>>()?;
    let summary = match_result::merge(&records)?;
    summary.check_complete()?;
    crate::output::write_stdout(&summary.report())
}

/// The words of this command line for one task of a `--slurm` match: the arguments after the
/// program's name without `--slurm` and `--out` (and their values).
///
/// # Errors
/// An argument that is not UTF-8 (it could not be written into the job's command).
fn task_words(args: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, CliError> {
    let mut words = Vec::new();
    let mut skip_value = false;
    for arg in args {
        let arg = arg.into_string().map_err(|arg| {
            CliError::input(format!("argument {arg:?}: not UTF-8, cannot go into a job"))
        })?;
        if std::mem::take(&mut skip_value) {
            continue;
        }
        match arg.as_str() {
            "--slurm" | "--out" => skip_value = true,
            _ if arg.starts_with("--slurm=") || arg.starts_with("--out=") => {}
            _ => words.push(arg),
        }
    }
    Ok(words)
}

/// A task's time limit in minutes: its games at their longest (every ply at the move time, or
/// both clocks used up), half again, plus 10 minutes; a day under a depth or node limit.
fn task_minutes(pace: Pace, games: u64, max_plies: u64, concurrency: u64) -> u64 {
    let game_seconds = match pace {
        Pace::PerMove(SearchLimit::MoveTime(time)) => time.as_secs_f64() * max_plies as f64,
        Pace::Clock(control) => {
            2.0 * control.base.as_secs_f64() + control.increment.as_secs_f64() * max_plies as f64
        }
        Pace::PerMove(_) => return 24 * 60,
    };
    let seconds = game_seconds * games.div_ceil(concurrency.max(1)) as f64 * 1.5;
    10 + (seconds / 60.0).ceil() as u64
}

/// `--slurm TASKS --out DIR`: submits the tasks as one array and a merge job after them.
fn submit(args: &Args, tasks: u32, setup: &Setup, pace: Pace) -> Result<(), CliError> {
    let out = slurm::absolute(args.out.as_deref().unwrap_or(Path::new(".")))?;
    let logs = out.join("logs");
    std::fs::create_dir_all(&logs)
        .map_err(|e| CliError::failure(format!("{}: {e}", logs.display())))?;
    let program = slurm::this_program()?;
    let here = std::env::current_dir()
        .map_err(|e| CliError::failure(format!("the current directory: {e}")))?;
    let mut words = vec![program.display().to_string()];
    words.extend(task_words(std::env::args_os().skip(1))?);
    let cpus = args.concurrency.unwrap_or(1).max(1) as u64;
    let per_task =
        setup.pairs.div_ceil(tasks as usize) as u64 * if setup.first_to_move { 1 } else { 2 };
    let quoted_out = slurm::quote(&out.display().to_string());
    // Relative paths in the arguments (openings, tables, weights) are read from the directory
    // the match was submitted from, whatever the job's own.
    let array = slurm::Job {
        name: "shashki-match".into(),
        mem_mib: 256 + cpus * 2 * (args.hash as u64 + 64),
        minutes: task_minutes(pace, per_task, args.max_plies as u64, cpus),
        cpus: u32::try_from(cpus).unwrap_or(u32::MAX),
        log: logs.join("task-%a.%A.log"),
        array: Some(tasks),
        after: Vec::new(),
        command: format!(
            "cd {} && export RAYON_NUM_THREADS=${{SLURM_CPUS_PER_TASK:-1}} && exec {} --task \"$SLURM_ARRAY_TASK_ID/{tasks}\" --result {quoted_out}/task-\"$SLURM_ARRAY_TASK_ID\".json --pdn {quoted_out}/task-\"$SLURM_ARRAY_TASK_ID\".pdn",
            slurm::quote(&here.display().to_string()),
            slurm::command_line(&words)
        ),
    };
    let array_id = slurm::submit(&array)?;
    let results: Vec<String> = (0..tasks)
        .map(|i| out.join(format!("task-{i}.json")).display().to_string())
        .collect();
    let merge_words: Vec<String> = [
        program.display().to_string(),
        "match".into(),
        "merge".into(),
    ]
    .into_iter()
    .chain(results)
    .collect();
    let merge = slurm::Job {
        name: "shashki-match-merge".into(),
        mem_mib: 256,
        minutes: 10,
        cpus: 1,
        log: logs.join("merge.%j.log"),
        array: None,
        after: vec![array_id.clone()],
        command: format!(
            "exec {} > {quoted_out}/report.txt",
            slurm::command_line(&merge_words)
        ),
    };
    let merge_id = slurm::submit(&merge)?;
    outln!(
        "submitted {} games as job {array_id} ({tasks} tasks: {}/task-I.json and .pdn, logs in {}), then job {merge_id}: the report in {}/report.txt",
        setup.pairs as u64 * if setup.first_to_move { 1 } else { 2 },
        out.display(),
        logs.display(),
        out.display()
    );
    outln!(
        "by hand: {} match merge {}/task-*.json",
        program.display(),
        out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_runs_the_command_without_its_slurm_options() {
        let words =
            |args: &[&str]| task_words(args.iter().map(OsString::from)).expect("UTF-8 arguments");
        assert_eq!(
            words(&[
                "match",
                "a",
                "b",
                "--slurm",
                "4",
                "--out=x",
                "--games",
                "8",
                "--out",
                "y",
                "--slurm=2"
            ]),
            ["match", "a", "b", "--games", "8"]
        );
        let ms = |ms| Pace::PerMove(SearchLimit::MoveTime(Duration::from_millis(ms)));
        // 4 games of at most 300 plies at 10 ms: 12 s, half again: 18 s, one minute.
        assert_eq!(task_minutes(ms(10), 4, 300, 1), 11);
        // Two at a time at 1 s a move: 2 × 300 s, half again: 15 minutes.
        assert_eq!(task_minutes(ms(1000), 4, 300, 2), 10 + 15);
        assert_eq!(
            task_minutes(Pace::PerMove(SearchLimit::Depth(3)), 4, 300, 1),
            1440
        );
    }

    #[test]
    fn move_times_count_the_moves_over_the_limit() {
        let mut times = MoveTimes::default();
        let limit = Some(Duration::from_millis(100));
        for ms in [95, 99, 100, 101] {
            times.add(Duration::from_millis(ms), limit);
        }
        assert_eq!((times.moves, times.over), (4, 1));
        assert_eq!(times.longest, Duration::from_millis(101));
        assert_eq!(
            times.summary(),
            "4 moves, mean 98.8 ms, longest 101.0 ms, 1 over the move time"
        );
    }
}
