"""The ukeire sweep: every discard of a 3n+2 hand, and for each the draws that lower its shanten.

Why it is fast: a discard changes one suit and a draw one suit. For each (discard, suit) the merge of the other
suits' vectors says which entries of the suit's distance vector are *tight* (lie on an optimal split); a draw
lowers the distance exactly when it lowers a tight entry, and which ranks do that is memoised per suit shape.
Draw sets travel as 34-bit masks (bit k = kind k), so a discard costs a handful of memoised look-ups and ORs
instead of a shanten call per (discard, draw).

Why fresh hands stay fast too: every memo is keyed either by vector ids alone (few: tight entries, lowered
entries; merges are a shipped table) or by one suit shape plus vectors or an entry mask (``_Shape`` and its
tables), never by two shapes together, so the tables fill after a few thousand hands instead of growing with every
new combination of suits; and what a new shape needs (its vector and those of the shapes one draw away) is read
from the shipped table by index arithmetic, so a miss costs a few microseconds, not a DP.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import NamedTuple

from jantaku.hand.reference import sweep_reference
from jantaku.hand.shanten import (
    LOCAL_VECTORS,
    MERGED_LOCAL,
    SEVEN_PAIRS_SHANTEN,
    THIRTEEN_ORPHANS_SHANTEN,
    UNREACHABLE,
    shape_index,
    shipped_tables,
)
from jantaku.tiles import TERMINALS_AND_HONORS

_YAO_MASK = sum(1 << k for k in TERMINALS_AND_HONORS)
_ALL = (1 << 34) - 1
_MEMO_LIMIT = 1 << 18
_POW5 = tuple(5**i for i in range(9))
_FIELD = tuple(11 * r for r in range(9))  # where rank r's field starts in ``_Shape._spread_gains``
_REP7 = sum(1 << 34 * i for i in range(7))  # a 34-bit mask copied into seven fields (see ``sweep_options``)
# field arithmetic of ``_Shape.ranks_for``: nine 11-bit fields
_REP = sum(1 << 11 * r for r in range(9))
_LOW = 1023 * _REP
_TOP = 1024 * _REP
_GATHER = {sum(1 << 11 * r + 10 for r in range(9) if bits >> r & 1): bits for bits in range(512)}


class DiscardOption(NamedTuple):
    """One discard of a 14-tile hand: the shanten after it and the draws that lower that shanten.

    ``mask`` has bit k set for each such kind k, ``total`` counts their unseen copies and ``left`` (34 counts)
    is the unseen copies per kind; ``tiles`` ((kind, unseen copies), ...) is worked out when asked for: a bot
    ranking discards usually needs only ``shanten`` and ``total``. A named tuple because the sweep makes a dozen
    per hand: built by ``tuple.__new__`` from a ready tuple they cost no Python-level ``__init__``, and the
    fields are read by C descriptors. Equal when discard, shanten and mask are.
    """

    discard: int
    shanten: int
    mask: int
    total: int
    left: Sequence[int]

    @property
    def tiles(self) -> tuple[tuple[int, int], ...]:
        left = self.left
        return tuple([(k, left[k]) for k in mask_kinds(self.mask)])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DiscardOption):
            return NotImplemented
        return (self.discard, self.shanten, self.mask) == (other.discard, other.shanten, other.mask)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.discard, self.shanten, self.mask))

    def __repr__(self) -> str:
        return f"DiscardOption(discard={self.discard}, shanten={self.shanten}, tiles={self.tiles})"


_new = tuple.__new__
_KIND, _SHANTEN, _TOTAL = itemgetter(0), itemgetter(1), itemgetter(3)


def _best_first(options: list[DiscardOption]) -> None:
    """Sort by shanten, then most unseen accepting tiles, then kind: three stable sorts on C-level keys, cheaper
    than one sort on a Python key (and the first is nearly sorted already: the sweep goes suit by suit)."""
    options.sort(key=_KIND)
    options.sort(key=_TOTAL, reverse=True)
    options.sort(key=_SHANTEN)


# Every memo below is a plain dict or list read with a plain subscript (a KeyError falls back to the filling
# function): CPython 3.11 specialises subscripts of exact dicts and lists only, and a dict subclass with
# ``__missing__`` costs about 40 ns more per read. Vector ids are the shipped table's local ids (< 256), and the
# merge of two vectors is one read of ``shanten.MERGED_LOCAL`` at ``a << 8 | b``.

# ``a << 11 | rest << 3 | m`` -> ``distance << 10 | mask``: suit vector ``a`` merged with ``rest`` toward ``m`` sets
# and a pair; the mask marks the entries of ``a`` on an optimal split, so only lowering one can lower the distance
_TIGHT: dict[int, int] = {}
# ``before << 8 | after`` -> mask of the vector entries that are lower in ``after``
_LOWERED: dict[int, int] = {}
# whole hands: (34-byte counts, blocked mask, weights) -> the options, for callers that ask about the same hand again
_HANDS: dict[tuple[bytes, int, int], tuple[DiscardOption, ...]] = {}
_HANDS_LIMIT = 1 << 14


def _tight(key: int) -> int:
    a, rest, m = key >> 11, (key >> 3) & 255, key & 7
    x, r = LOCAL_VECTORS[a], LOCAL_VECTORS[rest]
    best, mask = UNREACHABLE, 0
    for j in range(10):
        i = j % 5
        if i > m:
            continue
        v = x[j] + (r[m - i] if j >= 5 else r[5 + m - i])
        if v < best:
            best, mask = v, 1 << j
        elif v == best:
            mask |= 1 << j
    got = _TIGHT[key] = best << 10 | mask
    return got


def _lowered(before: int, after: int) -> int:
    key = before << 8 | after
    got = _LOWERED.get(key)
    if got is None:
        x, y = LOCAL_VECTORS[before], LOCAL_VECTORS[after]
        got = _LOWERED[key] = sum(1 << j for j in range(10) if y[j] < x[j])
    return got


# A discard group of a suit: the discards that leave the same vector, as (vector id after, ((rank, the ranks table
# of the shape after, the shape after), ...)); the ranks table maps a mask of vector entries to the ranks whose
# draw lowers one of them (see ``_Shape.ranks``).
Members = tuple[tuple[int, dict[int, int], "_Shape"], ...]


class _Shape:
    """One suit's counts (a 9- or 7-byte key in the shipped table) and what the sweep asks of it.

    ``ranks``: a mask of vector entries -> the ranks whose draw lowers one of them (filled by ``ranks_for``).
    Which entries matter depends on the other suits only through the *tight* mask (``_TIGHT``, keyed by vector
    ids), so this table is keyed by a handful of masks per shape and fills after a shape's first few hands.
    ``vid`` is its local vector id (tile counts come from the hand's count planes instead). The vectors of the shapes
    one draw away are read from the shipped table by base-5 index arithmetic (``index + 5**rank``), so a shape
    never seen before costs a few table reads, not a DP.
    """

    __slots__ = ("_discards", "_gains", "honors", "index", "key", "ranks", "vid")

    def __init__(self, key: bytes, honors: bool, index: int, vid: int) -> None:
        self.key, self.honors, self.index, self.vid = key, honors, index, vid
        self.ranks: dict[int, int] = {}
        self._gains: int | None = None
        self._discards: tuple[tuple[int, Members], ...] | None = None

    def ranks_for(self, mask: int) -> int:
        """Bit mask of the ranks whose draw lowers one of the vector entries ``mask``.

        The per-rank gains sit in 11-bit fields of one int (``_spread_gains``): masking every field with ``mask``
        and adding 1023 to each sets a field's top bit exactly when the field is not zero; ``_GATHER`` maps those
        top bits to a rank mask. A few int operations instead of a loop over ranks, as a shape's first hands call
        this several times."""
        got = self.ranks.get(mask)
        if got is None:
            spread = self._gains
            if spread is None:
                spread = self._gains = self._spread_gains()
            got = self.ranks[mask] = _GATHER[((spread & mask * _REP) + _LOW) & _TOP]
        return got

    def _spread_gains(self) -> int:
        """Per rank r, the mask of vector entries that drawing r lowers, in bits 11r.. of one int (0 where a fifth
        copy would be)."""
        suits, hons, _ = shipped_tables()
        table = hons if self.honors else suits
        index, vid = self.index, self.vid
        out = 0
        lowered, base = _LOWERED, vid << 8
        for c, step, shift in zip(self.key, _POW5, _FIELD, strict=False):  # (honors: 7 ranks)
            if c < 4:
                after = table[index + step]
                if after != 255:  # 255: a 15th tile, never asked for
                    got = lowered.get(base | after)
                    out |= (_lowered(vid, after) if got is None else got) << shift
        return out

    def discards(self) -> tuple[tuple[int, Members], ...]:
        """The suit's discards grouped by the vector they leave (see ``Members``)."""
        got = self._discards
        if got is None:
            key, honors, index = self.key, self.honors, self.index
            groups: dict[int, list[tuple[int, dict[int, int], _Shape]]] = {}
            for r, c in enumerate(key):
                if c:
                    # the shape one tile fewer is found by its index in the shipped table (``index - 5**r``),
                    # so its byte key is made only when the shape itself is new
                    at = index - _POW5[r]
                    after = _BY_INDEX.get(at << 1 | honors)
                    if after is None:
                        after = _made(key[:r] + bytes((c - 1,)) + key[r + 1 :], honors, at)
                        assert after is not None  # one tile fewer than a shape in the table
                    groups.setdefault(after.vid, []).append((r, after.ranks, after))
            got = self._discards = tuple([(vid, tuple(members)) for vid, members in groups.items()])
        return got


def _tight_get(key: int) -> int:
    got = _TIGHT.get(key)
    return _tight(key) if got is None else got


# every shape made so far, by its counts and by ``index << 1 | honors`` (its place in the shipped table)
_SHAPES: dict[bytes, _Shape] = {}
_BY_INDEX: dict[int, _Shape] = {}


def _shape(key: bytes, honors: bool) -> _Shape | None:
    """The shape of ``key``, made on first use; None when it is not in the shipped table."""
    got = _SHAPES.get(key)
    if got is None:
        if len(key) != (7 if honors else 9) or max(key) > 4:
            return None
        got = _made(key, honors, shape_index(key))
    return got


def _made(key: bytes, honors: bool, index: int) -> _Shape | None:
    """A new shape (counts ``key`` at ``index`` of the shipped table), or None when the table has no such shape."""
    suits, hons, _ = shipped_tables()
    vid = (hons if honors else suits)[index]
    if vid == 255:
        return None
    if len(_SHAPES) >= _MEMO_LIMIT:
        _SHAPES.clear()
        _BY_INDEX.clear()
    got = _SHAPES[key] = _BY_INDEX[index << 1 | honors] = _Shape(key, honors, index, vid)
    return got


# count -> the ASCII digit of bit i of min(count, 4), so ``int(b.translate(_PLANE[i])[::-1], 2)`` is a plane
_PLANE = tuple(bytes(48 + (min(c, 4) >> i & 1) for c in range(256)) for i in range(3))


def count_planes(b: bytes) -> tuple[int, int, int]:
    """34-bit planes of min(count, 4) for a 34-byte count string: per kind, count = p0 + 2*p1 + 4*p2, so a sum
    over the kinds of a mask is three popcounts (kinds held four times are exactly ``p2``). Each plane is one
    ``translate`` to binary digits read back by ``int`` (all in C; no memo, so a hand never seen costs the same)."""
    p0, p1, p2 = _PLANE
    return int(b.translate(p0)[::-1], 2), int(b.translate(p1)[::-1], 2), int(b.translate(p2)[::-1], 2)


# per discard suit: (first kind, index of the pair merge and the suit that make the other three's merge,
# per other suit (suit, first kind, index of the pair merge of the two suits neither the discard nor it touches));
# pair merges are indexed 0:(0,1) 1:(0,2) 2:(0,3) 3:(1,2) 4:(1,3) 5:(2,3)
_PLAN = (
    (0, 3, 3, ((1, 9, 5), (2, 18, 4), (3, 27, 3))),
    (9, 1, 3, ((0, 0, 5), (2, 18, 2), (3, 27, 1))),
    (18, 0, 3, ((0, 0, 4), (1, 9, 2), (3, 27, 0))),
    (27, 0, 2, ((0, 0, 3), (1, 9, 1), (2, 18, 0))),
)


def sweep_options(
    b: bytes, blocked: int, weights: int, planes: tuple[int, int, int], left: Sequence[int]
) -> tuple[DiscardOption, ...]:
    """For a 3n+2 hand (34-byte counts): each distinct discard as a ``DiscardOption``, best first (lowest shanten,
    then most unseen accepting tiles, then kind).

    ``blocked`` is a mask of kinds that cannot be drawn (all copies in the player's own hand and melds);
    ``weights`` holds seven 34-bit fields of kind masks (``_REP7``): a draw mask's weighted count is
    ``((mask * _REP7) & weights).bit_count()`` (``waits.discard_options`` puts unseen copies there, and their
    counts per kind in ``left``), worked out as each option is made so no second pass is needed; ``planes`` are
    ``count_planes(b)``, which the caller has at hand (tiles, pairs and kinds come from them).
    Per hand: four shape reads and the pair merges; per distinct vector a suit's discards leave, its tight read,
    and per other suit a merge read, a tight read and a ranks read; per discard one ranks read. Seven pairs / thirteen
    orphans are looked at only when the 14-tile closed forms are close enough to matter. Hands outside the
    shipped table (a fifth copy, more than 14 tiles) are swept by shanten calls.
    """
    memo_key = (b, blocked, weights)
    hit = _HANDS.get(memo_key)
    if hit is not None:
        return hit
    try:
        hs = (_SHAPES[b[0:9]], _SHAPES[b[9:18]], _SHAPES[b[18:27]], _SHAPES[b[27:34]])
    except KeyError:
        made = (_shape(b[0:9], False), _shape(b[9:18], False), _shape(b[18:27], False), _shape(b[27:34], True))
        if None in made:
            return _options(sweep_reference(b, blocked), weights, left)
        hs = made  # type: ignore[assignment]
    h0, h1, h2, h3 = hs
    q0, q1, q2 = planes
    paired = q1 | q2
    held = paired | q0
    tiles = q0.bit_count() + 2 * q1.bit_count() + 4 * q2.bit_count()  # every count is at most 4 here
    if tiles > 14:
        return _options(sweep_reference(b, blocked), weights, left)
    melds = (14 - tiles) // 3
    m = 4 - melds
    v0, v1, v2, v3 = vids = (h0.vid, h1.vid, h2.vid, h3.vid)
    pair = MERGED_LOCAL
    a0 = v0 << 8
    a1 = v1 << 8
    pairs = (pair[a0 | v1], pair[a0 | v2], pair[a0 | v3], pair[a1 | v2], pair[a1 | v3], pair[v2 << 8 | v3])
    classes: tuple[_Class, ...] | None = None
    draws: tuple[int, ...] = ()
    if melds == 0:
        # seven pairs / thirteen orphans: a discard never takes either below its 14-tile shanten (``cf``), and
        # leaves a standard shanten of at most one more than the hand's (entry 9 of the whole hand's vector is
        # that plus one): when ``cf`` is above that, no row can reach them
        yao = held & _YAO_MASK
        packed = paired.bit_count() << 6 | held.bit_count() << 12 | yao.bit_count() << 18
        if paired & yao:
            packed |= 1 << 24
        cf = SEVEN_PAIRS_SHANTEN[(packed >> 6) & 4095]
        kokushi = THIRTEEN_ORPHANS_SHANTEN[packed >> 18]
        if kokushi < cf:
            cf = kokushi
        if cf <= LOCAL_VECTORS[pair[pairs[0] << 8 | pairs[5]]][9]:
            yao_pairs = (paired & yao).bit_count()
            key = (packed >> 6 & 0x3FFFF) << 2 | (yao_pairs if yao_pairs < 2 else 2)
            classes = _CLASSES.get(key) or _closed_classes(key)
            ones, zeros = held & ~paired, _ALL & ~held
            # the draws ``_closed_classes`` names, with the discarded kind left out (``ones`` holds it when it was
            # a single): seven pairs with room for new kinds, or without; thirteen orphans with no terminal/honor
            # pair yet, or with one
            draws = (0, ones | zeros, ones, _YAO_MASK & (zeros | ones), _YAO_MASK & zeros)
    out: list[DiscardOption] = []
    append = out.append
    new, option = _new, DiscardOption
    rep = _REP7
    tight = _TIGHT
    class_of = _CLASS_OF
    for sd, (lo, pi, oi, targets) in enumerate(_PLAN):
        if not held >> lo & 511:
            continue
        h = hs[sd]
        rest_m = pair[pairs[pi] << 8 | vids[oi]] << 3 | m
        discards = h._discards
        if discards is None:
            discards = h.discards()
        (s1, b1, u1), (s2, b2, u2), (s3, b3, u3) = targets
        pa, pb, pc = pairs[u1], pairs[u2], pairs[u3]
        ha, hb, hc = hs[s1], hs[s2], hs[s3]
        ra, rb, rc = ha.ranks, hb.ranks, hc.ranks
        ka, kb, kc = ha.vid << 11 | m, hb.vid << 11 | m, hc.vid << 11 | m
        for vid_d, members in discards:
            va = vid_d << 8
            try:
                t = tight[vid_d << 11 | rest_m]
                xa = tight[ka | pair[va | pa] << 3] & 1023
                xb = tight[kb | pair[va | pb] << 3] & 1023
                xc = tight[kc | pair[va | pc] << 3] & 1023
            except KeyError:  # a combination of vectors met for the first time
                t = _tight_get(vid_d << 11 | rest_m)
                xa = _tight_get(ka | pair[va | pa] << 3) & 1023
                xb = _tight_get(kb | pair[va | pb] << 3) & 1023
                xc = _tight_get(kc | pair[va | pc] << 3) & 1023
            s0 = (t >> 10) - 1
            mask = t & 1023
            # each miss below is a shape meeting an entry mask for the first time: filled where it happens, so
            # the rest of the group is not worked out again
            try:
                other = ra[xa] << b1 | rb[xb] << b2 | rc[xc] << b3
            except KeyError:
                other = ha.ranks_for(xa) << b1 | hb.ranks_for(xb) << b2 | hc.ranks_for(xc) << b3
            for rd, rdict, after in members:
                try:
                    mk = rdict[mask] << lo | other
                except KeyError:
                    mk = after.ranks_for(mask) << lo | other
                k = lo + rd
                s = s0
                if classes is not None:
                    # the closed forms, when one of them is as close as the standard form after this discard:
                    # then its shanten stands, and the draws lowering each form at that shanten count
                    c13, c_draws, k_draws, itself = classes[class_of[b[k]] | (_YAO_MASK >> k & 1)]
                    if c13 <= s0:
                        bit = 1 << k
                        closed = (draws[c_draws] | draws[k_draws]) & ~bit | (bit if itself else 0)
                        mk = mk | closed if c13 == s0 else closed
                        s = c13
                append(new(option, (k, s, mk, ((mk * rep) & weights).bit_count(), left)))
    if blocked:
        # a blocked kind has no unseen copy, so its weight is 0 and the counts stand
        keep = _ALL & ~blocked
        out = [_new(DiscardOption, (k, s0, mask & keep, n, left)) for k, s0, mask, n, _ in out]
    _best_first(out)
    if len(_HANDS) >= _HANDS_LIMIT:
        _HANDS.clear()
    got = _HANDS[memo_key] = tuple(out)
    return got


def _options(sweep: tuple[tuple[int, int, int], ...], weights: int, left: Sequence[int]) -> tuple[DiscardOption, ...]:
    out = [_new(DiscardOption, (k, s0, mask, ((mask * _REP7) & weights).bit_count(), left)) for k, s0, mask in sweep]
    _best_first(out)
    return tuple(out)


def discard_sweep(counts: Sequence[int], blocked: int = 0) -> tuple[tuple[int, int, int], ...]:
    """For a 3n+2 hand: each distinct discard → (kind, shanten after it, mask of kinds whose draw lowers it).

    ``blocked`` is a mask of kinds that cannot be drawn (all copies in the player's own hand and melds)."""
    b = bytes(bytearray(counts))
    return tuple([(o.discard, o.shanten, o.mask) for o in sweep_options(b, blocked, 0, count_planes(b), b)])


# count held (1..4) -> the index in ``_closed_classes`` of a non-terminal kind (a terminal/honor is one more)
_CLASS_OF = (0, 0, 2, 4, 4)
# (shanten of the better closed form after the discard; which draws lower seven pairs and which thirteen orphans
# at that shanten, as indices into ``sweep_options``' draw masks, 0 = none; whether drawing the discarded kind back
# is one of them)
_Class = tuple[int, int, int, bool]
# a closed hand's counts (see ``_closed_classes``) -> its classes
_CLASSES: dict[int, tuple[_Class, ...]] = {}


def _closed_classes(key: int) -> tuple[_Class, ...]:
    """Seven pairs / thirteen orphans after each discard of a 14-tile closed hand, by the class of the discard;
    ``key`` packs the hand's pairs, kinds and terminal/honor kinds held, and its terminal/honor pairs (up to 2).

    A draw lowers seven-pairs shanten by one when it pairs a single, or adds a new kind while fewer than seven
    kinds are held; it lowers thirteen-orphans shanten when it adds a missing terminal/honor, or pairs one while
    none is paired yet. Both shanten values, and which draws lower them, depend on the discard only through how
    many copies of it are held (1, 2, or 3-4) and whether it is a terminal/honor, and the draws only through
    whether the discarded kind itself is one of them: six classes (``_CLASS_OF``), which depend on the counts
    alone, so they are remembered by ``key``; the hand's own draw masks are filled in per row.
    """
    pairs, kinds, yao_held, yao_pairs = key >> 2 & 63, key >> 8 & 63, key >> 14 & 63, key & 3
    kokushi_n = 13 - yao_held - (1 if yao_pairs else 0)
    # seven pairs after discarding a single, breaking a pair, or one of three or four
    chiitoi_1 = 6 - pairs + (8 - kinds if kinds < 8 else 0)
    chiitoi_2 = 7 - pairs + (7 - kinds if kinds < 7 else 0)
    chiitoi_n = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    c_1 = 1 if kinds < 8 else 2
    c_2 = 1 if kinds < 7 else 2
    k_free = 3 if yao_pairs == 0 else 4
    k_2y = 3 if yao_pairs == 1 else k_free  # a broken terminal/honor pair that was the only one
    out = []
    for chiitoi, c_draws, c_itself, kokushi, k_draws, k_itself in (
        (chiitoi_1, c_1, kinds < 8, kokushi_n, k_free, False),  # a single simple
        (chiitoi_1, c_1, kinds < 8, kokushi_n + 1, k_free, True),  # a single terminal/honor
        (chiitoi_2, c_2, True, kokushi_n, k_free, False),  # a paired simple
        (chiitoi_2, c_2, True, 13 - yao_held - (1 if yao_pairs > 1 else 0), k_2y, yao_pairs == 1),
        (chiitoi_n, c_2, False, kokushi_n, k_free, False),  # three or four of a simple
        (chiitoi_n, c_2, False, kokushi_n, k_free, False),  # ... of a terminal/honor
    ):
        c13 = chiitoi if chiitoi < kokushi else kokushi
        out.append(
            (
                c13,
                c_draws if chiitoi == c13 else 0,
                k_draws if kokushi == c13 else 0,
                (c_itself and chiitoi == c13) or (k_itself and kokushi == c13),
            )
        )
    got = _CLASSES[key] = tuple(out)
    return got


def mask_kinds(mask: int) -> list[int]:
    """The kinds set in a 34-bit mask, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
