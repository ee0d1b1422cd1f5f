//! The panel's action buttons: what each does ([`PanelButton`]), their rows (new game, moves,
//! level, clock, draw rules, files, review), the presses turned into the messages of their concerns (in the
//! input stage) and their colours (in the view stage: hover, press, the selected level, clock,
//! rules and language, the analysis while it runs).
//!
//! "Set FEN", "Load PDN" and "Save PDN" read the [`text_field`](super::text_field).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::text::EditableText;
use shashki::{DrawRules, LEVELS};

use crate::core::clipboard::CopyWhat;
use crate::core::clock::Clocks;
use crate::core::collection::ListCommand;
use crate::core::files::FileCommand;
use crate::core::notice::Notice;
use crate::core::puzzles::PuzzleCommand;
use crate::core::record::RecordCommand;
use crate::core::record::{GameRecord, Mode};
use crate::core::setup::SetupCommand;
use crate::core::sync::Analysis;
use crate::engine::engine_task::EngineCommand;
use crate::ground::TimeControl;
use crate::ground::palette::panel::{
    BUTTON, BUTTON_HOVER, BUTTON_PRESSED, BUTTON_SELECTED, DIM, TEXT,
};
use crate::text::{Catalogue, Lang, Language, Say, SwitchLanguage};
use crate::view::intent::{Intent, Intents};
use crate::view::panel::text_field::{InputField, field_text, pdn_path};
use crate::view::panel::widgets::{
    Words, button_node, font, plain_button, row, show, translated_button, words,
};

/// What a panel button does.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelButton {
    /// Start a new game.
    NewGame(Mode),
    /// Take back.
    Undo,
    /// Replay.
    Redo,
    /// Ask for a hint.
    Hint,
    /// Flip the board.
    Flip,
    /// Choose a level.
    Level(usize),
    /// Set up the FEN in the text field.
    SetFen,
    /// Load the PDN file named in the text field.
    LoadPdn,
    /// Save to the PDN file named in the text field.
    SavePdn,
    /// Swap the sides.
    SwitchSides,
    /// Resign.
    Resign,
    /// Offer a draw.
    OfferDraw,
    /// Show the interface in this language.
    Language(Lang),
    /// Choose a time control (`None`: no clocks).
    TimeControl(Option<TimeControl>),
    /// Choose the draw rules.
    DrawRules(DrawRules),
    /// Review: the start position.
    ReviewStart,
    /// Review: one ply back.
    ReviewBack,
    /// Review: one ply forward.
    ReviewForward,
    /// Review: back to the live position.
    ReviewEnd,
    /// Play on from the position under review (shown only while reviewing).
    PlayFromHere,
    /// Start or stop the analysis.
    Analyse,
    /// Copy the FEN of the position shown.
    CopyFen,
    /// Copy the game as PDN.
    CopyPdn,
    /// Show the list of the games of the file opened last.
    GameList,
    /// Enter the puzzle mode ([`crate::core::puzzles`]).
    Puzzles,
}

/// Shown only while reviewing.
#[derive(Component)]
pub(super) struct OnlyWhileReviewing;

/// A button with a label in the current language (wrapped, centred, when it is long).
pub(super) fn button(action: PanelButton, text: fn(&Catalogue) -> &'static str) -> impl Bundle {
    translated_button(action, Words(text), button_node())
}

/// A button whose label is the same in every language (a level number, a language's name).
pub(super) fn fixed_button(action: PanelButton, text: &str) -> impl Bundle {
    plain_button(action, text, button_node())
}

/// A language's button: its code (`RU`, `EN`), the same in every language.
pub(super) fn language_button(lang: Lang) -> impl Bundle {
    (
        Button,
        PanelButton::Language(lang),
        BackgroundColor(BUTTON),
        children![(Text::new(lang.code()), font(12.0), TextColor(TEXT))],
    )
}

/// The rows that start a game (the four modes and the puzzles) and act on it (undo, redo, hint,
/// flip, resign, draw offer, switch sides).
pub(super) fn game_rows(commands: &mut Commands) -> [Entity; 4] {
    [
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::NewGame(Mode::PlayWhite), |t| t.play_white),
                    button(PanelButton::NewGame(Mode::PlayBlack), |t| t.play_black),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::NewGame(Mode::TwoPlayers), |t| t.two_players),
                    button(PanelButton::NewGame(Mode::EngineVsEngine), |t| t
                        .engine_vs_engine),
                    button(PanelButton::Puzzles, |t| t.puzzles),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::Undo, |t| t.undo),
                    button(PanelButton::Redo, |t| t.redo),
                    button(PanelButton::Hint, |t| t.hint),
                    button(PanelButton::Flip, |t| t.flip),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::Resign, |t| t.resign),
                    button(PanelButton::OfferDraw, |t| t.offer_draw),
                    button(PanelButton::SwitchSides, |t| t.switch_sides),
                ],
            ))
            .id(),
    ]
}

