#!/usr/bin/env python3
"""Independent reference implementation of the Triominos rules model and .tri records.

Written from the rules model and the record format only (now docs/rules.md and
docs/record-format.md; section numbers below are those of docs/rules.md), in Python 3.11
with the standard library, to cross-check the Rust engine.  Choices made where the
spec is silent are listed in DECISIONS.md beside this file.

    tri_ref.py check FILE [--json]
    tri_ref.py gen --ruleset NAME --players N --seed S [--option name=value ...]
                   [--policy random|greedy]
    tri_ref.py mutate FILE --seed S
    tri_ref.py selfcheck            # small built-in geometry/scoring tests
"""

import json
import random
import re
import sys

# --------------------------------------------------------------------------
# Tiles (rules.md section 1)
# --------------------------------------------------------------------------

# A tile is its numbers in clockwise order from its lowest, never decreasing:
# exactly the sorted triples over 0..5.
TILES = [(a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6)]
TILE_SET = frozenset(TILES)
ZERO_TRIPLE = (0, 0, 0)
assert len(TILES) == 56 and sum(map(sum, TILES)) == 420


def tile_str(t):
    return "%d-%d-%d" % t


def tile_key(t):
    """Sort key for "highest tile": sum, then numbers from largest to smallest."""
    return (sum(t), tuple(sorted(t, reverse=True)))


def is_triple(t):
    return t[0] == t[1] == t[2]


TILE_TOKEN = re.compile(r"([0-5])-([0-5])-([0-5])")


def parse_tile(tok):
    """Return the tile for a canonical spelling; raise ValueError with a reason."""
    m = TILE_TOKEN.fullmatch(tok)
    if not m:
        raise ValueError("unknown tile %r" % tok)
    t = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if t in TILE_SET:
        return t
    # A rotation of a real tile, written from the wrong corner (e.g. 2-4-1)?
    for rot in (1, 2):
        r = (t[rot % 3], t[(rot + 1) % 3], t[(rot + 2) % 3])
        if r in TILE_SET:
            raise ValueError("tile %s must be written from its lowest number: %s"
                             % (tok, tile_str(r)))
    raise ValueError("unknown tile %s (no such tile: it is a mirror image)" % tok)


def arrangement(tile, rot):
    """Numbers received by the cell's clockwise corners k=0,1,2."""
    return (tile[rot % 3], tile[(rot + 1) % 3], tile[(rot + 2) % 3])


# --------------------------------------------------------------------------
# Geometry (rules.md section 2)
# --------------------------------------------------------------------------

_CORNERS = {}


def corners(cell):
    """Clockwise corners of a cell as lattice points (i, j)."""
    got = _CORNERS.get(cell)
    if got is None:
        c, r = cell
        if (c + r) % 2 == 0:            # up: top, bottom-right, bottom-left
            a = (c - r) // 2
            got = ((a, r + 1), (a + 1, r), (a, r))
        else:                           # down: top-left, top-right, bottom
            a = (c - r - 1) // 2
            got = ((a, r + 1), (a + 1, r + 1), (a + 1, r))
        _CORNERS[cell] = got
    return got


def edge_neighbours(cell):
    c, r = cell
    if (c + r) % 2 == 0:
        return ((c - 1, r), (c + 1, r), (c, r - 1))
    return ((c - 1, r), (c + 1, r), (c, r + 1))


def hexagon_cells(point):
    """The 6 cells having this lattice point as a corner."""
    i, j = point
    b = 2 * i + j
    return ((b - 2, j - 1), (b - 1, j - 1), (b, j - 1),
            (b - 2, j), (b - 1, j), (b, j))


# All (tile, rotation) arrangements, deduplicated: a triple's 3 rotations are one.
ARRANGEMENTS = []          # (tile, rot, arr)
for _t in TILES:
    _seen = set()
    for _rot in range(3):
        _arr = arrangement(_t, _rot)
        if _arr not in _seen:
            _seen.add(_arr)
            ARRANGEMENTS.append((_t, _rot, _arr))

_MATCH = {}


def matching(pattern):
    """Arrangements compatible with a pattern of required corner values (None = free)."""
    got = _MATCH.get(pattern)
    if got is None:
        got = [x for x in ARRANGEMENTS
               if all(v is None or v == x[2][k] for k, v in enumerate(pattern))]
        _MATCH[pattern] = got
    return got


# --------------------------------------------------------------------------
# Rules: presets and options (rules.md sections 6 and 7)
# --------------------------------------------------------------------------

PRESETS = {
    "goliath": dict(
        players=(2, 4), hand_size=(9, 7, 7, 7, 7), start="reveal", first_tile="any",
        start_bonus=0, triple_start_bonus=0, zero_triple_bonus=0,
        draw_when_able=True, max_draws=3, draw_penalty=5, fail_penalty=10,
        after_draw="drawn_tile", empty_pool_penalty=0, vertex_contacts_must_match=True,
        bridge_bonus=40, bridge_extension_bonus=0, hexagon_bonus=(50, 60, 70),
        out_bonus=25, out_takes_hands=True, blocked="each_subtracts",
        target=400, game_end="highest_after_round", timer=None, timer_penalty=15),
    "pressman": dict(
        players=(2, 4), hand_size=(9, 7, 7, 7, 7), start="highest_triple",
        first_tile="start_tile",
        start_bonus=0, triple_start_bonus=10, zero_triple_bonus=30,
        draw_when_able=False, max_draws=3, draw_penalty=5, fail_penalty=10,
        after_draw="drawn_tile", empty_pool_penalty=0, vertex_contacts_must_match=True,
        bridge_bonus=40, bridge_extension_bonus=40, hexagon_bonus=(50, 100, 150),
        out_bonus=25, out_takes_hands=True, blocked="lowest_takes_all",
        target=400, game_end="round_winner_after_round", timer=None, timer_penalty=15),
    "dominos-triangles": dict(
        players=(2, 6), hand_size=(9, 7, 7, 6, 6), start="highest_triple",
        first_tile="any",
        start_bonus=10, triple_start_bonus=0, zero_triple_bonus=0,
        draw_when_able=False, max_draws=1, draw_penalty=5, fail_penalty=10,
        after_draw="drawn_tile", empty_pool_penalty=0, vertex_contacts_must_match=True,
        bridge_bonus=0, bridge_extension_bonus=0, hexagon_bonus=(0, 0, 0),
        out_bonus=25, out_takes_hands=False, blocked="lowest_bonus",
        target=400, game_end="immediate", timer=None, timer_penalty=15),
}

MAX_INT = 10 ** 9


def _p_int(v, minimum=0):
    if not re.fullmatch(r"[0-9]+", v) or int(v) > MAX_INT:
        raise ValueError("expected a whole number, got %r" % v)
    n = int(v)
    if n < minimum:
        raise ValueError("expected a number of at least %d, got %r" % (minimum, v))
    return n


def _p_bool(v):
    if v not in ("true", "false"):
        raise ValueError("expected true or false, got %r" % v)
    return v == "true"


