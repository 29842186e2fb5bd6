"""The ukeire sweep: every discard of a 3n+2 hand, and for each the draws that lower its shanten.

Why it is fast: a discard changes one suit and a draw one suit. For each (discard, suit) the merge of the other
suits' vectors says which entries of the suit's distance vector are *tight* (lie on an optimal split); a draw
lowers the distance exactly when it lowers a tight entry, and which ranks do that is memoised per suit shape.
Draw sets travel as 34-bit masks (bit k = kind k), so a discard costs a handful of memoised look-ups and ORs
instead of a shanten call per (discard, draw).
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.hand.shanten import _CHIITOI, _HONOR, _INF, _KOKUSHI, _SUIT, _VECTORS, _entry, _merge

_BOUNDS = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))
_YAO_MASK = sum(1 << k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_ALL = (1 << 34) - 1

Entry = tuple[int, int]
Neighbour = tuple[bytes, Entry] | None

_ADD: dict[tuple[bytes, bool], tuple[Neighbour, ...]] = {}
_REM: dict[tuple[bytes, bool], tuple[Neighbour, ...]] = {}
_TIGHT: dict[tuple[int, int, int], tuple[int, int]] = {}
_GAINS: dict[tuple[bytes, bool], tuple[int, ...]] = {}
_RANKS_FOR: dict[tuple[bytes, bool, int], int] = {}


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


_MEMO_LIMIT = 1 << 18
# whole hands: (34-byte counts, blocked mask) -> the sweep, for callers that ask about the same hand again
_HANDS: dict[tuple[bytes, int], tuple[tuple[int, int, int], ...]] = {}
_HANDS_LIMIT = 1 << 14

# A group: the discards of one suit that leave the same vector, with the shanten they leave and, per discard,
# the ranks of its own suit whose draw then helps: (vector id after, shanten after, ((rank, ranks mask), ...)).
Group = tuple[int, int, tuple[tuple[int, int], ...]]


class _Row(dict[int, int]):
    """Merges of one interned vector with others, keyed by the other's id: a warm merge is one int subscript."""

    __slots__ = ("vid",)

    def __init__(self, vid: int) -> None:
        super().__init__()
        self.vid = vid

    def __missing__(self, other: int) -> int:
        got = self[other] = _merge(self.vid, other)
        return got


class _Rows(dict[int, _Row]):
    def __missing__(self, vid: int) -> _Row:
        got = self[vid] = _Row(vid)
        return got


_ROWS = _Rows()


class _DrawTable(dict[int, int]):
    """For one suit shape as the *draw* suit: ``rest << 3 | m`` -> ranks whose draw lowers the distance, where
    ``rest`` is the merge of the other three suits after the discard. Keyed by vectors (few) rather than by the
    other suits' shapes (many), so fresh hands mostly hit it."""

    __slots__ = ("honors", "key", "vid")

    def __init__(self, key: bytes, honors: bool, vid: int) -> None:
        super().__init__()
        self.key, self.honors, self.vid = key, honors, vid

    def __missing__(self, rest_m: int) -> int:
        got = self[rest_m] = _ranks_for(self.key, self.honors, _tight(self.vid, rest_m >> 3, rest_m & 7)[1])
        return got


class _SweepTable(dict[int, tuple[Group, ...]]):
    """For one suit shape as the *discard* suit: ``rest << 3 | m`` -> its discards as groups (see ``Group``).

    Grouping by the vector left matters because the other suits' draws depend on the discard only through it:
    a hand's ~12 discards leave ~7 distinct vectors."""

    __slots__ = ("honors", "key")

    def __init__(self, key: bytes, honors: bool) -> None:
        super().__init__()
        self.key, self.honors = key, honors

    def __missing__(self, rest_m: int) -> tuple[Group, ...]:
        key, honors = self.key, self.honors
        rest, m = rest_m >> 3, rest_m & 7
        groups: dict[int, list[tuple[int, int]]] = {}
        for rd, item in enumerate(_neighbours(key, honors, -1)):
            if item is not None and key[rd]:
                key_d, (vid_d, _) = item
                groups.setdefault(vid_d, []).append((rd, _ranks_for(key_d, honors, _tight(vid_d, rest, m)[1])))
        got = self[rest_m] = tuple(
            (vid_d, _tight(vid_d, rest, m)[0] - 1, tuple(members)) for vid_d, members in groups.items()
        )
        return got


