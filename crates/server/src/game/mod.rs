//! The live game: one game's state and rules, pure ([`table`]), one game on
//! the server with its connections ([`room`]), owned by one task per game
//! ([`driver`]) that everything else talks to through a [`handle`], a
//! client's message in the driver ([`messages`]), the tasks it starts for
//! bots and clocks ([`bot`]), what clients see of it
//! ([`view`]), intents checked, stored, applied and told ([`play`]), the bots'
//! thinking ([`think`]), hints ([`hint`]), quick reactions ([`react`]),
//! "play again" ([`rematch`]), takebacks ([`takeback`]), one seat's WebSocket ([`ws`]), the
//! registry of the games held ([`registry`], loaded from storage by [`load`],
//! created within the caps of [`limits`]), what one client may hold at once
//! ([`shares`]), the timers each game keeps ([`timers`]), the waiting room of
//! a table of people ([`waiting`]) and the games' JSON API ([`routes`]); with several instances
//! over one PostgreSQL, the leases kept, lost and handed over ([`lease`]); a
//! socket told whether the server can save ([`saving`]).

pub mod bot;
pub mod cancel;
pub mod driver;
pub mod error;
pub mod handle;
pub mod hint;
pub mod lease;
pub mod limits;
pub mod load;
pub mod messages;
pub mod play;
pub mod react;
pub mod registry;
pub mod rematch;
pub mod room;
pub mod routes;
pub mod saving;
pub mod shares;
pub mod table;
pub mod takeback;
pub mod think;
pub mod timers;
pub mod view;
pub mod waiting;
pub mod ws;
