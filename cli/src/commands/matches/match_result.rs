//! The result record of a match, or of one task's share of it, and the report made from such
//! records: what `shashki match --result FILE` writes and `shashki match merge FILES…` reads.
//!
//! A [`MatchRecord`] (JSON) holds the match's [`Setup`] (players, pace, openings and everything
//! else that decides which games are played and how), which share of it was played ([`Task`]),
//! one [`GameRecord`] per game (its opening, which side the first player had, its score, how the
//! game ended) and the players' conversion counts, move times and flag falls. [`merge`] checks that
//! the records belong to one match (same setup, same task count, no task twice, no game twice) and
//! adds them up into a [`Summary`]; [`Summary::check_complete`] then says whether every opening was
//! played with both colours. [`Summary::report`] is the text a match prints: a single run makes its
//! own record and reports it through the same path, so a merge of a split match reports exactly
//! what one process would have (the same games in the same order give the same numbers).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::cli_error::CliError;
use crate::play::match_runner::{self, Tally};

/// The `format` field of every record.
pub const FORMAT: &str = "shashki match result";
/// The version of the record's layout.
pub const VERSION: u32 = 1;

/// The score (centi-men, the player's own view) from which a game counts as one to convert.
pub const CONVERSION_SCORE: i32 = 100;

/// What decides the games of a match: two records can be merged only if their setups are equal.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The first player's spec (results are its wins, draws and losses).
    pub first: String,
    /// The second player's spec.
    pub second: String,
    /// The limit per move or the clock, as the report prints it.
    pub pace: String,
    /// Whether the pace is a clock (the report then counts flag falls).
    pub clock: bool,
    /// The openings' source (`built-in` or a file).
    pub openings: String,
    /// How many openings the match plays (before any split into tasks).
    pub pairs: usize,
    /// The offset of their spread.
    pub offset: usize,
    /// One game per opening, the first player on the side to move.
    pub first_to_move: bool,
    /// The ply cap.
    pub max_plies: usize,
    /// The draw rules.
    pub draw_rules: String,
    /// Hash per engine, MB.
    pub hash: usize,
    /// The match's tablebase directory, if any.
    pub tablebases: Option<String>,
}

/// Which share of the match a run played: the openings whose number modulo `tasks` is `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    /// This task, from 0.
    pub index: u32,
    /// The number of tasks the match is split into.
    pub tasks: u32,
}

impl Task {
    /// The whole match in one run.
    pub const WHOLE: Task = Task { index: 0, tasks: 1 };

    /// Whether this task plays opening number `opening`.
    #[must_use]
    pub fn plays(self, opening: usize) -> bool {
        opening % self.tasks as usize == self.index as usize
    }
}

impl FromStr for Task {
    type Err = String;

    /// `I/N`: task I (from 0) of N.
    fn from_str(text: &str) -> Result<Task, String> {
        let parsed = text
            .split_once('/')
            .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
        match parsed {
            Some((index, tasks)) if index < tasks => Ok(Task { index, tasks }),
            _ => Err(format!(
                "task {text:?}: expected I/N, task I (from 0) of N tasks, I < N"
            )),
        }
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The opening's number in the match (0 to `pairs` − 1).
    pub opening: usize,
    /// The opening's name.
    pub name: String,
    /// Whether the first player had the side to move of the opening.
    pub first_moves: bool,
    /// The first player's colour (`white` or `black`).
    pub first_color: String,
    /// The first player's score: 1, 0.5 or 0.
    pub score: f64,
    /// How the game ended.
    pub end: String,
}

/// How long one player took per move over a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveTimes {
    /// Moves timed.
    pub moves: u64,
    /// Their total time.
    pub total: Duration,
    /// The longest.
    pub longest: Duration,
    /// Moves that took longer than the match's move time.
    pub over: u64,
}

impl MoveTimes {
    /// Adds one move that took `time` (`limit`: the move time, if the match has one).
    pub fn add(&mut self, time: Duration, limit: Option<Duration>) {
        self.moves += 1;
        self.total += time;
        self.longest = self.longest.max(time);
        if limit.is_some_and(|limit| time > limit) {
            self.over += 1;
        }
    }