def _p_enum(*choices):
    def parse(v):
        if v not in choices:
            raise ValueError("expected one of %s, got %r" % (", ".join(choices), v))
        return v
    return parse


def _p_players(v):
    m = re.fullmatch(r"([0-9]+)-([0-9]+)", v)
    if not m:
        raise ValueError("expected MIN-MAX, got %r" % v)
    lo, hi = int(m.group(1)), int(m.group(2))
    if not (2 <= lo <= hi <= 6):
        raise ValueError("players must be MIN-MAX within 2-6, got %r" % v)
    return (lo, hi)


def _p_hand_size(v):
    parts = v.split()
    if len(parts) != 5:
        raise ValueError("expected five numbers (for 2..6 players), got %r" % v)
    sizes = tuple(_p_int(p, 1) for p in parts)
    for k, s in enumerate(sizes):
        if (k + 2) * s > 56:
            raise ValueError("%d players with %d tiles each need more than 56 tiles"
                             % (k + 2, s))
    return sizes


def _p_hexagon(v):
    parts = v.split()
    if len(parts) != 3:
        raise ValueError("expected three numbers, got %r" % v)
    return tuple(_p_int(p) for p in parts)


def _p_target(v):
    if v == "none":
        return None
    return _p_int(v, 1)


MAX_TIMER = 604800      # seconds: a week


def _p_timer(v):
    """The Triominos Challenge turn timer: seconds a turn, or none."""
    if v == "none":
        return None
    n = _p_int(v, 1)
    if n > MAX_TIMER:
        raise ValueError("a timer of at most %d seconds, got %r" % (MAX_TIMER, v))
    return n


OPTION_PARSERS = {
    "players": _p_players,
    "hand_size": _p_hand_size,
    "start": _p_enum("reveal", "highest_triple"),
    "first_tile": _p_enum("any", "start_tile"),
    "start_bonus": _p_int,
    "triple_start_bonus": _p_int,
    "zero_triple_bonus": _p_int,
    "draw_when_able": _p_bool,
    "max_draws": lambda v: _p_int(v, 1),
    "draw_penalty": _p_int,
    "fail_penalty": _p_int,
    "after_draw": _p_enum("drawn_tile", "any_tile"),
    "empty_pool_penalty": _p_int,
    "timer": _p_timer,
    "timer_penalty": _p_int,
    "vertex_contacts_must_match": _p_bool,
    "bridge_bonus": _p_int,
    "bridge_extension_bonus": _p_int,
    "hexagon_bonus": _p_hexagon,
    "out_bonus": _p_int,
    "out_takes_hands": _p_bool,
    "blocked": _p_enum("each_subtracts", "lowest_takes_all", "lowest_bonus"),
    "target": _p_target,
    "game_end": _p_enum("highest_after_round", "round_winner_after_round", "immediate"),
}
assert set(OPTION_PARSERS) == set(PRESETS["goliath"])


def parse_option(name, value):
    """Parsed option value; raise ValueError with a reason."""
    if name not in OPTION_PARSERS:
        raise ValueError("unknown option %r" % name)
    try:
        return OPTION_PARSERS[name](value)
    except ValueError as e:
        raise ValueError("option %s: %s" % (name, e))


class Rules:
    def __init__(self, ruleset, overrides):
        self.ruleset = ruleset
        self.__dict__.update(PRESETS[ruleset])
        self.__dict__.update(overrides)

    def hand_size_for(self, n):
        return self.hand_size[n - 2]


# --------------------------------------------------------------------------
# The game engine (rules.md sections 3, 4, 5, 6)
# --------------------------------------------------------------------------

class RuleError(Exception):
    """An illegal action; the game is unchanged."""


BONUS_ORDER = ("start", "bridge", "bridge_extension", "hexagon", "double_hexagon",
               "triple_hexagon", "fail")
HEX_NAMES = ("hexagon", "double_hexagon", "triple_hexagon")


