//! Input: pointer presses and releases on the board become [`BoardClick`]s, and clicks become
//! moves through the [`Selection`] — or visible [`ClickFeedback`] when they are illegal.
//!
//! Data flow (all in [`GameSet::Input`](crate::ground::GameSet), before the rules step): the mouse
//! system maps the cursor to a square with the pure [`BoardLayout`] geometry and writes
//! [`BoardClick`] messages (a press selects; releasing over another square after dragging counts
//! as a second click, so click-click and drag-and-drop both work; a press on the piece already
//! selected waits for the release, so that piece can be dragged too). `interpret_clicks` feeds
//! them to the [`Selection`], which filters `shashki`'s legal moves; a unique match is sent on as
//! [`RecordCommand::Play`]. Tests write [`BoardClick`]s directly, without a window.
//!
//! A press lands where the pointer was when the button went down, not where it is when the
//! frame runs: a slow frame (a browser's software renderer) may run after the pointer has moved
//! on. `PointerEvents` reads the window's events of the frame in the order they came.

use bevy::input::ButtonState;
use bevy::input::touch::{Touch, TouchPhase};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowEvent};
use shashki::Square;

use crate::core::notice::Notice;
use crate::core::record::RecordCommand;
use crate::core::record::{Controller, GameRecord, Orientation};
use crate::ground::geometry::BoardLayout;
use crate::text::{Catalogue, Say};
use crate::view::selection::{ClickOutcome, IllegalClick, Selection};

/// A click (or drop) on a dark square of the board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardClick(pub Square);

/// The last rejected click, shown briefly on the board and in the panel.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ClickFeedback {
    /// The square clicked.
    pub square: Option<Square>,
    /// Why it was rejected.
    pub reason: Option<Refusal>,
    /// When (seconds since start-up).
    pub at: f64,
}

/// Why a click on the board did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The engine is to move.
    EngineTurn,
    /// Not a legal step of a move.
    Illegal(IllegalClick),
}

impl Refusal {
    /// The reason in the language of `t`.
    #[must_use]
    pub fn explain(self, t: &Catalogue) -> &'static str {
        match self {
            Refusal::GameOver => t.game_is_over,
            Refusal::EngineTurn => t.wait_for_engine,
            Refusal::Illegal(why) => why.explain(t),
        }
    }
}

/// How long illegal-click feedback stays visible, in seconds.
pub const FEEDBACK_SECONDS: f64 = 1.2;

/// A piece being dragged with the pointer.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Drag {
    /// The square where the press happened.
    pub from: Option<Square>,
    /// Current pointer position, window coordinates.
    pub cursor: Vec2,
    /// Whether the pointer left the press square (the piece then follows it).
    pub moved: bool,
    /// The press was on the piece already selected: its click waits for the release (a release
    /// on the same square deselects, a drop elsewhere moves it).
    pub reselect: bool,
}

/// Registers the input stage.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<BoardClick>()
        // The window's events in order (registered by the window plugin; here too for windowless
        // apps).
        .add_message::<WindowEvent>()
        .init_resource::<Selection>()
        .init_resource::<ClickFeedback>()
        .init_resource::<Drag>()
        .add_systems(
            Update,
            (
                reset_selection_on_change,
                // While the list of games covers the board, its clicks are the list's.
                mouse_to_clicks.run_if(
                    resource_exists::<ButtonInput<MouseButton>>
                        .and_then(|list: Res<crate::core::collection::Collection>| !list.shown),
                ),
                interpret_clicks,
            )
                .chain()
                .in_set(crate::ground::GameSet::Input),
        );
}

/// A new position (a move, undo, new game) invalidates the selection.
fn reset_selection_on_change(
    record: Res<GameRecord>,
    mut selection: ResMut<Selection>,
    mut last: Local<Option<u64>>,
) {
    if *last != Some(record.revision()) {
        *last = Some(record.revision());
        selection.clear();
    }
}

/// Where the pointer was when the left button (or a finger) went down and came up in one frame,
/// read from the window's events in their order; `None` when the frame had no such event or the
/// pointer's place was not known then.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct PointerEvents {
    pressed_at: Option<Vec2>,
    released_at: Option<Vec2>,
}

impl PointerEvents {
    /// The presses and releases among `events` of `window`, the pointer starting at `pointer`
    /// (where it was at the end of the previous frame). With several, the last of each counts.
    fn read<'a>(
        events: impl IntoIterator<Item = &'a WindowEvent>,
        window: Entity,
        mut pointer: Option<Vec2>,
    ) -> PointerEvents {
        let mut found = PointerEvents::default();
        for event in events {
            match event {
                WindowEvent::CursorMoved(moved) if moved.window == window => {
                    pointer = Some(moved.position);
                }
                WindowEvent::CursorLeft(left) if left.window == window => pointer = None,
                WindowEvent::MouseButtonInput(input)
                    if input.window == window && input.button == MouseButton::Left =>
                {
                    match input.state {
                        ButtonState::Pressed => found.pressed_at = pointer,
                        ButtonState::Released => found.released_at = pointer,
                    }
                }
                WindowEvent::TouchInput(touch) if touch.window == window => match touch.phase {
                    TouchPhase::Started => found.pressed_at = Some(touch.position),
                    TouchPhase::Ended | TouchPhase::Canceled => {
                        found.released_at = Some(touch.position);
                    }
                    TouchPhase::Moved => {}
                },
                _ => {}
            }
        }
        found
    }
}