    /// Adds the moves of `other`.
    pub fn merge(&mut self, other: &MoveTimes) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
        self.over += other.over;
    }

    /// The report line: moves, mean, longest, moves over the limit.
    #[must_use]
    pub fn summary(&self) -> String {
        let mean = if self.moves == 0 {
            0.0
        } else {
            self.total.as_secs_f64() * 1000.0 / self.moves as f64
        };
        format!(
            "{} moves, mean {mean:.1} ms, longest {:.1} ms, {} over the move time",
            self.moves,
            self.longest.as_secs_f64() * 1000.0,
            self.over
        )
    }
}

/// A match's or a task's result, as `--result` writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchRecord {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// The match.
    pub setup: Setup,
    /// The share played.
    pub task: Task,
    /// The games, in match order (opening, then the first player's game with the move first).
    pub games: Vec<GameRecord>,
    /// Per player: the games in which its own score reached [`CONVERSION_SCORE`], and how they
    /// ended for it.
    pub conversions: [Tally; 2],
    /// Per player: its move times over the moves with a choice, then over all moves.
    pub times: [[MoveTimes; 2]; 2],
    /// Per player: the games it lost on time.
    pub flag_falls: [u32; 2],
}

impl MatchRecord {
    /// An empty record of `task` of the match `setup`.
    #[must_use]
    pub fn new(setup: Setup, task: Task) -> MatchRecord {
        MatchRecord {
            format: FORMAT.to_string(),
            version: VERSION,
            setup,
            task,
            games: Vec::new(),
            conversions: [Tally::default(); 2],
            times: [[MoveTimes::default(); 2]; 2],
            flag_falls: [0; 2],
        }
    }

    /// The record as JSON text.
    ///
    /// # Errors
    /// Never in practice (every field serialises).
    pub fn to_json(&self) -> Result<String, CliError> {
        serde_json::to_string_pretty(self)
            .map(|text| text + "\n")
            .map_err(CliError::failure)
    }

    /// Reads a record from the JSON `text` of the file `path` (named in every error).
    ///
    /// # Errors
    /// Not JSON, not a match record, another version, or a game whose score is not 1, ½ or 0.
    pub fn from_json(text: &str, path: &Path) -> Result<MatchRecord, CliError> {
        let at = path.display();
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| CliError::input(format!("{at}: not JSON: {e}")))?;
        if value.get("format").and_then(serde_json::Value::as_str) != Some(FORMAT) {
            return Err(CliError::input(format!(
                "{at}: not a match result (no \"format\": \"{FORMAT}\"; written by `shashki match --result`?)"
            )));
        }
        let version = value.get("version").and_then(serde_json::Value::as_u64);
        if version != Some(u64::from(VERSION)) {
            return Err(CliError::input(format!(
                "{at}: match result version {}, this program reads version {VERSION}",
                version.map_or_else(|| "missing".to_string(), |v| v.to_string())
            )));
        }
        let record: MatchRecord =
            serde_json::from_str(text).map_err(|e| CliError::input(format!("{at}: {e}")))?;
        if record.task.tasks == 0 || record.task.index >= record.task.tasks {
            return Err(CliError::input(format!(
                "{at}: task {} of {} does not exist",
                record.task.index, record.task.tasks
            )));
        }
        for (i, game) in record.games.iter().enumerate() {
            let problem = if ![0.0, 0.5, 1.0].contains(&game.score) {
                Some(format!("score {} is not 1, 0.5 or 0", game.score))
            } else if game.opening >= record.setup.pairs {
                Some(format!(
                    "opening {} is past the match's {} openings",
                    game.opening, record.setup.pairs
                ))
            } else if !record.task.plays(game.opening) {
                Some(format!(
                    "opening {} is not task {}'s of {}",
                    game.opening, record.task.index, record.task.tasks
                ))
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(CliError::input(format!(
                    "{at}: games[{i}] ({}): {problem}",
                    game.name
                )));
            }
        }
        Ok(record)
    }

    /// Reads the record file `path`.
    ///
    /// # Errors
    /// The file cannot be read, or as [`MatchRecord::from_json`].
    pub fn read(path: &Path) -> Result<MatchRecord, CliError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("{}: cannot read: {e}", path.display())))?;
        MatchRecord::from_json(&text, path)
    }
}

