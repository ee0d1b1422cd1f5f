//! The board view: squares, coordinates, pieces and highlights as sprites — a view of the
//! [`GameRecord`], re-synced whenever it changes.
//!
//! Data flow (in [`GameSet::View`](crate::ground::GameSet), after the rules step): `update_layout`
//! fits the board to the window with the pure [`BoardLayout`]; `sync_pieces` compares the
//! position it shows ([`Shown`]) with the position to show (the record's, or the one under
//! review): when that is one or two moves ahead it animates them in turn along their paths
//! (captured pieces disappear, and a promoted man is crowned, only when the move ends, as in
//! real play); otherwise (undo, new game, FEN, a jump in the review…) it re-spawns the pieces at
//! once. The place and highlight systems then position every entity and colour the
//! overlays (last move, selection, destinations, route choice, mandatory captures, hint, illegal
//! click) from the record, the [`Selection`] and the feedback resources. While an earlier
//! position is shown (a review) the frame is blue instead of wood.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use shashki::{Bitboard, Color as Side, Move, Position, Role, Square};

use crate::core::record::{Controller, GameRecord, Orientation};
use crate::core::sync::{Hint, ViewSync};
use crate::ground::geometry::BoardLayout;
use crate::ground::palette;
use crate::view::input::{ClickFeedback, Drag, FEEDBACK_SECONDS};
use crate::view::selection::Selection;
use crate::view::textures::{self, Textures};

/// How fast pieces move, in squares (diagonal steps) per second.
pub const MOVE_SPEED: f32 = 9.0;
/// Pause at each landing square of a capture, in seconds.
pub const LANDING_PAUSE: f32 = 0.08;
/// The most plies the view animates to catch up with the record; beyond, it shows the position.
pub const MAX_ANIMATED_PLIES: usize = 2;

/// The board's current layout in the window.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Layout(pub BoardLayout);

/// The position the pieces on screen show, and its ply in the record.
#[derive(Resource, Clone, Debug, Default)]
pub struct Shown {
    /// The ply; `None` before the first sync.
    pub ply: Option<usize>,
    /// The position.
    pub position: Position,
}

/// The 64 squares: one sprite showing an 8×8 image, one texel per square, sampled without
/// filtering. One large quad instead of 64 small ones lets a software renderer (lavapipe) shade
/// whole tiles at once. The pattern is the same after the 180° turn of a flip.
#[derive(Component, Clone, Copy, Debug)]
struct Squares;

/// Per-square overlays.
#[derive(Component, Clone, Copy, Debug)]
enum Mark {
    /// Full-square tint.
    Overlay(Square),
    /// Small disc in the middle.
    Dot(Square),
    /// Ring around the piece.
    Ring(Square),
}

/// One side of the wooden frame: top, bottom, left or right. The frame is four strips rather
/// than one square behind the cells, so no pixel is painted twice (overdraw is what costs most
/// under a software renderer).
#[derive(Component, Clone, Copy)]
enum Frame {
    Top,
    Bottom,
    Left,
    Right,
}

/// The frame's width on each side of the squares, in squares.
const FRAME_WIDTH: f32 = 0.15;

#[derive(Component, Clone, Copy)]
enum Label {
    File(u8),
    Rank(u8),
}

#[derive(Component)]
struct TurnMarker;

/// A piece on screen.
#[derive(Component, Clone, Copy, Debug)]
pub struct PieceView {
    /// Its square in the shown position.
    pub square: Square,
}

/// A piece moving along its path.
#[derive(Component, Clone, Debug)]
pub struct Moving {
    mv: Move,
    path: Vec<Square>,
    elapsed: f32,
}

impl Moving {
    fn segment_time(&self, i: usize) -> f32 {
        let (a, b) = (self.path[i], self.path[i + 1]);
        let steps = f32::from(a.file().abs_diff(b.file()));
        steps / MOVE_SPEED + LANDING_PAUSE
    }

    fn total(&self) -> f32 {
        (0..self.path.len() - 1).map(|i| self.segment_time(i)).sum()
    }

