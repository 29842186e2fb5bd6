"""The wall: a seeded, verifiable shuffle; the live wall, the dead wall, indicators and replacement draws.

Fairness: the order comes from SHA-256 in counter mode over (game seed, hand number), not from ``random`` (whose
algorithm is an implementation detail), so any client can re-derive it. Each hand publishes a commitment —
SHA-256 over a per-hand salt and the order — before the first draw, and reveals salt and order when the hand
ends; anyone can then check that the wall was fixed in advance.

Model (docs/rules.md#max_replacements and #kan_dora; 3-player play in #sanma): the last 14 tiles form the dead
wall; its first four tiles are the replacement draws, then five dora indicators each followed by its ura
indicator. After every replacement draw the live wall's last tile joins the dead wall, so the dead wall stays at
14 and the live wall shrinks (Tenhou's model; sanma may replace up to 8 times). Zung Jung has no dead wall:
replacements come from the tail of the live wall.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import KIND_OF_ID, PHYSICAL

DEAD_WALL = 14
REPLACEMENTS = 4
_INDICATOR_AT = (4, 6, 8, 10, 12)


def tile_set(rules: RuleSet) -> list[int]:
    """Physical tile ids in play under the rules (108 in sanma: 2m..8m removed)."""
    absent = rules.absent_kinds
    return [t for t in range(PHYSICAL) if KIND_OF_ID[t] not in absent]


class _Stream:
    """Deterministic bytes from SHA-256(seed ‖ counter)."""

    def __init__(self, seed: bytes) -> None:
        self.seed, self.counter, self.buf = seed, 0, b""

    def below(self, n: int) -> int:
        """A uniform int in [0, n) by rejection sampling on 32-bit words."""
        limit = (1 << 32) - (1 << 32) % n
        while True:
            if len(self.buf) < 4:
                self.buf += hashlib.sha256(self.seed + self.counter.to_bytes(8, "big")).digest()
                self.counter += 1
            word, self.buf = int.from_bytes(self.buf[:4], "big"), self.buf[4:]
            if word < limit:
                return word % n


def shuffled_order(rules: RuleSet, seed: int | str, hand_number: int) -> tuple[list[int], bytes]:
    """(wall order, salt) for one hand: Fisher–Yates driven by the stream of (seed, hand number)."""
    material = f"jantaku-wall:{seed}:{hand_number}".encode()
    stream = _Stream(material)
    order = tile_set(rules)
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    salt = hashlib.sha256(b"salt:" + material).digest()[:16]
    return order, salt


def commitment(order: Sequence[int], salt: bytes) -> str:
    """SHA-256 hex of salt ‖ order (one byte per tile id)."""
    return hashlib.sha256(salt + bytes(order)).hexdigest()


@dataclass
class Wall:
    """One hand's wall. ``order`` is every tile in draw order, the dead wall being its last 14."""

    order: list[int]
    salt: bytes = b""
    dead_wall: bool = True
    live: list[int] = field(init=False)
    dead: list[int] = field(init=False)
    replacement_queue: list[int] = field(init=False)
    replacements: int = field(init=False, default=0)
    revealed: int = field(init=False, default=1)
    taken: int = field(init=False, default=0)  # tiles taken from the live wall's front (the deal included)

    def __post_init__(self) -> None:
        if self.dead_wall:
            self.live = list(self.order[:-DEAD_WALL])
            self.dead = list(self.order[-DEAD_WALL:])
            self.replacement_queue = self.dead[:REPLACEMENTS]
        else:
            self.live, self.dead, self.replacement_queue = list(self.order), [], []

    @classmethod
    def shuffled(cls, rules: RuleSet, seed: int | str, hand_number: int) -> Wall:
        order, salt = shuffled_order(rules, seed, hand_number)
        return cls(order, salt, dead_wall=rules.riichi)

    @property
    def commitment(self) -> str:
        return commitment(self.order, self.salt)

    @property
    def remaining(self) -> int:
        """Live tiles left to draw."""
        return len(self.live)

    def draw(self) -> int:
        self.taken += 1
        return self.live.pop(0)

    def deal(self, n: int) -> list[int]:
        out, self.live = self.live[:n], self.live[n:]
        self.taken += len(out)
        return out

    def draw_replacement(self) -> int:
        """A kan / North-extraction replacement: from the dead wall, which the live wall's end then tops up.
        Without a dead wall (Zung Jung) it is the live wall's last tile."""
        if not self.dead_wall:
            return self.live.pop()
        if self.replacements < len(self.replacement_queue):
            tile = self.replacement_queue[self.replacements]
        else:
            raise IndexError("no replacement tile left")
        self.replacements += 1
        if self.live:
            self.replacement_queue.append(self.live.pop())
        return tile

    def indicators(self) -> list[int]:
        """The dora indicators revealed so far (none without a dead wall)."""
        if not self.dead_wall:
            return []
        return [self.dead[i] for i in _INDICATOR_AT[: self.revealed]]

    def ura_indicators(self) -> list[int]:
        if not self.dead_wall:
            return []
        return [self.dead[i + 1] for i in _INDICATOR_AT[: self.revealed]]

    def reveal_indicator(self) -> int:
        """Turn the next kan-dora indicator face up and return it."""
        if self.revealed >= len(_INDICATOR_AT):
            raise IndexError("all five indicators are already revealed")
        self.revealed += 1
        return self.dead[_INDICATOR_AT[self.revealed - 1]]


def stacked_order(
    rules: RuleSet,
    deal: Sequence[Iterable[int]],
    draws: Iterable[int] = (),
    dead: Iterable[int] = (),
) -> list[int]:
    """A wall that deals the given tiles: ``deal[i]`` to seat i (13 each, the dealer first as dealt in blocks
    4-4-4-1 is *not* modelled: seats receive their 13 in one run, seat 0 first), then ``draws`` in draw order,
    with ``dead`` as the first tiles of the dead wall (replacements, then indicators); everything else is filled
    from the unused tiles in id order. For scenario tests and for rebuilding recorded games."""
    used: list[int] = []
    for hand in deal:
        used.extend(hand)
    used.extend(draws)
    dead_list = list(dead)
    taken = set(used) | set(dead_list)
    if len(taken) != len(used) + len(dead_list):
        raise ValueError("a physical tile appears twice in the stacked wall")
    rest = [t for t in tile_set(rules) if t not in taken]
    dead_size = DEAD_WALL if rules.riichi else 0
    fill_dead = dead_list + rest[: max(0, dead_size - len(dead_list))]
    rest = rest[len(fill_dead) - len(dead_list) :]
    return used + rest + fill_dead
