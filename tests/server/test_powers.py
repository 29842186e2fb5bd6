"""Superpower rooms through real websockets (docs/protocol.md, Superpowers): every seat's power shown to the room
before Ready, ``set_power`` for one's own seat and (the creator) a CPU's, its refusals, the rule turned off and on,
the chosen powers in every view of the game, a person using powers whose private results reach that person alone,
auto-matching and Play now with a chosen power, a restart that keeps the powers, and the server's own moves (a
timeout's default, a stand-in) that never spend a person's power."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from jantaku.engine import Game, action_from_json
from jantaku.engine.actions import Discard, Power
from jantaku.engine.powers import CATALOGUE, POWERS
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.server.rooms import seeded_power
from jantaku.server.runner import default_action, without_powers
from tests.server.helpers import answer, events, play_all, send_ok, simple_choice, table, wait_for
from tests.server.test_hidden_information import Truth, check_connection

Msg = dict[str, Any]
#: a superpower match, East only, no timers
SP: Msg = {"preset": "superpower", "options": {"length": "east"}, "think_seconds": 0, "bank_seconds": 0}
CATALOGUE_KEYS = {"name", "summary", "summary_ja", "per_hand", "per_game", "timing", "target", "in_riichi"}


def powers_of(room: Msg) -> list[str | None]:
    return [None if s is None else s.get("power") for s in room["seats"]]


def view_powers(view: Msg) -> list[str]:
    return [s["power"]["name"] for s in view["seats"]]


def powered(legal: list[Msg]) -> Msg:
    """Win when possible, else use a power as soon as it is offered, else the plain scripted play."""
    for a in legal:
        if a["type"] in ("tsumo", "ron"):
            return a
    for a in legal:
        if a["type"] == "power":
            return a
    return simple_choice([a for a in legal if not a.get("veil")])


def uses_power(action: Msg) -> bool:
    return action["type"] == "power" or bool(action.get("veil"))


def offered_and_used(lines: list[str], seat: int) -> tuple[int, list[Msg]]:
    """Replay a finished log: how many of ``seat``'s decisions offered a power, and its decisions that used one."""
    header = json.loads(lines[0])
    game = Game(RuleSet().with_options(**header["rules"]), header["seed"], powers=header.get("powers"))
    offered, used = 0, []
    for line in lines[1:]:
        rec = json.loads(line)
        if rec["type"] == "clock":
            game.clock(rec["info"]["minutes"])
        if rec["type"] != "act":
            continue
        if rec["actor"] == seat:
            offered += any(
                isinstance(a, Power) or (isinstance(a, Discard) and a.veil) for a in game.legal_actions(seat)
            )
            if uses_power(rec["action"]):
                used.append(rec["action"])
        game.apply(rec["actor"], action_from_json(rec["action"]))
    assert game.log == lines
    return offered, used