class Game:
    def __init__(self, rules, names):
        self.rules = rules
        self.names = list(names)
        self.n = len(names)
        self.totals = [0] * self.n
        self.rounds = []            # JSON round objects
        self.game_over = False
        self.winners = None         # seat indices once the game is over
        self.in_round = False

    # ---- round set-up -----------------------------------------------------

    def start_round(self, hands, pool, starter):
        self.number = len(self.rounds) + 1
        self.hands = [list(h) for h in hands]
        self.pool = list(pool)
        self.pool_pos = 0
        self.board = {}             # cell -> arrangement (values at its corners)
        self.ptval = {}             # lattice point -> value (first value placed there)
        self.ptcount = {}           # lattice point -> number of placed cells touching it
        self.frontier = set()       # empty cells with a placed edge neighbour
        self.bridge_open = {}       # bridge cell -> cells across its empty edges then
        self.current = starter
        self.first = True
        self.draws = 0              # draws made in the current turn
        self.drawn = None           # last tile drawn in this turn
        self.drawn_ok = False       # that draw can be placed
        self.passes = 0             # consecutive passes
        self.reached = set()        # players who reached the target this round
        self.ended = None           # None, "out" or "blocked"
        self.round_winners = None
        self.round_points = [0] * self.n
        self.actions = []
        self.round_json = {"number": self.number, "actions": self.actions,
                           "end": "unfinished", "round_scores": None}
        self.rounds.append(self.round_json)
        self.in_round = True
        self._update_round_scores()

    def _update_round_scores(self):
        self.round_json["round_scores"] = {
            nm: self.round_points[i] for i, nm in enumerate(self.names)}
        self.round_json["end"] = self.ended or "unfinished"

    def pool_left(self):
        return len(self.pool) - self.pool_pos

    # ---- placements ------------------------------------------------------

    def pattern(self, cell):
        """Required values at the cell's corners (None = free), or None on conflict."""
        if self.rules.vertex_contacts_must_match:
            get = self.ptval.get
            return tuple(get(p) for p in corners(cell))
        req = [None, None, None]
        mine = corners(cell)
        for nb in edge_neighbours(cell):
            vals = self.board.get(nb)
            if vals is None:
                continue
            theirs = corners(nb)
            for k, p in enumerate(mine):
                if p in theirs:
                    v = vals[theirs.index(p)]
                    if req[k] is None:
                        req[k] = v
                    elif req[k] != v:
                        return None
        return tuple(req)

    def placements(self, tiles):
        """Distinct legal placements (tile, cell, rot, arr) of any of these tiles."""
        tiles = set(tiles)
        out = []
        if self.first:
            allowed = tiles & self.start_tiles(self.hands[self.current])
            for t, rot, arr in matching((None, None, None)):
                if t in allowed:
                    out.append((t, (0, 0), rot, arr))
            return out
        for cell in sorted(self.frontier):
            pat = self.pattern(cell)
            if pat is None:
                continue
            for t, rot, arr in matching(pat):
                if t in tiles:
                    out.append((t, cell, rot, arr))
        return out

    def start_tiles(self, hand):
        """Tiles the opener may open with (first_tile option)."""
        if self.rules.first_tile == "any":
            return set(hand)
        triples = [t for t in hand if is_triple(t)]
        if triples:
            allowed = {max(triples)}
            if ZERO_TRIPLE in hand:     # Pressman: may open with 0-0-0 instead
                allowed.add(ZERO_TRIPLE)
            return allowed
        return {max(hand, key=tile_key)}

    def decision(self):
        """(placements, can_draw, can_pass) for the player to act now."""
        R = self.rules
        p = self.current
        if self.first:
            return self.placements(self.hands[p]), False, False
        left = self.pool_left()
        if self.draws == 0:
            pl = self.placements(self.hands[p])
            return pl, left > 0 and (R.draw_when_able or not pl), (not pl and left == 0)
        if self.drawn_ok:
            tiles = [self.drawn] if R.after_draw == "drawn_tile" else self.hands[p]
            return self.placements(tiles), False, False
        # the last draw could not be placed, and fewer than max_draws were made
        return [], left > 0, left == 0

    # ---- scoring ---------------------------------------------------------

    def score_play(self, tile, cell, arr):
        """(points, bonuses) of a legal placement, without making it."""
        R = self.rules
        pts = sum(tile)
        bonuses = {}
        if self.first:
            sb = R.start_bonus
            if is_triple(tile):
                sb += R.triple_start_bonus
            if tile == ZERO_TRIPLE:
                sb += R.zero_triple_bonus
            if sb:
                bonuses["start"] = sb
        else:
            nbs = [nb for nb in edge_neighbours(cell) if nb in self.board]
            mine = corners(cell)
            if R.bridge_bonus and len(nbs) == 1:
                shared = corners(nbs[0])
                opposite = [p for p in mine if p not in shared][0]
                if self.ptcount.get(opposite, 0) > 0:
                    bonuses["bridge"] = R.bridge_bonus
            if R.bridge_extension_bonus and len(nbs) >= 2:
                if any(cell in self.bridge_open.get(nb, ()) for nb in nbs):
                    bonuses["bridge_extension"] = R.bridge_extension_bonus
            hexes = sum(1 for p in mine if self.ptcount.get(p, 0) == 5)
            if hexes and R.hexagon_bonus[hexes - 1]:
                bonuses[HEX_NAMES[hexes - 1]] = R.hexagon_bonus[hexes - 1]
        pts += sum(bonuses.values())
        return pts, [b for b in BONUS_ORDER if b in bonuses]

    def _place(self, tile, cell, arr, bridge):
        if bridge:
            self.bridge_open[cell] = frozenset(
                nb for nb in edge_neighbours(cell) if nb not in self.board)
        self.board[cell] = arr
        for k, p in enumerate(corners(cell)):
            self.ptcount[p] = self.ptcount.get(p, 0) + 1
            self.ptval.setdefault(p, arr[k])
        self.frontier.discard(cell)
        for nb in edge_neighbours(cell):
            if nb not in self.board:
                self.frontier.add(nb)
        self.first = False

    def _add_points(self, p, pts):
        self.totals[p] += pts
        self.round_points[p] += pts
        target = self.rules.target
        if target is not None and self.totals[p] >= target and p not in self.reached:
            self.reached.add(p)
            return True
        return False

    # ---- actions ---------------------------------------------------------

    def _why_illegal(self, tile, cell, arr):
        """A reason why this play is refused (it is not among the legal ones)."""
        R = self.rules
        p = self.current
        hand = self.hands[p]
        if tile not in hand:
            return "tile %s is not in %s's hand" % (tile_str(tile), self.names[p])
        if self.first:
            if cell != (0, 0):
                return "the first tile must be placed at 0,0"
            allowed = self.start_tiles(hand)
            if tile not in allowed:
                return "the first tile must be %s" % " or ".join(
                    tile_str(t) for t in sorted(allowed, key=tile_key, reverse=True))
            return "illegal first placement"
        if self.draws > 0:
            if not self.drawn_ok:
                if self.pool_left() > 0:
                    return "the drawn tile cannot be placed: %s must draw again" % self.names[p]
                return "the drawn tile cannot be placed and the pool is empty: %s must pass" % self.names[p]
            if R.after_draw == "drawn_tile" and tile != self.drawn:
                return "after a draw only the drawn tile %s may be placed" % tile_str(self.drawn)
        if cell in self.board:
            return "cell %d,%d is taken" % cell
        if cell not in self.frontier:
            return "cell %d,%d shares no edge with a placed tile" % cell
        mine = corners(cell)
        if R.vertex_contacts_must_match:
            for k, pt in enumerate(mine):
                v = self.ptval.get(pt)
                if v is not None and v != arr[k]:
                    return "corner %d must be %d" % (k, v)
        else:
            for nb in edge_neighbours(cell):
                vals = self.board.get(nb)
                if vals is None:
                    continue
                theirs = corners(nb)
                for k, pt in enumerate(mine):
                    if pt in theirs and vals[theirs.index(pt)] != arr[k]:
                        return "corner %d must be %d (to match %d,%d)" % (
                            k, vals[theirs.index(pt)], nb[0], nb[1])
        return "illegal placement"

    def _check_actor(self, player):
        if self.game_over:
            raise RuleError("the game is over")
        if not self.in_round or self.ended:
            raise RuleError("round %d is over" % self.number)
        if player != self.current:
            raise RuleError("not your turn (it is %s's turn)" % self.names[self.current])

    def _record(self, kind, legal, pts, bonuses, line, extra=None):
        act = {"line": line, "player": self.names[self.current], "kind": kind,
               "legal_placements": legal}
        if extra:
            act.update(extra)
        act["points"] = pts
        act["bonuses"] = bonuses
        self.actions.append(act)
        return act

    def play(self, player, tile, cell, rot, line=0, checksum=None):
        self._check_actor(player)
        arr = arrangement(tile, rot)
        pl, _, _ = self.decision()
        if not any(c == cell and a == arr for (_, c, _, a) in pl):
            raise RuleError(self._why_illegal(tile, cell, arr))
        pts, bonuses = self.score_play(tile, cell, arr)
        p = self.current
        total_after = self.totals[p] + pts
        if checksum is not None and checksum != total_after:
            raise RuleError("checksum %+d does not match %s's total %+d"
                            % (checksum, self.names[p], total_after))
        self._place(tile, cell, arr, "bridge" in bonuses)
        self.hands[p].remove(tile)
        self._record("play", len(pl), pts, bonuses, line,
                     {"tile": tile_str(tile), "cell": [cell[0], cell[1]], "rotation": rot})
        newly = self._add_points(p, pts)
        self.draws, self.drawn, self.drawn_ok, self.passes = 0, None, False, 0
        if newly and self.rules.game_end == "immediate":
            self._finish_game([p])          # won at once: no end-of-round scoring
        elif not self.hands[p]:
            self._end_round("out", p)
        else:
            self.current = (p + 1) % self.n
        self._update_round_scores()

    def draw(self, player, line=0):
        self._check_actor(player)
        R = self.rules
        p = self.current
        pl, can_draw, _ = self.decision()
        if not can_draw:
            if self.first:
                raise RuleError("the opener must place the first tile")
            if self.pool_left() == 0:
                raise RuleError("the pool is empty")
            if self.draws and self.drawn_ok:
                raise RuleError("the drawn tile %s can be placed and must be" % tile_str(self.drawn))
            raise RuleError("%s can play and may not draw" % self.names[p])
        tile = self.pool[self.pool_pos]
        self.pool_pos += 1
        self.hands[p].append(tile)
        self.draws += 1
        self.drawn = tile
        self.passes = 0
        pts = -R.draw_penalty
        bonuses = []
        tiles = [tile] if R.after_draw == "drawn_tile" else self.hands[p]
        self.drawn_ok = bool(self.placements(tiles))
        failed = not self.drawn_ok and self.draws >= R.max_draws
        if failed:
            pts -= R.fail_penalty
            if R.fail_penalty:
                bonuses = ["fail"]
        self._record("draw", len(pl), pts, bonuses, line)
        self._add_points(p, pts)
        if failed:
            self.draws, self.drawn, self.drawn_ok = 0, None, False
            self.current = (p + 1) % self.n
        self._update_round_scores()

    def pass_(self, player, line=0):
        self._check_actor(player)
        _, _, can_pass = self.decision()
        if not can_pass:
            if self.first:
                raise RuleError("the opener must place the first tile")
            if self.pool_left() > 0:
                raise RuleError("the pool is not empty: no pass")
            raise RuleError("%s can play and may not pass" % self.names[self.current])
        p = self.current
        pts = -self.rules.empty_pool_penalty
        self._record("pass", 0, pts, [], line)
        self._add_points(p, pts)
        self.draws, self.drawn, self.drawn_ok = 0, None, False
        self.passes += 1
        if self.passes >= self.n:
            self._end_round("blocked", None)
        else:
            self.current = (p + 1) % self.n
        self._update_round_scores()

    def time_out(self, player, line=0):
        """The turn timer ran out (the Triominos Challenge, rules.md section 5):
        the player takes the pool's next tile if any (never the opener, who may
        not draw), loses timer_penalty, and the turn ends -- except at the
        opening, where the opener still has to open.  Not a pass: it breaks a
        run of passes."""
        self._check_actor(player)
        if self.rules.timer is None:
            raise RuleError("these rules have no turn timer")
        p = self.current
        pl, _, _ = self.decision()
        if not self.first and self.pool_left() > 0:
            self.hands[p].append(self.pool[self.pool_pos])
            self.pool_pos += 1
        pts = -self.rules.timer_penalty
        self._record("timeout", len(pl), pts, [], line)
        self._add_points(p, pts)
        self.passes = 0
        self.draws, self.drawn, self.drawn_ok = 0, None, False
        if not self.first:
            self.current = (p + 1) % self.n
        self._update_round_scores()

    # ---- round and game end ----------------------------------------------

    def _end_round(self, kind, out_player):
        R = self.rules
        sums = [sum(map(sum, h)) for h in self.hands]
        adj = [0] * self.n
        if kind == "out":
            winners = [out_player]
            adj[out_player] = R.out_bonus
            if R.out_takes_hands:
                adj[out_player] += sum(s for i, s in enumerate(sums) if i != out_player)
        else:
            low = min(sums)
            winners = [i for i in range(self.n) if sums[i] == low]
            if R.blocked == "each_subtracts":
                adj = [-s for s in sums]
            elif R.blocked == "lowest_takes_all":
                others = sum(s for i, s in enumerate(sums) if i not in winners)
                for w in winners:
                    adj[w] = others - sums[w]
            else:   # lowest_bonus
                for w in winners:
                    adj[w] = R.out_bonus
        self.ended = kind
        self.round_winners = winners
        newly = [i for i in range(self.n) if self._add_points(i, adj[i])]
        # The game ends?
        if R.target is None:
            self._finish_game(winners)
        elif R.game_end == "immediate":
            if newly:
                self._finish_game(newly)
        elif self.reached:
            reached = sorted(self.reached)
            if R.game_end == "highest_after_round":
                self._finish_game(self._highest(range(self.n)))
            elif len(reached) == 1:
                self._finish_game(reached)
            else:
                among = [i for i in reached if i in winners]
                self._finish_game(among or self._highest(reached))

    def _highest(self, players):
        players = list(players)
        best = max(self.totals[i] for i in players)
        return [i for i in players if self.totals[i] == best]

    def _finish_game(self, winners):
        self.game_over = True
        self.winners = sorted(winners)

    # ---- output ----------------------------------------------------------

    def to_json(self):
        return {
            "players": list(self.names),
            "rounds": self.rounds,
            "totals": {nm: self.totals[i] for i, nm in enumerate(self.names)},
            "winner": [self.names[i] for i in self.winners] if self.game_over else None,
        }


