"""Shanten: how many tiles a hand is from ready (0 = tenpai, -1 = complete).

The standard shape (sets and a pair) is measured exactly as a *distance*: the fewest tiles that must be added
(each with a free discard) until the hand contains its missing sets and a pair, never using a fifth copy of a kind.
Shanten is that distance minus one. Because the distance is exact, a wait on a tile whose four copies are all in
the player's own hand and melds is correctly *not* tenpai (RULES.md, Definitions: tenpai).

Why it is fast: the distance splits by suit. Each suit's counts (a 9- or 7-byte key) map to a *vector* of ten
distances — for 0..4 sets, without and with the pair — computed once by a small dynamic programme over ranks and
memoised. Vectors are interned to small ints, and the min-plus merge of two interned vectors is memoised by the
pair of ints, so a warm call is four dict reads, three merge reads and a little arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence

_INF = 99

# vector layout: index p*5 + m = distance to m complete sets plus p (0/1) pairs inside one suit
_VECTORS: list[tuple[int, ...]] = []
_VECTOR_ID: dict[tuple[int, ...], int] = {}
_MERGED: dict[tuple[int, int], int] = {}
# suit key -> (vector id, packed counts: see _entry)
_SUIT: dict[bytes, tuple[int, int]] = {}
_HONOR: dict[bytes, tuple[int, int]] = {}
# four suits' vector ids -> the merged vector
_FINAL: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
# whole hands (34-byte key) -> shanten, for callers that ask about the same hand again (bots, ukeire sweeps)
_HAND: dict[bytes, int] = {}
_HAND_LIMIT = 1 << 20


State = dict[tuple[int, int, int, int], int]
START: State = {(0, 0, 0, 0): 0}


def dp_step(states: State, h: int, cap: int, can_run: bool) -> State:
    """Advance the distance DP by one rank holding ``h`` tiles (see ``_distance_vector``)."""
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
                    if nxt.get(key, _INF) > c:
                        nxt[key] = c
    return nxt


def dp_finish(states: State) -> tuple[int, ...]:
    """The ten distances once every rank is placed (no run may still be open)."""
    vec = [_INF] * 10
    for (m, p, due0, due1), cost in states.items():
        if due0 == 0 and due1 == 0 and cost < vec[p * 5 + m]:
            vec[p * 5 + m] = cost
    return tuple(vec)


def _distance_vector(held: Sequence[int], runs: bool, caps: Sequence[int] | None = None) -> tuple[int, ...]:
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


def _merge(a: int, b: int) -> int:
    """Interned min-plus merge of two suits' vectors (exactly one pair overall)."""
    key = (a, b)
    got = _MERGED.get(key)
    if got is not None:
        return got
    x, y = _VECTORS[a], _VECTORS[b]
    out = [_INF] * 10
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
    vid = _MERGED[key] = _intern(tuple(out))
    return vid


_TABLES: list[tuple[bytes, bytes, list[int]]] = []


def _tables() -> tuple[bytes, bytes, list[int]]:
    """The shipped vectors of every shape (tools/gen_shanten_table.py), loaded on first use."""
    if not _TABLES:
        import zlib
        from importlib.resources import files

        raw = zlib.decompress((files("jantaku.hand") / "shanten_table.bin").read_bytes())
        n = raw[0]
        ids = [_intern(tuple(raw[1 + 10 * i : 11 + 10 * i])) for i in range(n)]
        start = 1 + 10 * n
        _TABLES.append((raw[start : start + 5**9], raw[start + 5**9 : start + 5**9 + 5**7], ids))
    return _TABLES[0]


def _shape_vector(key: bytes, honors: bool) -> int:
    suits, hons, ids = _tables()
    index = 0
    for c in reversed(key):
        index = index * 5 + c
    fid = (hons if honors else suits)[index] if max(key) <= 4 else 255
    if fid != 255:
        return ids[fid]
    return _intern(_distance_vector(key, runs=not honors))


