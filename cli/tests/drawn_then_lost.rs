//! The games shashki lost after its own draw counters called them drawn (`data/drawn-then-lost.jsonl`:
//! refereed games against Kallisto 4 and KestoG 1.4 under a referee that applies threefold
//! repetition, 7.2.4 and 7.2.5 only; each case is the game's start, its moves in Hub notation up to
//! the position, the position and the move shashki played, which let the opponent take its last
//! piece). Each position is asked again as a user runs the engine: `shashki hub` with its default
//! tablebase directory (`SHASHKI_TABLEBASES`, built here up to 4 pieces), the whole game replayed
//! in one session (the engine searching every one of its moves, the table kept between them) and
//! also fresh, with 1 and 2 threads and hash sizes 1, 16 and 64 MB, under the `full` and `basic`
//! draw rules. The answer must never let the opponent take the engine's last piece next move, nor
//! step into an ending the tablebases (which ignore the counters) call lost when another move does
//! not (docs/RULES.md §2).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use common::HubEngine;
use shashki::egtb::{Tablebases, Wdl};
use shashki::hub::write_position;
use shashki::{DrawRules, Move, Notation, Position};

/// The largest tables built for the test: every case's position has at most 4 pieces.
const TABLE_PIECES: u32 = 4;

/// One game of the data file.
struct Case {
    opponent: String,
    start: Position,
    moves: Vec<String>,
    /// The position after `moves`, with shashki to move.
    position: Position,
    /// The move shashki played there (which lost its last piece).
    played: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/drawn-then-lost.jsonl");
    text.lines()
        .enumerate()
        .map(|(index, line)| {
            let value: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("line {}: {e}", index + 1));
            let field = |name: &str| {
                value[name]
                    .as_str()
                    .unwrap_or_else(|| panic!("line {}: no {name}", index + 1))
                    .to_string()
            };
            Case {
                opponent: field("opponent"),
                start: field("start_fen").parse().expect("a start FEN"),
                moves: field("hub_moves")
                    .split_whitespace()
                    .map(str::to_string)
                    .collect(),
                position: field("fen").parse().expect("a FEN"),
                played: field("played"),
            }
        })
        .collect()
}

/// The test's tablebase directory, built once (a later run finds it complete and builds
/// nothing) by the program itself into its default directory.
fn tablebase_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("drawn-then-lost-tablebases");
        let status = Command::new(env!("CARGO_BIN_EXE_shashki"))
            .args(["egtb", "build", "--pieces", &TABLE_PIECES.to_string()])
            .env("SHASHKI_TABLEBASES", &dir)
            .stdout(Stdio::null())
            .status()
            .expect("the shashki binary starts");
        assert!(status.success(), "egtb build failed");
        dir
    })
}

/// What playing `text` in `position` gives the side to move, if play goes on under no counter
/// rule: whether the opponent can then take its last piece, and the tablebase value.
fn verdict(tables: &Tablebases, position: &Position, text: &str) -> (bool, Wdl) {
    let mv: Move = position
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", position.to_fen()));
    let child = position.play_unchecked(&mv);
    if child.is_lost() {
        return (false, Wdl::Win);
    }
    let mine = child.pieces(position.side_to_move()).count();
    let hangs = child
        .legal_moves()
        .iter()
        .any(|reply| reply.captured().count() == mine);
    let wdl = match tables
        .probe(&child)
        .expect("the tables hold the position")
        .wdl
    {
        Wdl::Win => Wdl::Loss,
        Wdl::Loss => Wdl::Win,
        Wdl::Draw => Wdl::Draw,
    };
    (hangs, wdl)
}

/// An engine session with `hash_mb`, `threads` and `rules`, handshake done.
fn session(hash_mb: u32, threads: u32, rules: DrawRules) -> HubEngine {
    let mut engine = HubEngine::start_with(
        &["--tablebase-pieces", "0"],
        tablebase_dir(),
        Stdio::inherit(),
    );
    engine.send("hub");
    engine.until("wait");
    engine.send(&format!("set-param name=hash value={hash_mb}"));
    engine.send(&format!("set-param name=threads value={threads}"));
    engine.send(&format!("set-param name=draw-rules value={rules}"));
    engine.send("init");
    engine.until("ready");
    engine
}

/// The engine's move after the first `plies` moves of `case`, within `seconds`.
fn answer(engine: &mut HubEngine, case: &Case, plies: usize, seconds: f64) -> String {
    let pos = write_position(&case.start);
    let moves = case.moves[..plies].join(" ");
    engine.send(&format!("pos pos={pos} moves=\"{moves}\""));
    engine.send(&format!("level move-time={seconds}"));
    engine.send("go think");
    let (done, _) = engine.until("done");
    done.get("move").expect("done carries a move").to_string()
}

/// Every case under `rules`, fresh and replayed, in every hash and thread configuration.
fn never_thrown_away(rules: DrawRules) {
    let tables = Tablebases::open(tablebase_dir());
    let mut failures = Vec::new();
    for case in cases() {
        let texts: Vec<String> = case
            .position
            .legal_moves()
            .iter()
            .map(|m| case.position.write_move(m, Notation::Hub))
            .collect();
        let safe_exists = texts
            .iter()
            .any(|t| verdict(&tables, &case.position, t) == (false, Wdl::Draw))
            || texts
                .iter()
                .any(|t| verdict(&tables, &case.position, t).1 == Wdl::Win);
        let played = verdict(&tables, &case.position, &case.played);
        assert!(
            played.0,
            "{}: the recorded move must be the losing one",
            case.opponent
        );
        for (hash_mb, threads) in [(1, 1), (16, 1), (64, 1), (1, 2), (16, 2), (64, 2)] {
            for replay in [false, true] {
                let mut engine = session(hash_mb, threads, rules);
                let plies = case.moves.len();
                if replay {
                    // The engine's own moves of the game, each searched in this session.
                    for earlier in (plies % 2..plies).step_by(2) {
                        answer(&mut engine, &case, earlier, 0.01);
                    }
                }
                let chosen = answer(&mut engine, &case, plies, 0.05);
                engine.send("quit");
                let (hangs, wdl) = verdict(&tables, &case.position, &chosen);
                if hangs || (safe_exists && wdl == Wdl::Loss) {
                    failures.push(format!(
                        "{} {} (hash {hash_mb} MB, {threads} threads, {}): {chosen} ({})",
                        case.opponent,
                        case.position.to_fen(),
                        if replay { "replayed" } else { "fresh" },
                        if hangs {
                            "hangs the last piece"
                        } else {
                            "a lost ending"
                        },
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{rules}: {failures:#?}");
}

#[test]
fn full_rules_never_throw_a_counted_draw_away() {
    never_thrown_away(DrawRules::Full);
}

#[test]
fn basic_rules_play_the_positions_as_the_referee_does() {
    never_thrown_away(DrawRules::Basic);
}