def highest_triple_starter(hands):
    """Seat holding the highest triple, else the highest tile."""
    best = None
    for i, h in enumerate(hands):
        for t in h:
            if is_triple(t) and (best is None or t > best[0]):
                best = (t, i)
    if best is None:
        for i, h in enumerate(hands):
            for t in h:
                if best is None or tile_key(t) > tile_key(best[0]):
                    best = (t, i)
    return best[1]


# --------------------------------------------------------------------------
# Records: reading and checking (record.md)
# --------------------------------------------------------------------------

class RecordError(Exception):
    def __init__(self, line, reason):
        Exception.__init__(self, reason)
        self.line = line
        self.reason = reason


KEYWORDS = ("round", "deal", "pool", "start")
HEADER_RE = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)((?:\s+"[^"]*")*)\s*\]')
CELL_RE = re.compile(r"(-?[0-9]{1,9}),(-?[0-9]{1,9})")
CHECKSUM_RE = re.compile(r"[+-][0-9]{1,12}")


def strip_comment(text):
    """Remove a # comment; a # inside a quoted header value is kept."""
    if text.lstrip().startswith("["):
        quoted = False
        for k, ch in enumerate(text):
            if ch == '"':
                quoted = not quoted
            elif ch == "#" and not quoted:
                return text[:k]
        return text
    k = text.find("#")
    return text if k < 0 else text[:k]


def read_lines(path):
    with open(path, "rb") as f:
        data = f.read()
    raw = data.split(b"\n")
    if raw and raw[-1] == b"":
        raw.pop()
    lines = []
    for k, b in enumerate(raw, 1):
        if b.endswith(b"\r"):
            b = b[:-1]
        if k == 1 and b.startswith(b"\xef\xbb\xbf"):
            b = b[3:]
        try:
            lines.append(b.decode("utf-8"))
        except UnicodeDecodeError:
            raise RecordError(k, "invalid UTF-8")
    return lines


class Checker:
    def __init__(self, lines):
        self.lines = lines
        self.headers = {}           # tag -> line number (Format, Ruleset, Players)
        self.ruleset = None
        self.names = None
        self.players_line = None
        self.overrides = {}
        self.option_lines = {}
        self.game = None
        self.rules = None
        self.setup = None           # dict while a round is being dealt
        self.round_line = None
        self.format = 1             # 2 allows timeout lines

    def run(self):
        in_headers = True
        last = 0
        for lineno, raw in enumerate(self.lines, 1):
            text = strip_comment(raw).strip()
            if not text:
                continue
            last = lineno
            if in_headers:
                if text.startswith("["):
                    self.header(lineno, text)
                    continue
                in_headers = False
                self.finish_headers(lineno)
            if text.startswith("["):
                raise RecordError(lineno, "header tag after the moves")
            self.body(lineno, text.split())
        eof_line = max(1, len(self.lines))
        if in_headers:
            self.finish_headers(eof_line)
        if self.setup is not None:
            raise RecordError(self.round_line, "round %d is incomplete: %s"
                              % (len(self.game.rounds) + 1, self.setup_missing()))
        return self.game

    # ---- headers ----------------------------------------------------------

    def header(self, lineno, text):
        m = HEADER_RE.fullmatch(text)
        if not m:
            raise RecordError(lineno, "malformed header tag")
        tag = m.group(1)
        values = re.findall(r'"([^"]*)"', m.group(2))
        if tag in ("Format", "Ruleset", "Players") and tag in self.headers:
            raise RecordError(lineno, "duplicate %s tag" % tag)
        if tag == "Format":
            if values not in (["1"], ["2"]):
                raise RecordError(lineno, 'unsupported format (expected [Format "1"] or "2")')
            self.format = int(values[0])
        elif tag == "Ruleset":
            if len(values) != 1:
                raise RecordError(lineno, "Ruleset takes one value")
            if values[0] not in PRESETS:
                raise RecordError(lineno, "unknown ruleset %r" % values[0])
            self.ruleset = values[0]
        elif tag == "Players":
            if len(values) < 2 or len(values) > 6:
                raise RecordError(lineno, "a game has 2 to 6 players")
            for nm in values:
                if (not nm or re.search(r'[\s"#\[\]]', nm) or nm in KEYWORDS):
                    raise RecordError(lineno, "bad player name %r" % nm)
            if len(set(values)) != len(values):
                raise RecordError(lineno, "duplicate player name")
            self.names = values
            self.players_line = lineno
        elif tag == "Option":
            if len(values) != 2:
                raise RecordError(lineno, 'Option takes a name and a value: [Option "name" "value"]')
            name, value = values
            if name in self.overrides:
                raise RecordError(lineno, "option %s given twice" % name)
            try:
                self.overrides[name] = parse_option(name, value)
            except ValueError as e:
                raise RecordError(lineno, str(e))
            self.option_lines[name] = lineno
        # any other tag is kept and ignored
        self.headers.setdefault(tag, lineno)

    def finish_headers(self, lineno):
        for tag in ("Format", "Ruleset", "Players"):
            if tag not in self.headers:
                raise RecordError(lineno, "missing [%s] tag" % tag)
        self.rules = Rules(self.ruleset, self.overrides)
        lo, hi = self.rules.players
        if not lo <= len(self.names) <= hi:
            raise RecordError(self.players_line, "%s is for %d-%d players, not %d"
                              % (self.ruleset, lo, hi, len(self.names)))
        self.game = Game(self.rules, self.names)

    # ---- body -------------------------------------------------------------

    def setup_missing(self):
        s = self.setup
        for i, nm in enumerate(self.names):
            if i not in s["hands"]:
                return "missing deal for %s" % nm
        if s["pool"] is None:
            return "missing pool"
        return "missing start"

    def player(self, lineno, name):
        if name not in self.names:
            raise RecordError(lineno, "unknown player %r" % name)
        return self.names.index(name)

    def tiles(self, lineno, toks):
        out = []
        for tok in toks:
            try:
                t = parse_tile(tok)
            except ValueError as e:
                raise RecordError(lineno, str(e))
            if t in self.setup["used"]:
                raise RecordError(lineno, "tile %s is dealt twice" % tok)
            self.setup["used"].add(t)
            out.append(t)
        return out

    def body(self, lineno, toks):
        game = self.game
        head = toks[0]
        if head == "round":
            if game.game_over:
                raise RecordError(lineno, "the game is over")
            if self.setup is not None:
                raise RecordError(lineno, "round %d is incomplete: %s"
                                  % (len(game.rounds) + 1, self.setup_missing()))
            if game.in_round and not game.ended:
                raise RecordError(lineno, "round %d is not finished" % game.number)
            want = len(game.rounds) + 1
            if len(toks) != 2 or not re.fullmatch(r"[0-9]{1,9}", toks[1]):
                raise RecordError(lineno, "expected: round %d" % want)
            if int(toks[1]) != want:
                raise RecordError(lineno, "expected round %d, not round %s" % (want, toks[1]))
            self.setup = {"hands": {}, "pool": None, "used": set()}
            self.round_line = lineno
            return
        if head in ("deal", "pool", "start"):
            if self.setup is None:
                if game.game_over:
                    raise RecordError(lineno, "the game is over")
                raise RecordError(lineno, "%s outside a round's set-up" % head)
            getattr(self, "line_" + head)(lineno, toks)
            return
        if head not in self.names:
            raise RecordError(lineno, "unknown player or keyword %r" % head)
        if self.setup is not None:
            raise RecordError(lineno, "round %d is incomplete: %s"
                              % (len(game.rounds) + 1, self.setup_missing()))
        if game.game_over:
            raise RecordError(lineno, "the game is over")
        if not game.in_round:
            raise RecordError(lineno, "no round started (expected: round 1)")
        self.action(lineno, toks)

    def line_deal(self, lineno, toks):
        s = self.setup
        if s["pool"] is not None:
            raise RecordError(lineno, "deal after the pool")
        if len(toks) < 2:
            raise RecordError(lineno, "expected: deal NAME TILES")
        p = self.player(lineno, toks[1])
        if p in s["hands"]:
            raise RecordError(lineno, "%s is dealt twice" % toks[1])
        want = self.rules.hand_size_for(len(self.names))
        if len(toks) - 2 != want:
            raise RecordError(lineno, "%s must be dealt %d tiles, not %d"
                              % (toks[1], want, len(toks) - 2))
        s["hands"][p] = self.tiles(lineno, toks[2:])

    def line_pool(self, lineno, toks):
        s = self.setup
        if s["pool"] is not None:
            raise RecordError(lineno, "pool given twice")
        if len(s["hands"]) < len(self.names):
            raise RecordError(lineno, self.setup_missing())
        pool = self.tiles(lineno, toks[1:])
        if len(s["used"]) != 56:
            missing = sorted(TILE_SET - s["used"])
            raise RecordError(lineno, "the pool lacks %d tile(s): %s"
                              % (len(missing), " ".join(map(tile_str, missing[:5]))))
        s["pool"] = pool

    def line_start(self, lineno, toks):
        s = self.setup
        if s["pool"] is None:
            raise RecordError(lineno, self.setup_missing())
        if len(toks) != 2:
            raise RecordError(lineno, "expected: start NAME")
        p = self.player(lineno, toks[1])
        hands = [s["hands"][i] for i in range(len(self.names))]
        if self.rules.start == "highest_triple":
            want = highest_triple_starter(hands)
            if p != want:
                raise RecordError(lineno, "%s must start, not %s"
                                  % (self.names[want], toks[1]))
        self.setup = None
        self.game.start_round(hands, s["pool"], p)

    def action(self, lineno, toks):
        game = self.game
        p = self.names.index(toks[0])
        kind = toks[1] if len(toks) > 1 else ""
        try:
            if kind == "play":
                if len(toks) not in (5, 6):
                    raise RecordError(lineno, "expected: NAME play TILE C,R ROT [+N|-N]")
                try:
                    tile = parse_tile(toks[2])
                except ValueError as e:
                    raise RecordError(lineno, str(e))
                m = CELL_RE.fullmatch(toks[3])
                if not m:
                    raise RecordError(lineno, "bad cell %r (expected C,R)" % toks[3])
                cell = (int(m.group(1)), int(m.group(2)))
                if toks[4] not in ("0", "1", "2"):
                    raise RecordError(lineno, "bad rotation %r (0, 1 or 2)" % toks[4])
                checksum = None
                if len(toks) == 6:
                    if not CHECKSUM_RE.fullmatch(toks[5]):
                        raise RecordError(lineno, "bad checksum %r (expected +N or -N)" % toks[5])
                    checksum = int(toks[5])
                game.play(p, tile, cell, int(toks[4]), lineno, checksum)
            elif kind == "timeout":
                if len(toks) != 2:
                    raise RecordError(lineno, "expected: NAME timeout")
                if self.format < 2:
                    raise RecordError(lineno, 'a timeout line needs [Format "2"]')
                game.time_out(p, lineno)
            elif kind in ("draw", "pass"):
                if len(toks) != 2:
                    raise RecordError(lineno, "expected: NAME %s" % kind)
                if kind == "draw":
                    game.draw(p, lineno)
                else:
                    game.pass_(p, lineno)
            else:
                raise RecordError(lineno, "unknown action %r (play, draw, pass or timeout)" % kind)
        except RuleError as e:
            raise RecordError(lineno, str(e))


def cmd_check(path, as_json):
    try:
        lines = read_lines(path)
    except RecordError as e:
        print("%s:%d: %s" % (path, e.line, e.reason), file=sys.stderr)
        return 1
    except OSError as e:
        print("%s:0: cannot read: %s" % (path, e.strerror or e), file=sys.stderr)
        return 1
    try:
        game = Checker(lines).run()
    except RecordError as e:
        print("%s:%d: %s" % (path, e.line, e.reason), file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps(game.to_json(), indent=1))
    else:
        for i, nm in enumerate(game.names):
            print("%s %d" % (nm, game.totals[i]))
        if game.game_over:
            print("winner: %s" % " ".join(game.names[i] for i in game.winners))
    return 0


# --------------------------------------------------------------------------
# gen: play a whole game with a random or greedy policy
# --------------------------------------------------------------------------

GEN_NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
MAX_ROUNDS = 200
TIMEOUT_RATE = 0.08     # under a turn timer, the share of decisions that time out


def reveal_starter(rng, n, pool):
    """Goliath's reveal draw: each player reveals a pool tile, highest sum starts,
    tied players reveal again; the revealed tiles go back and the pool is shuffled."""
    pool = list(pool)
    rng.shuffle(pool)
    contenders = list(range(n))
    revealed = []
    while True:
        if len(pool) < len(contenders):
            # House rules can leave a pool too small to reveal from (6 players x 9
            # tiles): the tied players are then chosen between at random.
            contenders = [rng.choice(contenders)]
            break
        shown = {}
        for p in contenders:
            t = pool.pop()
            revealed.append(t)
            shown[p] = sum(t)
        best = max(shown.values())
        contenders = [p for p in contenders if shown[p] == best]
        if len(contenders) == 1:
            break
    pool += revealed
    rng.shuffle(pool)
    return contenders[0], pool


def gen_game(ruleset, n, seed, option_pairs, policy):
    overrides = {}
    header_opts = []
    for name, value in option_pairs:
        overrides[name] = parse_option(name, value)     # ValueError -> caller
        header_opts.append((name, value))
    rules = Rules(ruleset, overrides)
    lo, hi = rules.players
    if not lo <= n <= hi:
        raise ValueError("%s is for %d-%d players" % (ruleset, lo, hi))
    rng = random.Random(seed)
    names = list(GEN_NAMES[:n])
    game = Game(rules, names)
    out = ['[Format "1"]', '[Ruleset "%s"]' % ruleset,
           "[Players %s]" % " ".join('"%s"' % nm for nm in names)]
    for name, value in header_opts:
        out.append('[Option "%s" "%s"]' % (name, value))
    out.append('[Seed "%s"]' % seed)
    out.append('[Event "tri_ref gen, policy %s"]' % policy)
    hs = rules.hand_size_for(n)
    timeouts = 0
    while not game.game_over and len(game.rounds) < MAX_ROUNDS:
        tiles = list(TILES)
        rng.shuffle(tiles)
        hands = [sorted(tiles[i * hs:(i + 1) * hs]) for i in range(n)]
        pool = tiles[n * hs:]
        if rules.start == "reveal":
            starter, pool = reveal_starter(rng, n, pool)
        else:
            starter = highest_triple_starter(hands)
        out.append("")
        out.append("round %d" % (len(game.rounds) + 1))
        for i in range(n):
            out.append("deal %s %s" % (names[i], " ".join(map(tile_str, hands[i]))))
        out.append("pool %s" % " ".join(map(tile_str, pool)))
        out.append("start %s" % names[starter])
        game.start_round(hands, pool, starter)
        while not game.ended and not game.game_over:
            p = game.current
            # Under a turn timer the referee times the player out now and then
            # (the rng is not used without a timer: those games are unchanged).
            if rules.timer is not None and rng.random() < TIMEOUT_RATE:
                game.time_out(p)
                out.append("%s timeout" % names[p])
                timeouts += 1
                continue
            pl, can_draw, can_pass = game.decision()
            choices = [("play",) + x for x in pl]
            if can_draw:
                choices.append(("draw",))
            if can_pass:
                choices.append(("pass",))
            if not choices:
                raise AssertionError("no legal action for %s" % names[p])
            if policy == "greedy":
                def value(ch):
                    if ch[0] == "play":
                        return game.score_play(ch[1], ch[2], ch[4])[0]
                    if ch[0] == "draw":
                        return -rules.draw_penalty
                    return -rules.empty_pool_penalty
                best = max(value(ch) for ch in choices)
                choices = [ch for ch in choices if value(ch) == best]
            ch = rng.choice(choices)
            if ch[0] == "play":
                _, tile, cell, rot, arr = ch
                # checksum: the player's total right after the play
                total = game.totals[p] + game.score_play(tile, cell, arr)[0]
                game.play(p, tile, cell, rot)
                line = "%s play %s %d,%d %d" % (names[p], tile_str(tile), cell[0], cell[1], rot)
                if rng.random() < 0.3:
                    line += " %+d" % total
                out.append(line)
            elif ch[0] == "draw":
                game.draw(p)
                out.append("%s draw" % names[p])
            else:
                game.pass_(p)
                out.append("%s pass" % names[p])
    if timeouts:
        out[0] = '[Format "2"]'     # timeout lines are format 2
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------
# mutate: one random small corruption of a record
# --------------------------------------------------------------------------

def mutate(text, seed):
    rng = random.Random(seed)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines:
        return "round 1\n"
    idx_all = list(range(len(lines)))
    actions = [k for k in idx_all if len(lines[k].split()) >= 2
               and lines[k].split()[1] in ("play", "draw", "pass", "timeout")]
    plays = [k for k in actions if lines[k].split()[1] == "play"]
    tile_lines = [k for k in idx_all if TILE_TOKEN.search(lines[k])]
    names = []
    for l in lines:
        if l.startswith("[Players"):
            names = re.findall(r'"([^"]*)"', l)
    kinds = ["tile", "cell", "rotation", "name", "delete", "duplicate", "swap",
             "checksum", "header", "kind", "char", "truncate", "round", "start"]
    kind = rng.choice(kinds)

    def pick(cands):
        return rng.choice(cands) if cands else rng.choice(idx_all)

    k = None
    if kind == "tile":
        k = pick(tile_lines)
        toks = lines[k].split(" ")
        spots = [i for i, t in enumerate(toks) if TILE_TOKEN.fullmatch(t)]
        if spots:
            i = rng.choice(spots)
            if rng.random() < 0.8:
                toks[i] = tile_str(rng.choice(TILES))
            else:
                a, b, c = toks[i].split("-")
                toks[i] = rng.choice(["%s-%s-%s" % (b, c, a), "%s-%s-%s" % (a, c, b),
                                      "%s-%s-6" % (a, b), "%s-%s" % (a, b)])
            lines[k] = " ".join(toks)
    elif kind in ("cell", "rotation", "checksum") and plays:
        k = rng.choice(plays)
        toks = lines[k].split()
        if kind == "cell":
            c, r = toks[3].split(",")
            c, r = int(c), int(r)
            if rng.random() < 0.5:
                c += rng.choice((-1, 1))
            else:
                r += rng.choice((-1, 1))
            toks[3] = "%d,%d" % (c, r) if rng.random() < 0.9 else "%d;%d" % (c, r)
        elif kind == "rotation":
            toks[4] = rng.choice(["0", "1", "2", "3", "-1", "x"])
        else:
            toks = toks[:5] + [rng.choice(["+%d" % rng.randint(0, 500),
                                           "-%d" % rng.randint(0, 50), "12", "+x"])]
        lines[k] = " ".join(toks)
    elif kind == "name" and actions and names:
        k = rng.choice(actions)
        toks = lines[k].split()
        toks[0] = rng.choice(names + ["Zed"])
        lines[k] = " ".join(toks)
    elif kind == "delete":
        k = pick(actions if rng.random() < 0.7 else idx_all)
        del lines[k]
    elif kind == "duplicate":
        k = pick(actions if rng.random() < 0.7 else idx_all)
        lines.insert(k, lines[k])
    elif kind == "swap" and len(lines) > 1:
        k = pick([a for a in actions if a + 1 < len(lines)] or idx_all[:-1])
        lines[k], lines[k + 1] = lines[k + 1], lines[k]
    elif kind == "header":
        heads = [k for k in idx_all if lines[k].startswith("[")]
        k = pick(heads)
        repl = rng.choice([
            '[Option "target" "none"]', '[Option "max_draws" "1"]',
            '[Option "bogus" "1"]', '[Option "target" "-5"]', '[Ruleset "chess"]',
            '[Option "vertex_contacts_must_match" "false"]', '[Format "2"]',
            '[Players "Ann"]', '[Option "hand_size" "9 7 7 7"]',
            '[Option "draw_when_able" "true"]', '[Option "after_draw" "any_tile"]',
            '[Option "bridge_bonus" "0"]', '[Option "hexagon_bonus" "1 2 3"]',
            '[Format "1"]', '[Option "timer" "30"]', '[Option "timer" "none"]',
            '[Option "timer_penalty" "0"]'])
        if rng.random() < 0.5:
            lines[k] = repl
        else:
            lines.insert(k + 1, repl)
    elif kind == "kind" and actions:
        k = rng.choice(actions)
        toks = lines[k].split()
        new = rng.choice(["play", "draw", "pass", "skip", "timeout"])
        if new == "play":
            lines[k] = "%s play %s %d,%d %d" % (toks[0], tile_str(rng.choice(TILES)),
                                                 rng.randint(-3, 3), rng.randint(-3, 3),
                                                 rng.randint(0, 2))
        else:
            lines[k] = "%s %s" % (toks[0], new)
    elif kind == "truncate":
        k = rng.randrange(len(lines))
        lines = lines[:k]
    elif kind == "round":
        rl = [k for k in idx_all if lines[k].startswith("round ")]
        k = pick(rl)
        lines[k] = rng.choice(["round %d" % rng.randint(0, 5), "round", "round x",
                               "Round 1"])
    elif kind == "start":
        sl = [k for k in idx_all if lines[k].startswith("start ")]
        k = pick(sl)
        lines[k] = "start %s" % rng.choice(names + ["Zed"] if names else ["Zed"])
    else:   # "char", or a fallback when the chosen kind had no target
        k = rng.randrange(len(lines))
        s = lines[k]
        pos = rng.randint(0, len(s))
        ch = rng.choice('0123456789-,+ #"[]abcxyz\t\u00e9')
        op = rng.choice(("ins", "del", "rep"))
        if op == "ins" or not s:
            s = s[:pos] + ch + s[pos:]
        elif op == "del":
            pos = min(pos, len(s) - 1)
            s = s[:pos] + s[pos + 1:]
        else:
            pos = min(pos, len(s) - 1)
            s = s[:pos] + ch + s[pos + 1:]
        lines[k] = s
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# selfcheck: small independent tests of the geometry and scoring
# --------------------------------------------------------------------------

def selfcheck():
    # Corners are the lattice points of the triangle, and neighbours share 2 corners.
    for c in range(-6, 7):
        for r in range(-6, 7):
            cell = (c, r)
            cs = corners(cell)
            assert len(set(cs)) == 3
            for nb in edge_neighbours(cell):
                assert len(set(cs) & set(corners(nb))) == 2, (cell, nb)
                assert cell in edge_neighbours(nb)
            for p in cs:
                assert cell in hexagon_cells(p)
    for i in range(-4, 5):
        for j in range(-4, 5):
            cells = hexagon_cells((i, j))
            assert len(set(cells)) == 6
            for cell in cells:
                assert (i, j) in corners(cell)
    # Exact coordinates: up (0,0) = top P(0,1), bottom-right P(1,0), bottom-left P(0,0).
    assert corners((0, 0)) == ((0, 1), (1, 0), (0, 0))
    assert corners((1, 0)) == ((0, 1), (1, 1), (1, 0))          # down
    assert corners((-1, 0)) == ((-1, 1), (0, 1), (0, 0))        # down
    assert corners((0, -1)) == ((0, 0), (1, 0), (1, -1))        # down, below (0,0)
    # Clockwise check with real coordinates (negative signed area).
    for cell in ((0, 0), (1, 0), (3, 2), (-2, -3)):
        pts = [(i + j / 2, j * 0.8660254) for i, j in corners(cell)]
        area = sum(pts[k][0] * pts[(k + 1) % 3][1] - pts[(k + 1) % 3][0] * pts[k][1]
                   for k in range(3))
        assert area < 0, cell
    assert arrangement((1, 2, 4), 1) == (2, 4, 1)                # rules.md example
    assert tile_key((3, 5, 5)) > tile_key((4, 4, 5))
    assert len(ARRANGEMENTS) == 6 + 50 * 3
    # A hexagon around P(0,0) scores; bridges and extensions are recognised.
    rules = Rules("pressman", {})
    g = Game(rules, ["A", "B"])
    everything = list(TILES)
    g.start_round([everything, everything], [], 0)
    ring = [(0, 0), (-1, 0), (-2, 0), (-2, -1), (-1, -1), (0, -1)]   # around P(0,0)
    assert set(ring) == set(hexagon_cells((0, 0)))
    g.hands[0] = list(TILES)
    g.hands[1] = list(TILES)
    for k, cell in enumerate(ring):
        pl, _, _ = g.decision()
        cands = [x for x in pl if x[1] == cell]
        assert cands, cell
        t, _, rot, arr = cands[0]
        pts, bon = g.score_play(t, cell, arr)
        if k == 5:
            assert bon == ["hexagon"], bon
            assert pts == sum(t) + 50
        g.play(g.current, t, cell, rot)
        g.hands = [list(TILES), list(TILES)]     # geometry test: reuse tiles freely
    # Bridge: a cell with one edge neighbour whose opposite corner touches a tile.
    g = Game(rules, ["A", "B"])
    g.start_round([list(TILES), list(TILES)], [], 0)
    g._place((0, 0, 0), (0, 0), (0, 0, 0), False)
    g._place((0, 0, 0), (2, 0), (0, 0, 0), False)   # touches (0,0) at P(1,0) only
    # (1,0) is down between them: two edges -> not a bridge.
    pts, bon = g.score_play((0, 0, 0), (1, 0), (0, 0, 0))
    assert bon == [], bon
    # (1,-1) is up, below (1,0)? its corners: top P(0,0)?  use geometry instead:
    for cell in [(c, r) for c in range(-4, 6) for r in range(-3, 3)]:
        if cell in g.board:
            continue
        nbs = [nb for nb in edge_neighbours(cell) if nb in g.board]
        if len(nbs) != 1:
            continue
        shared = corners(nbs[0])
        opp = [p for p in corners(cell) if p not in shared][0]
        touches = any(opp in corners(x) for x in g.board)
        _, bon = g.score_play((0, 0, 0), cell, (0, 0, 0))
        assert (bon == ["bridge"]) == touches, (cell, bon)
    print("selfcheck ok")
    return 0


# --------------------------------------------------------------------------
# command line
# --------------------------------------------------------------------------

USAGE = """usage:
  tri_ref.py check FILE [--json]
  tri_ref.py gen --ruleset NAME --players N --seed S [--option name=value ...] [--policy random|greedy]
  tri_ref.py mutate FILE --seed S
  tri_ref.py selfcheck"""


def parse_flags(args, known):
    """Tiny flag parser: returns (flags dict, positional list); repeated --option kept."""
    flags = {"option": []}
    pos = []
    k = 0
    while k < len(args):
        a = args[k]
        if a.startswith("--"):
            name = a[2:]
            if name not in known:
                raise ValueError("unknown flag %s" % a)
            if known[name] is bool:
                flags[name] = True
            else:
                if k + 1 >= len(args):
                    raise ValueError("flag %s needs a value" % a)
                k += 1
                if name == "option":
                    flags["option"].append(args[k])
                else:
                    flags[name] = args[k]
        else:
            pos.append(a)
        k += 1
    return flags, pos


def main(argv):
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    cmd, args = argv[0], argv[1:]
    try:
        if cmd == "check":
            flags, pos = parse_flags(args, {"json": bool})
            if len(pos) != 1:
                raise ValueError("check takes one FILE")
            return cmd_check(pos[0], flags.get("json", False))
        if cmd == "gen":
            flags, pos = parse_flags(args, {"ruleset": str, "players": str, "seed": str,
                                            "option": str, "policy": str})
            if pos:
                raise ValueError("unexpected argument %s" % pos[0])
            for req in ("ruleset", "players", "seed"):
                if req not in flags:
                    raise ValueError("gen needs --%s" % req)
            if flags["ruleset"] not in PRESETS:
                raise ValueError("unknown ruleset %s" % flags["ruleset"])
            policy = flags.get("policy", "random")
            if policy not in ("random", "greedy"):
                raise ValueError("policy is random or greedy")
            pairs = []
            for o in flags["option"]:
                if "=" not in o:
                    raise ValueError("--option wants name=value")
                pairs.append(tuple(o.split("=", 1)))
            seed = flags["seed"]
            seed_val = int(seed) if re.fullmatch(r"-?[0-9]+", seed) else seed
            sys.stdout.write(gen_game(flags["ruleset"], int(flags["players"]), seed_val,
                                      pairs, policy))
            return 0
        if cmd == "mutate":
            flags, pos = parse_flags(args, {"seed": str})
            if len(pos) != 1 or "seed" not in flags:
                raise ValueError("mutate takes FILE --seed S")
            with open(pos[0], encoding="utf-8", errors="replace") as f:
                text = f.read()
            seed = flags["seed"]
            sys.stdout.write(mutate(text, int(seed) if re.fullmatch(r"-?[0-9]+", seed) else seed))
            return 0
        if cmd == "selfcheck":
            return selfcheck()
    except (ValueError, OSError) as e:
        print("tri_ref.py %s: %s" % (cmd, e), file=sys.stderr)
        return 2
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    try:
        code = main(sys.argv[1:])
    except KeyboardInterrupt:
        code = 130
    except BaseException as e:      # a crash is a bug: report it on one line
        if isinstance(e, SystemExit):
            raise
        path = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] in ("check", "mutate") else "-"
        print("%s:0: internal error: %s: %s" % (path, type(e).__name__, e), file=sys.stderr)
        code = 3
    sys.exit(code)
