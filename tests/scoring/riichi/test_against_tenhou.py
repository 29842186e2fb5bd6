"""Every win in Tenhou's recorded games, scored by our ``tenhou`` / ``tenhou-sanma`` presets and compared with
what Tenhou paid: han, fu, points, the yaku (by Tenhou id, with their han), the yakuman, and every seat's delta.

Why: the records are real games scored by the reference implementation of these rules, so any disagreement is
either a reconstruction mistake here or a scorer bug. The situational flags (riichi, ippatsu, rinshan …) come from
the record's own yaku ids: they are facts of the game that no scorer can read from the tiles. Two readings the
records force on us: a yakuman sheet lists no riichi, so there riichi comes from the winner's ``REACH`` (it decides
whether the ura indicators count); and a yakuman's fu is not compared, since these records print the hand's fu
(40 for a daisangen) where our sheet says 0 and no payment depends on it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from jantaku.formats import Agari, MeldType, Reach, TenhouGame, TenhouHand, TenhouMeld, read_game
from jantaku.hand.model import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoreResult, ScoringError, WinContext, score, score_reference
from jantaku.tiles import EAST, code_name
from tests.formats.corpus import corpus_files, require_corpus

# Tenhou yaku ids that are facts of the game (how and when it was won), not of the tiles.
FLAG_IDS = {
    1: "riichi", 21: "double_riichi", 2: "ippatsu", 4: "rinshan", 3: "chankan",
    5: "haitei", 6: "houtei", 37: "tenhou", 38: "chiihou", 36: "renhou",
}  # fmt: skip
MELD_KINDS = {
    MeldType.CHI: MeldKind.CHI,
    MeldType.PON: MeldKind.PON,
    MeldType.OPEN_KAN: MeldKind.OPEN_KAN,
    MeldType.ADDED_KAN: MeldKind.ADDED_KAN,
    MeldType.CLOSED_KAN: MeldKind.CLOSED_KAN,
}
ROUND_NAMES = "ESWN"


def our_meld(game: TenhouGame, meld: TenhouMeld) -> Meld:
    """A Tenhou meld as ours; the source becomes relative (1 = next player, 3 = the player before, also at a
    3-player table)."""
    players = game.rules.players
    source = None
    if meld.from_who is not None:
        step = (meld.from_who - meld.who) % players
        source = 3 if step == players - 1 else step
    called = game.code(meld.called) if meld.called is not None else None
    return Meld(MELD_KINDS[meld.type], tuple(game.code(t) for t in meld.tiles), called, source)


def winning_hand(game: TenhouGame, agari: Agari) -> tuple[Hand, int, int]:
    """(hand without the winning tile, winning tile code, North extractions)."""
    concealed = list(agari.hai)
    concealed.remove(agari.machi)
    melds = tuple(our_meld(game, m) for m in agari.melds if m.type is not MeldType.NORTH)
    kita = sum(m.type is MeldType.NORTH for m in agari.melds)
    return Hand(tuple(game.code(t) for t in concealed), melds), game.code(agari.machi), kita


def wind_of(game: TenhouGame, hand: TenhouHand, seat: int) -> int:
    return EAST + (seat - hand.init.dealer) % game.rules.players


def win_context(game: TenhouGame, hand: TenhouHand, agari: Agari, kita: int, first: bool) -> WinContext:
    """The context Tenhou scored with. On a double ron only the first AGARI (the winner nearest the discarder)
    takes honba and deposits; Tenhou's ``ba`` still shows the honba on the other one."""
    ids = {i for i, _ in agari.yaku} | set(agari.yakuman)
    flags = {name: i in ids for i, name in FLAG_IDS.items()}
    if agari.yakuman and declared_riichi(hand, agari):  # a yakuman sheet lists no riichi, yet ura were revealed
        flags["riichi"] = True
    return WinContext(
        tsumo=agari.tsumo,
        **flags,
        dora=tuple(game.code(t) for t in agari.dora),
        ura=tuple(game.code(t) for t in agari.ura),
        kita=kita,
        round_wind=hand.init.round_wind,
        seat_wind=wind_of(game, hand, agari.who),
        honba=agari.honba if first else 0,
        sticks=agari.deposits,
        discarder=None if agari.tsumo else wind_of(game, hand, agari.from_who),
        pao=None if agari.pao_who is None else wind_of(game, hand, agari.pao_who),
    )


def declared_riichi(hand: TenhouHand, agari: Agari) -> bool:
    """Whether the winner declared riichi before this win (``REACH`` step 1 in the hand's events)."""
    for event in hand.events:
        if event is agari:
            return False
        if isinstance(event, Reach) and event.seat == agari.who and event.step == 1:
            return True
    return False


def tenhou_id(line_key: str, tenhou: int | None, ctx: WinContext) -> int:
    """Our yaku line as Tenhou's id: the wind yakuhai ids depend on the wind (10..13 seat, 14..17 round)."""
    if line_key == "seat_wind":
        return 10 + ctx.seat_wind - EAST
    if line_key == "round_wind":
        return 14 + ctx.round_wind - EAST
    assert tenhou is not None, f"yaku {line_key} has no Tenhou id"
    return tenhou


def our_yaku(result: ScoreResult, ctx: WinContext) -> dict[int, int]:
    """Han per Tenhou id; dora and North extractions share id 52, as on Tenhou. Zero-han lines are dropped (Tenhou
    lists ``53,0`` for a riichi win without ura dora)."""
    out: dict[int, int] = {}
    for line in result.yaku:
        if not line.yaku.yakuman:
            i = tenhou_id(line.yaku.key, line.yaku.tenhou_id, ctx)
            out[i] = out.get(i, 0) + line.han
    return {i: h for i, h in sorted(out.items()) if h}