class _Shape:
    """Everything the sweep needs about one suit's counts (a 9- or 7-byte key): its vector id and packed fields
    (see ``shanten._entry``), its count bit planes (see ``count_planes``, unshifted) and its two tables."""

    __slots__ = ("draw", "packed", "planes", "sweep", "vid")

    def __init__(self, key: bytes) -> None:
        honors = len(key) == 7
        self.vid, self.packed = (_HONOR if honors else _SUIT).get(key) or _entry(key, honors)
        self.draw = _DrawTable(key, honors, self.vid)
        self.sweep = _SweepTable(key, honors)
        self.planes = _chunk_planes(key)


class _Shapes(dict[bytes, _Shape]):
    def __missing__(self, key: bytes) -> _Shape:
        if len(self) >= _MEMO_LIMIT:
            self.clear()
        got = self[key] = _Shape(key)
        return got


_SHAPES = _Shapes()
_PLANES: dict[bytes, tuple[int, int, int]] = {}


def _chunk_planes(chunk: bytes) -> tuple[int, int, int]:
    """Bit planes of min(count, 4) for a run of counts: bit r of plane i is bit i of the r-th (clipped) count."""
    got = _PLANES.get(chunk)
    if got is None:
        p0 = p1 = p2 = 0
        for r, c in enumerate(chunk):
            c = min(c, 4)
            p0 |= (c & 1) << r
            p1 |= (c >> 1 & 1) << r
            p2 |= (c >> 2) << r
        if len(_PLANES) >= _MEMO_LIMIT:
            _PLANES.clear()
        got = _PLANES[chunk] = (p0, p1, p2)
    return got


def count_planes(b: bytes) -> tuple[int, int, int]:
    """34-bit planes of min(count, 4) for a 34-byte count string: per kind, count = p0 + 2*p1 + 4*p2, so the sum
    of counts over a mask is three popcounts (kinds held four times are exactly ``p2``)."""
    a, c, d, e = _chunk_planes(b[0:9]), _chunk_planes(b[9:18]), _chunk_planes(b[18:27]), _chunk_planes(b[27:34])
    return (
        a[0] | c[0] << 9 | d[0] << 18 | e[0] << 27,
        a[1] | c[1] << 9 | d[1] << 18 | e[1] << 27,
        a[2] | c[2] << 9 | d[2] << 18 | e[2] << 27,
    )


# per discard suit: (first kind, index of the pair merge and the suit that make the other three's merge,
# per other suit (suit, first kind, index of the pair merge of the two suits neither the discard nor it touches));
# pair merges are indexed 0:(0,1) 1:(0,2) 2:(0,3) 3:(1,2) 4:(1,3) 5:(2,3)
_PLAN = (
    (0, 3, 3, ((1, 9, 5), (2, 18, 4), (3, 27, 3))),
    (9, 1, 3, ((0, 0, 5), (2, 18, 2), (3, 27, 1))),
    (18, 0, 3, ((0, 0, 4), (1, 9, 2), (3, 27, 0))),
    (27, 0, 2, ((0, 0, 3), (1, 9, 1), (2, 18, 0))),
)


