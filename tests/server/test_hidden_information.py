"""Hidden information on the wire (docs/protocol.md, Hidden information), for every rules preset.

Two people, CPUs in the other seats and a spectator play a short game through the websocket; every message each
connection receives is recorded as sent. Afterwards the finished log is replayed decision by decision to know the
true state at every step: every seat's concealed tiles, the undrawn wall and the unturned indicators. Each update
is matched to the step it shows (its view equals the engine's view for that seat at that step, in order), and then
checked against that step's truth, independently of the engine's own view code:

- every tile id in the view lies outside what the receiver may not see: another seat's concealed tiles, the live
  wall, the dead wall's undrawn replacements and unturned indicators (a spectator: nobody's concealed tiles);
- ``own`` is exactly the receiver's concealed hand and drawn tile (a spectator has no ``own`` and no legal actions);
  the dora indicators are exactly the turned ones;
- the events: another seat's draw carries no tile, the deal shows only the receiver's own hand (a spectator's: no
  hand), ``wall`` and ``salt`` appear only in ``end_kyoku`` and no ``live`` or ``seed`` key appears anywhere; all
  the events together are exactly the game's events as the receiver may see them;
- the game's seed appears in no message before ``game_over``, and a token only in its owner's ``welcome``.

Superpowers (the ``superpower`` preset): a tile a seat's own power showed it this hand (Foresight's tiles, the
tile Redraw put back) is no longer hidden from that seat, and only from that seat; another seat's veiled discard
is hidden from everyone else while it lies face down; a power event's private part reaches its user alone, and
``own.secrets`` is exactly the receiver's own power results.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import Any

import pytest

from jantaku.engine import Game, action_from_json
from jantaku.engine.powers import foresight, foresight_on
from jantaku.rules import PRESETS
from jantaku.rules.ruleset import RuleSet
from tests.server.helpers import SocketClient, play_to_end, server

#: keys whose values name tiles (physical ids) in a view: rivers, claims, actions, own tiles, melds, indicators, kita
TILE_KEYS = frozenset({"tile", "tiles", "drawn", "dora_indicators", "kita", "called", "added", "returned"})


class Recorder(SocketClient):
    """A SocketClient that keeps every message's text exactly as it came over the wire."""

    def __init__(self, ws: Any, nickname: str = "") -> None:
        self.raw: list[str] = []
        super().__init__(ws, nickname)

    def recv(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.raw.append(text)
        msg: dict[str, Any] = json.loads(text)
        self.seen.append(msg)
        assert not (msg["type"] == "error" and msg.get("code") == "server_error"), f"the game stopped: {msg}"
        return msg


def _options(name: str) -> dict[str, Any]:
    if name == "zung-jung":
        return {"zj_hands": 4}
    PRESETS[name].with_options(length="east")  # the preset accepts it (raises otherwise)
    return {"length": "east"}


def _norm(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _tiles_in(data: Any, key: str | None = None) -> list[int]:
    """Every int found under a tile-naming key, at any depth."""
    out: list[int] = []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _tiles_in(v, k)
    elif isinstance(data, list):
        for v in data:
            out += _tiles_in(v, key)
    elif isinstance(data, int) and not isinstance(data, bool) and key in TILE_KEYS:
        out.append(data)
    return out


def _keys_in(data: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    if isinstance(data, dict):
        for k, v in data.items():
            out.append((*path, k))
            out += _keys_in(v, (*path, k))
    elif isinstance(data, list):
        for v in data:
            out += _keys_in(v, path)
    return out


class Truth:
    """The finished game replayed from its log one decision at a time, keeping at every step the views of the
    watched seats and what each seat may not see."""

    def __init__(self, lines: list[str], watched: list[int | None]) -> None:
        header = json.loads(lines[0])
        self.seed = header["seed"]
        game = Game(RuleSet().with_options(**header["rules"]), header["seed"], powers=header.get("powers"))
        game.claim_window = True  # as the server plays it: every discard's claim window is a state of its own
        self.steps: list[dict[str, Any]] = [self._capture(game, watched)]
        for line in lines[1:]:
            rec = json.loads(line)
            if rec["type"] in ("act", "clock", "abandon") and game.window_open:
                game.close_window()
                self.steps.append(self._capture(game, watched))
            if rec["type"] == "act":
                game.apply(rec["actor"], action_from_json(rec["action"]))
            elif rec["type"] == "clock":
                game.clock(rec["info"]["minutes"])
            elif rec["type"] == "abandon":
                game.abandon()
            else:
                continue
            self.steps.append(self._capture(game, watched))
        if game.window_open:
            game.close_window()
            self.steps.append(self._capture(game, watched))
        assert game.log == lines, "the stored log replays to itself"
        self.game = game

    @staticmethod
    def _capture(game: Game, watched: list[int | None]) -> dict[str, Any]:
        t = game.table
        wall = t.wall
        indicators = wall.indicators()
        drawn_replacements = set(wall.replacement_queue[: wall.replacements])
        undrawn = set(wall.live) | set(wall.replacement_queue[wall.replacements :])
        undrawn |= set(wall.dead) - drawn_replacements - set(indicators)
        return {
            "views": {s: _norm(game.view(s)) for s in watched},
            "hands": [sorted(s.hand) for s in t.seats],
            "drawn": (game.turn.seat, game.turn.drawn) if game.turn is not None else None,
            "undrawn": undrawn,
            "indicators": list(indicators),
            "claim_tile": game.claims.tile if game.claims is not None and game.phase == "claims" else None,
            # superpowers: what each seat's own powers showed it this hand (and a lasting Foresight shows it now),
            # and the tiles lying face down
            "secrets": [_norm(x) for x in game.secrets],
            "known": [
                set(_tiles_in(x)) | set(foresight(game, seat)["tiles"] if foresight_on(game, seat) else ())
                for seat, x in enumerate(game.secrets)
            ],
            "veiled": [{r.tile for r in s.river if r.veiled} for s in t.seats],
        }


def check_connection(rec: SocketClient, seat: int | None, truth: Truth, game_id: str) -> None:
    who = f"seat {seat}" if seat is not None else "the spectator"
    updates = [m for m in rec.seen if m["type"] == "update"]
    assert updates, f"{who} saw no update"
    j = 0
    for n, msg in enumerate(updates):
        assert msg["game_id"] == game_id
        while j < len(truth.steps) and truth.steps[j]["views"][seat] != msg["view"]:
            j += 1
        assert j < len(truth.steps), f"update {n} to {who} shows no state of the game (in order)"
        step = truth.steps[j]
        view = msg["view"]
        # what this receiver may not see at this step
        hidden = set(step["undrawn"])
        for i, hand in enumerate(step["hands"]):
            if i != seat:
                hidden |= set(hand) | step["veiled"][i]
        if step["claim_tile"] is not None:  # the tile on the table is public even while still in a hand (chankan)
            hidden.discard(step["claim_tile"])
        if seat is not None:  # what the receiver's own powers showed it (and nothing another seat's showed)
            hidden -= step["known"][seat]
        leaked = sorted(set(_tiles_in(view)) & hidden)
        assert not leaked, f"update {n} to {who} names hidden tiles {leaked}"
        assert view["dora_indicators"] == step["indicators"]
        if seat is None:
            assert "own" not in view and "legal_actions" not in view and not view["must_act"]
            assert "seq" not in msg
        else:
            assert view["own"]["tiles"] == step["hands"][seat]
            drawn = step["drawn"][1] if step["drawn"] is not None and step["drawn"][0] == seat else None
            assert view["own"]["drawn"] == drawn
            assert view["own"].get("secrets", []) == step["secrets"][seat]
        for path in _keys_in(view):
            assert path[-1] not in ("wall", "live", "salt", "seed", "token"), f"view key {path} to {who}"
        for e in msg["events"]:
            if e["type"] == "tsumo" and e.get("actor") != seat:
                assert "tile" not in e, f"{who} saw seat {e.get('actor')}'s draw"
            if e["type"] == "dahai" and e.get("info", {}).get("veil") and e.get("actor") != seat:
                assert "tile" not in e, f"{who} saw seat {e.get('actor')}'s veiled discard"
            if "private" in e.get("info", {}):
                assert e["type"] == "power" and e.get("actor") == seat, f"{who} saw another seat's power result"
            if e["type"] == "start_kyoku":
                hands = e["info"]["hands"]
                assert all(h is None for i, h in enumerate(hands) if i != seat), f"{who} saw another hand dealt"
                if seat is not None:
                    assert hands[seat] is not None
            for path in _keys_in(e):
                if path[-1] in ("wall", "salt"):
                    assert e["type"] == "end_kyoku" and path == ("info", path[-1]), f"{path} in {e['type']}"
                assert path[-1] not in ("live", "seed", "token"), f"event key {path} to {who}"
    # all events together: exactly the game's events as this receiver may see them (from the first deal on)
    got = [e for m in updates for e in m["events"]]
    expected = [_norm(e.to_json()) for e in truth.game.events_for(seat)][1:]  # start_game is not sent
    assert got == expected, f"the events {who} received differ from the game's events redacted for it"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_no_message_carries_hidden_information(tmp_path: Path, preset: str) -> None:
    players = PRESETS[preset].players
    with (
        server(tmp_path) as client,
        client.websocket_connect("/ws") as wa,
        client.websocket_connect("/ws") as wb,
        client.websocket_connect("/ws") as wc,
    ):
        ann, bob, sue = Recorder(wa, "Ann"), Recorder(wb, "Bob"), Recorder(wc, "Sue")
        settings = {
            "preset": preset,
            "options": _options(preset),
            "public": False,
            "think_seconds": 0,
            "bank_seconds": 0,
        }
        ann.send({"type": "create_room", "settings": settings})
        room_id = ann.until("room")["room"]["room_id"]
        bob.send({"type": "join_room", "room_id": room_id})
        assert bob.until("room")["you"] == 1
        sue.send({"type": "spectate", "room_id": room_id})
        sue.until("room")
        for _ in range(players - 2):
            ann.send({"type": "add_cpu", "level": "normal"})
        ann.send({"type": "ready"})
        bob.send({"type": "ready"})
        ann.until("room", lambda m: all(s and s["ready"] for s in m["room"]["seats"]))
        ann.send({"type": "start"})
        for p in (ann, bob):  # in step: from here on every step of the game sends one update to each
            p.until("room", lambda m: m["room"]["phase"] == "playing")
        over = play_to_end([ann, bob])
        assert bob.until("room")["room"]["phase"] == "waiting"  # after game_over: the room waits again
        ann.until("room")
        sue_over = sue.until("game_over")
        sue.until("room")
        assert sue_over == over
        game_id = over["game_id"]
        client.app.state.lobby.store.flush()
        res = client.get(f"/api/games/{game_id}/log")
        assert res.status_code == 200
        truth = Truth(res.text.splitlines(), [0, 1, None])
        assert truth.game.final is not None
        assert over["final"]["scores"] == truth.game.final.to_json()["scores"]

        for rec, seat in ((ann, 0), (bob, 1), (sue, None)):
            check_connection(rec, seat, truth, game_id)
            end = next(i for i, m in enumerate(rec.seen) if m["type"] == "game_over")
            for text in rec.raw[:end]:
                assert truth.seed not in text, "the seed was sent before the game ended"
        # a token reaches its owner's welcome and nothing else
        conns = (ann, bob, sue)
        for owner in conns:
            assert owner.token
            for rec in conns:
                for text, msg in zip(rec.raw, rec.seen, strict=True):
                    if owner.token in text:
                        assert rec is owner and msg["type"] == "welcome", "a token went to someone else"


# ---------------------------------------------------------------------------------------------------------------------
# who may call: neither the shape nor the timing of the messages tells


def _who_could_claim(lines: list[str]) -> list[set[int]]:
    """For each discard of the game in order: the seats that had an option on it."""
    header = json.loads(lines[0])
    game = Game(RuleSet().with_options(**header["rules"]), header["seed"], powers=header.get("powers"))
    game.claim_window = True
    out: list[set[int]] = []
    for line in lines[1:]:
        rec = json.loads(line)
        if rec["type"] != "act":
            continue
        if game.window_open:
            game.close_window()
        events = game.apply(rec["actor"], action_from_json(rec["action"]))
        if any(e.type == "dahai" for e in events):
            out.append(set(game.claims.options) if game.claims is not None else set())
    return out


def _discard_updates(
    rec: SocketClient, stamps: list[float]
) -> list[tuple[dict[str, Any], dict[str, Any], float, float]]:
    """Each update that shows another seat's discard, the update after it, and when each came."""
    updates = [(m, t) for m, t in zip(rec.seen, stamps, strict=True) if m["type"] == "update"]
    out = []
    for i, (msg, t) in enumerate(updates[:-1]):
        if any(e["type"] == "dahai" and e["actor"] != 0 for e in msg["events"]):
            out.append((msg, updates[i + 1][0], t, updates[i + 1][1]))
    return out


class Timed(Recorder):
    """A Recorder that notes when each message came."""

    def __init__(self, ws: Any, nickname: str = "") -> None:
        self.stamps: list[float] = []
        super().__init__(ws, nickname)

    def recv(self) -> dict[str, Any]:
        msg = super().recv()
        self.stamps.append(time.monotonic())
        return msg


WINDOW = 0.25


@pytest.mark.serial
def test_a_discard_looks_and_lasts_the_same_whether_or_not_another_seat_may_call(tmp_path: Path) -> None:
    """Ann plays against three CPUs with a claim window of 0.25 s. Every other seat's discard that Ann cannot
    call reaches her as an update of its own (the discard last, ``phase`` "claims", no prompt), and the next
    update comes one window later, whether a CPU could call it or nobody could."""
    with server(tmp_path, claim_window=WINDOW) as client, client.websocket_connect("/ws") as ws:
        ann = Timed(ws, "Ann")
        ann.send({"type": "play_now", "settings": {"options": {"length": "east"}}})
        over = play_to_end([ann])
        client.app.state.lobby.store.flush()
        lines = client.get(f"/api/games/{over['game_id']}/log").text.splitlines()
    could = _who_could_claim(lines)
    discards = _discard_updates(ann, ann.stamps)
    others_discards = [c for c, e in zip(could, _all_discarders(lines), strict=True) if e != 0]
    assert len(discards) == len(others_discards)
    classes: dict[str, list[float]] = {"a CPU could call": [], "nobody could call": []}
    for (msg, nxt, t, t_next), options in zip(discards, others_discards, strict=True):
        if 0 in options:
            continue  # Ann's own prompt: she may see that she can call
        kinds = [e["type"] for e in msg["events"]]
        assert kinds[kinds.index("dahai") + 1 :] in ([], ["dora"]), kinds  # nothing after the discard
        assert msg["view"]["phase"] == "claims" and msg["view"]["claim"]["kind"] == "discard"
        assert msg.get("seq") is None and msg["view"]["legal_actions"] == []
        classes["a CPU could call" if options else "nobody could call"].append(t_next - t)
        assert nxt["events"], "an update with nothing in it: a CPU answered a call"
    assert all(classes.values()), f"a game without both kinds of discard: {[len(v) for v in classes.values()]}"
    for name, gaps in classes.items():
        assert min(gaps) >= WINDOW / 2, f"{name}: the next update came {min(gaps):.3f} s after the discard"
    medians = [statistics.median(g) for g in classes.values()]
    assert abs(medians[0] - medians[1]) < 0.1, f"the pause differs by class: {medians}"


def _all_discarders(lines: list[str]) -> list[int]:
    """Who made each discard, in order (a riichi declaration discards too)."""
    out = []
    for line in lines[1:]:
        rec = json.loads(line)
        if rec["type"] == "act" and rec["action"]["type"] in ("discard", "riichi"):
            out.append(rec["actor"])
    return out


def test_a_seats_prompts_are_numbered_by_its_own_decisions_only(tmp_path: Path) -> None:
    """``seq`` counts Ann's prompts only: 1, 2, 3... with no gap for the CPUs' decisions or their passes."""
    with server(tmp_path) as client, client.websocket_connect("/ws") as ws:
        ann = Recorder(ws, "Ann")
        ann.send({"type": "play_now", "settings": {"options": {"length": "east"}}})
        play_to_end([ann])
    seqs = list(dict.fromkeys(m["seq"] for m in ann.seen if m["type"] == "update" and m.get("seq")))
    assert len(seqs) > 20
    assert seqs == list(range(1, len(seqs) + 1))