/// The row of the playing levels, one numbered button each.
pub(super) fn level_row(commands: &mut Commands) -> Entity {
    let levels: Vec<Entity> = (1..=LEVELS.len())
        .map(|n| {
            commands
                .spawn(fixed_button(PanelButton::Level(n), &n.to_string()))
                .id()
        })
        .collect();
    commands.spawn(row()).add_children(&levels).id()
}

/// The rows of the settings of a game: the time control and the draw rules.
pub(super) fn setting_rows(commands: &mut Commands) -> [Entity; 2] {
    [
        commands
            .spawn((
                row(),
                children![
                    (
                        words(|t| t.clock_label, 12.0, DIM),
                        Node {
                            align_self: AlignSelf::Center,
                            ..default()
                        }
                    ),
                    button(PanelButton::TimeControl(None), |t| t.no_clock),
                    fixed_button(
                        PanelButton::TimeControl(Some(TimeControl::PRESETS[0])),
                        &TimeControl::PRESETS[0].to_string()
                    ),
                    fixed_button(
                        PanelButton::TimeControl(Some(TimeControl::PRESETS[1])),
                        &TimeControl::PRESETS[1].to_string()
                    ),
                    fixed_button(
                        PanelButton::TimeControl(Some(TimeControl::PRESETS[2])),
                        &TimeControl::PRESETS[2].to_string()
                    ),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    (
                        words(|t| t.draw_rules_label, 12.0, DIM),
                        Node {
                            align_self: AlignSelf::Center,
                            ..default()
                        }
                    ),
                    button(PanelButton::DrawRules(DrawRules::Full), |t| {
                        (t.draw_rules_name)(DrawRules::Full)
                    }),
                    button(PanelButton::DrawRules(DrawRules::Basic), |t| {
                        (t.draw_rules_name)(DrawRules::Basic)
                    }),
                    button(PanelButton::DrawRules(DrawRules::Repetition), |t| {
                        (t.draw_rules_name)(DrawRules::Repetition)
                    }),
                ],
            ))
            .id(),
    ]
}

/// The rows below the text field: FEN and PDN files, the clipboard and the list of games.
pub(super) fn file_rows(commands: &mut Commands) -> [Entity; 2] {
    [
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::SetFen, |t| t.set_fen),
                    button(PanelButton::LoadPdn, |t| t.load_pdn),
                    button(PanelButton::SavePdn, |t| t.save_pdn),
                ],
            ))
            .id(),
        commands
            .spawn((
                row(),
                children![
                    button(PanelButton::CopyFen, |t| t.copy_fen),
                    button(PanelButton::CopyPdn, |t| t.copy_pdn),
                    button(PanelButton::GameList, |t| t.game_list),
                ],
            ))
            .id(),
    ]
}

/// The review row: |◀ ◀ ▶ ▶|, the analysis and "Play on" (only while reviewing).
pub(super) fn review_row(commands: &mut Commands) -> Entity {
    commands
        .spawn((
            row(),
            children![
                fixed_button(PanelButton::ReviewStart, "|◀"),
                fixed_button(PanelButton::ReviewBack, "◀"),
                fixed_button(PanelButton::ReviewForward, "▶"),
                fixed_button(PanelButton::ReviewEnd, "▶|"),
                button(PanelButton::Analyse, |t| t.analyse),
                (
                    OnlyWhileReviewing,
                    button(PanelButton::PlayFromHere, |t| t.play_from_here)
                ),
            ],
        ))
        .id()
}

/// Turns button presses into requests, each to the concern it is for.
pub(super) fn press_buttons(
    buttons: Query<(&Interaction, &PanelButton), Changed<Interaction>>,
    field: Query<&EditableText, With<InputField>>,
    mut intents: Intents,
    mut notice: ResMut<Notice>,
    time: Res<Time>,
    mut armed: Local<Option<(PanelButton, f64)>>,
) {
    for (interaction, action) in &buttons {
        if *interaction != Interaction::Pressed {
            continue;
        }
        let now = time.elapsed_secs_f64();
        match confirmation(*armed, *action, now) {
            Confirmation::Ask(say) => {
                *armed = Some((*action, now));
                notice.info(say);
                continue;
            }
            Confirmation::Confirmed | Confirmation::NotNeeded => *armed = None,
        }
        let text = field_text(&field);
        let intent: Intent = match *action {
            PanelButton::NewGame(mode) => RecordCommand::NewGame(mode).into(),
            PanelButton::Undo => RecordCommand::Undo.into(),
            PanelButton::Redo => RecordCommand::Redo.into(),
            PanelButton::Hint => EngineCommand::Hint.into(),
            PanelButton::Flip => SetupCommand::Flip.into(),
            PanelButton::Level(level) => SetupCommand::Level(level).into(),
            PanelButton::SwitchSides => SetupCommand::SwitchSides.into(),
            PanelButton::Resign => RecordCommand::Resign.into(),
            PanelButton::OfferDraw => EngineCommand::OfferDraw.into(),
            PanelButton::Language(lang) => SwitchLanguage(lang).into(),
            PanelButton::SetFen if text.is_empty() => {
                notice.error(Say::TypeFenFirst);
                continue;
            }
            PanelButton::SetFen => RecordCommand::SetFen(text).into(),
            // In a browser: the file chooser, unless the field names a file the page keeps
            // ("my-games.pdn").
            PanelButton::LoadPdn
                if cfg!(target_arch = "wasm32")
                    && !crate::ground::storage::exists(Path::new(&text)) =>
            {
                FileCommand::Pick.into()
            }
            PanelButton::LoadPdn if text.is_empty() => {
                notice.error(Say::TypePdnFirst);
                continue;
            }
            PanelButton::LoadPdn => FileCommand::Load(PathBuf::from(text)).into(),
            PanelButton::SavePdn => FileCommand::Save(pdn_path(&text)).into(),
            PanelButton::TimeControl(control) => SetupCommand::TimeControl(control).into(),
            PanelButton::DrawRules(rules) => SetupCommand::DrawRules(rules).into(),
            PanelButton::ReviewStart => RecordCommand::ReviewStart.into(),
            PanelButton::ReviewBack => RecordCommand::ReviewBack.into(),
            PanelButton::ReviewForward => RecordCommand::ReviewForward.into(),
            PanelButton::ReviewEnd => RecordCommand::ReviewEnd.into(),
            PanelButton::PlayFromHere => RecordCommand::PlayFromHere.into(),
            PanelButton::Analyse => EngineCommand::ToggleAnalysis.into(),
            PanelButton::CopyFen => FileCommand::Copy(CopyWhat::Fen).into(),
            PanelButton::CopyPdn => FileCommand::Copy(CopyWhat::Pdn).into(),
            PanelButton::GameList => ListCommand::Show(true).into(),
            PanelButton::Puzzles => PuzzleCommand::Start.into(),
        };
        intents.send(intent);
    }
}

