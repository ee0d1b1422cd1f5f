//! The Hub engine protocol, version 2 (Scan 3.1's protocol), for 8×8 Russian draughts.
//!
//! Hub is line based: each line is a command followed by `name=value` pairs (or bare names); a
//! value holding blanks is written in double quotes. This module is the pure part of the
//! protocol — reading lines into [`Line`]s, writing the engine's lines (`id`, `param`,
//! [`info_line`], [`done_line`], [`error_line`]), the Hub position string ([`read_position`],
//! [`write_position`]) — and a [`Session`] state machine that turns each GUI line into
//! [`Action`]s (lines to send, a search to start, a search to stop…). The `shashki hub` command
//! feeds stdin lines to a [`Session`] and carries out the actions with the engine, the search
//! running on its own thread so that `stop` is read while it searches.
//!
//! Protocol rules followed (from Scan 3.1's protocol text): unknown commands and unknown
//! arguments are ignored, so that GUIs and engines of different versions get along; a malformed
//! line (an unclosed quote, a bad number, an illegal move) is answered with an
//! `error message="…"` line and never ends the session. While a search runs, only `stop`,
//! `ponder-hit`, `ping`, `hub` and `quit` are obeyed; commands that would change what is searched
//! get an `error` line. Positions are `W`/`B` for the side to move followed by
//! one character per square 1…32 (square 1 = b8): `w` `b` men, `W` `B` kings, `e` empty. Moves
//! are in standard numeric notation (`32-28`, captures `from x to x captured x captured…`, the
//! captured squares in any order), written back by [`Notation::Hub`].
//!
//! Scores are sent in men (a man = 1.00, two decimals) from the side to move's view; a won or lost
//! game in *n* plies is sent as ±(100 − *n*/100), Scan's convention for "the end of the game is
//! near". Times are in seconds.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use crate::formats::Notation;
use crate::rules::{Color, DrawRules, Game, Move, Piece, Position, Square};
use crate::search::{MAX_HASH_MB, MAX_THREADS, SearchLimit};

/// The parameter that names the draw rules ([`DrawRules`]) of the games searched: a setting of
/// the session's game, not of the engine (changing it rebuilds nothing).
pub const DRAW_RULES_PARAM: &str = "draw-rules";

/// Default number of moves assumed left in the game when a clock level has no `moves=`.
pub(crate) const DEFAULT_MOVES_TO_GO: u32 = 30;

/// Why a Hub line or value could not be used. `Display` is the text of the `error` line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HubError {
    /// The line's syntax is wrong (unclosed quote, missing name…).
    #[error("malformed line: {0}")]
    Syntax(String),
    /// A known command with a missing or unusable argument.
    #[error("{command}: {reason}")]
    Argument {
        /// The command.
        command: String,
        /// What is wrong with its arguments.
        reason: String,
    },
    /// A position string that is not 33 valid characters or not a legal placement.
    #[error("bad position `{text}`: {reason}")]
    Position {
        /// The string as given (shortened).
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A move of `pos moves="…"` that is not legal.
    #[error("illegal move `{text}` (move {index} of the list)")]
    Move {
        /// The move as given.
        text: String,
        /// Its index in the list, from 1.
        index: usize,
    },
    /// A command that cannot be obeyed while a search runs.
    #[error("`{0}` while searching: send `stop` first")]
    Busy(String),
}

/// A line split into its command and its `name=value` arguments (bare names get an empty value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The command word.
    pub command: String,
    /// The arguments in order.
    pub args: Vec<(String, String)>,
}

impl Line {
    /// Splits `text` into a command and its arguments.
    ///
    /// # Errors
    /// [`HubError::Syntax`] for an empty line, an unclosed quote or a pair without a name.
    pub fn parse(text: &str) -> Result<Line, HubError> {
        let mut scanner = Scanner {
            chars: text.trim().chars().collect(),
            pos: 0,
        };
        let command = scanner.name();
        if command.is_empty() {
            return Err(HubError::Syntax(if scanner.at_end() {
                "empty line".into()
            } else {
                format!("expected a command in `{}`", shorten(text))
            }));
        }
        let mut args = Vec::new();
        while !scanner.at_end() {
            let name = scanner.name();
            if name.is_empty() {
                return Err(HubError::Syntax(format!(
                    "expected a name at column {} of `{}`",
                    scanner.pos + 1,
                    shorten(text)
                )));
            }
            scanner.skip_blank();
            let value = if scanner.peek() == Some('=') {
                scanner.pos += 1;
                scanner.value().map_err(|reason| {
                    HubError::Syntax(format!("{reason} in `{}`", shorten(text)))
                })?
            } else {
                String::new()
            };
            args.push((name, value));
        }
        Ok(Line { command, args })
    }

    /// The value of argument `name`, if given.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.args
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether argument `name` is present (with or without a value).
    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.args.iter().any(|(n, _)| n == name)
    }
}

