"""Shanten: how many tiles a hand is from ready (0 = tenpai, -1 = complete).

The standard shape (sets and a pair) is measured exactly as a *distance*: the fewest tiles that must be added
(each with a free discard) until the hand contains its missing sets and a pair, never using a fifth copy of a kind.
Shanten is that distance minus one. Because the distance is exact, a wait on a tile whose four copies are all in
the player's own hand and melds is correctly *not* tenpai (docs/rules.md#tenpai).

Why it is fast: the distance splits by suit. Each suit's counts (a 9- or 7-byte key) map to a *vector* of ten
distances — for 0..4 sets, without and with the pair. The vectors of every shape of up to 14 tiles, and the
min-plus merges of those vectors (a set of fewer than 256 closed under merging), ship in a generated table
(tools/gen_shanten_table.py), so a call is four dict reads, three list reads and a little arithmetic, and a hand
never seen before costs the same as a repeated one. Shapes outside the table (a fifth copy, locked copies) fall
back to a small dynamic programme over ranks, memoised, with interned vectors and memoised merges.
"""

from __future__ import annotations

from collections.abc import Sequence

UNREACHABLE = 99  # a distance no hand of 14 tiles or fewer has: "no such split"
_KIND_NAMES = tuple(f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in range(34))


def counts_error(counts: object, what: str = "counts", most: int = 14) -> TypeError | ValueError:
    """The error, in a sentence, for ``counts`` that are not 34 tile counts (kinds 1m .. 7z) of at most ``most``
    tiles (14 concealed; 16 in melds; 136 seen).

    The analysis functions call it only once their own fast reading of the counts has failed."""
    if isinstance(counts, str):
        return TypeError(f"{what} are 34 whole numbers, tiles held per kind: Hand.parse({counts!r}).concealed_counts()")
    try:
        items = list(counts)  # type: ignore[call-overload]
    except TypeError:
        return TypeError(f"{what} are 34 whole numbers (tiles held per kind, 1m .. 7z), not {type(counts).__name__}")
    for i, x in enumerate(items):
        if isinstance(x, bool) or not isinstance(x, int):
            return TypeError(f"{what} are whole numbers; item {i} is {x!r}")
    if len(items) != 34:
        return ValueError(f"{what} hold one number per tile kind, 34 (1m .. 7z), not {len(items)}")
    for i, x in enumerate(items):
        if x < 0:
            return ValueError(f"{what}: {x} copies of {_KIND_NAMES[i]}; a count cannot be negative")
    if sum(items) > most:
        return ValueError(f"{what} hold {sum(items)} tiles; at most {most} can be counted here")
    return ValueError(f"{what}: at most 4 copies of a kind can be counted")


def check_counts(counts: Sequence[int], what: str = "counts", most: int = 14) -> bytes:
    """``counts`` as bytes, or ``counts_error``: 34 whole numbers from 0, at most ``most`` tiles in all."""
    try:
        b = bytes(bytearray(counts))
    except (TypeError, ValueError):
        raise counts_error(counts, what, most) from None
    if len(b) != 34 or sum(b) > most:
        raise counts_error(counts, what, most)
    return b


# vector layout: index p*5 + m = distance to m complete sets plus p (0/1) pairs inside one suit
_VECTORS: list[tuple[int, ...]] = []
_VECTOR_ID: dict[tuple[int, ...], int] = {}
_MERGED: dict[tuple[int, int], int] = {}
# suit key -> (vector id, packed counts: see _entry)
_SUIT: dict[bytes, tuple[int, int]] = {}
_HONOR: dict[bytes, tuple[int, int]] = {}
# seven pairs shanten by the packed (pairs, kinds) fields; thirteen orphans by (terminal/honor kinds, their pairs)
# (see ``_packed``); read by ``shanten`` and the sweep
SEVEN_PAIRS_SHANTEN = [6 - (i & 63) + max(0, 7 - (i >> 6)) for i in range(4096)]
THIRTEEN_ORPHANS_SHANTEN = [13 - (i & 63) - (1 if i >> 6 else 0) for i in range(64 * 8)]


State = dict[tuple[int, int, int, int], int]
START: State = {(0, 0, 0, 0): 0}


def dp_step(states: State, h: int, cap: int, can_run: bool) -> State:
    """Advance the distance DP by one rank holding ``h`` tiles (see ``standard_distance_vector``)."""
    nxt: State = {}
    for (m, p, due0, due1), cost in states.items():
        carried = due0 + due1
        if carried > cap:
            continue
        for t in (0, 1):
            if m + t > 4:
                break
            for q in (0, 1) if p == 0 else (0,):
                base = carried + 3 * t + 2 * q
                if base > cap:
                    break
                max_s = min(4 - m - t, cap - base) if can_run else 0
                for s in range(max_s + 1):
                    used = base + s
                    c = cost + (used - h if used > h else 0)
                    key = (m + t + s, p + q, due1, s)
                    if nxt.get(key, UNREACHABLE) > c:
                        nxt[key] = c
    return nxt


