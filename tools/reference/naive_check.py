#!/usr/bin/env python3
"""A second, deliberately naive replayer used by selftest.sh to cross-check tri_ref.py.

It shares no engine code with tri_ref.py: geometry comes from doubled x coordinates
(up cell (c, r): (c+1, r+1), (c+2, r), (c, r); down cell: (c, r+1), (c+2, r+1),
(c+1, r)), neighbours and hexagons are found by brute force, and legality is checked
against every placed tile.  It trusts the record to be legal (tri_ref.py check said
so) and recomputes legal_placements, points, bonuses, round ends, totals and winners.

    naive_check.py FILE...      exit 0 when every file agrees with `tri_ref.py check --json`
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

PRESET = {
    "goliath": dict(hand=(9, 7, 7, 7, 7), first_tile="any", sb=0, tsb=0, zsb=0,
                    dwa=True, maxd=3, dp=5, fp=10, after="drawn_tile", epp=0, vmatch=True,
                    bridge=40, ext=0, hexb=(50, 60, 70), out=25, takes=True,
                    blocked="each_subtracts", target=400, end="highest_after_round", timer=None, tp=15),
    "pressman": dict(hand=(9, 7, 7, 7, 7), first_tile="start_tile", sb=0, tsb=10, zsb=30,
                     dwa=False, maxd=3, dp=5, fp=10, after="drawn_tile", epp=0, vmatch=True,
                     bridge=40, ext=40, hexb=(50, 100, 150), out=25, takes=True,
                     blocked="lowest_takes_all", target=400, end="round_winner_after_round", timer=None, tp=15),
    "dominos-triangles": dict(hand=(9, 7, 7, 6, 6), first_tile="any", sb=10, tsb=0, zsb=0,
                              dwa=False, maxd=1, dp=5, fp=10, after="drawn_tile", epp=0,
                              vmatch=True, bridge=0, ext=0, hexb=(0, 0, 0), out=25,
                              takes=False, blocked="lowest_bonus", target=400,
                              end="immediate", timer=None, tp=15),
}
OPT = {"first_tile": "first_tile", "start_bonus": "sb", "triple_start_bonus": "tsb",
       "zero_triple_bonus": "zsb", "draw_when_able": "dwa", "max_draws": "maxd",
       "draw_penalty": "dp", "fail_penalty": "fp", "after_draw": "after",
       "empty_pool_penalty": "epp", "vertex_contacts_must_match": "vmatch",
       "bridge_bonus": "bridge", "bridge_extension_bonus": "ext", "hexagon_bonus": "hexb",
       "out_bonus": "out", "out_takes_hands": "takes", "blocked": "blocked",
       "target": "target", "game_end": "end", "hand_size": "hand",
       "start": "start", "players": "players", "timer": "timer", "timer_penalty": "tp"}


def conv(name, v):
    if v in ("true", "false"):
        return v == "true"
    if name in ("target", "timer") and v == "none":
        return None
    if name in ("hexagon_bonus", "hand_size"):
        return tuple(int(x) for x in v.split())
    try:
        return int(v)
    except ValueError:
        return v


def verts(cell):
    c, r = cell
    if (c + r) % 2 == 0:
        return [(c + 1, r + 1), (c + 2, r), (c, r)]
    return [(c, r + 1), (c + 2, r + 1), (c + 1, r)]


def tparse(s):
    return tuple(int(x) for x in s.split("-"))


def rot_arr(t, rot):
    return tuple(t[(k + rot) % 3] for k in range(3))


class Naive:
    def __init__(self, R, names):
        self.R, self.names, self.n = R, names, len(names)

    def legal(self, cell, arr):
        if cell in self.board:
            return False
        vs = verts(cell)
        edge = False
        for other, oarr in self.board.items():
            ov = verts(other)
            shared = [p for p in vs if p in ov]
            if len(shared) == 2:
                edge = True
            if self.R["vmatch"] or len(shared) == 2:
                for p in shared:
                    if arr[vs.index(p)] != oarr[ov.index(p)]:
                        return False
        return edge

    def candidates(self):
        cells = set()
        for (c, r) in self.board:
            for dc in range(-2, 3):
                for dr in range(-1, 2):
                    cells.add((c + dc, r + dr))
        return cells

    def count(self, tiles):
        if not self.board:
            return len({rot_arr(t, k) for t in tiles for k in range(3)})
        seen = set()
        for cell in self.candidates():
            for t in tiles:
                for k in range(3):
                    arr = rot_arr(t, k)
                    if (cell, arr) not in seen and self.legal(cell, arr):
                        seen.add((cell, arr))
        return len(seen)

    def start_tiles(self, hand):
        if self.R["first_tile"] == "any":
            return list(hand)
        triples = sorted(t for t in hand if len(set(t)) == 1)
        if triples:
            s = {triples[-1]}
            if (0, 0, 0) in hand:
                s.add((0, 0, 0))
            return list(s)
        return [max(hand, key=lambda t: (sum(t), sorted(t, reverse=True)))]

    def score(self, tile, cell, arr):
        R = self.R
        pts = sum(tile)
        bon = []
        if not self.board:
            sb = R["sb"] + (R["tsb"] if len(set(tile)) == 1 else 0) + \
                (R["zsb"] if tile == (0, 0, 0) else 0)
            if sb:
                bon.append("start")
            return pts + sb, bon, False
        vs = verts(cell)
        nbs = [o for o in self.board if len(set(verts(o)) & set(vs)) == 2]
        bridge = False
        if R["bridge"] and len(nbs) == 1:
            opp = [p for p in vs if p not in verts(nbs[0])][0]
            if any(opp in verts(o) for o in self.board):
                bridge = True
                pts += R["bridge"]
                bon.append("bridge")
        if R["ext"] and len(nbs) >= 2 and any(cell in self.bridge_open.get(o, ()) for o in nbs):
            pts += R["ext"]
            bon.append("bridge_extension")
        hexes = 0
        for p in vs:
            # the cells with vertex p: search a window around it
            around = [(c, r) for c in range(p[0] - 3, p[0] + 2) for r in range(p[1] - 1, p[1] + 1)
                      if p in verts((c, r))]
            assert len(around) == 6
            if all(a in self.board or a == cell for a in around):
                hexes += 1
        if hexes and R["hexb"][hexes - 1]:
            pts += R["hexb"][hexes - 1]
            bon.append(["hexagon", "double_hexagon", "triple_hexagon"][hexes - 1])
        return pts, bon, bridge


def replay(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    R = None
    names = None
    rounds = []
    for k, raw in enumerate(lines, 1):
        t = raw.split("#")[0].strip() if not raw.startswith("[") else raw.strip()
        if not t:
            continue
        if t.startswith("["):
            tag = t[1:].split()[0]
            vals = t.split('"')[1::2]
            if tag == "Ruleset":
                R = dict(PRESET[vals[0]])
            elif tag == "Players":
                names = vals
            elif tag == "Option":
                R[OPT[vals[0]]] = conv(vals[0], vals[1])
            continue
        toks = t.split()
        if toks[0] == "round":
            rounds.append({"deals": {}, "pool": [], "start": None, "acts": []})
        elif toks[0] == "deal":
            rounds[-1]["deals"][toks[1]] = [tparse(x) for x in toks[2:]]
        elif toks[0] == "pool":
            rounds[-1]["pool"] = [tparse(x) for x in toks[1:]]
        elif toks[0] == "start":
            rounds[-1]["start"] = toks[1]
        else:
            rounds[-1]["acts"].append((k, toks))
    g = Naive(R, names)
    n = len(names)
    totals = {nm: 0 for nm in names}
    out_rounds = []
    over = False
    winners = None
    for rd in rounds:
        hands = {nm: list(rd["deals"][nm]) for nm in names}
        pool = list(rd["pool"])
        g.board = {}
        g.bridge_open = {}
        rs = {nm: 0 for nm in names}
        reached = set()
        acts = []
        end = "unfinished"
        draws = 0
        drawn = None
        passes = 0
        for (line, toks) in rd["acts"]:
            who, kind = toks[0], toks[1]
            a = {"line": line, "player": who, "kind": kind}
            if kind == "play":
                tile = tparse(toks[2])
                cell = tuple(int(x) for x in toks[3].split(","))
                rot = int(toks[4])
                arr = rot_arr(tile, rot)
                if not g.board:
                    a["legal_placements"] = g.count(g.start_tiles(hands[who]))
                elif draws:
                    a["legal_placements"] = g.count([drawn] if R["after"] == "drawn_tile"
                                                    else hands[who])
                else:
                    a["legal_placements"] = g.count(hands[who])
                pts, bon, bridge = g.score(tile, cell, arr)
                if bridge:
                    g.bridge_open[cell] = [o for o in g.candidates()
                                           if len(set(verts(o)) & set(verts(cell))) == 2
                                           and o not in g.board]
                g.board[cell] = arr
                hands[who].remove(tile)
                a.update(tile=toks[2], cell=list(cell), rotation=rot)
                draws, drawn, passes = 0, None, 0
            elif kind == "draw":
                a["legal_placements"] = 0 if draws else g.count(hands[who])
                drawn = pool.pop(0)
                hands[who].append(drawn)
                draws += 1
                passes = 0
                pts, bon = -R["dp"], []
                can = g.count([drawn] if R["after"] == "drawn_tile" else hands[who])
                if not can and draws == R["maxd"]:
                    pts -= R["fp"]
                    if R["fp"]:
                        bon = ["fail"]
                    draws, drawn = 0, None
            elif kind == "timeout":
                # counted as a play would be at this moment
                if not g.board:
                    a["legal_placements"] = g.count(g.start_tiles(hands[who]))
                elif draws:
                    a["legal_placements"] = g.count([drawn] if R["after"] == "drawn_tile"
                                                    else hands[who])
                else:
                    a["legal_placements"] = g.count(hands[who])
                if g.board and pool:
                    hands[who].append(pool.pop(0))
                pts, bon = -R["tp"], []
                draws, drawn, passes = 0, None, 0
            else:
                a["legal_placements"] = 0
                pts, bon = -R["epp"], []
                passes += 1
                draws, drawn = 0, None
            a["points"], a["bonuses"] = pts, bon
            acts.append(a)
            totals[who] += pts
            rs[who] += pts
            if R["target"] is not None and totals[who] >= R["target"]:
                if who not in reached and R["end"] == "immediate":
                    over, winners = True, [who]
                    break
                reached.add(who)
            sums = {nm: sum(map(sum, hands[nm])) for nm in names}
            if kind == "play" and not hands[who]:
                end = "out"
                rw = [who]
                adj = {nm: 0 for nm in names}
                adj[who] = R["out"] + (sum(sums.values()) if R["takes"] else 0)
            elif passes == n:
                end = "blocked"
                low = min(sums.values())
                rw = [nm for nm in names if sums[nm] == low]
                if R["blocked"] == "each_subtracts":
                    adj = {nm: -sums[nm] for nm in names}
                elif R["blocked"] == "lowest_takes_all":
                    others = sum(sums[nm] for nm in names if nm not in rw)
                    adj = {nm: (others - sums[nm] if nm in rw else 0) for nm in names}
                else:
                    adj = {nm: (R["out"] if nm in rw else 0) for nm in names}
            else:
                continue
            newly = []
            for nm in names:
                totals[nm] += adj[nm]
                rs[nm] += adj[nm]
                if R["target"] is not None and totals[nm] >= R["target"] and nm not in reached:
                    reached.add(nm)
                    newly.append(nm)
            if R["target"] is None:
                over, winners = True, rw
            elif R["end"] == "immediate":
                if newly:
                    over, winners = True, newly
            elif reached:
                over = True
                pool_ = names if R["end"] == "highest_after_round" else \
                    [nm for nm in names if nm in reached]
                if R["end"] == "round_winner_after_round" and len(pool_) > 1 and \
                        any(nm in rw for nm in pool_):
                    winners = [nm for nm in pool_ if nm in rw]
                else:
                    best = max(totals[nm] for nm in pool_)
                    winners = [nm for nm in pool_ if totals[nm] == best]
            break
        out_rounds.append({"number": len(out_rounds) + 1, "actions": acts, "end": end,
                           "round_scores": rs})
    return {"players": names, "rounds": out_rounds, "totals": totals,
            "winner": [nm for nm in names if nm in winners] if over else None}


def main(paths):
    bad = 0
    for path in paths:
        got = subprocess.run([sys.executable, os.path.join(HERE, "tri_ref.py"), "check",
                              "--json", path], capture_output=True, text=True)
        if got.returncode != 0:
            print("%s: check failed: %s" % (path, got.stderr.strip()))
            bad += 1
            continue
        ref = json.loads(got.stdout)
        mine = replay(path)
        if ref != mine:
            bad += 1
            print("%s: naive replay disagrees" % path)
            for x, y in zip(ref["rounds"], mine["rounds"]):
                for a, b in zip(x["actions"], y["actions"]):
                    if a != b:
                        print("  tri_ref:", a)
                        print("  naive:  ", b)
                        break
                if (x["end"], x["round_scores"]) != (y["end"], y["round_scores"]):
                    print("  round", x["number"], x["end"], x["round_scores"], "naive:",
                          y["end"], y["round_scores"])
            print("  totals/winner", ref["totals"], ref["winner"], "naive:", mine["totals"],
                  mine["winner"])
    print("naive cross-check: %d passed, %d failed" % (len(paths) - bad, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
