"""Tile counts packed into one integer, four bits per kind, so that a whole hand is counted with one addition per
tile and questions about it ("any honors?", "a fifth copy?", "how many 5p?") are a mask or a shift.

Nibble ``k`` (bits ``4k .. 4k+3``) counts kind ``k`` for ``k`` in 0..33, a red five counting as its five. Past the
34 kinds, each five is counted again split by colour: nibbles 34..36 count the red 5m/5p/5s (codes ``RED_MAN`` ..
``RED_SOU``), nibbles 37..39 the plain ones, so that every red-five rule is a per-nibble limit too (``limits``) and
dropping the extra nibbles (``KINDS_MASK``) leaves the counts of the 34 kinds. A suit is a run of nibbles: manzu is
bits 0..35, pinzu 36..71, souzu 72..107, honors 108..135, which makes one suit's counts a small integer key.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from jantaku.tiles import FIVES, GREENS, KINDS, RED_MAN, TERMINALS_AND_HONORS

NIBBLE = 4
SUIT_BITS = 9 * NIBBLE  # one numbered suit
SUIT_MASK = (1 << SUIT_BITS) - 1
HONOR_MASK = (1 << 7 * NIBBLE) - 1
REDS_SHIFT = KINDS * NIBBLE  # the red nibbles start after the 34 kinds
KINDS_MASK = (1 << REDS_SHIFT) - 1

PLAIN_SHIFT = (RED_MAN + 3) * NIBBLE  # the plain fives' nibbles
# code -> its one-tile increment; a dict (not a list) so that a code outside 0..36 (also a negative one) is a KeyError
CODE_BIT: dict[int, int] = {code: 1 << NIBBLE * code for code in range(KINDS)}
for _s, _five in enumerate(FIVES):
    CODE_BIT[_five] |= 1 << PLAIN_SHIFT + NIBBLE * _s
    CODE_BIT[RED_MAN + _s] = 1 << NIBBLE * _five | 1 << REDS_SHIFT + NIBBLE * _s


def mask(kinds: Iterable[int], per_kind: int = 0xF) -> int:
    """``per_kind`` placed in the nibble of each kind (0xF = "any copy of these kinds")."""
    out = 0
    for k in kinds:
        out |= per_kind << NIBBLE * k
    return out


ANY = mask(range(KINDS))
HIGHS = mask(range(RED_MAN + 6), 0x8)  # the top bit of every nibble: set once a count reaches 8
SUITS = (mask(range(0, 9)), mask(range(9, 18)), mask(range(18, 27)))
HONORS = mask(range(27, 34))
TERMINALS_HONORS = mask(TERMINALS_AND_HONORS)
SIMPLES = ANY & ~TERMINALS_HONORS
NOT_GREEN = ANY & ~mask(GREENS)


def count(packed: int, kind: int) -> int:
    return packed >> NIBBLE * kind & 0xF


def pack(counts: Sequence[int]) -> int:
    """Counts (0..15 each; 34 of them for a hand, 9 for a suit key) as one packed integer."""
    out = 0
    for k, n in enumerate(counts):
        out |= n << NIBBLE * k
    return out


def limits(red_fives: Sequence[int], absent: Collection[int]) -> int:
    """The per-nibble addend that lifts a count over the rules' limit into its nibble's top bit (``HIGHS``): a kind
    may be held 4 times (+3 makes 5 reach 8); a five of which the rules make ``r`` copies red may be held plain
    ``4 - r`` times and red ``r`` times; a kind the rules' set lacks (``absent``: 2m-8m in 3-player) may not be
    held at all (+7).
    Valid only on counts of at most 7 (check ``HIGHS`` on the counts themselves first)."""
    add = mask(range(KINDS), 3)
    for s in range(3):
        add |= (7 - red_fives[s]) << REDS_SHIFT + NIBBLE * s
        add |= (3 + red_fives[s]) << PLAIN_SHIFT + NIBBLE * s
    for k in absent:
        add = add & ~(0xF << NIBBLE * k) | 7 << NIBBLE * k
    return add
