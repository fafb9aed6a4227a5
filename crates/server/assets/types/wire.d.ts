// The wire types of crates/protocol/src, made by ts-rs from the Rust types: do not edit.
// Regenerate: UPDATE_WIRE_TYPES=1 cargo test -p triominos-server --test it wire_types::

/**
 * The account signed in (`GET /api/account`, and the answer of a sign-in).
 */
export type AccountView = { 
/**
 * The account's id (public: a profile's address).
 */
id: string, 
/**
 * Its display name.
 */
name: string, 
/**
 * When it was created, in Unix seconds.
 */
created: number, 
/**
 * Whether it has a password (an account may have passkeys only).
 */
password: boolean, 
/**
 * Its passkeys.
 */
passkeys: number, 
/**
 * Recovery codes still unused.
 */
recovery_left: number, };

/**
 * What a player does on their turn. Small and `Copy`.
 *
 * With the `serde` feature: `{"kind": "play", "tile": "1-2-4", "cell": [0, 0],
 * "rotation": 1, "announce": true}` (`announce` is left out when false and
 * false when absent), `{"kind": "draw"}`, `{"kind": "pass"}`.
 */
export type Action = { "kind": "play", 
/**
 * Whether the player announces the bonuses the tile forms. Under
 * `announce_bonuses` an unannounced figure bonus is lost; otherwise
 * the flag changes nothing (the engine records the play unannounced).
 */
announce?: boolean, 
/**
 * The tile.
 */
tile: Tile, 
/**
 * Where it goes.
 */
cell: Cell, 
/**
 * Its rotation, 0..3.
 */
rotation: number, } | { "kind": "draw" } | { "kind": "pass" };

/**
 * Bonus flags of one action, in the order record.md lists them.
 */
export type Bonuses = Array<"start" | "bridge" | "bridge_extension" | "hexagon" | "double_hexagon" | "triple_hexagon" | "fail">;

/**
 * A unit triangle of the lattice. 56 tiles connected by edges stay within
 * 56 columns and 28 rows of the origin, so the grid bounds are never reached
 * by a real game; [`Cell::new`] refuses anything outside them.
 */
export type Cell = [number, number];

/**
 * `POST /api/account/password`: `{"old", "new"}`.
 */
export type ChangePassword = { 
/**
 * The password now.
 */
old: string, 
/**
 * The new one.
 */
new: string, };

/**
 * `POST /api/account/claims`: the seats this browser holds, to claim into
 * the account signed in (at most [`MAX_CLAIMS`] are looked at).
 */
export type ClaimSeats = { 
/**
 * The seats' links.
 */
seats: Array<SeatLink>, };

/**
 * The answer of `POST /api/account/claims`.
 */
export type Claimed = { 
/**
 * Seats claimed now (those already the account's are not counted;
 * a wrong token, or a seat another account claimed, is left out).
 */
claimed: number, };

/**
 * A message from the browser. [`ClientMsgKind`] names its variants (the
 * `type`s), as serde spells them.
 */
export type ClientMsg = { "type": "hello", 
/**
 * The seat's secret token.
 */
token?: string, } | { "type": "action", 
/**
 * What it asks for.
 */
action: Intent, 
/**
 * The client's message id, echoed in the `ack` or `error`. An id the
 * seat gave one of its last accepted intents (the server keeps
 * `game::room::INTENT_IDS` of them) makes this one a duplicate: acknowledged again, not applied.
 */
id?: number, } | { "type": "next_round", 
/**
 * The client's message id (a duplicate as for `action`).
 */
id?: number, } | { "type": "since", 
/**
 * The last version the client has.
 */
v?: number, } | { "type": "snapshot" } | { "type": "ping", 
/**
 * The client's message id, echoed in the `pong`.
 */
id?: number, } | { "type": "hint", 
/**
 * The client's message id, echoed in the answer.
 */
id?: number, } | { "type": "rematch" } | { "type": "rematch_decline" } | { "type": "react", 
/**
 * Which of the fixed reactions.
 */
code: Reaction, } | { "type": "takeback" } | { "type": "takeback_answer", 
/**
 * Whether this seat accepts.
 */
accept: boolean, } | { "type": "move", 
/**
 * The move as typed.
 */
text: string, 
/**
 * The client's message id (a duplicate as for `action`).
 */
id?: number, } | { "type": "start" } | { "type": "give_seat", 
/**
 * The seat.
 */
seat: number, } | { "type": "cancel" };

/**
 * The turn clock as sent: whose time runs and how much is left, counted
 * by the server when the message is made (never a time of day: the
 * browser's clock may be wrong).
 */
export type Clock = { 
/**
 * The seat whose turn it is, `null` between rounds (then the next
 * round is dealt when the time is up).
 */
seat: number | null, 
/**
 * Milliseconds left (0: the time is up, the server acts now).
 */
remaining_ms: number, 
/**
 * The whole time of a turn, in milliseconds.
 */
move_ms: number, 
/**
 * The time reserve the seat to move has left on top of `remaining_ms`
 * (a live table's; spent once the turn's time is up), in milliseconds:
 * the stand-in takes the seat only when both are spent. Missing when
 * the table has no reserve, or between rounds.
 */
reserve_ms?: number, };

/**
 * `POST /api/games`: `{preset, options, seats: [{kind, name, level}], seed?}`.
 */
export type CreateGame = { 
/**
 * Preset name.
 */
preset: string, 
/**
 * House rules: option name to value.
 */
options: { [key in string]: string }, 
/**
 * The seats in order.
 */
seats: Array<SeatRequest>, 
/**
 * The dealing seed (random when missing). Refused (`seed_not_allowed`)
 * for a game with people unless the server runs with
 * the server's `ServeConfig::fixed_seeds`; shown once the game is over.
 */
seed: number | null, 
/**
 * Whether the people at the table may ask for a suggested move (see
 * [`ClientMsg::Hint`](super::socket::ClientMsg::Hint)); off when missing.
 */
hints: boolean, 
/**
 * The table's pace (untimed when missing; see [`Pace`]); refused with
 * `bad_pace` when not one offered.
 */
pace: Pace, 
/**
 * The level of the bot that stands in for a person out of time or
 * resigned: a named level (`casual` when missing).
 */
stand_in: string | null, 
/**
 * Whether a person may ask to take back their last placement (the
 * others accept or refuse: [`ClientMsg::Takeback`](super::socket::ClientMsg::Takeback));
 * off when missing.
 */
takebacks: boolean, 
/**
 * Whether a table of several people waits for them to open their links
 * before its game starts (a waiting room, [`Waiting`](super::Waiting);
 * the default). `false`: it starts when made, for a client that seats
 * every person itself at once (a script). A table of one person and
 * bots always starts when made.
 */
wait: boolean, 
/**
 * Whether the finished game is listed on the front page ("Finished
 * games", `GET /api/games`) for any visitor. When missing: a game with a
 * person (a table of friends, a solo game) is private, listed nowhere
 * and opened only through its links (a seat's, or the spectator link
 * `/g/ID`, which its replay and review share); a game of bots alone is
 * listed.
 */
listed: boolean | null, };

/**
 * `POST /api/pad`: `{names, preset, options}`.
 */
export type CreateSheet = { 
/**
 * Player names, in seat order.
 */
names: Array<string>, 
/**
 * Preset name.
 */
preset: string, 
/**
 * House rules: option name to value.
 */
options: { [key in string]: string }, };

/**
 * The answer to [`CreateGame`].
 */
export type Created = { 
/**
 * Game id.
 */
id: string, 
/**
 * Every seat.
 */
seats: Array<CreatedSeat>, 
/**
 * The spectator link.
 */
spectator: string, };

/**
 * One seat of a new game, with its secret link (humans).
 */
export type CreatedSeat = { 
/**
 * Seat number.
 */
seat: number, 
/**
 * Human or bot.
 */
kind: SeatKind, 
/**
 * Display name.
 */
name: string, 
/**
 * Bot level.
 */
level: string | null, 
/**
 * The seat's secret link (humans).
 */
link: string | null, };

/**
 * `POST /api/account/signup` and `POST /api/account/signin`:
 * `{"name", "password"}`.
 */
export type Credentials = { 
/**
 * The display name.
 */
name: string, 
/**
 * The password.
 */
password: string, };

/**
 * `GET /api/puzzles/daily?date=YYYY-MM-DD`: the day's puzzle.
 */
export type Daily = { 
/**
 * The puzzle's id.
 */
id: string, 
/**
 * The date asked for.
 */
date: string, };

/**
 * A review decision's two moves in the move notation (`255L555`, `draw`);
 * `null` where a move has no name on that board (never in a real game).
 */
