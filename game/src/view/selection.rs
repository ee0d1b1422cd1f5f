//! Turning clicks on squares into a move: the selected piece, the landing squares clicked so far,
//! and what the next click may be.
//!
//! The game contains no rules: every decision here filters the legal moves and their capture
//! routes that `shashki` computes ([`Position::legal_moves`], [`Position::move_routes`]). A click
//! on a piece selects it; a click on a destination plays the move when exactly one legal move
//! matches; when several captures of that piece end on the same square with different captured
//! pieces, the player narrows them down by clicking the landing squares in turn (a landing square
//! can also be clicked first). Anything else is an [`IllegalClick`] and changes nothing.

use bevy::prelude::Resource;
use shashki::{Move, Position, Square};

/// The click state of the human player.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    /// The selected piece.
    pub piece: Option<Square>,
    /// Landing squares already clicked, in order.
    pub path: Vec<Square>,
    /// The destination chosen while several routes lead there.
    pub target: Option<Square>,
}

/// What a click did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClickOutcome {
    /// A piece was selected.
    Selected(Square),
    /// The selection was cleared.
    Deselected,
    /// Several moves end on the square clicked: click the landing squares in turn.
    ChooseRoute,
    /// Several moves pass the landing square clicked and go on differently: click the next one.
    ChooseNext,
    /// Exactly one legal move matches: play it.
    Play(Move),
    /// The click was rejected; the selection is unchanged.
    Illegal(IllegalClick),
}

/// Why a click was rejected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalClick {
    /// Empty square or an opponent's piece, with nothing selected.
    NotYourPiece,
    /// A capture is mandatory and this piece cannot capture.
    MustCapture,
    /// This piece has no legal move.
    Blocked,
    /// The selected piece cannot go there.
    NotADestination,
}

impl IllegalClick {
    /// A short explanation for the player, in the language of `t`.
    #[must_use]
    pub fn explain(self, t: &crate::text::Catalogue) -> &'static str {
        match self {
            IllegalClick::NotYourPiece => t.not_your_piece,
            IllegalClick::MustCapture => t.must_capture,
            IllegalClick::Blocked => t.blocked,
            IllegalClick::NotADestination => t.not_a_destination,
        }
    }
}

/// A legal move with one of its landing-square routes (origin excluded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The move.
    pub mv: Move,
    /// Its landing squares, ending on the destination.
    pub squares: Vec<Square>,
}

impl Selection {
    /// Clears the selection.
    pub fn clear(&mut self) {
        *self = Selection::default();
    }

    /// The routes of the selected piece still consistent with the clicks so far.
    #[must_use]
    pub fn routes(&self, position: &Position) -> Vec<Route> {
        let Some(piece) = self.piece else {
            return Vec::new();
        };
        let mut routes = Vec::new();
        for mv in position.legal_moves().iter().filter(|m| m.from() == piece) {
            if self.target.is_some_and(|t| t != mv.to()) {
                continue;
            }
            for squares in position.move_routes(mv) {
                if squares.starts_with(&self.path) {
                    routes.push(Route { mv: *mv, squares });
                }
            }
        }
        routes
    }

    /// Destinations of the selected piece's remaining moves.
    #[must_use]
    pub fn destinations(&self, position: &Position) -> Vec<Square> {
        let mut squares: Vec<Square> = self.routes(position).iter().map(|r| r.mv.to()).collect();
        squares.sort_unstable();
        squares.dedup();
        squares
    }

    /// While choosing a route: the landing squares the next click may name.
    #[must_use]
    pub fn next_landings(&self, position: &Position) -> Vec<Square> {
        if self.path.is_empty() && self.target.is_none() {
            return Vec::new();
        }
        let depth = self.path.len();
        let mut squares: Vec<Square> = self
            .routes(position)
            .iter()
            .filter_map(|r| r.squares.get(depth).copied())
            .collect();
        squares.sort_unstable();
        squares.dedup();
        squares
    }

    /// Applies a click on `square` in `position`.
    pub fn click(&mut self, position: &Position, square: Square) -> ClickOutcome {
        let Some(piece) = self.piece else {
            return self.select(position, square);
        };
        if square == piece && self.path.is_empty() && self.target.is_none() {
            self.clear();
            return ClickOutcome::Deselected;
        }
        let routes = self.routes(position);
        let mut next = self.path.clone();
        next.push(square);
        // A landing square on the way (or the destination) of some route.
        let along: Vec<&Route> = routes
            .iter()
            .filter(|r| r.squares.starts_with(&next))
            .collect();
        if let Some(outcome) = self.narrow(&along, || next.clone(), None) {
            // On the way of several routes (and the end of none): the way goes on from here.
            let ends_here = along.iter().any(|r| r.mv.to() == square);
            return match outcome {
                ClickOutcome::ChooseRoute if !ends_here => ClickOutcome::ChooseNext,
                outcome => outcome,
            };
        }
        // The destination of some route, clicked directly.
        let ending: Vec<&Route> = routes.iter().filter(|r| r.mv.to() == square).collect();
        let path = self.path.clone();
        if let Some(outcome) = self.narrow(&ending, || path.clone(), Some(square)) {
            return outcome;
        }
        if position
            .piece_at(square)
            .is_some_and(|p| p.color == position.side_to_move())
        {
            let mut fresh = Selection::default();
            let outcome = fresh.select(position, square);
            if let ClickOutcome::Selected(_) = outcome {
                *self = fresh;
            }
            return outcome;
        }
        ClickOutcome::Illegal(IllegalClick::NotADestination)
    }

