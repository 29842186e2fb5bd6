"""CPU superpowers: one row per situation in which a power is (or is not) worth using, citing the heuristic of
docs/superpowers.md#how-cpus-use-them, asked of every CPU level; then self-play with powers: every power gets used, a
game with powers replays exactly, and ``simulate --powers`` reports them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from typer.testing import CliRunner

from jantaku.bots import make_player
from jantaku.bots.reading import read_view
from jantaku.cli.app import app
from jantaku.engine import Game
from jantaku.engine.actions import Action, Discard, Power
from jantaku.engine.powers import POWERS
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.sim import simulate
from jantaku.sim.play import check_powers, play_game
from jantaku.tiles import KINDS, kind_of_id

from .views import Ids, build_view

ALL = ("easy", "normal", "strong")
RULES = preset("superpower")


def with_power(view: dict[str, Any], power: str, left: int = 2) -> dict[str, Any]:
    """Give every seat of a built view a power entry (the viewer's is ``power``)."""
    for s in view["seats"]:
        name = power if s["seat"] == view["seat"] else "foresight"
        s["power"] = {"name": name, "left": left, "ready": left > 0}
        s["sealed_by"] = []
    view["own"]["secrets"] = []
    return view


def pon(ids: Ids, text: str, source: int) -> dict[str, Any]:
    tiles = ids.ids(text)
    return {"kind": "pon", "tiles": tiles, "called": tiles[0], "source": source}


@dataclass(frozen=True)
class Row:
    name: str
    cite: str
    build: Callable[[RuleSet, Ids], dict[str, Any]]
    expect: Callable[[Action], bool]
    levels: tuple[str, ...] = ALL


def used(power: str, target: int | None = None) -> Callable[[Action], bool]:
    return lambda a: a == Power(power, target)


def kept(a: Action) -> bool:
    return not isinstance(a, Power) and not (isinstance(a, Discard) and a.veil)


ROWS = [
    Row(
        "redraw_a_useless_draw",
        "docs/superpowers.md: Redraw when the drawn tile is useless",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p78s2355m1z", drawn="7z", legal=[Power("redraw")]), "redraw"
        ),
        used("redraw"),
    ),
    Row(
        "redraw_a_useless_draw_when_waiting",
        "docs/superpowers.md: Redraw when the drawn tile is useless (a waiting hand gets another chance to win)",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p789s2355m", drawn="7z", legal=[Power("redraw")]), "redraw", left=1
        ),
        used("redraw"),
    ),
    Row(
        "keep_the_last_redraw_for_a_waiting_hand",
        "docs/superpowers.md: Redraw when the drawn tile is useless (the last charge is kept for a waiting hand)",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p78s2355m1z", drawn="7z", legal=[Power("redraw")]), "redraw", left=1
        ),
        kept,
    ),
    Row(
        "keep_a_draw_that_helps",
        "docs/superpowers.md: Redraw only a useless tile",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p78s2355m1z", drawn="9s", legal=[Power("redraw")]), "redraw"
        ),
        kept,
    ),
    Row(
        "never_redraw_a_dora",
        "docs/superpowers.md: Redraw when the drawn tile is useless (a dora is not)",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p78s2355m1z", drawn="7z", dora="6z", legal=[Power("redraw")]), "redraw"
        ),
        kept,
    ),
    Row(
        "redraw_a_dangerous_dora",
        "docs/superpowers.md: Redraw a useless tile (a dora is kept, unless it is far more dangerous to throw "
        "against two riichi than what the wall holds on average)",
        lambda r, i: with_power(
            build_view(
                r,
                i,
                hand="123m456p789s2355m",
                drawn="5s",
                dora="4s",
                live=20,
                rivers={1: "1m9m1z2z3z4z9p1p7z6z5z4m6m", 2: "1s9s2z8p3z4z1p9m5z6z7z4p6p"},
                riichi={1: 3, 2: 3},
                legal=[Power("redraw")],
            ),
            "redraw",
        ),
        used("redraw"),
        levels=("strong",),
    ),
    Row(
        "keep_a_dora_no_more_dangerous_than_the_wall",
        "docs/superpowers.md: Redraw when the drawn tile is useless (a dora is not; the same draw with no riichi)",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p789s2355m", drawn="5s", dora="4s", live=20, legal=[Power("redraw")]),
            "redraw",
        ),
        kept,
    ),
    Row(
        "keep_the_last_redraw_without_a_threat",
        "docs/superpowers.md: Redraw when the drawn tile is useless (the same draw with no riichi: the charge is kept)",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p78s23m557p", drawn="5s", legal=[Power("redraw")]), "redraw", left=1
        ),
        kept,
    ),
    Row(
        "beacon_when_ahead",
        "docs/superpowers.md: Beacon when the hand is ahead (waiting, no riichi against it)",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p789s2355m", drawn="7z", legal=[Power("beacon")]), "beacon"
        ),
        used("beacon"),
    ),
    Row(
        "no_beacon_far_behind",
        "docs/superpowers.md: Beacon when the hand is ahead",
        lambda r, i: with_power(
            build_view(r, i, hand="19m19p19s1234z258m", drawn="6z", legal=[Power("beacon")]), "beacon"
        ),
        kept,
    ),
    Row(
        "no_beacon_into_a_riichi",
        "docs/superpowers.md: Beacon when the hand is ahead (a riichi is ahead of it)",
        lambda r, i: with_power(
            build_view(
                r, i, hand="123m456p789s2355m", drawn="7z", rivers={1: "19m"}, riichi={1: 1}, legal=[Power("beacon")]
            ),
            "beacon",
        ),
        kept,
    ),
    Row(
        "no_beacon_one_step_away",
        "docs/superpowers.md: Beacon when the hand is ahead (waiting)",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p78s2355m1z", drawn="9m", legal=[Power("beacon")]), "beacon"
        ),
        kept,
    ),
    Row(
        "foresight_near_tenpai",
        "docs/superpowers.md: Foresight when the next tiles can change a decision",
        lambda r, i: with_power(
            build_view(r, i, hand="123m456p78s2355m1z", drawn="9m", legal=[Power("foresight")]), "foresight"
        ),
        used("foresight"),
    ),
    Row(
        "no_foresight_far_away",
        "docs/superpowers.md: Foresight when the next tiles can change a decision",
        lambda r, i: with_power(
            build_view(r, i, hand="19m19p19s1234z258m", drawn="6z", legal=[Power("foresight")]), "foresight"
        ),
        kept,
    ),
    Row(
        "seal_a_caller_near_tenpai",
        "docs/superpowers.md: Seal against a caller near tenpai (two open sets)",
        lambda r, i: with_power(
            build_view(
                r,
                i,
                hand="123m456p78s2355m1z",
                drawn="9m",
                melds={2: [pon(i, "555z", 0), pon(i, "777p", 1)]},
                legal=[Power("seal", 1), Power("seal", 2), Power("seal", 3)],
            ),
            "seal",
        ),
        used("seal", 2),
    ),
    Row(
        "no_seal_out_of_the_race",
        "docs/superpowers.md: Seal against a caller near tenpai (it pays only a hand in the race)",
        lambda r, i: with_power(
            build_view(
                r,
                i,
                hand="19m19p19s1234z258m",
                drawn="6z",
                melds={2: [pon(i, "555z", 0), pon(i, "777p", 1)]},
                legal=[Power("seal", 1), Power("seal", 2), Power("seal", 3)],
            ),
            "seal",
        ),
        kept,
    ),
    Row(
        "no_seal_on_closed_hands",
        "docs/superpowers.md: Seal against a caller",
        lambda r, i: with_power(
            build_view(
                r,
                i,
                hand="123m456p78s2355m1z",
                drawn="9m",
                legal=[Power("seal", 1), Power("seal", 2), Power("seal", 3)],
            ),
            "seal",
        ),
        kept,
    ),
    Row(
        "sense_before_pushing",
        "docs/superpowers.md: Sense before pushing a dangerous tile (into an open hand that may wait)",
        lambda r, i: with_power(
            build_view(
                r,
                i,
                hand="234m456p78s2345m5z",
                drawn="6m",
                rivers={3: "1z9p1s2z3z4z7z9m"},
                melds={3: [pon(i, "666z", 0), pon(i, "888p", 1), pon(i, "222s", 2)]},
                legal=[Power("sense", 1), Power("sense", 2), Power("sense", 3)],
            ),
            "sense",
        ),
        used("sense", 3),
    ),
    Row(
        "veil_a_dangerous_push",
        "docs/superpowers.md: Veil on a dangerous discard (a waiting hand pushing into a riichi)",
        lambda r, i: with_power(
            build_view(
                r,
                i,
                hand="234m456p678s4467m",
                drawn="5p",
                rivers={1: "1z9s2z", 2: "3z4z1s"},
                riichi={1: 2, 2: 2},
                live=30,
            ),
            "veil",
        ),
        lambda a: isinstance(a, Discard) and a.veil and kind_of_id(a.tile) == 13,  # the 5p, face down
        ("normal", "strong"),  # easy does not push into a riichi the way the levels above it do
    ),
]


