//! A tablebase service instead of (or beside) a local tablebase directory: one machine's tables
//! (`shashki egtb serve`) serving many players.
//!
//! The URL is a setting (`--tablebase-url`, kept in `settings.json` with the others:
//! [`TablebaseUrl`](crate::core::settings::TablebaseUrl)). At start-up `native_backend` makes a
//! [`ServiceLink`] of it; a URL that does not parse is a notice. Before the engine searches for
//! its move (at its full strength, not at the levels that choose among candidates), the search
//! thread asks the service about the root ([`ServiceLink::ask`]) with the client the CLI's Hub
//! engine uses (`shashki-tablebase-client`): a win or loss it knows to the ply, within the plies
//! the game's draw counters still allow, is played at once as a tablebase move (exactly as local
//! tables answer at the root); anything else (a draw, a result without plies, a position it does
//! not hold, more pieces than it holds) is searched as usual. A service that fails is told to
//! the player in their language
//! ([`Say::TablebaseService`](crate::text::Say::TablebaseService), shown with the engine's move)
//! and play goes on with the search; it is then left alone for [`QUIET_AFTER_FAILURE`], so a
//! service that is down does not cost every move a time-out. Its largest piece count is asked
//! once (`GET /status`), so positions with more pieces are never sent. Only the root is asked: a
//! search probes far too many positions for a network.
//!
//! A page has no service client (the client is hyper on tokio's sockets): there `ServiceLink` is
//! an empty enum, so no link is ever made and none is asked; the setting is kept, not used.

#[cfg(not(target_arch = "wasm32"))]
pub use client::{QUIET_AFTER_FAILURE, ServiceLink};

#[cfg(not(target_arch = "wasm32"))]
mod client {
    use std::sync::{Mutex, PoisonError};
    use std::time::Duration;

    use shashki::{Game, SearchResult};
    use shashki_tablebase_client::{ServiceError, TablebaseService};

    use crate::core::settings::TablebaseUrl;
    use crate::ground::wall_clock::Instant;
    use crate::text::{Say, ServiceFault};

    /// How long a service that failed is left alone before it is asked again.
    pub const QUIET_AFTER_FAILURE: Duration = Duration::from_secs(60);

    /// The tablebase service the engine asks at the root, and what it learnt of it.
    #[derive(Debug)]
    pub struct ServiceLink {
        service: TablebaseService,
        /// The largest piece count it holds, once asked.
        max_pieces: Mutex<Option<u32>>,
        /// No question before this time (after a failure).
        quiet_until: Mutex<Option<Instant>>,
    }

    impl ServiceLink {
        /// The link to the service of `url` (the setting in force); `Ok(None)` without one.
        ///
        /// # Errors
        /// The notice for a URL that does not name a service.
        pub fn from_setting(url: &TablebaseUrl) -> Result<Option<ServiceLink>, Say> {
            let Some(url) = url.0.as_deref().map(str::trim).filter(|u| !u.is_empty()) else {
                return Ok(None);
            };
            let service = TablebaseService::new(url).map_err(|e| say(&e))?;
            Ok(Some(ServiceLink {
                service,
                max_pieces: Mutex::new(None),
                quiet_until: Mutex::new(None),
            }))
        }

        /// The service's URL.
        #[must_use]
        pub fn url(&self) -> &str {
            self.service.url()
        }

        /// The service's move for the live position of `game` when it knows the win or loss to the
        /// ply and the draw counters leave the plies for it; `Ok(None)` when the position is to be
        /// searched (and while the service is left alone after a failure).
        ///
        /// # Errors
        /// The notice for a service that failed (it is then left alone for a while).
        pub fn ask(&self, game: &Game) -> Result<Option<SearchResult>, Say> {
            let now = Instant::now();
            let quiet = *self
                .quiet_until
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            if quiet.is_some_and(|until| now < until) {
                return Ok(None);
            }
            self.answer(game).map_err(|error| {
                *self
                    .quiet_until
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner) = Some(now + QUIET_AFTER_FAILURE);
                say(&error)
            })
        }

        fn answer(&self, game: &Game) -> Result<Option<SearchResult>, ServiceError> {
            let start = Instant::now();
            let root = game.position();
            let known = *self
                .max_pieces
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let max_pieces = match known {
                Some(n) => n,
                None => {
                    let n = self.service.max_pieces()?;
                    *self
                        .max_pieces
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner) = Some(n);
                    n
                }
            };
            if root.piece_count() > max_pieces || root.legal_moves().is_empty() {
                return Ok(None);
            }
            let Some(answer) = self.service.probe(root)? else {
                return Ok(None);
            };
            let Some((mv, score)) = answer.decisive_move(game) else {
                return Ok(None);
            };
            Ok(Some(SearchResult::from_tablebase(
                mv,
                score,
                start.elapsed(),
            )))
        }
    }

    /// The notice for a service's error, typed so that it is drawn in the player's language.
    fn say(error: &ServiceError) -> Say {
        let fault = match error {
            ServiceError::BadUrl { why, .. } => ServiceFault::BadUrl(why.clone()),
            ServiceError::Unreachable { detail, .. } => ServiceFault::Unreachable(detail.clone()),
            ServiceError::Timeout { after, .. } => ServiceFault::Timeout(after.as_secs()),
            ServiceError::Status { status, reason, .. } => {
                ServiceFault::Status(*status, reason.clone())
            }
            ServiceError::BadAnswer { detail, .. } => ServiceFault::BadAnswer(detail.clone()),
        };
        Say::TablebaseService {
            url: error.url().to_string(),
            fault,
        }
    }
}

/// In a page: no client, so no link can exist.
#[cfg(target_arch = "wasm32")]
#[derive(Debug)]
pub enum ServiceLink {}

#[cfg(target_arch = "wasm32")]
impl ServiceLink {
    /// No link in a page, whatever the setting.
    ///
    /// # Errors
    /// Never.
    pub fn from_setting(
        _url: &crate::core::settings::TablebaseUrl,
    ) -> Result<Option<ServiceLink>, crate::text::Say> {
        Ok(None)
    }

    /// Never called: no link exists in a page.
    ///
    /// # Errors
    /// Never.
    pub fn ask(
        &self,
        _game: &shashki::Game,
    ) -> Result<Option<shashki::SearchResult>, crate::text::Say> {
        match *self {}
    }
}
