"""The riichi scorer's shortcuts agree with the definitions they stand in for.

The scorer counts tiles into one packed integer and checks them against the rules with one addition
(``tally.limits``), asks ``validate.plain_context`` instead of ``validate`` for everyday contexts, reads shapes
from per-suit tables (``readings``) rather than from a list of sets, sums fu in its loop, and splits payments per
seat on first use. Each shortcut is checked here against the plain definition on random inputs.
"""

from __future__ import annotations

import random

import pytest

from jantaku.hand.decompose import suit_shapes
from jantaku.hand.model import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoringError, WinContext, score, tally
from jantaku.scoring.riichi.fu import fu_items, standard_fu
from jantaku.scoring.riichi.points import pay
from jantaku.scoring.riichi.readings import CONC, HPAIR, KANS, NEEDS, PAIR, PEI, PLAIN, RUNS, TABLES, TRIP_MASK, read
from jantaku.scoring.riichi.result import Reading
from jantaku.scoring.riichi.score import applicable_checks, checks_for, prepared_rules
from jantaku.scoring.riichi.validate import context_problems, hand_problems, plain_context, validate
from jantaku.scoring.riichi.yaku import ReadingFacts
from jantaku.tiles import EAST, FIVES, KINDS, NORTH, RED_MAN
from tests.scoring.riichi.random_hands import random_case

PRESETS = ["tenhou", "standard", "sanma", "classic", "doman", "bga", "tenhou-sanma"]


def _cases(name: str, n: int, seed: int = 0) -> list[tuple[Hand, int, WinContext]]:
    rng = random.Random(f"fast:{name}:{seed}")
    rules = preset(name)
    return [random_case(rng, rules) for _ in range(n)]


@pytest.mark.parametrize("name", ["tenhou", "sanma", "classic"])
def test_limits_flag_exactly_the_hands_validate_rejects(name: str) -> None:
    """Random tile codes (often impossible: fifth copies, removed tiles, too many reds): the packed check raises a
    doubt exactly when the tile checks of ``validate`` raise."""
    rules = preset(name)
    rng = random.Random(name)
    limits = tally.limits(rules.red_fives, rules.sanma)
    for _ in range(4000):
        codes = [rng.choice([*range(KINDS), *range(RED_MAN, RED_MAN + 3), *FIVES, 0, 8, 27]) for _ in range(14)]
        hand = Hand(tuple(codes[:13]))
        packed = sum(tally.CODE_BIT[c] for c in codes)
        doubt = bool((packed | packed + limits) & tally.HIGHS)
        try:
            hand_problems(hand, codes[13], rules)
            rejected = False
        except ScoringError:
            rejected = True
        assert doubt == rejected, codes


def test_plain_context_never_vouches_for_a_context_validate_rejects() -> None:
    """Random contexts (flags at random, often contradictory): whenever ``plain_context`` answers flags, the full
    check finds no problem, and the flags are the situational ones."""
    rng = random.Random(7)
    for name in ("tenhou", "sanma"):
        rules = preset(name)
        indicators = prepared_rules(rules).indicators
        for hand, win, _ctx in _cases(name, 300):
            counts, _, _ = hand_problems(hand, win, rules)
            for _ in range(10):
                flags = {f: rng.random() < 0.15 for f in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan",
                                                          "chankan", "haitei", "houtei", "tenhou", "chiihou",
                                                          "renhou")}  # fmt: skip
                seat = EAST + rng.randrange(5) - (rng.random() < 0.05)
                ctx = WinContext(
                    **flags, seat_wind=seat, round_wind=EAST + rng.randrange(4),
                    honba=rng.choice((0, 1, -1)), sticks=rng.choice((0, 2)), dora=(rng.choice((0, 5, 40)),),
                    discarder=rng.choice((None, None, EAST)), kita=rng.choice((0, 0, 1)),
                )  # fmt: skip
                got = plain_context(ctx, hand.is_closed, rules.sanma, indicators)
                if got >= 0:
                    assert context_problems(hand, win, ctx, rules, counts) == [], ctx
                    assert got & 1 == bool(ctx.tsumo) and got >> 8 == hand.is_closed


