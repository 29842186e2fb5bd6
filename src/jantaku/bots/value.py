"""What a hand is worth, as a CPU judges it: the real scorer for a waiting hand, a han estimate before that,
and whether an open hand still has a yaku to win with.

Riichi hands need a yaku to win; Zung Jung hands always win but are worth their patterns ([S4]). The
"paths" below are the routes to a yaku (or pattern) a player keeps in mind when calling or discarding.
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.bots.reading import Situation
from jantaku.hand.model import Hand
from jantaku.melds import MeldKind
from jantaku.scoring.riichi import ScoringError, WinContext, score
from jantaku.scoring.zungjung import ZungJungContext, ZungJungError, score_zung_jung
from jantaku.tiles import DRAGONS, EAST, KINDS, MAN, PIN, SOU, is_honor, is_simple, kind_of, suit_of

# a 34-count list: the three suits' nine ranks each, then the honors (East first)
_SUITED = slice(0, EAST)
_SUIT_KINDS = {suit: slice(9 * suit, 9 * suit + 9) for suit in (MAN, PIN, SOU)}

# a non-dealer's points by han at ordinary fu (30-40), limits from 5 han
_BY_HAN = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)


def han_points(han: int, dealer: bool) -> int:
    p = _BY_HAN[min(max(han, 0), len(_BY_HAN) - 1)]
    return p * 3 // 2 if dealer else p


def value_honors(r: Situation) -> set[int]:
    """Honors whose triplet is worth something: riichi yakuhai, Zung Jung Value Honour (own wind, dragons)."""
    if not r.rules.riichi:
        return {*DRAGONS, r.seat_wind}
    return set(r.value_winds)


def yaku_paths(r: Situation, counts: Sequence[int], melds: Sequence[tuple[str, int]]) -> list[str]:
    """Routes to a yaku still open to a hand with these concealed counts and melds (open hands: riichi and
    menzen tsumo are gone). Empty means the hand cannot win as it stands."""
    out: list[str] = []
    honors = value_honors(r)
    called_sets = [low for kind, low in melds if kind != MeldKind.CHI]
    if any(k in honors for k in called_sets) or any(counts[k] >= 3 for k in honors):
        out.append("value_honor")
    elif any(counts[k] == 2 and r.unseen(k) > 0 for k in honors):
        out.append("value_pair")  # a value pair becomes a yaku if its third copy comes (by pon or draw)
    if r.rules.kuitan or not r.rules.riichi:
        meld_simple = all(is_simple(low) and (kind != MeldKind.CHI or is_simple(low + 2)) for kind, low in melds)
        if meld_simple and sum(counts[k] for k in range(KINDS) if not is_simple(k)) <= 1:
            out.append("tanyao")
    suits = {suit_of(low) for _, low in melds if not is_honor(low)}
    if len(suits) <= 1:
        suited = sum(counts[_SUITED])
        for suit in suits or {MAN, PIN, SOU}:
            off = suited - sum(counts[_SUIT_KINDS[suit]])  # suited tiles of the other two suits
            if off <= 2:
                out.append("flush")
                break
    if all(kind != MeldKind.CHI for kind, _ in melds):
        pairs = sum(1 for k in range(KINDS) if counts[k] >= 2)
        if pairs + len(melds) >= 4:
            out.append("toitoi")
    return out


def estimated_han(
    r: Situation, counts: Sequence[int], closed: bool, melds: Sequence[tuple[str, int]] | None = None
) -> int:
    """A rough han count of the finished hand: dora held, value honors, and the likely yaku. ``melds`` are the
    hand's melds when they are not yet the situation's own (a call being weighed); the dora counted are the
    situation's (the caller adds the called tile's and takes away the thrown one's)."""
    melds = r.meld_kinds if melds is None else melds
    han = r.dora_in_hand()
    honors = value_honors(r)
    called_sets = [low for kind, low in melds if kind != "chi"]
    han += sum(1 for k in honors if counts[k] >= 3 or k in called_sets)
    if closed:
        han += 1  # riichi (or menzen tsumo)
    paths = yaku_paths(r, counts, melds)
    if "tanyao" in paths:
        han += 1
    if "flush" in paths:
        han += 2 if closed else 1
    return max(han, 1)


def _hand(r: Situation, concealed_codes: Sequence[int]) -> Hand:
    return Hand(tuple(concealed_codes), r.own_melds)


def win_points(r: Situation, concealed_codes: Sequence[int], wait: int, *, riichi: bool, tsumo: bool = False) -> int:
    """Points of winning on ``wait`` with these 13 (3n+1) concealed tiles: 0 when the win has no yaku (Zung
    Jung: the pattern value). Ura dora are unknown: the caller weighs riichi's extra chances itself."""
    hand = _hand(r, concealed_codes)
    if not r.rules.riichi:
        zctx = ZungJungContext(self_draw=tsumo, seat_wind=r.seat_wind)
        try:
            return score_zung_jung(hand, wait, zctx, r.rules).value
        except ZungJungError:
            return 0
    ctx = WinContext(
        tsumo=tsumo,
        riichi=riichi,
        dora=r.indicators,
        kita=r.kita,
        round_wind=r.round_wind,
        seat_wind=r.seat_wind,
    )
    try:
        return score(hand, wait, ctx, r.rules).points
    except ScoringError:
        return 0


def wait_values(
    r: Situation, concealed_codes: Sequence[int], waits: Sequence[int], *, riichi: bool
) -> tuple[float, int, int]:
    """Over the waits of a 13-tile hand: (value averaged over unseen copies, unseen copies that win with a
    yaku, unseen copies in all). A wait in the player's own river wins only by self-draw (furiten)."""
    total = 0.0
    good = 0
    copies_all = 0
    counts = [0] * KINDS
    for c in concealed_codes:
        counts[kind_of(c)] += 1
    furiten = any(w in r.own_river for w in waits)
    for w in waits:
        left = max(0, 4 - counts[w] - r.locked[w] - r.visible[w])
        copies_all += left
        if not left:
            continue
        pts = win_points(r, concealed_codes, w, riichi=riichi, tsumo=furiten)
        if pts:
            good += left
            total += pts * left
    return (total / good if good else 0.0), good, copies_all
