//! `shashki analyse` is objective: the engine's contempt (`--set contempt=…`) steers only a
//! search `--play`ed as the engine plays. White to move with the 7.2.5 count at 29 plies: every
//! king move draws at once, the best man move is about −0.3 for White.

use std::process::Command;

const FEN: &str = "W:WK25,10,15,23:BK24,12,16,17:H29";

/// The last line of `shashki analyse` on [`FEN`] with a contempt of 0.50 and `extra`.
fn analyse(extra: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["analyse", "--fen", FEN, "--depth", "8", "--hash", "4"])
        .args(["--set", "contempt=50"])
        .args(extra)
        .output()
        .expect("the shashki binary runs");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.lines().last().unwrap_or_default().to_string()
}

#[test]
fn the_analysis_takes_the_draw_the_playing_engine_refuses() {
    // Objective: the draw (0.00) is the best White has; a king move completes the count.
    let objective = analyse(&[]);
    assert!(objective.starts_with("bestmove b2-"), "{objective}");
    assert!(objective.ends_with("score +0.00"), "{objective}");
    // As the engine plays, the draw is worth −0.50 to it: it plays a man move instead.
    let playing = analyse(&["--play"]);
    assert!(!playing.starts_with("bestmove b2-"), "{playing}");
    assert!(playing.contains("score -0."), "{playing}");
}
