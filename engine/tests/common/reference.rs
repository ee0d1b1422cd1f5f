//! A slow, obviously-correct reference move generator, written independently of the fast one.
//!
//! The board is a plain 8×8 mailbox indexed by (file, rank), a1 = (0, 0). Captures are found by
//! a direct recursion over the rules of docs/RULES.md §1, producing EVERY landing-square path
//! (convention A); [`RefBoard::legal_moves`] then reduces them to convention C (same origin,
//! destination, captured set and crowning = one move). Nothing here calls the fast generator of
//! the crate; only its value types (`Square`, `Bitboard`, `Move`, `Position`) are used to convert
//! results for comparison.

use std::collections::BTreeMap;

use shashki::{Bitboard, Color, Move, Position, Role, Square};

/// (file, rank), a1 = (0, 0), h8 = (7, 7).
pub type Coord = (i8, i8);

/// The four diagonal steps.
const DIRECTIONS: [Coord; 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// What stands on a mailbox cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// A man or king of a colour.
    Piece {
        /// Its side.
        color: Color,
        /// Whether it is a king.
        king: bool,
    },
}

/// A move as the reference sees it: the full landing path, the captured pieces in capture order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMove {
    /// Origin.
    pub from: Coord,
    /// Every square the piece lands on, in order; the last is the destination.
    pub landings: Vec<Coord>,
    /// The captured pieces, in the order they were jumped.
    pub captured: Vec<Coord>,
    /// Whether a man was crowned during the move.
    pub promotes: bool,
}

/// A square of the crate from mailbox coordinates.
pub fn square(coord: Coord) -> Square {
    Square::from_coords(coord.0 as u8, coord.1 as u8).expect("reference uses dark squares only")
}

impl RefMove {
    /// The destination.
    pub fn to(&self) -> Coord {
        *self.landings.last().expect("a move lands somewhere")
    }

    /// The move in the crate's representation (convention C identity).
    pub fn outcome(&self) -> Move {
        let captured: Bitboard = self.captured.iter().map(|&c| square(c)).collect();
        Move::new(
            square(self.from),
            square(self.to()),
            captured,
            self.promotes,
        )
    }

    /// The landing squares as crate squares (the route, origin excluded).
    pub fn route(&self) -> Vec<Square> {
        self.landings.iter().map(|&c| square(c)).collect()
    }
}

/// A position on a mailbox board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    /// `cells[rank][file]`.
    cells: [[Cell; 8]; 8],
    /// Whose turn it is.
    side: Color,
}

fn on_board(c: Coord) -> bool {
    (0..8).contains(&c.0) && (0..8).contains(&c.1)
}

fn step(c: Coord, d: Coord) -> Coord {
    (c.0 + d.0, c.1 + d.1)
}

/// The rank a man of `color` is crowned on (docs/RULES.md §1.7).
fn last_rank(color: Color) -> i8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

impl RefBoard {
    /// The mailbox copy of `position`.
    pub fn from_position(position: &Position) -> RefBoard {
        let mut cells = [[Cell::Empty; 8]; 8];
        for rank in 0..8u8 {
            for file in 0..8u8 {
                if let Some(square) = Square::from_coords(file, rank)
                    && let Some(piece) = position.piece_at(square)
                {
                    cells[rank as usize][file as usize] = Cell::Piece {
                        color: piece.color,
                        king: piece.role == Role::King,
                    };
                }
            }
        }
        RefBoard {
            cells,
            side: position.side_to_move(),
        }
    }

