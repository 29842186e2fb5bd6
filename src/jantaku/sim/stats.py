"""Statistics of a simulation, per line-up player and per level, each with a 95% confidence interval.

Means (placement, final score, win value) use mean ± t·s/√n over games (or wins), t being Student's 97.5%
quantile for n − 1 degrees of freedom (1.96 for many games; wider for few, and no interval from one); per-hand
rates (win, deal-in, riichi, call, exhaustive draw) and shares (placement distribution, tsumo share) use the
Wilson score interval, which stays inside [0, 1] for rare events. Placement gaps take the block of rotated games
on the same walls as their unit (``block_ci``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from jantaku.sim.play import GameRecord, PlayerLine

Z = 1.96


@dataclass(frozen=True, slots=True)
class Estimate:
    value: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, float | int | None]:
        """As JSON: a bound or value that does not exist (no data, or one block) is null, never NaN."""

        def num(x: float) -> float | None:
            return None if math.isnan(x) else x

        return {"value": num(self.value), "low": num(self.low), "high": num(self.high), "n": self.n}

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


# Student's t, 97.5% quantile, for 1..4 degrees of freedom (beyond, the Cornish–Fisher series of ``t975``)
_T975 = (12.706, 4.303, 3.182, 2.776)


def t975(df: int) -> float:
    """Student's t 97.5% quantile for ``df`` degrees of freedom (to 3 decimals; 1.96 in the limit)."""
    if df < 1:
        return math.nan
    if df <= len(_T975):
        return _T975[df - 1]
    z, v = Z, float(df)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
        + (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / (92160 * v**4)
    )


def mean_ci(xs: Sequence[float]) -> Estimate:
    """The mean with its 95% interval (Student's t); a single value has no interval (NaN bounds)."""
    n = len(xs)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = sum(xs) / n
    if n == 1:
        return Estimate(m, math.nan, math.nan, 1)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    h = t975(n - 1) * math.sqrt(var / n)
    return Estimate(m, m - h, m + h, n)


def wilson(k: int, n: int) -> Estimate:
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = k / n
    denom = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / denom
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / denom
    return Estimate(p, max(0.0, centre - h), min(1.0, centre + h), n)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    label: str
    games: int
    hands: int
    placement: Estimate  # average place, 1 = first
    places: tuple[Estimate, ...]  # share of games finished in each place
    score: Estimate
    win_rate: Estimate
    deal_in_rate: Estimate
    riichi_rate: Estimate
    call_rate: Estimate
    tsumo_share: Estimate
    win_value: Estimate
    draw_rate: Estimate
    faults: int = 0  # decisions an outside bot failed and the default played

    def to_json(self) -> dict[str, object]:
        return {
            "label": self.label,
            "games": self.games,
            "hands": self.hands,
            "placement": self.placement.to_json(),
            "places": [p.to_json() for p in self.places],
            "score": self.score.to_json(),
            "win_rate": self.win_rate.to_json(),
            "deal_in_rate": self.deal_in_rate.to_json(),
            "riichi_rate": self.riichi_rate.to_json(),
            "call_rate": self.call_rate.to_json(),
            "tsumo_share": self.tsumo_share.to_json(),
            "win_value": self.win_value.to_json(),
            "draw_rate": self.draw_rate.to_json(),
            "faults": self.faults,
        }


@dataclass(frozen=True, slots=True)
class Totals:
    """A player's sums over some games: what a profile keeps per family and length (``player_stats`` rows, added
    to as each game is recorded) and what ``player_stats`` sums from a simulation's lines. Every rate of
    ``PlayerStats`` is defined once, on these sums (``stats_from_totals``). ``draws``: None when not kept."""

    games: int = 0
    places: tuple[int, ...] = ()  # games finished 1st, 2nd, ...
    place_sum: int = 0  # the sum of places counted from 1
    score_sum: int = 0
    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    win_points: int = 0
    deal_in_points: int = 0
    draws: int | None = 0
    faults: int = 0

    @classmethod
    def of(cls, lines: Sequence[PlayerLine], seats: int) -> Totals:
        return cls(
            games=len(lines),
            places=tuple(sum(1 for p in lines if p.place == i) for i in range(seats)),
            place_sum=sum(p.place + 1 for p in lines),
            score_sum=sum(p.score for p in lines),
            hands=sum(p.hands for p in lines),
            wins=sum(p.wins for p in lines),
            tsumo=sum(p.tsumo for p in lines),
            deal_ins=sum(p.deal_ins for p in lines),
            riichi=sum(p.riichi for p in lines),
            calls=sum(p.called for p in lines),
            win_points=sum(sum(p.win_points) for p in lines),
            deal_in_points=sum(p.deal_in_points for p in lines),
            draws=sum(p.draws for p in lines),
            faults=sum(p.faults for p in lines),
        )

    @property
    def avg_win(self) -> float | None:
        """Points per win (None: no win)."""
        return self.win_points / self.wins if self.wins else None

    @property
    def avg_deal_in(self) -> float | None:
        """Points paid per deal-in (None: no deal-in)."""
        return self.deal_in_points / self.deal_ins if self.deal_ins else None


def mean_only(total: float, n: int) -> Estimate:
    """A mean known from its sum alone (no interval: the spread is not kept)."""
    return Estimate(total / n if n else math.nan, math.nan, math.nan, n)


