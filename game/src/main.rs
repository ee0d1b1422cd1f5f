//! `shashki-game`: opens the draughts window (`cargo run --release` from the workspace root).
//!
//! Reads the command line and the saved settings (the flags win), checks that an X11 display is
//! reachable (without one it exits with a message pointing to the `shashki` command-line
//! program), then runs the Bevy app.

use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::{WindowResizeConstraints, WindowResolution};
use clap::Parser;
use shashki_game::{GamePlugin, Options, Setup};

fn main() -> ExitCode {
    let options = Options::parse();
    if let Err(why) = display_available() {
        eprintln!(
            "shashki-game: cannot open a window: {why}.\n\
             Use the command-line program instead, e.g. `cargo run --release -p shashki-cli -- --help`."
        );
        return ExitCode::from(1);
    }
    let settings_path = options
        .settings
        .clone()
        .or_else(shashki_game::core::settings::default_path);
    let (settings, problem) = settings_path
        .as_deref()
        .map(shashki_game::core::settings::load)
        .unwrap_or_default();
    let saved_window = settings.window.unwrap_or([1200, 780]);
    let mut setup = Setup::from_options_and_settings(&options, settings);
    setup.problems.extend(problem);
    setup.settings_path = settings_path;
    setup.own_games = shashki_game::core::pdn_file::OwnGames::for_this_user();
    let min = shashki_game::ground::geometry::MIN_WINDOW;
    // A saved size is kept inside what the window allows.
    let width = options
        .width
        .unwrap_or(saved_window[0])
        .clamp(min.x as u32, 8192);
    let height = options
        .height
        .unwrap_or(saved_window[1])
        .clamp(min.y as u32, 8192);

    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: setup.lang.text().title.into(),
            resolution: WindowResolution::new(width, height),
            // In a page: draw into the site's canvas and follow its size (web/site/index.html).
            canvas: cfg!(target_arch = "wasm32").then(|| "#shashki".to_string()),
            fit_canvas_to_parent: cfg!(target_arch = "wasm32"),
            // A page decides the canvas's size (a phone's is narrower than a desktop window).
            resize_constraints: if cfg!(target_arch = "wasm32") {
                WindowResizeConstraints::default()
            } else {
                WindowResizeConstraints {
                    min_width: min.x,
                    min_height: min.y,
                    ..default()
                }
            },
            ..default()
        }),
        ..default()
    }))
    .add_plugins(GamePlugin { setup });
    if let Some(path) = options.puzzles.clone() {
        app.world_mut()
            .write_message(shashki_game::core::puzzles::PuzzleCommand::Load(path));
    }
    if options.log_fps {
        app.add_plugins(shashki_game::view::fps::plugin);
    }
    app.run();
    ExitCode::SUCCESS
}

/// Checks for a reachable X11 display (this build has no Wayland backend).
#[cfg(not(target_arch = "wasm32"))]
fn display_available() -> Result<(), String> {
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Err("no display (DISPLAY is not set)".into());
    }
    // A local display `:N` is a Unix socket; check it so winit does not fail later.
    if let Some(number) = display.strip_prefix(':') {
        let number = number.split('.').next().unwrap_or_default();
        let socket = format!("/tmp/.X11-unix/X{number}");
        if std::os::unix::net::UnixStream::connect(&socket).is_err() {
            return Err(format!(
                "the X display {display} is not reachable ({socket})"
            ));
        }
    }
    Ok(())
}

/// In a page the canvas is always there (web/site/index.html).
#[cfg(target_arch = "wasm32")]
fn display_available() -> Result<(), String> {
    Ok(())
}
