//! Data parallelism for perft and the builders, with or without rayon.
//!
//! With the `parallel` feature this is rayon's prelude: `par_iter`, `par_chunks`,
//! `par_chunks_mut` and `flat_map_iter` spread the work over rayon's pool. Without it the same
//! names are the standard library's sequential iterators, so the code that uses them is written
//! once and gives the same results either way (every use collects or sums in order). The search's
//! threads are `std::thread`s and do not come through here.

#[cfg(feature = "parallel")]
pub(crate) use rayon::prelude::*;

#[cfg(not(feature = "parallel"))]
pub(crate) use sequential::*;

#[cfg(feature = "tablebases")]
/// Runs `work` on a pool of `threads` threads named `name i` when rayon is there; on the calling
/// thread otherwise.
///
/// # Errors
/// The pool could not be built (the system refused a thread).
pub(crate) fn with_threads<T: Send>(
    threads: usize,
    name: &'static str,
    work: impl FnOnce() -> T + Send,
) -> std::io::Result<T> {
    #[cfg(feature = "parallel")]
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .thread_name(move |i| format!("{name} {i}"))
            .build()
            .map_err(std::io::Error::other)?;
        Ok(pool.install(work))
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = (threads, name);
        Ok(work())
    }
}

#[cfg(not(feature = "parallel"))]
#[allow(dead_code)] // Each builder uses some of these, and they come with features.
mod sequential {
    /// rayon's slice methods, sequential.
    pub(crate) trait ParallelSlice<T> {
        /// `iter()`.
        fn par_iter(&self) -> std::slice::Iter<'_, T>;
        /// `chunks(size)`.
        fn par_chunks(&self, size: usize) -> std::slice::Chunks<'_, T>;
        /// `chunks_mut(size)`.
        fn par_chunks_mut(&mut self, size: usize) -> std::slice::ChunksMut<'_, T>;
    }

    impl<T> ParallelSlice<T> for [T] {
        fn par_iter(&self) -> std::slice::Iter<'_, T> {
            self.iter()
        }
        fn par_chunks(&self, size: usize) -> std::slice::Chunks<'_, T> {
            self.chunks(size)
        }
        fn par_chunks_mut(&mut self, size: usize) -> std::slice::ChunksMut<'_, T> {
            self.chunks_mut(size)
        }
    }

    /// rayon's `flat_map_iter`, which is `flat_map` on a sequential iterator.
    pub(crate) trait FlatMapIter: Iterator + Sized {
        /// `flat_map(f)`.
        fn flat_map_iter<U: IntoIterator, F: FnMut(Self::Item) -> U>(
            self,
            f: F,
        ) -> std::iter::FlatMap<Self, U, F> {
            self.flat_map(f)
        }
    }

    impl<I: Iterator> FlatMapIter for I {}
}
