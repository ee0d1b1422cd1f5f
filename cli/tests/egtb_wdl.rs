//! `shashki egtb wdl` and `egtb check-wdl` as users run them: WDL tables derived from full
//! tables agree with them, and a damaged WDL file is refused by the check.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn shashki(args: &[&str], dirs: &[&Path]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .args(dirs)
        .output()
        .expect("shashki runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-wdl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn derived_wdl_tables_agree_with_the_full_ones_and_damage_is_refused() {
    let full = scratch("full");
    let wdl = scratch("wdl");
    assert!(
        shashki(
            &["egtb", "build", "--pieces", "3", "--tablebases"],
            &[&full]
        )
        .status
        .success()
    );
    let derive = Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(["egtb", "wdl", "--tablebases"])
        .arg(&full)
        .arg("--out")
        .arg(&wdl)
        .output()
        .expect("runs");
    assert!(
        derive.status.success(),
        "{}",
        String::from_utf8_lossy(&derive.stderr)
    );
    let report = String::from_utf8_lossy(&derive.stdout);
    assert!(report.contains("16 WDL tables"), "{report}");
    let check = |wdl: &Path| {
        Command::new(env!("CARGO_BIN_EXE_shashki"))
            .args(["egtb", "check-wdl", "--tablebases"])
            .arg(&full)
            .arg("--wdl")
            .arg(wdl)
            .output()
            .expect("runs")
    };
    let good = check(&wdl);
    let text = String::from_utf8_lossy(&good.stdout);
    assert!(good.status.success(), "{text}");
    assert!(
        text.contains("3 pieces, every position:") && text.contains("agree"),
        "{text}"
    );
    // `--only`: the largest piece count alone, not the smaller ones.
    let only = shashki(
        &[
            "egtb",
            "check-wdl",
            "--pieces",
            "3",
            "--only",
            "--random",
            "500",
            "--wdl",
        ],
        &[&wdl, Path::new("--tablebases"), &full],
    );
    let text = String::from_utf8_lossy(&only.stdout);
    assert!(only.status.success(), "{text}");
    assert!(
        text.contains("3 pieces, 500 random slots:") && !text.contains("2 pieces"),
        "{text}"
    );
    // A damaged header: the check refuses the set with the file's name (exit code 2).
    let file = wdl.join("KK-K.shwdl");
    let mut bytes = std::fs::read(&file).expect("KK-K.shwdl");
    bytes[13] ^= 1;
    std::fs::write(&file, bytes).expect("writes");
    let bad = check(&wdl);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("KK-K.shwdl"));
    let _ = std::fs::remove_dir_all(&full);
    let _ = std::fs::remove_dir_all(&wdl);
}
