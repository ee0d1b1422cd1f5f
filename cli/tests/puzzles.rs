//! `shashki puzzles build` and `verify` end to end: a PDN game that reaches a shot gives one
//! puzzle, which a deeper search confirms; a game without a combination gives none; a corrupt
//! set is refused with its place (exit code 2).

use std::process::Command;

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("shashki-cli-puzzles-{}-{name}", std::process::id()))
}

#[test]
fn a_game_with_a_shot_gives_a_puzzle_that_verifies() {
    let games = temp("games.pdn");
    // Black to move gives g5; h4 takes three. The second game is a quiet opening.
    std::fs::write(
        &games,
        "[FEN \"B:W14,15,23,28:B5,13,16,20\"]\n1... g5-f4 2. e3:g5 h4:f6:d4:b6 *\n\n\
         [Event \"quiet\"]\n1. c3-d4 f6-g5 2. b2-c3 g7-f6 *\n",
    )
    .unwrap();
    let set = temp("set.json");
    let build = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args([
            "puzzles",
            "build",
            "--skip-plies",
            "0",
            "--depth",
            "8",
            "--games",
        ])
        .arg(&games)
        .arg("--out")
        .arg(&set)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&build.stdout);
    assert!(
        build.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&build.stderr)
    );
    assert!(stdout.starts_with("1 puzzles from 2 games"), "{stdout}");
    let text = std::fs::read_to_string(&set).unwrap();
    assert!(text.contains(r#""solution":["g5-f4","#), "{text}");
    assert!(text.contains(r#""theme":"shot""#), "{text}");

    let verify = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["puzzles", "verify", "--depth", "12"])
        .arg(&set)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&verify.stdout);
    assert!(verify.status.success(), "{stdout}");
    assert!(
        stdout.contains("1 of 1 puzzles confirmed at depth 12"),
        "{stdout}"
    );

    // Written out, the set says how it was checked.
    let checked = temp("checked.json");
    let verify_out = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["puzzles", "verify", "--depth", "10", "--out"])
        .arg(&checked)
        .arg(&set)
        .output()
        .unwrap();
    assert!(verify_out.status.success());
    let checked_text = std::fs::read_to_string(&checked).unwrap();
    for recorded in [
        r#""verified_depth":10"#,
        r#""verified_of":1"#,
        r#""verified_with_tablebases":false"#,
    ] {
        assert!(checked_text.contains(recorded), "{checked_text}");
    }
    std::fs::remove_file(checked).ok();

    // A corrupt set: refused with the file, line, column and puzzle.
    std::fs::write(&set, text.replace("g5-f4", "g5-h6")).unwrap();
    let corrupt = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["puzzles", "verify"])
        .arg(&set)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&corrupt.stderr);
    assert_eq!(corrupt.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("set.json:7:5: puzzle 1: solution[0] \"g5-h6\""),
        "{stderr}"
    );
    std::fs::remove_file(games).ok();
    std::fs::remove_file(set).ok();
}
