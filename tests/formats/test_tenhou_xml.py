"""The Tenhou mjlog reader: real records read end to end, every record replayed tile by tile (so that a decoding
slip cannot hide), and malformed input refused with the file and the element named.

The records live outside the repository (``tests.formats.corpus`` says where); without them the corpus tests skip.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from jantaku.formats import (
    Agari,
    Call,
    Disconnect,
    Draw,
    MeldType,
    NewDora,
    Reach,
    Reconnect,
    RecordedDiscard,
    Ryuukyoku,
    TenhouFormatError,
    TenhouMeld,
    decode_meld,
    read_game,
)
from jantaku.tiles import RED_PIN
from tests.formats.corpus import corpus_files, record, require_corpus

GAME_4P = "4p/2010081709gm-00a9-0000-fe3371ad.xml"
GAME_3P = "3p/2023010100gm-00b9-0000-2e52f038.xml"


# --- real records --------------------------------------------------------------------------------------------


def test_a_four_player_game() -> None:
    game = record(GAME_4P)
    assert (game.rules.players, game.rules.red_fives, game.rules.kuitan, game.rules.east_south) == (4, True, True, True)
    assert [p.name for p in game.players][1] == "ASAPIN"  # URL-decoded
    assert (game.players[3].dan, game.players[3].rate, game.players[3].sex) == (17, 2177.0, "F")
    events = [e for h in game.hands for e in h.events]
    counts = {t.__name__: sum(isinstance(e, t) for e in events) for t in (Draw, RecordedDiscard, Call, Reach, Agari)}
    assert len(game.hands) == 15
    assert counts == {"Draw": 787, "RecordedDiscard": 811, "Call": 31, "Reach": 26, "Agari": 13}
    assert sum(isinstance(e, Ryuukyoku) for e in events) == 2
    first = game.hands[0]
    assert (first.init.round_index, first.init.honba, first.init.dice, first.init.dora_indicator) == (0, 0, (3, 3), 20)
    assert first.init.scores == (25000,) * 4 and first.init.hands[0][:3] == (34, 11, 120)
    assert first.events[:3] == (
        Draw(0, 77),
        RecordedDiscard(0, 120),
        Call(decode_meld(46185, who=3)),
    )
    (win,) = first.agaris
    assert (win.who, win.from_who, win.tsumo, win.machi, win.fu, win.points, win.limit) == (
        1,
        2,
        False,
        21,
        30,
        7700,
        0,
    )
    assert win.yaku == ((11, 1), (34, 2), (52, 1)) and win.yakuman == ()
    assert [m.type for m in win.melds] == [MeldType.CHI, MeldType.PON, MeldType.PON]
    assert (win.honba, win.deposits, win.dora, win.ura) == (0, 1, (20,), ())
    assert win.scores == (25000, 25000, 24000, 25000) and win.deltas == (0, 8700, -7700, 0)
    assert game.owari is not None and game.owari.scores == (20100, 35800, 5200, 38900)
    assert game.owari.results == (-20.0, 16.0, -45.0, 49.0)
    added = game.hands[4].calls[-1].meld
    assert (added.type, added.added, added.from_who) == (MeldType.ADDED_KAN, 45, 0)


def test_a_three_player_game() -> None:
    game = record(GAME_3P)
    assert (game.rules.players, len(game.players), len(game.hands)) == (3, 3, 10)
    init = game.hands[0].init
    assert len(init.hands) == 3 and init.scores == (35000,) * 3
    calls = [c.meld for h in game.hands for c in h.calls]
    assert [sum(m.type is t for m in calls) for t in (MeldType.NORTH, MeldType.PON, MeldType.CLOSED_KAN)] == [26, 11, 1]
    assert sum(isinstance(e, NewDora) for h in game.hands for e in h.events) == 1
    win = game.hands[0].agaris[0]
    assert [m.type for m in win.melds] == [MeldType.NORTH, MeldType.PON, MeldType.NORTH]
    assert win.melds[1].from_who == 1  # the pon, taken from the N event that made it
    assert len(win.deltas) == 3 and win.deltas == (6800, -5800, 0)
    assert game.owari is not None and game.owari.scores == (45800, 6300, 52900)


def test_double_ron_and_disconnects() -> None:
    game = record("4p/double-ron_634c78b4.xml")
    first, second = game.hands[3].agaris
    assert (first.who, second.who, first.from_who, second.from_who) == (0, 2, 3, 3)
    assert (first.deposits, second.deposits) == (2, 0)  # deposits go to the winner nearest the discarder
    assert second.scores[0] == first.scores[0] + first.deltas[0]  # the second win starts from the first's result
    assert second.owari is not None and game.owari == second.owari
    dropped = record("4p/2011020415gm-00a9-0000-e037b629.xml")
    assert [e for e in dropped.hands[0].events if isinstance(e, Disconnect | Reconnect)] == [
        Disconnect(2),
        Reconnect(2, "霜月さん"),
    ]


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name if isinstance(p, Path) else "no-corpus")
def test_every_record_replays(path: Path | None) -> None:
    """Play each hand tile by tile: every discard and meld tile must be in the player's hand, a called tile must
    be the last discard (and come from its seat), and each win's ``hai``/``m`` must be exactly what is left."""
    if path is None:
        require_corpus()
        return
    game = read_game(path)
    for number, hand in enumerate(game.hands):
        tiles = [set(h) for h in hand.init.hands]
        melds: list[list[TenhouMeld]] = [[] for _ in tiles]
        last: RecordedDiscard | None = None
        where = f"hand {number}"
        for event in hand.events:
            if isinstance(event, Draw):
                tiles[event.seat].add(event.tile)
            elif isinstance(event, RecordedDiscard):
                assert event.tile in tiles[event.seat], f"{where}: {event} not in hand"
                tiles[event.seat].remove(event.tile)
                last = event
            elif isinstance(event, Call):
                meld, taken = event.meld, set(event.meld.tiles)
                if meld.type in (MeldType.CHI, MeldType.PON, MeldType.OPEN_KAN):
                    assert last is not None and (meld.called, meld.from_who) == (last.tile, last.seat), where
                    taken.discard(last.tile)
                elif meld.type is MeldType.ADDED_KAN:
                    (pon,) = [m for m in melds[meld.who] if m.type is MeldType.PON and m.kind == meld.kind]
                    assert (pon.called, pon.from_who) == (meld.called, meld.from_who), where
                    melds[meld.who].remove(pon)
                    taken = {meld.added} if meld.added is not None else set()
                assert taken <= tiles[meld.who], f"{where}: {meld} uses tiles not in hand"
                tiles[meld.who] -= taken
                melds[meld.who].append(meld)
            elif isinstance(event, Agari):
                held = tiles[event.who] | ({event.machi} if not event.tsumo else set())
                assert held == set(event.hai), f"{where}: {event.who}'s hand differs from hai"
                assert sorted(event.melds, key=str) == sorted(melds[event.who], key=str), where