def our_yakuman(result: ScoreResult, ctx: WinContext) -> list[int]:
    return sorted(tenhou_id(ln.yaku.key, ln.yaku.tenhou_id, ctx) for ln in result.yaku if ln.yaku.yakuman)


def hand_label(game: TenhouGame, hand: TenhouHand, agari: Agari) -> str:
    r = hand.init.round_index
    table = f"{ROUND_NAMES[r // 4 % 4]}{r % 4 + 1}-{hand.init.honba}"
    how = "tsumo" if agari.tsumo else f"ron from seat {agari.from_who}"
    return f"{table} seat {agari.who} {how}"


def compare(game: TenhouGame, hand: TenhouHand, agari: Agari, first: bool) -> list[str]:
    """Every difference between the record and our score of one AGARI, as ``what: expected … got …`` lines."""
    ours, win, kita = winning_hand(game, agari)
    ctx = win_context(game, hand, agari, kita, first)
    shown = f"{ours} + {code_name(win)}" + (f" kita {kita}" if kita else "")
    head = f"{hand_label(game, hand, agari)}: {shown}"
    try:
        result = score(ours, win, ctx, preset(game.rules.preset_name))
    except ScoringError as exc:
        return [f"{head}\n    scorer raised {exc.code}: {exc}\n    {ctx}"]
    diffs: list[str] = []

    def check(what: str, expected: object, got: object) -> None:
        if expected != got:
            diffs.append(f"{what}: expected {expected} got {got}")

    if not agari.yakuman:  # the reconstruction itself: riichi in the yaku ids iff a REACH before the win
        check("riichi (REACH events vs yaku ids)", ctx.riichi_declared, declared_riichi(hand, agari))
    if agari.yakuman:
        check("yakuman", sorted(agari.yakuman), our_yakuman(result, ctx))
        check("multiplier", len(agari.yakuman), result.yakuman)
    else:  # a yakuman's fu is moot (our sheet says 0; these records print the hand's fu, e.g. 40 for daisangen)
        expected_yaku: dict[int, int] = {}
        for i, h in sorted(agari.yaku):
            expected_yaku[i] = expected_yaku.get(i, 0) + h
        check("yaku", {i: h for i, h in expected_yaku.items() if h}, our_yaku(result, ctx))
        check("han", sum(h for _, h in agari.yaku), result.han)
        check("fu", agari.fu, result.fu)
    check("points", agari.points, result.points)
    try:  # the readable scorer (score_reference) must write the same sheet
        reference: object = score_sheet(score_reference(ours, win, ctx, preset(game.rules.preset_name)))
    except ScoringError as exc:
        reference = exc.code
    check("score_reference", reference, score_sheet(result))
    n = game.rules.players
    got = tuple(result.payment.by_seat.get((s - hand.init.dealer) % n, 0) for s in range(n))
    check("deltas", agari.deltas, got)
    if not diffs:
        return []
    return [f"{head}\n    " + "\n    ".join(diffs)]


def score_sheet(result: ScoreResult) -> tuple[object, ...]:
    """Everything a score sheet shows, to compare the fast scorer with the reference one."""
    fields = (result.yaku, result.han, result.fu, result.limit, result.yakuman, result.points, result.wait)
    return (*fields, result.dora, result.fu_items, result.arrangement, result.payment, result.pao_applies)


def game_mismatches(path: Path) -> tuple[int, list[str]]:
    """(AGARI checked, one readable block per AGARI that differs)."""
    game = read_game(path)
    rules = game.rules
    if not (rules.red_fives and rules.kuitan):  # both presets play with red fives and open tanyao
        return 0, [f"{path.name}: GO type {rules.type_bits} is not the rules of {rules.preset_name}"]
    checked, out = 0, []
    for hand in game.hands:
        for index, agari in enumerate(hand.agaris):
            checked += 1
            out.extend(compare(game, hand, agari, first=index == 0))
    return checked, out


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name if isinstance(p, Path) else "no-corpus")
def test_every_win_scores_as_on_tenhou(path: Path | None) -> None:
    if path is None:
        require_corpus()
        return
    checked, mismatches = game_mismatches(path)
    assert not mismatches, f"{len(mismatches)} of {checked} wins differ in {path.name}:\n" + "\n".join(mismatches)


def test_the_comparison_is_not_vacuous() -> None:
    """An altered record must be reported, so that a green sweep means agreement: a double ron with honba on the
    table, checked as it is, with its points, ura and honba changed."""
    name = "2019020120gm-0009-10011-215330df.xml"
    path = next((p for p in corpus_files() if p is not None and p.name == name), None)
    if path is None:
        require_corpus()
        return
    game = read_game(path)
    hand = next(h for h in game.hands if len(h.agaris) == 2)
    first, second = hand.agaris
    assert second.honba == 3 and second.deposits == 0
    assert compare(game, hand, first, first=True) == [] and compare(game, hand, second, first=False) == []
    bumped = replace(first, points=first.points + 100, yaku=(*first.yaku, (53, 1)))
    report = "\n".join(compare(game, hand, bumped, first=True))
    assert f"points: expected {first.points + 100} got {first.points}" in report
    assert "yaku: expected" in report and "han: expected" in report
    assert "deltas" in "\n".join(compare(game, hand, second, first=True))  # the honba is the first winner's
