#!/usr/bin/env python3
"""An example external Triominos bot (see docs/bot-protocol.md).

It reads one JSON message per line on standard input. For each
{"type": "turn", "id": N, ...} it answers one line carrying the turn's id
(protocol version 2): the legal placement of its highest-value tile, or else
the first legal action (draw or pass).
Other messages ({"type": "game_over", ...}) need no answer.

Try it: triominos arena --bots "cmd:python3 examples/bots/highest_tile.py,greedy" --deals 10
"""
import json
import sys


def value(tile):
    return sum(int(n) for n in tile.split("-"))


def choose(msg):
    legal = msg["legal"]
    plays = [a for a in legal if a["kind"] == "play"]
    if plays:
        return max(plays, key=lambda a: value(a["tile"]))
    return legal[0]


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        msg = json.loads(line)
        if msg.get("type") == "turn":
            answer = dict(choose(msg), id=msg["id"])
            print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
