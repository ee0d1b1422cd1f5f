//! An engine in another process, played through Scan's Hub protocol: the `hub:PROGRAM [ARGS…]`
//! player of `shashki match`, so that today's engine can meet a kept binary of an earlier one
//! (`hub:/path/to/shashki hub`) or any Hub engine (`hub:scan hub`).
//!
//! Data flow: [`HubPlayer::start`] spawns the program, reads its `id`/`param` lines up to `wait`,
//! sets `hash` (and `book=false`, so that both players leave the opening to the match's ballots,
//! and the match's `draw-rules` when the engine lists that parameter) and waits for `ready` after
//! `init`. For each move [`HubPlayer`] sends the game from its start position (`pos pos=…
//! moves="…"`, so that the engine sees the repetitions and counters), the level (the library's
//! [`Level`], written from the match's limit) and `go think`, and reads lines until
//! `done move=…`, whose move must be legal. A program that dies, answers nonsense or an illegal
//! move loses the game (the match runner's rule for a missing move); the reason goes to stderr.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, PoisonError};

use shashki::hub::{DRAW_RULES_PARAM, Level, Line, write_position};
use shashki::{DrawRules, Game, Move, Notation, SearchLimit};

use super::match_runner::{Choice, Player};
use crate::cli_error::CliError;

/// The running program and its pipes.
struct Process {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Process {
    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("writing `{line}`: {e}"))
    }

    /// Reads lines until one whose command is `command`; returns it.
    fn expect(&mut self, command: &str) -> Result<Line, String> {
        self.expect_collecting(command)
            .map(|mut lines| lines.pop().expect("the line found"))
    }

    /// Reads lines until one whose command is `command`; returns them all, that one last.
    fn expect_collecting(&mut self, command: &str) -> Result<Vec<Line>, String> {
        let mut lines = Vec::new();
        let mut text = String::new();
        loop {
            text.clear();
            match self.output.read_line(&mut text) {
                Ok(0) => return Err(format!("the engine quit while we waited for `{command}`")),
                Ok(_) => {}
                Err(e) => return Err(format!("reading the engine's output: {e}")),
            }
            if text.trim().is_empty() {
                continue;
            }
            let line = Line::parse(text.trim()).map_err(|e| format!("`{}`: {e}", text.trim()))?;
            if line.command == "error" {
                return Err(format!("the engine said `{}`", text.trim()));
            }
            let found = line.command == command;
            lines.push(line);
            if found {
                return Ok(lines);
            }
        }
    }
}

/// A Hub engine in its own process, started for one game.
pub struct HubPlayer {
    process: Mutex<Process>,
}

impl HubPlayer {
    /// Starts `command` (a program and its arguments, separated by blanks), sets its hash to
    /// `hash_mb` MB, its book off and its draw rules to `draw_rules` (if it has the parameter),
    /// and waits until it is ready.
    ///
    /// # Errors
    /// The program cannot be started or does not speak Hub.
    pub fn start(
        command: &str,
        hash_mb: usize,
        draw_rules: DrawRules,
    ) -> Result<HubPlayer, CliError> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| CliError::input("hub player: no program after `hub:`"))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| CliError::input(format!("hub player `{command}`: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(CliError::failure(format!(
                "hub player `{command}`: no pipes"
            )));
        };
        let mut process = Process {
            child,
            input,
            output: BufReader::new(output),
        };
        let handshake = |p: &mut Process| -> Result<(), String> {
            p.send("hub")?;
            let listed = p.expect_collecting("wait")?;
            p.send(&format!("set-param name=hash value={hash_mb}"))?;
            p.send("set-param name=book value=false")?;
            let knows_draw_rules = listed
                .iter()
                .any(|line| line.command == "param" && line.get("name") == Some(DRAW_RULES_PARAM));
            if knows_draw_rules {
                p.send(&format!(
                    "set-param name={DRAW_RULES_PARAM} value={draw_rules}"
                ))?;
            }
            p.send("init")?;
            p.expect("ready")?;
            Ok(())
        };
        if let Err(reason) = handshake(&mut process) {
            let _ = process.child.kill();
            let _ = process.child.wait();
            return Err(CliError::input(format!("hub player `{command}`: {reason}")));
        }
        Ok(HubPlayer {
            process: Mutex::new(process),
        })
    }

    fn ask(&self, game: &Game, limit: SearchLimit) -> Result<Move, String> {
        let mut process = self.process.lock().unwrap_or_else(PoisonError::into_inner);
        let moves = game.move_texts(Notation::Hub).join(" ");
        process.send(&format!(
            "pos pos={} moves=\"{moves}\"",
            write_position(game.start_position())
        ))?;
        process.send(&Level::from(limit).to_string())?;
        process.send("go think")?;
        let done = process.expect("done")?;
        let text = done
            .get("move")
            .ok_or_else(|| "`done` without a move".to_string())?;
        game.position()
            .parse_move(text)
            .map_err(|e| format!("move `{text}`: {e}"))
    }
}

impl Player for HubPlayer {
    fn choose(&self, game: &Game, limit: SearchLimit) -> Option<Choice> {
        if game.position().legal_moves().is_empty() {
            return None;
        }
        match self.ask(game, limit) {
            Ok(mv) => Some(Choice::bare(mv)),
            Err(reason) => {
                errln!("hub player: {reason}; it loses the game");
                None
            }
        }
    }
}

impl Drop for HubPlayer {
    fn drop(&mut self) {
        let process = self
            .process
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        let _ = process.send("quit");
        // An engine that does not quit within its move is ended.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(2);
        while std::time::Instant::now() < deadline {
            if let Ok(Some(_)) = process.child.try_wait() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let _ = process.child.kill();
        let _ = process.child.wait();
    }
}