def _entry(key: bytes, honors: bool) -> tuple[int, int]:
    """(vector id, packed counts) of one suit's shape, memoised.

    The packed int holds, in 6-bit fields: tiles, kinds with a pair, kinds held, terminal/honor kinds held,
    and whether a terminal/honor is paired — so the four suits' fields add up with one ``+`` each.
    """
    vid = _shape_vector(key, honors)
    kinds = sum(1 for c in key if c)
    pairs = sum(1 for c in key if c >= 2)
    if honors:
        yao, yao_pair = kinds, 1 if pairs else 0
    else:
        yao = (key[0] > 0) + (key[8] > 0)
        yao_pair = 1 if key[0] >= 2 or key[8] >= 2 else 0
    packed = sum(key) | pairs << 6 | kinds << 12 | yao << 18 | yao_pair << 24
    entry = (vid, packed)
    (_HONOR if honors else _SUIT)[key] = entry
    return entry


def _entries(b: bytes) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]:
    k1, k2, k3, k4 = b[0:9], b[9:18], b[18:27], b[27:34]
    return (
        _SUIT.get(k1) or _entry(k1, False),
        _SUIT.get(k2) or _entry(k2, False),
        _SUIT.get(k3) or _entry(k3, False),
        _HONOR.get(k4) or _entry(k4, True),
    )


def _final(key: tuple[int, int, int, int]) -> tuple[int, ...]:
    vec = _VECTORS[_merge(_merge(_merge(key[0], key[1]), key[2]), key[3])]
    if len(_FINAL) >= _HAND_LIMIT:
        _FINAL.clear()
    _FINAL[key] = vec
    return vec


def shanten(counts: Sequence[int], melds: int | None = None) -> int:
    """Minimum shanten over the standard shape, seven pairs and thirteen orphans.

    ``counts`` is a 34-count list of the concealed tiles (13 or 14 tiles with no melds, 3 fewer per meld);
    ``melds`` is the number of called or concealed-kan sets, inferred from the tile count when omitted.
    Seven pairs and thirteen orphans only apply to a hand without melds.
    """
    b = bytes(counts)
    if melds is None:
        hit = _HAND.get(b)
        if hit is not None:
            return hit
    try:
        a1, p1 = _SUIT[b[0:9]]
        a2, p2 = _SUIT[b[9:18]]
        a3, p3 = _SUIT[b[18:27]]
        a4, p4 = _HONOR[b[27:34]]
    except KeyError:
        (a1, p1), (a2, p2), (a3, p3), (a4, p4) = _entries(b)
    key = (a1, a2, a3, a4)
    vec = _FINAL.get(key) or _final(key)
    packed = p1 + p2 + p3 + p4
    memo = melds is None
    if melds is None:
        melds = (14 - (packed & 63)) // 3
    best = vec[9 - melds] - 1
    if melds == 0 and best > 0:
        chiitoi = 6 - ((packed >> 6) & 63)
        kinds = (packed >> 12) & 63
        if kinds < 7:
            chiitoi += 7 - kinds
        if chiitoi < best:
            best = chiitoi
        kokushi = 13 - ((packed >> 18) & 63) - (1 if packed >> 24 else 0)
        if kokushi < best:
            best = kokushi
    if memo:
        if len(_HAND) >= _HAND_LIMIT:
            _HAND.clear()
        _HAND[b] = best
    return best