export type DecisionMoves = { 
/**
 * The move played.
 */
played: string | null, 
/**
 * The judge's preferred move.
 */
best: string | null, };

/**
 * `POST /api/account/delete`: the account's display name typed again, to
 * confirm.
 */
export type DeleteAccount = { 
/**
 * The display name, as a confirmation (case-insensitive).
 */
name: string, };

/**
 * `DELETE /api/pad/{id}`.
 */
export type Deleted = { 
/**
 * The id of the sheet removed.
 */
deleted: string, };

/**
 * One numbered public delta: who did what, the public events and score
 * changes it caused, and the status after it.
 */
export type Delta = { 
/**
 * Its number: the version it made (0: the deal).
 */
v: number, 
/**
 * Who acted (`null` for the server).
 */
seat: number | null, 
/**
 * What was done.
 */
action: Step, 
/**
 * What everyone saw happen.
 */
events: Array<EventWire>, 
/**
 * The score changes.
 */
scores: Array<ScoreLine>, 
/**
 * The status after it.
 */
status: GameStatus, };

/**
 * `POST /api/pools`: "Play now" at a table of `size` seats of this preset
 * and pace.
 */
export type EnterPool = { 
/**
 * Preset name.
 */
preset: string, 
/**
 * The table's pace (untimed when missing); one offered.
 */
pace: Pace, 
/**
 * Seats at the table: 2, 3 or 4 (within the preset's).
 */
size: number, 
/**
 * The person's name at the table (may be empty).
 */
name: string, 
/**
 * Seconds after which the seats still free are given to bots (5 to
 * 600); never when missing.
 */
bots_after_s: number | null, };

/**
 * One line of the sheet, as the table enters it.
 */
export type Entry = { "kind": "play", 
/**
 * Seat.
 */
player: number, 
/**
 * The tile.
 */
tile: Tile, 
/**
 * The figures it formed, as the table declares them.
 */
bonus: Figures, 
/**
 * Whether the player announced the figures (see the [`pad`](crate::pad) documentation).
 */
announced?: boolean, } | { "kind": "draw", 
/**
 * Seat.
 */
player: number, 
/**
 * Tiles drawn (1 to `max_draws`).
 */
draws: number, 
/**
 * The tile placed after the draws, if any.
 */
placed: Placed | null, } | { "kind": "pass", 
/**
 * Seat.
 */
player: number, } | { "kind": "out", 
/**
 * Seat that went out.
 */
player: number, 
/**
 * Each seat's hand (by seat; missing or `None` when not needed).
 */
hands: Array<Hand | null>, } | { "kind": "blocked", 
/**
 * Each seat's hand, by seat.
 */
hands: Array<Hand | null>, };

/**
 * `POST /api/pad/{id}/entries` (and `PUT`, `preview`): `{"entry", "at"?}`.
 */
export type EntryRequest = { 
/**
 * The entry (read apart, so that a bad entry is told from bad JSON).
 */
entry: JsonValue, 
/**
 * Insert before this entry instead of adding at the end.
 */
at: number | null, };

/**
 * Something everyone at the table sees happen.
 *
 * Not core's [`Event`] itself: the wire form says more than the engine's
 * event (a play's `unclaimed` bonuses and its `notation`, worked out by the
 * server against the board before the play), the round's end in its one
 * wire shape ([`RoundEndWire`]) and the hands and scores of the game's seats
 * only (core keeps fixed-size arrays); [`EventWire::of`] is the one mapping.
 */
export type EventWire = { "type": "round_started", 
/**
 * Round number.
 */
round: number, 
/**
 * Who opens.
 */
starter: number, } | { "type": "played", 
/**
 * Seat.
 */
player: number, 
/**
 * The placement.
 */
placement: Placement, 
/**
 * Points the action scored.
 */
points: number, 
/**
 * Bonuses scored.
 */
bonuses: Bonuses, 
/**
 * Figure bonuses the tile formed that were lost because the play
 * was not announced (under `announce_bonuses`; always empty without it).
 */
unclaimed: Bonuses, 
/**
 * The play in the move notation (docs/notation.md), written on the
 * board it was played on: `255L555`, `124^2`, `155L125!`.
 */
notation: string, } | { "type": "drew", 
/**
 * Seat.
 */
player: number, 
/**
 * Points (the draw penalty, and the fail penalty on a failed last draw).
 */
points: number, 
/**
 * Whether this was the last allowed draw and nothing could be placed.
 */
failed: boolean, } | { "type": "passed", 
/**
 * Seat.
 */
player: number, 
/**
 * Points.
 */
points: number, } | { "type": "revealed", 
/**
 * Seat.
 */
player: number, 
/**
 * The tile.
 */
tile: Tile, } | { "type": "round_ended", 
/**
 * Round number.
 */
round: number, 
/**
 * How.
 */
end: RoundEndWire, 
/**
 * Each seat's hand at the end.
 */
hands: Array<TileSet>, 
/**
 * The end-of-round score change per seat.
 */
scores: Array<number>, } | { "type": "game_ended", 
/**
 * The winners.
 */
winners: Seats, } | { "type": "timed_out", 
/**
 * The seat.
 */
player: number, 
/**
 * Points (minus the penalty).
 */
points: number, 
/**
 * Whether a tile was taken.
 */
took: boolean, };

/**
 * A figure a cell would form.
 */
export type Figure = "hexagon" | "double_hexagon" | "triple_hexagon" | "bridge" | "bridge_extension";

/**
 * The figures a tile forms where it is placed: what the bonuses are about.
 * They depend on the cell only ([`Board::figures_at`]). The score pad takes
 * them as the table declares them.
 */
export type Figures = { 
/**
 * A bridge: exactly one shared edge, and the opposite corner touches a tile.
 */
bridge: boolean, 
/**
 * A bridge extension: two or more shared edges, one of them with a tile
 * that formed a bridge.
 */
bridge_extension: boolean, 
/**
 * Hexagons completed (0 to 3).
 */
hexagons: number, };

/**
 * One finished game in [`GameList`].
 */
export type FinishedGame = { 
/**
 * Game id.
 */
id: string, 
/**
 * Unix seconds when it was created.
 */
created: number, 
/**
 * Unix seconds when it ended.
 */
finished: number, 
/**
 * Its summary.
 */
summary: GameSummary, };

/**
 * One step of a [`Replay`]: the delta the live game sent, with every hand
 * after it and the tile drawn (when the step is a draw).
 */
export type Frame = { 
/**
 * Every seat's hand after the step.
 */
hands: Array<TileSet>, 
/**
 * The tile drawn by this step.
 */
drawn: Tile | null, 
/**
 * Its number: the version it made (0: the deal).
 */
v: number, 
/**
 * Who acted (`null` for the server).
 */
seat: number | null, 
/**
 * What was done.
 */
action: Step, 
/**
 * What everyone saw happen.
 */
events: Array<EventWire>, 
/**
 * The score changes.
 */
scores: Array<ScoreLine>, 
/**
 * The status after it.
 */
status: GameStatus, };

/**
 * `GET /api/games/{id}`: the public game, its version and status.
 */
export type GameInfo = { 
/**
 * Accepted intents so far.
 */
version: number, 
/**
 * Where it stands.
 */
status: GameStatus, 
/**
 * The deal seed, once the game is over (never before: it tells every hand).
 */
seed: number | null, 
/**
 * Game id (`null` for a record sent to be replayed).
 */
id: string | null, 
/**
 * Preset name.
 */
preset: string, 
/**
 * Every option, by name.
 */
options: { [key in string]: string }, 
/**
 * The seats in order.
 */
seats: Array<PublicSeat>, 
/**
 * Unix seconds when it was created (`null` for a record).
 */
created: number | null, 
/**
 * Whether the people at the table may ask for a suggested move.
 */
hints: boolean, 
/**
 * The table's pace: how long a person has for a turn (untimed in
 * games stored before paces, and in records).
 */
pace: Pace, 
/**
 * The level of the bot that plays for a person whose time ran out or
 * who resigned (`null` for a record).
 */
stand_in: string | null, 
/**
 * Whether a person may ask to take back their last placement.
 */
takebacks: boolean, 
/**
 * A table of people waiting for them: who has sat down so far (the game
 * starts when every person has; no clock runs, no bot plays until
 * then). Missing once the game started, and in records.
 */
waiting?: Waiting, 
/**
 * The table was cancelled before it started (by its creator, or for
 * want of people).
 */
cancelled?: boolean, };

/**
 * `GET /api/games`: the finished games, newest first.
 */
export type GameList = { 
/**
 * The games.
 */
games: Array<FinishedGame>, };

