"""Differential test: jantaku's riichi scorer against the PyPI package ``mahjong`` (2.x) on seeded random wins.

Rule sets compared: `tenhou` (no double yakuman), `standard` (all four double forms), `tenhou-sanma` (3-player,
manzu dora wrap, North extractions, tsumo loss) and a variant of `tenhou` with kiriage on, counted yakuman off and
no open tanyao — every option the package can express. Han, fu, yaku with their han, the hand's value and every
seat's payment (honba and deposits in) must agree, and so must the error on hands that are not winning or have no
yaku.

Where docs/rules.md deliberately differs from the package, the difference is an ``IntendedDifference`` below: it says
when it applies and how the package's *input* is changed to express our rule; the sweep counts how often each one
fired, and each has its own test showing both values. No case is ever skipped. Presentation mappings (kita shown
as its own line, yakuman as multipliers) are in ``tests/scoring/riichi/oracle_mahjong.py``.

Options of docs/rules.md the package cannot express at all (a 2-fu double-wind pair, one yakuman at most, a cap at four
yakuman, a partial set of double yakuman, pao, 3-player tsumo without the loss) are not swept; the
``test_unexpressible_*`` tests pin each difference with both values, and tests/rules/ covers those presets.

Contexts we reject as impossible (ippatsu on the winner's own kan, rinshan without a kan, ura without riichi,
a blessing after a call or with riichi, four plain fives when the rules make one red, North extraction in 4-player
play...) are never generated: the package accepts them; ``test_contexts_we_reject_the_package_accepts`` shows it.

Reproduce a failure: every case is built from ``random.Random(f"{rules}:{index}")``; the failure message prints the
hand, the context and both outcomes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from mahjong.hand_calculating.hand_config import HandConfig

from jantaku.hand.model import Hand
from jantaku.rules import RuleSet, preset
from jantaku.scoring.riichi import WinContext
from jantaku.scoring.riichi.yaku import YAKU
from jantaku.tiles import EAST, SOUTH, parse_tile, parse_tiles
from tests.scoring.riichi.oracle_mahjong import Case, Outcome, mahjong_config, ours, theirs
from tests.scoring.riichi.random_hands import random_case

SAMPLE_PER_RULESET = 750  # `make test`: 4 × 750 = 3,000 hands (about 1 s)
SWEEP_PER_RULESET = 15_000  # `make test-slow` / CI: 4 × 15,000 = 60,000 hands


def rulesets() -> dict[str, RuleSet]:
    return {
        "tenhou": preset("tenhou"),
        "standard": preset("standard"),
        "tenhou-sanma": preset("tenhou-sanma"),
        "tenhou-kiriage-nokazoe-nokuitan": preset("tenhou").with_options(
            name="tenhou-kiriage-nokazoe-nokuitan", kiriage=True, kazoe_yakuman=False, kuitan=False
        ),
    }


# --- intended differences -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IntendedDifference:
    """A rule of ours the package does not share. ``applies`` says when; ``config`` is the package input that
    expresses our rule instead (so the package still scores the rest of the hand independently)."""

    name: str
    why: str
    applies: Callable[[Case], bool]
    config: Callable[[Case], HandConfig]


INTENDED: tuple[IntendedDifference, ...] = (
    IntendedDifference(
        name="renhou_is_not_a_yaku",
        why="docs/rules.md#yakuman: Blessing of Man exists only in `classic`, as a yakuman. The package scores renhou "
        "as a 5-han yaku (mangan) when `renhou_as_yakuman` is off; under our other presets it is no yaku at all.",
        applies=lambda c: c.ctx.renhou and not c.rules.renhou_yakuman,
        config=lambda c: mahjong_config(c, is_renhou=False),
    ),
    IntendedDifference(
        name="rinshan_and_haitei_only_rinshan",
        why="docs/rules.md#yaku (rinshan + haitei on the same tile: only rinshan counts; [S1]: 嶺上開花の1翻と"
        "海底ツモの1翻とは重複しない). The package refuses the pair as an error (haitei_with_rinshan_not_allowed).",
        applies=lambda c: c.ctx.rinshan and c.ctx.haitei and not c.rules.rinshan_haitei_stack,
        config=lambda c: mahjong_config(c, is_haitei=False),
    ),
)


def compare(case: Case, fired: Counter[str] | None = None) -> tuple[Outcome, Outcome]:
    """Both outcomes for one case, the package's input adjusted by every intended difference that applies."""
    config = None
    for diff in INTENDED:
        if diff.applies(case):
            if config is not None:
                raise AssertionError(f"two intended differences at once on {case.describe()}")
            config = diff.config(case)
            if fired is not None:
                fired[diff.name] += 1
    return ours(case), theirs(case, config)