# --- malformed input -----------------------------------------------------------------------------------------

GO = '<GO type="169"/>'
INIT = '<INIT seed="0,0,0,1,2,3" ten="250,250,250,250" oya="0" ' + " ".join(
    f'hai{i}="{",".join(str(i * 13 + k) for k in range(13))}"' for i in range(4)
)
BAD_SEED = INIT.replace("0,0,0,1,2,3", "0,0,x,1,2,3")
SHORT_SEED = INIT.replace("0,0,0,1,2,3", "0,0,0,1,2")
SHORT_DEAL = INIT.replace('hai3="39,', 'hai3="')


@pytest.mark.parametrize(
    ("xml", "message"),
    [
        ("<mjloggm><GO", "not well-formed XML"),
        ("<game/>", "root element is <game>"),
        (f"<mjloggm>{INIT}/></mjloggm>", "<INIT> (element 1): <INIT> before <GO>"),
        ("<mjloggm><TAIKYOKU oya='0'/></mjloggm>", "no <GO> element"),
        (f"<mjloggm>{GO}<T5/></mjloggm>", "<T5> (element 2): event outside a hand"),
        (f"<mjloggm>{GO}{BAD_SEED}/></mjloggm>", "'seed': 'x' is not a number"),
        (f"<mjloggm>{GO}{SHORT_SEED}/></mjloggm>", "'seed' has 5 values"),
        (f"<mjloggm>{GO}{SHORT_DEAL}/></mjloggm>", "'hai3' deals 12 tiles"),
        (f"<mjloggm>{GO}{INIT}/><T136/></mjloggm>", "<T136> (element 3): attribute 'tile': 136 is not a 136-id"),
        (f"<mjloggm>{GO}{INIT}/><N who='1'/></mjloggm>", "<N> (element 3): attribute 'm' is missing"),
        (f"<mjloggm>{GO}{INIT}/><N who='1' m='64516'/></mjloggm>", "chi base 21"),
        (f"<mjloggm>{GO}{INIT}/><REACH who='4' step='1'/></mjloggm>", "seat 4 does not exist"),
        (f"<mjloggm>{GO}{INIT}/><REACH who='1' step='3'/></mjloggm>", "'step': 3 is neither"),
        (f"<mjloggm>{GO}{INIT}/><XYZ/></mjloggm>", "<XYZ> (element 3): unknown element"),
        (
            f"<mjloggm>{GO}{INIT}/><AGARI who='0' fromWho='0' hai='1,2' machi='3' ten='30,1000,0' yaku='0,1' "
            "doraHai='5' ba='0,0' sc='0,0,0,0,0,0,0,0'/></mjloggm>",
            "the winning tile 3 is not among hai",
        ),
        (
            f"<mjloggm>{GO}{INIT}/><AGARI who='0' fromWho='0' hai='1,2' machi='2' ten='30,1000,0' yaku='0' "
            "doraHai='5' ba='0,0' sc='0,0,0,0,0,0,0,0'/></mjloggm>",
            "'yaku' has an odd number of values",
        ),
        (
            f"<mjloggm>{GO}{INIT}/><RYUUKYOKU ba='0,0' sc='0,0,0'/></mjloggm>",
            "'sc' has 3 values, expected 8",
        ),
    ],
)
def test_malformed_records_name_the_element(xml: str, message: str) -> None:
    with pytest.raises(TenhouFormatError, match=r"^<text>") as info:
        read_game(xml)
    assert message in str(info.value)


def test_errors_name_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text(f"<mjloggm>{GO}{INIT}/><D999/></mjloggm>")
    with pytest.raises(TenhouFormatError, match=r"^broken\.xml at <D999> \(element 3\): .*999 is not a 136-id"):
        read_game(broken)
    with pytest.raises(TenhouFormatError, match=r"missing\.xml: cannot read"):
        read_game(tmp_path / "missing.xml")


def test_a_minimal_record_reads() -> None:
    game = read_game(f"<mjloggm>{GO}{INIT}/><T52/><D52/><RYUUKYOKU ba='0,0' sc='250,0,250,0,250,0,250,0'/></mjloggm>")
    (hand,) = game.hands
    assert hand.events[:2] == (Draw(0, 52), RecordedDiscard(0, 52))
    assert game.code(52) == RED_PIN
    assert hand.ryuukyoku is not None and hand.ryuukyoku.tenpai == () and hand.ryuukyoku.type is None
