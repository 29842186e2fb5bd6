"""Seeded random winning hands with consistent win contexts, for differential scoring tests.

A hand is built from a *palette* (all tiles, one suit with or without honors, terminals and honors, the green
tiles, simples, honors...) so that rare yaku and yakuman turn up often enough to be tested, then some sets are
turned into calls (chi, pon, open/added/concealed kan), a winning tile is taken out of the concealed part, and a
context is drawn that the table could really produce (riichi only closed, ippatsu only after riichi and never
after the winner's own kan, rinshan only with a kan, chankan only on a tile the winner does not otherwise hold...).
A small share of hands get a wrong winning tile, so that "not winning" answers are compared too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from jantaku.hand.model import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.rules import preset
from jantaku.rules.ruleset import RuleSet
from jantaku.scoring.riichi import WinContext
from jantaku.tiles import (
    EAST,
    FIVES,
    GREENS,
    KINDS,
    NORTH,
    RED_MAN,
    SANMA_REMOVED,
    TERMINALS,
    TERMINALS_AND_HONORS,
    is_honor,
    is_simple,
    kind_of,
    sort_key,
)

_SUITS = (range(0, 9), range(9, 18), range(18, 27))
_HONORS = tuple(range(EAST, KINDS))


def _palettes(sanma: bool) -> list[tuple[float, tuple[int, ...]]]:
    suits = [tuple(s) for s in _SUITS]
    if sanma:
        suits[0] = (0, 8)
    every = tuple(k for s in suits for k in s) + _HONORS
    out: list[tuple[float, tuple[int, ...]]] = [(0.40, every)]
    for s in suits[1:] if sanma else suits:
        out.append((0.05, s))
        out.append((0.05, s + _HONORS))
    out += [
        (0.05, TERMINALS_AND_HONORS),
        (0.03, TERMINALS),
        (0.03, _HONORS),
        (0.04, tuple(sorted(GREENS))),
        (0.06, tuple(k for k in every if is_simple(k))),
        (0.06, tuple(k for k in every if k in TERMINALS_AND_HONORS or k % 9 in (1, 2, 6, 7))),
    ]
    return out


def _pick(rng: random.Random, weighted: Sequence[tuple[float, tuple[int, ...]]]) -> tuple[int, ...]:
    total = sum(w for w, _ in weighted)
    x = rng.random() * total
    for w, item in weighted:
        x -= w
        if x <= 0:
            return item
    return weighted[-1][1]


def _seed_sets(rng: random.Random, sanma: bool) -> list[tuple[str, int]]:
    """Sets placed first so that the yaku built from several sets (sanshoku, ittsu, peikou, dragons, winds,
    outside hands) come up often; the rest of the hand is random."""
    suits = (1, 2) if sanma else (0, 1, 2)
    s = rng.choice(suits) * 9
    r = rng.random()
    if r < 0.45:
        return []
    if r < 0.52 and not sanma:
        k = rng.randrange(7)
        return [("run", k), ("run", k + 9), ("run", k + 18)]
    if r < 0.59:
        return [("run", s), ("run", s + 3), ("run", s + 6)]
    if r < 0.66:
        k = s + rng.randrange(7)
        k2 = s + rng.randrange(7)
        return [("run", k), ("run", k)] + ([("run", k2), ("run", k2)] if rng.random() < 0.4 else [])
    if r < 0.70 and not sanma:
        k = rng.randrange(9)
        return [("trip", k), ("trip", k + 9), ("trip", k + 18)]
    if r < 0.77:
        dragons = rng.sample((31, 32, 33), 3)
        if rng.random() < 0.4:
            return [("trip", d) for d in dragons]
        return [("trip", dragons[0]), ("trip", dragons[1]), ("pair", dragons[2])]
    if r < 0.82:
        winds = rng.sample((27, 28, 29, 30), 4)
        if rng.random() < 0.4:
            return [("trip", w) for w in winds]
        return [("trip", w) for w in winds[:3]] + [("pair", winds[3])]
    if r < 0.92:  # outside hands: runs 123/789, terminal or honor triplets and pair
        out: list[tuple[str, int]] = []
        for _ in range(rng.choice((1, 2, 3, 4))):
            out.append(("run", rng.choice(suits) * 9 + rng.choice((0, 6))))
        return out
    return [("run", s + rng.randrange(7)) for _ in range(4)]  # runs only: pinfu-like


def _standard_sets(
    rng: random.Random, palette: tuple[int, ...], left: list[int], sanma: bool
) -> list[tuple[str, int]] | None:
    """Four sets and a pair within the copies ``left``: ('run'|'trip', kind) and ('pair', k); seeded sets first
    (see ``_seed_sets``), the rest drawn from ``palette``."""
    sets: list[tuple[str, int]] = []
    pair = -1
    for kind, k in _seed_sets(rng, sanma):
        tiles = _tiles_of(kind, k)
        if any(left[t] < tiles.count(t) for t in set(tiles)):
            return None
        for t in tiles:
            left[t] -= 1
        if kind == "pair":
            pair = k
        else:
            sets.append((kind, k))
    allowed = set(palette)
    trip_bias = rng.choice((0.05, 0.15, 0.3, 0.6, 1.0))
    while len(sets) < 4:
        for _attempt in range(30):
            k = rng.choice(palette)
            if rng.random() < trip_bias:
                if left[k] >= 3:
                    left[k] -= 3
                    sets.append(("trip", k))
                    break
            elif not is_honor(k) and k % 9 <= 6 and all(k + i in allowed and left[k + i] for i in range(3)):
                for i in range(3):
                    left[k + i] -= 1
                sets.append(("run", k))
                break
        else:
            return None
    if pair < 0:
        pairs = [k for k in palette if left[k] >= 2]
        if not pairs:
            return None
        pair = rng.choice(pairs)
        left[pair] -= 2
    return [*sets[:4], ("pair", pair)] if len(sets) == 4 else None


def _tiles_of(kind: str, k: int) -> list[int]:
    return [k, k + 1, k + 2] if kind == "run" else [k] * (3 if kind == "trip" else 2)


def _redden(rng: random.Random, kinds: list[int], reds_left: list[int], plain_left: list[int]) -> list[int]:
    """Tile codes for kinds, turning fives red while the rules' red copies last (and always once the plain
    copies of that five are used up)."""
    out = []
    for k in kinds:
        if k in FIVES:
            s = FIVES.index(k)
            if reds_left[s] and (not plain_left[s] or rng.random() < 0.35):
                reds_left[s] -= 1
                out.append(RED_MAN + s)
                continue
            plain_left[s] -= 1
        out.append(k)
    return out


def random_case(rng: random.Random, rules: RuleSet) -> tuple[Hand, int, WinContext]:
    """One random win under ``rules`` (4 or 3 players): the hand without the winning tile, the tile, the context."""
    while True:
        got = _try_case(rng, rules)
        if got is not None:
            return got


def _try_case(rng: random.Random, rules: RuleSet) -> tuple[Hand, int, WinContext] | None:
    sanma = rules.sanma
    left = [0 if sanma and k in SANMA_REMOVED else 4 for k in range(KINDS)]
    reds_left = list(rules.red_fives)
    plain_left = [4 - r for r in rules.red_fives]
    form = rng.random()
    melds: list[Meld] = []
    concealed: list[int]
    if form < 0.05:  # seven pairs
        palette = _pick(rng, _palettes(sanma))
        kinds = [k for k in palette if left[k] >= 2]
        if len(kinds) < 7:
            return None
        concealed = [k for k in rng.sample(kinds, 7) for _ in range(2)]
    elif form < 0.07:  # thirteen orphans
        concealed = [*TERMINALS_AND_HONORS, rng.choice(TERMINALS_AND_HONORS)]
        if sanma:
            concealed = [k for k in concealed if k not in SANMA_REMOVED]
    elif form < 0.085:  # nine gates
        base = rng.choice([s.start for s in (_SUITS[1:] if sanma else _SUITS)])
        concealed = [base + i for i in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [base + rng.randrange(9)]
    else:
        sets = _standard_sets(rng, _pick(rng, _palettes(sanma)), left, sanma)
        if sets is None:
            return None
        open_bias = rng.choice((0.0, 0.0, 0.3, 0.6))
        concealed = []
        for kind, k in sets:
            tiles = _tiles_of(kind, k)
            r = rng.random()
            if kind == "run" and not sanma and r < open_bias:
                codes = _redden(rng, tiles, reds_left, plain_left)
                melds.append(Meld(MeldKind.CHI, tuple(codes), called=codes[0], source=3))
            elif kind == "trip" and r < open_bias + 0.12:
                kan = left[k] >= 1 and rng.random() < 0.45
                if kan:
                    left[k] -= 1
                    mk = rng.choice((MeldKind.OPEN_KAN, MeldKind.ADDED_KAN, MeldKind.CLOSED_KAN))
                    if r >= open_bias:
                        mk = MeldKind.CLOSED_KAN
                    codes = _redden(rng, [*tiles, k], reds_left, plain_left)
                    melds.append(Meld(mk, tuple(codes)))
                elif r < open_bias:
                    codes = _redden(rng, tiles, reds_left, plain_left)
                    melds.append(Meld(MeldKind.PON, tuple(codes), called=codes[0], source=rng.randrange(1, 4)))
                else:
                    concealed.extend(tiles)
            else:
                concealed.extend(tiles)
    codes = _redden(rng, concealed, reds_left, plain_left)
    win = codes.pop(rng.randrange(len(codes)))
    if rng.random() < 0.03:  # a wrong winning tile: usually not a winning hand
        counts = [0] * KINDS
        for c in [*codes, *(t for m in melds for t in m.tiles)]:
            counts[kind_of(c)] += 1
        if win >= RED_MAN:
            reds_left[win - RED_MAN] += 1
        elif win in FIVES:
            plain_left[FIVES.index(win)] += 1
        options = [k for k in range(KINDS) if counts[k] < 4 and not (sanma and k in SANMA_REMOVED)]
        win = _redden(rng, [rng.choice(options)], reds_left, plain_left)[0]
    hand = Hand(tuple(sorted(codes, key=sort_key)), tuple(melds))
    return hand, win, _random_context(rng, rules, hand, win)


def _random_context(rng: random.Random, rules: RuleSet, hand: Hand, win: int) -> WinContext:
    players = rules.players
    seat = EAST + rng.randrange(players)
    round_wind = EAST + rng.choice((0, 0, 0, 1, 1, 2) if players == 4 else (0, 0, 1, 1, 2))
    tsumo = rng.random() < 0.5
    closed = hand.is_closed
    no_melds = not hand.melds
    has_kan = any(m.is_kan for m in hand.melds)
    win_kind = kind_of(win)
    held = sum(1 for c in hand.all_kinds() if c == win_kind)
    norths = sum(1 for c in hand.all_kinds() if c == NORTH) + (win_kind == NORTH)
    kita = rng.choice((0, 0, 0, 1, 2, 3, 4)) if rules.north_extraction else 0
    kita = min(kita, 4 - norths)

    riichi = double_riichi = ippatsu = False
    if closed and rng.random() < 0.45:
        if rng.random() < 0.1:
            double_riichi = True
        else:
            riichi = True
    rinshan = tsumo and (has_kan or kita > 0) and rng.random() < 0.3
    if (riichi or double_riichi) and not rinshan and rng.random() < 0.25:
        ippatsu = True
    haitei = tsumo and rng.random() < (0.1 if rinshan else 0.06)
    chankan = not tsumo and held == 0 and rng.random() < 0.06
    houtei = not tsumo and not chankan and rng.random() < 0.06
    dealer = seat == EAST
    blessing = no_melds and not (riichi or double_riichi) and kita == 0 and not haitei and not houtei
    tenhou = blessing and tsumo and dealer and not rinshan and rng.random() < 0.05
    chiihou = blessing and tsumo and not dealer and not rinshan and rng.random() < 0.05
    renhou = blessing and not tsumo and not dealer and not chankan and rng.random() < 0.03

    indicators = [k for k in range(KINDS) if not (rules.sanma and k in SANMA_REMOVED)]
    kans = sum(1 for m in hand.melds if m.is_kan)
    n_dora = 1 + rng.randrange(kans + 1) if rng.random() < 0.9 else 0
    dora = tuple(rng.choice(indicators) for _ in range(n_dora))
    ura = tuple(rng.choice(indicators) for _ in range(n_dora)) if riichi or double_riichi else ()
    discarder = None
    if not tsumo:
        discarder = EAST + rng.choice([s for s in range(players) if s != seat - EAST])
    return WinContext(
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=double_riichi,
        ippatsu=ippatsu,
        rinshan=rinshan,
        chankan=chankan,
        haitei=haitei,
        houtei=houtei,
        tenhou=tenhou,
        chiihou=chiihou,
        renhou=renhou,
        dora=dora,
        ura=ura,
        kita=kita,
        round_wind=round_wind,
        seat_wind=seat,
        honba=rng.choice((0, 0, 0, 1, 2, 5)),
        sticks=rng.choice((0, 0, 1, 2)),
        discarder=discarder,
    )


PRESETS = ["tenhou", "standard", "sanma", "classic", "doman", "bga", "tenhou-sanma"]


def seeded_cases(name: str, n: int, seed: int = 0) -> list[tuple[Hand, int, WinContext]]:
    """``n`` random wins under preset ``name``, the same ones on every run for a given ``seed``."""
    rng = random.Random(f"fast:{name}:{seed}")
    rules = preset(name)
    return [random_case(rng, rules) for _ in range(n)]
