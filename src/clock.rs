//! The shop's one clock. Every decision the domain makes on time (a hold's or a pay link's end, a
//! code's or a session's expiry, a confirmation window, a reminder's due day) reads it from a
//! [`Clock`] handed in, never from the system directly, so a test moves time instead of waiting
//! for it or editing timestamps in the database.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// A cheap handle (clones share one source): the system's clock in production, a settable one in
/// tests.
#[derive(Clone)]
pub struct Clock(Arc<Source>);

enum Source {
    System,
    /// Stands at the time held until set or advanced.
    Fixed(AtomicI64),
    /// The system's time moved on by the offset held: for a whole shop under test, whose other
    /// parts (timeouts, the order of rows written one after another) need time to pass.
    Shifted(AtomicI64),
}

impl Clock {
    /// The system's clock.
    pub fn system() -> Clock {
        Clock(Arc::new(Source::System))
    }

    /// A test clock standing at `ms` (Unix milliseconds) until [`Clock::set`] or [`Clock::advance`].
    pub fn fixed(ms: i64) -> Clock {
        Clock(Arc::new(Source::Fixed(AtomicI64::new(ms))))
    }

    /// A test clock that runs with the system's but can be moved forward with [`Clock::advance`].
    pub fn shifted() -> Clock {
        Clock(Arc::new(Source::Shifted(AtomicI64::new(0))))
    }

    /// Milliseconds since the Unix epoch: every timestamp in the database.
    pub fn now_ms(&self) -> i64 {
        match &*self.0 {
            Source::System => system_ms(),
            Source::Fixed(ms) => ms.load(Ordering::SeqCst),
            Source::Shifted(offset) => system_ms() + offset.load(Ordering::SeqCst),
        }
    }

    /// Moves a test clock on by `ms` (everything sharing it sees the new time at once).
    ///
    /// # Panics
    /// On the system's clock, which only the world moves.
    pub fn advance(&self, ms: i64) {
        match &*self.0 {
            Source::System => panic!("the system clock cannot be moved"),
            Source::Fixed(at) | Source::Shifted(at) => {
                at.fetch_add(ms, Ordering::SeqCst);
            }
        }
    }

    /// Sets a fixed test clock to `ms`.
    ///
    /// # Panics
    /// On any clock but a fixed one.
    pub fn set(&self, ms: i64) {
        match &*self.0 {
            Source::Fixed(at) => at.store(ms, Ordering::SeqCst),
            _ => panic!("only a fixed clock can be set"),
        }
    }
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::system()
    }
}

impl std::fmt::Debug for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.0 {
            Source::System => f.write_str("Clock::system()"),
            Source::Fixed(ms) => write!(f, "Clock::fixed({})", ms.load(Ordering::SeqCst)),
            Source::Shifted(offset) => write!(f, "Clock::shifted() + {} ms", offset.load(Ordering::SeqCst)),
        }
    }
}

fn system_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fixed_clock_moves_only_when_told_and_its_clones_move_with_it() {
        let clock = Clock::fixed(1_000);
        let other = clock.clone();
        assert_eq!(clock.now_ms(), 1_000);
        clock.advance(500);
        assert_eq!(other.now_ms(), 1_500);
        other.set(42);
        assert_eq!(clock.now_ms(), 42);
    }

    #[test]
    fn a_shifted_clock_runs_ahead_of_the_system_by_what_it_was_advanced() {
        let clock = Clock::shifted();
        let hour = 3_600_000;
        clock.advance(hour);
        let ahead = clock.now_ms() - Clock::system().now_ms();
        assert!((hour - 1_000..=hour).contains(&ahead), "{ahead}");
    }

    #[test]
    #[should_panic(expected = "the system clock cannot be moved")]
    fn the_system_clock_cannot_be_moved() {
        Clock::system().advance(1);
    }
}
