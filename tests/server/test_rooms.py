"""Rooms through real websockets: joining by Room ID, ready/start and the creator's rights, settings and their
refusals, CPU seats, and ``play_now``."""

from __future__ import annotations

from pathlib import Path

import pytest

from jantaku.bots import LEVELS
from jantaku.rules import preset
from jantaku.rules.ruleset import RANGES, RuleError, RuleSet
from jantaku.server.ids import ROOM_ALPHABET
from tests.server.helpers import (
    EAST,
    Msg,
    answer,
    events,
    four_in_a_room,
    play_to_end,
    send_ok,
    table,
)


def test_join_by_room_id_ignores_case_and_spaces_and_unknown_ids_are_refused(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room"})["room"]["room_id"]
        typed = f" {rid[:3].lower()} {rid[3:].lower()}  "
        b = connect("Bo")
        msg = send_ok(b, {"type": "join_room", "room_id": typed})
        assert msg["room"]["room_id"] == rid and msg["you"] == 1
        assert a.room(lambda r: r["seats"][1] is not None)["room"]["seats"][1]["nickname"] == "Bo"

        c = connect("Cy")
        unknown = next(x for x in ("ZZZZZZ", "YYYYYY") if x != rid)
        for bad in (unknown, "I0O1AB", "", "ABC"):
            c.send({"type": "join_room", "room_id": bad})
            assert c.error("no_room")["ref"] == "join_room"
        c.send({"type": "join_room", "room_id": 12})
        c.error("bad_message")
        assert client.get(f"/api/rooms/{rid}").json()["seats"][2] is None  # refusals change nothing


def test_room_ids_have_no_look_alike_characters(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        ids = set()
        for _ in range(250):  # each new room closes the previous one (its only person left it)
            ids.add(send_ok(a, {"type": "create_room"})["room"]["room_id"])
        assert len(ids) == 250
        for rid in ids:
            assert len(rid) == 6 and set(rid) <= set(ROOM_ALPHABET)
            assert not set(rid) & set("IO01"), rid
        # 1500 characters drawn: with 36 symbols some I, O, 0 or 1 would be all but certain
        assert len(set("".join(ids))) >= 30
        assert len(client.app.state.lobby.rooms) == 1  # type: ignore[attr-defined]


def test_start_needs_every_seat_taken_and_everyone_ready(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST})["room"]["room_id"]
        b = connect("Bo")
        send_ok(b, {"type": "join_room", "room_id": rid})
        a.send({"type": "ready"})
        b.send({"type": "ready"})
        b.room(lambda r: r["seats"][0]["ready"] and r["seats"][1]["ready"])
        a.send({"type": "start"})
        assert "every seat" in a.error("cannot_start")["message"]

        send_ok(a, {"type": "add_cpu", "level": "easy"})
        msg = send_ok(a, {"type": "add_cpu", "level": "strong", "seat": 3})
        seats = msg["room"]["seats"]
        assert [s["kind"] for s in seats] == ["person", "person", "cpu", "cpu"]
        assert seats[3]["level"] == "strong" and seats[3]["ready"] is True
        # adding a CPU cleared the ready flags of the people
        assert [s["ready"] for s in seats[:2]] == [False, False]
        a.send({"type": "ready"})
        a.room(lambda r: r["seats"][0]["ready"])
        a.send({"type": "start"})
        err = a.error("cannot_start")
        assert "Bo" in err["message"] and "Ann" not in err["message"]

        # only the creator starts, changes settings, seats or removes CPUs and kicks
        for msg in (
            {"type": "start"},
            {"type": "settings", "settings": EAST},
            {"type": "add_cpu"},
            {"type": "remove_cpu", "seat": 2},
            {"type": "kick", "seat": 0},
        ):
            b.send(msg)
            assert b.error("not_creator")["ref"] == msg["type"]

        b.send({"type": "ready"})
        a.room(lambda r: all(s["ready"] for s in r["seats"]))
        # a settings change clears every ready flag: the start is refused again
        msg = send_ok(
            a, {"type": "settings", "settings": {"preset": "standard", "options": {"length": "east"}, "public": False}}
        )
        assert msg["room"]["settings"]["public"] is False
        assert [s["ready"] for s in msg["room"]["seats"][:2]] == [False, False]
        b.room(lambda r: r["settings"]["public"] is False)
        a.send({"type": "start"})
        a.error("cannot_start")
        assert client.app.state.lobby.rooms[rid].playing is False  # (a private room is not served by REST)

        a.send({"type": "ready"})
        b.send({"type": "ready"})
        a.room(lambda r: all(s["ready"] for s in r["seats"]))
        a.send({"type": "start"})
        assert a.room(lambda r: r["phase"] == "playing")["room"]["game_id"]
        b.send({"type": "settings", "settings": EAST})
        b.error("not_creator")
        a.send({"type": "add_cpu"})
        a.error("game_running")


def test_invalid_settings_get_the_rules_message_and_change_nothing(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST})["room"]["room_id"]
        cases: list[tuple[Msg, RuleSet, Msg]] = [
            ({"preset": "standard", "options": {"kiriage": "maybe"}}, preset("standard"), {"kiriage": "maybe"}),
            ({"preset": "standard", "options": {"kiriagee": True}}, preset("standard"), {"kiriagee": True}),
            ({"preset": "sanma", "options": {"chi": True}}, preset("sanma"), {"chi": True}),
            ({"preset": "standard", "options": {"length": "west"}}, preset("standard"), {"length": "west"}),
        ]
        messages = []
        for settings, base, options in cases:
            with pytest.raises(RuleError) as expected:
                base.with_options(**options)
            a.send({"type": "settings", "settings": settings})
            err = a.error("invalid_rules")
            assert err["message"] == str(expected.value), err
            messages.append(err["message"])
        assert "did you mean 'kiriage'" in messages[1] and "chi does not exist" in messages[2]
        a.send({"type": "settings", "settings": {"preset": "mahjong-of-the-moon"}})
        assert "presets are" in a.error("invalid_rules")["message"]
        a.send({"type": "create_room", "settings": {"options": {"chi": "sometimes"}}})
        a.error("invalid_rules")
        a.send({"type": "settings", "settings": {"think_seconds": -1}})
        a.error("bad_message")
        room = client.get(f"/api/rooms/{rid}").json()
        assert room["settings"] == {**EAST, "public": True, "think_seconds": None, "bank_seconds": None}
        # a preset name is read as ``preset`` reads it: case and spaces do not matter
        msg = send_ok(a, {"type": "settings", "settings": {"preset": " Classic", "options": {"length": "east"}}})
        assert msg["room"]["settings"]["preset"] == "classic"


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"start_points": 10**30}, "start_points must be 0 to 1,000,000 in steps of 100, not 1000000000"),
        ({"start_points": 1e30}, "start_points must be 0 to 1,000,000 in steps of 100"),
        ({"start_points": "9" * 5000}, "start_points is a whole number (0 to 1,000,000 in steps of 100), not '999"),
        ({"target_points": -1}, "target_points must be 0 to 1,000,000"),
        ({"end_after_minutes": 10**6}, "end_after_minutes must be 0 to 600"),
        ({"uma": [10**9, 0, 0, -(10**9)]}, "uma must be -1,000,000 to 1,000,000 in steps of 100 each"),
        ({"red_fives": [1, 9, 1]}, "red_fives must be 0 to 4 each"),
        ({"noten_total": 1000}, "noten_total 1000 does not split evenly"),
        ({"players": 3, "chi": False, "red_fives": [0, 1, 1]}, "players comes with the preset (sanma, tenhou-sanma"),
    ],
    ids=["astronomical", "float", "megabyte-of-digits", "negative", "a-week", "uma", "red-fives", "noten", "players"],
)
def test_options_outside_their_range_are_refused_naming_the_range(
    tmp_path: Path, options: dict[str, object], says: str
) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        for kind in ("create_room", "play_now", "queue"):
            a.send({"type": kind, "settings": {"preset": "standard", "options": options}})
            err = a.error("invalid_rules")
            assert says in err["message"] and err["ref"] == kind, err
            assert len(err["message"]) < 300  # a huge value is not echoed back whole
        rid = send_ok(a, {"type": "create_room", "settings": EAST})["room"]["room_id"]
        a.send({"type": "settings", "settings": {"preset": "standard", "options": options}})
        assert says in a.error("invalid_rules")["message"]
        assert client.get(f"/api/rooms/{rid}").json()["settings"] == {**EAST, "public": True, "think_seconds": None,
                                                                       "bank_seconds": None}  # fmt: skip