def stats_from_totals(
    label: str,
    t: Totals,
    *,
    placement: Estimate | None = None,
    score: Estimate | None = None,
    win_value: Estimate | None = None,
) -> PlayerStats:
    """The statistics of sums: each rate and share with its Wilson interval. The means (placement, score, win
    value) come from the sums without an interval unless given (``player_stats`` has every value and gives them
    with Student's intervals)."""
    return PlayerStats(
        label=label,
        games=t.games,
        hands=t.hands,
        placement=placement or mean_only(t.place_sum, t.games),
        places=tuple(wilson(k, t.games) for k in t.places),
        score=score or mean_only(t.score_sum, t.games),
        win_rate=wilson(t.wins, t.hands),
        deal_in_rate=wilson(t.deal_ins, t.hands),
        riichi_rate=wilson(t.riichi, t.hands),
        call_rate=wilson(t.calls, t.hands),
        tsumo_share=wilson(t.tsumo, t.wins),
        win_value=win_value or mean_only(t.win_points, t.wins),
        draw_rate=Estimate(math.nan, math.nan, math.nan, 0) if t.draws is None else wilson(t.draws, t.hands),
        faults=t.faults,
    )


def player_stats(label: str, lines: Sequence[PlayerLine], seats: int) -> PlayerStats:
    """The statistics of a simulation's lines: the rates of their sums, the means with their intervals."""
    return stats_from_totals(
        label,
        Totals.of(lines, seats),
        placement=mean_ci([p.place + 1 for p in lines]),
        score=mean_ci([p.score for p in lines]),
        win_value=mean_ci([float(v) for p in lines for v in p.win_points]),
    )


def by_position(records: Sequence[GameRecord], lineup: Sequence[str]) -> list[PlayerStats]:
    """One row per line-up player, labelled ``P1 strong`` .."""
    n = len(lineup)
    return [player_stats(f"P{i + 1} {level}", [r.players[i] for r in records], n) for i, level in enumerate(lineup)]


def by_level(records: Sequence[GameRecord], lineup: Sequence[str]) -> list[PlayerStats]:
    """One row per distinct level, pooling the line-up players of that level (when a level sits twice)."""
    n = len(lineup)
    out = []
    for level in dict.fromkeys(lineup):
        lines = [r.players[i] for r in records for i, lv in enumerate(lineup) if lv == level]
        out.append(player_stats(level, lines, n))
    return out


def block_ci(diffs: Sequence[tuple[str, float]]) -> Estimate:
    """The mean of per-game differences with a 95% interval whose unit is the block of games sharing walls.

    The rotations of a block are dealt the same walls with the players moved round the table (duplicate play),
    so their differences are not independent: a seat's good walls favour one player in one rotation and the
    other in the next, and those swings cancel inside the block. The blocks are independent, so the estimate is
    the mean of block means with its interval (``n`` counts blocks; one block gives no interval); ``simulate``
    plays whole blocks, where that is the mean over games. An unrotated simulation has blocks of one game."""
    blocks: dict[str, list[float]] = {}
    for seed, d in diffs:
        blocks.setdefault(seed, []).append(d)
    return mean_ci([sum(v) / len(v) for v in blocks.values()])


def placement_gap(records: Sequence[GameRecord], lineup: Sequence[str], better: str, worse: str) -> Estimate:
    """Average placement of ``worse`` minus that of ``better`` per game (positive: ``better`` places better),
    with a 95% interval over blocks of games (``block_ci``); when a level sits more than once its players are
    averaged per game."""
    diffs = []
    for r in records:
        a = [r.players[i].place for i, lv in enumerate(lineup) if lv == better]
        b = [r.players[i].place for i, lv in enumerate(lineup) if lv == worse]
        if a and b:
            diffs.append((r.seed, sum(b) / len(b) - sum(a) / len(a)))
    return block_ci(diffs)


def by_power(records: Sequence[GameRecord], seats: int) -> list[tuple[PlayerStats, float]]:
    """Superpower matches: one row per power held (then "no power"), pooling every player that held it, with
    the power's uses per game."""
    groups: dict[str | None, list[PlayerLine]] = {}
    for r in records:
        for p in r.players:
            groups.setdefault(p.power, []).append(p)
    order = sorted(groups, key=lambda k: (k is None, k or ""))
    out = []
    for power in order:
        lines = groups[power]
        out.append((player_stats(power or "no power", lines, seats), sum(p.power_uses for p in lines) / len(lines)))
    return out


def power_gap(records: Sequence[GameRecord]) -> Estimate:
    """Average place of the players without a power minus that of those with one, per game where both sit
    (positive: holding a power places better), with a 95% interval over blocks of games (``block_ci``)."""
    diffs = []
    for r in records:
        a = [p.place for p in r.players if p.power is not None]
        b = [p.place for p in r.players if p.power is None]
        if a and b:
            diffs.append((r.seed, sum(b) / len(b) - sum(a) / len(a)))
    return block_ci(diffs)


def power_gaps(records: Sequence[GameRecord]) -> dict[str, Estimate]:
    """Each power's own gap: the average place of the players without a power minus that of each holder of the
    power, per game where both sit (positive: the power helps), with a 95% interval over blocks (``block_ci``)."""
    diffs: dict[str, list[tuple[str, float]]] = {}
    for r in records:
        none = [p.place for p in r.players if p.power is None]
        if not none:
            continue
        base = sum(none) / len(none)
        for p in r.players:
            if p.power is not None:
                diffs.setdefault(p.power, []).append((r.seed, base - p.place))
    return {power: block_ci(diffs[power]) for power in sorted(diffs)}
