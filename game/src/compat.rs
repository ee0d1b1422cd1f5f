//! Stand-ins for the parts of the `shashki` API that other branches are still writing (the
//! `Game` record, the `Engine`, the opening `Book` and PDN), with exactly the contract's names
//! (notes/CONTRACTS.md) so that switching to the real items is a change of `use` lines only.
//!
//! Every item here is deliberately thin: the record keeps moves and positions and asks
//! [`Position`] for everything rule-related; the engine is a plain material alpha-beta so the
//! game is playable; book and PDN reading report that they are not available yet. This module is
//! deleted as soon as the real implementations land on `main`.

use std::fmt;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use shashki::{Color, FenError, Move, Position};

/// A game: the start position and the moves played since.
#[derive(Clone, Debug)]
pub struct Game {
    moves: Vec<Move>,
    positions: Vec<Position>,
    keys: Vec<u64>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::start())
    }
}

/// Why a move could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// Not a legal move of the current position.
    #[error("illegal move")]
    Illegal,
    /// The game is already decided.
    #[error("the game is over")]
    GameOver,
    /// A move text that names no legal move.
    #[error(transparent)]
    Text(#[from] shashki::MoveError),
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// Still being played.
    Ongoing,
    /// Decided.
    Won {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Drawn by a rule.
    Drawn(DrawRule),
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WinReason {
    /// The loser had no legal move.
    NoLegalMove,
}

/// Which draw rule ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// The same position occurred three times.
    Repetition,
}

impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrawRule::Repetition => f.write_str("threefold repetition"),
        }
    }
}

impl Game {
    /// A game starting at `start`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            moves: Vec::new(),
            keys: vec![start.zobrist_key()],
            positions: vec![start],
        }
    }

    /// A game starting at the position a FEN describes.
    ///
    /// # Errors
    /// The FEN error.
    pub fn from_fen(fen: &str) -> Result<Game, FenError> {
        Ok(Game::new(Position::from_fen(fen)?))
    }

    /// The start position.
    #[must_use]
    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The start position and the position after each move.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The Zobrist keys of [`Game::positions`].
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        &self.keys
    }

    /// Plays `mv`.
    ///
    /// # Errors
    /// [`GameError::GameOver`] or [`GameError::Illegal`].
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if self.status() != GameStatus::Ongoing {
            return Err(GameError::GameOver);
        }
        let position = *self.position();
        if !position.is_legal(&mv) {
            return Err(GameError::Illegal);
        }
        let after = position.play(&mv);
        self.moves.push(mv);
        self.keys.push(after.zobrist_key());
        self.positions.push(after);
        Ok(())
    }

    /// Plays a move written in any notation the position reads.
    ///
    /// # Errors
    /// The move text error, or those of [`Game::play`].
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        let mv = self.position().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.keys.pop();
        Some(mv)
    }

    /// Where the game stands.
    #[must_use]
    pub fn status(&self) -> GameStatus {
        let position = self.position();
        if position.is_lost() {
            return GameStatus::Won {
                winner: position.side_to_move().opposite(),
                reason: WinReason::NoLegalMove,
            };
        }
        let key = self.keys[self.keys.len() - 1];
        if self.keys.iter().filter(|&&k| k == key).count() >= 3 {
            return GameStatus::Drawn(DrawRule::Repetition);
        }
        GameStatus::Ongoing
    }
}

/// Where the engine's move came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveSource {
    /// The search.
    Search,
    /// The opening book.
    Book,
    /// The endgame tablebases.
    Tablebase,
}

/// An opening book (not available yet).
#[derive(Debug)]
pub struct Book;

/// Why a book could not be used.
#[derive(Debug, thiserror::Error)]
#[error("cannot use book {path}: opening books are not available in this build yet")]
pub struct BookError {
    path: String,
}

impl Book {
    /// Loads a book.
    ///
    /// # Errors
    /// Always, for now.
    pub fn load(path: &Path) -> Result<Book, BookError> {
        Err(BookError {
            path: path.display().to_string(),
        })
    }
}

/// Engine settings.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Transposition table size.
    pub hash_mb: usize,
    /// Search threads.
    pub threads: usize,
    /// Opening book.
    pub book: Option<Arc<Book>>,
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            hash_mb: 64,
            threads: 1,
            book: None,
        }
    }
}

/// How long to search.
#[derive(Clone, Copy, Debug)]
pub enum SearchLimit {
    /// Fixed depth.
    Depth(u32),
    /// Fixed time.
    MoveTime(Duration),
}

/// A score for the side to move, in hundredths of a man.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Score(pub i32);

const WIN: i32 = 30_000;

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 > WIN - 1000 {
            write!(f, "win in {}", WIN - self.0)
        } else if self.0 < -WIN + 1000 {
            write!(f, "loss in {}", WIN + self.0)
        } else {
            write!(f, "{:+.2}", f64::from(self.0) / 100.0)
        }
    }
}

