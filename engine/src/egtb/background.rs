//! Building the tables in the background, for programs that start without them (the game and
//! `shashki hub`): they keep working while the tables are built, watch the progress, and take
//! the tables once complete.
//!
//! [`open_or_build`] opens a directory and, if it does not hold every table up to the asked
//! number of pieces, starts a [`BackgroundBuild`]: one thread that runs
//! [`build_dir`] on its own rayon pool (one worker by default, so the
//! program's search keeps the other cores) and publishes its progress through atomics that the
//! program polls ([`BackgroundBuild::progress`]) or hears of through a callback. The files are
//! written slice by slice, atomically, so a program that quits mid-build loses at most the slice
//! in progress and the next start resumes.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;

use super::build::{BuildEvent, BuildOptions, build_dir};
use super::error::TbError;
use super::material::Material;
use super::tablebases::Tablebases;

/// How far a background build has come.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BuildProgress {
    /// Index slots done.
    pub done: u64,
    /// Index slots to build in all (0 until the plan is known).
    pub total: u64,
    /// The slice being built.
    pub current: Option<Material>,
    /// The largest piece count being built.
    pub max_pieces: u32,
    /// Whether the build has ended (well or not).
    pub finished: bool,
}

impl BuildProgress {
    /// Done so far, from 0 to 1.
    #[must_use]
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            (self.done as f64 / self.total as f64).min(1.0)
        }
    }
}

impl fmt::Display for BuildProgress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.finished {
            return write!(
                f,
                "endgame tablebases up to {} pieces built",
                self.max_pieces
            );
        }
        write!(
            f,
            "building endgame tablebases up to {} pieces: {:.0}%",
            self.max_pieces,
            100.0 * self.fraction()
        )?;
        if let Some(slice) = self.current {
            write!(f, " ({slice})")?;
        }
        Ok(())
    }
}

/// What the build thread shares with the program.
#[derive(Debug, Default)]
struct Shared {
    done: AtomicU64,
    total: AtomicU64,
    current: Mutex<Option<Material>>,
    finished: AtomicBool,
    result: Mutex<Option<Result<(), TbError>>>,
}

/// A build running on its own thread; see the module documentation.
#[derive(Debug)]
pub struct BackgroundBuild {
    dir: PathBuf,
    max_pieces: u32,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<()>>,
}

impl BackgroundBuild {
    /// Starts building every table up to `max_pieces` pieces into `dir` on a new thread with
    /// `threads` rayon workers. `report` is called from that thread with the progress after each
    /// table and at the end.
    ///
    /// # Errors
    /// [`TbError::Io`] if the thread cannot be started.
    pub fn spawn(
        dir: &Path,
        max_pieces: u32,
        threads: usize,
        report: impl Fn(&BuildProgress) + Send + Sync + 'static,
    ) -> Result<BackgroundBuild, TbError> {
        let shared = Arc::new(Shared::default());
        let thread = {
            let shared = Arc::clone(&shared);
            let thread_dir = dir.to_path_buf();
            std::thread::Builder::new()
                .name("tablebase build".into())
                .spawn(move || {
                    let result = run(&thread_dir, max_pieces, threads, &shared, &report);
                    *shared.result.lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
                    shared.finished.store(true, Ordering::Release);
                    report(&progress(&shared, max_pieces));
                })
                .map_err(|source| TbError::Io {
                    path: dir.to_path_buf(),
                    source,
                })?
        };
        Ok(BackgroundBuild {
            dir: dir.to_path_buf(),
            max_pieces,
            shared,
            thread: Some(thread),
        })
    }

    /// The directory being built.
    #[must_use]
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// How far the build has come.
    #[must_use]
    pub fn progress(&self) -> BuildProgress {
        progress(&self.shared, self.max_pieces)
    }