/// How long a first press of Resign or Offer draw waits for the second.
pub const CONFIRM_SECONDS: f64 = 5.0;

/// What a press of `pressed` at `now` does, given the button pressed once before (`armed`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirmation {
    /// The button acts at once.
    NotNeeded,
    /// A first press: ask (this notice) and wait for the second.
    Ask(Say),
    /// The second press, in time: act.
    Confirmed,
}

/// Resign and Offer draw end or may end the game: they act on a second press within
/// [`CONFIRM_SECONDS`]; the first one asks. Every other button acts at once.
#[must_use]
pub fn confirmation(
    armed: Option<(PanelButton, f64)>,
    pressed: PanelButton,
    now: f64,
) -> Confirmation {
    let ask = match pressed {
        PanelButton::Resign => Say::ConfirmResign,
        PanelButton::OfferDraw => Say::ConfirmDrawOffer,
        _ => return Confirmation::NotNeeded,
    };
    match armed {
        Some((button, at)) if button == pressed && now - at <= CONFIRM_SECONDS => {
            Confirmation::Confirmed
        }
        _ => Confirmation::Ask(ask),
    }
}

/// Hover and press colours; the current level's, time control's and language's buttons and
/// the analysis while it runs stay highlighted, and "Play on" shows only while reviewing.
pub(super) fn color_buttons(
    record: Res<GameRecord>,
    language: Res<Language>,
    clocks: Res<Clocks>,
    analysis: Res<Analysis>,
    mut buttons: Query<(&Interaction, &PanelButton, &mut BackgroundColor)>,
    mut review_only: Query<&mut Node, With<OnlyWhileReviewing>>,
) {
    for (interaction, action, mut background) in &mut buttons {
        let selected = match action {
            PanelButton::Level(l) => record.level() == Some(*l),
            PanelButton::Language(lang) => language.0 == *lang,
            PanelButton::TimeControl(control) => clocks.control == *control,
            PanelButton::DrawRules(rules) => record.game().draw_rules() == *rules,
            PanelButton::Analyse => analysis.0,
            _ => false,
        };
        let color = match interaction {
            Interaction::Pressed => BUTTON_PRESSED,
            Interaction::Hovered => BUTTON_HOVER,
            Interaction::None if selected => BUTTON_SELECTED,
            Interaction::None => BUTTON,
        };
        if background.0 != color {
            background.0 = color;
        }
    }
    show(&mut review_only, record.review().is_some());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resign_and_offer_draw_act_on_a_second_press_only() {
        use Confirmation::{Ask, Confirmed, NotNeeded};
        let resign = PanelButton::Resign;
        assert_eq!(confirmation(None, resign, 1.0), Ask(Say::ConfirmResign));
        assert_eq!(confirmation(Some((resign, 1.0)), resign, 3.0), Confirmed);
        // Too late, or another button first: ask again.
        assert_eq!(
            confirmation(Some((resign, 1.0)), resign, 1.0 + CONFIRM_SECONDS + 0.1),
            Ask(Say::ConfirmResign)
        );
        let offer = PanelButton::OfferDraw;
        assert_eq!(
            confirmation(Some((resign, 1.0)), offer, 2.0),
            Ask(Say::ConfirmDrawOffer)
        );
        assert_eq!(
            confirmation(Some((resign, 1.0)), PanelButton::Undo, 2.0),
            NotNeeded
        );
    }
}
