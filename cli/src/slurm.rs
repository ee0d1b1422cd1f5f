//! Slurm, the batch scheduler of most compute clusters: the pieces of an `sbatch` submission that
//! `egtb plan --format slurm` (a script of one job per slice) and `match --slurm` (an array of
//! match tasks) share.
//!
//! A job is described by a [`Job`] (name, resources, log file, dependencies, array range and the
//! command it runs) and turned into an `sbatch` argument list by [`Job::args`]; the command runs
//! through `--wrap`, so it must name the program and every file by an absolute path (a job does
//! not start in the directory it was submitted from). [`quote`] makes any text one shell word.
//! [`submit`] runs `sbatch --parsable` and returns the job id. Nothing here starts or needs a
//! cluster: the scripts and arguments are plain text until `sbatch` reads them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cli_error::CliError;

/// One `sbatch` submission.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Job {
    /// The job name (`--job-name`), what `squeue -n` finds it by.
    pub name: String,
    /// Memory to reserve, in MiB (`--mem`).
    pub mem_mib: u64,
    /// The time limit in minutes (`--time`).
    pub minutes: u64,
    /// Cores per task (`--cpus-per-task`).
    pub cpus: u32,
    /// The log file (`--output`, stdout and stderr): `%j` is the job id, `%A` an array's job id
    /// and `%a` the task's index.
    pub log: PathBuf,
    /// An array of this many tasks, indices 0 to n − 1 (`--array`), if any.
    pub array: Option<u32>,
    /// Job ids this job runs after, once all of them succeeded (`--dependency=afterok:…`).
    pub after: Vec<String>,
    /// The shell command the job runs (`--wrap`).
    pub command: String,
}

impl Job {
    /// The `sbatch` arguments for this job, without the program name. A dependency that fails
    /// cancels the job (`--kill-on-invalid-dep=yes`) instead of leaving it queued forever.
    #[must_use]
    pub fn args(&self) -> Vec<String> {
        let mut args = vec![
            "--parsable".to_string(),
            format!("--job-name={}", self.name),
            format!("--mem={}M", self.mem_mib.max(1)),
            format!("--time={}", self.minutes.max(1)),
            format!("--cpus-per-task={}", self.cpus.max(1)),
            format!("--output={}", self.log.display()),
        ];
        if let Some(tasks) = self.array {
            args.push(format!("--array=0-{}", tasks.max(1) - 1));
        }
        if !self.after.is_empty() {
            args.push(format!("--dependency=afterok:{}", self.after.join(":")));
            args.push("--kill-on-invalid-dep=yes".to_string());
        }
        args.push(format!("--wrap={}", self.command));
        args
    }
}

/// `text` as one word for a POSIX shell: unchanged when it holds only characters no shell treats
/// specially, else in single quotes (a single quote inside becomes `'\''`).
#[must_use]
pub fn quote(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

/// A command line of shell words, each quoted.
#[must_use]
pub fn command_line<S: AsRef<str>>(words: &[S]) -> String {
    let mut out = String::new();
    for (i, word) in words.iter().enumerate() {
        let _ = write!(
            out,
            "{}{}",
            if i == 0 { "" } else { " " },
            quote(word.as_ref())
        );
    }
    out
}

/// The absolute path of this program, for job commands (a job may start anywhere).
///
/// # Errors
/// The operating system cannot say where the running program is.
pub fn this_program() -> Result<PathBuf, CliError> {
    std::env::current_exe()
        .map_err(|e| CliError::failure(format!("cannot find this program's own path: {e}")))
}

/// `path` made absolute against the current directory (without touching the file system).
///
/// # Errors
/// The current directory cannot be read.
pub fn absolute(path: &Path) -> Result<PathBuf, CliError> {
    std::path::absolute(path).map_err(|e| CliError::failure(format!("{}: {e}", path.display())))
}

/// Submits `job` with `sbatch` and returns its id.
///
/// # Errors
/// `sbatch` cannot be started (no Slurm here), refuses the job (its message is returned) or
/// prints no job id.
pub fn submit(job: &Job) -> Result<String, CliError> {
    let output = Command::new("sbatch")
        .args(job.args())
        .output()
        .map_err(|e| {
            CliError::failure(format!(
                "cannot run sbatch (is Slurm installed and on PATH?): {e}"
            ))
        })?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        return Err(CliError::failure(format!(
            "sbatch refused job {}: {}{}",
            job.name,
            String::from_utf8_lossy(&output.stderr).trim(),
            stdout.trim()
        )));
    }
    // `--parsable` prints `id` or `id;cluster`.
    let id = stdout.trim().split(';').next().unwrap_or_default();
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
        return Err(CliError::failure(format!(
            "sbatch gave no job id for {}: {:?}",
            job.name,
            stdout.trim()
        )));
    }
    Ok(id.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_quoted_only_when_needed() {
        assert_eq!(
            quote("/opt/shashki/bin/shashki"),
            "/opt/shashki/bin/shashki"
        );
        assert_eq!(quote("--movetime=10"), "--movetime=10");
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote(""), "''");
        assert_eq!(quote("it's"), r"'it'\''s'");
        assert_eq!(quote("$HOME"), "'$HOME'");
        assert_eq!(
            command_line(&["shashki", "match", "hub:/x y"]),
            "shashki match 'hub:/x y'"
        );
    }

    #[test]
    fn a_job_becomes_sbatch_arguments() {
        let job = Job {
            name: "shashki-egtb-KK-K".into(),
            mem_mib: 100,
            minutes: 10,
            cpus: 1,
            log: PathBuf::from("/tb/logs/KK-K.%j.log"),
            array: None,
            after: vec!["12".into(), "13".into()],
            command: "/bin/shashki egtb build --slice KK-K".into(),
        };
        assert_eq!(
            job.args(),
            [
                "--parsable",
                "--job-name=shashki-egtb-KK-K",
                "--mem=100M",
                "--time=10",
                "--cpus-per-task=1",
                "--output=/tb/logs/KK-K.%j.log",
                "--dependency=afterok:12:13",
                "--kill-on-invalid-dep=yes",
                "--wrap=/bin/shashki egtb build --slice KK-K",
            ]
        );
        let array = Job {
            array: Some(4),
            after: Vec::new(),
            ..job
        };
        assert!(array.args().contains(&"--array=0-3".to_string()));
        assert!(!array.args().iter().any(|a| a.starts_with("--dependency")));
    }
}
