//! `shashki analyse-game FILE.pdn`: searches every position of every game in a PDN file and
//! writes the games back annotated (score after each move, the engine's preferred move and line
//! where it differs, `?` mistakes and `??` blunders by score lost), with a progress bar and a
//! short summary per side.
//!
//! Data flow: the file is read with `shashki::pdn::read_bytes` (through
//! `inputs::positions::read_pdn_file`: the encoding detected, every game on its own, so a bad
//! game is reported and the others analysed, the exit code then 1); each game is replayed position
//! by position (the search sees the game's history, for repetitions and the draw counters); the
//! results go to `shashki::annotate::annotate`; the annotated games are written to a temporary
//! file next to the output, which is then renamed over it, so a crash never leaves half a file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use shashki::annotate::{self, Eval, PlyAnalysis, Thresholds};
use shashki::pdn::{self, PdnGame};
use shashki::{DrawRules, Engine, EngineConfig, Game, Score, SearchLimit};

use crate::atomic_file::{check_writable, write_atomically};
use crate::cli_error::CliError;

/// Arguments of `shashki analyse-game`.
#[derive(clap::Args)]
pub struct Args {
    /// The PDN file to analyse (all its games).
    file: PathBuf,
    /// Think this many milliseconds per position.
    #[arg(long, default_value_t = 1000, conflicts_with = "depth")]
    movetime: u64,
    /// Search every position to this depth instead of for a fixed time (1..=100).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH))]
    depth: Option<u32>,
    /// Where to write the annotated PDN (default: FILE with `.annotated.pdn`; `-` for stdout).
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Score lost (hundredths of a man) from which a move is a mistake.
    #[arg(long, default_value_t = Thresholds::default().mistake)]
    mistake: i32,
    /// Score lost (hundredths of a man) from which a move is a blunder.
    #[arg(long, default_value_t = Thresholds::default().blunder)]
    blunder: i32,
    /// Search threads (0 = one per core; at most 256).
    #[arg(long, default_value_t = 1, value_parser = crate::inputs::engine::search_threads)]
    threads: usize,
    /// Transposition table size in MB (at most 65536, and what the machine can allocate).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=shashki::MAX_HASH_MB as i64))]
    hash: u32,
    /// Directory of endgame tablebases (`*.shtb`): exact scores in the endgame (`--tb-dir` is
    /// the old name).
    #[arg(long = "tablebases", alias = "tb-dir")]
    tb_dir: Option<PathBuf>,
    /// The draw rules the positions are searched under (docs/RULES.md §2): `full` (every
    /// counting rule, as lidraughts), `basic` (repetition, 7.2.4, 7.2.5) or `repetition`.
    #[arg(long, default_value_t = DrawRules::Full)]
    draw_rules: DrawRules,
}

/// Deepest `--depth` accepted: deeper fixed-depth searches never finish in practice (the search
/// itself stops at its ply limit of 127).
const MAX_DEPTH: i64 = 100;

fn default_output(input: &Path) -> PathBuf {
    let stem = input
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    input.with_file_name(format!("{stem}.annotated.pdn"))
}

fn eval_of(score: Score) -> Eval {
    match score.plies_to_end() {
        Some(plies) if score.is_win() => Eval::WinIn(plies.unsigned_abs()),
        Some(plies) => Eval::LossIn(plies.unsigned_abs()),
        None => Eval::Centi(score.value()),
    }
}

/// Longest chain of forced moves followed when evaluating a position with a single legal move.
const MAX_FORCED_CHAIN: usize = 32;

/// The engine's view of the current position of `game`. A position with a single legal move is
/// not searched on its own: the move is played and the position after it analysed instead, so a
/// chain of forced moves costs one search and every position in it gets the same, full-depth
/// verdict.
fn evaluate(engine: &Engine, game: &Game, limit: SearchLimit, chain: usize) -> PlyAnalysis {
    let position = game.position();
    let moves = position.legal_moves();
    match moves.as_slice() {
        [] => PlyAnalysis {
            eval: Eval::LossIn(0),
            best_move: None,
            pv: Vec::new(),
        },
        [only] if chain < MAX_FORCED_CHAIN => {
            let mut next = game.clone();
            if next.play_past_draw(*only).is_err() {
                return search(engine, game, limit);
            }
            forced(*only, &evaluate(engine, &next, limit, chain + 1))
        }
        _ => search(engine, game, limit),
    }
}

/// The analysis of a position whose only move `mv` leads to a position analysed as `next`.
fn forced(mv: shashki::Move, next: &PlyAnalysis) -> PlyAnalysis {
    let eval = match next.eval.negate() {
        Eval::WinIn(plies) => Eval::WinIn(plies + 1),
        Eval::LossIn(plies) => Eval::LossIn(plies + 1),
        centi => centi,
    };
    PlyAnalysis {
        eval,
        best_move: Some(mv),
        pv: std::iter::once(mv).chain(next.pv.iter().copied()).collect(),
    }
}

/// The objective search of `game` (no contempt: an annotation says what the position is worth).
fn search(engine: &Engine, game: &Game, limit: SearchLimit) -> PlyAnalysis {
    let result = engine.analyse(game, limit, None, |_| {});
    PlyAnalysis {
        eval: eval_of(result.score),
        best_move: result.best_move,
        pv: result.pv,
    }
}

