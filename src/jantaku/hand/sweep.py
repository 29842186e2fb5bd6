"""The ukeire sweep: every discard of a 3n+2 hand, and for each the draws that lower its shanten.

Why it is fast: a discard changes one suit and a draw one suit. For each (discard, suit) the merge of the other
suits' vectors says which entries of the suit's distance vector are *tight* (lie on an optimal split); a draw
lowers the distance exactly when it lowers a tight entry, and which ranks do that is memoised per suit shape.
Draw sets travel as 34-bit masks (bit k = kind k), so a discard costs a handful of memoised look-ups and ORs
instead of a shanten call per (discard, draw).

Why fresh hands stay fast too: every memo is keyed either by interned vectors alone (few: merges, tight entries)
or by one suit shape plus vectors or an entry mask (``_Shape`` and its tables), never by two shapes together, so
the tables fill after a few thousand hands instead of growing with every new combination of suits.
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.hand.shanten import _CHIITOI, _HONOR, _INF, _KOKUSHI, _SUIT, _VECTORS, _entry, _merge

_YAO_MASK = sum(1 << k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_ALL = (1 << 34) - 1
_MEMO_LIMIT = 1 << 18

_TIGHT: dict[tuple[int, int, int], tuple[int, int]] = {}
# (vector before a draw, vector after) -> mask of the entries the draw lowers
_LOWERED: dict[tuple[int, int], int] = {}
# whole hands: (34-byte counts, blocked mask) -> the sweep, for callers that ask about the same hand again
_HANDS: dict[tuple[bytes, int], tuple[tuple[int, int, int], ...]] = {}
_HANDS_LIMIT = 1 << 14

# A group: the discards of one suit that leave the same vector, with the shanten they leave and, per discard,
# the ranks of its own suit whose draw then helps: (vector id after, shanten after, ((rank, ranks mask), ...)).
Group = tuple[int, int, tuple[tuple[int, int], ...]]


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


def _lowered(before: int, after: int) -> int:
    key = (before, after)
    got = _LOWERED.get(key)
    if got is None:
        x, y = _VECTORS[before], _VECTORS[after]
        got = _LOWERED[key] = sum(1 << j for j in range(10) if y[j] < x[j])
    return got


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


class _Shape(dict[int, int]):
    """One suit's counts (a 9- or 7-byte key) and what the sweep asks of it.

    As a dict it is the suit's *draw* table: ``rest << 3 | m`` -> the ranks whose draw lowers the distance, where
    ``rest`` is the merged vector of the other three suits (after the discard) and ``m`` the sets wanted.
    ``sweep`` is its *discard* table (see ``_SweepTable``); ``planes`` its count bit planes (see
    ``count_planes``, unshifted); ``vid`` and ``packed`` its entry (see ``shanten._entry``).
    """

    __slots__ = ("_discards", "_gains", "_ranks", "honors", "key", "packed", "planes", "sweep", "vid")

    def __init__(self, key: bytes) -> None:
        super().__init__()
        self.key = key
        self.honors = honors = len(key) == 7
        self.vid, self.packed = (_HONOR if honors else _SUIT).get(key) or _entry(key, honors)
        self.planes = _chunk_planes(key)
        self.sweep = _SweepTable(self)
        self._ranks: dict[int, int] = {}
        self._gains: tuple[int, ...] | None = None
        self._discards: tuple[tuple[int, tuple[tuple[int, _Shape], ...]], ...] | None = None

    def __missing__(self, rest_m: int) -> int:
        got = self[rest_m] = self.ranks_for(_tight(self.vid, rest_m >> 3, rest_m & 7)[1])
        return got

    def ranks_for(self, mask: int) -> int:
        """Bit mask of the ranks whose draw lowers one of the vector entries ``mask``."""
        got = self._ranks.get(mask)
        if got is None:
            gains = self._gains
            if gains is None:
                gains = self._gains = self._draw_gains()
            got = self._ranks[mask] = sum(1 << r for r, g in enumerate(gains) if g & mask)
        return got

    def _draw_gains(self) -> tuple[int, ...]:
        """Per rank, the mask of vector entries that drawing that rank lowers (0 where a fifth copy would be)."""
        key, honors = self.key, self.honors
        table = _HONOR if honors else _SUIT
        out = []
        for r, c in enumerate(key):
            if c >= 4:
                out.append(0)
                continue
            after = key[:r] + bytes((c + 1,)) + key[r + 1 :]
            out.append(_lowered(self.vid, (table.get(after) or _entry(after, honors))[0]))
        return tuple(out)

    def discards(self) -> tuple[tuple[int, tuple[tuple[int, _Shape], ...]], ...]:
        """The suit's discards grouped by the vector they leave: ((vector id, ((rank, shape after), ...)), ...)."""
        got = self._discards
        if got is None:
            key = self.key
            groups: dict[int, list[tuple[int, _Shape]]] = {}
            for r, c in enumerate(key):
                if c:
                    after = _SHAPES[key[:r] + bytes((c - 1,)) + key[r + 1 :]]
                    groups.setdefault(after.vid, []).append((r, after))
            got = self._discards = tuple((vid, tuple(members)) for vid, members in groups.items())
        return got


