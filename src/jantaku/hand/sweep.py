"""The ukeire sweep: every discard of a 3n+2 hand, and for each the draws that lower its shanten.

Why it is fast: a discard changes one suit and a draw one suit. For each (discard, suit) the merge of the other
suits' vectors says which entries of the suit's distance vector are *tight* (lie on an optimal split); a draw
lowers the distance exactly when it lowers a tight entry, and which ranks do that is memoised per suit shape.
Draw sets travel as 34-bit masks (bit k = kind k), so a discard costs a handful of memoised look-ups and ORs
instead of a shanten call per (discard, draw).
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.hand.shanten import _HONOR, _INF, _MERGED, _SUIT, _VECTORS, _entry, _merge

_BOUNDS = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))
_YAO_MASK = sum(1 << k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_ALL = (1 << 34) - 1
_OTHERS = tuple(tuple(i for i in range(4) if i != s) for s in range(4))

Entry = tuple[int, int]
Neighbour = tuple[bytes, Entry] | None

_ADD: dict[tuple[bytes, bool], tuple[Neighbour, ...]] = {}
_REM: dict[tuple[bytes, bool], tuple[Neighbour, ...]] = {}
_TIGHT: dict[tuple[int, int, int], tuple[int, int]] = {}
_GAINS: dict[tuple[bytes, bool], tuple[int, ...]] = {}
_RANKS_FOR: dict[tuple[bytes, bool, int], int] = {}
# (suit key, suit, its vector, the other suits' merged vector, sets wanted) -> mask of kinds whose draw helps
_DRAWS: dict[tuple[bytes, int, int, int, int], int] = {}


def _neighbours(key: bytes, honors: bool, delta: int) -> tuple[Neighbour, ...]:
    """For each rank: the suit key and entry with one tile more (delta=1) or less (-1); None where impossible."""
    memo = _REM if delta < 0 else _ADD
    got = memo.get((key, honors))
    if got is not None:
        return got
    table = _HONOR if honors else _SUIT
    out: list[Neighbour] = []
    for r in range(len(key)):
        c = key[r] + delta
        if c < 0 or c > 4:
            out.append(None)
            continue
        k2 = key[:r] + bytes((c,)) + key[r + 1 :]
        out.append((k2, table.get(k2) or _entry(k2, honors)))
    res = tuple(out)
    memo[(key, honors)] = res
    return res


def _tight(a: int, rest: int, m: int) -> tuple[int, int]:
    """(distance, mask) for suit vector ``a`` merged with ``rest`` toward ``m`` sets and a pair; the mask marks
    the entries of ``a`` on an optimal split, so only lowering one of them can lower the distance."""
    key = (a, rest, m)
    got = _TIGHT.get(key)
    if got is not None:
        return got
    x, r = _VECTORS[a], _VECTORS[rest]
    best, mask = _INF, 0
    for j in range(10):
        i = j % 5
        if i > m:
            continue
        v = x[j] + (r[m - i] if j >= 5 else r[5 + m - i])
        if v < best:
            best, mask = v, 1 << j
        elif v == best:
            mask |= 1 << j
    got = _TIGHT[key] = (best, mask)
    return got


def _gains(key: bytes, honors: bool) -> tuple[int, ...]:
    """Per rank, the mask of vector entries that drawing that rank lowers (0 where no copy can be drawn)."""
    memo_key = (key, honors)
    got = _GAINS.get(memo_key)
    if got is not None:
        return got
    base = _VECTORS[((_HONOR if honors else _SUIT).get(key) or _entry(key, honors))[0]]
    out = []
    for item in _neighbours(key, honors, 1):
        mask = 0
        if item is not None:
            after = _VECTORS[item[1][0]]
            for j in range(10):
                if after[j] < base[j]:
                    mask |= 1 << j
        out.append(mask)
    got = _GAINS[memo_key] = tuple(out)
    return got


def _ranks_for(key: bytes, honors: bool, mask: int) -> int:
    """Bit mask of the ranks whose draw lowers one of the tight entries ``mask``."""
    memo_key = (key, honors, mask)
    got = _RANKS_FOR.get(memo_key)
    if got is None:
        got = 0
        for r, g in enumerate(_gains(key, honors)):
            if g & mask:
                got |= 1 << r
        _RANKS_FOR[memo_key] = got
    return got


class _ClosedForms:
    """Seven pairs / thirteen orphans bookkeeping for a 14-tile closed hand, adjusted per discard.

    A draw lowers seven-pairs shanten by one when it pairs a single, or adds a new kind while fewer than seven
    kinds are held; it lowers thirteen-orphans shanten when it adds a missing terminal/honor, or pairs one while
    none is paired yet.
    """

    def __init__(self, c: Sequence[int]) -> None:
        self.c = c
        self.ones = sum(1 << k for k in range(34) if c[k] == 1)
        self.zeros = sum(1 << k for k in range(34) if c[k] == 0)
        self.kinds = sum(1 for x in c if x)
        self.pairs = sum(1 for x in c if x >= 2)
        self.yao_held = bin(_YAO_MASK & ~self.zeros).count("1")
        self.yao_pairs = sum(1 for k in range(34) if (_YAO_MASK >> k) & 1 and c[k] >= 2)

    def after(self, d: int) -> tuple[int, int]:
        """(seven-pairs shanten, thirteen-orphans shanten) of the hand after discarding ``d``."""
        h = self.c[d]
        kinds = self.kinds - (h == 1)
        pairs = self.pairs - (h == 2)
        yao = (_YAO_MASK >> d) & 1
        held = self.yao_held - (yao and h == 1)
        yao_pairs = self.yao_pairs - (yao and h == 2)
        chiitoi = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        kokushi = 13 - held - (1 if yao_pairs else 0)
        return chiitoi, kokushi

    def draws(self, d: int, chiitoi: int, kokushi: int, target: int) -> int:
        """Mask of draws that bring either closed form below ``target`` after discarding ``d``."""
        h, bit = self.c[d], 1 << d
        ones, zeros = self.ones, self.zeros
        if h == 1:
            ones, zeros = ones & ~bit, zeros | bit
        elif h == 2:
            ones |= bit
        kinds = self.kinds - (h == 1)
        yao = (_YAO_MASK >> d) & 1
        yao_pairs = self.yao_pairs - (yao and h == 2)
        out = 0
        if chiitoi - 1 < target:
            out |= ones | (zeros if kinds < 7 else 0)
        if kokushi - 1 < target:
            out |= _YAO_MASK & (zeros | (0 if yao_pairs else ones))
        return out


def discard_sweep(counts: Sequence[int], blocked: int = 0) -> list[tuple[int, int, int]]:
    """For a 3n+2 hand: each distinct discard → (kind, shanten after it, mask of kinds whose draw lowers it).

    ``blocked`` is a mask of kinds that cannot be drawn (all copies in the player's own hand and melds).
    """
    b = bytes(counts)
    keys = [b[lo:hi] for lo, hi, _ in _BOUNDS]
    entries = [(_HONOR if h else _SUIT).get(k) or _entry(k, h) for k, (_, _, h) in zip(keys, _BOUNDS, strict=True)]
    vids = [e[0] for e in entries]
    melds = (14 - (sum(e[1] for e in entries) & 63)) // 3
    m = 4 - melds
    closed = _ClosedForms(counts) if melds == 0 else None
    pair_of = {(i, j): _merge(vids[i], vids[j]) for i in range(4) for j in range(i + 1, 4)}
    # for a discard in suit a and a draw in suit b: the merge of the two suits neither touches
    untouched = {}
    for a in range(4):
        for b2 in range(4):
            if a != b2:
                i, j = (x for x in range(4) if x not in (a, b2))
                untouched[(a, b2)] = pair_of[(i, j)]
    merged, draws_memo, keep = _MERGED, _DRAWS, _ALL & ~blocked
    out: list[tuple[int, int, int]] = []
    for sd in range(4):
        lo, _, honors_d = _BOUNDS[sd]
        others = _OTHERS[sd]
        rest_d = _merge(pair_of[(others[0], others[1])], vids[others[2]])
        targets = [(untouched[(sd, st)], keys[st], st, vids[st], _BOUNDS[st][2], _BOUNDS[st][0]) for st in others]
        for rd, item in enumerate(_neighbours(keys[sd], honors_d, -1)):
            if item is None or not b[lo + rd]:
                continue
            key_d, entry_d = item
            vid_d = entry_d[0]
            dist, mask_d = _tight(vid_d, rest_d, m)
            s0 = dist - 1
            improving = _ranks_for(key_d, honors_d, mask_d) << lo
            for pair_vid, key_st, st, vid_st, honors_st, base_st in targets:
                rest = merged.get((pair_vid, vid_d))
                if rest is None:
                    rest = _merge(pair_vid, vid_d)
                memo_key = (key_st, st, vid_st, rest, m)
                got = draws_memo.get(memo_key)
                if got is None:
                    mask = _tight(vid_st, rest, m)[1]
                    got = draws_memo[memo_key] = _ranks_for(key_st, honors_st, mask) << base_st
                improving |= got
            if closed is not None:
                chiitoi, kokushi = closed.after(lo + rd)
                cf = chiitoi if chiitoi < kokushi else kokushi
                if cf <= s0:
                    if cf < s0:
                        s0, improving = cf, 0
                    improving |= closed.draws(lo + rd, chiitoi, kokushi, s0)
            out.append((lo + rd, s0, improving & keep))
    return out


def mask_kinds(mask: int) -> list[int]:
    """The kinds set in a 34-bit mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