def test_the_presets_api_gives_each_number_option_its_range(tmp_path: Path) -> None:
    """The browser's rules editor draws its inputs' min, max and step from here."""
    with table(tmp_path) as (client, _connect):
        presets = client.get("/api/presets").json()
    for entry in presets:
        assert set(entry["bounds"]) == set(RANGES)
        assert entry["bounds"]["start_points"] == {"min": 0, "max": 1_000_000, "step": 100}
        for name, bounds in entry["bounds"].items():
            values = entry["options"][name]
            for v in values if isinstance(values, list) else [values]:
                assert bounds["min"] <= v <= bounds["max"] and (v - bounds["min"]) % bounds["step"] == 0


def test_sanma_is_refused_with_four_seated_and_accepted_with_three(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST, "cpus": ["easy", "normal"]})["room"]["room_id"]
        b = connect("Bo")
        send_ok(b, {"type": "join_room", "room_id": rid})
        a.send({"type": "settings", "settings": {"preset": "sanma"}})
        a.error("room_full")
        assert client.get(f"/api/rooms/{rid}").json()["players"] == 4
        msg = send_ok(a, {"type": "remove_cpu", "seat": 1})
        assert msg["room"]["seats"][1] is None
        msg = send_ok(a, {"type": "settings", "settings": {"preset": "sanma"}})
        room = msg["room"]
        assert room["players"] == 3 and len(room["seats"]) == 3 and room["rules"]["chi"] is False
        # everyone keeps their order and the gap closes: Ann, the remaining CPU, Bo
        assert [s["nickname"] for s in room["seats"]] == ["Ann", "CPU 3 (normal)", "Bo"]
        assert room["creator"] == 0
        assert b.room(lambda r: r["players"] == 3)["you"] == 2