    /// The captured pieces the moving piece has already jumped (still on the board until the
    /// move ends — the Turkish strike — but shown faded).
    fn jumped(&self) -> Vec<Square> {
        let mut t = self.elapsed;
        let mut jumped = Vec::new();
        for i in 0..self.path.len() - 1 {
            let d = self.segment_time(i);
            if t < d - LANDING_PAUSE {
                break;
            }
            t -= d;
            let leg = Bitboard::between(self.path[i], self.path[i + 1]) & self.mv.captured();
            jumped.extend(leg);
        }
        jumped
    }

    /// Where the piece is now, window coordinates.
    fn point(&self, layout: &BoardLayout) -> Vec2 {
        let mut t = self.elapsed;
        for i in 0..self.path.len() - 1 {
            let d = self.segment_time(i);
            let (a, b) = (
                layout.square_center(self.path[i]),
                layout.square_center(self.path[i + 1]),
            );
            if t < d {
                let travel = (d - LANDING_PAUSE).max(f32::EPSILON);
                let s = (t / travel).min(1.0);
                return a.lerp(b, s * s * (3.0 - 2.0 * s));
            }
            t -= d;
        }
        layout.square_center(self.path[self.path.len() - 1])
    }
}

/// Registers the board view.
pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::BACKGROUND))
        .init_resource::<Shown>()
        .insert_resource(Layout(BoardLayout::fit(Vec2::new(1280.0, 800.0), false)))
        .add_systems(Startup, (textures::build, spawn_board).chain())
        .add_systems(
            Update,
            (
                update_layout,
                sync_pieces,
                place_board,
                place_pieces,
                highlight,
            )
                .chain()
                .in_set(crate::ground::GameSet::View),
        );
}

fn spawn_board(mut commands: Commands, textures: Res<Textures>) {
    // No MSAA: the round shapes are anti-aliased in their textures (see `textures`), and
    // multisampling is the costliest part of a frame under a software renderer.
    commands.spawn((Camera2d, Msaa::Off));
    for side in [Frame::Top, Frame::Bottom, Frame::Left, Frame::Right] {
        commands.spawn((side, Sprite::from_color(palette::FRAME, Vec2::ONE)));
    }
    commands.spawn((Squares, Sprite::from_image(textures.squares.clone())));
    for square in Square::ALL {
        commands.spawn((
            Mark::Overlay(square),
            Sprite::from_color(Color::NONE, Vec2::ONE),
            Visibility::Hidden,
        ));
        commands.spawn((
            Mark::Dot(square),
            Sprite::from_image(textures.dot.clone()),
            Visibility::Hidden,
        ));
        commands.spawn((
            Mark::Ring(square),
            Sprite::from_image(textures.ring.clone()),
            Visibility::Hidden,
        ));
    }
    for i in 0..8 {
        for label in [Label::File(i), Label::Rank(i)] {
            let text = match label {
                Label::File(f) => char::from(b'a' + f).to_string(),
                Label::Rank(r) => char::from(b'1' + r).to_string(),
            };
            commands.spawn((
                label,
                Text2d::new(text),
                TextColor(palette::LABEL),
                TextFont::default(),
            ));
        }
    }
    commands.spawn((TurnMarker, Sprite::from_image(textures.disc.clone())));
}

/// Fits the board to the window.
fn update_layout(
    window: Query<&Window, With<PrimaryWindow>>,
    orientation: Res<Orientation>,
    mut layout: ResMut<Layout>,
) {
    if let Ok(window) = window.single() {
        let fitted = BoardLayout::fit(window.size(), orientation.flipped);
        if layout.0 != fitted {
            layout.0 = fitted;
        }
    }
}

fn spawn_pieces(commands: &mut Commands, textures: &Textures, position: &Position) {
    for side in [Side::White, Side::Black] {
        let color = match side {
            Side::White => palette::WHITE_PIECE,
            Side::Black => palette::BLACK_PIECE,
        };
        for square in position.pieces(side) {
            let mut piece = commands.spawn((
                PieceView { square },
                Sprite {
                    image: textures.disc.clone(),
                    color,
                    ..default()
                },
            ));
            if position
                .piece_at(square)
                .is_some_and(|p| p.role == Role::King)
            {
                piece.with_children(|parent| {
                    parent.spawn((
                        Sprite {
                            image: textures.crown.clone(),
                            color: palette::CROWN,
                            ..default()
                        },
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    ));
                });
            }
        }
    }
}