struct Scanner {
    chars: Vec<char>,
    pos: usize,
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_blank(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_blank();
        self.pos >= self.chars.len()
    }

    fn is_id(c: char) -> bool {
        !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
    }

    fn name(&mut self) -> String {
        self.skip_blank();
        let start = self.pos;
        while self.peek().is_some_and(Scanner::is_id) {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn value(&mut self) -> Result<String, String> {
        self.skip_blank();
        if self.peek() == Some('"') {
            self.pos += 1;
            let start = self.pos;
            while self.peek().is_some_and(|c| c != '"') {
                self.pos += 1;
            }
            if self.peek() != Some('"') {
                return Err("unclosed quote".into());
            }
            let value = self.chars[start..self.pos].iter().collect();
            self.pos += 1;
            Ok(value)
        } else {
            Ok(self.name())
        }
    }
}

fn shorten(text: &str) -> String {
    let text = text.trim();
    if text.chars().count() > 60 {
        let mut short: String = text.chars().take(57).collect();
        short.push_str("...");
        short
    } else {
        text.to_string()
    }
}

/// Writes `value` as Hub does: bare if it is a single non-empty word, else in double quotes
/// (a `"` inside, which Hub cannot carry, becomes `'`).
#[must_use]
pub(crate) fn quote(value: &str) -> String {
    if !value.is_empty() && value.chars().all(Scanner::is_id) {
        value.to_string()
    } else {
        format!("\"{}\"", value.replace('"', "'"))
    }
}

/// Appends ` name=value` to `line`, quoting the value when needed.
pub(crate) fn push_pair(line: &mut String, name: &str, value: &str) {
    let _ = write!(line, " {name}={}", quote(value));
}

/// How to search: the `level` command (all times in seconds on the wire).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Level {
    /// `depth=`: a fixed depth in plies.
    pub depth: Option<u32>,
    /// `nodes=`: a node budget.
    pub nodes: Option<u64>,
    /// `move-time=`: a fixed time per move.
    pub move_time: Option<Duration>,
    /// `moves=`: moves to play until the next time control (with `time=`).
    pub moves: Option<u32>,
    /// `time=`: the time left on the engine's clock.
    pub time: Option<Duration>,
    /// `inc=`: the increment per move.
    pub inc: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

impl Level {
    /// Reads the arguments of a `level` line; unknown arguments are ignored.
    ///
    /// # Errors
    /// [`HubError::Argument`] naming the argument whose value is not a number.
    pub fn from_line(line: &Line) -> Result<Level, HubError> {
        let bad = |name: &str, value: &str| HubError::Argument {
            command: "level".into(),
            reason: format!("`{name}={value}` is not a valid number"),
        };
        let seconds = |name: &str, value: &str| -> Result<Duration, HubError> {
            value
                .parse::<f64>()
                .ok()
                .and_then(|s| Duration::try_from_secs_f64(s).ok())
                .ok_or_else(|| bad(name, value))
        };
        let mut level = Level::default();
        for (name, value) in &line.args {
            match name.as_str() {
                "depth" => level.depth = Some(value.parse().map_err(|_| bad(name, value))?),
                "nodes" => level.nodes = Some(value.parse().map_err(|_| bad(name, value))?),
                "move-time" => level.move_time = Some(seconds(name, value)?),
                "moves" => level.moves = Some(value.parse().map_err(|_| bad(name, value))?),
                "time" => level.time = Some(seconds(name, value)?),
                "inc" => level.inc = Some(seconds(name, value)?),
                "infinite" => level.infinite = true,
                _ => {}
            }
        }
        Ok(level)
    }

    /// The limit this level sets; no level at all means [`SearchLimit::Infinite`] only when
    /// `infinite` was given, else a default of one second per move.
    #[must_use]
    pub fn limit(&self) -> SearchLimit {
        if self.infinite {
            SearchLimit::Infinite
        } else if let Some(depth) = self.depth {
            SearchLimit::Depth(depth)
        } else if let Some(nodes) = self.nodes {
            SearchLimit::Nodes(nodes)
        } else if let Some(time) = self.move_time {
            SearchLimit::MoveTime(time)
        } else if self.time.is_some() || self.inc.is_some() || self.moves.is_some() {
            SearchLimit::Clock {
                remaining: self.time.unwrap_or_default(),
                increment: self.inc.unwrap_or_default(),
                moves_to_go: self.moves.filter(|&m| m > 0),
            }
        } else {
            SearchLimit::MoveTime(Duration::from_secs(1))
        }
    }

    /// How long to keep searching after `ponder-hit`: the move time, or a clock share (time left
    /// over the moves to go, plus most of the increment); `None` for depth, node and infinite
    /// levels (the pondering search then stops at once, or runs on until `stop`).
    #[must_use]
    pub fn ponder_budget(&self) -> Option<Duration> {
        match self.limit() {
            SearchLimit::MoveTime(time) => Some(time),
            SearchLimit::Clock {
                remaining,
                increment,
                moves_to_go,
            } => {
                let moves = moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
                let share = remaining / moves + increment.mul_f64(0.8);
                Some(share.min(remaining.mul_f64(0.5)))
            }
            _ => None,
        }
    }
}

/// What `go` asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GoMode {
    /// Find a move under the current level (`go think`, the default).
    Think,
    /// Search the position (in which the expected reply is already played) until `ponder-hit`
    /// or `stop`.
    Ponder,
    /// Analyse until `stop`, sending `info` lines.
    Analyze,
}

/// Reads a Hub position: `W`/`B` then 32 squares from 1 (b8) to 32 (g1), each `w` `b` `W` `B`
/// or `e` (`.` is accepted for empty).
///
/// # Errors
/// [`HubError::Position`] when the length, a character or the placement is wrong.
pub fn read_position(text: &str) -> Result<Position, HubError> {
    let fail = |reason: String| HubError::Position {
        text: shorten(text),
        reason,
    };
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != 33 {
        return Err(fail(format!(
            "expected 33 characters (side + 32 squares), got {}",
            chars.len()
        )));
    }
    let side = match chars[0] {
        'W' | 'w' => Color::White,
        'B' | 'b' => Color::Black,
        c => return Err(fail(format!("side to move `{c}` is not W or B"))),
    };
    let mut sets = [crate::rules::Bitboard::EMPTY; 2];
    let mut kings = crate::rules::Bitboard::EMPTY;
    for (index, &c) in chars[1..].iter().enumerate() {
        let square = Square::ALL[index];
        let (color, king) = match c {
            'w' => (Color::White, false),
            'b' => (Color::Black, false),
            'W' => (Color::White, true),
            'B' => (Color::Black, true),
            'e' | 'E' | '.' => continue,
            other => {
                return Err(fail(format!(
                    "square {}: `{other}` is not one of w b W B e",
                    index + 1
                )));
            }
        };
        sets[color.index()] = sets[color.index()].with(square);
        if king {
            kings = kings.with(square);
        }
    }
    Position::new(sets[0], sets[1], kings, side).map_err(|e| fail(e.to_string()))
}

/// Writes `position` as a Hub position string.
#[must_use]
pub fn write_position(position: &Position) -> String {
    let mut text = String::with_capacity(33);
    text.push(position.side_to_move().letter());
    for square in Square::ALL {
        text.push(position.piece_at(square).map_or('e', Piece::hub_char));
    }
    text
}

/// The `id` line answering `hub`.
#[must_use]
pub(crate) fn id_line(name: &str, version: &str, author: &str, country: Option<&str>) -> String {
    let mut line = "id".to_string();
    push_pair(&mut line, "name", name);
    push_pair(&mut line, "version", version);
    push_pair(&mut line, "author", author);
    if let Some(country) = country {
        push_pair(&mut line, "country", country);
    }
    line
}

/// The type of an engine parameter announced with a `param` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `true` / `false`.
    Bool,
    /// An integer within bounds.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// One of a list of words.
    Enum(Vec<String>),
    /// Free text (a path, …).
    String,
}