class _SweepTable(dict[int, tuple[Group, ...]]):
    """For one suit shape as the *discard* suit: ``rest << 3 | m`` -> its discards as groups (see ``Group``).

    Grouping by the vector left matters because the other suits' draws depend on the discard only through it:
    a hand's ~12 discards leave ~7 distinct vectors."""

    __slots__ = ("shape",)

    def __init__(self, shape: _Shape) -> None:
        super().__init__()
        self.shape = shape

    def __missing__(self, rest_m: int) -> tuple[Group, ...]:
        rest, m = rest_m >> 3, rest_m & 7
        out = []
        for vid, members in self.shape.discards():
            dist, tight = _tight(vid, rest, m)
            out.append((vid, dist - 1, tuple([(r, after.ranks_for(tight)) for r, after in members])))
        got = self[rest_m] = tuple(out)
        return got


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
    """34-bit planes of min(count, 4) for a 34-byte count string: per kind, count = p0 + 2*p1 + 4*p2, so a sum
    over the kinds of a mask is three popcounts (kinds held four times are exactly ``p2``)."""
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
        da, db, dc = hs[s1], hs[s2], hs[s3]
        for vid_d, s0, members in groups:
            other = da[ra[vid_d] << 3 | m] << b1 | db[rb[vid_d] << 3 | m] << b2 | dc[rc[vid_d] << 3 | m] << b3
            for rd, own in members:
                append((lo + rd, s0, own << lo | other))
            if s0 > worst:
                worst = s0
    if melds == 0:
        # a discard never lowers either closed form's shanten below the 14-tile value: skip when that is too far
        cf = _CHIITOI[(packed >> 6) & 4095]
        kokushi = _KOKUSHI[packed >> 18]
        if kokushi < cf:
            cf = kokushi
        if cf <= worst:
            _closed_forms(out, b, hs, packed, cf)
    if blocked:
        keep = _ALL & ~blocked
        got = tuple([(k, s0, mask & keep) for k, s0, mask in out])
    else:
        got = tuple(out)
    if len(_HANDS) >= _HANDS_LIMIT:
        _HANDS.clear()
    _HANDS[memo_key] = got
    return got


def _closed_forms(out: list[tuple[int, int, int]], b: bytes, hs: tuple[_Shape, ...], packed: int, cf: int) -> None:
    """Seven pairs / thirteen orphans for a 14-tile closed hand, per discard whose shanten they may reach (``cf``
    is the lower of the two before the discard), rewriting ``out`` in place.

    A draw lowers seven-pairs shanten by one when it pairs a single, or adds a new kind while fewer than seven
    kinds are held; it lowers thirteen-orphans shanten when it adds a missing terminal/honor, or pairs one while
    none is paired yet. Both shanten values depend on the discard only through how many copies of it are held
    (1, 2 or more) and whether it is a terminal/honor, so they are worked out once per hand.
    """
    a, c, d, e = hs[0].planes, hs[1].planes, hs[2].planes, hs[3].planes
    paired = a[1] | c[1] << 9 | d[1] << 18 | e[1] << 27 | a[2] | c[2] << 9 | d[2] << 18 | e[2] << 27
    held = paired | a[0] | c[0] << 9 | d[0] << 18 | e[0] << 27
    ones, zeros = held & ~paired, _ALL & ~held
    pairs, kinds, yao_held = (packed >> 6) & 63, (packed >> 12) & 63, (packed >> 18) & 63
    yao_pairs = (_YAO_MASK & paired).bit_count()
    chiitoi_1 = 6 - pairs + (8 - kinds if kinds < 8 else 0)  # discarding a single
    chiitoi_2 = 7 - pairs + (7 - kinds if kinds < 7 else 0)  # breaking a pair
    chiitoi_n = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    kokushi_n = 13 - yao_held - (1 if yao_pairs else 0)
    kokushi_1y = kokushi_n + 1  # a single terminal/honor
    kokushi_2y = 13 - yao_held - (1 if yao_pairs > 1 else 0)  # a paired terminal/honor
    for i, (k, s0, improving) in enumerate(out):
        if s0 < cf:
            continue
        h, bit = b[k], 1 << k
        yao = _YAO_MASK & bit
        if h == 1:
            chiitoi, kokushi = chiitoi_1, kokushi_1y if yao else kokushi_n
        elif h == 2:
            chiitoi, kokushi = chiitoi_2, kokushi_2y if yao else kokushi_n
        else:
            chiitoi, kokushi = chiitoi_n, kokushi_n
        c13 = chiitoi if chiitoi < kokushi else kokushi
        if c13 > s0:
            continue
        if c13 < s0:
            s0, improving = c13, 0
        ones_d, zeros_d, many = ones, zeros, kinds < 7
        if h == 1:
            ones_d, zeros_d, many = ones & ~bit, zeros | bit, kinds < 8
        elif h == 2:
            ones_d = ones | bit
        if chiitoi <= s0:
            improving |= ones_d | (zeros_d if many else 0)
        if kokushi <= s0:
            # pairing a terminal/honor helps only while none is paired after the discard
            unpaired = yao_pairs - (1 if yao and h == 2 else 0) == 0
            improving |= _YAO_MASK & (zeros_d | (ones_d if unpaired else 0))
        out[i] = (k, s0, improving)


def mask_kinds(mask: int) -> list[int]:
    """The kinds set in a 34-bit mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