def _case(rules_name: str, rules: RuleSet, index: int) -> Case:
    rng = random.Random(f"{rules_name}:{index}")
    hand, win, ctx = random_case(rng, rules)
    return Case(hand, win, ctx, rules)


def sweep(rules_name: str, count: int, start: int = 0) -> tuple[list[str], Counter[str], Counter[str]]:
    """Compare ``count`` seeded cases; returns the mismatch reports, the exceptions fired and what was covered."""
    rules = rulesets()[rules_name]
    failures: list[str] = []
    fired: Counter[str] = Counter()
    covered: Counter[str] = Counter()
    for i in range(start, start + count):
        case = _case(rules_name, rules, i)
        mine, package = compare(case, fired)
        if mine != package:
            failures.append(
                f"case {rules_name}:{i}: {case.describe()}\n  ours:    {mine.describe()}\n"
                f"  mahjong: {package.describe()}"
            )
            continue
        covered[mine.error or "scored"] += 1
        if case.ctx.kita and not mine.error:
            covered["kita"] += 1  # the outcome folds kita into dora, as the package does
        for key, _ in mine.yaku:
            covered[key] += 1
    return failures, fired, covered


def _report(failures: list[str], limit: int = 10) -> str:
    shown = "\n".join(failures[:limit])
    more = f"\n... and {len(failures) - limit} more" if len(failures) > limit else ""
    return f"{len(failures)} mismatches against the mahjong package:\n{shown}{more}"


@pytest.mark.parametrize("rules_name", list(rulesets()))
def test_sample_agrees_with_mahjong(rules_name: str) -> None:
    failures, _, covered = sweep(rules_name, SAMPLE_PER_RULESET)
    assert not failures, _report(failures)
    assert covered["scored"] > SAMPLE_PER_RULESET // 2


@pytest.mark.slow
def test_full_sweep_agrees_with_mahjong() -> None:
    """≥ 50,000 hands over the four rule sets; every yaku and yakuman of ours must have been compared at least once
    and every intended difference must have fired (else the generator has stopped reaching it)."""
    failures: list[str] = []
    fired: Counter[str] = Counter()
    covered: Counter[str] = Counter()
    for name in rulesets():
        f, x, c = sweep(name, SWEEP_PER_RULESET, start=1_000_000)
        failures += f
        fired += x
        covered += c
    assert not failures, _report(failures)
    never = sorted(set(YAKU) - {"renhou"} - set(covered))
    assert not never, f"never compared: {never}"
    for key in ("dora", "aka", "ura", "kita", "not_winning", "no_yaku"):
        assert covered[key], f"never compared: {key}"
    assert set(fired) == {d.name for d in INTENDED}, fired


# --- each intended difference, shown with both values -------------------------------------------------------------


def _one(hand: str, win: str, rules: str = "tenhou", **ctx: object) -> Case:
    args: dict[str, object] = {"seat_wind": SOUTH, **ctx}
    for key in ("dora", "ura"):
        if isinstance(args.get(key), str):
            args[key] = tuple(parse_tiles(str(args[key])))
    return Case(Hand.parse(hand), parse_tile(win), WinContext(**args), preset(rules))  # type: ignore[arg-type]


def test_renhou_is_not_a_yaku() -> None:
    case = _one("123m45556p13789s", "2s", renhou=True, riichi=False)
    assert ours(case).error == "no_yaku"
    plain = theirs(case)
    assert ("renhou_mangan", 5) in plain.yaku and plain.points == 8000
    mine, adjusted = compare(case)
    assert mine == adjusted
    classic = _one("123m45556p13789s", "2s", rules="classic", renhou=True)
    assert ours(classic).yakuman == 1 and ours(classic).points == 32000


def test_rinshan_and_haitei_only_rinshan() -> None:
    case = _one("123m45556p13s [3333z]", "2s", tsumo=True, rinshan=True, haitei=True)
    assert ours(case).yaku == (("rinshan", 1),)
    assert theirs(case).error == "haitei_with_rinshan_not_allowed"
    mine, adjusted = compare(case)
    assert mine == adjusted


@pytest.mark.parametrize(
    ("label", "hand", "win", "ctx"),
    [
        ("ippatsu on the winner's own kan", "123m45556p13s (3333z)", "2s",
         {"tsumo": True, "riichi": True, "ippatsu": True, "rinshan": True}),
        ("rinshan without a kan", "123m45556p13789s", "2s", {"tsumo": True, "riichi": True, "rinshan": True}),
        ("a blessing with riichi", "123m45556p13789s", "2s", {"tsumo": True, "riichi": True, "chiihou": True}),
        ("ura dora without riichi", "123m45556p13789s", "2s", {"tsumo": True, "ura": "4p"}),
        ("North extraction in 4-player play", "123m45556p13789s", "2s", {"riichi": True, "kita": 1}),
        ("the discarder on a tsumo", "123m45556p13789s", "2s", {"tsumo": True, "discarder": EAST}),
    ],
)  # fmt: skip
def test_contexts_we_reject_the_package_accepts(label: str, hand: str, win: str, ctx: dict[str, object]) -> None:
    case = _one(hand, win, **ctx)
    assert ours(case).error == "invalid_context", label
    assert theirs(case).error is None, label


