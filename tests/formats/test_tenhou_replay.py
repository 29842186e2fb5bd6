"""Tenhou's recorded games replayed through our engine (``jantaku.formats.tenhou_replay``): every recorded action legal,
every hand's outcome, the next hand's state and the final scores as on Tenhou.

The records live outside the repository (``../shared/tenhou`` or ``JANTAKU_TENHOU_DIR``); without them the
corpus tests skip, unless ``JANTAKU_REQUIRE_CORPUS=1``. The games that replay identically are listed by name;
every file of the corpus must be listed, so a new record cannot slip in unchecked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from jantaku import formats as th
from jantaku.engine import Game
from jantaku.formats.tenhou_replay import GameReport, hand_wall, replay_file, replay_game, rules_for, start_state
from tests.formats.corpus import corpus_dir, corpus_path, require_corpus

IDENTICAL = (
    "3p/2023010100gm-00b1-0000-f1fa80e1.xml",
    "3p/2023010100gm-00b9-0000-2e52f038.xml",
    "3p/2023010100gm-00b9-0000-3e6e6082.xml",
    "3p/2023010100gm-00b9-0000-59da4d1a.xml",
    "3p/2023010100gm-00b9-0000-89707e02.xml",
    "3p/2023010100gm-00b9-0000-9adbeb02.xml",
    "3p/2023010100gm-00b9-0000-9f22f8c3.xml",
    "3p/2023010100gm-00b9-0000-a385bc8a.xml",
    "3p/2023010100gm-00b9-0000-ae37f03c.xml",
    "3p/2023010100gm-00b9-0000-b7d56d5d.xml",
    "4p/2010081709gm-00a9-0000-fe3371ad.xml",
    "4p/2010091009gm-00a9-0000-83af2648_tw_2.xml",
    "4p/2010112714gm-00a9-0000-d497e395.xml",
    "4p/2011020401gm-00a9-0000-f6eff225.xml",
    "4p/2011020414gm-00a9-0000-ef18f336.xml",
    "4p/2011020415gm-00a9-0000-e037b629.xml",
    "4p/2011020416gm-00a9-0000-025480d4.xml",
    "4p/2011020613gm-00a9-0000-3774f8d1.xml",
    "4p/2016090900gm-00a9-0000-a2a25bb6_tw_0.xml",
    "4p/2017081719gm-00a9-0000-2ad81a60_tw_1.xml",
    "4p/2017092314gm-00a9-0000-1e556f76_tw_1.xml",
    "4p/2019013122gm-00a9-0000-fe2af191_tw_2.xml",
    "4p/2019020120gm-0009-10011-215330df.xml",
    "4p/2019040100gm-00a9-0000-fb81acdd_tw_3.xml",
    "4p/2019082700gm-00a9-0000-63d1f136.xml",
    "4p/2020012601gm-00a9-0000-da610ecf_tw_3.xml",
    "4p/2020041908gm-00a9-0000-12fa5ec3_tw_3.xml",
    "4p/2020080611gm-00a9-0000-c0959d20_tw_1.xml",
    "4p/2020081220gm-00a9-0000-9ee6ab3b.xml",
    "4p/2022060100gm-00a9-0000-01481d95.xml",
    "4p/2022060100gm-00a9-0000-210acdc3.xml",
    "4p/2022060100gm-00a9-0000-34c99cfa.xml",
    "4p/2022060100gm-00a9-0000-3e8b8aaf.xml",
    "4p/2022060100gm-00a9-0000-3ffa4858.xml",
    "4p/2022060100gm-00a9-0000-6db179be.xml",
    "4p/2022060100gm-00a9-0000-78803338.xml",
    "4p/2022060100gm-00a9-0000-79eb15f1.xml",
    "4p/2022060100gm-00a9-0000-7c8869db.xml",
    "4p/2022060100gm-00a9-0000-805032ea.xml",
    "4p/2022060100gm-00a9-0000-853b2cc5.xml",
    "4p/2022060100gm-00a9-0000-879715e7.xml",
    "4p/2022060100gm-00a9-0000-8873ab50.xml",
    "4p/2022060100gm-00a9-0000-895a78c7.xml",
    "4p/2022060100gm-00a9-0000-8cff6984.xml",
    "4p/2022060100gm-00a9-0000-8d763138.xml",
    "4p/2022060100gm-00a9-0000-8fd25ae5.xml",
    "4p/2022060100gm-00a9-0000-92faa898.xml",
    "4p/2022060100gm-00a9-0000-97b5d87f.xml",
    "4p/2022060100gm-00a9-0000-97f72260.xml",
    "4p/2022060100gm-00a9-0000-a11749d5.xml",
    "4p/2022060100gm-00a9-0000-a62d312b.xml",
    "4p/2022060100gm-00a9-0000-afa8349e.xml",
    "4p/2022060100gm-00a9-0000-b17bd801.xml",
    "4p/2022060100gm-00a9-0000-c3949be3.xml",
    "4p/2022060100gm-00a9-0000-c6793f6f.xml",
    "4p/2022060100gm-00a9-0000-d350ffc2.xml",
    "4p/2022060100gm-00a9-0000-ee2071dd.xml",
    "4p/2022060101gm-00a9-0000-3fc43369.xml",
    "4p/2022060101gm-00a9-0000-4f6762de.xml",
    "4p/2022060101gm-00a9-0000-548c76ec.xml",
    "4p/2022060101gm-00a9-0000-580c7565.xml",
    "4p/2022060101gm-00a9-0000-839435a1.xml",
    "4p/2022060101gm-00a9-0000-87ab4446.xml",
    "4p/2022060101gm-00a9-0000-8bc6ae88.xml",
    "4p/2022060101gm-00a9-0000-91349aa1.xml",
    "4p/2022060101gm-00a9-0000-a6b54b5e.xml",
    "4p/2022060101gm-00a9-0000-d066b03a.xml",
    "4p/2022060101gm-00a9-0000-dd1b2145.xml",
    "4p/2022060101gm-00a9-0000-e18ddeb6.xml",
    "4p/2022060101gm-00a9-0000-e498deb7.xml",
    "4p/2022060101gm-00a9-0000-e884afbb.xml",
    "4p/2022060101gm-00a9-0000-e935efd3.xml",
    "4p/2022060101gm-00a9-0000-f0142706.xml",
    "4p/2022060102gm-00a9-0000-033b27d5.xml",
    "4p/2022060102gm-00a9-0000-28ccb77f.xml",
    "4p/2022060102gm-00a9-0000-5d8c8a29.xml",
    "4p/2022060102gm-00a9-0000-69c07391.xml",
    "4p/2022060102gm-00a9-0000-6acb9945.xml",
    "4p/2022060102gm-00a9-0000-721b23eb.xml",
    "4p/2022060102gm-00a9-0000-8734c9d9.xml",
    "4p/2022060102gm-00a9-0000-b46370f1.xml",
    "4p/2022060102gm-00a9-0000-ba456c00.xml",
    "4p/2022060102gm-00a9-0000-baf52455.xml",
    "4p/2022060102gm-00a9-0000-bbe9088c.xml",
    "4p/2022060102gm-00a9-0000-c3651729.xml",
    "4p/2022060102gm-00a9-0000-ef91f30a.xml",
    "4p/2022060103gm-00a9-0000-0b040dca.xml",
    "4p/2022060103gm-00a9-0000-89ca74e3.xml",
    "4p/2022060103gm-00a9-0000-8abcf233.xml",
    "4p/2022060103gm-00a9-0000-93293693.xml",
    "4p/2022060103gm-00a9-0000-957cc283.xml",
    "4p/2022060103gm-00a9-0000-9b7e3253.xml",
    "4p/2022060103gm-00a9-0000-a289bcaa.xml",
    "4p/2022060103gm-00a9-0000-ce6c5136.xml",
    "4p/2022060103gm-00a9-0000-e8979f66.xml",
    "4p/2022060103gm-00a9-0000-f0048bf8.xml",
    "4p/2022060104gm-00a9-0000-4f4b6c07.xml",
    "4p/2022060104gm-00a9-0000-53a3e360.xml",
    "4p/2022060104gm-00a9-0000-92f39714.xml",
    "4p/2022060104gm-00a9-0000-aeb868b0.xml",
    "4p/2022060104gm-00a9-0000-b20d20d1.xml",
    "4p/2022060104gm-00a9-0000-ba1d163c.xml",
    "4p/2022060104gm-00a9-0000-cc04ff6f.xml",
    "4p/2022060104gm-00a9-0000-dc9e2790.xml",
    "4p/2022060105gm-00a9-0000-287b3e82.xml",
    "4p/2022060105gm-00a9-0000-2e6326ac.xml",
    "4p/2022060105gm-00a9-0000-a2940437.xml",
    "4p/2022060105gm-00a9-0000-ab3ab512.xml",
    "4p/2022060105gm-00a9-0000-e3f01b0e.xml",
    "4p/2022060106gm-00a9-0000-2697cd3a.xml",
    "4p/2022060106gm-00a9-0000-8a39b029.xml",
    "4p/2022060106gm-00a9-0000-9d403875.xml",
    "4p/2022060106gm-00a9-0000-ac2a00ae.xml",
    "4p/2022060106gm-00a9-0000-ac827a00.xml",
    "4p/2022060106gm-00a9-0000-c16d0c36.xml",
    "4p/2022060106gm-00a9-0000-d3b52014.xml",
    "4p/2022060107gm-00a9-0000-423ef9fa.xml",
    "4p/2022060107gm-00a9-0000-6c304a7a.xml",
    "4p/2022060107gm-00a9-0000-8181280a.xml",
    "4p/2022060107gm-00a9-0000-a990aa36.xml",
    "4p/2022060107gm-00a9-0000-b3c573cb.xml",
    "4p/2022060107gm-00a9-0000-ee6c48c4.xml",
    "4p/2022060108gm-00a9-0000-3a71b8e9.xml",
    "4p/2022060108gm-00a9-0000-3bded557.xml",
    "4p/2022060108gm-00a9-0000-3f245884.xml",
    "4p/2022060108gm-00a9-0000-84b7dcca.xml",
    "4p/2022060108gm-00a9-0000-920ddac6.xml",
    "4p/2022060108gm-00a9-0000-930771df.xml",
    "4p/2022060108gm-00a9-0000-b88afbd3.xml",
    "4p/2022060108gm-00a9-0000-c73e4c22.xml",
    "4p/2022060108gm-00a9-0000-e88e13cf.xml",
    "4p/2022060108gm-00a9-0000-f731fc38.xml",
    "4p/2022060109gm-00a9-0000-3684c9b4.xml",
    "4p/2022060109gm-00a9-0000-4cef5318.xml",
    "4p/2022060109gm-00a9-0000-5ea9bcae.xml",
    "4p/2022060109gm-00a9-0000-6a75122d.xml",
    "4p/2022060109gm-00a9-0000-bf55dfd7.xml",
    "4p/2022060109gm-00a9-0000-de700829.xml",
    "4p/2022060109gm-00a9-0000-fc2f2f9f.xml",
    "4p/double-ron_634c78b4.xml",
    "4p/encdec-chankan-ippatsu_78d18d91.xml",
    "4p/encdec-chanta_8f65ad95.xml",
    "4p/encdec-double-riichi_5db3b99b.xml",
    "4p/encdec-four-concealed-pons_b1afc73b.xml",
    "4p/encdec-fu-max_ed1ecdb0.xml",
    "4p/encdec-game-end_b0f157dc.xml",
    "4p/encdec-nine-gates_a90f6cf4.xml",
    "4p/encdec-no-north-rounds_09f35fb0.xml",
    "4p/encdec-nowinner-multi-top_931f0f07.xml",
    "4p/encdec-pao-false-pos_4c46d503.xml",
    "4p/encdec-pinfu-ipeiko-vs-sanankou_feda243d.xml",
    "4p/encdec-sanankou-false-neg_f6665973.xml",
    "4p/encdec-suankou-false-pos_68b6e565.xml",
    "4p/encdec-tenhou-false-pos_40d550d1.xml",
    "4p/encdec-tenhou_6e07045e.xml",
    "4p/first-example_688ce925.xml",
    "4p/kan4_6e830698.xml",
    "4p/kan4_7fce1fd6.xml",
    "4p/kaze4_2115e5bf.xml",
    "4p/nm_a1642fc9.xml",
    "4p/pao-tsumo_425bf8df.xml",
    "4p/reach4_74965af4.xml",
    "4p/sansyoku-doukou-false-neg_820155ad.xml",
    "4p/trans-furiten-false-pos_6007fc51.xml",
    "4p/yao9_4b0dd4c2.xml",
)

#: The four rinshan wins after an added kan (tenhou presets: ``kan_dora_on_rinshan_win=False``): Tenhou turns no
#: kan dora for them, since the indicator would only come after the kan-caller's discard.
RINSHAN_AFTER_ADDED_KAN = (
    "4p/2017042323gm-00a9-0000-2e214b25_tw_1.xml",
    "4p/2022060100gm-00a9-0000-a18d8cc8.xml",
    "4p/encdec-four-winds-no-winner_c3aba8f4.xml",
    "4p/encdec-rinshan-fu_dc4815f7.xml",
)


def described(report: GameReport) -> str:
    return "\n".join(str(d) for d in report.differences) or str(report.error)


@pytest.mark.parametrize("name", [*IDENTICAL, *RINSHAN_AFTER_ADDED_KAN])
def test_game_replays_identically(name: str) -> None:
    report = replay_file(corpus_path(name))
    assert report.identical, f"{name}:\n{described(report)}"
    assert report.hands > 0


def test_every_record_is_listed() -> None:
    root = corpus_dir()
    found = sorted(f"{p.parent.name}/{p.name}" for p in [*root.glob("4p/*.xml"), *root.glob("3p/*.xml")])
    if not found:
        require_corpus()
    assert found == sorted([*IDENTICAL, *RINSHAN_AFTER_ADDED_KAN])


# ---------------------------------------------------------------------------------------------- the wall
def test_rebuilt_wall_deals_the_recorded_hands_and_draws() -> None:
    record = th.read_game(corpus_path("3p/2023010100gm-00b1-0000-f1fa80e1.xml"))
    rules = rules_for(record)
    assert rules.length == "east" and rules.players == 3  # GO type 177: East only, 3 players
    hand = record.hands[4]  # five replacement draws: the fifth comes from the live wall's end
    game = Game(rules, "t", walls=[hand_wall(record, rules, hand)], start=start_state(hand.init))
    for seat, dealt in enumerate(hand.init.hands):
        held = sorted(game.table.seats[seat].hand)
        if seat == hand.init.dealer:
            assert game.turn is not None and game.turn.drawn is not None
            held.remove(game.turn.drawn)
        assert held == sorted(dealt)
    first = next(e for e in hand.events if isinstance(e, th.Draw))
    assert game.turn is not None and (game.turn.seat, game.turn.drawn) == (first.seat, first.tile)
    assert game.table.wall.indicators() == [hand.init.dora_indicator]
    assert replay_game(record).identical


def test_a_record_whose_tiles_repeat_cannot_be_a_wall() -> None:
    record = th.read_game(corpus_path(IDENTICAL[0]))
    hand = record.hands[0]
    events = list(hand.events)
    j = [i for i, e in enumerate(events) if isinstance(e, th.Draw)][1]
    draw = events[j]
    assert isinstance(draw, th.Draw)
    events[j] = th.Draw(draw.seat, hand.init.hands[0][0])
    report = replay_game(_altered(record, 0, events))
    assert report.differences[0].hand == 0 and "appear twice" in report.differences[0].message


# ---------------------------------------------------------------------------------------------- not vacuous
def _altered(record: th.TenhouGame, index: int, events: list[th.Event]) -> th.TenhouGame:
    hands = list(record.hands)
    hands[index] = replace(hands[index], events=tuple(events))
    return replace(record, hands=tuple(hands))


def _first_ron(record: th.TenhouGame) -> tuple[int, int]:
    for i, hand in enumerate(record.hands):
        for j, e in enumerate(hand.events):
            if isinstance(e, th.Agari) and not e.tsumo and not e.yakuman and len(hand.agaris) == 1:
                return i, j
    raise AssertionError("no ron in the record")


ALTERATIONS: list[tuple[str, Callable[[th.Agari], object], str]] = [
    ("points", lambda a: a.points + 100, "points: record"),
    ("fu", lambda a: a.fu + 10, "fu: record"),
    ("yaku", lambda a: (*a.yaku, (53, 1)), "yaku: record"),
    ("deltas", lambda a: (a.deltas[1], a.deltas[0], *a.deltas[2:]), "deltas: record"),
    ("who", lambda a: next(s for s in range(4) if s not in (a.who, a.from_who)), "illegal for us"),
]


@pytest.mark.parametrize(("field", "change", "expected"), ALTERATIONS, ids=[a[0] for a in ALTERATIONS])
def test_an_altered_win_is_reported(field: str, change: Callable[[th.Agari], object], expected: str) -> None:
    record = th.read_game(corpus_path(IDENTICAL[0]))
    i, j = _first_ron(record)
    events = list(record.hands[i].events)
    agari = events[j]
    assert isinstance(agari, th.Agari)
    events[j] = replace(agari, **{field: change(agari)})
    report = replay_game(_altered(record, i, events))
    assert report.differences and report.differences[0].hand == i
    assert expected in report.differences[0].message, described(report)


def test_an_illegal_discard_and_a_missing_call_are_reported() -> None:
    record = th.read_game(corpus_path(IDENTICAL[0]))
    hand = record.hands[0]
    events = list(hand.events)
    d = next(j for j, e in enumerate(events) if isinstance(e, th.RecordedDiscard))
    disc = events[d]
    assert isinstance(disc, th.RecordedDiscard)
    events[d] = th.RecordedDiscard(disc.seat, hand.init.hands[(disc.seat + 1) % 4][0])
    report = replay_game(_altered(record, 0, events))
    assert "illegal for us" in report.differences[0].message and "own_tile" in report.differences[0].message
    i, c = next(
        (i, j)
        for i, h in enumerate(record.hands)
        for j, e in enumerate(h.events)
        if isinstance(e, th.Call) and e.meld.type is th.MeldType.PON
    )
    events = list(record.hands[i].events)
    del events[c]
    report = replay_game(_altered(record, i, events))
    assert report.differences and report.differences[0].hand == i


def test_the_next_hand_and_the_final_scores_are_compared() -> None:
    record = th.read_game(corpus_path(IDENTICAL[0]))
    second = record.hands[1]
    bumped = replace(second, init=replace(second.init, honba=second.init.honba + 1))
    report = replay_game(replace(record, hands=(record.hands[0], bumped, *record.hands[2:])))
    assert "next hand" in report.differences[0].message and report.differences[0].hand == 0
    assert record.owari is not None
    owari = replace(record.owari, scores=(record.owari.scores[0] + 100, *record.owari.scores[1:]))
    report = replay_game(replace(record, owari=owari))
    assert [d.message.split(":")[0] for d in report.differences] == ["final scores"]
