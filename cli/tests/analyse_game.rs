//! Runs `shashki analyse-game` on a small PDN file and checks the annotated file it writes, that a
//! broken game is named (game and move) while the others are analysed (exit code 1), and that a
//! file without a readable game is refused with exit code 2.

use std::path::PathBuf;
use std::process::Command;

use shashki::pdn::read_games;

const GAMES: &str = r#"[Event "Club match"]
[White "Alpha"]
[Black "Beta"]
[Result "0-2"]
[GameType "25"]

1. 22-18 11-15 2. 18x11 8x15 3. 23-18 15x22 4. 26x17 12-16 5. 27-23 7-11
6. 32-27 3-8 7. 23-19? 16x32 0-2

[Event "Club match"]
[White "Beta"]
[Black "Alpha"]
[Result "*"]
[FEN "W:WK29,K32:BK5"]

1. 29-25 5-1 *
"#;

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn annotates_every_move_and_summarises() {
    let dir = scratch_dir("analyse-game");
    let input = dir.join("club.pdn");
    let output = dir.join("club-annotated.pdn");
    std::fs::write(&input, GAMES).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .arg("analyse-game")
        .arg(&input)
        .args(["--depth", "4", "--hash", "4", "--output"])
        .arg(&output)
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.contains("Game 1") && stdout.contains("Game 2"),
        "{stdout}"
    );
    assert!(
        stdout.contains("White: 7 moves") && stdout.contains("Black: 7 moves"),
        "{stdout}"
    );

    let text = std::fs::read_to_string(&output).unwrap();
    let original = read_games(GAMES).unwrap();
    let annotated = read_games(&text).unwrap();
    assert_eq!(annotated.len(), 2);
    for (before, after) in original.iter().zip(&annotated) {
        assert_eq!(before.game.moves(), after.game.moves());
        assert_eq!(before.result, after.result);
        assert!(
            after
                .tag("Annotator")
                .is_some_and(|a| a.contains("depth 4"))
        );
        for (ply, annotation) in after.annotations.iter().enumerate() {
            let comment = annotation.comment.as_deref().unwrap_or("");
            assert!(
                comment.starts_with(['+', '-'])
                    || comment.starts_with("win")
                    || comment.starts_with("loss"),
                "ply {ply}: {comment:?}\n{text}"
            );
        }
    }
    // No temporary file is left behind.
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn broken_games_are_named_and_the_others_analysed() {
    let dir = scratch_dir("analyse-game-bad");
    let input = dir.join("bad.pdn");
    std::fs::write(&input, GAMES.replace("16x32", "16x23")).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .arg("analyse-game")
        .arg(&input)
        .args(["--depth", "2"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    // Game 1 is broken: named with its move; game 2 is analysed and written; exit code 1.
    assert_eq!(run.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("game 1") && stderr.contains("move 7... `16x23`"),
        "{stderr}"
    );
    let written = std::fs::read_to_string(dir.join("bad.annotated.pdn")).expect("written");
    let games = read_games(&written).expect("readable");
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].tag("White"), Some("Beta"));

    // A file without a readable game is refused (exit code 2) and nothing is written.
    let only_bad = dir.join("only-bad.pdn");
    let first_game = GAMES.split("\n\n[Event").next().unwrap_or(GAMES);
    std::fs::write(&only_bad, first_game.replace("16x32", "16x23")).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .arg("analyse-game")
        .arg(&only_bad)
        .args(["--depth", "2"])
        .output()
        .expect("the binary runs");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("move 7... `16x23`"), "{stderr}");
    assert!(!dir.join("only-bad.annotated.pdn").exists());
    let missing = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .arg("analyse-game")
        .arg(dir.join("missing.pdn"))
        .output()
        .expect("the binary runs");
    assert_eq!(missing.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tablebases_are_used_when_given() {
    let dir = scratch_dir("analyse-game-tb");
    let tables = dir.join("tb");
    let build = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["egtb", "build", "--pieces", "3", "--dir"])
        .arg(&tables)
        .output()
        .expect("the binary runs");
    assert!(
        build.status.success(),
        "{}",
        String::from_utf8_lossy(&build.stderr)
    );
    let input = dir.join("ending.pdn");
    // Two men against one: a tablebase win in 7 plies, beyond a depth-1 search.
    std::fs::write(&input, "[FEN \"W:W29,30:B4\"]\n1. c1-d2 *\n").unwrap();
    let analyse = |with_tables: bool| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shashki"));
        command
            .arg("analyse-game")
            .arg(&input)
            .args(["--depth", "1", "--output", "-"]);
        if with_tables {
            command.arg("--tb-dir").arg(&tables);
        }
        let run = command.output().expect("the binary runs");
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let annotated = read_games(&String::from_utf8_lossy(&run.stdout)).unwrap();
        annotated[0].annotations[0]
            .comment
            .clone()
            .unwrap_or_default()
    };
    assert!(analyse(true).starts_with("win in 3"), "{}", analyse(true));
    assert!(analyse(false).starts_with('+'), "{}", analyse(false));
    let missing = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .arg("analyse-game")
        .arg(&input)
        .args(["--tb-dir"])
        .arg(dir.join("no-tables-here"))
        .output()
        .expect("the binary runs");
    assert_eq!(missing.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
