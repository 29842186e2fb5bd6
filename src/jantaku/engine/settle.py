"""Scoring wins and settling drawn hands: the bridge from a Table to the riichi scorer and the payments of
docs/rules.md#noten_total and #nagashi_mangan. Deltas are lists indexed by absolute seat."""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.engine.table import Table
from jantaku.hand.model import Hand
from jantaku.scoring.riichi import ScoreResult, ScoringError, WinContext, score
from jantaku.scoring.riichi.points import MANGAN, tsumo_shares
from jantaku.scoring.zungjung import ZungJungContext, ZungJungResult, score_zung_jung
from jantaku.tiles import EAST, KIND_OF_ID, NORTH, is_terminal_or_honor


@dataclass(frozen=True, slots=True)
class WinKind:
    """How a win came: ``tsumo`` (with ``rinshan`` for a replacement draw), else ron on ``discarder``'s tile,
    ``chankan`` for a robbed kan, ``houtei`` for the last discard."""

    tsumo: bool
    discarder: int | None = None
    rinshan: bool = False
    chankan: bool = False
    houtei: bool = False


def win_hand(table: Table, seat: int, tile: int, tsumo: bool) -> Hand:
    """The 13 tiles without the winning tile, as the scorer's Hand (codes, melds)."""
    s = table.seats[seat]
    codes = table.codes
    concealed = list(s.hand)
    if tsumo:
        concealed.remove(tile)
    melds = tuple(m.to_meld(codes, seat, table.players) for m in s.melds)
    return Hand(tuple(codes[t] for t in concealed), melds)


def try_score(
    table: Table, seat: int, tile: int, how: WinKind, *, honba: int = 0, sticks: int = 0, check_only: bool = False
) -> ScoreResult | None:
    """The win scored, or None when the tiles do not make a hand with a yaku."""
    rules = table.rules
    s = table.seats[seat]
    rel = table.rel(seat)
    first = table.first_turn(seat) and not s.blessings_void
    riichi_on = s.riichi_accepted
    haitei = how.tsumo and table.wall.remaining == 0 and (not how.rinshan or rules.rinshan_haitei_stack)
    pao = None
    if s.pao is not None and rules.pao:
        pao = EAST + table.rel(s.pao)
    ctx = WinContext(
        tsumo=how.tsumo,
        riichi=riichi_on and s.riichi == 1,
        double_riichi=riichi_on and s.riichi == 2,
        ippatsu=riichi_on and s.ippatsu,
        rinshan=how.rinshan,
        chankan=how.chankan,
        haitei=haitei,
        houtei=how.houtei and not how.chankan,
        tenhou=how.tsumo and first and rel == 0 and not s.melds,
        chiihou=how.tsumo and first and rel != 0 and not s.melds,
        renhou=(not how.tsumo) and first and rel != 0 and rules.renhou_yakuman and not s.melds,
        dora=table.dora_indicators(),
        ura=table.ura_indicators() if riichi_on and rules.ura_dora and not check_only else (),
        kita=len(s.kita),
        round_wind=table.round_wind,
        seat_wind=EAST + rel,
        honba=honba,
        sticks=sticks,
        discarder=None if how.discarder is None else EAST + table.rel(how.discarder),
        pao=pao if pao != EAST + rel else None,
    )
    if rules.sanma and ctx.seat_wind == NORTH:  # pragma: no cover - a 3-player table has no North seat
        return None
    try:
        return score(win_hand(table, seat, tile, how.tsumo), table.codes[tile], ctx, rules)
    except ScoringError as exc:
        if exc.code in ("no_yaku", "not_winning"):
            return None
        raise


def zung_jung_score(table: Table, seat: int, tile: int, how: WinKind) -> ZungJungResult:
    """A Zung Jung win scored by the pattern scorer (every complete hand scores: no minimum).

    Blessing of Heaven: East's self-draw on the dealt 14 (no call or quad before). Blessing of Earth: a win on
    East's first discard with nothing interrupting (a concealed quad interrupts). Last tile: a self-draw that
    emptied the wall, or a win on the discard after it."""
    rel = table.rel(seat)
    first = not table.interrupted
    dealer = table.seats[table.dealer]
    ctx = ZungJungContext(
        self_draw=how.tsumo,
        robbing_quad=how.chankan,
        last_tile=(how.tsumo and table.wall.remaining == 0) or (how.houtei and not how.chankan),
        replacement=how.rinshan,
        blessing_heaven=how.tsumo and first and rel == 0 and dealer.discards == 0 and not how.rinshan,
        blessing_earth=(
            not how.tsumo
            and not how.chankan
            and first
            and how.discarder == table.dealer
            and dealer.discards == 1
            and not table.seats[seat].melds
        ),
        seat_wind=EAST + rel,
        discarder=None if how.discarder is None else table.rel(how.discarder),
    )
    return score_zung_jung(win_hand(table, seat, tile, how.tsumo), table.codes[tile], ctx, table.rules)


def zung_jung_deltas(table: Table, result: ZungJungResult) -> list[int]:
    """The pattern scorer's payments (keyed by seat wind, 0 = East) as deltas by absolute seat."""
    out = [0] * table.players
    for rel, delta in result.payments.items():
        out[(rel + table.dealer) % table.players] += delta
    return out


def absolute_deltas(table: Table, result: ScoreResult) -> list[int]:
    """The scorer's payments (keyed by wind, 0 = dealer) as deltas by absolute seat."""
    out = [0] * table.players
    for rel, delta in result.payment.by_seat.items():
        out[(rel + table.dealer) % table.players] += delta
    return out


def tenpai_seats(table: Table) -> list[bool]:
    """Formal tenpai of every seat (docs/rules.md#terms): a wait not used up in the seat's own tiles."""
    return [bool(s.waits) for s in table.seats]


def nagashi_seats(table: Table) -> list[int]:
    if not table.rules.nagashi_mangan:
        return []
    return [
        i
        for i, s in enumerate(table.seats)
        if s.nagashi and s.river and all(is_terminal_or_honor(KIND_OF_ID[r.tile]) for r in s.river)
    ]


def nagashi_deltas(table: Table, winners: list[int]) -> list[int]:
    """Each nagashi player is paid like a mangan tsumo, without honba or deposits (docs/rules.md)."""
    n = table.players
    out = [0] * n
    for w in winners:
        dealer_share, other_share = tsumo_shares(MANGAN, table.rel(w) == 0, n, table.rules)
        for seat in range(n):
            if seat != w:
                pay = dealer_share if table.rel(seat) == 0 else other_share
                out[seat] -= pay
                out[w] += pay
    return out


def noten_deltas(table: Table, tenpai: list[bool]) -> list[int]:
    """The noten payment total split: the noten seats pay it in equal shares, the tenpai seats share it."""
    n = table.players
    k = sum(tenpai)
    if k in (0, n):
        return [0] * n
    total = table.rules.noten_total
    return [total // k if t else -(total // (n - k)) for t in tenpai]