# ---------------------------------------------------------------------- the room
def test_every_seat_shows_its_power_to_every_member_before_ready(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        ann, bob, sue = connect("Ann"), connect("Bob"), connect("Sue")
        first = send_ok(ann, {"type": "create_room", "settings": SP, "cpus": ["normal", "easy"]})["room"]
        rid = first["room_id"]
        assert powers_of(first) == [seeded_power(rid, 0), seeded_power(rid, 1), seeded_power(rid, 2), None]
        assert send_ok(bob, {"type": "join_room", "room_id": rid})["you"] == 3
        sue.send({"type": "spectate", "room_id": rid})
        seeded = [seeded_power(rid, i) for i in range(4)]
        rooms = [
            ann.room(lambda r: r["seats"][3] is not None)["room"],
            bob.seen[-1]["room"],
            sue.until("room")["room"],
        ]
        for room in rooms:
            assert room["phase"] == "waiting"
            assert powers_of(room) == seeded, "every seat's power, shown to members and spectators alike"
            assert all(p in POWERS for p in powers_of(room))
            assert not any(s["ready"] for s in room["seats"] if s["kind"] == "person")
            cat = room["superpowers"]
            assert [c["name"] for c in cat] == list(POWERS)
            assert all(set(c) == CATALOGUE_KEYS for c in cat)
            assert next(c for c in cat if c["name"] == "beacon")["per_game"] == CATALOGUE["beacon"].per_game
        # the seeded pick is the Room ID's and the seat's, not a random draw: leaving and coming back gives it again
        bob.send({"type": "leave_room"})
        bob.until("left")
        assert powers_of(ann.room(lambda r: r["seats"][3] is None)["room"])[3] is None
        assert powers_of(send_ok(bob, {"type": "join_room", "room_id": rid})["room"]) == seeded


def test_set_power_for_oneself_and_for_a_cpu_and_its_refusals(tmp_path: Path) -> None:
    with table(tmp_path) as (_client, connect):
        ann, bob, sue = connect("Ann"), connect("Bob"), connect("Sue")
        rid = send_ok(ann, {"type": "create_room", "settings": SP, "cpus": ["normal", "normal"]})["room"]["room_id"]
        send_ok(bob, {"type": "join_room", "room_id": rid})
        sue.send({"type": "spectate", "room_id": rid})
        sue.until("room")

        ann.send({"type": "set_power", "power": "seal"})
        for p in (ann, bob, sue):
            assert p.room(lambda r: r["seats"][0]["power"] == "seal")["room"]["phase"] == "waiting"
        # a change clears every ready flag: everyone readies for the powers at the table
        ann.send({"type": "ready"})
        bob.send({"type": "ready"})
        held = ann.room(lambda r: r["seats"][0]["ready"] and r["seats"][3]["ready"])["room"]["seats"][3]["power"]
        new = "sense" if held == "beacon" else "beacon"  # a change (Bob's seeded pick may be either)
        bob.send({"type": "set_power", "seat": 3, "power": new})
        room = ann.room(lambda r: r["seats"][3]["power"] == new)["room"]
        assert not room["seats"][0]["ready"] and not room["seats"][3]["ready"]
        # choosing the power one already holds changes nothing (and clears nothing)
        ann.send({"type": "ready"})
        ann.room(lambda r: r["seats"][0]["ready"])
        bob.send({"type": "set_power", "power": new})
        assert bob.room()["room"]["seats"][0]["ready"] is True

        # the creator sets a CPU's power; nobody else may, and nobody sets another person's
        ann.send({"type": "set_power", "seat": 1, "power": "veil"})
        assert bob.room(lambda r: r["seats"][1]["power"] == "veil")["room"]["seats"][1]["kind"] == "cpu"
        refusals = [
            (bob, {"seat": 1, "power": "sense"}, "not_creator"),
            (bob, {"seat": 0, "power": "sense"}, "not_your_seat"),
            (ann, {"seat": 3, "power": "sense"}, "not_your_seat"),
            (ann, {"power": "telepathy"}, "unknown_power"),
            (ann, {"power": 3}, "unknown_power"),
            (ann, {}, "unknown_power"),
            (ann, {"seat": 9, "power": "sense"}, "bad_message"),
            (ann, {"seat": "1", "power": "sense"}, "bad_message"),
        ]
        for p, body, code in refusals:
            p.send({"type": "set_power", **body})
            err = p.error(code)
            assert err["ref"] == "set_power"
        ann.send({"type": "remove_cpu", "seat": 2})
        ann.room(lambda r: r["seats"][2] is None)
        ann.send({"type": "set_power", "seat": 2, "power": "sense"})
        ann.error("no_seat")
        ann.send({"type": "add_cpu", "level": "easy", "seat": 2})
        assert ann.room(lambda r: r["seats"][2] is not None)["room"]["seats"][2]["power"] == seeded_power(rid, 2)

        chosen = ["seal", "veil", seeded_power(rid, 2), new]
        ann.send({"type": "ready"})
        bob.send({"type": "ready"})
        ann.room(lambda r: r["seats"][0]["ready"] and r["seats"][3]["ready"])
        ann.send({"type": "start"})
        for p in (ann, bob, sue):
            assert powers_of(p.room(lambda r: r["phase"] == "playing")["room"]) == chosen
        # the game holds the chosen powers: in every view, each seat's power with its charges
        for p in (ann, bob, sue):
            update = p.until("update")
            assert view_powers(update["view"]) == chosen
            assert [s["power"]["left"] for s in update["view"]["seats"]] == [CATALOGUE[p].per_game for p in chosen]
            assert all(s["sealed_by"] == [] for s in update["view"]["seats"])
        assert ann.seen[-1]["view"]["own"]["secrets"] == [] and "own" not in sue.seen[-1]["view"]
        bob.send({"type": "set_power", "power": "sense"})
        bob.error("game_running")


def listing(client: Any) -> list[Msg]:
    """The lobby's public rooms from REST."""
    rooms: list[Msg] = client.get("/api/rooms").json()["rooms"]
    return rooms


def test_turning_the_rule_off_removes_the_powers(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ann = connect("Ann")
        on = {"preset": "standard", "options": {"length": "east", "superpowers": True}}
        ann.send({"type": "create_room", "settings": {"preset": "standard"}, "power": "seal"})
        ann.error("no_superpowers")  # a power under rules without them
        room = send_ok(ann, {"type": "create_room", "settings": on, "cpus": ["easy"], "power": "beacon"})["room"]
        rid = room["room_id"]
        assert room["rules"]["superpowers"] is True and powers_of(room)[:2] == ["beacon", seeded_power(rid, 1)]
        room = send_ok(ann, {"type": "create_room", "settings": on, "cpus": ["easy"]})["room"]
        rid = room["room_id"]
        assert powers_of(room)[:2] == [seeded_power(rid, i) for i in (0, 1)]
        other = next(p for p in POWERS if p != seeded_power(rid, 0))
        assert send_ok(ann, {"type": "set_power", "power": other})["room"]["seats"][0]["power"] == other
        listed = {r["room_id"]: r for r in listing(client)}
        assert listed[rid]["superpowers"] is True  # the lobby marks a superpower room, whatever its preset

        off = send_ok(ann, {"type": "settings", "settings": {"preset": "standard", "options": {"length": "east"}}})
        room = off["room"]
        assert "superpowers" not in room
        assert all("power" not in s for s in room["seats"] if s is not None)
        assert {r["room_id"]: r for r in listing(client)}[rid]["superpowers"] is False
        ann.send({"type": "set_power", "power": "seal"})
        ann.error("no_superpowers")
        ann.send({"type": "add_cpu", "level": "easy"})
        assert all("power" not in s for s in ann.room()["room"]["seats"] if s is not None)

        # on again (the preset this time): the seeded picks, for the CPU added while it was off too
        room = send_ok(ann, {"type": "settings", "settings": SP})["room"]
        assert powers_of(room) == [seeded_power(rid, 0), seeded_power(rid, 1), seeded_power(rid, 2), None]
        assert [c["name"] for c in room["superpowers"]] == list(POWERS)


# ---------------------------------------------------------------------- playing with powers
def test_a_person_uses_powers_and_only_that_person_sees_the_private_results(tmp_path: Path) -> None:
    """Ann (Foresight) and Bob (Sense) use their powers as soon as they are offered, against CPUs with Veil and
    Seal, with Sue watching; every message each receives then passes the hidden-information check."""
    with table(tmp_path) as (client, connect):
        ann, bob, sue = connect("Ann"), connect("Bob"), connect("Sue")
        rid = send_ok(ann, {"type": "create_room", "settings": SP, "cpus": ["strong", "normal"]})["room"]["room_id"]
        send_ok(bob, {"type": "join_room", "room_id": rid})
        sue.send({"type": "spectate", "room_id": rid})
        sue.until("room")
        chosen = ["foresight", "veil", "seal", "sense"]
        for body in ({"power": "foresight"}, {"seat": 1, "power": "veil"}, {"seat": 2, "power": "seal"}):
            send_ok(ann, {"type": "set_power", **body})
        send_ok(bob, {"type": "set_power", "power": "sense"})
        ann.send({"type": "ready"})
        bob.send({"type": "ready"})
        ann.room(lambda r: r["seats"][0]["ready"] and r["seats"][3]["ready"])
        ann.send({"type": "start"})
        over = play_all([ann, bob], powered)
        game_id = over["game_id"]
        sue.until("game_over")

        for who, p in (("Ann", ann), ("Bob", bob), ("Sue", sue)):
            updates = [m for m in p.seen if m["type"] == "update"]
            assert updates and all(view_powers(m["view"]) == chosen for m in updates), who

        # Foresight: her own next draws (up to three, with their positions) reach Ann, in her power event and her
        # own.secrets; Bob and Sue see the use only
        mine = [e for e in events(ann.seen, "power") if e["actor"] == 0]
        assert mine, "Ann's Foresight was offered and used"
        assert all(e["info"]["power"] == "foresight" and len(e["info"]["private"]["tiles"]) <= 3 for e in mine)
        assert all(len(e["info"]["private"]["at"]) == len(e["info"]["private"]["tiles"]) for e in mine)
        per_game = CATALOGUE["foresight"].per_game
        assert [e["info"]["left"] for e in mine] == list(range(per_game - 1, -1, -1))[: len(mine)]
        secrets = [x for m in ann.seen if m["type"] == "update" for x in m["view"]["own"]["secrets"]]
        assert any(x["power"] == "foresight" and x["tiles"] == mine[0]["info"]["private"]["tiles"] for x in secrets)
        # Sense: the tile Bob asked about and the answer are his alone (1 a hand, ``per_game`` a game)
        his = [e for e in events(bob.seen, "power") if e["actor"] == 3]
        assert 1 <= len(his) <= CATALOGUE["sense"].per_game and all(
            e["info"]["power"] == "sense" and "target" not in e for e in his
        )
        assert all(set(e["info"]["private"]) == {"tile", "deals_in"} for e in his)
        assert all(isinstance(e["info"]["private"]["deals_in"], bool) for e in his)
        assert all(
            not any(e["actor"] == 3 and "private" in e["info"] for e in events(p.seen, "power")) for p in (ann, sue)
        )
        public = [{**e, "info": {k: v for k, v in e["info"].items() if k != "private"}} for e in mine]
        for other in (bob, sue):
            seen = events(other.seen, "power")
            assert [e for e in seen if e["actor"] == 0] == public, "the use is public, the tiles are Ann's"
        for other, seat in ((ann, 0), (bob, 3), (sue, None)):
            seen = events(other.seen, "power")
            assert all("private" not in e.get("info", {}) for e in seen if e["actor"] != seat)
            for m in other.seen:
                if m["type"] == "update" and seat is not None:
                    assert all(x["power"] == chosen[seat] for x in m["view"]["own"]["secrets"])
                elif m["type"] == "update":
                    assert "own" not in m["view"]
        # a CPU's veiled discard lies face down for the others
        for e in events(ann.seen, "dahai"):
            if e["actor"] == 1 and e["info"].get("veil"):
                assert "tile" not in e

        # the record names the powers; the whole exchange passes the hidden-information check
        client.app.state.lobby.store.flush()  # type: ignore[attr-defined]
        record = client.get(f"/api/games/{game_id}").json()
        assert [s["power"] for s in record["seats"]] == chosen
        lines = client.get(f"/api/games/{game_id}/log").text.splitlines()
        assert json.loads(lines[0])["powers"] == chosen
        truth = Truth(lines, [0, 3, None])
        for p, seat in ((ann, 0), (bob, 3), (sue, None)):
            check_connection(p, seat, truth, game_id)
            before = json.dumps([m for m in p.seen if m["type"] != "game_over"])
            assert truth.seed not in before


def test_queue_and_play_now_take_a_chosen_power(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        ps = [connect(f"P{i}") for i in range(4)]
        std = connect("Std")
        sp = {"preset": "superpower", "options": {"length": "east"}}
        plain = {"preset": "standard", "options": {"length": "east"}}
        std.send({"type": "queue", "settings": plain, "power": "seal"})
        std.error("no_superpowers")
        std.send({"type": "queue", "settings": plain})
        assert std.until("queue")["waiting"] == 1
        ps[0].send({"type": "queue", "settings": sp, "power": "seal"})
        assert ps[0].until("queue")["waiting"] == 1, "superpowers on and off never meet in one queue"
        ps[1].send({"type": "queue", "settings": sp})
        ps[1].until("queue")
        ps[2].send({"type": "queue", "settings": sp, "power": "veil"})
        ps[2].until("queue")
        ps[3].send({"type": "queue", "settings": sp, "power": "telepathy"})
        ps[3].error("unknown_power")
        ps[3].send({"type": "queue", "settings": sp})
        rooms = [p.until("room")["room"] for p in ps]
        rid = rooms[0]["room_id"]
        expected = ["seal", seeded_power(rid, 1), "veil", seeded_power(rid, 3)]
        for room in rooms:
            assert room["matched"] is True and powers_of(room) == expected
        assert all(view_powers(p.until("update")["view"]) == expected for p in ps)
        assert client.app.state.lobby.rooms[rid].runner.game.powers == tuple(expected)  # type: ignore[attr-defined]

        std.send({"type": "unqueue"})
        std.until("unqueued")
        std.send({"type": "play_now", "settings": sp, "power": "redraw"})
        room = std.room()["room"]
        assert room["seats"][0]["power"] == "redraw" and room["phase"] == "playing"
        assert view_powers(std.until("update")["view"])[0] == "redraw"
        std.send({"type": "leave_room"})
        std.until("left")
        std.send({"type": "play_now", "settings": plain, "power": "redraw"})
        std.error("no_superpowers")


def test_a_restart_keeps_the_powers(tmp_path: Path) -> None:
    chosen = ["sense", "beacon", "seal", "redraw"]
    with table(tmp_path, grace=30.0) as (client, connect):
        ann = connect("Ann")
        rid = send_ok(ann, {"type": "create_room", "settings": SP, "cpus": ["normal"] * 3})["room"]["room_id"]
        send_ok(ann, {"type": "set_power", "power": "sense"})
        for seat in (1, 2, 3):
            send_ok(ann, {"type": "set_power", "seat": seat, "power": chosen[seat]})
        ann.send({"type": "ready"})
        ann.room(lambda r: r["seats"][0]["ready"])
        ann.send({"type": "start"})
        answered = 0
        while answered < 6:
            prompt = ann.prompt()
            assert prompt["type"] == "update", "the game ended too soon for this test"
            action = powered(prompt["view"]["legal_actions"])
            ann.send({"type": "action", "seq": prompt["seq"], "action": action})
            answered += 1
        prompt = ann.prompt()
        assert prompt["type"] == "update"
        game_id, token = prompt["game_id"], ann.token
        assert client.app.state.lobby.rooms[rid].runner.game.powers == tuple(chosen)  # type: ignore[attr-defined]
    # the server stopped with the game running; a new one on the same database replays its log
    with table(tmp_path, grace=30.0) as (client, connect):
        room = client.app.state.lobby.rooms[rid]  # type: ignore[attr-defined]
        assert room.runner.game.powers == tuple(chosen)
        assert [s.power for s in room.seats] == chosen
        back = connect(token=token)
        assert powers_of(back.room()["room"]) == chosen
        full = back.until("update", lambda m: bool(m.get("full")))
        assert full["game_id"] == game_id
        assert full["view"]["seats"] == prompt["view"]["seats"], "powers, charges left and seals as before"
        assert full["view"]["own"] == prompt["view"]["own"]
        assert full["seq"], "the open prompt is open again"
        answer(back, full, powered)
        over = play_all([back], powered)
        record = wait_for(lambda: (r := client.get(f"/api/games/{over['game_id']}")).status_code == 200 and r.json())
        assert [s["power"] for s in record["seats"]] == chosen


# ---------------------------------------------------------------------- the server's own moves
def test_default_action_never_uses_a_power() -> None:
    """Whole games played by the timeout default alone, every power at the table: it never spends one."""
    rules = preset("superpower").with_options(length="east")
    offered: Counter[str] = Counter()
    for n, powers in enumerate((POWERS[:4], POWERS[2:])):
        game = Game(rules, f"default-{n}", powers=powers)
        while not game.over:
            seat = game.to_act()[0]
            for a in game.legal_actions(seat):
                if isinstance(a, Power):
                    offered[a.power] += 1
                elif isinstance(a, Discard) and a.veil:
                    offered["veil"] += 1
            action = default_action(game, seat)
            assert not isinstance(action, Power) and not (isinstance(action, Discard) and action.veil)
            game.apply(seat, action)
    assert set(offered) == set(POWERS), "every power was offered to the default at least once"

    game = Game(rules, "filter", powers=["foresight", "veil", "seal", "sense"])
    view = game.view(game.to_act()[0])
    assert any(a["type"] == "power" for a in view["legal_actions"])
    plain = without_powers(view)
    assert plain["legal_actions"] == [a for a in view["legal_actions"] if not uses_power(a)]
    assert view["legal_actions"] != plain["legal_actions"] and plain["own"] == view["own"]


def test_timeouts_never_spend_the_persons_power(tmp_path: Path) -> None:
    """Ann holds Veil and never answers: every decision of hers is the timeout's default, never a veiled one."""
    with table(tmp_path) as (client, connect):
        ann = connect("Ann")
        ann.send({"type": "play_now", "settings": {**SP, "think_seconds": 0.02, "bank_seconds": 0}, "power": "veil"})
        game_id = ann.room()["room"]["game_id"]
        over = ann.until("game_over")
        assert over["game_id"] == game_id
        assert any(m["type"] == "timeout" for m in ann.seen)
        client.app.state.lobby.store.flush()  # type: ignore[attr-defined]
        lines = client.get(f"/api/games/{game_id}/log").text.splitlines()
        offered, used = offered_and_used(lines, 0)
        assert offered > 0 and used == []


def test_a_stand_in_never_spends_the_persons_power(tmp_path: Path) -> None:
    """Ann (Foresight) goes away at her first prompt while Bo plays on: after the grace period a CPU plays her
    seat to the end, without her power."""
    with table(tmp_path) as (client, connect):
        ann = connect("Ann")
        created = send_ok(ann, {"type": "create_room", "settings": SP, "cpus": ["easy", "easy"], "power": "foresight"})
        bo = connect("Bo")
        send_ok(bo, {"type": "join_room", "room_id": created["room"]["room_id"]})
        ann.send({"type": "ready"})
        bo.send({"type": "ready"})
        ann.room(lambda r: all(s["ready"] for s in r["seats"]))
        ann.send({"type": "start"})
        game_id = ann.room(lambda r: r["phase"] == "playing")["room"]["game_id"]
        first = ann.prompt()
        assert any(a["type"] == "power" for a in first["view"]["legal_actions"])
        ann.close()
        over = play_all([bo])
        assert over["game_id"] == game_id
        lines = client.get(f"/api/games/{game_id}/log").text.splitlines()
        offered, used = offered_and_used(lines, 0)
        assert offered > 0 and used == []