def veiled(view: dict[str, Any]) -> dict[str, Any]:
    """Offer the veiled copy of every plain discard (what the engine does while Veil is ready)."""
    extra = [{**a, "veil": True} for a in view["legal_actions"] if a["type"] == "discard"]
    view["legal_actions"] += extra
    return view


@pytest.mark.parametrize(
    ("row", "level"), [(r, lv) for r in ROWS for lv in r.levels], ids=lambda x: x if isinstance(x, str) else x.name
)
def test_power_decisions(row: Row, level: str) -> None:
    view = row.build(RULES, Ids(RULES))
    if row.name.startswith("veil"):
        view = veiled(view)
    action = make_player(level, RULES).act(view)
    assert action in read_view(view, RULES).legal
    assert row.expect(action), f"{level} chose {action} ({row.cite})"


@pytest.mark.parametrize("level", ALL)
def test_veil_goes_on_the_dangerous_tile_only(level: str) -> None:
    """docs/superpowers.md#veil: Veil on a dangerous discard — a safe discard is never veiled."""
    ids = Ids(RULES)
    view = veiled(
        with_power(
            build_view(RULES, ids, hand="234m456p678s3455m", drawn="1z", rivers={1: "1z9s2z"}, riichi={1: 2}, live=30),
            "veil",
        )
    )
    action = make_player(level, RULES).act(view)
    assert isinstance(action, Discard) and not action.veil