def dp_finish(states: State) -> tuple[int, ...]:
    """The ten distances once every rank is placed (no run may still be open)."""
    vec = [UNREACHABLE] * 10
    for (m, p, due0, due1), cost in states.items():
        if due0 == 0 and due1 == 0 and cost < vec[p * 5 + m]:
            vec[p * 5 + m] = cost
    return tuple(vec)


def standard_distance_vector(held: Sequence[int], runs: bool, caps: Sequence[int] | None = None) -> tuple[int, ...]:
    """Ten distances for one suit by a DP over ranks, carrying the runs that still need tiles.

    State at rank i: (sets, pairs, runs needing i only, runs needing i and i+1). A choice at rank i adds new runs,
    at most one triplet and at most one pair; the tiles the target uses at i may not exceed the cap (4 minus the
    copies already locked in melds); the cost is the target's tiles at i that the hand does not hold.
    """
    n = len(held)
    states = START
    for i in range(n):
        states = dp_step(states, held[i], 4 if caps is None else caps[i], runs and i <= n - 3)
    return dp_finish(states)


def _intern(vec: tuple[int, ...]) -> int:
    vid = _VECTOR_ID.get(vec)
    if vid is None:
        vid = _VECTOR_ID[vec] = len(_VECTORS)
        _VECTORS.append(vec)
    return vid


def merge_vectors(x: Sequence[int], y: Sequence[int]) -> tuple[int, ...]:
    """Min-plus merge of two suits' vectors (exactly one pair overall): the vector of the two suits together."""
    out = [UNREACHABLE] * 10
    for i in range(5):
        xi, xpi = x[i], x[5 + i]
        for j in range(5 - i):
            yj = y[j]
            s = xi + yj
            if s < out[i + j]:
                out[i + j] = s
            s = xpi + yj
            s2 = xi + y[5 + j]
            if s2 < s:
                s = s2
            if s < out[5 + i + j]:
                out[5 + i + j] = s
    return tuple(out)


def _merge(a: int, b: int) -> int:
    """Interned merge of two interned vectors, memoised by the pair of ids."""
    key = (a, b)
    got = _MERGED.get(key)
    if got is None:
        got = _MERGED[key] = _intern(merge_vectors(_VECTORS[a], _VECTORS[b]))
    return got


_TABLES: list[tuple[bytes, bytes, list[int]]] = []
# The fast path of ``shanten`` works on the file's own vector numbering ("local ids", < 256), so it does not depend
# on what else was interned first: per suit shape an int ``packed << 16 | local id << shift`` (shift 8 for the
# first suit of a pair, 0 for the second), so adding two suits' ints gives both the packed counts and the index
# ``a << 8 | b`` of the pair's merge in ``MERGED_LOCAL`` (a local id) and, for two pairs, in ``_FINAL_VEC``
# (the vector).
MERGED_LOCAL: list[int] = []  # the merge of local ids a and b, at a << 8 | b: a local id
_FINAL_VEC: list[tuple[int, ...]] = []
LOCAL_VECTORS: list[tuple[int, ...]] = []  # the file's vectors by local id


def shipped_tables() -> tuple[bytes, bytes, list[int]]:
    """The shipped vectors of every shape and their merges (tools/gen_shanten_table.py), loaded on first use."""
    if not _TABLES:
        import zlib
        from importlib.resources import files

        raw = zlib.decompress((files("jantaku.hand") / "shanten_table.bin").read_bytes())
        n = raw[0]
        vectors = [tuple(raw[1 + 10 * i : 11 + 10 * i]) for i in range(n)]
        ids = [_intern(vec) for vec in vectors]
        start = 1 + 10 * n
        merges = raw[start + 5**9 + 5**7 :]
        pair = [0] * (1 << 16)
        final: list[tuple[int, ...]] = [()] * (1 << 16)
        for a in range(n):
            row = merges[a * n : a * n + n]
            pair[a << 8 : (a << 8) + n] = row
            final[a << 8 : (a << 8) + n] = [vectors[m] for m in row]
        MERGED_LOCAL[:] = pair
        _FINAL_VEC[:] = final
        LOCAL_VECTORS[:] = vectors
        _TABLES.append((raw[start : start + 5**9], raw[start + 5**9 : start + 5**9 + 5**7], ids))
    return _TABLES[0]


_DIGITS = bytes.maketrans(bytes(range(5)), b"01234")