def shanten_standard(counts: Sequence[int], melds: int | None = None, locked: Sequence[int] | None = None) -> int:
    """Shanten toward sets and a pair only.

    ``locked`` (34 counts of tiles already in the player's melds) caps each kind at 4 minus its locked copies,
    so a wait whose last copies sit in the player's own melds does not count.
    """
    if melds is None:
        melds = (14 - sum(counts)) // 3
    if locked is not None and any(locked[k] and counts[k] for k in range(34)):
        vid = _intern(_distance_vector(counts[0:9], True, [4 - x for x in locked[0:9]]))
        for lo, hi, runs in ((9, 18, True), (18, 27, True), (27, 34, False)):
            vid = _merge(vid, _intern(_distance_vector(counts[lo:hi], runs, [4 - x for x in locked[lo:hi]])))
        return _VECTORS[vid][9 - melds] - 1
    e = _entries(bytes(counts))
    vid = _merge(_merge(_merge(e[0][0], e[1][0]), e[2][0]), e[3][0])
    return _VECTORS[vid][9 - melds] - 1


def shanten_chiitoi(counts: Sequence[int]) -> int:
    """Shanten toward seven *distinct* pairs (a four-of-a-kind is one pair)."""
    pairs = sum(1 for x in counts if x >= 2)
    kinds = sum(1 for x in counts if x)
    return 6 - pairs + max(0, 7 - kinds)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten toward thirteen orphans."""
    from jantaku.tiles import TERMINALS_AND_HONORS

    held = sum(1 for k in TERMINALS_AND_HONORS if counts[k])
    pair = any(counts[k] >= 2 for k in TERMINALS_AND_HONORS)
    return 13 - held - (1 if pair else 0)


def is_complete(counts: Sequence[int], melds: int | None = None) -> bool:
    """True when the concealed tiles plus ``melds`` sets form a winning shape (any of the three)."""
    return shanten(counts, melds) == -1


def cache_size() -> int:
    """How many suit shapes are memoised (for diagnostics and benchmarks)."""
    return len(_SUIT) + len(_HONOR)


# --- every discard, every draw: the ukeire sweep ------------------------------------------------------------------

_ADD: dict[tuple[bytes, bool], tuple[tuple[bytes, tuple[int, int]] | None, ...]] = {}
_REM: dict[tuple[bytes, bool], tuple[tuple[bytes, tuple[int, int]] | None, ...]] = {}
_BOUNDS = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))


def _neighbours(key: bytes, honors: bool, delta: int) -> tuple[tuple[bytes, tuple[int, int]] | None, ...]:
    """For each rank: the suit key and entry with one tile more (delta=1) or less (-1); None where impossible."""
    memo = _REM if delta < 0 else _ADD
    got = memo.get((key, honors))
    if got is not None:
        return got
    table = _HONOR if honors else _SUIT
    out: list[tuple[bytes, tuple[int, int]] | None] = []
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


def _closed_forms(packed: int) -> int:
    """min(seven pairs, thirteen orphans) shanten from summed packed counts."""
    chiitoi = 6 - ((packed >> 6) & 63)
    kinds = (packed >> 12) & 63
    if kinds < 7:
        chiitoi += 7 - kinds
    kokushi = 13 - ((packed >> 18) & 63) - (1 if packed >> 24 else 0)
    return chiitoi if chiitoi < kokushi else kokushi


_TIGHT: dict[tuple[int, int, int], tuple[int, int]] = {}
_GAINS: dict[tuple[bytes, bool], tuple[int, ...]] = {}
_RANKS_FOR: dict[tuple[bytes, bool, int], tuple[int, ...]] = {}


def _tight(a: int, rest: int, m: int) -> tuple[int, int]:
    """(distance, mask) for suit vector ``a`` merged with ``rest`` toward ``m`` sets and a pair: the mask marks
    the entries of ``a`` that lie on an optimal split, so only lowering one of them can lower the distance."""
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
        partner = r[m - i] if j >= 5 else r[5 + m - i]
        v = x[j] + partner
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


def _ranks_for(key: bytes, honors: bool, mask: int) -> tuple[int, ...]:
    memo_key = (key, honors, mask)
    got = _RANKS_FOR.get(memo_key)
    if got is None:
        got = _RANKS_FOR[memo_key] = tuple(r for r, g in enumerate(_gains(key, honors)) if g & mask)
    return got


_YAO = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _closed_form_draws(c: Sequence[int], packed: int, target: int) -> set[int]:
    """Kinds whose draw brings seven pairs or thirteen orphans below ``target`` (3n+1 hand ``c``, no melds;
    ``packed`` its summed per-suit counts).

    A draw lowers seven-pairs shanten by one when it pairs a single, or adds a new kind while fewer than seven
    kinds are held; it lowers thirteen-orphans shanten when it adds a missing terminal/honor, or pairs one while
    none is paired yet.
    """
    out: set[int] = set()
    pairs, kinds = (packed >> 6) & 63, (packed >> 12) & 63
    held, yao_pair = (packed >> 18) & 63, packed >> 24 > 0
    if 6 - pairs + max(0, 7 - kinds) - 1 < target:
        out.update(k for k in range(34) if c[k] == 1 or (c[k] == 0 and kinds < 7))
    if 13 - held - yao_pair - 1 < target:
        out.update(k for k in _YAO if c[k] == 0 or (c[k] == 1 and not yao_pair))
    return out


def discard_sweep(counts: Sequence[int], blocked: Sequence[int] | None = None) -> list[tuple[int, int, list[int]]]:
    """For a 3n+2 hand: each distinct discard → (kind, shanten after it, kinds whose draw lowers that shanten).

    A discard changes one suit and a draw one suit. For each (discard, suit) the merge with the other suits says
    which entries of the suit's vector are *tight* (on an optimal split); a draw lowers the distance exactly when
    it lowers a tight entry, and which ranks do that is memoised per suit shape. So the sweep costs a handful of
    memoised look-ups per discard instead of a shanten call per (discard, draw). ``blocked`` marks kinds that
    cannot be drawn (all copies in the player's own hand and melds).
    """
    b = bytes(counts)
    keys = [b[lo:hi] for lo, hi, _ in _BOUNDS]
    entries = [(_HONOR if h else _SUIT).get(k) or _entry(k, h) for k, (_, _, h) in zip(keys, _BOUNDS, strict=True)]
    vids = [e[0] for e in entries]
    total_packed = sum(e[1] for e in entries)
    melds = (14 - (total_packed & 63)) // 3
    m = 4 - melds
    closed = melds == 0
    # merges of every pair of untouched suits, and of every three
    pair_of = {(i, j): _merge(vids[i], vids[j]) for i in range(4) for j in range(i + 1, 4)}
    out: list[tuple[int, int, list[int]]] = []
    for sd in range(4):
        lo, _, honors_d = _BOUNDS[sd]
        others = [i for i in range(4) if i != sd]
        rest_d = _merge(pair_of[(others[0], others[1])], vids[others[2]])
        for rd, item in enumerate(_neighbours(keys[sd], honors_d, -1)):
            if item is None or not b[lo + rd]:
                continue
            key_d, entry_d = item
            dist, mask_d = _tight(entry_d[0], rest_d, m)
            s0 = dist - 1
            improving: list[int] = [lo + r for r in _ranks_for(key_d, honors_d, mask_d)]
            for st in others:
                two = [i for i in others if i != st]
                rest = _merge(pair_of[(two[0], two[1])], entry_d[0])
                _, mask = _tight(vids[st], rest, m)
                base_st = _BOUNDS[st][0]
                improving.extend(base_st + r for r in _ranks_for(keys[st], _BOUNDS[st][2], mask))
            if closed:
                packed = total_packed - entries[sd][1] + entry_d[1]
                cf = _closed_forms(packed)
                if cf <= s0:
                    c13 = list(counts)
                    c13[lo + rd] -= 1
                    if cf < s0:
                        s0 = cf
                        improving = []
                    improving = sorted(set(improving) | _closed_form_draws(c13, packed, s0))
            if blocked is not None:
                improving = [k for k in improving if not blocked[k]]
            improving.sort()
            out.append((lo + rd, s0, improving))
    return out