def test_a_sense_answer_sets_the_tenpai_chance() -> None:
    """A fresh Sense answer (this turn: its ``order`` is the running discard number) replaces the guess."""
    from jantaku.bots.safety import tenpai_chance

    ids = Ids(RULES)
    view = with_power(
        build_view(
            RULES,
            ids,
            hand="234m456p78s2345m5z",
            drawn="6m",
            rivers={3: "1z9p1s"},
            melds={3: [pon(ids, "666z", 0), pon(ids, "888p", 1), pon(ids, "222s", 2)]},
        ),
        "sense",
    )
    guess = tenpai_chance(read_view(view, RULES), read_view(view, RULES).opponents[-1])
    now = max(r["order"] for s in view["seats"] for r in s["river"])
    for answer, chance in ((True, 1.0), (False, 0.0)):
        view["own"]["secrets"] = [{"power": "sense", "target": 3, "order": now, "tenpai": answer}]
        opp = read_view(view, RULES).opponents[-1]
        assert tenpai_chance(read_view(view, RULES), opp) == chance != guess
    view["own"]["secrets"] = [{"power": "sense", "target": 3, "order": now - 1, "tenpai": False}]  # stale
    assert tenpai_chance(read_view(view, RULES), read_view(view, RULES).opponents[-1]) == guess