    fn narrow(
        &mut self,
        routes: &[&Route],
        path: impl FnOnce() -> Vec<Square>,
        target: Option<Square>,
    ) -> Option<ClickOutcome> {
        let first = routes.first()?;
        if routes.iter().all(|r| r.mv == first.mv) {
            let mv = first.mv;
            self.clear();
            return Some(ClickOutcome::Play(mv));
        }
        self.path = path();
        if target.is_some() {
            self.target = target;
        }
        Some(ClickOutcome::ChooseRoute)
    }

    fn select(&mut self, position: &Position, square: Square) -> ClickOutcome {
        let own = position
            .piece_at(square)
            .is_some_and(|p| p.color == position.side_to_move());
        if !own {
            return ClickOutcome::Illegal(IllegalClick::NotYourPiece);
        }
        if position.legal_moves().iter().any(|m| m.from() == square) {
            *self = Selection {
                piece: Some(square),
                ..Selection::default()
            };
            ClickOutcome::Selected(square)
        } else if position.has_capture() {
            ClickOutcome::Illegal(IllegalClick::MustCapture)
        } else {
            ClickOutcome::Illegal(IllegalClick::Blocked)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn clicks(position: &Position, names: &[&str]) -> (Selection, Vec<ClickOutcome>) {
        let mut selection = Selection::default();
        let outcomes = names
            .iter()
            .map(|n| selection.click(position, sq(n)))
            .collect();
        (selection, outcomes)
    }

    #[test]
    fn select_then_destination_plays_the_move() {
        let position = Position::start();
        let (selection, outcomes) = clicks(&position, &["c3", "d4"]);
        assert_eq!(outcomes[0], ClickOutcome::Selected(sq("c3")));
        assert_eq!(
            outcomes[1],
            ClickOutcome::Play(position.parse_move("c3-d4").unwrap())
        );
        assert_eq!(selection, Selection::default());
    }

    #[test]
    fn destinations_light_up_for_the_selected_piece() {
        let position = Position::start();
        let (selection, _) = clicks(&position, &["c3"]);
        assert_eq!(selection.destinations(&position), vec![sq("b4"), sq("d4")]);
        assert!(selection.next_landings(&position).is_empty());
    }

    #[test]
    fn illegal_clicks_change_nothing() {
        let position = Position::start();
        let (selection, outcomes) = clicks(&position, &["c7", "b2", "c3", "e5"]);
        assert_eq!(
            outcomes[0],
            ClickOutcome::Illegal(IllegalClick::NotYourPiece)
        );
        assert_eq!(outcomes[1], ClickOutcome::Illegal(IllegalClick::Blocked));
        assert_eq!(
            outcomes[3],
            ClickOutcome::Illegal(IllegalClick::NotADestination)
        );
        assert_eq!(selection.piece, Some(sq("c3")));
    }

    #[test]
    fn clicking_another_own_piece_switches_and_the_same_piece_deselects() {
        let position = Position::start();
        let (selection, outcomes) = clicks(&position, &["c3", "e3"]);
        assert_eq!(outcomes[1], ClickOutcome::Selected(sq("e3")));
        assert_eq!(selection.piece, Some(sq("e3")));
        let (selection, outcomes) = clicks(&position, &["c3", "c3"]);
        assert_eq!(outcomes[1], ClickOutcome::Deselected);
        assert_eq!(selection.piece, None);
    }

    #[test]
    fn pieces_that_cannot_capture_are_refused_when_capture_is_mandatory() {
        let position: Position = "W:Wc3,g3:Bd4".parse().unwrap();
        let (_, outcomes) = clicks(&position, &["g3"]);
        assert_eq!(
            outcomes[0],
            ClickOutcome::Illegal(IllegalClick::MustCapture)
        );
    }

    #[test]
    fn routes_to_one_square_with_different_captures_are_chosen_by_landing_squares() {
        // The king on b2 reaches a5 by b2:e5:c7:a5 or by b2:f6:d8:a5, taking different pieces.
        let position: Position = "W:W23,27,K25:B7,9,10,12,22".parse().unwrap();
        let via_e5 = position.parse_move("b2:e5:c7:a5").unwrap();
        let via_f6 = position.parse_move("b2:f6:d8:a5").unwrap();
        assert_ne!(via_e5.captured(), via_f6.captured());

        let (selection, outcomes) = clicks(&position, &["b2", "a5"]);
        assert_eq!(outcomes[1], ClickOutcome::ChooseRoute);
        assert_eq!(selection.target, Some(sq("a5")));
        assert_eq!(selection.next_landings(&position), vec![sq("e5"), sq("f6")]);

        let (_, outcomes) = clicks(&position, &["b2", "a5", "f6"]);
        assert_eq!(outcomes[2], ClickOutcome::Play(via_f6));
        let (_, outcomes) = clicks(&position, &["b2", "a5", "e5"]);
        assert_eq!(outcomes[2], ClickOutcome::Play(via_e5));
        // A landing square that only one route uses is enough on its own.
        let (_, outcomes) = clicks(&position, &["b2", "e5"]);
        assert_eq!(outcomes[1], ClickOutcome::Play(via_e5));
    }

    #[test]
    fn a_square_in_the_middle_of_several_captures_asks_for_the_next_one() {
        // c3 takes d4 to e5, then f6 (to g7) or d6 (to c7): e5 is on the way of both.
        let position: Position = "W:Wc3:Bd4,d6,f6".parse().unwrap();
        let (selection, outcomes) = clicks(&position, &["c3", "e5"]);
        // Not "several captures end there": none ends on e5.
        assert_eq!(outcomes[1], ClickOutcome::ChooseNext);
        assert_eq!(selection.next_landings(&position), vec![sq("c7"), sq("g7")]);
        let to_g7 = position.parse_move("c3:e5:g7").unwrap();
        let (_, outcomes) = clicks(&position, &["c3", "e5", "g7"]);
        assert_eq!(outcomes[2], ClickOutcome::Play(to_g7));
    }
}