def test_creator_hands_over_and_the_last_to_leave_closes_the_room(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        players, rid = four_in_a_room(connect, ["Ann", "Bo", "Cy", "Di"])
        a, b, c, d = players
        # the creator kicks Di
        a.send({"type": "kick", "seat": 3})
        assert d.until("kicked")["room_id"] == rid
        assert a.room(lambda r: r["seats"][3] is None)["room"]["creator"] == 0
        d.send({"type": "ready"})
        d.error("no_room")
        a.send({"type": "kick", "seat": 3})
        a.error("no_person")

        a.send({"type": "leave_room"})
        a.until("left")
        room = b.room(lambda r: r["seats"][0] is None)["room"]
        assert room["creator"] == 1
        c.room(lambda r: r["creator"] == 1)
        c.send({"type": "add_cpu"})
        c.error("not_creator")
        msg = send_ok(b, {"type": "add_cpu", "level": "easy"})  # Bo has the creator's rights now
        assert msg["room"]["seats"][0]["kind"] == "cpu"

        b.send({"type": "leave_room"})
        b.until("left")
        assert c.room(lambda r: r["seats"][1] is None)["room"]["creator"] == 2
        assert client.get(f"/api/rooms/{rid}").status_code == 200  # a CPU does not keep a room open
        c.send({"type": "leave_room"})
        c.until("left")
        assert client.get(f"/api/rooms/{rid}").status_code == 404
        assert client.get(f"/api/rooms/{rid.lower()}").status_code == 404
        assert all(r["room_id"] != rid for r in client.get("/api/rooms").json()["rooms"])
        d.send({"type": "join_room", "room_id": rid})
        d.error("no_room")


def test_cpu_seats_and_one_person_with_three_cpus_plays_to_the_end(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        rid = send_ok(a, {"type": "create_room", "settings": EAST})["room"]["room_id"]
        msg = send_ok(a, {"type": "add_cpu", "level": "strong"})
        assert msg["room"]["seats"][1] == {
            "seat": 1,
            "kind": "cpu",
            "nickname": "CPU 2 (strong)",
            "level": "strong",
            "ready": True,
            "connected": True,
        }
        a.send({"type": "add_cpu", "level": "grandmaster"})
        a.error("bad_message")
        a.send({"type": "add_cpu", "seat": 1})
        a.error("seat_taken")
        a.send({"type": "remove_cpu", "seat": 0})
        a.error("no_cpu")
        assert send_ok(a, {"type": "remove_cpu", "seat": 1})["room"]["seats"][1] is None
        for level in ("easy", "normal", "strong"):
            send_ok(a, {"type": "add_cpu", "level": level})
        a.send({"type": "add_cpu"})
        a.error("room_full")
        a.send({"type": "ready"})
        a.room(lambda r: r["seats"][0]["ready"])
        a.send({"type": "start"})
        game_id = a.room(lambda r: r["phase"] == "playing")["room"]["game_id"]
        over = play_to_end([a])
        assert over["game_id"] == game_id
        assert over["final"]["nicknames"] == ["Ann", "CPU 2 (easy)", "CPU 3 (normal)", "CPU 4 (strong)"]
        room = a.room(lambda r: r["phase"] == "waiting")["room"]
        assert room["last_game_id"] == game_id and room["seats"][0]["ready"] is False
        record = client.get(f"/api/games/{game_id}").json()
        assert [s["cpu"] for s in record["seats"]] == [None, "easy", "normal", "strong"]
        assert record["room_id"] == rid


def test_play_now_starts_at_once_with_cpus(tmp_path: Path) -> None:
    with table(tmp_path) as (client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST, "level": "easy"})
        first = a.recv()
        assert first["type"] == "room"
        room = first["room"]
        assert room["phase"] == "playing" and room["game_id"]
        assert [s["kind"] for s in room["seats"]] == ["person", "cpu", "cpu", "cpu"]
        assert {s["level"] for s in room["seats"][1:]} == {"easy"}
        assert room["settings"]["public"] is False  # never listed in the lobby
        assert all(r["room_id"] != room["room_id"] for r in client.get("/api/rooms").json()["rooms"])
        prompt = a.prompt()  # Ann deals the first hand: her first update asks her to discard
        assert prompt["type"] == "update" and prompt["view"]["seat"] == 0 and prompt["view"]["own"]["drawn"] is not None
        assert events([prompt], "start_kyoku")
        a.send({"type": "play_now", "settings": EAST})
        a.error("game_running")  # one game at a time
        answer(a, prompt)
        over = play_to_end([a])
        assert over["game_id"] == room["game_id"]


@pytest.mark.parametrize("level", list(LEVELS))
def test_play_now_seats_cpus_of_the_chosen_level_who_play_to_the_end(tmp_path: Path, level: str) -> None:
    """Every level the catalogue lists can be chosen for Play now: the three other seats are CPUs of that level
    and the game runs to its end with them."""
    with table(tmp_path) as (_client, connect):
        a = connect("Ann")
        a.send({"type": "play_now", "settings": EAST, "level": level})
        seats = a.room(lambda r: r["seats"][1] is not None)["room"]["seats"]
        assert [(s["kind"], s["level"]) for s in seats[1:]] == [("cpu", level)] * 3
        over = play_to_end([a])
        assert over["type"] == "game_over"
