//! Waking the window from another thread: the engine's back end calls [`WindowWaker::wake`] when
//! it has something new to show (a deeper iteration, a finished search), so that the window can
//! sleep while the engine thinks instead of drawing every frame to look for news.
//!
//! With Bevy's winit loop the waker sends winit's `WakeUp` user event through the loop's proxy,
//! which runs one update (and draws one frame) however long the reactive wait still is. Without a
//! window (the headless tests' `MinimalPlugins`, whose loop runs every frame anyway) it does
//! nothing. `connect` makes it at start-up from the proxy the winit plugin leaves as a resource.

use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};

/// Wakes the window's event loop; cheap to clone into a task.
#[derive(Resource, Clone, Default)]
pub struct WindowWaker(Option<Arc<dyn Fn() + Send + Sync>>);

impl WindowWaker {
    /// A waker that calls `wake` (the window's is made at start-up; tests count calls).
    pub fn calling(wake: impl Fn() + Send + Sync + 'static) -> WindowWaker {
        WindowWaker(Some(Arc::new(wake)))
    }

    /// Asks the window for one update as soon as it can (a no-op without a window).
    pub fn wake(&self) {
        if let Some(wake) = &self.0 {
            wake();
        }
    }
}

/// Registers the waker: a no-op one at once, the window's own at start-up if there is a window.
pub fn plugin(app: &mut App) {
    app.init_resource::<WindowWaker>()
        .add_systems(PreStartup, connect);
}

fn connect(proxy: Option<Res<EventLoopProxyWrapper>>, mut waker: ResMut<WindowWaker>) {
    let Some(proxy) = proxy else {
        return;
    };
    let proxy = Mutex::new((**proxy).clone());
    *waker = WindowWaker::calling(move || {
        // The loop has ended when the window closes: nothing is left to wake.
        let _ = proxy
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .send_event(WinitUserEvent::WakeUp);
    });
}
