"""``strong``'s look-ahead (docs/cpus.md#looking-ahead): a one-shanten hand judged by the tenpai its draws
reach, one row per case; the decisions it changes are also rows of test_decisions.py."""

from __future__ import annotations

import pytest

from jantaku.bots.reading import Situation, read_view
from jantaku.bots.strong import TYPICAL_WAIT, ZJ_WIN_WORTH, StrongBot, wait_chance
from jantaku.engine.actions import Discard
from jantaku.hand import DiscardOption
from jantaku.rules import preset
from jantaku.tiles import parse_tiles

from .views import Ids, build_view

RULES = preset("standard")


def situation(hand: str, drawn: str, rivers: dict[int, str] | None = None) -> Situation:
    return read_view(build_view(RULES, Ids(RULES), hand=hand, drawn=drawn, live=50, dora="7z", rivers=rivers), RULES)


def option(r: Situation, tile: str) -> DiscardOption:
    (kind,) = parse_tiles(tile)
    return next(o for o in StrongBot(RULES).ranked_discards(r, [Discard(t) for t in r.tiles]) if o.discard == kind)


def kind(tile: str) -> int:
    return parse_tiles(tile)[0]


@pytest.mark.parametrize(
    ("name", "better", "worse"),
    [
        # two two-sided shapes and a pair: every draw that helps leaves a two-sided wait (8 tiles)
        ("two_sided_shapes_over_two_pairs", "23m67m456p789p55s9s", "55m99m456p789p23s9s"),
        # a two-sided and a closed shape: half the tenpai wait on 4 tiles
        ("two_sided_shapes_over_a_closed_wait", "23m67m456p789p55s9s", "23m79m456p789p55s9s"),
    ],
)
def test_a_one_shanten_is_judged_by_the_waits_it_reaches(name: str, better: str, worse: str) -> None:
    """docs/cpus.md#looking-ahead: the same distance to tenpai, but the tenpai reached wait on more tiles."""
    bot = StrongBot(RULES)
    ahead = []
    for hand in (better, worse):
        r = situation(hand, "1z")
        o = option(r, "1z")
        assert o.shanten == 1
        reach = bot.ahead(r, o)
        assert reach is not None
        ahead.append(reach[0])
    assert ahead[0] > ahead[1], name


def test_every_reached_wait_two_sided_is_better_than_typical() -> None:
    """The quality is the reached tenpai's win chance against a typical one's (``TYPICAL_WAIT`` tiles): all
    two-sided waits on eight unseen tiles each rate above one, by exactly their chance's share."""
    r = situation("23m67m456p789p55s9s", "1z")
    reach = StrongBot(RULES).ahead(r, option(r, "1z"))
    assert reach is not None
    assert reach[0] == pytest.approx(wait_chance(8) / wait_chance(TYPICAL_WAIT))
    assert reach[0] > 1.0


def test_a_wait_in_the_own_river_halves_its_chance() -> None:
    """docs/rules.md#furiten: a reached wait already in the own river wins only by self-draw. The same tiles in
    another seat's river leave as many unseen copies: only the halving differs. Draws 1m/4m (8 unseen) reach the
    5m-8m wait (6 unseen) — furiten; draws 5m/8m (6) reach 1m-4m (8): 8 × w(6)/2 + 6 × w(8) against
    8 × w(6) + 6 × w(8), over 14 draws."""
    bot = StrongBot(RULES)
    clean = situation("23m67m456p789p55s9s", "1z", rivers={1: "5m8m"})
    furiten = situation("23m67m456p789p55s9s", "1z", rivers={0: "5m8m"})
    q_clean = bot.ahead(clean, option(clean, "1z"))
    q_furiten = bot.ahead(furiten, option(furiten, "1z"))
    assert q_clean is not None and q_furiten is not None
    typical = wait_chance(TYPICAL_WAIT)
    assert q_clean[0] == pytest.approx((8 * wait_chance(6) + 6 * wait_chance(8)) / 14 / typical)
    assert q_furiten[0] == pytest.approx((8 * wait_chance(6) / 2 + 6 * wait_chance(8)) / 14 / typical)


def test_the_value_is_the_reached_tenpai_scored() -> None:
    """The value of a one-shanten hand is what its tenpai score on their real waits (riichi on a closed hand),
    not a han estimate: every tenpai here is riichi and pinfu on a two-sided wait with no dora, a 2-han 30-fu
    ron for the dealer (seat 0 deals): 2,900."""
    r = situation("23m67m456p789p55s9s", "1z")
    reach = StrongBot(RULES).ahead(r, option(r, "1z"))
    assert reach is not None
    assert reach[1] == pytest.approx(2900)


def test_the_pair_stays_for_two_two_sided_shapes() -> None:
    """docs/cpus.md#looking-ahead: the widest acceptance breaks the pair for one more accepting tile (a headless
    one-shanten whose tenpai often wait on a single tile); looking ahead keeps the pair and both two-sided shapes
    and throws a loose tile."""
    r = situation("9m555789p22346s1z", "7s")
    options = [Discard(t) for t in r.tiles]
    widest = StrongBot(RULES).ranked_discards(r, options)[0]
    chosen = StrongBot(RULES).pick(r, options)
    assert chosen is not None
    assert widest.discard == kind("2s") and widest.total > chosen.total
    assert chosen.discard in (kind("9m"), kind("1z"))


def test_a_tenpai_is_valued_on_its_own_waits() -> None:
    """The look-ahead is for the one-shanten choice: a waiting hand is scored on its own waits (a draw that
    "lowers" it would be a win, not a tenpai to weigh)."""
    r = situation("234m67m456p789p55s", "1z")
    bot = StrongBot(RULES)
    waiting = [o for o in bot.ranked_discards(r, [Discard(t) for t in r.tiles]) if o.shanten == 0]
    assert waiting
    for o in waiting:
        value, furiten = bot.hand_value(r, o, riichi=True)
        assert bot.outlook(r, o) == (bot.chance(r, 0, o.total) * (0.5 if furiten else 1.0), value)


def test_zung_jung_tenpai_are_worth_their_patterns_and_a_win_and_never_furiten() -> None:
    """docs/cpus.md#zung-jung: strong looks ahead there too. Every reached tenpai here is All Runs and Concealed
    Hand (10 points) on two-sided waits; a win is worth ``ZJ_WIN_WORTH`` more, three payers' worth: 3 × (10 + 10)
    = 60. Zung Jung has no furiten: the own river changes nothing."""
    zj = preset("zung-jung")
    bot = StrongBot(zj)
    values = []
    for river in ({1: "5m8m"}, {0: "5m8m"}):
        r = read_view(build_view(zj, Ids(zj), hand="23m67m456p789p55s9s", drawn="1z", live=50, rivers=river), zj)
        o = next(o for o in bot.ranked_discards(r, [Discard(t) for t in r.tiles]) if o.discard == kind("1z"))
        reach = bot.ahead(r, o)
        assert reach is not None
        values.append(reach)
    assert values[0][1] == pytest.approx(3 * (ZJ_WIN_WORTH + 10))
    assert values[0] == values[1]