    /// The crate's position for this board.
    pub fn to_position(&self) -> Position {
        let mut pieces = [Bitboard::EMPTY; 2];
        let mut kings = Bitboard::EMPTY;
        for rank in 0..8i8 {
            for file in 0..8i8 {
                if let Cell::Piece { color, king } = self.at((file, rank)) {
                    let square = square((file, rank));
                    pieces[color.index()] = pieces[color.index()].with(square);
                    if king {
                        kings = kings.with(square);
                    }
                }
            }
        }
        Position::new(pieces[0], pieces[1], kings, self.side)
            .expect("reference keeps positions valid")
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    fn at(&self, c: Coord) -> Cell {
        self.cells[c.1 as usize][c.0 as usize]
    }

    fn set(&mut self, c: Coord, cell: Cell) {
        self.cells[c.1 as usize][c.0 as usize] = cell;
    }

    fn is_empty(&self, c: Coord) -> bool {
        on_board(c) && self.at(c) == Cell::Empty
    }

    /// Every legal move with every landing path (convention A): all captures if there is any
    /// (docs/RULES.md §1.5), otherwise every quiet move.
    pub fn legal_paths(&self) -> Vec<RefMove> {
        let mut captures = Vec::new();
        for (from, king) in self.own_pieces() {
            // The origin counts as empty during the move (§1.6): lift the piece off the board.
            let mut lifted = self.clone();
            lifted.set(from, Cell::Empty);
            let walk = CaptureWalk {
                board: &lifted,
                us: self.side,
                from,
            };
            walk.extend(
                from,
                king,
                false,
                &mut Vec::new(),
                &mut Vec::new(),
                &mut captures,
            );
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut quiet = Vec::new();
        for (from, king) in self.own_pieces() {
            for d in DIRECTIONS {
                // §1.2: a man steps one square forward; §1.4: a king flies.
                if !king && d.1 != forward(self.side) {
                    continue;
                }
                let mut to = step(from, d);
                while self.is_empty(to) {
                    quiet.push(RefMove {
                        from,
                        landings: vec![to],
                        captured: Vec::new(),
                        promotes: !king && to.1 == last_rank(self.side),
                    });
                    if !king {
                        break;
                    }
                    to = step(to, d);
                }
            }
        }
        quiet
    }

    /// The legal moves reduced to convention C: one per (origin, destination, captured set,
    /// crowning), each with the landing paths that realise it.
    pub fn legal_moves_with_routes(&self) -> BTreeMap<MoveKey, Vec<RefMove>> {
        let mut moves: BTreeMap<MoveKey, Vec<RefMove>> = BTreeMap::new();
        for mv in self.legal_paths() {
            moves
                .entry(MoveKey::of(&mv.outcome()))
                .or_default()
                .push(mv);
        }
        moves
    }

    /// The legal moves under convention C, one representative path each.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        self.legal_moves_with_routes()
            .into_values()
            .map(|mut routes| routes.swap_remove(0))
            .collect()
    }

    /// The board after `mv`: the piece moves, captured pieces vanish, a man may be crowned.
    pub fn play(&self, mv: &RefMove) -> RefBoard {
        let mut next = self.clone();
        let Cell::Piece { color, king } = self.at(mv.from) else {
            panic!("reference move from an empty square");
        };
        next.set(mv.from, Cell::Empty);
        for &c in &mv.captured {
            next.set(c, Cell::Empty);
        }
        next.set(
            mv.to(),
            Cell::Piece {
                color,
                king: king || mv.promotes,
            },
        );
        next.side = self.side.opposite();
        next
    }

    /// Leaf count at `depth` under convention C.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|mv| self.play(mv).perft(depth - 1)).sum()
    }

    /// Leaf count at `depth` under convention B (distinct trajectories): landing paths that take
    /// the same pieces in the same order to the same square are one trajectory, since they
    /// differ only in where a king stopped on a ray before capturing straight on.
    pub fn perft_trajectories(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut trajectories: BTreeMap<(Coord, Vec<Coord>, Coord, bool), RefMove> = BTreeMap::new();
        for mv in self.legal_paths() {
            trajectories
                .entry((mv.from, mv.captured.clone(), mv.to(), mv.promotes))
                .or_insert(mv);
        }
        if depth == 1 {
            return trajectories.len() as u64;
        }
        trajectories
            .values()
            .map(|mv| self.play(mv).perft_trajectories(depth - 1))
            .sum()
    }