def test_shapes_from_the_tables_equal_shapes_from_the_sets() -> None:
    """The aggregates a reading adds up from its suits' tables equal ``ReadingFacts.of`` on the same sets."""
    for name in ("tenhou", "standard"):
        for hand, win, ctx in _cases(name, 1500):
            try:
                result = score(hand, win, ctx, preset(name))
            except ScoringError:
                continue
            reading = result.reading
            if reading.form != "standard" or not reading.itemised:
                continue
            sets = [(g - 34, True, False, False) if g >= 34 else (g, False, False, False) for g in reading.groups]
            sets += [(m.first, m.kind is not MeldKind.CHI, m.is_open, m.is_kan) for m in hand.melds]
            plain = ReadingFacts.of(sets, reading.pair, result.wait, hand.is_closed)
            concealed = sum(tally.CODE_BIT[c] for c in (*hand.tiles, win)) & tally.KINDS_MASK
            suits = [read(s, concealed >> 36 * s & (tally.SUIT_MASK if s < 3 else tally.HONOR_MASK)) for s in range(4)]
            found = False
            for p0 in suits[0].parts:
                for p1 in suits[1].parts:
                    for p2 in suits[2].parts:
                        for p3 in suits[3].parts:
                            combo = (p0, p1, p2, p3)
                            groups = sorted(g + 9 * i for i, p in enumerate(combo) for g in p.groups)
                            if tuple(groups) != reading.groups:
                                continue
                            found = True
                            a = p0.agg + p1.agg1 + p2.agg2 + p3.agg  # each numbered suit's own aggregate
                            for m in hand.melds:
                                if m.kind is MeldKind.CHI:
                                    a += 1 << RUNS | (m.first % 9 not in (0, 6)) << PLAIN
                                else:
                                    a += 1 << m.first | (m.kind is MeldKind.CLOSED_KAN) << CONC
                                    a += (not (m.first >= 27 or m.first % 9 in (0, 8))) << PLAIN | m.is_kan << KANS
                            run_mask = p0.run_mask | p1.run_mask1 | p2.run_mask2
                            for m in hand.melds:
                                if m.kind is MeldKind.CHI:
                                    run_mask |= 1 << m.first
                            assert run_mask == plain.run_mask
                            assert a & TRIP_MASK == plain.trip_mask
                            assert (a >> RUNS & 7, a >> PEI & 3, a >> PLAIN & 7) == (
                                plain.runs, plain.peikou if hand.is_closed else a >> PEI & 3, plain.plain,
                            )  # fmt: skip
                            assert (a >> CONC & 7, a >> KANS & 7, (a >> PAIR & 63) - 1) == (
                                plain.concealed_triplets, plain.kans, plain.pair,
                            )  # fmt: skip
            assert found


@pytest.mark.parametrize("suit", [0, 3])
def test_suit_tables_hold_every_reading_of_every_shape(suit: int) -> None:
    """The tables filled at first use: every suit shape that makes sets and at most one pair is in, with exactly
    the readings ``decompose.suit_shapes`` finds, in its order, and each reading's aggregate is ``ReadingFacts.of`` on
    its sets (a triplet concealed); 20,000 random shapes of at most 14 tiles (a hand's most) read as
    ``suit_shapes`` reads them."""
    size, base = (9, 0) if suit == 0 else (7, 27)
    table = read(suit, 0) and TABLES[suit]
    complete = [k for k, r in table.items() if r.parts]
    assert len(complete) == (21743 if suit == 0 else 498)
    for key in complete:
        counts = bytes(key >> 4 * i & 0xF for i in range(size))
        parts = read(suit, key).parts
        assert [(p.groups, p.pair) for p in parts] == list(suit_shapes(counts, suit == 0))
        for p in parts:
            sets = [(g - 34 + base, True, False, False) if g >= 34 else (g, False, False, False) for g in p.groups]
            plain = ReadingFacts.of(sets, p.pair + base if p.pair >= 0 else -1, "", True)
            a = p.agg
            assert p.run_mask == plain.run_mask and a & TRIP_MASK == plain.trip_mask
            assert (a >> RUNS & 7, a >> PEI & 3, a >> CONC & 7, a >> KANS & 7) == (
                plain.runs, plain.peikou, plain.concealed_triplets, plain.kans,
            )  # fmt: skip
            if p.pair >= 0:
                assert ((a >> PAIR & 63) - 1, a >> PLAIN & 7) == (plain.pair, plain.plain)
    rng = random.Random(7)
    for _ in range(20000):
        counts = bytes(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(size))
        if sum(counts) > 14:
            continue
        key = sum(c << 4 * i for i, c in enumerate(counts))
        got = [(p.groups, p.pair) for p in read(suit, key).parts]
        assert got == list(suit_shapes(counts, suit == 0)), counts


def test_shared_check_lists_equal_the_full_pass() -> None:
    """Keys that differ only in how many identical runs, plain sets or wind triplets (not which winds) share a
    list of applicable checks: for every key the scorer can form, the shared list is the one the full pass over
    the yaku gives (same checks, same order)."""
    for honors in range(128):
        if honors.bit_count() > 4:
            continue
        for runs in range(5 - honors.bit_count()):
            for peikou in range(3 if runs >= 2 else 1):
                for plain in range(6):
                    for rest in range(4):  # honor pair, closed
                        key = honors | runs << RUNS - NEEDS | peikou << PEI - NEEDS | plain << PLAIN - NEEDS
                        key |= (rest & 1) << HPAIR - NEEDS | (rest >> 1) << 16
                        assert applicable_checks(key) == checks_for(key), hex(key)