def shape_index(key: bytes) -> int:
    """A suit shape's place in the shipped table: its counts (each 0..4) read as a base-5 number, rank 1 lowest
    (done in C by ``bytes.translate`` and ``int``)."""
    return int(key.translate(_DIGITS)[::-1], 5)


def _table_index(key: bytes, honors: bool) -> int:
    """The shape's local vector id in the shipped table, or 255 when it is not there (a count above 4 or more
    than 14 tiles)."""
    suits, hons, _ = shipped_tables()
    if max(key) > 4:
        return 255
    index = shape_index(key)
    return (hons if honors else suits)[index]


def _shape_vector(key: bytes, honors: bool) -> int:
    local = _table_index(key, honors)
    if local != 255:
        return shipped_tables()[2][local]
    return _intern(standard_distance_vector(key, runs=not honors))


def _packed(key: bytes, honors: bool) -> int:
    """Counts of one suit packed in 6-bit fields: tiles, kinds with a pair, kinds held, terminal/honor kinds held,
    and whether a terminal/honor is paired — so the four suits' fields add up with one ``+`` each."""
    kinds = len(key) - key.count(0)
    pairs = kinds - key.count(1)
    if honors:
        yao, yao_pair = kinds, 1 if pairs else 0
    else:
        yao = (key[0] > 0) + (key[8] > 0)
        yao_pair = 1 if key[0] >= 2 or key[8] >= 2 else 0
    return sum(key) | pairs << 6 | kinds << 12 | yao << 18 | yao_pair << 24


def _entry(key: bytes, honors: bool) -> tuple[int, int]:
    """(vector id, packed counts: see ``_packed``) of one suit's shape, memoised."""
    entry = (_shape_vector(key, honors), _packed(key, honors))
    (_HONOR if honors else _SUIT)[key] = entry
    return entry


# The fast path's suit shapes: key -> ``packed << 16 | local id << 8`` (first suit of a pair) or ``<< 0`` (second).
# Plain dicts, not dict subclasses with ``__missing__``: a plain dict's subscript is the interpreter's specialised
# fast case, about 40 ns quicker per read here; a shape not yet read is filled by ``_fill`` after a KeyError.
_SUIT_HI: dict[bytes, int] = {}
_SUIT_LO: dict[bytes, int] = {}
_HONOR_LO: dict[bytes, int] = {}


def _fill(b: bytes) -> bool:
    """Enter the four suit shapes of ``b`` into the fast path's dicts (a suit shape into both suit dicts, so it is
    read once whichever suit it turns up in); False when one is outside the shipped table (a count above 4,
    more than 14 tiles, a short key), and ``shanten`` takes the general path for that hand."""
    for key, honors in ((b[0:9], False), (b[9:18], False), (b[18:27], False), (b[27:34], True)):
        if key in (_HONOR_LO if honors else _SUIT_LO):
            continue
        local = _table_index(key, honors) if len(key) == (7 if honors else 9) else 255
        if local == 255:
            return False
        packed = _packed(key, honors) << 16
        if honors:
            _HONOR_LO[key] = packed | local
        else:
            _SUIT_HI[key] = packed | local << 8
            _SUIT_LO[key] = packed | local
    return True


def _entries(b: bytes) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
    k1, k2, k3, k4 = b[0:9], b[9:18], b[18:27], b[27:34]
    return (
        _SUIT.get(k1) or _entry(k1, False),
        _SUIT.get(k2) or _entry(k2, False),
        _SUIT.get(k3) or _entry(k3, False),
        _HONOR.get(k4) or _entry(k4, True),
    )


def shanten(counts: Sequence[int], melds: int | None = None) -> int:
    """Minimum shanten over the standard shape, seven pairs and thirteen orphans.

    ``counts`` is a 34-count list of the concealed tiles (13 or 14 tiles with no melds, 3 fewer per meld);
    ``melds`` is the number of called or concealed-kan sets, inferred from the tile count when omitted.
    Seven pairs and thirteen orphans only apply to a hand without melds.

    A call is four dict reads (one per suit), three list reads of shipped merges and a little arithmetic;
    ``bytes(bytearray(x))`` is the quickest way from a list of ints to a hashable key (``bytes(list)`` takes a
    slower generic path in CPython 3.11).
    """
    try:
        b = bytes(bytearray(counts))
    except (TypeError, ValueError):
        raise counts_error(counts) from None
    try:  # (the honors' key runs to the end: a key longer than 34 is then no shape, and is caught below)
        x = _SUIT_HI[b[0:9]] + _SUIT_LO[b[9:18]]
        y = _SUIT_HI[b[18:27]] + _HONOR_LO[b[27:]]
    except KeyError:
        if len(b) != 34:
            raise counts_error(counts) from None
        if not _fill(b):
            return _shanten_general(b, melds)
        x = _SUIT_HI[b[0:9]] + _SUIT_LO[b[9:18]]
        y = _SUIT_HI[b[18:27]] + _HONOR_LO[b[27:34]]
    vec = _FINAL_VEC[MERGED_LOCAL[x & 0xFFFF] << 8 | MERGED_LOCAL[y & 0xFFFF]]
    packed = (x + y) >> 16
    if melds is None:
        melds = (14 - (packed & 63)) // 3
    elif melds.__class__ is not int or not 0 <= melds <= 4:
        raise _melds_error(melds)
    try:
        best = vec[9 - melds] - 1
    except IndexError:  # more than 14 tiles: no number of melds is left for them
        raise counts_error(counts) from None
    if melds == 0 and best > 0:
        closed = SEVEN_PAIRS_SHANTEN[(packed >> 6) & 4095]
        kokushi = THIRTEEN_ORPHANS_SHANTEN[packed >> 18]
        if kokushi < closed:
            closed = kokushi
        if closed < best:
            best = closed
    return best


