"""``review.reviewer``: a seat's decisions against the strong CPU, from self-play games and a Tenhou record."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from jantaku.bots.appraise import appraise
from jantaku.engine import Game
from jantaku.engine.actions import Discard
from jantaku.engine.table import tile_codes
from jantaku.formats import convert
from jantaku.review.reviewer import label, review, review_walk
from jantaku.review.walk import Point, Step, walk
from jantaku.rules import presets
from jantaku.sim.play import play_game
from jantaku.tiles import code_name

from ..engine.helpers import stacked_game
from ..formats.corpus import corpus_files, require_corpus


@cache
def game_log(preset: str, lineup: tuple[str, ...], seed: int) -> tuple[str, ...]:
    log = play_game(preset, list(lineup), seed, 0, keep_log=True).log
    assert log is not None
    return tuple(log)


MIXED = ("strong", "normal", "easy", "normal")


def test_the_strong_cpu_agrees_with_itself_everywhere() -> None:
    log = game_log("standard", ("strong",) * 4, 3)
    for seat in range(4):
        out = review(log, seat)
        assert out["summary"]["decisions"] > 50
        assert out["summary"]["agreement"] == 1.0 and out["summary"]["loss"] == 0.0
        assert out["summary"]["largest"] == []


@pytest.mark.parametrize(
    ("preset", "seat"), [("standard", 1), ("standard", 2), ("sanma", 1), ("zung-jung", 2), ("superpower", 1)]
)
def test_a_weaker_seat_shows_losses_in_the_contract_shape(preset: str, seat: int) -> None:
    players = 3 if preset == "sanma" else 4
    log = game_log(preset, MIXED[:players], 5)
    out = review(log, seat, names=["a", "b", "c", "d"][:players])
    steps = sum(1 for x in walk(log) if isinstance(x, Step))
    s = out["summary"]
    decisions = out["decisions"]
    assert out["seat"] == seat and out["reviewer"] == "strong" and out["outside"] is None
    assert s["decisions"] == len(decisions) and s["agreed"] == sum(d["agree"] for d in decisions)
    assert 0 < s["agreed"] < s["decisions"]
    assert s["largest"] and len(s["largest"]) <= 10
    losses = [decisions[i]["loss"] for i in s["largest"]]
    assert losses == sorted(losses, reverse=True) and all(x > 0 for x in losses)
    assert s["loss"] == pytest.approx(sum(d["loss"] for d in decisions), abs=0.5)
    for d in decisions:
        keys = [o["key"] for o in d["options"]]
        assert len(keys) == len(set(keys)) >= 2
        assert keys[0] == d["choice"] and d["played"] in keys
        assert d["agree"] == (d["played"] == d["choice"]) and (d["loss"] == 0) >= d["agree"]
        assert 0 <= d["step"] < steps and d["kind"] in ("turn", "claim")
        assert d["label"][0] in "ES" and d["outside_choice"] is None
        assert d["by_rule"] is (max(o["ev"] for o in d["options"]) > d["options"][0]["ev"])
    assert any(d["by_rule"] for d in decisions) and not all(d["by_rule"] for d in decisions)


def test_a_review_is_deterministic() -> None:
    log = game_log("standard", MIXED, 5)
    assert json.dumps(review(log, 1)) == json.dumps(review(list(log), 1))


def test_a_hand_label_names_round_hand_and_honba() -> None:
    assert [label(0, 0, 0), label(1, 3, 2)] == ["E1-0", "S4-2"]


def shuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of ``game`` where what ``seat`` cannot see is dealt again: the other seats' concealed tiles and the
    live wall's tiles permuted among themselves (each hand keeps its size; the multiset of tiles is unchanged)."""
    other = copy.deepcopy(game)
    table = other.table
    hidden = [s for i, s in enumerate(table.seats) if i != seat]
    pool = [t for s in hidden for t in s.hand] + list(table.wall.live)
    rng.shuffle(pool)
    for s in hidden:
        s.hand[:], pool = sorted(pool[: len(s.hand)]), pool[len(s.hand) :]
    table.wall.live[:] = pool
    return other


def shuffled_walk(log: tuple[str, ...], seat: int) -> Iterator[Point | Step]:
    rng = random.Random(11)
    for x in walk(log):
        if isinstance(x, Point) and x.actor == seat:
            twin = shuffled(x.game, seat, rng)
            assert twin.view(seat) == x.game.view(seat)
            x = Point(x.actor, x.action, x.step, twin)
        yield x


@pytest.mark.parametrize("seat", [0, 1])
def test_the_review_reads_the_seats_view_only(seat: int) -> None:
    """Games that differ only in what the seat could not see get the same review, decision by decision."""
    log = game_log("standard", MIXED, 5)
    assert review_walk(shuffled_walk(log, seat), seat) == review(log, seat)


