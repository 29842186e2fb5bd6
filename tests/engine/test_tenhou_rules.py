"""Two Tenhou rules, as stacked-wall scenarios (docs/rules.md#last_dealer_stop and #pao_honba),
each checked in 4-player and 3-player play:

- **A stop on a win only** (option ``last_dealer_stop_tenpai`` off). In the final hand (East 4 of an East game,
  South 4 of an East-South game, any hand of the extension) the game ends when the dealer *wins* and is then first
  with ≥ 30000; a dealer merely tenpai at an exhaustive draw plays on with one more honba. The ``tenhou`` presets
  keep the tenpai stop: a record of our corpus ends on it (see ``RECORD``), and ``make validate`` replays it.
- **Honba under liability.** A liability yakuman won by ron is paid half by the discarder and half by the liable
  player, and on Tenhou the liable player pays the honba (elsewhere the discarder does).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from jantaku.engine.actions import DeclareNoten, DeclareTenpai, Discard, Pon, Ron, Tsumo
from jantaku.engine.game import Game
from jantaku.engine.match import MatchState
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import kind_of_id, parse_tiles
from tests.engine.helpers import act, claim, drain, pass_all, stacked_game

STOP = "docs/rules.md#last_dealer_stop (tenhou: first with ≥ 30000)"
WIN_ONLY = "docs/rules.md#last_dealer_stop_tenpai: option last_dealer_stop_tenpai=off (a stop on a win only)"
RECORD = (
    STOP + "; tenhou/4p/2022060102gm-00a9-0000-721b23eb.xml: South 4, the dealer tenpai at an exhaustive "
    "draw and first with 35000: the game ends"
)
PAO = "docs/rules.md#pao_honba (tenhou: the liable player pays the honba on a ron)"

# dealer first: the dealer is tenpai on 1z (and 2z in 4-player play), at least one other seat is not
DRAW_4P = ["123m456p789s1122z", "234m456p678s2234s", "159m159p158s3467z", "111s999s28m28p456z"]
DRAW_3P = ["111m999m123p456s1z", "159p159s2367z19m1p", "23468p24668s357z"]


def tile_of(game: Game, seat: int, text: str) -> int:
    kind = parse_tiles(text)[0]
    return next(t for t in sorted(game.table.seats[seat].hand) if kind_of_id(t) == kind)


def last_event(game: Game, kind: str) -> dict[str, Any]:
    for line in reversed(game.log):
        ev = json.loads(line)
        if ev.get("type") == kind:
            return ev  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} event")


@dataclass(frozen=True)
class StopRow:
    id: str
    source: str
    rules: RuleSet
    start: MatchState
    ending: str  # "tenpai": the dealer is tenpai at an exhaustive draw; "tsumo": the dealer wins on the first draw
    over: bool
    next_label: str = ""  # the next hand when the game goes on


def _start(scores: tuple[int, ...], rnd: int, hand: int, honba: int = 0) -> MatchState:
    return MatchState(scores=scores, round=rnd, hand=hand, honba=honba)


TENHOU, SANMA, CLASSIC = preset("tenhou"), preset("tenhou-sanma"), preset("classic")
TENHOU_WIN_ONLY = TENHOU.with_options(last_dealer_stop_tenpai=False)
WIN_ONLY_EAST = TENHOU_WIN_ONLY.with_options(length="east")
SANMA_WIN_ONLY = SANMA.with_options(last_dealer_stop_tenpai=False)
LEAD_4P = (20000, 20000, 25000, 35000)  # seat 3 (South 4's dealer) first
LEAD_3P = (30000, 30000, 45000)  # seat 2 (South 3's dealer) first

STOP_ROWS = [
    StopRow("win-only-east-4-dealer-tenpai-first-plays-on", WIN_ONLY + " (East game)", WIN_ONLY_EAST,
            _start(LEAD_4P, 0, 3), "tenpai", over=False, next_label="E4-1"),
    StopRow("win-only-south-4-dealer-tenpai-first-plays-on", WIN_ONLY, TENHOU_WIN_ONLY, _start(LEAD_4P, 1, 3),
            "tenpai", over=False, next_label="S4-1"),
    StopRow("win-only-south-4-again-with-two-honba", WIN_ONLY + " (South 4, 2 honba)", TENHOU_WIN_ONLY,
            _start(LEAD_4P, 1, 3, honba=1), "tenpai", over=False, next_label="S4-2"),
    StopRow("win-only-west-extension-dealer-tenpai-first-plays-on", WIN_ONLY + " (any hand of the extension)",
            TENHOU_WIN_ONLY, _start((20000, 35000, 25000, 20000), 2, 1), "tenpai", over=False, next_label="W2-1"),
    StopRow("win-only-south-4-dealer-wins-first-stops", WIN_ONLY, TENHOU_WIN_ONLY, _start(LEAD_4P, 1, 3), "tsumo",
            over=True),
    StopRow("win-only-sanma-south-3-dealer-tenpai-first-plays-on", WIN_ONLY + " (tenhou-sanma)", SANMA_WIN_ONLY,
            _start(LEAD_3P, 1, 2), "tenpai", over=False, next_label="S3-1"),
    StopRow("win-only-sanma-south-3-dealer-wins-first-stops", WIN_ONLY + " (tenhou-sanma)", SANMA_WIN_ONLY,
            _start(LEAD_3P, 1, 2), "tsumo", over=True),
    StopRow("tenhou-south-4-dealer-tenpai-first-stops", RECORD, TENHOU, _start(LEAD_4P, 1, 3), "tenpai", over=True),
    StopRow("tenhou-east-4-dealer-wins-first-stops", STOP + " (East game)", TENHOU.with_options(length="east"),
            _start(LEAD_4P, 0, 3), "tsumo", over=True),
    StopRow("tenhou-sanma-south-3-dealer-tenpai-first-stops", RECORD + " (as in 4-player)", SANMA,
            _start(LEAD_3P, 1, 2), "tenpai", over=True),
    StopRow("classic-south-4-dealer-tenpai-first-stops", "docs/rules.md#last_dealer_stop (classic: win or tenpai); "
            "source [S1] in docs/rules.md", CLASSIC, _start(LEAD_4P, 1, 3), "tenpai", over=True),
]  # fmt: skip


@pytest.mark.parametrize("r", STOP_ROWS, ids=[r.id for r in STOP_ROWS])
def test_last_dealer_stop(r: StopRow) -> None:
    hands = DRAW_4P if r.rules.players == 4 else DRAW_3P
    dealer = r.start.dealer
    game, _ = stacked_game(r.rules, hands, ["1z"] if r.ending == "tsumo" else [], start=r.start)
    if r.ending == "tsumo":
        assert Tsumo() in game.legal_actions(dealer)
        act(game, dealer, Tsumo())
        assert last_event(game, "hora")["actor"] == dealer
    else:
        drain(game)
        assert game.turn is not None and game.turn.drawn is not None
        act(game, game.turn.seat, Discard(game.turn.drawn))
        pass_all(game)
        declaring = game.claims is not None and game.claims.kind == "declare"  # the preset asks (classic)
        for seat in game.to_act() if declaring else []:  # the dealer shows tenpai, the others not
            act(game, seat, DeclareTenpai() if seat == dealer else DeclareNoten())
        ev = last_event(game, "ryukyoku")
        assert ev["info"]["reason"] == "exhaustive" and ev["info"]["tenpai"][dealer]
    assert game.over is r.over
    if r.over:
        assert game.final is not None and game.final.order[0] == dealer
    else:
        assert game.state.dealer == dealer and game.state.label() == r.next_label
        assert max(game.state.scores) == game.state.scores[dealer]


# Big Three Dragons: the liable seat feeds the second and third dragon, then another seat deals in.
PAO_4P = (
    ["123m456p789s1122z", "556677z234m5m9s9p1p", "999m111p999p3344z", "111s888s28m2348p4z"],
    ["5z", "6z", "7z", "3p", "5m"],
    (("9s", 0), ("9p", 2), ("1p", 2)),
    3,
    "5m",
)
PAO_3P = (
    ["111m999m456p789s1z", "556677z123p5p9s9p1s", "111p999p2233s223z"],
    ["5z", "6z", "7z", "3p", "5p"],
    (("9s", 0), ("9p", 2), ("1s", 2)),
    0,
    "5p",
)


@pytest.mark.parametrize(
    ("row_id", "rules", "honba", "liable_pays_honba"),
    [
        ("tenhou-pao-ron-liable-pays-the-honba", TENHOU, 1, True),
        ("tenhou-pao-ron-two-honba", TENHOU, 2, True),
        ("standard-pao-ron-discarder-pays-the-honba", preset("standard"), 1, False),
        ("tenhou-sanma-pao-ron-liable-pays-the-honba", SANMA, 1, True),
        ("sanma-pao-ron-discarder-pays-the-honba", preset("sanma"), 1, False),
    ],
)
def test_pao_ron_honba(row_id: str, rules: RuleSet, honba: int, liable_pays_honba: bool) -> None:
    """PAO: half each from the discarder and the liable player; the honba from the one the preset names."""
    hands, draws, drops, discarder, win = PAO_4P if rules.players == 4 else PAO_3P
    n = rules.players
    game, _ = stacked_game(rules, hands, draws, start=MatchState(scores=(rules.start_points,) * n, honba=honba))
    dragons = ("5z", "6z", "7z")
    for dragon, (drop, feeder) in zip(dragons, drops, strict=True):
        act(game, feeder, Discard(tile_of(game, feeder, dragon)))
        claim(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, Pon)))
        act(game, 1, Discard(tile_of(game, 1, drop)))
        pass_all(game)
    liable = 2
    assert game.table.seats[1].pao == liable
    while game.turn is not None and game.turn.seat != discarder:  # the others throw their draws
        act(game, game.turn.seat, Discard(game.turn.drawn))  # type: ignore[arg-type]
        pass_all(game)
    act(game, discarder, Discard(tile_of(game, discarder, win)))
    claim(game, 1, Ron())
    deltas = last_event(game, "hora")["info"]["deltas"]
    honba_total = 100 * honba * (n - 1)
    expect = [0] * n
    expect[1] = 32000 + honba_total
    expect[liable] = -16000 - (honba_total if liable_pays_honba else 0)
    expect[discarder] = -16000 - (0 if liable_pays_honba else honba_total)
    assert deltas == expect, row_id