/// Mouse presses and releases over the board become [`BoardClick`]s; so do a finger's on a
/// touch screen (a phone's browser sends touches, not mouse buttons), where it touches. A press
/// and a release are placed where they happened ([`PointerEvents`]), else where the pointer is.
#[allow(clippy::too_many_arguments)] // one system: the inputs it reads, the state it changes
fn mouse_to_clicks(
    buttons: Res<ButtonInput<MouseButton>>,
    touches: Option<Res<Touches>>,
    window: Query<(Entity, &Window), With<PrimaryWindow>>,
    mut window_events: MessageReader<WindowEvent>,
    mut last_pointer: Local<Option<Vec2>>,
    orientation: Res<Orientation>,
    selection: Res<Selection>,
    mut drag: ResMut<Drag>,
    mut clicks: MessageWriter<BoardClick>,
) {
    let Ok((entity, window)) = window.single() else {
        return;
    };
    let happened = PointerEvents::read(window_events.read(), entity, *last_pointer);
    *last_pointer = window.cursor_position();
    let layout = BoardLayout::fit(window.size(), orientation.flipped);
    // A finger: the one that touched or lifted in this frame, else one that stays down.
    let finger = touches.as_deref().and_then(|t| {
        t.iter_just_pressed()
            .chain(t.iter_just_released())
            .chain(t.iter())
            .next()
    });
    let cursor = finger
        .map(Touch::position)
        .or_else(|| window.cursor_position());
    let square = cursor.and_then(|c| layout.square_at(c));
    let pressed_on = happened
        .pressed_at
        .or(cursor)
        .and_then(|c| layout.square_at(c));
    let released_on = happened
        .released_at
        .or(cursor)
        .and_then(|c| layout.square_at(c));
    if let Some(c) = cursor {
        drag.cursor = c;
    }
    let touching = touches
        .as_deref()
        .is_some_and(|t| t.iter().next().is_some());
    let (pressed, just_pressed, just_released) = (
        buttons.pressed(MouseButton::Left) || touching,
        buttons.just_pressed(MouseButton::Left)
            || touches.as_deref().is_some_and(Touches::any_just_pressed),
        buttons.just_released(MouseButton::Left)
            || touches.as_deref().is_some_and(Touches::any_just_released),
    );
    // A release and a press in one frame came in either order: held now means the release
    // ended the earlier press; not held means a quick click (a tap), pressed and released
    // within the frame. Every release must end the drag, or the window stays busy.
    if just_released && pressed {
        release(&mut drag, released_on, &selection, &mut clicks);
    }
    if just_pressed {
        press(&mut drag, pressed_on, cursor, &selection, &mut clicks);
        // Held and already elsewhere: the drag has begun.
        if pressed && drag.from.is_some() && square != drag.from {
            drag.moved = true;
        }
    } else if pressed && drag.from.is_some() && square != drag.from {
        drag.moved = true;
    }
    if just_released && !pressed {
        release(&mut drag, released_on, &selection, &mut clicks);
    }
}

/// A press on `square`: the drag starts there, and the click is sent (unless it waits for the
/// release, on the piece already selected).
fn press(
    drag: &mut Drag,
    square: Option<Square>,
    cursor: Option<Vec2>,
    selection: &Selection,
    clicks: &mut MessageWriter<BoardClick>,
) {
    let reselect = square.is_some() && square == selection.piece;
    *drag = Drag {
        from: square,
        cursor: cursor.unwrap_or_default(),
        moved: false,
        reselect,
    };
    if let Some(square) = square
        && !reselect
    {
        clicks.write(BoardClick(square));
    }
}

/// A release over `square`: a drop after dragging, or the delayed click on the selected piece;
/// the drag ends either way.
fn release(
    drag: &mut Drag,
    square: Option<Square>,
    selection: &Selection,
    clicks: &mut MessageWriter<BoardClick>,
) {
    let dropped = drag.moved && drag.from.is_some() && selection.piece == drag.from;
    if dropped && let Some(square) = square {
        clicks.write(BoardClick(square));
    } else if drag.reselect
        && !drag.moved
        && let Some(from) = drag.from
    {
        // A plain click on the selected piece: deselect it, as before.
        clicks.write(BoardClick(from));
    }
    *drag = Drag::default();
}

/// Runs each click through the [`Selection`]; a unique legal move becomes a play command.
fn interpret_clicks(
    mut clicks: MessageReader<BoardClick>,
    record: Res<GameRecord>,
    time: Res<Time>,
    mut selection: ResMut<Selection>,
    mut feedback: ResMut<ClickFeedback>,
    mut notice: ResMut<Notice>,
    mut commands: MessageWriter<RecordCommand>,
) {
    for &BoardClick(square) in clicks.read() {
        let reject = |feedback: &mut ClickFeedback, reason: Refusal| {
            *feedback = ClickFeedback {
                square: Some(square),
                reason: Some(reason),
                at: time.elapsed_secs_f64(),
            };
        };
        if record.review().is_some() {
            // A click on the board while reviewing goes back to the game, and plays nothing.
            commands.write(RecordCommand::ReviewEnd);
            notice.info(Say::BackToGame);
            continue;
        }
        if !record.ongoing() {
            reject(&mut feedback, Refusal::GameOver);
            continue;
        }
        if record.to_move() == Controller::Engine {
            reject(&mut feedback, Refusal::EngineTurn);
            continue;
        }
        match selection.click(record.game().position(), square) {
            ClickOutcome::Play(mv) => {
                commands.write(RecordCommand::Play {
                    mv,
                    label: None,
                    revision: record.revision(),
                });
            }
            ClickOutcome::Illegal(why) => reject(&mut feedback, Refusal::Illegal(why)),
            ClickOutcome::ChooseNext => {
                feedback.square = None;
                notice.info(Say::ChooseNext);
            }
            ClickOutcome::ChooseRoute => {
                feedback.square = None;
                notice.info(Say::ChooseRoute);
            }
            ClickOutcome::Selected(_) | ClickOutcome::Deselected => feedback.square = None,
        }
    }
}
