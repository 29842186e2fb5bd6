"""Profiles of games played through the server: the statistics a profile shows equal those recomputed from the
games' logs with the simulator's own code, and a rated game's rating change reaches the final standings, the
record and the leaderboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from jantaku.engine import Game
from jantaku.server.ratings import Skill, rate, rate_leavers
from jantaku.sim.play import PlayerLine, summarise
from jantaku.sim.stats import Totals
from tests.server.helpers import EAST, Client, play_all, table

Msg = dict[str, Any]


def expected(client: Any, games: list[tuple[str, int]]) -> dict[str, Any]:
    """The STATS of ``games`` (id, seat) recomputed from their logs."""
    lines: list[PlayerLine] = []
    for game_id, seat in games:
        game = Game.replay(client.get(f"/api/games/{game_id}/log").text.splitlines())
        assert game.final is not None
        line = summarise(game.events, game.rules.players)[0][seat]
        line.place, line.score = game.final.places[seat], game.final.scores[seat]
        lines.append(line)
    t = Totals.of(lines, 4)
    return {"games": t.games, "hands": t.hands, "avg_win": t.avg_win, "avg_deal_in": t.avg_deal_in, "totals": t}


def same_stats(shown: dict[str, Any], want: dict[str, Any]) -> None:
    t: Totals = want["totals"]
    assert (shown["games"], shown["hands"]) == (t.games, t.hands)
    assert shown["placement"]["value"] == pytest.approx(t.place_sum / t.games)
    assert [p["value"] * t.games for p in shown["places"]] == pytest.approx(list(t.places))
    for key, k, n in (
        ("win_rate", t.wins, t.hands),
        ("deal_in_rate", t.deal_ins, t.hands),
        ("riichi_rate", t.riichi, t.hands),
        ("call_rate", t.calls, t.hands),
        ("tsumo_share", t.tsumo, t.wins),
    ):
        assert shown[key]["n"] == n and (n == 0 or shown[key]["value"] == pytest.approx(k / n)), key
    for key in ("avg_win", "avg_deal_in"):
        assert shown[key] == (None if want[key] is None else pytest.approx(want[key])), key


def player_id(p: Client) -> str:
    welcome = next(m for m in p.seen if m["type"] == "welcome")
    return str(welcome["player"]["id"])


def test_a_guests_profile_equals_the_stats_of_their_logs(tmp_path: Path) -> None:
    """A guest plays three games against CPUs (a seat that moves between games): the profile's statistics are
    those of the three logs, by the simulator's definitions; a room with CPUs rates nobody."""
    with table(tmp_path) as (client, connect):
        ann = connect("Ann")
        me = player_id(ann)
        played: list[tuple[str, int]] = []
        for level in ("easy", "normal", "easy"):
            ann.send({"type": "play_now", "settings": EAST, "level": level})
            seat = ann.room(lambda r: r["phase"] == "playing")["you"]
            over = play_all([ann])
            played.append((over["game_id"], seat))
            assert over["final"]["ratings"] == [None] * 4
        body = client.get(f"/api/players/{me}").json()
        assert body["account"] is False and body["name"] == "Ann" and body["ratings"] == {}
        want = expected(client, played)
        same_stats(body["families"]["4p"]["all"], want)
        same_stats(body["families"]["4p"]["lengths"]["east"], want)
        assert [g["game_id"] for g in body["recent"]] == [g for g, _ in reversed(played)]
        assert len(body["placements"]) == 3


def test_a_matched_game_rates_its_players_once(tmp_path: Path) -> None:
    """Four queued guests play a matched game: each rating moves by the game's places, the final standings show the
    change, and the players' profiles show the rating (provisional: one game)."""
    with table(tmp_path) as (client, connect):
        players: list[Client] = [connect(n) for n in ("Ann", "Bo", "Cy", "Di")]
        for p in players:
            p.send({"type": "queue", "settings": EAST})
        seats: dict[int, str] = {}
        for p in players:
            msg = p.room(lambda r: r["phase"] == "playing")
            seats[msg["you"]] = player_id(p)
        over = play_all(players)
        places = over["final"]["places"]
        want = rate([Skill()] * 4, places)
        ratings = over["final"]["ratings"]
        assert [(r["seat"], r["after"], r["provisional"]) for r in ratings] == [
            (i, pytest.approx(w.rating), True) for i, w in enumerate(want)
        ]
        record = client.get(f"/api/games/{over['game_id']}").json()
        assert record["final"]["ratings"] == ratings
        for seat, pid in seats.items():
            profile = client.get(f"/api/players/{pid}").json()
            assert profile["ratings"]["4p"]["rating"] == pytest.approx(want[seat].rating)
            assert profile["recent"][0]["rated"] is True
            assert profile["rating_series"]["4p"][-1][1] == pytest.approx(want[seat].rating)
        board = client.get("/api/leaderboard").json()
        assert board["rows"] == []  # guests, and provisional


def test_a_leaver_of_a_matched_game_takes_last_places_change_alone(tmp_path: Path) -> None:
    """One of four matched guests leaves for good at the start; a CPU finishes the seat. The leaver's rating takes
    the change of finishing last, the others' do not move, and the game counts in the stayers' statistics only."""
    with table(tmp_path) as (client, connect):
        players: list[Client] = [connect(n) for n in ("Ann", "Bo", "Cy", "Di")]
        for p in players:
            p.send({"type": "queue", "settings": EAST})
        seats: dict[int, str] = {}
        by_seat: dict[int, Client] = {}
        for p in players:
            msg = p.room(lambda r: r["phase"] == "playing")
            seats[msg["you"]], by_seat[msg["you"]] = player_id(p), p
        leaver = 2
        by_seat[leaver].send({"type": "leave_room"})
        by_seat[leaver].until("left")
        over = play_all([by_seat[i] for i in range(4) if i != leaver])
        want = rate_leavers([Skill()] * 4, {leaver})[leaver]
        ratings = over["final"]["ratings"]
        assert [r is not None for r in ratings] == [i == leaver for i in range(4)]
        assert ratings[leaver]["after"] == pytest.approx(want.rating) and want.rating < Skill().rating
        record = client.get(f"/api/games/{over['game_id']}").json()
        assert [s["stand_in"] for s in record["seats"]] == [i == leaver for i in range(4)]
        gone = client.get(f"/api/players/{seats[leaver]}").json()
        assert gone["families"] == {} and gone["recent"][0]["stand_in"] is True
        assert gone["ratings"]["4p"]["games"] == 1
        stayer = client.get(f"/api/players/{seats[(leaver + 1) % 4]}").json()
        assert stayer["families"]["4p"]["all"]["games"] == 1 and stayer["ratings"] == {}