/// Records added up: one match's games and counts.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The match.
    pub setup: Setup,
    /// The tasks whose records were added, sorted.
    pub tasks: Vec<u32>,
    /// Of how many tasks.
    pub of: u32,
    /// Every game, in match order.
    pub games: Vec<GameRecord>,
    /// As [`MatchRecord::conversions`], summed.
    pub conversions: [Tally; 2],
    /// As [`MatchRecord::times`], summed.
    pub times: [[MoveTimes; 2]; 2],
    /// As [`MatchRecord::flag_falls`], summed.
    pub flag_falls: [u32; 2],
}

/// Adds up the records of one match, each given with the file it came from (for the errors).
///
/// # Errors
/// No record; records of different matches or task counts; a task or a game given twice.
pub fn merge(records: &[(PathBuf, MatchRecord)]) -> Result<Summary, CliError> {
    let Some((first_path, first)) = records.first() else {
        return Err(CliError::input("no match result to merge"));
    };
    let mut summary = Summary {
        setup: first.setup.clone(),
        tasks: Vec::new(),
        of: first.task.tasks,
        games: Vec::new(),
        conversions: [Tally::default(); 2],
        times: [[MoveTimes::default(); 2]; 2],
        flag_falls: [0; 2],
    };
    let mut seen: Vec<(u32, &Path)> = Vec::new();
    for (path, record) in records {
        if record.setup != first.setup {
            return Err(CliError::input(format!(
                "{}: another match than {}: {}",
                path.display(),
                first_path.display(),
                setup_difference(&first.setup, &record.setup)
            )));
        }
        if record.task.tasks != summary.of {
            return Err(CliError::input(format!(
                "{}: task {} of {}, but {} is a task of {}",
                path.display(),
                record.task.index,
                record.task.tasks,
                first_path.display(),
                summary.of
            )));
        }
        if let Some((_, other)) = seen.iter().find(|(t, _)| *t == record.task.index) {
            return Err(CliError::input(format!(
                "{}: task {} of {} again (already in {})",
                path.display(),
                record.task.index,
                record.task.tasks,
                other.display()
            )));
        }
        seen.push((record.task.index, path));
        summary.games.extend(record.games.iter().cloned());
        for player in 0..2 {
            let (c, own) = (&mut summary.conversions[player], record.conversions[player]);
            c.wins += own.wins;
            c.draws += own.draws;
            c.losses += own.losses;
            for kind in 0..2 {
                summary.times[player][kind].merge(&record.times[player][kind]);
            }
            summary.flag_falls[player] += record.flag_falls[player];
        }
    }
    summary.tasks = seen.iter().map(|(t, _)| *t).collect();
    summary.tasks.sort_unstable();
    summary
        .games
        .sort_by_key(|g| (g.opening, std::cmp::Reverse(g.first_moves)));
    if let Some(twice) = summary
        .games
        .windows(2)
        .find(|w| (w[0].opening, w[0].first_moves) == (w[1].opening, w[1].first_moves))
    {
        return Err(CliError::input(format!(
            "opening {} ({}) played twice with the first player {} in the results given",
            twice[0].opening,
            twice[0].name,
            if twice[0].first_moves {
                "to move"
            } else {
                "not to move"
            }
        )));
    }
    Ok(summary)
}

/// The first field in which two setups differ, said for the user.
fn setup_difference(a: &Setup, b: &Setup) -> String {
    let fields = [
        ("first player", a.first.clone(), b.first.clone()),
        ("second player", a.second.clone(), b.second.clone()),
        ("pace", a.pace.clone(), b.pace.clone()),
        ("openings", a.openings.clone(), b.openings.clone()),
        ("openings played", a.pairs.to_string(), b.pairs.to_string()),
        ("offset", a.offset.to_string(), b.offset.to_string()),
        (
            "first to move",
            a.first_to_move.to_string(),
            b.first_to_move.to_string(),
        ),
        (
            "max plies",
            a.max_plies.to_string(),
            b.max_plies.to_string(),
        ),
        ("draw rules", a.draw_rules.clone(), b.draw_rules.clone()),
        ("hash", a.hash.to_string(), b.hash.to_string()),
        (
            "tablebases",
            format!("{:?}", a.tablebases),
            format!("{:?}", b.tablebases),
        ),
    ];
    fields.into_iter().find(|(_, x, y)| x != y).map_or_else(
        || "the setups differ".to_string(),
        |(name, x, y)| format!("{name} {y:?} instead of {x:?}"),
    )
}