/**
 * `GET /api/games/{id}/review?seat=N`: the game, the seat reviewed, the
 * replay frame before each decision (`frames[k]`, in [`Replay`]'s frames)
 * and the review (what `triominos review --json` prints).
 */
export type GameReview = { 
/**
 * The game.
 */
game: PublicGame, 
/**
 * The seat reviewed.
 */
seat: number, 
/**
 * The replay frame before each decision.
 */
frames: Array<number>, 
/**
 * The review.
 */
review: unknown, 
/**
 * Each decision's played and best moves in the move notation
 * (docs/notation.md), written on the board the player faced, in the
 * order of the review's decisions.
 */
notation: Array<DecisionMoves>, };

/**
 * Where a game stands: everything a spectator may know besides the log.
 */
export type GameStatus = { 
/**
 * Round number.
 */
round: number, 
/**
 * `playing`, `round_over` or `game_over`.
 */
phase: Phase, 
/**
 * Seat to act.
 */
to_move: number, 
/**
 * Seat that opened the round.
 */
starter: number, 
/**
 * Draws this turn.
 */
draws: number, 
/**
 * Consecutive passes.
 */
passes: number, 
/**
 * Tiles in the pool.
 */
pool: number, 
/**
 * Tiles in each hand.
 */
hand_sizes: Array<number>, 
/**
 * Each seat's total.
 */
totals: Array<number>, 
/**
 * Each seat's points this round.
 */
round_points: Array<number>, 
/**
 * How the round ended, once it has.
 */
round_end: RoundEndWire | null, 
/**
 * The round's winners, once it has ended.
 */
round_winners: Seats, 
/**
 * The game's winners, once it is over.
 */
winners: Seats, 
/**
 * Seats that reached the target.
 */
reached: Seats, 
/**
 * Seats the table's stand-in bot plays (their time ran out, or they
 * resigned); left out when none.
 */
stand_in?: Seats, 
/**
 * Seats that resigned (they cannot win); left out when none.
 */
resigned?: Seats, };

/**
 * What the list of finished games shows of one; stored with the game when it ends.
 */
export type GameSummary = { 
/**
 * Whether the game is listed among the finished games (the creator's
 * choice, [`CreateGame::listed`]); summaries stored before it read as
 * private. Written first: the store lists the summaries holding
 * `"listed":true` (the server's `store::LISTED`).
 */
listed: boolean, 
/**
 * Preset name.
 */
preset: string, 
/**
 * The seats.
 */
seats: Array<PublicSeat>, 
/**
 * Final totals.
 */
totals: Array<number>, 
/**
 * The winners.
 */
winners: Seats, 
/**
 * Rounds played.
 */
rounds: number, 
/**
 * A table cancelled before it started (left out of the lists).
 */
cancelled?: boolean, };

/**
 * What the player is asked to do, judged on what the engine says happened.
 */
export type Goal = { "kind": "place", 
/**
 * The tile to place.
 */
tile: Tile | null, } | { "kind": "score", 
/**
 * The fewest points.
 */
at_least: number, } | { "kind": "bonus", 
/**
 * The bonus's name.
 */
bonus: string, } | { "kind": "draw", 
/**
 * Whether the draw must be the failed last one of the turn.
 */
fail: boolean, } | { "kind": "out" } | { "kind": "blocked" } | { "kind": "win" };

/**
 * The three grades of a hint, from the least given away to the most: the
 * idea in a sentence (a reason that names no tile), then the tile, then the
 * spot and turn.
 */
export type Grades = { 
/**
 * The idea: a reason that names no tile.
 */
idea: Reason, 
/**
 * The tile to play (none for a draw or a pass).
 */
tile: Tile | null, 
/**
 * Where and how: the whole action.
 */
action: Action, };

/**
 * What a hand holds at the end of a round: its tiles, or only their sum.
 */
export type Hand = { "tiles": Array<Tile> } | { "sum": number };

/**
 * How much help one seat had in one round: `{"round", "seat", "count"}`
 * hints, and `"takebacks"` when it took moves back (left out when none).
 * Stored with the game's setup, shown on the score sheet.
 */
export type HintUse = { 
/**
 * Round number.
 */
round: number, 
/**
 * Seat.
 */
seat: number, 
/**
 * Hints given.
 */
count: number, 
/**
 * Takebacks made (issue 45: counted as hints are).
 */
takebacks?: number, };

/**
 * What a seat (or the server, between rounds) asks for. Stored, and sent in
 * `action` messages: a game action (`{"kind": "play", ...}`, `draw`, `pass`)
 * or `{"kind": "next_round"}`.
 */
export type Intent = { "kind": "next_round" } | { "kind": "stand_in", 
/**
 * The seat.
 */
seat: number, } | { "kind": "back", 
/**
 * The seat.
 */
seat: number, } | { "kind": "resign", 
/**
 * The seat.
 */
seat: number, } | { "kind": "time_out", 
/**
 * The seat.
 */
seat: number, } | Action;

/**
 * `POST /api/tables/{id}/join`: a free seat of a public table, held a
 * minute for the person who asked (their link opens it).
 */