def test_fu_items_add_up_to_the_fu() -> None:
    """The itemised fu of the winning reading add up (rounded up to 10) to the fu the loop summed, and
    ``standard_fu`` agrees."""
    for name in PRESETS:
        rules = preset(name)
        for hand, win, ctx in _cases(name, 600):
            try:
                result = score(hand, win, ctx, rules)
            except ScoringError:
                continue
            if result.yakuman and result.limit != "kazoe yakuman":
                continue
            items = result.fu_items
            assert items, (hand, win)
            raw = sum(fu for _, fu in items)
            assert (raw + 9) // 10 * 10 == result.fu or (raw == 25 and result.fu == 25)
            reading = result.reading
            assert isinstance(reading, Reading)
            if reading.form == "standard":
                ron = not ctx.tsumo
                sets_of = [
                    (g - 34, True, g == reading.placed and ron, False) if g >= 34 else (g, False, False, False)
                    for g in reading.groups
                ]
                sets_of += [(m.first, m.kind is not MeldKind.CHI, m.is_open, m.is_kan) for m in hand.melds]
                again = fu_items(sets_of, reading.pair, result.wait, hand.is_closed, ctx, rules, reading.pinfu)
                assert tuple(again) == items
                sets = sum(fu for label, fu in items if label.endswith(("triplet", "kan"), 0, label.rfind(" ")))
                pair = sum(fu for label, fu in items if label.startswith("pair"))
                assert standard_fu(sets, pair, result.wait, hand.is_closed, ctx.tsumo, reading.pinfu)[0] == result.fu


def test_payments_split_on_first_use_equal_pay() -> None:
    """The result keeps the payment's terms; made on first use it is ``pay`` on those terms (with the liable
    seat's share when there is one), and its points are the value the scorer chose the reading by."""
    seen = 0
    for name in PRESETS:
        rules = preset(name)
        for hand, win, ctx in _cases(name, 300, seed=1):
            try:
                result = score(hand, win, ctx, rules)
            except ScoringError:
                continue
            points, base, pao_base = result.terms.points, result.terms.base, result.terms.pao_base
            seen += 1
            assert result.points == points
            winner = ctx.seat_wind - EAST
            discarder = None
            if not ctx.tsumo:
                discarder = ctx.discarder - EAST if ctx.discarder is not None else (winner - 1) % rules.players
            liable = {"pao_seat": ctx.pao - EAST, "pao_base": pao_base} if ctx.pao is not None and pao_base else {}
            full = pay(base, winner=winner, tsumo=ctx.tsumo, discarder=discarder, players=rules.players,
                       honba=ctx.honba, sticks=ctx.sticks, rules=rules, **liable)  # fmt: skip
            assert result.payment == full and full.points == points
            assert sum(full.by_seat.values()) == 1000 * ctx.sticks
    assert seen > 500


def test_invalid_tiles_and_contexts_keep_their_messages() -> None:
    """Doubts go to ``validate``: the same errors as before for a fifth tile, a removed tile, a wrong red five,
    a negative code, and an impossible context."""
    rules = preset("tenhou")
    base = Hand.parse("123m456p789s1122z")
    bad = [
        (Hand.parse("1111m456p789s112z"), 0),
        (Hand(tuple([*base.tiles[:12], -1])), 27),
        (Hand.parse("123m406p789s1122z"), RED_MAN + 1),
        (Hand.parse("123m4555p789s112z"), 13),
    ]
    for hand, win in bad:
        with pytest.raises(ScoringError) as got:
            score(hand, win, WinContext(), rules)
        with pytest.raises(ScoringError) as want:
            validate(hand, win, WinContext(), rules)
        assert (got.value.code, str(got.value)) == (want.value.code, str(want.value))
    sanma = preset("sanma")
    with pytest.raises(ScoringError, match="3-player tile set"):
        score(Hand.parse("234m456p789s1122z"), 27, WinContext(), sanma)
    with pytest.raises(ScoringError, match="ippatsu needs riichi"):
        score(base, 28, WinContext(ippatsu=True), rules)
    with pytest.raises(ScoringError, match="no North seat"):
        score(Hand.parse("111999m456p789s1z"), 27, WinContext(seat_wind=NORTH), sanma)
    pon = Meld(MeldKind.PON, (-1, -1, -1))
    with pytest.raises(ScoringError, match="tile code -1 is not a tile"):
        score(Hand(base.tiles[:10], (pon,)), 28, WinContext(), rules)