    /// Whether the build has ended.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.shared.finished.load(Ordering::Acquire)
    }

    /// Once the build has ended: the tables opened from the directory, or why the build
    /// failed. `None` while it runs, and after the result was taken once.
    pub fn take_result(&mut self) -> Option<Result<Tablebases, TbError>> {
        if !self.is_finished() {
            return None;
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        let result = self
            .shared
            .result
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take()?;
        Some(result.map(|()| Tablebases::open(&self.dir)))
    }
}

fn progress(shared: &Shared, max_pieces: u32) -> BuildProgress {
    BuildProgress {
        done: shared.done.load(Ordering::Relaxed),
        total: shared.total.load(Ordering::Relaxed),
        current: *shared
            .current
            .lock()
            .unwrap_or_else(PoisonError::into_inner),
        max_pieces,
        finished: shared.finished.load(Ordering::Acquire),
    }
}

fn run(
    dir: &Path,
    max_pieces: u32,
    threads: usize,
    shared: &Shared,
    report: &(impl Fn(&BuildProgress) + Sync),
) -> Result<(), TbError> {
    let on_event = |event: BuildEvent| match event {
        BuildEvent::Planned { slots, .. } => shared.total.store(slots, Ordering::Relaxed),
        BuildEvent::PairStarted { material, .. } => {
            *shared
                .current
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(material);
        }
        BuildEvent::Progress { slots } => {
            shared.done.fetch_add(slots, Ordering::Relaxed);
        }
        BuildEvent::TableFinished { .. } => report(&progress(shared, max_pieces)),
        BuildEvent::Loaded(_) => {}
    };
    let options = BuildOptions {
        max_pieces,
        ..BuildOptions::default()
    };
    crate::parallel::with_threads(threads, "tablebase build", || {
        build_dir(dir, options, &on_event)
    })
    .map_err(|source| TbError::Io {
        path: dir.to_path_buf(),
        source,
    })??;
    Ok(())
}

/// Opens the tables of `dir`; if they do not reach `max_pieces` pieces, also starts building
/// them there in the background (see [`BackgroundBuild::spawn`]; `max_pieces` 0 never builds).
/// The tables returned are those already complete, usable meanwhile.
///
/// # Errors
/// [`TbError::Io`] if the directory cannot be created or the thread not started.
pub fn open_or_build(
    dir: &Path,
    max_pieces: u32,
    threads: usize,
    report: impl Fn(&BuildProgress) + Send + Sync + 'static,
) -> Result<(Tablebases, Option<BackgroundBuild>), TbError> {
    let tables = Tablebases::open(dir);
    if max_pieces == 0 || tables.max_pieces() >= max_pieces {
        return Ok((tables, None));
    }
    std::fs::create_dir_all(dir).map_err(|source| TbError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let build = BackgroundBuild::spawn(dir, max_pieces, threads, report)?;
    Ok((Tablebases::open(dir), Some(build)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_in_the_background_then_hands_the_tables_over() {
        let dir = std::env::temp_dir().join(format!("shashki-egtb-bg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let reports = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&reports);
        let (tables, build) = open_or_build(&dir, 3, 1, move |p| {
            seen.lock().unwrap().push(p.clone());
        })
        .expect("started");
        assert_eq!(tables.max_pieces(), 0);
        let mut build = build.expect("a build for an empty directory");
        while !build.is_finished() {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let progress = build.progress();
        assert!(progress.finished && progress.done == progress.total && progress.total > 0);
        assert_eq!(
            progress.to_string(),
            "endgame tablebases up to 3 pieces built"
        );
        let tables = build.take_result().expect("finished").expect("built");
        assert_eq!(tables.max_pieces(), 3);
        assert!(build.take_result().is_none(), "taken once");
        let reports = reports.lock().unwrap();
        assert_eq!(
            reports.len(),
            Material::all_up_to(3).len() + 1,
            "one per table, one at the end"
        );
        assert!(reports.windows(2).all(|w| w[0].done <= w[1].done));
        // A complete directory starts no build.
        let (tables, build) = open_or_build(&dir, 3, 1, |_| {}).expect("opened");
        assert!(build.is_none() && tables.max_pieces() == 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