/// Keeps the pieces on screen in step with the record: animate one move, or re-spawn.
/// The piece entities and what the board shows.
#[derive(bevy::ecs::system::SystemParam)]
struct Pieces<'w, 's> {
    shown: ResMut<'w, Shown>,
    moving: Query<'w, 's, (Entity, &'static mut Moving)>,
    pieces: Query<'w, 's, (Entity, &'static PieceView)>,
    view: ResMut<'w, ViewSync>,
}

fn sync_pieces(
    mut commands: Commands,
    record: Res<GameRecord>,
    time: Res<Time>,
    textures: Res<Textures>,
    board: Pieces,
) {
    let Pieces {
        mut shown,
        mut moving,
        pieces,
        mut view,
    } = board;
    let game = &record.game();
    let consistent = shown
        .ply
        .is_some_and(|ply| game.positions().get(ply) == Some(&shown.position));
    if let Ok((_, mut animation)) = moving.single_mut()
        && consistent
        && animation.elapsed < animation.total()
    {
        animation.elapsed += time.delta_secs();
        *view = ViewSync::Busy;
        return;
    }
    let respawn = |commands: &mut Commands, position: &Position| {
        for (entity, _) in &pieces {
            commands.entity(entity).despawn();
        }
        spawn_pieces(commands, &textures, position);
    };
    if let Ok((_, animation)) = moving.single() {
        // The animation ended (or the record moved on under it): show the position after it.
        let (ply, mv) = (shown.ply.unwrap_or(0), animation.mv);
        shown.position = shown.position.play_unchecked(&mv);
        shown.ply = Some(ply + 1);
        respawn(&mut commands, &shown.position);
        return;
    }
    let consistent = shown
        .ply
        .is_some_and(|ply| game.positions().get(ply) == Some(&shown.position));
    // The position to show: the live one, or the one under review.
    let target = record.shown_ply();
    let at_rest = if target == game.moves().len() {
        ViewSync::Showing(record.revision())
    } else {
        ViewSync::Reviewing
    };
    match shown.ply {
        // A move or two ahead (a move, a redo with the engine's reply, a step of the review):
        // animate them in turn; further (back from a review far behind) the pieces jump.
        Some(ply) if consistent && ply < target && target - ply <= MAX_ANIMATED_PLIES => {
            let mv = game.moves()[ply];
            if let Some((entity, _)) = pieces.iter().find(|(_, p)| p.square == mv.from()) {
                let path = shown.position.move_path(&mv);
                commands.entity(entity).insert(Moving {
                    mv,
                    path,
                    elapsed: 0.0,
                });
                *view = ViewSync::Busy;
            } else {
                shown.ply = None;
            }
        }
        Some(ply) if consistent && ply == target => *view = at_rest,
        _ => {
            shown.ply = Some(target);
            shown.position = *record.shown_position();
            respawn(&mut commands, &shown.position);
            *view = at_rest;
        }
    }
}

fn world(layout: &BoardLayout, point: Vec2, z: f32) -> Vec3 {
    layout.to_world(point).extend(z)
}

/// Sizes and positions the board, overlays and labels.
#[allow(clippy::type_complexity)]
fn place_board(
    layout: Res<Layout>,
    record: Res<GameRecord>,
    mut sprites: ParamSet<(
        Query<(&mut Sprite, &mut Transform), With<Squares>>,
        Query<(&Mark, &mut Sprite, &mut Transform)>,
        Query<(&Frame, &mut Sprite, &mut Transform)>,
        Query<(&mut Sprite, &mut Transform), With<TurnMarker>>,
    )>,
    mut labels: Query<(&Label, &mut Transform, &mut TextFont), Without<Sprite>>,
) {
    // Only a new layout or a move (the turn marker) changes anything here; rewriting every
    // sprite each frame would mark them all changed for the renderer.
    if !layout.is_changed() && !record.is_changed() {
        return;
    }
    let l = layout.0;
    let size = Vec2::splat(l.square);
    for (mut sprite, mut transform) in &mut sprites.p0() {
        sprite.custom_size = Some(size * 8.0);
        transform.translation = world(&l, l.board_center(), 0.0);
    }
    for (mark, mut sprite, mut transform) in &mut sprites.p1() {
        let (square, scale, z) = match *mark {
            Mark::Overlay(s) => (s, 1.0, 1.0),
            Mark::Dot(s) => (s, 0.3, 4.0),
            Mark::Ring(s) => (s, 0.98, 4.0),
        };
        sprite.custom_size = Some(size * scale);
        transform.translation = world(&l, l.square_center(square), z);
    }
    for (side, mut sprite, mut transform) in &mut sprites.p2() {
        let (long, offset) = (8.0 + 2.0 * FRAME_WIDTH, 4.0 + FRAME_WIDTH / 2.0);
        let (size, offset) = match side {
            Frame::Top => (Vec2::new(long, FRAME_WIDTH), Vec2::new(0.0, -offset)),
            Frame::Bottom => (Vec2::new(long, FRAME_WIDTH), Vec2::new(0.0, offset)),
            Frame::Left => (Vec2::new(FRAME_WIDTH, 8.0), Vec2::new(-offset, 0.0)),
            Frame::Right => (Vec2::new(FRAME_WIDTH, 8.0), Vec2::new(offset, 0.0)),
        };
        sprite.custom_size = Some(size * l.square);
        sprite.color = if record.review().is_some() {
            palette::REVIEW_FRAME
        } else {
            palette::FRAME
        };
        transform.translation = world(&l, l.board_center() + offset * l.square, -1.0);
    }
    let reviewing = record.review().is_some();
    let side = record.shown_position().side_to_move();
    for (mut sprite, mut transform) in &mut sprites.p3() {
        sprite.custom_size = Some(size * 0.32);
        sprite.color = match side {
            _ if !record.ongoing() && !reviewing => Color::NONE,
            Side::White => palette::WHITE_PIECE,
            Side::Black => palette::BLACK_PIECE,
        };
        // Next to the board, on the side of the player to move.
        let bottom = (side == Side::White) != l.flipped;
        let row_y = if bottom { 7.5 } else { 0.5 };
        let point = l.origin + Vec2::new(8.4 * l.square, row_y * l.square);
        transform.translation = world(&l, point, 0.5);
    }
    // Whole pixels: every distinct size costs a font atlas.
    let font_size = (l.square * 0.28).max(8.0).round();
    for (label, mut transform, mut font) in &mut labels {
        let point = match *label {
            Label::File(f) => l.file_label(f),
            Label::Rank(r) => l.rank_label(r),
        };
        transform.translation = world(&l, point, 0.5);
        if !matches!(font.font_size, FontSize::Px(s) if s == font_size) {
            font.font_size = FontSize::Px(font_size);
        }
    }
}

/// Puts each piece on its square, the moving piece on its path, the dragged piece at the cursor.
fn place_pieces(
    layout: Res<Layout>,
    drag: Res<Drag>,
    mut pieces: Query<(&PieceView, Option<&Moving>, &mut Sprite, &mut Transform)>,
    mut crowns: Query<(&ChildOf, &mut Sprite), Without<PieceView>>,
) {
    let l = layout.0;
    let size = Vec2::splat(l.square * 0.84);
    let jumped = pieces
        .iter()
        .find_map(|(_, m, _, _)| m.map(Moving::jumped))
        .unwrap_or_default();
    // Jumped pieces stay on the board, faded, until the move ends.
    let alpha_of = |square| if jumped.contains(&square) { 0.35 } else { 1.0 };
    for (piece, moving, mut sprite, mut transform) in &mut pieces {
        set_size_and_alpha(&mut sprite, size, alpha_of(piece.square));
        let translation = if let Some(moving) = moving {
            world(&l, moving.point(&l), 5.0)
        } else if drag.moved && drag.from == Some(piece.square) {
            world(&l, drag.cursor, 6.0)
        } else {
            world(&l, l.square_center(piece.square), 2.0)
        };
        if transform.translation != translation {
            transform.translation = translation;
        }
    }
    for (parent, mut sprite) in &mut crowns {
        if let Ok((piece, _, _, _)) = pieces.get(parent.parent()) {
            set_size_and_alpha(&mut sprite, size * 0.8, alpha_of(piece.square));
        }
    }
}

/// Sets a sprite's size and opacity, writing only what differs (a write marks it changed).
fn set_size_and_alpha(sprite: &mut Mut<Sprite>, size: Vec2, alpha: f32) {
    if sprite.custom_size != Some(size) {
        sprite.custom_size = Some(size);
    }
    if sprite.color.alpha() != alpha {
        sprite.color.set_alpha(alpha);
    }
}

/// Colours the overlays, dots and rings.
/// What the marks on the board show: the selection, the refused click, the hint.
#[derive(bevy::ecs::system::SystemParam)]
struct MarkSources<'w> {
    selection: Res<'w, Selection>,
    feedback: Res<'w, ClickFeedback>,
    hint: Res<'w, Hint>,
    view: Res<'w, ViewSync>,
    time: Res<'w, Time>,
}

fn highlight(
    record: Res<GameRecord>,
    shown: Res<Shown>,
    sources: MarkSources,
    mut marks: Query<(&Mark, &mut Sprite, &mut Visibility)>,
) {
    let MarkSources {
        selection,
        feedback,
        hint,
        view,
        time,
    } = sources;
    let game = &record.game();
    let position = game.position();
    let mut overlay = [Color::NONE; 32];
    let mut dot: [Option<Color>; 32] = [None; 32];
    let mut ring: [Option<Color>; 32] = [None; 32];

    if let Some(ply) = shown.ply.filter(|&p| p > 0 && p <= game.moves().len()) {
        let mv = game.moves()[ply - 1];
        for square in game.positions()[ply - 1].move_path(&mv) {
            overlay[square.index()] = palette::LAST_MOVE;
        }
    }
    let human_turn =
        view.shows(record.revision()) && record.ongoing() && record.to_move() == Controller::Human;
    if human_turn {
        if let Some(mv) = hint.0 {
            overlay[mv.from().index()] = palette::HINT;
            overlay[mv.to().index()] = palette::HINT;
        }
        if position.has_capture() {
            for square in position.capturers() {
                ring[square.index()] = Some(palette::MUST_CAPTURE);
            }
        }
        if let Some(piece) = selection.piece {
            overlay[piece.index()] = palette::SELECTED;
            for &square in &selection.path {
                overlay[square.index()] = palette::ROUTE;
            }
            let landings = selection.next_landings(position);
            if landings.is_empty() {
                for square in selection.destinations(position) {
                    dot[square.index()] = Some(palette::DESTINATION);
                }
            } else {
                for square in landings {
                    dot[square.index()] = Some(palette::ROUTE);
                }
                if let Some(target) = selection.target {
                    ring[target.index()] = Some(palette::ROUTE);
                }
            }
        }
    }
    let age = time.elapsed_secs_f64() - feedback.at;
    if let Some(square) = feedback.square.filter(|_| age < FEEDBACK_SECONDS) {
        let fade = 1.0 - (age / FEEDBACK_SECONDS) as f32;
        overlay[square.index()] = palette::ILLEGAL.with_alpha(0.75 * fade);
    }

    for (mark, mut sprite, mut visibility) in &mut marks {
        let (color, show) = match *mark {
            // A transparent overlay is hidden, not drawn.
            Mark::Overlay(s) => (overlay[s.index()], overlay[s.index()].alpha() > 0.0),
            Mark::Dot(s) => (
                dot[s.index()].unwrap_or(Color::NONE),
                dot[s.index()].is_some(),
            ),
            Mark::Ring(s) => (
                ring[s.index()].unwrap_or(Color::NONE),
                ring[s.index()].is_some(),
            ),
        };
        if sprite.color != color {
            sprite.color = color;
        }
        let wanted = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}
