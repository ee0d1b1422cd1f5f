//! What the command-line tests share: `shashki hub` run as a subprocess and spoken to line by
//! line. (Each test file compiles this module on its own and uses a part of it.)
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

use shashki::hub::Line;

/// How long any single answer may take before the test fails.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(20);

/// The lines of `reader`, read on a thread of their own until it ends (or the receiver is
/// dropped), so that a test can wait for one with a timeout.
pub fn read_lines(reader: impl Read + Send + 'static) -> Receiver<String> {
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(reader).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// `shashki hub` as a subprocess.
pub struct HubEngine {
    /// The running program.
    pub child: Child,
    /// Its input.
    pub stdin: ChildStdin,
    /// Its output lines, read on a thread of their own.
    pub lines: Receiver<String>,
}

impl HubEngine {
    /// The engine without tablebases: a directory that does not exist, and no background build
    /// (tests must not build into the user's cache directory).
    pub fn start() -> HubEngine {
        let nowhere = std::env::temp_dir().join("shashki-hub-test-no-tablebases");
        HubEngine::start_with(&["--tablebase-pieces", "0"], &nowhere, Stdio::inherit())
    }

    pub fn start_with(args: &[&str], tablebases: &std::path::Path, stderr: Stdio) -> HubEngine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_shashki"))
            .args(["hub", "--hash", "4"])
            .args(args)
            .env("SHASHKI_TABLEBASES", tablebases)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the shashki binary starts");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let lines = read_lines(stdout);
        HubEngine {
            child,
            stdin,
            lines,
        }
    }

    pub fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads its input");
        self.stdin.flush().expect("the engine reads its input");
    }

    pub fn next(&self) -> String {
        self.lines
            .recv_timeout(ANSWER_TIMEOUT)
            .expect("the engine answers in time")
    }

    /// Reads lines until one starting with `command`; returns it and the lines before it.
    pub fn until(&self, command: &str) -> (Line, Vec<String>) {
        let mut before = Vec::new();
        loop {
            let text = self.next();
            let line = Line::parse(&text).expect("the engine writes well-formed lines");
            if line.command == command {
                return (line, before);
            }
            before.push(text);
        }
    }

    /// Reads lines until one starting with `command` and checks that an `error` line naming
    /// `subject` came before it.
    pub fn error_before(&self, command: &str, subject: &str) {
        let (_, before) = self.until(command);
        assert!(
            before
                .iter()
                .any(|l| l.starts_with("error message=") && l.contains(subject)),
            "no error about {subject} before {command}: {before:?}"
        );
    }
}