def _melds_error(melds: object) -> TypeError | ValueError:
    if isinstance(melds, bool) or not isinstance(melds, int):
        return TypeError(f"melds is the number of called or concealed-kan sets (0 to 4), not {melds!r}")
    return ValueError(f"melds is the number of called or concealed-kan sets, 0 to 4, not {melds}")


def _shanten_general(b: bytes, melds: int | None) -> int:
    """``shanten`` for hands with a shape outside the shipped table: the DP per suit and interned merges."""
    if sum(b) > 14:
        raise counts_error(list(b))
    if melds is not None and (melds.__class__ is not int or not 0 <= melds <= 4):
        raise _melds_error(melds)
    (a1, p1), (a2, p2), (a3, p3), (a4, p4) = _entries(b)
    return _from_vector(_VECTORS[_merge(_merge(_merge(a1, a2), a3), a4)], p1 + p2 + p3 + p4, melds)


def _from_vector(vec: tuple[int, ...], packed: int, melds: int | None) -> int:
    """The shanten a merged distance vector and packed counts give (``shanten`` inlines the same steps: it is the
    hot path, and a call costs a tenth of it)."""
    if melds is None:
        melds = (14 - (packed & 63)) // 3
    best = vec[9 - melds] - 1
    if melds == 0 and best > 0:
        best = min(best, SEVEN_PAIRS_SHANTEN[(packed >> 6) & 4095], THIRTEEN_ORPHANS_SHANTEN[packed >> 18])
    return best


def shanten_standard(counts: Sequence[int], melds: int | None = None, locked: Sequence[int] | None = None) -> int:
    """Shanten toward sets and a pair only.

    ``locked`` (34 counts of tiles already in the player's melds) caps each kind at 4 minus its locked copies,
    so a wait whose last copies sit in the player's own melds does not count.
    """
    b = check_counts(counts)
    if locked is not None:
        check_counts(locked, "locked", 16)
    if melds is None:
        melds = (14 - sum(b)) // 3
    elif isinstance(melds, bool) or not isinstance(melds, int) or not 0 <= melds <= 4:
        raise _melds_error(melds)
    if locked is not None and any(locked):
        vid = _intern(standard_distance_vector(counts[0:9], True, [4 - x for x in locked[0:9]]))
        for lo, hi, runs in ((9, 18, True), (18, 27, True), (27, 34, False)):
            vid = _merge(vid, _intern(standard_distance_vector(counts[lo:hi], runs, [4 - x for x in locked[lo:hi]])))
        return _VECTORS[vid][9 - melds] - 1
    e = _entries(b)
    vid = _merge(_merge(_merge(e[0][0], e[1][0]), e[2][0]), e[3][0])
    return _VECTORS[vid][9 - melds] - 1


def shanten_chiitoi(counts: Sequence[int]) -> int:
    """Shanten toward seven *distinct* pairs (a four-of-a-kind is one pair)."""
    check_counts(counts)
    pairs = sum(1 for x in counts if x >= 2)
    kinds = sum(1 for x in counts if x)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten toward thirteen orphans."""
    from jantaku.tiles import TERMINALS_AND_HONORS

    check_counts(counts)
    held = sum(1 for k in TERMINALS_AND_HONORS if counts[k])
    pair = any(counts[k] >= 2 for k in TERMINALS_AND_HONORS)
    return 13 - held - (1 if pair else 0)


def is_complete(counts: Sequence[int], melds: int | None = None) -> bool:
    """True when the concealed tiles plus ``melds`` sets form a winning shape (any of the three)."""
    return shanten(counts, melds) == -1


def cache_size() -> int:
    """How many suit shapes are memoised (for diagnostics and benchmarks)."""
    return len(_SUIT) + len(_HONOR)