impl Summary {
    /// The first player's wins, draws and losses.
    #[must_use]
    pub fn tally(&self) -> Tally {
        let mut tally = Tally::default();
        for game in &self.games {
            tally.add(game.score);
        }
        tally
    }

    /// The first player's points in each opening played with both colours (0 to 2), in match
    /// order.
    #[must_use]
    pub fn pair_scores(&self) -> Vec<f64> {
        self.games
            .windows(2)
            .filter(|w| w[0].opening == w[1].opening)
            .map(|w| w[0].score + w[1].score)
            .collect()
    }

    /// Whether every task's record was given and every opening played as the setup asks (with
    /// both colours, or once with `first_to_move`).
    ///
    /// # Errors
    /// The tasks missing, or the first opening not played as asked.
    pub fn check_complete(&self) -> Result<(), CliError> {
        let missing: Vec<String> = (0..self.of)
            .filter(|t| !self.tasks.contains(t))
            .map(|t| t.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(CliError::input(format!(
                "the results of task{} {} of {} are missing",
                if missing.len() == 1 { "" } else { "s" },
                missing.join(", "),
                self.of
            )));
        }
        let per_opening = if self.setup.first_to_move { 1 } else { 2 };
        for opening in 0..self.setup.pairs {
            let played = self.games.iter().filter(|g| g.opening == opening).count();
            if played != per_opening {
                return Err(CliError::input(format!(
                    "opening {opening} was played {played} times, not {per_opening}"
                )));
            }
        }
        Ok(())
    }

