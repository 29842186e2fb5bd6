"""Robbing a kan (docs/rules.md): any winning seat may rob an added kan (chankan); a concealed kan only for
thirteen orphans, where the rules allow it; a kan nobody robs stands and draws its replacement."""

from __future__ import annotations

from jantaku.engine.actions import AddedKan, ClosedKan, Discard, Pass, Pon, Ron
from jantaku.engine.game import Game
from jantaku.rules import preset
from jantaku.tiles import kind_of_id, parse_tiles
from tests.engine.helpers import act, claim, pass_all, stacked_game

STD = preset("standard")
ADDED = ["99p123m456m789m12z", "147m258p369s3466z", "234m345s567s78p11s", "2468m2468p2468s1z"]


def tile_of(game: Game, seat: int, text: str) -> int:
    kind = parse_tiles(text)[0]
    return next(t for t in sorted(game.table.seats[seat].hand) if kind_of_id(t) == kind)


def _up_to_added_kan() -> Game:
    game, _ = stacked_game(STD, ADDED, ["5z", "9p", "7z", "7z", "7z", "9p"])
    act(game, 0, Discard(tile_of(game, 0, "5z")))
    pass_all(game)
    act(game, 1, Discard(tile_of(game, 1, "9p")))
    claim(game, 0, next(a for a in game.legal_actions(0) if isinstance(a, Pon)))
    act(game, 0, Discard(tile_of(game, 0, "1z")))
    pass_all(game)
    for seat in (1, 2, 3):
        assert game.turn is not None
        act(game, seat, Discard(game.turn.drawn))  # type: ignore[arg-type]
        pass_all(game)
    assert game.turn is not None and game.turn.seat == 0
    return game


def test_chankan_robs_an_added_kan() -> None:
    game = _up_to_added_kan()
    kan = next(a for a in game.legal_actions(0) if isinstance(a, AddedKan))
    assert act(game, 0, kan) == ["kakan"]
    assert Ron() in game.legal_actions(2)
    ev = game.apply(2, Ron())[0]
    assert ev.type == "hora" and "chankan" in [name for name, _ in ev.info["yaku"]]
    assert ev.info["deltas"][0] < 0


def test_an_added_kan_nobody_robs_stands_and_draws_a_replacement() -> None:
    game = _up_to_added_kan()
    kan = next(a for a in game.legal_actions(0) if isinstance(a, AddedKan))
    act(game, 0, kan)
    types = act(game, 2, Pass())
    assert types == ["tsumo"]  # standard: the added kan's dora waits for the discard
    assert game.table.seats[0].melds[-1].kind == "added_kan"
    assert game.table.seats[2].furiten_temp  # passing the robbable tile is furiten like passing a discard


KOKUSHI = ["1111m2345p56789s", "234m456m678m2345p", "234s567s2345s678p", "99m19p19s1234567z"]


def test_a_concealed_kan_is_robbed_only_for_thirteen_orphans_where_allowed() -> None:
    game, _ = stacked_game(STD, KOKUSHI, ["5z"])
    kan = next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan))
    assert act(game, 0, kan) == ["ankan"]
    ev = game.apply(3, Ron())[0]
    assert ev.type == "hora" and ev.info["yakuman"] >= 1
    game, _ = stacked_game(preset("doman"), KOKUSHI, ["5z"])
    kan = next(a for a in game.legal_actions(0) if isinstance(a, ClosedKan))
    assert act(game, 0, kan) == ["ankan", "dora", "tsumo"]


def test_a_robbed_added_kan_does_not_end_ippatsu() -> None:
    from jantaku.engine.actions import Riichi

    game, _ = stacked_game(STD, ADDED, ["5z", "9p", "7z", "7z", "7z", "9p"])
    act(game, 0, Discard(tile_of(game, 0, "5z")))
    pass_all(game)
    act(game, 1, Discard(tile_of(game, 1, "9p")))
    claim(game, 0, next(a for a in game.legal_actions(0) if isinstance(a, Pon)))
    act(game, 0, Discard(tile_of(game, 0, "1z")))
    pass_all(game)
    for seat in (1, 2, 3):
        assert game.turn is not None
        drawn = game.turn.drawn
        act(game, seat, Riichi(drawn) if seat == 2 else Discard(drawn))  # type: ignore[arg-type]
        pass_all(game)
    act(game, 0, next(a for a in game.legal_actions(0) if isinstance(a, AddedKan)))
    ev = game.apply(2, Ron())[0]
    assert {"ippatsu", "chankan", "riichi"} <= {name for name, _ in ev.info["yaku"]}