def test_foresight_tiles_count_as_seen() -> None:
    ids = Ids(RULES)
    view = with_power(build_view(RULES, ids, hand="123m456p78s2355m1z", drawn="9m"), "foresight")
    before = read_view(view, RULES).visible
    shown = ids.ids("6s9s")
    view["own"]["secrets"] = [{"power": "foresight", "target": None, "order": 0, "tiles": shown}]
    after = read_view(view, RULES)
    assert after.foreseen == tuple(shown)
    assert [a - b for a, b in zip(after.visible, before, strict=True)] == [
        (k in {kind_of_id(t) for t in shown}) * 1 for k in range(KINDS)
    ]


def test_every_power_is_used_in_self_play_and_replays() -> None:
    """CPUs use every power; a game with powers replays to the same state (docs/superpowers.md#every-power: no power
    draws on the game's random stream)."""
    counts = dict.fromkeys(POWERS, 0)
    for power in POWERS:
        rare = power == "veil"  # worth its 1,000 points only on a dangerous push: played over longer games
        for g in range(12 if rare else 3):
            rules = RULES if rare else RULES.with_options(length="east")
            game = Game(rules, f"p{power}{g}", powers=[power] * 4)
            players = [make_player("strong", rules, seed=f"{g}:{s}") for s in range(4)]
            while not game.over:
                seat = game.to_act()[0]
                game.apply(seat, players[seat].act(game.view(seat)))
            counts[power] += sum(
                1 for e in game.events if (e.type == "power" or (e.type == "dahai" and e.info.get("veil")))
            )
            if g == 0:
                assert Game.replay(game.log).snapshot() == game.snapshot()
    assert all(counts.values()), counts


def test_simulate_reports_powers() -> None:
    sim = simulate("superpower", ["normal"] * 4, games=4, seed=2, powers=["seal", "none", "redraw", "none"])
    assert sim.games == 4  # players differ in power: the seats rotate
    data = sim.to_json()
    labels = {row["label"]: row for row in data["by_power"]}
    assert set(labels) == {"seal", "redraw", "no power"}
    assert labels["no power"]["uses_per_game"] == 0
    assert labels["seal"]["games"] == labels["redraw"]["games"] == 4
    assert data["power_gap"]["n"] == 1  # one block: the four rotations share their walls
    assert data["power_gap"]["low"] is None and data["power_gap"]["high"] is None  # no interval from one block
    lines = [p for r in sim.records for p in r.players]
    assert sum(p.power_uses for p in lines) == sum(row["uses_per_game"] * row["games"] for row in data["by_power"])
    assert [p.power for p in sim.records[1].players] == ["seal", None, "redraw", None]  # powers follow the player
    record = play_game("superpower", ["normal"] * 4, 2, 1, powers=["seal", "none", "redraw", "none"])
    assert record.players == sim.records[1].players


@pytest.mark.parametrize(
    ("rules", "powers", "message"),
    [
        ("standard", ["seal"] * 4, "no superpowers"),
        ("superpower", ["seal"] * 3, "the powers name 3"),
        ("superpower", ["seal", "x", "none", "any"], "unknown superpower 'x'"),
    ],
)
def test_powers_are_checked(rules: str, powers: list[str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_powers(preset(rules), powers)
    result = CliRunner().invoke(
        app, ["simulate", "--rules", rules, "--players", "easy,easy,easy,easy", "--powers", ",".join(powers)]
    )
    assert result.exit_code != 0 and message in result.output


def test_simulate_command_prints_the_power_table() -> None:
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "--rules",
            "superpower",
            "--players",
            "easy,easy,easy,easy",
            "--powers",
            "beacon,none,none,none",
            "--games",
            "4",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "per superpower held" in result.output and "beacon" in result.output
    assert "placement gap no power − a power" in result.output
