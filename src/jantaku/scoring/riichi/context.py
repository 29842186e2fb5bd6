"""What the scorer must know about a win besides the tiles: how it was won, the table, and dora."""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.tiles import EAST

SEAT_LETTERS = "ESWN"


@dataclass(frozen=True, slots=True)
class WinContext:
    """The situation of a win. Winds are kinds (``EAST`` .. ``NORTH``); seats are winds of *this hand*
    (the dealer is East). ``dora``/``ura`` are *indicators* as tile codes, kan dora and kan ura included; ``kita``
    counts the winner's extracted Norths.
    ``discarder`` is the seat that dealt in on a ron (default: the player before the winner); ``pao`` is the
    liable seat when a liability yakuman was completed by that seat's discard."""

    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora: tuple[int, ...] = ()
    ura: tuple[int, ...] = ()
    kita: int = 0
    round_wind: int = EAST
    seat_wind: int = EAST
    honba: int = 0
    sticks: int = 0
    discarder: int | None = None
    pao: int | None = None

    @property
    def dealer(self) -> bool:
        return self.seat_wind == EAST

    @property
    def riichi_declared(self) -> bool:
        return self.riichi or self.double_riichi

    def problems(self) -> list[str]:
        """Flags that cannot go together, as sentences (an empty list means the context is consistent)."""
        out = []
        if self.tsumo and (self.chankan or self.houtei or self.renhou):
            out.append("chankan, houtei and renhou are ron wins; they cannot go with tsumo")
        if not self.tsumo and (self.rinshan or self.haitei or self.tenhou or self.chiihou):
            out.append("rinshan, haitei, tenhou and chiihou are tsumo wins")
        if self.riichi and self.double_riichi:
            out.append("riichi and double riichi are exclusive (double riichi replaces riichi)")
        if self.ippatsu and not self.riichi_declared:
            out.append("ippatsu needs riichi")
        if self.tenhou and not self.dealer:
            out.append("tenhou (Blessing of Heaven) is the dealer's win")
        if (self.chiihou or self.renhou) and self.dealer:
            out.append("chiihou and renhou are non-dealer wins")
        if self.haitei and self.houtei:
            out.append("haitei (last draw) and houtei (last discard) are exclusive")
        if self.chankan and self.houtei:
            out.append("chankan and houtei are exclusive (no kan is made on the last tile)")
        if self.ippatsu and self.rinshan:
            # docs/rules.md#interruption: any kan (or North extraction) is an interruption, and it ends ippatsu
            out.append("ippatsu and rinshan are exclusive: the winner's own kan or North extraction ends ippatsu")
        if (self.tenhou or self.chiihou or self.renhou) and (
            self.riichi_declared or self.rinshan or self.haitei or self.kita
        ):
            # docs/rules.md#first-go-around: calls and North extractions break the first go-around
            out.append("the blessings are won before the winner's first discard: no riichi, rinshan, haitei or North")
        if self.ura and not self.riichi_declared:
            out.append("ura dora are only revealed for a riichi winner")
        if self.discarder is not None and (self.tsumo or self.discarder == self.seat_wind):
            out.append("the discarder is the seat that dealt in on a ron: not the winner, and none on tsumo")
        if self.pao is not None and self.pao == self.seat_wind:
            out.append("the liable (pao) seat cannot be the winner")
        if min(self.honba, self.sticks, self.kita) < 0:
            out.append("honba, deposits and North extractions cannot be negative")
        return out