export type Joined = { 
/**
 * Game id.
 */
id: string, 
/**
 * The seat.
 */
seat: number, 
/**
 * The seat's secret link (`/g/ID/TOKEN`).
 */
link: string, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

/**
 * A sheet with its owner key: the answer to `POST /api/pad` and `POST
 * /api/pad/{id}/claim`, the only answers that tell the key. Every change
 * to the sheet sends it in the `X-Pad-Key` header.
 */
export type KeyedSheet = { 
/**
 * Its owner key (128-bit random, hex).
 */
key: string, 
/**
 * Sheet id.
 */
id: string, 
/**
 * Changes so far (name it in `?version=` to change the sheet).
 */
version: number, 
/**
 * Unix seconds.
 */
created: number, 
/**
 * Unix seconds of the last change.
 */
updated: number, 
/**
 * Player names.
 */
names: Array<string>, 
/**
 * Preset name.
 */
preset: string, 
/**
 * Every option, by name.
 */
options: { [key in string]: string }, 
/**
 * Every line.
 */
entries: Array<LineView>, 
/**
 * Where it stands.
 */
status: StatusView, 
/**
 * Whether the sheet has an owner key (`false`: a sheet of a server
 * before the keys, changed by nobody until someone claims it).
 */
owned: boolean, };

/**
 * A legal placement with what it would score.
 */
export type LegalPlacement = { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * The cell.
 */
cell: Cell, 
/**
 * The rotation.
 */
rotation: number, 
/**
 * Points it would score, announced.
 */
points: number, 
/**
 * Bonuses it would score, announced.
 */
bonuses: Bonuses, 
/**
 * Points it would score played unannounced: under `announce_bonuses`,
 * `points` without its figure bonuses; otherwise the same as `points`.
 */
unannounced: number, 
/**
 * The placement in the move notation, unannounced (`255L555`; the
 * opening with its turn, `124^2`): what a player types to make it.
 */
notation: string, };

/**
 * One score change of a try.
 */
export type LessonItem = { 
/**
 * Seat.
 */
player: number, 
/**
 * Why (`tile`, `hexagon`, `draw`, `own_hand`...: the `reason.` names).
 */
reason: string, 
/**
 * Points.
 */
points: number, };

/**
 * A placed tile as drawn: the placement and who placed it.
 */
export type LessonPlaced = { 
/**
 * Seat.
 */
player: number, 
/**
 * The tile.
 */
tile: Tile, 
/**
 * Where it goes.
 */
cell: Cell, 
/**
 * Its rotation, 0..3.
 */
rotation: number, };

/**
 * `GET /api/learn`: for each preset, its lessons' names in order.
 */
export type LessonSets = { 
/**
 * Preset name to lesson names.
 */
sets: { [key in string]: Array<string> }, };

/**
 * A lesson ready to draw: the position after the prelude, as the player sees it.
 */
export type LessonView = { 
/**
 * The lesson's name in its set (`corners`...).
 */
name: string, 
/**
 * Its texts' key stem: `learn.DIR.NAME` (`.title`, `.intro`, `.done`, `.miss`).
 */
text: string, 
/**
 * The preset rule sentence to show (`start`, `draw`, `blocked`, `end`).
 */
rule: string | null, 
/**
 * What to do.
 */
goal: Goal, 
/**
 * An answer (for "show me" and the browser tests).
 */
solution: Action, 
/**
 * A plausible wrong answer (for the browser tests).
 */
wrong: Action, 
/**
 * The board.
 */
board: Array<LessonPlaced>, 
/**
 * The player's hand.
 */
hand: Array<Tile>, 
/**
 * The tile drawn this turn (in the prelude), if any.
 */
drawn: Tile | null, 
/**
 * Tiles drawn this turn.
 */
draws: number, 
/**
 * Tiles in each seat's hand.
 */
hand_sizes: Array<number>, 
/**
 * Tiles in the pool.
 */
pool: number, 
/**
 * Each seat's total.
 */
totals: Array<number>, 
/**
 * The open cells (for keyboard play: the arrows step through them).
 */
open: Array<Cell>, 
/**
 * Whether the player may draw now, as the engine says (its legal actions).
 */
can_draw: boolean, 
/**
 * Whether the player may pass now, as the engine says.
 */
can_pass: boolean, 
/**
 * The answer in the move notation (docs/notation.md: `345^2`, `144L124`,
 * `draw`), written on the lesson's board by core's writer: "Show me"
 * names it, so a player who reads the board as text has it too.
 */
solution_notation: string, };

/**
 * One named bot level in [`Meta`], with how strong it measured:
 * `{"id": "expert", "bot": "mcts", "against": "greedy", "win_rate": 0.9,
 * "games": 200, "at_least": true, "think_ms": 1000}`.
 */
export type LevelMeta = { 
/**
 * The level's id (`level` of a bot seat).
 */
id: string, 
/**
 * The bot that plays it.
 */
bot: string, 
/**
 * The bot its strength was measured against (`greedy`, the bot of `casual`).
 */
against: string, 
/**
 * Share of the games it won against `against`, 0 to 1.
 */
win_rate: number, 
/**
 * Games the figure comes from.
 */
games: number, 
/**
 * Measured at a smaller budget than its own: it is at least this strong.
 */
at_least: boolean, 
/**
 * Its time budget a move in milliseconds, when it has one.
 */
think_ms: number | null, };

/**
 * One line of the sheet: the entry and what it computed.
 */
export type LineView = { 
/**
 * The entry as entered.
 */
entry: Entry | null, 
/**
 * The round it belongs to.
 */
round: number, 
/**
 * Every score change, in order.
 */
items: Array<SheetItem>, 
/**
 * The change to each seat's total.
 */
points: Array<number>, 
/**
 * Each seat's total after it.
 */
totals: Array<number>, 
/**
 * Seats that reached the target at this line.
 */
reached: Seats, 
/**
 * For a round end: the round's result.
 */
round_result: RoundResultView | null, 
/**
 * Whether the game ended here.
 */
game_over: boolean, };

/**
 * `POST /api/pad/list`: `{"sheets": [{"id", "key"}]}`, the sheets whose
 * keys the page holds; the answer ([`SheetList`]) lists those whose key
 * is right (at most the server's `pad::MAX_LISTED` are looked at).
 */
export type ListRequest = { 
/**
 * The sheets and their keys.
 */
sheets: Array<SheetKey>, };

/**
 * A seat's private view: its hand, the tile it just drew, its legal
 * placements, whether it may draw or pass.
 */
export type Me = { 
/**
 * The seat.
 */
seat: number, 
/**
 * Its hand.
 */
hand: TileSet, 
/**
 * The tile it drew last, this turn.
 */
drawn: Tile | null, 
/**
 * Whether it is to act.
 */
my_turn: boolean, 
/**
 * Every legal placement.
 */
legal: Array<LegalPlacement>, 
/**
 * Whether it may draw.
 */
can_draw: boolean, 
/**
 * Whether it may pass.
 */
can_pass: boolean, 
/**
 * The board's open spots, those where a tile of the hand fits first,
 * then by name (see [`OpenSpot`]).
 */
spots: Array<OpenSpot>, };

/**
 * `GET /api/meta`: presets, bot levels, the option schema.
 */
export type Meta = { 
/**
 * The presets.
 */
presets: Array<PresetMeta>, 
/**
 * The bot levels people pick (ids of the named levels), weakest first.
 */
levels: Array<string>, 
/**
 * The same levels with how strong each one is, in the same order.
 */
level_info: Array<LevelMeta>, 
/**
 * Every option, in the rules' order: `{"name": "max_draws", "kind":
 * {"type": "int", "min": 1, "max": 50}, "help": "opt.max_draws",
 * "defaults": {"goliath": "3", ...}}`.
 */
options: Array<OptionDef>, 
/**
 * Every option's name, in the rules' order (the same as `options`; kept
 * while pages still read it).
 */
option_names: Array<string>, };

/**
 * One game of the account ("Your games").
 */
export type MyGame = { 
/**
 * The game's id.
 */
id: string, 
/**
 * The account's seat in it.
 */
seat: number, 
/**
 * The seat's link (`/g/{id}/{token}`): the account's own.
 */
link: string, 
/**
 * When the game was created, in Unix seconds.
 */
created: number, 
/**
 * When it finished, in Unix seconds (`null` while unfinished).
 */
finished: number | null, 
/**
 * Its summary once finished.
 */
summary: GameSummary | null, };

/**
 * `GET /api/account/games`: the account's games, unfinished first, then
 * the most recently finished.
 */
export type MyGames = { 
/**
 * The games.
 */
games: Array<MyGame>, };

/**
 * Why a move typed in the notation was refused (core's [`NotationError`]),
 * with what the page needs to word it in the player's language (tiles as
 * `1-2-4`, spots as [`SpotName`], moves in the notation) and `text`, core's
 * English sentence. Sent as `{"code": "notation", "params": {"code",
 * "params"}}`; each inner code is `errors.notation.CODE` in the translations.
 * Nothing of another seat is in it: the reader saw only this seat's board
 * and hand.
 */
export type NotationRefused = { "code": "empty", "params": { 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "bad_tile", "params": { 
/**
 * What was written.
 */
written: string, 
/**
 * The tile with the same numbers, when `written` is one of its turns.
 */
canonical: Tile | null, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "unexpected", "params": { 
/**
 * What was read so far.
 */
after: string, 
/**
 * What was not understood.
 */
found: string, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "bad_turn", "params": { 
/**
 * The turn written.
 */
turn: string, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "timeout", "params": { 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "not_in_hand", "params": { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "spot_at_opening", "params": { 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "not_on_board", "params": { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "no_such_side", "params": { 
/**
 * The tile the spot is named from.
 */
next_to: Tile, 
/**
 * The side asked for (`left`, `right`, `above`, `below`).
 */
side: string, 
/**
 * Whether that tile points up.
 */
up: boolean, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "off_the_board", "params": { 
/**
 * The spot.
 */
spot: SpotName, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "spot_taken", "params": { 
/**
 * The spot.
 */
spot: SpotName, 
/**
 * The tile there.
 */
by: Tile, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "does_not_fit", "params": { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * The spot.
 */
spot: SpotName, 
/**
 * What its corners need, clockwise from corner 0 (`null`: any); `null` when nothing fits.
 */
needs: [number | null, number | null, number | null] | null, 
/**
 * Whether the spot points up.
 */
up: boolean, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "fits_nowhere", "params": { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "wrong_turn", "params": { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * The turn written.
 */
turn: string, 
/**
 * The ways it fits, in the notation.
 */
fits: Array<string>, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "ambiguous", "params": { 
/**
 * What was written, in the notation's spelling.
 */
written: string, 
/**
 * Each move it could be, in the notation.
 */
candidates: Array<string>, 
/**
 * Core's sentence.
 */
text: string, } } | { "code": "not_legal", "params": { 
/**
 * Core's sentence.
 */
text: string, } };

/**
 * An open spot of the board as a seat is told of it (the screen-reader
 * table): its name in the notation, what its corners must hold, and the
 * tiles of the seat's own hand that fit there.
 */
export type OpenSpot = { 
/**
 * The spot, named from the tile placed last beside it.
 */
spot: SpotName, 
/**
 * The cell.
 */
cell: Cell, 
/**
 * Whether the cell points up (its corners: top, bottom-right,
 * bottom-left) or down (top-left, top-right, bottom).
 */
up: boolean, 
/**
 * The number each corner must hold, clockwise from corner 0 (`null`:
 * any); `null` when no tile can fit (its neighbours disagree).
 */
needs: [number | null, number | null, number | null] | null, 
/**
 * The tiles of this seat's hand that fit there some way (whether the
 * turn lets them be played now is in `legal`).
 */
fits: Array<Tile>, };

/**
 * A table of people waiting for them whose creator made it public: what
 * anyone may know of it (no seat link, no deal).
 */
export type OpenTable = { 
/**
 * Game id.
 */
id: string, 
/**
 * Preset name.
 */
preset: string, 
/**
 * The table's pace.
 */
pace: Pace, 
/**
 * Seats in all (people and bots).
 */
size: number, 
/**
 * The names of the people seated (may be empty: the page names them).
 */
seated: Array<string>, 
/**
 * Seats free for a person.
 */
free: number, 
/**
 * Seconds since the table was made.
 */
age_s: number, 
/**
 * Whether the people may ask for a suggested move.
 */
hints: boolean, 
/**
 * Whether a person may take back a placement.
 */
takebacks: boolean, };

/**
 * `GET /api/tables`: the public tables with a free seat, newest first.
 */
export type OpenTables = { 
/**
 * At most a page of them.
 */
tables: Array<OpenTable>, };

/**
 * One option: its name, the values it takes, its translation key and (in
 * the schema) each preset's value.
 *
 * With the `serde` feature it serializes as
 * `{"name": "max_draws", "kind": {"type": "int", "min": 1, "max": 50},
 * "help": "opt.max_draws", "defaults": {"goliath": "3", "pressman": "3",
 * "dominos-triangles": "1"}}`. Every value is the option's text as written
 * in rules files and records.
 */
export type OptionDef = { 
/**
 * The name.
 */
name: string, 
/**
 * The values it takes.
 */
kind: OptionKind, 
/**
 * The translation key of its label.
 */
help: string, 
/**
 * Each preset's value, as text.
 */
defaults: { [key in string]: string }, };

/**
 * What values an option takes. With the `serde` feature it serializes as
 * `{"type": "int", "min": 1, "max": 50}` and the like (see [`OptionDef`]).
 */
export type OptionKind = { "type": "bool" } | { "type": "int", 
/**
 * Smallest value.
 */
min: number, 
/**
 * Largest value.
 */
max: number, } | { "type": "int_or_none", 
/**
 * Smallest value.
 */
min: number, 
/**
 * Largest value.
 */
max: number, } | { "type": "choice", 
/**
 * The names, in the order the rules document lists them.
 */
values: Array<string>, } | { "type": "range", 
/**
 * Smallest bound.
 */
min: number, 
/**
 * Largest bound.
 */
max: number, } | { "type": "list", 
/**
 * How many numbers.
 */
len: number, 
/**
 * Smallest number.
 */
min: number, 
/**
 * Largest number.
 */
max: number, };

/**
 * A table's pace, chosen at creation: `{"kind": "untimed"}`, `{"kind":
 * "live", "move_seconds": 60}` (30, 60 or 120) or `{"kind": "slow",
 * "move_seconds": 86400}` (a day or three days: correspondence). When a
 * person's turn takes longer, the table's stand-in bot plays for them (or,
 * under the rule option `timer`, the referee times them out).
 */
export type Pace = { "kind": "untimed" } | { "kind": "live", 
/**
 * Seconds a turn: 30, 60 or 120.
 */
move_seconds: number, } | { "kind": "slow", 
/**
 * Seconds a turn: 86400 (a day) or 259200 (three days).
 */
move_seconds: number, };

/**
 * The phase of the game.
 */
export type Phase = "playing" | "round_over" | "game_over";

/**
 * A tile placed after drawing, with the figures it formed.
 */
export type Placed = { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * What it formed, as the table declares it.
 */
bonus: Figures, 
/**
 * Whether the player announced the figures (see the [`pad`](crate::pad) documentation).
 */
announced?: boolean, };

/**
 * A tile put on a cell with a rotation (0..3): the cell's clockwise corner `k`
 * receives the tile's number `(k + rotation) % 3`.
 */
export type Placement = { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * Where it goes.
 */
cell: Cell, 
/**
 * Its rotation, 0..3.
 */
rotation: number, };

/**
 * Why a placement is not legal on this board.
 */
export type PlacementError = { "code": "first_tile_at_origin" } | { "code": "cell_taken" } | { "code": "not_touching" } | { "code": "corner_mismatch", "params": { 
/**
 * Clockwise corner index, 0..3.
 */
corner: number, 
/**
 * The number fixed there.
 */
expected: number, 
/**
 * The number the tile would put there.
 */
found: number, } } | { "code": "conflicting_neighbours" } | { "code": "already_placed" };

/**
 * An entry of a pool, as its holder sees it (nothing of the others).
 */
export type PoolEntry = { 
/**
 * The entry's secret id: whoever holds it may follow or leave it.
 */
entry: string, 
/**
 * Where it is.
 */
state: PoolState, 
/**
 * Seconds since it entered.
 */
waited_s: number, 
/**
 * Once seated, the seat's secret link (`/g/ID/TOKEN`).
 */
link?: string, };

/**
 * Where an entry of a pool is.
 */
export type PoolState = "waiting" | "seated" | "left";

/**
 * Who is connected: the seats with a connection, and how many spectators.
 */
export type Presence = { 
/**
 * Seats with at least one connection.
 */
seats: Seats, 
/**
 * Connections without a seat.
 */
spectators: number, };

/**
 * One preset in [`Meta`]: its player range and every option's value.
 */
export type PresetMeta = { 
/**
 * Preset name.
 */
name: string, 
/**
 * Fewest players.
 */
min_players: number, 
/**
 * Most players.
 */
max_players: number, 
/**
 * Every option's value in this preset.
 */
options: { [key in string]: string }, };

/**
 * The public description of a game: preset, every option, seats.
 */
export type PublicGame = { 
/**
 * Game id (`null` for a record sent to be replayed).
 */
id: string | null, 
/**
 * Preset name.
 */
preset: string, 
/**
 * Every option, by name.
 */
options: { [key in string]: string }, 
/**
 * The seats in order.
 */
seats: Array<PublicSeat>, 
/**
 * Unix seconds when it was created (`null` for a record).
 */
created: number | null, 
/**
 * Whether the people at the table may ask for a suggested move.
 */
hints: boolean, 
/**
 * The table's pace: how long a person has for a turn (untimed in
 * games stored before paces, and in records).
 */
pace: Pace, 
/**
 * The level of the bot that plays for a person whose time ran out or
 * who resigned (`null` for a record).
 */
stand_in: string | null, 
/**
 * Whether a person may ask to take back their last placement.
 */
takebacks: boolean, 
/**
 * A table of people waiting for them: who has sat down so far (the game
 * starts when every person has; no clock runs, no bot plays until
 * then). Missing once the game started, and in records.
 */
waiting?: Waiting, 
/**
 * The table was cancelled before it started (by its creator, or for
 * want of people).
 */
cancelled?: boolean, };

/**
 * `GET /api/puzzles/{id}`: the puzzle in the collection's data format
 * (`triominos_core::puzzles::puzzle_json`, the core's own form) without its
 * `solution`, with its place in its kind.
 */
export type PublicPuzzle = { 
/**
 * Its number within its kind, from 1.
 */
number: number, 
/**
 * Puzzles of its kind.
 */
of: number, } & ({ [key in string]: number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null });

/**
 * A seat as everyone may see it (no token).
 */
export type PublicSeat = { 
/**
 * Human or bot.
 */
kind: SeatKind, 
/**
 * Display name (may be empty: the page then names the seat).
 */
name: string, 
/**
 * Bot level.
 */
level: string | null, };

/**
 * One puzzle in [`PuzzleList`].
 */
export type PuzzleItem = { 
/**
 * Its id.
 */
id: string, 
/**
 * Its kind (`score`, `out`...).
 */
kind: string, 
/**
 * Its number within its kind, from 1.
 */
number: number, 
/**
 * Puzzles of its kind.
 */
of: number, 
/**
 * Its difficulty score.
 */
score: number, 
/**
 * Tiles in its hand.
 */
tiles: number, };

/**
 * `GET /api/puzzles`: the collection, in its order.
 */
export type PuzzleList = { 
/**
 * The puzzles.
 */
puzzles: Array<PuzzleItem>, };

/**
 * The quick reactions a seat may send: a fixed set, translated by the page
 * (`react.CODE`); no free text, nothing to moderate.
 */
export type Reaction = "well_played" | "nice_hexagon" | "nice_bridge" | "oops" | "your_turn" | "thinking" | "good_game" | "thanks";

/**
 * One reason, `{"code": ..., "params": {...}}`. The codes of the hint's
 * first sentences (`hexagon` to `pass`) are kept as the server had them.
 * Chances are in percent (0 to 100), `expected` in points (tenths).
 */
export type Reason = { "code": "hexagon", "params": { 
/**
 * Its bonus.
 */
points: number, } } | { "code": "double_hexagon", "params": { 
/**
 * Its bonus.
 */
points: number, } } | { "code": "triple_hexagon", "params": { 
/**
 * Its bonus.
 */
points: number, } } | { "code": "bridge", "params": { 
/**
 * Its bonus.
 */
points: number, } } | { "code": "bridge_extension", "params": { 
/**
 * Its bonus.
 */
points: number, } } | { "code": "start", "params": { 
/**
 * Its bonus.
 */
points: number, } } | { "code": "tile", "params": { 
/**
 * The tile's value.
 */
points: number, } } | { "code": "out", "params": { 
/**
 * The out bonus.
 */
points: number, } } | { "code": "out_hands", "params": { 
/**
 * The out bonus.
 */
points: number, } } | { "code": "most", "params": { 
/**
 * How many placements the seat could make.
 */
plays: number, } } | { "code": "instead", "params": { 
/**
 * That play's tile.
 */
tile: Tile, 
/**
 * What it would score.
 */
points: number, 
/**
 * The play in the move notation, on the board the seat faces (the
 * tile may be the one played, elsewhere); never a cell.
 */
notation: string, 
/**
 * Its spot's side and neighbour (`None` at the opening).
 */
spot: SpotWords | null, } } | { "code": "keeps", "params": { 
/**
 * The triple.
 */
tile: Tile, } } | { "code": "no_bridge_for", "params": { 
/**
 * The next seat.
 */
seat: number, } } | { "code": "no_hexagon_for", "params": { 
/**
 * The next seat.
 */
seat: number, } } | { "code": "no_fit" } | { "code": "draw_instead", "params": { 
/**
 * What the best play would score now.
 */
points: number, } } | { "code": "pass" } | { "code": "leaves_spot", "params": { 
/**
 * The next seat.
 */
seat: number, 
/**
 * The biggest spot's figure.
 */
figure: Figure, 
/**
 * Its bonus.
 */
points: number, 
/**
 * The chance the next seat holds a tile that fits some spot, in percent.
 */
percent: number, 
/**
 * The bonus the next seat can expect to take, in points.
 */
expected: number, } } | { "code": "sets_up", "params": { 
/**
 * The figure.
 */
figure: Figure, 
/**
 * Its bonus.
 */
points: number, 
/**
 * The kept tile that fits it.
 */
tile: Tile, } } | { "code": "sheds", "params": { 
/**
 * The tile.
 */
tile: Tile, 
/**
 * Its value.
 */
points: number, 
/**
 * The opponent nearest to going out.
 */
seat: number, 
/**
 * How many tiles they hold.
 */
tiles: number, } } | { "code": "go_out_next", "params": { 
/**
 * The last tile.
 */
tile: Tile, 
/**
 * The out bonus.
 */
points: number, } } | { "code": "next_out", "params": { 
/**
 * The next seat.
 */
seat: number, 
/**
 * The chance, in percent.
 */
percent: number, 
/**
 * What it would cost the seat, times the chance, in points: the out
 * bonus, and the seat's hand when the one who goes out takes it.
 */
expected: number, } } | { "code": "draw_costs", "params": { 
/**
 * The draw penalty.
 */
points: number, } } | { "code": "draw_promises", "params": { 
/**
 * The chance the tile drawn fits, in percent.
 */
fit_percent: number, 
/**
 * The chance it forms a figure, in percent.
 */
figure_percent: number, } } | { "code": "scores_more", "params": { 
/**
 * Points.
 */
points: number, } } | { "code": "expects", "params": { 
/**
 * Points.
 */
points: number, } };

/**
 * `POST /api/account/recover`: a recovery code signs in and sets a new
 * password (the code is used up).
 */
export type Recover = { 
/**
 * The display name.
 */
name: string, 
/**
 * One of the recovery codes given at sign-up.
 */
code: string, 
/**
 * The new password.
 */
password: string, };

/**
 * A refusal: a stable code and its parameters (`null` when it has none),
 * worded by the page in the player's language. Nothing changed.
 *
 * Built only from typed refusals: [`Refused`] (the server's own), the
 * engine's [`IllegalAction`] and [`RulesError`], the score pad's errors.
 */
export type Refusal = { 
/**
 * Stable code, like `not_your_turn` or `placement`.
 */
code: string, 
/**
 * Parameters for the message.
 */
params: JsonValue, };

/**
 * The server's own refusals, with their parameters. The code of each
 * (serde's tag) is the variant's name in snake case; [`Refused::codes`]
 * derives the list from the enum (strum), and a test checks that serde and
 * strum spell every code alike.
 */
export type Refused = { "code": "not_found" } | { "code": "game_not_found" } | { "code": "bad_json" } | { "code": "too_large", "params": { 
/**
 * The longest accepted, in bytes.
 */
max: number, } } | { "code": "unknown_message", "params": { 
/**
 * The type given.
 */
type: string, } } | { "code": "bad_action" } | { "code": "spectator" } | { "code": "bad_token" } | { "code": "not_websocket" } | { "code": "game_over" } | { "code": "round_not_over" } | { "code": "not_your_turn", "params": { 
/**
 * The seat to act.
 */
expected: number, 
/**
 * The seat that tried.
 */
got: number, } } | { "code": "bad_player_count", "params": { 
/**
 * Fewest players.
 */
min: number, 
/**
 * Most players.
 */
max: number, 
/**
 * Seats asked for.
 */
got: number, } } | { "code": "unknown_level", "params": { 
/**
 * The level given (`null` when missing).
 */
level: string | null, } } | { "code": "bad_setup" } | { "code": "bad_log" } | { "code": "game_not_finished" } | { "code": "bad_record", "params": { 
/**
 * The first bad line.
 */
line: number, 
/**
 * Why, as the record checker says it (English; the page translates the known ones).
 */
reason: string, } } | { "code": "not_utf8" } | { "code": "storage_failed" } | { "code": "stale_sheet", "params": { 
/**
 * The sheet's version now.
 */
version: number, } } | { "code": "sheet_not_found" } | { "code": "bad_sheet" } | { "code": "bad_entry", "params": { 
/**
 * What was wrong with it.
 */
detail: string, } } | { "code": "too_many_entries", "params": { 
/**
 * The most entries a sheet holds.
 */
max: number, } } | { "code": "too_many_bot_games", "params": { 
/**
 * The most games of bots alone at once.
 */
max: number, } } | { "code": "hints_off" } | { "code": "hint_busy" } | { "code": "hint_stale" } | { "code": "game_unreadable" } | { "code": "game_damaged" } | { "code": "too_many_games", "params": { 
/**
 * The most unfinished games of one client.
 */
max: number, } } | { "code": "server_full", "params": { 
/**
 * The most unfinished games in all.
 */
max: number, } } | { "code": "too_fast", "params": { 
/**
 * Seconds until it may create the next one.
 */
retry_after: number, } } | { "code": "seed_not_allowed" } | { "code": "bad_name", "params": { 
/**
 * Which name, counted from 1.
 */
n: number, } } | { "code": "method_not_allowed" } | { "code": "bad_query" } | { "code": "bad_sheet_key" } | { "code": "sheet_claimed" } | { "code": "http_error", "params": { 
/**
 * The HTTP status.
 */
status: number, } } | { "code": "record_too_large", "params": { 
/**
 * The most bytes read.
 */
max: number, } } | { "code": "record_too_long", "params": { 
/**
 * Its rounds.
 */
rounds: number, 
/**
 * Its actions.
 */
actions: number, 
/**
 * The most rounds replayed.
 */
max_rounds: number, 
/**
 * The most actions replayed.
 */
max_actions: number, } } | { "code": "replays_busy", "params": { 
/**
 * Replays computed at once.
 */
max: number, } } | { "code": "hello_expected" } | { "code": "body_timeout", "params": { 
/**
 * The time allowed, in milliseconds.
 */
ms: number, } } | { "code": "too_many_connections", "params": { 
/**
 * The most connections of one client.
 */
max: number, } } | { "code": "too_many_spectators", "params": { 
/**
 * The most spectators (of this game, or of one client).
 */
max: number, } } | { "code": "too_many_reviews", "params": { 
/**
 * Seconds after which to try again.
 */
retry_after: number, } } | { "code": "sheets_too_fast", "params": { 
/**
 * Seconds until it may create the next one.
 */
retry_after: number, } } | { "code": "too_many_sheets", "params": { 
/**
 * The most sheets stored.
 */
max: number, } } | { "code": "bad_pace" } | { "code": "stand_in_playing" } | { "code": "not_stood_in" } | { "code": "resigned" } | { "code": "not_yours" } | { "code": "game_not_over" } | { "code": "reaction_busy", "params": { 
/**
 * Seconds until the seat may react again.
 */
retry_after: number, } } | { "code": "takebacks_off" } | { "code": "no_takeback" } | { "code": "takeback_pending" } | { "code": "no_takeback_asked" } | { "code": "takeback_refused" } | { "code": "takeback_busy", "params": { 
/**
 * Seconds until the seat may ask again.
 */
retry_after: number, } } | { "code": "rematch_busy", "params": { 
/**
 * Seconds until the seat may answer again.
 */
retry_after: number, } } | { "code": "asks_too_fast", "params": { 
/**
 * Seconds until the client may again.
 */
retry_after: number, } } | { "code": "checks_too_fast", "params": { 
/**
 * Seconds until the client may check again.
 */
retry_after: number, } } | { "code": "not_host" } | { "code": "not_waiting" } | { "code": "table_waiting" } | { "code": "nobody_arrived" } | { "code": "seat_taken" } | { "code": "table_busy", "params": { 
/**
 * Seconds until the creator may ask again.
 */
retry_after: number, } } | { "code": "table_closed" } | { "code": "table_full" } | { "code": "too_many_claims", "params": { 
/**
 * The most seats held at once.
 */
max: number, } } | { "code": "bad_pool" } | { "code": "already_waiting", "params": { 
/**
 * The most entries of one client waiting at once.
 */
max: number, } } | { "code": "no_such_entry" } | { "code": "pools_too_fast", "params": { 
/**
 * Seconds until it may again.
 */
retry_after: number, } } | { "code": "signed_out" } | { "code": "bad_sign_in" } | { "code": "bad_account_name", "params": { 
/**
 * The longest accepted, in characters.
 */
max: number, } } | { "code": "name_taken" } | { "code": "bad_password", "params": { 
/**
 * The shortest accepted, in characters.
 */
min: number, 
/**
 * The longest accepted, in bytes.
 */
max: number, } } | { "code": "cross_origin" } | { "code": "sign_in_too_fast", "params": { 
/**
 * Seconds until the next attempt is heard.
 */
retry_after: number, } } | { "code": "sign_in_busy" } | { "code": "account_suspended" } | { "code": "not_confirmed" };

/**
 * A replay: the game and every step, each with every hand.
 */
export type Replay = { 
/**
 * The game.
 */
game: PublicGame, 
/**
 * Every step.
 */
frames: Array<Frame>, 
/**
 * The hints used, per round and seat (a game of the server with hints).
 */
hints_used: Array<HintUse>, };

/**
 * How a round ended: `{"kind": "out", "player": p}` or `{"kind": "blocked"}`.
 */
export type RoundEndWire = { "kind": "out", 
/**
 * The seat.
 */
player: number, } | { "kind": "blocked" };

/**
 * A finished round.
 */
export type RoundResultView = { 
/**
 * Round number.
 */
round: number, 
/**
 * How it ended.
 */
end: RoundEndWire, 
/**
 * Each seat's hand sum as entered (`null` when not given).
 */
hand_sums: Array<number | null>, 
/**
 * The round's winners.
 */
winners: Seats, 
/**
 * Each seat's points in the round.
 */
points: Array<number>, };

/**
 * One score change of a game: its round, seat, reason (`tile`, `bridge`,
 * `double_hexagon`...) and points.
 */
export type ScoreLine = { 
/**
 * Round number.
 */
round: number, 
/**
 * Seat.
 */
player: number, 
/**
 * Why (the server's are core's static names; a client owns what it read).
 */
reason: string, 
/**
 * Change to the total.
 */
points: number, };

/**
 * Human or bot.
 */
export type SeatKind = "human" | "bot";

/**
 * A seat's link as the page holds it: the game and the seat's token.
 */
export type SeatLink = { 
/**
 * The game's id.
 */
game: string, 
/**
 * The seat's secret token (the last part of its link).
 */
token: string, };

/**
 * One seat asked for in [`CreateGame`].
 */
export type SeatRequest = { 
/**
 * Human or bot.
 */
kind: SeatKind, 
/**
 * Display name (may be empty).
 */
name: string, 
/**
 * Bot level (bots).
 */
level: string | null, };

/**
 * A set of seat numbers, each below [`Seats::CAPACITY`]. Small and `Copy`.
 */
export type Seats = Array<number>;

/**
 * A message to the browser. Deltas are kept serialized once (they go to
 * every connection), so they travel here as raw JSON: the server lends them
 * (`Cow::Borrowed`), a client reading a message owns them. A client (the
 * terminal game, `triominos play --join`) reads every message but `hint`
 * with serde; a new variant's payload derives `Deserialize` too.
 */
export type ServerMsg = { "type": "snapshot", 
/**
 * The current version.
 */
v: number, 
/**
 * The seat of this connection (`null`: a spectator).
 */
you: number | null, 
/**
 * The game.
 */
game: PublicGame, 
/**
 * Every delta, from the deal (version 0).
 */
log: Array<Delta>, 
/**
 * The seat's private view (`null` for a spectator).
 */
me: Me | null, 
/**
 * Who is connected.
 */
presence: Presence, 
/**
 * The hints used so far, per round and seat (see [`HintUse`]).
 */
hints_used: Array<HintUse>, 
/**
 * The turn clock now, `null` when nobody's time runs.
 */
clock: Clock | null, } | { "type": "update", 
/**
 * The deltas, in order.
 */
deltas: Array<Delta>, 
/**
 * The seat's private view (`null` for a spectator).
 */
me: Me | null, 
/**
 * The turn clock now, `null` when nobody's time runs.
 */
clock: Clock | null, } | { "type": "ack", 
/**
 * The client's message id.
 */
id: number | null, 
/**
 * The version it made.
 */
v: number, 
/**
 * Whether this id was applied before (nothing changed now).
 */
duplicate?: boolean, } | { "type": "presence" } & Presence | { "type": "error", 
/**
 * The client's message id, when the refused message had one.
 */
id: number | null, 
/**
 * Stable code, like `not_your_turn` or `placement`.
 */
code: string, 
/**
 * Parameters for the message.
 */
params: JsonValue, } | { "type": "pong", 
/**
 * The client's message id.
 */
id: number | null, } | { "type": "hint", 
/**
 * The client's message id.
 */
id: number | null, 
/**
 * The version it was worked out at.
 */
v: number, 
/**
 * The action suggested (a placement is `{"kind": "play", "tile", "cell", "rotation", "announce"?}`).
 */
action: Action, 
/**
 * What it scores now (a draw or a pass: its penalty, 0 or less; going
 * out: without the end of the round).
 */
points: number, 
/**
 * Why, most important first: `{"code", "params"}` (the page words each
 * as `hint.reason.CODE`).
 */
reasons: Array<Reason>, 
/**
 * The graded hint: `{"idea": reason naming no tile, "tile": tile or
 * null, "action"}`; the page shows one grade at a time.
 */
grades: Grades, 
/**
 * The action's value (the seat's expected margin where the judge's
 * search stops, points) and its standard error.
 */
value: number, 
/**
 * The standard error of `value`.
 */
se: number, 
/**
 * Other actions the judge cannot tell apart from it (as good).
 */
as_good: Array<Action>, } | { "type": "hints_used", 
/**
 * Per round and seat.
 */
used: Array<HintUse>, } | { "type": "rematch_asked", 
/**
 * Seats that agreed.
 */
agreed: Seats, 
/**
 * The seat that declined.
 */
declined: number | null, } | { "type": "rematch", 
/**
 * The new game's id.
 */
game: string, 
/**
 * `/g/ID/TOKEN` for a seat, `/g/ID` for a spectator.
 */
link: string, 
/**
 * Whether everyone just agreed.
 */
now: boolean, } | { "type": "reaction", 
/**
 * The seat.
 */
seat: number, 
/**
 * Which reaction.
 */
code: Reaction, } | { "type": "cancelled", 
/**
 * Whether it was cleaned away for want of people (else its creator
 * cancelled it).
 */
expired: boolean, } | { "type": "saving", 
/**
 * Whether saving works.
 */
ok: boolean, } | { "type": "takeback", 
/**
 * The seat that asked.
 */
asker: number, 
/**
 * The version that placement made (the one taken back).
 */
v: number, 
/**
 * The seats that accepted (the asker and the bots at once).
 */
agreed: Seats, 
/**
 * Where it stands.
 */
outcome: TakebackOutcome, 
/**
 * The seat that refused (`refused`), if one did.
 */
by: number | null, };

/**
 * One score change of a line.
 */
export type SheetItem = { 
/**
 * Seat.
 */
player: number, 
/**
 * Why (`tile`, `bridge`, `draw`...).
 */
reason: string, 
/**
 * Change to the total.
 */
points: number, };

/**
 * One sheet a browser holds the key of, in [`ListRequest`].
 */
export type SheetKey = { 
/**
 * Sheet id.
 */
id: string, 
/**
 * Its owner key.
 */
key: string, };

/**
 * `POST /api/pad/list`: the sheets asked for, most recently changed first.
 */
export type SheetList = { 
/**
 * The sheets.
 */
sheets: Array<SheetListItem>, };

/**
 * One sheet in [`SheetList`].
 */
export type SheetListItem = { 
/**
 * Sheet id.
 */
id: string, 
/**
 * Unix seconds.
 */
created: number, 
/**
 * Unix seconds of the last change.
 */
updated: number, 
/**
 * Its summary (`null` when it cannot be read).
 */
summary: SheetSummary | null, };

/**
 * Where a sheet stands.
 */
export type SheetPhase = "opening" | "playing" | "round_over" | "game_over";

/**
 * What the list of sheets shows of one; stored with the sheet.
 */
export type SheetSummary = { 
/**
 * Player names.
 */
names: Array<string>, 
/**
 * Preset name.
 */
preset: string, 
/**
 * Each seat's total.
 */
totals: Array<number>, 
/**
 * The current round.
 */
round: number, 
/**
 * Whether the game is over.
 */
over: boolean, 
/**
 * The winners once over.
 */
winners: Seats, 
/**
 * Entries on the sheet.
 */
entries: number, };

/**
 * A whole sheet, as the page shows it.
 */
export type SheetView = { 
/**
 * Sheet id.
 */
id: string, 
/**
 * Changes so far (name it in `?version=` to change the sheet).
 */
version: number, 
/**
 * Unix seconds.
 */
created: number, 
/**
 * Unix seconds of the last change.
 */
updated: number, 
/**
 * Player names.
 */
names: Array<string>, 
/**
 * Preset name.
 */
preset: string, 
/**
 * Every option, by name.
 */
options: { [key in string]: string }, 
/**
 * Every line.
 */
entries: Array<LineView>, 
/**
 * Where it stands.
 */
status: StatusView, 
/**
 * Whether the sheet has an owner key (`false`: a sheet of a server
 * before the keys, changed by nobody until someone claims it).
 */
owned: boolean, };

/**
 * The answer of `POST /api/account/signout-everywhere`: how many sessions
 * were ended (this one included).
 */
export type SignedOut = { 
/**
 * Sessions ended.
 */
sessions: number, };

/**
 * The answer of `POST /api/account/signup`: the account and its recovery
 * codes, shown once (the server keeps only their hashes).
 */
export type SignedUp = { 
/**
 * The new account.
 */
account: AccountView, 
/**
 * Recovery codes, each usable once to sign in and set a new password.
 */
recovery_codes: Array<string>, };

/**
 * A spot's name in the move notation: the side of a tile on the board it
 * lies on. `{"name": "L555", "side": "left", "next_to": "5-5-5"}`.
 */
export type SpotName = { 
/**
 * As written: `L555`.
 */
name: string, 
/**
 * `left`, `right`, `above` or `below`.
 */
side: string, 
/**
 * The tile it is named from.
 */
next_to: Tile, };

/**
 * A spot's side and the tile it is named from: `{"side": "left", "next_to": "5-5-5"}`.
 */
export type SpotWords = { 
/**
 * `left`, `right`, `above` or `below`.
 */
side: string, 
/**
 * The tile on the board the spot is named from.
 */
next_to: Tile, };

/**
 * Everything the pad knows after the last entry.
 */
export type StatusView = { 
/**
 * The current round.
 */
round: number, 
/**
 * Where it stands.
 */
phase: SheetPhase, 
/**
 * How the round ended (in `round_over`).
 */
round_end: RoundEndWire | null, 
/**
 * Who plays next.
 */
to_play: number | null, 
/**
 * Each seat's total.
 */
totals: Array<number>, 
/**
 * Each seat's points this round.
 */
round_points: Array<number>, 
/**
 * Tiles in each hand.
 */
hands: Array<number>, 
/**
 * Tiles in the pool.
 */
pool: number, 
/**
 * Tiles on the table this round.
 */
placed: TileSet, 
/**
 * Consecutive passes.
 */
passes: number, 
/**
 * Bridges formed this round.
 */
bridges: number, 
/**
 * Seats that reached the target this round.
 */
reached: Seats, 
/**
 * The winners once the game is over.
 */
winners: Seats, 
/**
 * Whether a blocked round may be entered now.
 */
can_block: boolean, 
/**
 * Every finished round.
 */
rounds: Array<RoundResultView>, };

/**
 * What happened in a delta, besides its events: the intent, or `start` for the deal.
 *
 * Two types with [`Intent`], not one: the wire forms are the same but for
 * `start`, which a delta may say and a client may never ask for. One enum
 * would let `{"kind": "start"}` be read as an intent (then refused by hand)
 * and would change the page's TypeScript types (`Step` is `Intent` or
 * `start`); `Step::from(Option<Intent>)` is the one mapping.
 */
export type Step = { "kind": "start" } | { "kind": "next_round" } | { "kind": "stand_in", 
/**
 * The seat.
 */
seat: number, } | { "kind": "back", 
/**
 * The seat.
 */
seat: number, } | { "kind": "resign", 
/**
 * The seat.
 */
seat: number, } | { "kind": "time_out", 
/**
 * The seat.
 */
seat: number, } | Action;

/**
 * Where a takeback stands.
 */
export type TakebackOutcome = "asked" | "accepted" | "refused" | "lapsed";

/**
 * One of the 56 tiles, identified by its index (0 = `0-0-0`, 55 = `5-5-5`).
 */
export type Tile = string;

/**
 * A set of tiles, as a 56-bit mask. Cheap to copy, intersect and count.
 */
export type TileSet = Array<Tile>;

/**
 * `POST /api/puzzles/{id}/try`: the outcome, and what the last placement
 * scored when it is legal.
 */
export type TryAnswer = { 
/**
 * What the last placement scored (when it is legal).
 */
last_points: number | null, 
/**
 * A `going` try that can no longer lead to an answer: how many of the
 * last placements to take back (the page does not praise it).
 */
dead_end: number | null, } & ({ "outcome": "solved", 
/**
 * Points scored.
 */
points: number, } | { "outcome": "going", 
/**
 * Tiles left in the hand.
 */
left: number, 
/**
 * Points so far.
 */
points: number, } | { "outcome": "short", 
/**
 * Points scored.
 */
points: number, 
/**
 * The goal.
 */
goal: number, } | { "outcome": "illegal", 
/**
 * Which placement, from 0.
 */
index: number, 
/**
 * The engine's refusal.
 */
error: PlacementError, } | { "outcome": "not_in_hand", 
/**
 * Which placement, from 0.
 */
index: number, 
/**
 * The tile.
 */
tile: Tile, } | { "outcome": "one_tile_only" } | { "outcome": "too_few_points", 
/**
 * Points scored.
 */
points: number, 
/**
 * The goal.
 */
goal: number, } | { "outcome": "stuck", 
/**
 * The tiles left.
 */
left: Array<Tile>, } | { "outcome": "not_joined", 
/**
 * Groups made.
 */
groups: number, });

/**
 * The engine's answer to a try.
 */
export type Verdict = { 
/**
 * Whether the goal is met.
 */
solved: boolean, 
/**
 * The engine's refusal (`{code, params}`, as in a game), when the action is illegal.
 */
refusal: Refusal | null, 
/**
 * The points of the action (its own score change, end of round not included).
 */
points: number, 
/**
 * Bonuses earned (names), the fail penalty included.
 */
bonuses: Array<string>, 
/**
 * Every score change the action caused, the end of the round included.
 */
items: Array<LessonItem>, 
/**
 * The tile drawn, for a draw.
 */
drawn: Tile | null, 
/**
 * Whether the player's turn is over.
 */
turn_over: boolean, 
/**
 * `out` or `blocked` when the round ended.
 */
round_end: string | null, 
/**
 * The hands shown at the end of the round (by seat).
 */
hands: Array<Array<Tile>> | null, 
/**
 * Whether the game is over, and its winners.
 */
game_over: boolean, 
/**
 * The winners (seats) once the game is over.
 */
winners: Array<number>, 
/**
 * Each seat's total after the action.
 */
totals: Array<number>, };

/**
 * A table of people before its game starts (issue 45): the seats fill as
 * people open their links; the creator may start anyway once another
 * person sat down, give an empty seat to a bot, or cancel the table.
 */
export type Waiting = { 
/**
 * The seats of people who opened their link.
 */
arrived: Seats, 
/**
 * The creator's seat (the first person's), who alone may start anyway,
 * give a seat or cancel.
 */
host: number, 
/**
 * Seconds left before a table nobody filled is cancelled.
 */
expires_in_s: number, };
