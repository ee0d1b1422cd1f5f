//! The `shashki` command: right answers on good input; on bad input a message on stderr, exit
//! code 2, and never a panic.

use std::process::{Command, Output};

fn shashki(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .output()
        .expect("the shashki binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn perft_counts() {
    let output = shashki(&["perft", "6"]);
    assert!(output.status.success());
    assert!(
        stdout(&output).contains("perft(6) = 37986 "),
        "{}",
        stdout(&output)
    );
    let output = shashki(&["perft", "8", "--paths", "--threads", "2", "--json"]);
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON report");
    assert_eq!(report["nodes"], 929_905);
    assert_eq!(report["convention"], "B");
    let output = shashki(&[
        "perft",
        "5",
        "--fen",
        "W:Wc3,e3,Kg1,h2,b2:Bd6,f6,Kb8,a7,Kh8",
        "--hash",
        "4",
    ]);
    assert!(
        stdout(&output).contains("perft(5) = 14308 "),
        "{}",
        stdout(&output)
    );
    // Depth 0 has one leaf, the position itself, and nothing to divide.
    let output = shashki(&["perft", "0", "--divide"]);
    assert!(
        stdout(&output).starts_with("perft(0) = 1 "),
        "{}",
        stdout(&output)
    );
    let output = shashki(&["perft", "3", "--divide"]);
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 8, "{text}");
    assert!(text.contains("perft(3) = 302 "));
}

#[test]
fn moves_lists_full_paths() {
    let output = shashki(&["moves", "W:WKa1:Bb2,f4"]);
    assert!(output.status.success());
    let mut lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    lines.sort();
    assert_eq!(lines, ["a1:e5:g3", "a1:e5:h2"]);
    let output = shashki(&["moves", "W:Wh6:Bg7,c5,d2", "--json"]);
    let moves: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON moves");
    assert_eq!(moves[0]["text"], "h6:f8:b4:e1");
    assert_eq!(moves[0]["promotes"], true);
}

#[test]
fn show_draws_the_board() {
    let output = shashki(&["show", "W:WKa1:Bb2"]);
    assert!(output.status.success());
    let text = stdout(&output);
    assert!(text.contains("W:WK29:B25"), "{text}");
    assert!(text.contains("capturing is mandatory"), "{text}");
}

#[test]
fn bad_input_exits_with_code_2_without_panicking() {
    let cases: &[&[&str]] = &[
        &["moves", "W:W33:B1"],
        &["moves", "nonsense"],
        &["moves", ""],
        &["show", "W:Wa2:B1"],
        &["show", "W:W1:B2"],
        &["perft", "3", "--fen", "W:W13-25:B1"],
        &["perft", "-1"],
        &["perft", "x"],
        &["perft", "99"],
        &["perft", "1", "--hash", "17592186044416"],
        &["perft", "1", "--hash", "100000000"],
        &["analyse", "--depth", "1", "--hash", "18446744073709551615"],
        &["bench", "--hash", "18446744073709551615"],
        &["egtb", "probe", "W:W99:B1"],
        &["book", "probe", "nonsense"],
        &["perft", "1", "--threads", "100000"],
        &["perft", "1", "--threads", "-2"],
        &["perft"],
        &["match", "default,movetime=0", "seed", "--games", "2"],
        &["match", "default,movetime=fast", "seed", "--games", "2"],
        &["match", "default,no_such_param=1", "seed", "--games", "2"],
        &["match", "seed,movetime=10", "default", "--games", "2"],
        // One cap on search threads for every command and match player (256, the engine's).
        &["analyse", "--depth", "1", "--threads", "257"],
        &["analyse-game", "--threads", "257", "nonexistent.pdn"],
        &["hub", "--threads", "257"],
        &["bench", "--threads", "257"],
        &["match", "default,threads=257", "baseline", "--games", "2"],
        &["analyse", "--depth", "1", "--draw-rules", "fide"],
        &["match", "default", "baseline", "--draw-rules", ""],
        &["analyse-game", "--draw-rules", "fmjd", "none.pdn"],
        &["frobnicate"],
        &[],
    ];
    for args in cases {
        assert_bad_input(args);
    }
}