/// Searches every position of `record`'s game under `draw_rules`, the final one included. Positions with a single
/// legal move take the (negated) analysis of the next position, which the game reaches anyway.
fn analyse(
    engine: &Engine,
    record: &PdnGame,
    limit: SearchLimit,
    draw_rules: DrawRules,
    bar: &ProgressBar,
) -> Vec<PlyAnalysis> {
    let full = &record.game;
    let count = full.positions().len();
    let mut game = Game::with_draw_state(*full.start_position(), full.draw_states()[0])
        .with_draw_rules(draw_rules);
    let mut found: Vec<Option<PlyAnalysis>> = Vec::with_capacity(count);
    for ply in 0..count {
        let is_last = ply + 1 == count;
        let single = game.position().count_legal_moves() == 1;
        found.push(if single && !is_last {
            None
        } else {
            Some(evaluate(engine, &game, limit, 0))
        });
        bar.inc(1);
        if let Some(mv) = full.moves().get(ply) {
            // The moves were checked when the file was read.
            if game.play_past_draw(*mv).is_err() {
                break;
            }
        }
    }
    let mut analyses: Vec<PlyAnalysis> = Vec::with_capacity(found.len());
    for (ply, analysis) in found.into_iter().enumerate().rev() {
        let analysis = match (analysis, analyses.last(), full.moves().get(ply)) {
            (Some(analysis), _, _) => analysis,
            (None, Some(next), Some(mv)) => forced(*mv, next),
            (None, _, _) => PlyAnalysis {
                eval: Eval::Centi(0),
                best_move: None,
                pv: Vec::new(),
            },
        };
        analyses.push(analysis);
    }
    analyses.reverse();
    analyses
}

/// Runs `shashki analyse-game`.
///
/// # Errors
/// An unreadable file or one without a readable game (exit code 2, naming the game and move), a
/// failure to write the output, or games that could not be read besides those analysed (exit
/// code 1, after the output is written).
pub fn run(args: &Args) -> Result<(), CliError> {
    let reading = crate::inputs::positions::read_pdn_file(&args.file)?;
    if reading.encoding != pdn::TextEncoding::Utf8 {
        errln!(
            "shashki: {}: read as {}",
            args.file.display(),
            reading.encoding
        );
    }
    let (mut records, failed) = reading.into_parts();
    for error in &failed {
        errln!("shashki: {}: not analysed: {error}", args.file.display());
    }
    if records.is_empty() {
        let why = match failed.first() {
            Some(error) => format!("no readable game ({error})"),
            None => "no game in the file".to_string(),
        };
        return Err(CliError::input(format!("{}: {why}", args.file.display())));
    }
    if args.mistake <= 0 || args.blunder < args.mistake {
        return Err(CliError::input(
            "--mistake must be positive and --blunder at least --mistake",
        ));
    }
    let limit = match args.depth {
        Some(depth) => SearchLimit::Depth(depth),
        None => SearchLimit::MoveTime(Duration::from_millis(args.movetime.max(1))),
    };
    let target = args
        .output
        .clone()
        .unwrap_or_else(|| default_output(&args.file));
    if target.as_os_str() != "-" {
        check_writable(&target)?;
    }
    let hash_mb = args.hash as usize;
    let thresholds = Thresholds {
        mistake: args.mistake,
        blunder: args.blunder,
        ..Thresholds::default()
    };
    let tablebases = match &args.tb_dir {
        Some(dir) => Some(crate::inputs::engine::open_tablebases(dir)?),
        None => None,
    };
    let engine = Engine::try_new(EngineConfig {
        hash_mb,
        threads: args.threads,
        tablebases,
        ..EngineConfig::default()
    })
    .map_err(|e| CliError::input(format!("--hash {hash_mb}: {e}")))?;
    let total: usize = records.iter().map(|r| r.game.positions().len()).sum();
    let bar = ProgressBar::new(total as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} positions, {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let annotator = match args.depth {
        Some(depth) => format!("shashki {}, depth {depth}", env!("CARGO_PKG_VERSION")),
        None => format!(
            "shashki {}, {} ms per position",
            env!("CARGO_PKG_VERSION"),
            args.movetime
        ),
    };
    let mut report = String::new();
    for (index, record) in records.iter_mut().enumerate() {
        engine.new_game();
        let analyses = analyse(&engine, record, limit, args.draw_rules, &bar);
        let summary = annotate::annotate(record, &analyses, thresholds);
        record.set_tag("Annotator", &annotator);
        report.push_str(&format!(
            "Game {} ({}), {} moves\n{summary}",
            index + 1,
            record.description(),
            record.game.moves().len()
        ));
    }
    bar.finish_and_clear();
    let output = pdn::write_games(&records);
    if target.as_os_str() == "-" {
        err!("{report}");
        crate::output::write_stdout(&output)?;
    } else {
        write_atomically(&target, &output)?;
        crate::output::write_stdout(&format!(
            "{report}Annotated PDN written to {}\n",
            target.display()
        ))?;
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(CliError::failure(format!(
            "{}: {} of {} games could not be read (named above) and were not analysed",
            args.file.display(),
            failed.len(),
            failed.len() + records.len()
        )))
    }
}