def test_four_plain_fives_with_a_red_rule() -> None:
    """Under rules with one red 5p only three plain 5p exist; we refuse a hand with four, the package scores it
    (it cannot know the red copy is missing)."""
    case = _one("123m455556p7899s", "9s", riichi=True)
    assert ours(case).error == "invalid_hand"
    no_reds = Case(case.hand, case.win, case.ctx, case.rules.with_options(red_fives=(0, 0, 0)))
    assert ours(no_reds) == theirs(no_reds)


# --- options the package cannot express: shown with both values, never swept --------------------------------------
# The sweep runs only rule sets the package can mirror. These docs/rules.md options have no counterpart in it, so the
# presets that use them (`classic`, `doman`, `bga`, 3-player without tsumo loss, and pao in every preset) are covered
# by the rule tables in tests/rules/; each test below pins the difference itself.


def _config(case: Case, *, double: bool) -> HandConfig:
    """The package's config for ``case`` with its all-or-nothing double-yakuman switch set explicitly."""
    plain = Case(case.hand, case.win, case.ctx, case.rules.with_options(double_yakuman=frozenset()))
    cfg = mahjong_config(plain)
    cfg.options.has_double_yakuman = double
    return cfg


def test_unexpressible_double_wind_pair_2_fu() -> None:
    """classic ([S1]: 連風牌のトイツは2符) counts a double-wind pair 2 fu; the package always counts 4."""
    case = _one("123m999p23789s11z", "4s", rules="classic", seat_wind=EAST, riichi=True)
    assert (ours(case).fu, ours(case).points) == (40, 2000)
    assert (theirs(case).fu, theirs(case).points) == (50, 2400)


def test_unexpressible_one_yakuman_at_most() -> None:
    """classic ([S1]: 役満の複合を認めない) scores one yakuman at most; the package adds them up."""
    case = _one("2z555666777z [111z]", "2z", rules="classic")
    assert (ours(case).yakuman, ours(case).points) == (1, 32000)
    assert (theirs(case).yakuman, theirs(case).points) == (2, 64000)


def test_unexpressible_yakuman_cap_at_four() -> None:
    """doman ([S2]: up to a maximum of four) caps the multiplier at 4; the package caps at 6."""
    case = _one("111222333444z7z", "7z", rules="doman")
    doubled = Case(case.hand, case.win, case.ctx, case.rules.with_options(
        double_yakuman="suuankou_tanki,junsei_chuuren,kokushi_13,daisuushii"))  # fmt: skip
    assert (ours(doubled).yakuman, ours(doubled).points) == (4, 128000)
    assert (theirs(doubled).yakuman, theirs(doubled).points) == (5, 160000)


def test_unexpressible_partial_double_yakuman_set() -> None:
    """bga counts the single-/9-/13-wait forms double but Big Four Winds single (our choice); the package counts
    all four double or none."""
    winds = _one("1m222333444z [111z]", "1m", rules="bga")
    assert ours(winds).points == 32000
    assert theirs(winds, _config(winds, double=True)).points == 64000
    kokushi = _one("19m19p19s1234567z", "1m", rules="bga")
    assert ours(kokushi).points == theirs(kokushi, _config(kokushi, double=True)).points == 64000


def test_unexpressible_pao() -> None:
    """Liability (docs/rules.md#pao): on tsumo the liable player pays the whole yakuman; the package has no pao and
    splits a tsumo among all payers."""
    case = _one("11m23p [555z] [666z] [777z]", "1p", tsumo=True, pao=EAST + 2)
    assert ours(case).by_seat == (0, 32000, -32000, 0)
    assert theirs(case).by_seat == (-16000, 32000, -8000, -8000)


def test_unexpressible_sanma_without_tsumo_loss() -> None:
    """With `sanma_tsumo_loss` off the absent North's share is split between the payers; the package's 3-player
    scoring always loses it (as Tenhou, and our default, do)."""
    case = _one("111m45556p13789s", "2s", rules="sanma", tsumo=True, riichi=True, dora="9m")
    assert ours(case).points == theirs(case).points == 6000
    split = Case(case.hand, case.win, case.ctx, case.rules.with_options(sanma_tsumo_loss=False))
    assert ours(split).by_seat == (-5000, 8000, -3000)
    assert theirs(split).by_seat == (-4000, 6000, -2000)