/// An engine parameter: announced after `hub`, changed by `set-param`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: ParamKind,
    /// Its current value, as text.
    pub value: String,
}

impl Param {
    /// Checks `value` against the type; returns it normalised.
    ///
    /// # Errors
    /// [`HubError::Argument`] saying why the value does not fit.
    pub fn check(&self, value: &str) -> Result<String, HubError> {
        let fail = |reason: String| HubError::Argument {
            command: "set-param".into(),
            reason: format!("{}: {reason}", self.name),
        };
        match &self.kind {
            ParamKind::Bool => match value {
                "true" | "false" => Ok(value.to_string()),
                _ => Err(fail(format!("`{value}` is not true or false"))),
            },
            ParamKind::Int { min, max } => match value.parse::<i64>() {
                Ok(n) if (*min..=*max).contains(&n) => Ok(n.to_string()),
                _ => Err(fail(format!("`{value}` is not an integer in {min}..{max}"))),
            },
            ParamKind::Enum(values) => {
                if values.iter().any(|v| v == value) {
                    Ok(value.to_string())
                } else {
                    Err(fail(format!(
                        "`{value}` is not one of {}",
                        values.join(", ")
                    )))
                }
            }
            ParamKind::String => Ok(value.to_string()),
        }
    }
}

/// The parameters shashki's engine announces after `hub`, with their starting values: the
/// variant, the table size `hash_mb` (1 to [`MAX_HASH_MB`]) and the `threads` (1 to
/// [`MAX_THREADS`]), the opening book (`book`, on: the shipped one, or `book-file`) and the
/// tablebase directory `tb-dir` (empty: none), and the draw rules `draw-rules` the games are
/// searched under (`full`, `basic` or `repetition`, docs/RULES.md §2; the session applies it to
/// every `go`). A GUI changes them with `set-param`; the program that runs the engine reads them
/// back by these names.
#[must_use]
pub fn engine_params(hash_mb: usize, threads: usize, tablebases: Option<&Path>) -> Vec<Param> {
    let bounded = |value: usize, max: usize| value.clamp(1, max).to_string();
    vec![
        Param {
            name: "variant".into(),
            kind: ParamKind::Enum(vec!["russian".into()]),
            value: "russian".into(),
        },
        Param {
            name: "hash".into(),
            kind: ParamKind::Int {
                min: 1,
                max: MAX_HASH_MB as i64,
            },
            value: bounded(hash_mb, MAX_HASH_MB),
        },
        Param {
            name: "threads".into(),
            kind: ParamKind::Int {
                min: 1,
                max: MAX_THREADS as i64,
            },
            value: bounded(threads, MAX_THREADS),
        },
        Param {
            name: "book".into(),
            kind: ParamKind::Bool,
            value: "true".into(),
        },
        Param {
            name: "book-file".into(),
            kind: ParamKind::String,
            value: String::new(),
        },
        Param {
            name: "tb-dir".into(),
            kind: ParamKind::String,
            value: tablebases
                .map(|d| d.display().to_string())
                .unwrap_or_default(),
        },
        Param {
            name: DRAW_RULES_PARAM.into(),
            kind: ParamKind::Enum(DrawRules::ALL.iter().map(|r| r.to_string()).collect()),
            value: DrawRules::default().to_string(),
        },
    ]
}