def test_an_appraisal_does_not_move_when_hidden_tiles_do() -> None:
    log = game_log("standard", MIXED, 5)
    rng = random.Random(3)
    changed = 0
    for x in walk(log):
        if isinstance(x, Point) and x.actor == 0:
            twin = shuffled(x.game, 0, rng)
            changed += twin.table.wall.live != x.game.table.wall.live
            assert appraise(twin.view(0), twin.rules) == appraise(x.game.view(0), x.game.rules)
    assert changed > 50  # the shuffle did move tiles


@dataclass(frozen=True)
class Decision:
    choice: str | None
    values: Mapping[str, float]


@dataclass(frozen=True)
class Outside:
    name: str
    error: str | None
    decisions: Mapping[int, Decision] = field(default_factory=dict)


def test_outside_values_sit_beside_the_options() -> None:
    log = game_log("standard", MIXED, 5)
    plain = review(log, 1)
    first = plain["decisions"][0]
    key = first["options"][-1]["key"]
    outside = Outside("stand-in", None, {first["step"]: Decision(key, {key: 0.5})})
    out = review(log, 1, outside=outside)
    assert out["outside"] == {"name": "stand-in", "error": None}
    d = out["decisions"][0]
    assert d["outside_choice"] == key
    assert [o["outside"] for o in d["options"]] == [None] * (len(d["options"]) - 1) + [0.5]


def test_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 3"):
        review(game_log("sanma", MIXED[:3], 5), 3)


def test_a_tenhou_record_is_reviewed_through_our_log() -> None:
    path: Path | None = next((p for p in corpus_files() if p is not None and "/4p/" in str(p)), None)
    if path is None:
        require_corpus()
        return
    text = path.read_text(encoding="utf-8")
    log = convert.read_log(text, convert.detect(path.name, text))
    out: dict[str, Any] = review(log.game.log, 0, names=log.names or ())
    assert out["summary"]["decisions"] > 10


STANDARD_HANDS = ("3405m234p678p88s3s", "1112223334445z", "6667778889999p", "1111999m1119s77z")
SANMA_HANDS = ("3405p234s678s88s3s", "1112223334445z", "1119999m555666z")
NO_RED_HANDS = ("3455m234p678p88s3s", *STANDARD_HANDS[1:])
# the dealer, waiting on tanyao once a five goes (the red one a dora), throws a five
RED_THROWS = [
    pytest.param("standard", STANDARD_HANDS, "0m", "discard 5m", id="red-thrown-beside-a-plain-five-loses-a-dora"),
    pytest.param("standard", STANDARD_HANDS, "5m", "discard 5m", id="plain-five-thrown-agrees"),
    pytest.param("sanma", SANMA_HANDS, "0p", "riichi 5p", id="sanma-red-thrown-loses-more-than-a-plain-five"),
    pytest.param("sanma", SANMA_HANDS, "5p", "riichi 5p", id="sanma-plain-five-thrown-loses-less"),
    pytest.param("no-reds", NO_RED_HANDS, "5m", "riichi 5m", id="rules-without-reds-have-plain-fives-only"),
]


@pytest.mark.parametrize(("name", "hands", "thrown", "choice"), RED_THROWS)
def test_a_red_five_thrown_for_a_plain_one_shows_its_loss(
    name: str, hands: tuple[str, ...], thrown: str, choice: str
) -> None:
    """Throwing the red five leaves one dora fewer than a plain copy: every red option (discard, riichi) is worth
    less than its plain twin, so a disagreement shows a loss above 0 and the red copy's loss is the larger. The
    CPU's choice is a plain copy (the red one never, while a plain one is there)."""
    rules = replace(presets.preset("standard"), red_fives=(0, 0, 0)) if name == "no-reds" else presets.preset(name)
    game, _ = stacked_game(rules, hands, ["4s"])
    codes = tile_codes(rules)
    tile = next(t for t in game.table.seats[0].hand if code_name(codes[t]) == thrown)
    game.apply(0, Discard(tile))
    (d,) = review(game.log, 0)["decisions"]
    ev = {o["key"]: o["ev"] for o in d["options"]}
    assert (d["played"], d["choice"]) == (f"discard {thrown}", choice)
    assert d["agree"] is (d["played"] == choice) and (d["loss"] > 0) is not d["agree"]
    assert d["loss"] == round(ev[choice] - ev[d["played"]], 1) or d["agree"]
    reds = [k for k in ev if k.endswith("0" + thrown[1])]
    assert len(reds) == (0 if name == "no-reds" else 2)  # the discard and the riichi
    assert all(ev[k] < ev[k[:-2] + "5" + thrown[1]] for k in reds)
