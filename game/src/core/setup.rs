//! The setup step: the player's choices about how the game is played — the engine's level, who
//! plays which side, which way the board faces, the clock, the draw rules. (The language is the
//! text floor's own message, [`SwitchLanguage`](crate::text::SwitchLanguage); what the game
//! starts with, from the command line and the saved settings, is
//! [`Setup`](crate::core::options::Setup).)
//!
//! The panel's buttons and the keys write [`SetupCommand`]s; `apply_setup_commands` (in
//! [`GameSet::Rules`](crate::ground::GameSet), the one system that reads them) changes the
//! record's players, strength and draw rules (a new revision when the game is concerned), the
//! [`Orientation`] and the [`Clocks`]' control; the notice says what is now in force. The
//! settings (`core::settings`) keep the choices between runs by watching these resources.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use shashki::{Color, DrawRules};

use crate::core::clock::Clocks;
use crate::core::notice::Notice;
use crate::core::record::{GameRecord, Orientation, Strength};
use crate::ground::TimeControl;
use crate::text::Say;

/// How the player wants the game played; read by `apply_setup_commands` alone.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupCommand {
    /// Choose a playing level (its number, from 1).
    Level(usize),
    /// Swap who plays White and who plays Black, in the position on the board.
    SwitchSides,
    /// Turn the board around.
    Flip,
    /// Choose the time control (`None`: no clocks); both clocks start full from the position
    /// on the board.
    TimeControl(Option<TimeControl>),
    /// Choose the draw rules (docs/RULES.md §2) of this game and the next ones: at once, so a
    /// game a counter rule ended goes on under a set without that rule.
    DrawRules(DrawRules),
}

/// Registers the setup step.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SetupCommand>().add_systems(
        Update,
        apply_setup_commands.in_set(crate::ground::GameSet::Rules),
    );
}

/// What the setup step changes.
#[derive(SystemParam)]
pub struct Choices<'w> {
    /// The game record (players, strength, draw rules).
    record: ResMut<'w, GameRecord>,
    /// Which way the board faces.
    orientation: ResMut<'w, Orientation>,
    /// The clocks (their control).
    clocks: ResMut<'w, Clocks>,
    /// The line of messages under the board.
    notice: ResMut<'w, Notice>,
}

/// Applies each [`SetupCommand`] in the order written.
fn apply_setup_commands(mut commands: MessageReader<SetupCommand>, mut choices: Choices) {
    let Choices {
        record,
        orientation,
        clocks,
        notice,
    } = &mut choices;
    for command in commands.read() {
        match *command {
            SetupCommand::Level(level) => {
                if shashki::Level::get(level).is_some() {
                    record.set_strength(Strength::Level(level));
                    notice.info(Say::LevelSet(level));
                }
            }
            SetupCommand::SwitchSides => {
                // The engine may now be to move: the new revision restarts the engine task.
                record.switch_sides();
                if let Some(human) = record.human_side() {
                    orientation.flipped = human == Color::Black;
                    notice.info(Say::SidesSwitched(human));
                }
            }
            SetupCommand::Flip => orientation.flipped = !orientation.flipped,
            SetupCommand::TimeControl(control) => {
                **clocks = Clocks::new(control, record.game().moves().len());
                notice.info(Say::ClockSet(control));
            }
            SetupCommand::DrawRules(rules) => {
                record.set_draw_rules(rules);
                notice.info(Say::DrawRulesSet(rules));
            }
        }
    }
}
