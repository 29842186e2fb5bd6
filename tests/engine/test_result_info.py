"""What a hand's result tells everyone (the ``hora`` and ``ryukyoku`` events' info): the whole hand as the table
shows it at that moment (concealed tiles, every meld with its called tile and the seat it came from, the Norths
set aside), the dora indicators, and the fu item by item, so a result screen can show the hand complete."""

from __future__ import annotations

from typing import Any

from jantaku.engine.actions import ClosedKan, Discard, Kita, Pass, Pon, Tsumo
from jantaku.engine.game import Game
from jantaku.rules import preset
from jantaku.tiles import NORTH, WHITE, kind_of_id, parse_tile
from tests.engine.helpers import act, claim, drain, pass_all, stacked_game

STD = preset("standard")

# seat 1 pons the dealer's White dragon and waits on 1m alone; nobody else can call or win on the way
PON_HANDS = ["5z258m369p147s123z", "55z234m567p789s11m", "369m147p258s4677z", "147m258p369s1236z"]
PON_DRAWS = ["9m", "9p", "9s", "8m", "1m"]
# three hands that call and win nothing early (no pair, no two tiles of a suit within two of each other)
QUIET = ["147m258p369s1234z", "369m147p147s1256z", "258m369p369s2345z"]


def tile_of(game: Game, seat: int, text: str) -> int:
    kind = parse_tile(text)
    return next(t for t in sorted(game.table.seats[seat].hand) if kind_of_id(t) == kind)


def last(game: Game, kind: str) -> dict[str, Any]:
    ev = next(e for e in reversed(game.events) if e.type == kind)
    return {"actor": ev.actor, "target": ev.target, "tile": ev.tile, **ev.info}


def pon_white(game: Game) -> int:
    """The dealer throws its White dragon, seat 1 pons it and throws a 1m: the White's id."""
    white = tile_of(game, 0, "5z")
    act(game, 0, Discard(white))
    claim(game, 1, next(a for a in game.legal_actions(1) if isinstance(a, Pon)))
    act(game, 1, Discard(tile_of(game, 1, "1m")))
    pass_all(game)
    return white


def test_a_win_shows_its_melds_with_the_called_tile_the_indicators_and_the_fu_items() -> None:
    game, _ = stacked_game(STD, PON_HANDS, PON_DRAWS)
    white = pon_white(game)
    for seat in (2, 3, 0):
        assert game.turn is not None and game.turn.seat == seat
        act(game, seat, Discard(game.turn.drawn))  # type: ignore[arg-type]
        pass_all(game)
    indicators = game.table.wall.indicators()
    assert act(game, 1, Tsumo())[0] == "hora"
    info = last(game, "hora")
    (meld,) = info["melds"]
    assert meld["kind"] == "pon" and meld["called"] == white and meld["source"] == 0
    assert {kind_of_id(t) for t in meld["tiles"]} == {WHITE} and len(info["hand"]) == 11
    assert info["dora_markers"] == indicators and len(indicators) == 1
    assert info["kita"] == [] and info["ura_markers"] == []
    # 20 base + 2 tsumo + 4 open triplet of dragons + 2 single wait = 28, rounded up to 30
    assert info["fu_items"] == [
        {"item": "base", "fu": 20},
        {"item": "tsumo", "fu": 2},
        {"item": "open_triplet", "fu": 4, "kind": WHITE},
        {"item": "tanki", "fu": 2},
    ]
    assert info["fu"] == 30 and ["white", 1] in info["yaku"]


def test_a_closed_kan_is_shown_as_such_and_its_fu_counted() -> None:
    game, _ = stacked_game(STD, ["777z123m456p78s55m", *QUIET], ["7z"], dead=["9s"])
    kan = next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan))
    act(game, 0, kan)
    assert Tsumo() in game.legal_actions(0)
    act(game, 0, Tsumo())
    info = last(game, "hora")
    (meld,) = info["melds"]
    assert meld["kind"] == "closed_kan" and "called" not in meld and "source" not in meld
    assert len(meld["tiles"]) == 4 and len(info["dora_markers"]) == 2  # the kan turned a second indicator
    assert {"item": "closed_kan", "fu": 32, "kind": parse_tile("7z")} in info["fu_items"]
    assert ["rinshan", 1] in info["yaku"]


def test_a_sanma_win_lists_the_norths_set_aside() -> None:
    hands = ["4z123p456p789s122z", "4z111p999p111s999s", "11m99m234p567p567z"]
    game, _ = stacked_game(preset("sanma"), hands, ["1z"], dead=["2z"])
    north = tile_of(game, 0, "4z")
    act(game, 0, Kita(north))
    act(game, 1, Pass())  # seat 1 could ron the North
    act(game, 0, Tsumo())
    info = last(game, "hora")
    assert info["kita"] == [north] and kind_of_id(north) == NORTH and info["melds"] == []
    assert any(name == "kita" for name, _ in info["yaku"])


def test_a_yakuman_has_no_fu_items() -> None:
    game, _ = stacked_game(STD, ["123m456p789s55m34s", *QUIET], ["2s"])  # Blessing of Heaven on the dealt tiles
    act(game, 0, Tsumo())
    info = last(game, "hora")
    assert info["yakuman"] >= 1 and info["fu_items"] == []


def test_a_draw_shows_each_tenpai_hand_with_its_melds() -> None:
    game, _ = stacked_game(STD, PON_HANDS, PON_DRAWS)
    pon_white(game)
    drain(game)
    assert game.turn is not None
    act(game, game.turn.seat, Discard(game.turn.drawn))  # type: ignore[arg-type]
    pass_all(game)
    info = last(game, "ryukyoku")
    assert info["reason"] == "exhaustive" and info["tenpai"][1]
    assert set(info["melds"]) == set(info["hands"]) and "1" in info["melds"]
    (meld,) = info["melds"]["1"]
    assert meld["kind"] == "pon" and meld["source"] == 0
    assert len(info["hands"]["1"]) == 10


def test_a_zung_jung_win_shows_its_melds() -> None:
    zj = preset("zung-jung")
    game, _ = stacked_game(zj, ["258m369p147s1236z", *PON_HANDS[1:]], ["5z", "9m", "9p", "9s", "1m"])
    white = pon_white(game)
    for seat in (2, 3, 0):
        act(game, seat, Discard(game.turn.drawn))  # type: ignore[union-attr,arg-type]
        pass_all(game)
    act(game, 1, Tsumo())
    info = last(game, "hora")
    assert [m["called"] for m in info["melds"]] == [white]
    assert ["3.1", "Value Honour", 10] in info["patterns"] and "dora_markers" not in info