def discard_sweep(counts: Sequence[int], blocked: int = 0) -> tuple[tuple[int, int, int], ...]:
    """For a 3n+2 hand: each distinct discard → (kind, shanten after it, mask of kinds whose draw lowers it),
    in no particular order.

    ``blocked`` is a mask of kinds that cannot be drawn (all copies in the player's own hand and melds).
    Per hand: four shape reads, the pair merges, one table read per suit for its discards and, per distinct
    vector a suit's discards leave, two int subscripts per other suit. Seven pairs / thirteen orphans are
    looked at only when the 14-tile closed forms are close enough to matter.
    """
    b = bytes(counts)
    memo_key = (b, blocked)
    hit = _HANDS.get(memo_key)
    if hit is not None:
        return hit
    shapes, rows = _SHAPES, _ROWS
    hs = (shapes[b[0:9]], shapes[b[9:18]], shapes[b[18:27]], shapes[b[27:34]])
    v0, v1, v2, v3 = vids = (hs[0].vid, hs[1].vid, hs[2].vid, hs[3].vid)
    packed = hs[0].packed + hs[1].packed + hs[2].packed + hs[3].packed
    melds = (14 - (packed & 63)) // 3
    m = 4 - melds
    r0, r1, r2 = rows[v0], rows[v1], rows[v2]
    pairs = (r0[v1], r0[v2], r0[v3], r1[v2], r1[v3], r2[v3])
    keep = _ALL & ~blocked
    out: list[tuple[int, int, int]] = []
    append = out.append
    worst = -2
    for sd, (lo, pi, oi, targets) in enumerate(_PLAN):
        h = hs[sd]
        if not h.packed & 63:
            continue
        groups = h.sweep[rows[pairs[pi]][vids[oi]] << 3 | m]
        (s1, b1, u1), (s2, b2, u2), (s3, b3, u3) = targets
        ra, rb, rc = rows[pairs[u1]], rows[pairs[u2]], rows[pairs[u3]]
        da, db, dc = hs[s1].draw, hs[s2].draw, hs[s3].draw
        for vid_d, s0, members in groups:
            other = da[ra[vid_d] << 3 | m] << b1 | db[rb[vid_d] << 3 | m] << b2 | dc[rc[vid_d] << 3 | m] << b3
            for rd, own in members:
                append((lo + rd, s0, (own << lo | other) & keep))
            if s0 > worst:
                worst = s0
    if melds == 0:
        # a discard never lowers either closed form's shanten below the 14-tile value: skip when that is too far
        cf = _CHIITOI[(packed >> 6) & 4095]
        kokushi = _KOKUSHI[packed >> 18]
        if kokushi < cf:
            cf = kokushi
        if cf <= worst:
            _closed_forms(out, b, hs, packed, cf, keep)
    got = tuple(out)
    if len(_HANDS) >= _HANDS_LIMIT:
        _HANDS.clear()
    _HANDS[memo_key] = got
    return got


def _closed_forms(
    out: list[tuple[int, int, int]], b: bytes, hs: tuple[_Shape, ...], packed: int, cf: int, keep: int
) -> None:
    """Seven pairs / thirteen orphans for a 14-tile closed hand, per discard whose shanten they may reach (``cf``
    is the lower of the two before the discard), rewriting ``out`` in place.

    A draw lowers seven-pairs shanten by one when it pairs a single, or adds a new kind while fewer than seven
    kinds are held; it lowers thirteen-orphans shanten when it adds a missing terminal/honor, or pairs one while
    none is paired yet.
    """
    a, c, d, e = hs[0].planes, hs[1].planes, hs[2].planes, hs[3].planes
    paired = a[1] | c[1] << 9 | d[1] << 18 | e[1] << 27 | a[2] | c[2] << 9 | d[2] << 18 | e[2] << 27
    held_mask = paired | a[0] | c[0] << 9 | d[0] << 18 | e[0] << 27
    ones_all, zeros_all = held_mask & ~paired, _ALL & ~held_mask
    pairs, kinds, yao_held = (packed >> 6) & 63, (packed >> 12) & 63, (packed >> 18) & 63
    yao_pairs = (_YAO_MASK & paired).bit_count()
    for i, (k, s0, improving) in enumerate(out):
        if s0 < cf:
            continue
        h, bit = b[k], 1 << k
        yao = _YAO_MASK & bit
        k13 = kinds - (h == 1)
        chiitoi = 6 - pairs + (h == 2) + (7 - k13 if k13 < 7 else 0)
        yp13 = yao_pairs - (1 if yao and h == 2 else 0)
        kokushi = 13 - yao_held + (1 if yao and h == 1 else 0) - (1 if yp13 else 0)
        c13 = chiitoi if chiitoi < kokushi else kokushi
        if c13 > s0:
            continue
        if c13 < s0:
            s0, improving = c13, 0
        ones, zeros = ones_all, zeros_all
        if h == 1:
            ones, zeros = ones & ~bit, zeros | bit
        elif h == 2:
            ones |= bit
        if chiitoi <= s0:
            improving |= ones | (zeros if k13 < 7 else 0)
        if kokushi <= s0:
            improving |= _YAO_MASK & (zeros | (0 if yp13 else ones))
        out[i] = (k, s0, improving & keep)


def mask_kinds(mask: int) -> list[int]:
    """The kinds set in a 34-bit mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
