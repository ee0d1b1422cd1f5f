//! The Hub session: the engine's side of a conversation as a sans-IO state machine. A
//! [`Session`] holds the game set by `pos`, the [`Level`] and the parameters' values; each GUI
//! line goes in through [`Session::handle`] and comes out as [`Action`]s for the program to
//! carry out in order (lines to send, the engine to build, a [`SearchRequest`] to start, a
//! search to stop…). The program does the IO and runs the searches on threads, and tells the
//! session when a search has ended ([`Session::search_finished`]); while one runs, the commands
//! that would change what it searches are refused with a [`HubError::Busy`] `error` line.

use super::line::{Line, push_pair};
use super::messages::{error_line, id_line, param_line};
use super::{DRAW_RULES_PARAM, HubError, Level, Param, read_position, write_line, write_position};
use crate::rules::{DrawRules, Game, Position};
use crate::search::Contempt;

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

impl GoMode {
    /// The contempt a search in this mode uses, for an engine that plays with `playing`: none
    /// for an analysis (its line and score are objective), `playing` for a move or a ponder.
    #[must_use]
    pub fn contempt(self, playing: Contempt) -> Contempt {
        match self {
            GoMode::Think | GoMode::Ponder => playing,
            GoMode::Analyze => Contempt::OFF,
        }
    }
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

    /// The GUI lines that bring a new session, made with the same parameters, to this one's
    /// state: a `set-param` for each parameter, `init` once it was received, the `level` and the
    /// `pos` in force. A program that must start its engine afresh in the middle of a
    /// conversation replays them and drops the answers: the web package's Worker is ended to
    /// stop a search (a Worker cannot read `stop` while it searches) and a new one takes over.
    #[must_use]
    pub fn restore_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .params
            .iter()
            .map(|param| {
                let mut line = "set-param".to_string();
                push_pair(&mut line, "name", &param.name);
                push_pair(&mut line, "value", &param.value);
                line
            })
            .collect();
        if self.initialized {
            lines.push("init".into());
        }
        lines.push(self.level.to_string());
        let start = self.game.start_position();
        let mut pos = "pos".to_string();
        push_pair(&mut pos, "pos", &write_position(start));
        let moves = write_line(start, self.game.moves()).join(" ");
        if !moves.is_empty() {
            push_pair(&mut pos, "moves", &moves);
        }
        lines.push(pos);
        lines
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
    use crate::hub::{engine_params, write_line, write_position};

    const START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

    #[test]
    fn an_analysis_never_takes_the_playing_contempt() {
        let playing = Contempt::new(50, 4, 60);
        assert_eq!(GoMode::Analyze.contempt(playing), Contempt::OFF);
        assert_eq!(GoMode::Think.contempt(playing), playing);
        assert_eq!(GoMode::Ponder.contempt(playing), playing);
    }

    fn session() -> Session {
        Session::new("shashki", "0.1", "team", engine_params(64, 1, None))
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
        assert!(matches!(&actions[0], Action::Init(params) if params.len() == 9));
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
    fn restore_lines_bring_a_new_session_to_the_same_state() {
        let mut s = session();
        s.handle("set-param name=book value=false");
        s.handle("set-param name=draw-rules value=repetition");
        s.handle("init");
        s.handle("level move-time=0.5 infinite");
        let from = Position::from_fen(
            "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        )
        .unwrap();
        s.handle(&format!(
            "pos pos={} moves=\"22-18 11-15\"",
            write_position(&from)
        ));
        let mut fresh = session();
        let mut actions = Vec::new();
        for line in s.restore_lines() {
            actions.extend(fresh.handle(&line));
        }
        // The engine is rebuilt once, from the restored parameters; no line is refused.
        let inits: Vec<_> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Init(params) => Some(params.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(inits, [s.params().to_vec()]);
        assert!(
            sent(&actions).iter().all(|l| !l.starts_with("error")),
            "{actions:?}"
        );
        assert_eq!(fresh.params(), s.params());
        assert_eq!(fresh.level(), s.level());
        assert_eq!(fresh.game(), s.game());
        assert_eq!(fresh.game().draw_rules(), DrawRules::Repetition);
        // A session never initialised restores without `init`, and the start without moves.
        let lines = session().restore_lines();
        assert!(!lines.contains(&"init".to_string()));
        assert_eq!(
            lines.last().map(String::as_str),
            Some(format!("pos pos={START}").as_str())
        );
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