/// The `param` line announcing `param`.
#[must_use]
pub(crate) fn param_line(param: &Param) -> String {
    let mut line = "param".to_string();
    push_pair(&mut line, "name", &param.name);
    push_pair(&mut line, "value", &param.value);
    match &param.kind {
        ParamKind::Bool => push_pair(&mut line, "type", "bool"),
        ParamKind::Int { min, max } => {
            push_pair(&mut line, "type", "int");
            push_pair(&mut line, "min", &min.to_string());
            push_pair(&mut line, "max", &max.to_string());
        }
        ParamKind::Enum(values) => {
            push_pair(&mut line, "type", "enum");
            push_pair(&mut line, "values", &values.join(" "));
        }
        ParamKind::String => push_pair(&mut line, "type", "string"),
    }
    line
}

/// What an `info` line reports about a search iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoReport {
    /// Nominal depth.
    pub depth: u32,
    /// Selective (maximum) depth reached.
    pub max_depth: u32,
    /// Score in men from the side to move's view (see the module docs for wins).
    pub score: f64,
    /// Nodes searched.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
    /// The principal variation, in Hub notation.
    pub pv: Vec<String>,
}

/// The Hub score for a search score: `centi` hundredths of a man, or a win (`plies_to_end`
/// positive) / loss (negative) in that many plies.
#[must_use]
pub fn hub_score(centi: i32, plies_to_end: Option<i32>) -> f64 {
    match plies_to_end {
        Some(plies) if plies >= 0 => 100.0 - f64::from(plies) / 100.0,
        Some(plies) => -100.0 - f64::from(plies) / 100.0,
        None => f64::from(centi) / 100.0,
    }
}

/// The `info` line for `report`.
#[must_use]
pub fn info_line(report: &InfoReport) -> String {
    let seconds = report.time.as_secs_f64();
    let nps = if seconds > 0.0 {
        (report.nodes as f64 / seconds).round()
    } else {
        0.0
    };
    let mut line = "info".to_string();
    push_pair(&mut line, "depth", &report.depth.to_string());
    push_pair(
        &mut line,
        "mean-depth",
        &format!("{:.1}", f64::from(report.depth)),
    );
    push_pair(&mut line, "max-depth", &report.max_depth.to_string());
    push_pair(&mut line, "score", &format!("{:.2}", report.score));
    push_pair(&mut line, "nodes", &report.nodes.to_string());
    push_pair(&mut line, "time", &format!("{seconds:.3}"));
    push_pair(&mut line, "nps", &format!("{nps:.0}"));
    push_pair(&mut line, "pv", &report.pv.join(" "));
    line
}

/// The `done` line: the move to play (if any) and the expected reply.
#[must_use]
pub fn done_line(mv: Option<&str>, ponder: Option<&str>) -> String {
    let mut line = "done".to_string();
    if let Some(mv) = mv {
        push_pair(&mut line, "move", mv);
    }
    if let Some(ponder) = ponder {
        push_pair(&mut line, "ponder", ponder);
    }
    line
}

/// The `error` line for `message`.
#[must_use]
pub fn error_line(message: &str) -> String {
    let mut line = "error".to_string();
    push_pair(&mut line, "message", message);
    line
}