    /// The report of the match: the score and its Elo interval per game and per opening pair,
    /// each player's conversions and move times (and flag falls on a clock).
    #[must_use]
    pub fn report(&self) -> String {
        let setup = &self.setup;
        let t = self.tally();
        let (elo, margin) = match_runner::elo(&t);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} vs {}: {} games ({}), +{} ={} -{}, score {:.1}%, Elo {elo:+.1} ± {margin:.1} (95%)",
            setup.first,
            setup.second,
            t.games(),
            setup.pace,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score()
        );
        let pairs = self.pair_scores();
        if !pairs.is_empty() {
            let (elo, margin) = match_runner::elo_of_pairs(&pairs);
            let _ = writeln!(
                out,
                "per opening pair: {} pairs, Elo {elo:+.1} ± {margin:.1} (95%)",
                pairs.len()
            );
        }
        for (name, c) in [&setup.first, &setup.second]
            .into_iter()
            .zip(self.conversions)
        {
            let _ = writeln!(
                out,
                "conversion, {name}: its score reached +{:.2} in {} games: won {}, drawn {}, lost {}",
                f64::from(CONVERSION_SCORE) / 100.0,
                c.games(),
                c.wins,
                c.draws,
                c.losses
            );
        }
        for ((name, [choices, all]), flags) in [&setup.first, &setup.second]
            .into_iter()
            .zip(self.times)
            .zip(self.flag_falls)
        {
            let flags = if setup.clock {
                format!("; lost on time {flags}")
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "time per move, {name}: with a choice {}; all {}{flags}",
                choices.summary(),
                all.summary()
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(pairs: usize) -> Setup {
        Setup {
            first: "default".into(),
            second: "baseline".into(),
            pace: "Depth(1)".into(),
            pairs,
            openings: "built-in".into(),
            ..Setup::default()
        }
    }

    fn game(opening: usize, first_moves: bool, score: f64) -> GameRecord {
        GameRecord {
            opening,
            name: format!("o{opening}"),
            first_moves,
            first_color: if first_moves { "white" } else { "black" }.into(),
            score,
            end: "Black wins".into(),
        }
    }

    /// A match of `pairs` openings played by `tasks` tasks: each task's record, with made-up
    /// but varied results, conversions and times.
    fn split(pairs: usize, tasks: u32) -> Vec<(PathBuf, MatchRecord)> {
        (0..tasks)
            .map(|index| {
                let task = Task { index, tasks };
                let mut record = MatchRecord::new(setup(pairs), task);
                for opening in (0..pairs).filter(|&o| task.plays(o)) {
                    for first_moves in [true, false] {
                        let score =
                            [1.0, 0.5, 0.0, 0.5, 0.5][(opening * 3 + usize::from(first_moves)) % 5];
                        record.games.push(game(opening, first_moves, score));
                        record.conversions[0].add(score);
                        let ms = Duration::from_millis((opening * 7 % 13) as u64);
                        record.times[0][1].add(ms, Some(Duration::from_millis(10)));
                        record.times[1][0].add(ms * 2, None);
                    }
                }
                record.flag_falls[1] = index;
                (PathBuf::from(format!("task-{index}.json")), record)
            })
            .collect()
    }

    #[test]
    fn merging_the_tasks_of_a_split_match_gives_the_single_runs_numbers() {
        let whole = split(9, 1);
        let single = merge(&whole).unwrap();
        for tasks in [2, 4] {
            let mut parts = split(9, tasks);
            // The order the files are given in does not matter.
            parts.reverse();
            let merged = merge(&parts).unwrap();
            merged.check_complete().unwrap();
            assert_eq!(merged.games, single.games);
            assert_eq!(merged.tally(), single.tally());
            assert_eq!(merged.pair_scores(), single.pair_scores());
            assert_eq!(merged.conversions, single.conversions);
            assert_eq!(merged.times, single.times);
            let report = |s: &Summary| {
                s.report()
                    .lines()
                    .filter(|l| !l.starts_with("time per move, baseline"))
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            // The flag falls were made up per task; everything else reads the same.
            assert_eq!(report(&merged), report(&single));
        }
        assert_eq!(single.pair_scores().len(), 9);
        assert!(single.report().contains(": 18 games (Depth(1)), "));
        assert!(single.report().contains("per opening pair: 9 pairs, Elo "));
    }

    #[test]
    fn records_round_trip_through_json() {
        let (path, record) = split(3, 1).remove(0);
        let text = record.to_json().unwrap();
        assert_eq!(MatchRecord::from_json(&text, &path).unwrap(), record);
    }

    #[test]
    fn bad_records_and_bad_merges_are_located_errors() {
        let path = Path::new("/results/task-1.json");
        let bad = |text: &str| {
            MatchRecord::from_json(text, path)
                .err()
                .map(|e| e.to_string())
                .unwrap_or_default()
        };
        assert!(
            bad("{").starts_with("/results/task-1.json: not JSON: "),
            "{}",
            bad("{")
        );
        assert!(bad("{}").contains("not a match result"));
        let record = split(3, 1).remove(0).1;
        let text = record.to_json().unwrap();
        let old = text.replace("\"version\": 1", "\"version\": 7");
        assert!(
            bad(&old).contains("version 7, this program reads version 1"),
            "{}",
            bad(&old)
        );
        let missing = text.replace("\"flag_falls\"", "\"flags\"");
        let error = bad(&missing);
        assert!(
            error.starts_with("/results/task-1.json: missing field `flag_falls` at line"),
            "{error}"
        );
        let score = text.replacen("\"score\": 1.0", "\"score\": 0.7", 1);
        assert!(
            bad(&score).starts_with("/results/task-1.json: games[")
                && bad(&score).ends_with("): score 0.7 is not 1, 0.5 or 0"),
            "{}",
            bad(&score)
        );
        // Merges: twice the same task, tasks of different splits, another match, a task missing.
        let parts = split(5, 2);
        let twice = [parts[0].clone(), parts[0].clone()];
        let error = merge(&twice).err().unwrap().to_string();
        assert!(error.contains("task-0.json: task 0 of 2 again"), "{error}");
        let mixed = [parts[0].clone(), split(5, 3).remove(1)];
        let error = merge(&mixed).err().unwrap().to_string();
        assert!(
            error.contains("task 1 of 3, but task-0.json is a task of 2"),
            "{error}"
        );
        let mut other = parts[1].clone();
        other.1.setup.pace = "Depth(2)".into();
        let error = merge(&[parts[0].clone(), other]).err().unwrap().to_string();
        assert!(
            error.contains("task-1.json: another match than task-0.json: pace \"Depth(2)\" instead of \"Depth(1)\""),
            "{error}"
        );
        let error = merge(&parts[..1])
            .unwrap()
            .check_complete()
            .err()
            .unwrap()
            .to_string();
        assert_eq!(error, "the results of task 1 of 2 are missing");
        assert!(merge(&[]).is_err());
        assert!("3/3".parse::<Task>().is_err());
        assert!("x".parse::<Task>().is_err());
        assert_eq!("1/4".parse::<Task>(), Ok(Task { index: 1, tasks: 4 }));
    }
}