/// Progress of a search.
#[derive(Clone, Debug)]
pub struct SearchInfo {
    /// Depth completed.
    pub depth: u32,
    /// Score.
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The move to play; `None` without legal moves.
    pub best_move: Option<Move>,
    /// Its score.
    pub score: Score,
    /// Depth completed.
    pub depth: u32,
    /// Principal variation.
    pub pv: Vec<Move>,
    /// Where the move came from.
    pub source: MoveSource,
}

/// Stops a running search from another thread.
#[derive(Clone, Debug)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// Asks the search to return now.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A small material alpha-beta standing in for the real engine.
#[derive(Debug)]
pub struct Engine {
    stop: Arc<AtomicBool>,
}

impl Engine {
    /// A new engine.
    #[must_use]
    pub fn new(_config: EngineConfig) -> Engine {
        Engine {
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Clears what the engine learnt.
    pub fn new_game(&self) {}

    /// A handle to stop the search.
    #[must_use]
    pub fn stop_handle(&self) -> StopHandle {
        StopHandle(Arc::clone(&self.stop))
    }

    /// Stops the search.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Searches the game's current position.
    pub fn search(
        &self,
        game: &Game,
        limit: SearchLimit,
        mut on_info: impl FnMut(&SearchInfo),
    ) -> SearchResult {
        self.stop.store(false, Ordering::Relaxed);
        let root = *game.position();
        let start = Instant::now();
        let (max_depth, deadline) = match limit {
            SearchLimit::Depth(d) => (d, None),
            SearchLimit::MoveTime(t) => (64, Some(start + t)),
        };
        let moves = root.legal_moves();
        let mut best = SearchResult {
            best_move: moves.iter().next().copied(),
            score: Score(0),
            depth: 0,
            pv: moves.iter().next().copied().into_iter().collect(),
            source: MoveSource::Search,
        };
        let mut nodes = 0;
        for depth in 1..=max_depth {
            let mut alpha = -WIN;
            let mut chosen = None;
            for mv in &moves {
                let score = -self.negamax(
                    &root.play(mv),
                    depth - 1,
                    -WIN,
                    -alpha,
                    1,
                    deadline,
                    &mut nodes,
                );
                if self.stopped(deadline) {
                    break;
                }
                if chosen.is_none() || score > alpha {
                    alpha = score;
                    chosen = Some(*mv);
                }
            }
            if self.stopped(deadline) {
                break;
            }
            best.best_move = chosen;
            best.score = Score(alpha);
            best.depth = depth;
            best.pv = chosen.into_iter().collect();
            on_info(&SearchInfo {
                depth,
                score: best.score,
                nodes,
                pv: best.pv.clone(),
            });
            if moves.len() <= 1 {
                break;
            }
        }
        best
    }

    fn stopped(&self, deadline: Option<Instant>) -> bool {
        self.stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        deadline: Option<Instant>,
        nodes: &mut u64,
    ) -> i32 {
        *nodes += 1;
        let moves = position.legal_moves();
        if moves.is_empty() {
            return -WIN + ply;
        }
        if depth == 0 || (*nodes % 1024 == 0 && self.stopped(deadline)) {
            let side = position.side_to_move();
            let material = |c: Color| {
                100 * position.men(c).count() as i32 + 300 * position.kings(c).count() as i32
            };
            return material(side) - material(side.opposite());
        }
        for mv in &moves {
            let score = -self.negamax(
                &position.play(mv),
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
                deadline,
                nodes,
            );
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }
}

/// PDN reading and writing (reading not available yet).
pub mod pdn {
    use super::Game;
    use shashki::Notation;

    /// A game with its PDN tags and result.
    #[derive(Clone, Debug)]
    pub struct PdnGame {
        /// Tag pairs.
        pub tags: Vec<(String, String)>,
        /// The game.
        pub game: Game,
        /// The result text.
        pub result: String,
    }

    /// Why PDN text could not be read.
    #[derive(Debug, thiserror::Error)]
    #[error("PDN reading is not available in this build yet")]
    pub struct PdnError;

    /// Reads games.
    ///
    /// # Errors
    /// Always, for now.
    pub fn read_games(_text: &str) -> Result<Vec<PdnGame>, PdnError> {
        Err(PdnError)
    }

    /// Writes one game.
    #[must_use]
    pub fn write_game(game: &PdnGame) -> String {
        let mut out = String::new();
        for (tag, value) in &game.tags {
            out.push_str(&format!("[{tag} \"{value}\"]\n"));
        }
        out.push_str(&format!(
            "[FEN \"{}\"]\n",
            game.game.start_position().to_fen()
        ));
        for (ply, (mv, before)) in game
            .game
            .moves()
            .iter()
            .zip(game.game.positions())
            .enumerate()
        {
            if ply % 2 == 0 {
                out.push_str(&format!("{}. ", ply / 2 + 1));
            }
            out.push_str(&before.write_move(mv, Notation::Numeric));
            out.push(' ');
        }
        out.push_str(&game.result);
        out.push('\n');
        out
    }
}