/// Writes `moves` (a line played from `position`) in Hub notation.
#[must_use]
pub fn write_line(position: &Position, moves: &[Move]) -> Vec<String> {
    position.write_line(moves, Notation::Hub)
}

/// A search the session wants started.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchRequest {
    /// The game to search (start position and moves, for repetitions).
    pub game: Game,
    /// The level in force.
    pub level: Level,
    /// Think, ponder or analyse.
    pub mode: GoMode,
}

/// What the program must do after a line (in order).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Action {
    /// Send this line to the GUI.
    Send(String),
    /// (Re)build the engine from the parameters: at `init` (the session then sends `ready`), and
    /// at each `set-param` after `init` that changes a value, so that the change takes effect at
    /// once (the new engine starts with an empty hash table). A value the engine cannot use (a
    /// book file that does not load, …) is the program's to answer with an `error` line.
    Init(Vec<Param>),
    /// Forget the previous game (clear the hash table).
    NewGame,
    /// Start a search on a thread; report `info` lines and finish with `done`.
    Search(SearchRequest),
    /// Stop the running search (it still answers with `done`).
    Stop,
    /// The pondering search's expected move was played: switch it to the level's budget.
    PonderHit(Level),
    /// End the program (after stopping any search).
    Quit,
}

/// The engine's side of a Hub conversation: the current game, level and parameters.
#[derive(Clone, Debug)]
pub struct Session {
    name: String,
    version: String,
    author: String,
    params: Vec<Param>,
    game: Game,
    level: Level,
    searching: bool,
    /// Whether `init` was received: from then on `set-param` rebuilds the engine.
    initialized: bool,
}

impl Session {
    /// A session for an engine called `name` (`version`, `author`) with these parameters.
    #[must_use]
    pub fn new(name: &str, version: &str, author: &str, params: Vec<Param>) -> Session {
        Session {
            name: name.to_string(),
            version: version.to_string(),
            author: author.to_string(),
            params,
            game: Game::default(),
            level: Level::default(),
            searching: false,
            initialized: false,
        }
    }

    /// The parameters with their current values.
    #[must_use]
    pub fn params(&self) -> &[Param] {
        &self.params
    }

    /// The current value of parameter `name`.
    #[must_use]
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.value.as_str())
    }

    /// The draw rules of the `draw-rules` parameter (the default set when it is absent).
    #[must_use]
    pub fn draw_rules(&self) -> DrawRules {
        self.param(DRAW_RULES_PARAM)
            .and_then(|name| name.parse().ok())
            .unwrap_or_default()
    }

    /// The game set by the last `pos`.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The level set by the last `level`.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// Whether a search started by this session has not yet been reported finished.
    #[must_use]
    pub fn is_searching(&self) -> bool {
        self.searching
    }

    /// Tells the session that the search it started has ended (its `done` line was sent).
    pub fn search_finished(&mut self) {
        self.searching = false;
    }

    /// Handles one line from the GUI. Errors become `error` lines; nothing here panics.
    pub fn handle(&mut self, text: &str) -> Vec<Action> {
        if text.trim().is_empty() {
            return Vec::new();
        }
        match self.dispatch(text) {
            Ok(actions) => actions,
            Err(error) => vec![Action::Send(error_line(&error.to_string()))],
        }
    }

    fn dispatch(&mut self, text: &str) -> Result<Vec<Action>, HubError> {
        let line = Line::parse(text)?;
        let command = line.command.as_str();
        // While a search runs, the commands that would change what it searches are refused;
        // `stop`, `ponder-hit`, `ping`, `quit`, `hub` are obeyed and unknown ones ignored.
        if self.searching
            && matches!(
                command,
                "set-param" | "init" | "new-game" | "pos" | "level" | "go"
            )
        {
            return Err(HubError::Busy(command.to_string()));
        }
        Ok(match command {
            "hub" => {
                let mut actions = vec![Action::Send(id_line(
                    &self.name,
                    &self.version,
                    &self.author,
                    None,
                ))];
                actions.extend(self.params.iter().map(|p| Action::Send(param_line(p))));
                actions.push(Action::Send("wait".into()));
                actions
            }
            "set-param" => {
                let name = line.get("name").ok_or_else(|| HubError::Argument {
                    command: "set-param".into(),
                    reason: "missing name=".into(),
                })?;
                let value = line.get("value").unwrap_or("");
                let param = self
                    .params
                    .iter_mut()
                    .find(|p| p.name == name)
                    .ok_or_else(|| HubError::Argument {
                        command: "set-param".into(),
                        reason: format!("unknown parameter `{name}`"),
                    })?;
                let value = param.check(value)?;
                let changed = param.value != value;
                param.value = value;
                if name == DRAW_RULES_PARAM {
                    self.game.set_draw_rules(self.draw_rules());
                    return Ok(Vec::new());
                }
                if self.initialized && changed {
                    vec![Action::Init(self.params.clone())]
                } else {
                    Vec::new()
                }
            }
            "init" => {
                self.initialized = true;
                vec![
                    Action::Init(self.params.clone()),
                    Action::Send("ready".into()),
                ]
            }
            "new-game" => {
                self.game = Game::default().with_draw_rules(self.draw_rules());
                vec![Action::NewGame]
            }
            "ping" => vec![Action::Send("pong".into())],
            "quit" => vec![Action::Quit],
            "pos" => {
                self.game = pos_game(&line)?.with_draw_rules(self.draw_rules());
                Vec::new()
            }
            "level" => {
                self.level = Level::from_line(&line)?;
                Vec::new()
            }
            "go" => {
                let mode = if line.has("analyze") {
                    GoMode::Analyze
                } else if line.has("ponder") {
                    GoMode::Ponder
                } else {
                    GoMode::Think
                };
                self.searching = true;
                vec![Action::Search(SearchRequest {
                    game: self.game.clone(),
                    level: self.level,
                    mode,
                })]
            }
            "stop" => {
                if self.searching {
                    vec![Action::Stop]
                } else {
                    Vec::new()
                }
            }
            "ponder-hit" => {
                if self.searching {
                    vec![Action::PonderHit(self.level)]
                } else {
                    Vec::new()
                }
            }
            // Unknown commands are ignored, as the protocol asks.
            _ => Vec::new(),
        })
    }
}