    /// The side to move's pieces: (square, is king).
    fn own_pieces(&self) -> Vec<(Coord, bool)> {
        let mut result = Vec::new();
        for rank in 0..8i8 {
            for file in 0..8i8 {
                if let Cell::Piece { color, king } = self.at((file, rank))
                    && color == self.side
                {
                    result.push(((file, rank), king));
                }
            }
        }
        result
    }
}

/// The rank step of `color`'s men.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// A sortable, printable identity of a move under convention C: numbers of origin and
/// destination, sorted captured numbers, crowning.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MoveKey {
    /// Origin square number.
    pub from: u8,
    /// Destination square number.
    pub to: u8,
    /// Captured square numbers, ascending.
    pub captured: Vec<u8>,
    /// Crowning.
    pub promotes: bool,
}

impl MoveKey {
    /// The key of a crate move.
    pub fn of(mv: &Move) -> MoveKey {
        let mut captured: Vec<u8> = mv.captured().into_iter().map(Square::number).collect();
        captured.sort_unstable();
        MoveKey {
            from: mv.from().number(),
            to: mv.to().number(),
            captured,
            promotes: mv.promotes(),
        }
    }
}

/// The capture recursion of one piece. `board` has the moving piece lifted off its origin;
/// captured pieces stay on it until the move ends (Turkish strike, §1.6) and are listed in
/// `taken`, so they block and cannot be jumped twice.
struct CaptureWalk<'a> {
    board: &'a RefBoard,
    us: Color,
    from: Coord,
}

impl CaptureWalk<'_> {
    fn is_enemy(&self, c: Coord) -> bool {
        matches!(self.board.at(c), Cell::Piece { color, .. } if color != self.us)
    }

    /// Every single capture available to a piece on `at`: (victim, landing squares beyond it).
    fn jumps(&self, at: Coord, king: bool, taken: &[Coord]) -> Vec<(Coord, Vec<Coord>)> {
        let mut result = Vec::new();
        for d in DIRECTIONS {
            let mut victim = step(at, d);
            if king {
                // §1.4: a king captures from a distance along a free diagonal.
                while self.board.is_empty(victim) {
                    victim = step(victim, d);
                }
            }
            if !on_board(victim) || !self.is_enemy(victim) || taken.contains(&victim) {
                continue;
            }
            let mut landings = Vec::new();
            let mut landing = step(victim, d);
            while self.board.is_empty(landing) {
                landings.push(landing);
                if !king {
                    break; // §1.3: a man lands right behind the piece it jumps.
                }
                landing = step(landing, d);
            }
            if !landings.is_empty() {
                result.push((victim, landings));
            }
        }
        result
    }

    /// Continues a capture from `at`; records the move when no further capture exists (§1.5:
    /// a sequence is never stopped early).
    fn extend(
        &self,
        at: Coord,
        king: bool,
        promoted: bool,
        taken: &mut Vec<Coord>,
        path: &mut Vec<Coord>,
        out: &mut Vec<RefMove>,
    ) {
        let options = self.jumps(at, king, taken);
        if options.is_empty() {
            if !taken.is_empty() {
                out.push(RefMove {
                    from: self.from,
                    landings: path.clone(),
                    captured: taken.clone(),
                    promotes: promoted,
                });
            }
            return;
        }
        for (victim, landings) in options {
            taken.push(victim);
            // §1.7: a man landing on its last rank is a king from then on.
            let king_after = |l: Coord| king || l.1 == last_rank(self.us);
            // §1.8: if some landing squares allow another capture, only those may be used.
            let continuing: Vec<Coord> = landings
                .iter()
                .copied()
                .filter(|&l| !self.jumps(l, king_after(l), taken).is_empty())
                .collect();
            let allowed = if continuing.is_empty() {
                landings
            } else {
                continuing
            };
            for landing in allowed {
                path.push(landing);
                let crowned = promoted || (!king && landing.1 == last_rank(self.us));
                self.extend(landing, king_after(landing), crowned, taken, path, out);
                path.pop();
            }
            taken.pop();
        }
    }
}
