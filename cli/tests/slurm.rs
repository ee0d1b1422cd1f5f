//! The Slurm faces of the program, without a cluster: `egtb plan --format slurm` scripts run
//! against stand-in `sbatch` and `squeue` commands that record what they are asked, and a match
//! split into tasks merged back. (`.ci/slurm-check.sh` runs the same on a real single-node
//! cluster.)
#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn shashki(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_shashki"))
        .args(args)
        .output()
        .expect("the shashki binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("shashki-slurm-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Stand-ins in `dir/bin`: `sbatch` appends its arguments (one line, tab-separated) to
/// `dir/sbatch.log` and prints the next job id from 100 on; `squeue` prints `dir/queue` (lines
/// `ID COMMENT`) for the job name asked, as `squeue --name=N --format='%i %k'` would.
fn fake_slurm(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let sbatch = format!(
        r#"#!/usr/bin/env bash
n=$(cat {d}/next 2>/dev/null || echo 100)
echo $((n + 1)) > {d}/next
(IFS=$'\t'; echo "$*") >> {d}/sbatch.log
echo "$n"
"#,
        d = dir.display()
    );
    let squeue = format!(
        r#"#!/usr/bin/env bash
for a in "$@"; do case $a in --name=*) name=${{a#--name=}};; esac; done
[[ -f {d}/queue ]] && grep "^$name " {d}/queue | cut -d' ' -f2- || true
"#,
        d = dir.display()
    );
    for (name, body) in [("sbatch", sbatch), ("squeue", squeue)] {
        let path = bin.join(name);
        std::fs::write(&path, body).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    bin
}

/// One submission the stand-in `sbatch` recorded: the slice, its job id and the ids it waits for.
#[derive(Debug)]
struct Submitted {
    slice: String,
    id: u32,
    after: Vec<u32>,
}

fn submissions(dir: &Path) -> Vec<Submitted> {
    let log = std::fs::read_to_string(dir.join("sbatch.log")).unwrap_or_default();
    log.lines()
        .enumerate()
        .map(|(i, line)| {
            let args: Vec<&str> = line.split('\t').collect();
            let value = |prefix: &str| {
                args.iter()
                    .find_map(|a| a.strip_prefix(prefix))
                    .map(str::to_string)
            };
            Submitted {
                slice: value("--job-name=shashki-egtb-").expect("a job name"),
                id: 100 + u32::try_from(i).unwrap(),
                after: value("--dependency=afterok:")
                    .map(|ids| ids.split(':').map(|id| id.parse().unwrap()).collect())
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// Forgets what the stand-in `sbatch` recorded: ids start from 100 again.
fn reset(dir: &Path) {
    for name in ["sbatch.log", "next"] {
        let _ = std::fs::remove_file(dir.join(name));
    }
}

fn run_script(script: &Path, bin: &Path, extra: &[&str]) -> Output {
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("bash")
        .arg(script)
        .args(extra)
        .env("PATH", path)
        .current_dir("/")
        .output()
        .expect("bash runs")
}

/// The slices of a JSON plan with their dependencies.
fn plan(pieces: &str, only: &[&str]) -> Vec<(String, u64, Vec<String>)> {
    let mut args = vec!["egtb", "plan", "--pieces", pieces, "--format", "json"];
    let only = only.join(",");
    if !only.is_empty() {
        args.extend(["--only", &only]);
    }
    let output = shashki(&args);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    value["slices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["slice"].as_str().unwrap().to_string(),
                s["pieces"].as_u64().unwrap(),
                s["depends"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| d.as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect()
}

#[test]
fn the_slurm_plan_submits_what_is_missing_after_what_it_needs() {
    let dir = scratch_dir("plan");
    let tables = dir.join("tables");
    let tables_text = tables.to_str().unwrap();
    let bin = fake_slurm(&dir);
    // The 2- and 3-piece slices are complete; the 4-piece ones are to build.
    let built = shashki(&[
        "egtb",
        "build",
        "--pieces",
        "3",
        "--tablebases",
        tables_text,
    ]);
    assert!(built.status.success(), "{}", text(&built.stderr));
    let status = shashki(&[
        "egtb",
        "status",
        "--pieces",
        "4",
        "--slices",
        "--tablebases",
        tables_text,
    ]);
    let status = text(&status.stdout);
    assert!(status.lines().any(|l| l == "K-KM ready"), "{status}");
    assert!(status.lines().any(|l| l == "KK-KK missing"), "{status}");
    let output = shashki(&[
        "egtb",
        "plan",
        "--pieces",
        "4",
        "--format",
        "slurm",
        "--tablebases",
        tables_text,
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let script = dir.join("plan.sh");
    std::fs::write(&script, &output.stdout).unwrap();
    // The program's own absolute path is in the script: the jobs start anywhere.
    assert!(text(&output.stdout).contains(&format!(
        "SHASHKI=${{SHASHKI:-{}}}",
        env!("CARGO_BIN_EXE_shashki")
    )));
    let run = run_script(&script, &bin, &["--partition=big"]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let jobs = submissions(&dir);
    let plan = plan("4", &[]);
    let four: Vec<_> = plan.iter().filter(|(_, pieces, _)| *pieces == 4).collect();
    assert_eq!(
        jobs.iter().map(|j| j.slice.as_str()).collect::<Vec<_>>(),
        four.iter().map(|(s, _, _)| s.as_str()).collect::<Vec<_>>(),
        "one job per missing slice, in build order"
    );
    let id_of = |slice: &str| jobs.iter().find(|j| j.slice == slice).map(|j| j.id);
    for (job, (_, _, depends)) in jobs.iter().zip(&four) {
        // It waits for exactly its dependencies that are being built (the others are complete).
        let expected: Vec<u32> = depends.iter().filter_map(|d| id_of(d)).collect();
        assert_eq!(job.after, expected, "{job:?}");
    }
    assert!(jobs.iter().any(|j| !j.after.is_empty()));
    let log = std::fs::read_to_string(dir.join("sbatch.log")).unwrap();
    let first = log.lines().next().unwrap();
    for word in [
        format!("--output={tables_text}/logs/"),
        format!("--comment={tables_text}"),
        "--partition=big".to_string(),
        "--mem=".to_string(),
        "--time=".to_string(),
        format!(
            " egtb build --slice {} --tablebases {tables_text}",
            four[0].0
        ),
    ] {
        assert!(first.contains(&word), "{word} in {first}");
    }
    assert!(tables.join("logs").is_dir());
    assert!(text(&run.stdout).contains(&format!(
        "submitted {} jobs; {} slices complete, 0 already queued",
        four.len(),
        plan.len() - four.len()
    )));

    // Run again after a failure: a slice still queued is reused (its dependents wait for it), and
    // one of another directory is not.
    reset(&dir);
    let queued = &four[0].0;
    std::fs::write(
        dir.join("queue"),
        format!(
            "shashki-egtb-{queued} 77 {tables_text}\nshashki-egtb-{} 78 /elsewhere\n",
            four[1].0
        ),
    )
    .unwrap();
    let run = run_script(&script, &bin, &[]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    let jobs = submissions(&dir);
    assert!(!jobs.iter().any(|j| &j.slice == queued));
    assert_eq!(jobs.len(), four.len() - 1);
    for (job, (_, _, depends)) in jobs.iter().zip(&four[1..]) {
        assert_eq!(depends.contains(queued), job.after.contains(&77), "{job:?}");
    }
    assert!(text(&run.stdout).contains(&format!("{queued}: already queued or running as job 77")));

    // Once everything is built, nothing is submitted.
    let built = shashki(&[
        "egtb",
        "build",
        "--pieces",
        "4",
        "--tablebases",
        tables_text,
    ]);
    assert!(built.status.success());
    reset(&dir);
    let run = run_script(&script, &bin, &[]);
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(submissions(&dir).is_empty());
    assert!(
        text(&run.stdout).contains(&format!("submitted 0 jobs; {} slices complete", plan.len()))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_plan_for_some_slices_holds_what_they_need_and_refuses_too_many_pieces() {
    let only = plan("4", &["KK-KM"]);
    let names: Vec<&str> = only.iter().map(|(s, _, _)| s.as_str()).collect();
    let all = plan("4", &[]);
    // Every dependency of a planned slice is planned, and the order is the full plan's.
    for (slice, _, depends) in &only {
        for dependency in depends {
            assert!(
                names.contains(&dependency.as_str()),
                "{slice} needs {dependency}"
            );
        }
    }
    let order: Vec<&str> = all
        .iter()
        .map(|(s, _, _)| s.as_str())
        .filter(|s| names.contains(s))
        .collect();
    assert_eq!(names, order);
    assert!(names.contains(&"KK-KM") && names.len() < all.len());
    let output = shashki(&["egtb", "plan", "--pieces", "4", "--only", "KKK-KKK"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--only KKK-KKK: 6 pieces, more than --pieces 4"));
}

#[test]
fn a_match_split_in_tasks_merges_into_the_single_runs_report() {
    let dir = scratch_dir("match");
    let run = |extra: &[&str]| {
        let mut args = vec![
            "match",
            "baseline",
            "default",
            "--depth",
            "1",
            "--games",
            "6",
            "--max-plies",
            "40",
            "--concurrency",
            "1",
        ];
        args.extend(extra);
        let output = shashki(&args);
        assert!(output.status.success(), "{}", text(&output.stderr));
        text(&output.stdout)
    };
    let file = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let single = run(&["--result", &file("whole.json"), "--pdn", &file("whole.pdn")]);
    for task in ["0/2", "1/2"] {
        let name = format!("task-{}.json", &task[..1]);
        run(&["--task", task, "--result", &file(&name)]);
    }
    let merged = shashki(&["match", "merge", &file("task-1.json"), &file("task-0.json")]);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    // Everything but the move times (wall clock) reads the same.
    let results = |report: &str| {
        report
            .lines()
            .filter(|l| !l.starts_with("time per move"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(results(&text(&merged.stdout)), results(&single));
    assert!(
        single.contains("baseline vs default: 6 games (Depth(1))"),
        "{single}"
    );
    assert!(
        single.contains("per opening pair: 3 pairs, Elo "),
        "{single}"
    );
    let pdn = std::fs::read_to_string(dir.join("whole.pdn")).unwrap();
    assert_eq!(pdn.matches("[Event ").count(), 6);
    // A task missing, a file that is not a result, a file missing: located errors, exit code 2.
    std::fs::write(
        dir.join("bad.json"),
        "{\"format\": \"shashki match result\", \"version\": 1}",
    )
    .unwrap();
    for (files, message) in [
        (
            vec![file("task-0.json")],
            "the results of task 1 of 2 are missing".to_string(),
        ),
        (
            vec![file("task-0.json"), file("bad.json")],
            format!("{}: missing field `setup` at line 1", file("bad.json")),
        ),
        (
            vec![file("none.json")],
            format!("{}: cannot read", file("none.json")),
        ),
        (
            vec![file("task-0.json"), file("task-0.json")],
            format!("{}: task 0 of 2 again", file("task-0.json")),
        ),
    ] {
        let mut args = vec!["match", "merge"];
        args.extend(files.iter().map(String::as_str));
        let output = shashki(&args);
        assert_eq!(output.status.code(), Some(2), "{files:?}");
        let stderr = text(&output.stderr);
        assert!(stderr.contains(&message), "{message} in {stderr}");
        assert!(!stderr.contains("panicked"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