/// The game of a `pos` line: `pos=` (or `start`, or nothing: the start position) then `moves=`.
fn pos_game(line: &Line) -> Result<Game, HubError> {
    let start = match line.get("pos") {
        Some(text) if !line.has("start") => read_position(text)?,
        _ => Position::start(),
    };
    let mut game = Game::new(start);
    for (index, text) in line
        .get("moves")
        .unwrap_or("")
        .split_whitespace()
        .enumerate()
    {
        let illegal = || HubError::Move {
            text: text.to_string(),
            index: index + 1,
        };
        let mv = game.position().parse_move(text).map_err(|_| illegal())?;
        game.play_past_draw(mv).map_err(|_| illegal())?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

    fn session() -> Session {
        Session::new("shashki", "0.1", "team", engine_params(64, 1, None))
    }

    #[test]
    fn the_engine_params_start_within_their_bounds() {
        let params = engine_params(0, 100_000, Some(Path::new("/tables")));
        let value = |name: &str| {
            let param = params.iter().find(|p| p.name == name).expect(name);
            assert_eq!(
                param.check(&param.value).as_ref(),
                Ok(&param.value),
                "{name}"
            );
            param.value.clone()
        };
        assert_eq!(value("hash"), "1");
        assert_eq!(value("threads"), MAX_THREADS.to_string());
        assert_eq!(value("tb-dir"), "/tables");
        assert_eq!(value("book"), "true");
        let large = engine_params(MAX_HASH_MB + 1, 2, None);
        assert_eq!(large[1].value, MAX_HASH_MB.to_string());
    }

    fn sent(actions: &[Action]) -> Vec<String> {
        actions
            .iter()
            .filter_map(|a| match a {
                Action::Send(line) => Some(line.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn lines_split_into_pairs_with_quotes() {
        let line = Line::parse("pos pos=Wbbb moves=\"32-28 19-23\"  start").unwrap();
        assert_eq!(line.command, "pos");
        assert_eq!(line.get("pos"), Some("Wbbb"));
        assert_eq!(line.get("moves"), Some("32-28 19-23"));
        assert!(line.has("start"));
        assert_eq!(line.get("start"), Some(""));
        let line = Line::parse("  level   move-time = 2.5 ").unwrap();
        assert_eq!(line.get("move-time"), Some("2.5"));
        assert!(matches!(
            Line::parse("pos moves=\"32-28"),
            Err(HubError::Syntax(_))
        ));
        assert!(matches!(Line::parse("=x"), Err(HubError::Syntax(_))));
        assert!(matches!(Line::parse("go =x"), Err(HubError::Syntax(_))));
        assert_eq!(quote("a b"), "\"a b\"");
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote("32-28"), "32-28");
    }

    #[test]
    fn positions_round_trip() {
        assert_eq!(read_position(START).unwrap(), Position::start());
        assert_eq!(write_position(&Position::start()), START);
        let position = Position::from_fen("B:WK29,22:BK4,9").unwrap();
        let text = write_position(&position);
        assert_eq!(text.len(), 33);
        assert_eq!(&text[..1], "B");
        assert_eq!(read_position(&text).unwrap(), position);
        assert!(read_position("W").is_err());
        assert!(read_position(&START.replace('W', "X")).is_err());
        assert!(read_position(&START.replacen('e', "z", 1)).is_err());
        // A white man on its promotion rank (square 1) is not a legal placement.
        assert!(read_position(&format!("Ww{}", &START[2..])).is_err());
    }

    #[test]
    fn levels_become_limits() {
        let level = |text: &str| Level::from_line(&Line::parse(text).unwrap()).unwrap();
        assert_eq!(level("level depth=12").limit(), SearchLimit::Depth(12));
        assert_eq!(level("level nodes=5000").limit(), SearchLimit::Nodes(5000));
        assert_eq!(
            level("level move-time=0.25").limit(),
            SearchLimit::MoveTime(Duration::from_millis(250))
        );
        assert_eq!(
            level("level moves=40 time=300 inc=2").limit(),
            SearchLimit::Clock {
                remaining: Duration::from_secs(300),
                increment: Duration::from_secs(2),
                moves_to_go: Some(40)
            }
        );
        assert_eq!(level("level infinite").limit(), SearchLimit::Infinite);
        assert_eq!(
            level("level colour=blue").limit(),
            SearchLimit::MoveTime(Duration::from_secs(1))
        );
        assert_eq!(
            level("level time=60").ponder_budget(),
            Some(Duration::from_secs(2))
        );
        assert!(Level::from_line(&Line::parse("level depth=x").unwrap()).is_err());
        assert!(Level::from_line(&Line::parse("level move-time=-1").unwrap()).is_err());
    }

    #[test]
    fn output_lines_are_well_formed() {
        let info = info_line(&InfoReport {
            depth: 7,
            max_depth: 12,
            score: hub_score(35, None),
            nodes: 2000,
            time: Duration::from_millis(500),
            pv: vec!["32-28".into(), "9-13".into()],
        });
        assert_eq!(
            info,
            "info depth=7 mean-depth=7.0 max-depth=12 score=0.35 nodes=2000 time=0.500 nps=4000 pv=\"32-28 9-13\""
        );
        let parsed = Line::parse(&info).unwrap();
        assert_eq!(parsed.get("pv"), Some("32-28 9-13"));
        assert_eq!(hub_score(0, Some(7)), 99.93);
        assert_eq!(hub_score(0, Some(-4)), -99.96);
        assert_eq!(
            done_line(Some("22x13x18"), Some("9x18")),
            "done move=22x13x18 ponder=9x18"
        );
        assert_eq!(done_line(None, None), "done");
        assert_eq!(error_line("bad thing"), "error message=\"bad thing\"");
        assert_eq!(
            id_line("shashki", "0.1", "A B", None),
            "id name=shashki version=0.1 author=\"A B\""
        );
    }

    #[test]
    fn session_handshake_params_and_ping() {
        let mut s = session();
        let lines = sent(&s.handle("hub"));
        assert_eq!(lines[0], "id name=shashki version=0.1 author=team");
        assert_eq!(
            lines[1],
            "param name=variant value=russian type=enum values=russian"
        );
        assert_eq!(
            lines[2],
            "param name=hash value=64 type=int min=1 max=65536"
        );
        assert_eq!(
            lines[3],
            "param name=threads value=1 type=int min=1 max=256"
        );
        assert_eq!(lines[5], "param name=book-file value=\"\" type=string");
        assert_eq!(lines.last().map(String::as_str), Some("wait"));
        assert!(s.handle("set-param name=hash value=128").is_empty());
        assert_eq!(s.param("hash"), Some("128"));
        let error = sent(&s.handle("set-param name=hash value=0"));
        assert!(error[0].starts_with("error message="), "{error:?}");
        assert_eq!(s.param("hash"), Some("128"));
        let error = sent(&s.handle("set-param name=colour value=red"));
        assert!(error[0].contains("unknown parameter"));
        assert!(
            s.handle("set-param name=book-file value=\"my book.json\"")
                .is_empty()
        );
        assert_eq!(s.param("book-file"), Some("my book.json"));
        let actions = s.handle("init");
        assert!(matches!(&actions[0], Action::Init(params) if params.len() == 7));
        assert_eq!(sent(&actions), ["ready"]);
        assert_eq!(sent(&s.handle("ping")), ["pong"]);
        assert_eq!(s.handle("quit"), [Action::Quit]);
        assert!(s.handle("").is_empty());
        assert!(s.handle("fly away").is_empty());
        assert!(sent(&s.handle("fly \"away"))[0].starts_with("error"));
    }

    #[test]
    fn set_param_after_init_takes_effect_at_once() {
        let mut s = session();
        // Before `init` a value is only stored; `init` builds the engine from it.
        assert!(s.handle("set-param name=hash value=32").is_empty());
        let actions = s.handle("init");
        assert!(
            matches!(&actions[0], Action::Init(params) if params[1].value == "32"),
            "{actions:?}"
        );
        // After `init` a change rebuilds the engine with the new value, without a second `ready`.
        let actions = s.handle("set-param name=hash value=256");
        assert!(
            matches!(&actions[..], [Action::Init(params)] if params[1].value == "256"),
            "{actions:?}"
        );
        // The same value again changes nothing; a bad one answers why, and the value stays.
        assert!(s.handle("set-param name=hash value=256").is_empty());
        let error = sent(&s.handle("set-param name=hash value=99999"));
        assert!(error[0].contains("hash"), "{error:?}");
        assert_eq!(s.param("hash"), Some("256"));
        // Not during a search: the GUI is told why.
        s.handle("go");
        let busy = sent(&s.handle("set-param name=hash value=64"));
        assert!(busy[0].starts_with("error"), "{busy:?}");
    }

    // The draw rules are listed, checked, and applied to the game of every `go`; changing them
    // rebuilds no engine (the table is kept).
    #[test]
    fn draw_rules_are_a_listed_param_applied_to_each_search() {
        let mut s = session();
        let lines = sent(&s.handle("hub"));
        assert!(
            lines.contains(
                &"param name=draw-rules value=full type=enum values=\"full basic repetition\""
                    .to_string()
            ),
            "{lines:?}"
        );
        s.handle("init");
        assert!(s.handle("set-param name=draw-rules value=basic").is_empty());
        assert_eq!(s.draw_rules(), DrawRules::Basic);
        assert_eq!(s.game().draw_rules(), DrawRules::Basic);
        let error = sent(&s.handle("set-param name=draw-rules value=fmjd"));
        assert!(error[0].contains("draw-rules"), "{error:?}");
        assert!(error[0].contains("full, basic, repetition"), "{error:?}");
        assert_eq!(s.draw_rules(), DrawRules::Basic);
        let actions = s.handle("go think");
        let [Action::Search(request)] = actions.as_slice() else {
            panic!("{actions:?}");
        };
        assert_eq!(request.game.draw_rules(), DrawRules::Basic);
        s.search_finished();
        s.handle("set-param name=draw-rules value=repetition");
        s.handle(&format!("pos pos={START} moves=\"22-18\""));
        assert_eq!(s.game().draw_rules(), DrawRules::Repetition);
        s.handle("new-game");
        assert_eq!(s.game().draw_rules(), DrawRules::Repetition);
        let actions = s.handle("go think");
        let [Action::Search(request)] = actions.as_slice() else {
            panic!("{actions:?}");
        };
        assert_eq!(request.game.draw_rules(), DrawRules::Repetition);
    }

    #[test]
    fn session_positions_moves_and_searches() {
        let mut s = session();
        assert!(
            s.handle(&format!("pos pos={START} moves=\"22-18 11-15 18x11 8x15\""))
                .is_empty()
        );
        assert_eq!(s.game().moves().len(), 4);
        let error = sent(&s.handle(&format!("pos pos={START} moves=\"22-18 22-18\"")));
        assert!(error[0].contains("move 2"), "{error:?}");
        // The failed `pos` leaves the previous game in place.
        assert_eq!(s.game().moves().len(), 4);
        assert!(s.handle("level move-time=0.1").is_empty());
        let actions = s.handle("go think");
        let [Action::Search(request)] = actions.as_slice() else {
            panic!("{actions:?}");
        };
        assert_eq!(request.mode, GoMode::Think);
        assert_eq!(request.game.moves().len(), 4);
        assert!(s.is_searching());
        // While searching: stop, ping, ponder-hit obeyed; pos refused.
        assert_eq!(sent(&s.handle("ping")), ["pong"]);
        assert!(sent(&s.handle("pos start"))[0].contains("while searching"));
        // Unknown commands are ignored while searching too, as the protocol asks.
        assert!(s.handle("frobnicate x=1").is_empty());
        assert_eq!(s.handle("stop"), [Action::Stop]);
        s.search_finished();
        assert!(s.handle("stop").is_empty());
        assert!(s.handle("pos start").is_empty());
        assert_eq!(s.game().moves().len(), 0);
        let actions = s.handle("go ponder");
        assert!(matches!(&actions[..], [Action::Search(r)] if r.mode == GoMode::Ponder));
        assert!(matches!(
            &s.handle("ponder-hit")[..],
            [Action::PonderHit(_)]
        ));
        s.search_finished();
        let actions = s.handle("go analyze");
        assert!(matches!(&actions[..], [Action::Search(r)] if r.mode == GoMode::Analyze));
    }

    #[test]
    fn hub_capture_with_captured_squares_any_order() {
        // docs/RULES.md §1: the king on a1 takes b2 and f4 (landing g3 = 24).
        let mut s = session();
        let position = Position::from_fen("W:WK29:B25,19").unwrap();
        let text = write_position(&position);
        assert!(
            s.handle(&format!("pos pos={text} moves=\"29x24x19x25\""))
                .is_empty()
        );
        assert_eq!(s.game().moves().len(), 1);
        assert!(
            s.handle(&format!("pos pos={text} moves=\"29x24x25x19\""))
                .is_empty()
        );
        assert_eq!(write_line(&position, s.game().moves()), ["29x24x19x25"]);
    }
}