// The draw rules of `--draw-rules` decide whether a game a counter rule has drawn may go on:
// two kings against one, the 7.2.8 count run out after 30-26, so 5-1 is refused under `full`
// and played under `basic` and `repetition`.
#[test]
fn analyse_plays_the_moves_under_the_draw_rules_given() {
    let args = |rules: &'static str| {
        vec![
            "analyse",
            "--fen",
            "W:WK30,K32:BK5:H9",
            "--moves",
            "30-26 5-1",
            "--depth",
            "2",
            "--hash",
            "1",
            "--draw-rules",
            rules,
        ]
    };
    let output = shashki(&args("full"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("the game is over"), "{stderr}");
    assert!(stderr.contains("7.2.8"), "{stderr}");
    for rules in ["basic", "repetition"] {
        let output = shashki(&args(rules));
        assert!(output.status.success(), "{rules}: {output:?}");
        assert!(stdout(&output).contains("bestmove"), "{}", stdout(&output));
    }
    let refused = shashki(&["analyse", "--depth", "1", "--draw-rules", "fide"]);
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("full, basic or repetition"), "{stderr}");
}

/// Asserts that `args` is refused as bad input: exit code 2, a message, no panic.
fn assert_bad_input(args: &[&str]) {
    let output = shashki(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(!stderr.trim().is_empty(), "{args:?}: no message");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

/// Runs `args` with stdout a pipe whose reading end is already closed (`shashki … | head -0`).
fn shashki_into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .stdout(writer)
        .output()
        .expect("the shashki binary runs")
}

#[test]
fn a_closed_stdout_pipe_is_not_a_panic() {
    let cases: &[&[&str]] = &[
        &["show", "W:WKa1:Bb2,f4"],
        &["moves", "W:WKa1:Bb2,f4"],
        &["moves", "W:WKa1:Bb2,f4", "--json"],
        &["perft", "2", "--divide"],
        &["perft", "2", "--json"],
        &[
            "book",
            "probe",
            "--book",
            concat!(env!("CARGO_MANIFEST_DIR"), "/../books/opening.json"),
            "--policy",
            "best",
        ],
        // Commands that print while they work: they end at their first line.
        &["analyse", "--depth", "12", "--hash", "4"],
        &[
            "match", "default", "baseline", "--games", "2", "--depth", "1",
        ],
        &["tune", "--games", "2", "--depth", "1", "--iterations", "1"],
    ];
    for args in cases {
        let output = shashki_into_closed_pipe(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

/// A stderr that cannot be written (a full disk, `/dev/full`) loses the progress messages, not
/// the work: `egtb build` still builds its tables and exits 0.
#[test]
fn an_unwritable_stderr_is_not_a_panic() {
    let dir = scratch_dir("egtb-full-stderr");
    let full = std::fs::File::create("/dev/full").expect("/dev/full");
    let output = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["egtb", "build", "--pieces", "2", "--tablebases"])
        .arg(&dir)
        .stderr(full)
        .output()
        .expect("the shashki binary runs");
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let tables = std::fs::read_dir(&dir).expect("the directory").count();
    assert!(tables > 0, "no table was built");
    let _ = std::fs::remove_dir_all(&dir);
}

fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn analyse_game_refuses_bad_arguments_before_analysing() {
    let dir = scratch_dir("analyse-game-args");
    let game = dir.join("game.pdn");
    std::fs::write(&game, "1. 22-18 11-15 *\n").unwrap();
    let game = game.to_str().unwrap();
    let missing_dir = dir.join("no-such-dir").join("out.pdn");
    let dir_text = dir.to_str().unwrap();
    let cases: &[&[&str]] = &[
        // Would abort the process on allocation.
        &["analyse-game", game, "--hash", "100000000"],
        // Would spawn 100 000 threads or search (practically) forever.
        &["analyse-game", game, "--threads", "100000"],
        &["analyse-game", game, "--depth", "4000000000"],
        // Would analyse everything, then fail to write.
        &[
            "analyse-game",
            game,
            "--depth",
            "1",
            "-o",
            missing_dir.to_str().unwrap(),
        ],
        &["analyse-game", game, "--depth", "1", "-o", dir_text],
    ];
    for args in cases {
        assert_bad_input(args);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// An endless input (`/dev/zero`) is refused after a bounded read, not read until memory runs
/// out.
#[cfg(unix)]
#[test]
fn analyse_game_refuses_an_endless_file() {
    let output = shashki(&["analyse-game", "/dev/zero"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("/dev/zero"), "{stderr}");
}

#[test]
fn errors_say_what_once() {
    for args in [
        &["egtb", "probe", "W:W99:B1"][..],
        &["book", "probe", "nonsense"],
    ] {
        let stderr = String::from_utf8_lossy(&shashki(args).stderr).into_owned();
        assert_eq!(stderr.matches("bad FEN").count(), 1, "{args:?}: {stderr}");
    }
    let dir = std::env::temp_dir().join(format!("shashki-cli-egtb-{}", std::process::id()));
    let output = shashki(&[
        "egtb",
        "build",
        "--pieces",
        "99",
        "--dir",
        &dir.to_string_lossy(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--pieces 99"), "{stderr}");
}

#[test]
fn analyse_answers_from_the_tablebases_and_says_so() {
    let dir = scratch_dir("analyse-tablebases");
    let dir_text = dir.to_string_lossy().into_owned();
    let build = shashki(&["egtb", "build", "--pieces", "3", "--dir", &dir_text]);
    assert!(build.status.success(), "{build:?}");
    // Two white kings against a black man: a win the tables know exactly.
    let fen = "W:WK29,K30:B5";
    let with_tables = shashki(&["analyse", "--fen", fen, "--tablebases", &dir_text]);
    let text = stdout(&with_tables);
    assert!(with_tables.status.success(), "{with_tables:?}");
    assert!(
        text.contains("win in") && text.trim_end().ends_with("(tablebases)"),
        "{text}"
    );
    let json = shashki(&["analyse", "--fen", fen, "--tablebases", &dir_text, "--json"]);
    assert!(
        stdout(&json).contains(r#""source":"tablebases""#),
        "{json:?}"
    );
    let without = stdout(&shashki(&["analyse", "--fen", fen, "--depth", "4"]));
    assert!(!without.contains("(tablebases)"), "{without}");
    let _ = std::fs::remove_dir_all(&dir);
    assert_bad_input(&["analyse", "--tablebases", &dir_text]);
}

#[test]
fn probing_without_tables_says_how_to_build_them() {
    let dir = std::env::temp_dir().join(format!("shashki-cli-no-tables-{}", std::process::id()));
    let dir_text = dir.to_string_lossy().into_owned();
    let args = ["egtb", "probe", "W:WK1,K2:B20", "--dir", &dir_text];
    assert_bad_input(&args);
    let stderr = String::from_utf8_lossy(&shashki(&args).stderr).into_owned();
    assert!(
        stderr.contains("no tablebases") && stderr.contains("shashki egtb build --tablebases"),
        "{stderr}"
    );
}

#[test]
fn one_tablebase_option_and_json_probes() {
    let dir = scratch_dir("consistency");
    let tables = dir.join("tables");
    let tables_text = tables.to_string_lossy().into_owned();
    // `--tablebases` everywhere; `--dir` and `--tb-dir` still work as hidden old names.
    let build = shashki(&[
        "egtb",
        "build",
        "--pieces",
        "3",
        "--tablebases",
        &tables_text,
    ]);
    assert!(build.status.success(), "{build:?}");
    let probe = shashki(&[
        "egtb",
        "probe",
        "W:WK29,K30:B5",
        "--tablebases",
        &tables_text,
        "--json",
    ]);
    assert!(probe.status.success(), "{probe:?}");
    let value: serde_json::Value = serde_json::from_slice(&probe.stdout).expect("JSON");
    assert_eq!(value["wdl"], "win");
    assert!(value["best_move"].is_string(), "{value}");
    assert!(
        value["moves"].as_array().is_some_and(|m| !m.is_empty()),
        "{value}"
    );
    let old_name = shashki(&["egtb", "probe", "W:WK29,K30:B5", "--dir", &tables_text]);
    assert!(old_name.status.success(), "{old_name:?}");
    let help = stdout(&shashki(&["egtb", "probe", "--help"]));
    assert!(
        help.contains("--tablebases <") && !help.contains("--dir <"),
        "{help}"
    );
    let help = stdout(&shashki(&["analyse-game", "--help"]));
    assert!(
        help.contains("--tablebases <") && !help.contains("--tb-dir <"),
        "{help}"
    );

    // `egtb build` into a file: exit code 2 and a message that says so.
    let file = dir.join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let output = shashki(&[
        "egtb",
        "build",
        "--pieces",
        "2",
        "--tablebases",
        &file.to_string_lossy(),
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is a file, not a directory"), "{stderr}");

    // `book probe --json`, in the book and out of it.
    let output = shashki(&["book", "probe", "--json", "--policy", "best"]);
    assert!(output.status.success(), "{output:?}");
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(value["in_book"], true);
    assert!(
        value["moves"].as_array().is_some_and(|m| !m.is_empty()),
        "{value}"
    );
    assert!(value["pick"].is_string(), "{value}");
    // Scores read as the book writes them (hundredths), not as a widened `f32`.
    for m in value["moves"].as_array().into_iter().flatten() {
        let score = m["score"].as_f64().expect("a score");
        assert_eq!(score, (score * 100.0).round() / 100.0, "{m}");
    }
    let output = shashki(&["book", "probe", "W:WK29:BK1", "--json"]);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(value["in_book"], false);

    // `analyse --threads 0` is one thread per core, as for `perft`.
    let output = shashki(&["analyse", "--depth", "3", "--threads", "0", "--json"]);
    assert!(output.status.success(), "{output:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_make_plan_builds_the_same_files_as_one_process() {
    let root = scratch_dir("egtb-make-plan");
    let (by_make, at_once) = (root.join("make"), root.join("once"));
    let text = |p: &std::path::Path| p.to_string_lossy().into_owned();
    let plan = shashki(&[
        "egtb",
        "plan",
        "--pieces",
        "4",
        "--format",
        "make",
        "--tablebases",
        &text(&by_make),
    ]);
    assert!(plan.status.success(), "{plan:?}");
    let makefile = root.join("plan.mk");
    std::fs::write(&makefile, &plan.stdout).unwrap();
    std::fs::create_dir_all(&by_make).unwrap();
    let make = Command::new("make")
        .args(["-j2", "-s", "-f", &text(&makefile)])
        .arg(format!("SHASHKI={}", env!("CARGO_BIN_EXE_shashki")))
        .output()
        .expect("make runs");
    assert!(make.status.success(), "{make:?}");
    let once = shashki(&[
        "egtb",
        "build",
        "--pieces",
        "4",
        "--tablebases",
        &text(&at_once),
    ]);
    assert!(once.status.success(), "{once:?}");
    let names = |dir: &std::path::Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(names(&by_make), names(&at_once));
    assert_eq!(names(&at_once).len(), 41, "{:?}", names(&at_once));
    for name in names(&at_once) {
        assert!(
            std::fs::read(by_make.join(&name)).unwrap()
                == std::fs::read(at_once.join(&name)).unwrap(),
            "{name} differs"
        );
    }
    // The plan as JSON: every slice after its dependencies.
    let json = shashki(&["egtb", "plan", "--pieces", "4", "--format", "json"]);
    let plan: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON plan");
    let slices = plan["slices"].as_array().unwrap();
    for (i, slice) in slices.iter().enumerate() {
        for dependency in slice["depends"].as_array().unwrap() {
            assert!(
                slices[..i].iter().any(|s| s["slice"] == *dependency),
                "{slice} before {dependency}"
            );
        }
    }
    // The status says everything is there, then what a damaged file is.
    let status = shashki(&[
        "egtb",
        "status",
        "--pieces",
        "4",
        "--json",
        "--tablebases",
        &text(&at_once),
    ]);
    let report: serde_json::Value = serde_json::from_slice(&status.stdout).expect("JSON status");
    assert_eq!(report["complete_up_to"], 4, "{report}");
    assert_eq!(report["ready"], 41);
    let victim = at_once.join("KK-KK.shtb");
    let bytes = std::fs::read(&victim).unwrap();
    std::fs::write(&victim, &bytes[..bytes.len() - 1]).unwrap();
    let status = shashki(&[
        "egtb",
        "status",
        "--pieces",
        "4",
        "--tablebases",
        &text(&at_once),
    ]);
    let out = stdout(&status);
    assert!(out.contains("KK-KK: ") && out.contains("partial"), "{out}");
    assert!(out.contains("complete up to 3 pieces"), "{out}");
    // A slice whose dependencies are missing is refused, naming what it needs.
    let empty = root.join("empty");
    assert_bad_input(&[
        "egtb",
        "build",
        "--slice",
        "KK-K",
        "--tablebases",
        &text(&empty),
    ]);
    assert_bad_input(&[
        "egtb",
        "build",
        "--slice",
        "KX-K",
        "--tablebases",
        &text(&empty),
    ]);
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_match_against_a_hub_engine_in_another_process() {
    let dir = scratch_dir("hub-match");
    let openings = dir.join("openings.json");
    std::fs::write(
        &openings,
        r#"{"a": "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            "b": "W:WK29,22:BK4,9"}"#,
    )
    .expect("openings written");
    let openings = openings.to_str().expect("UTF-8 path");
    // `--tablebase-pieces 0`: the engine must not build tables in the user's cache during a test.
    let hub = format!(
        "hub:{} hub --tablebase-pieces 0",
        env!("CARGO_BIN_EXE_shashki")
    );
    let output = shashki(&[
        "match",
        "default",
        &hub,
        "--depth",
        "3",
        "--openings",
        openings,
        "--concurrency",
        "1",
    ]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains(": 4 games (Depth(3))"), "{text}");
    assert!(
        text.contains("time per move, default: with a choice "),
        "{text}"
    );
    assert!(text.contains(&format!("time per move, {hub}: ")), "{text}");
    // One game per opening, the first player on the side to move.
    let output = shashki(&[
        "match",
        &hub,
        "baseline",
        "--depth",
        "2",
        "--openings",
        openings,
        "--first-to-move",
    ]);
    assert!(stdout(&output).contains(": 2 games"), "{}", stdout(&output));
    // A program that cannot be started is bad input.
    for bad in ["hub:/nonexistent/engine hub", "hub: "] {
        assert_bad_input(&[
            "match",
            bad,
            "baseline",
            "--depth",
            "2",
            "--openings",
            openings,
        ]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tune --network` fits a network on search labels and writes it next to the weights file,
/// which names it; `bench --eval` reads both back. Without search labels it refuses.
#[test]
fn tune_network_writes_a_network_the_engine_reads() {
    let dir = scratch_dir("tune-network");
    let out = dir.join("n.json");
    let out_text = out.to_str().unwrap();
    let output = shashki(&[
        "tune",
        "--games",
        "4",
        "--depth",
        "2",
        "--label-depth",
        "3",
        "--network",
        "--epochs",
        "2",
        "--out",
        out_text,
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        stdout(&output).contains("epoch 1: error "),
        "{}",
        stdout(&output)
    );
    let weights: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(weights["network"], "n.shnn");
    assert_eq!(weights["patterns"], "builtin");
    let network = std::fs::read(dir.join("n.shnn")).unwrap();
    assert_eq!(&network[..4], b"SHNN");
    let output = shashki(&["bench", "--depth", "3", "--eval", out_text]);
    assert!(output.status.success(), "{output:?}");
    assert!(stdout(&output).contains("total nodes "));

    let output = shashki(&[
        "tune",
        "--games",
        "2",
        "--depth",
        "1",
        "--network",
        "--out",
        out_text,
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("--network needs labels from searches"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tune --nodes` writes self-play positions as `FEN;result;score` lines with progress on
/// standard error; a network fit reads them back, its K fitted on the results, from the
/// built-in network; a damaged line is refused with its file and line.
#[test]
fn tune_nodes_writes_self_play_data_that_a_network_fit_reads() {
    let dir = scratch_dir("tune-nodes");
    let data = dir.join("sp.txt");
    let data_text = data.to_str().unwrap();
    let output = shashki(&[
        "tune",
        "--nodes",
        "300",
        "--games",
        "4",
        "--random-plies",
        "2",
        "--seed",
        "3",
        "--save-data",
        data_text,
    ]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("4 of 4 games"), "{stderr}");
    let text = std::fs::read_to_string(&data).unwrap();
    assert!(text.starts_with("# self-play: --nodes 300"), "{text}");
    assert!(
        text.contains("\n# game 0\n") && text.contains("\n# game 3\n"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(lines.len() > 20, "{text}");
    for line in &lines {
        let fields: Vec<&str> = line.split(';').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(["0", "0.5", "1"].contains(&fields[1]), "{line}");
        assert!(fields[2].parse::<i32>().is_ok(), "{line}");
    }
    let out = dir.join("n.json");
    let output = shashki(&[
        "tune",
        "--data",
        data_text,
        "--network",
        "--warm-start",
        "--epochs",
        "1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let printed = stdout(&output);
    assert!(
        printed.contains("fitted on the games' results"),
        "{printed}"
    );
    assert!(
        printed.contains("going on from the start's network"),
        "{printed}"
    );
    assert!(dir.join("n.shnn").exists());

    std::fs::write(&data, format!("{}\nW:W21:B1;1;many\n", lines[0])).unwrap();
    let output = shashki(&["tune", "--data", data_text, "--network", "--out", "x.json"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("sp.txt:2: score \"many\" is not a whole number"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
