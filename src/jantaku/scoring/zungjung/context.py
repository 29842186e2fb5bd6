"""How a Zung Jung hand was won: the facts the tiles alone do not tell.

Seats are 0..3 = East, South, West, North of *this hand* (the dealer is East, seat 0), as in the riichi scorer.
"""

from __future__ import annotations

from dataclasses import dataclass

from jantaku.tiles import EAST, NORTH

SEAT_LETTERS = "ESWN"


@dataclass(frozen=True, slots=True)
class ZungJungContext:
    """The situation of a win.

    ``self_draw``: won on a tile the winner drew (else on a discard, or by ``robbing_quad``).
    ``last_tile``: the winning tile was the wall's last draw (9.1.1) or the discard after it (9.1.2).
    ``replacement``: won on the supplement tile drawn after a quad (9.2).
    ``blessing_heaven`` / ``blessing_earth``: East won on the dealt 14 tiles / a non-dealer won on East's first
    discard (9.4.x). The engine sets these from the state of play (for Earth: East declared no concealed quad
    before that discard); the scorer still refuses them to a winner holding a concealed quad, as source [S4] says.
    ``seat_wind``: the winner's seat wind as a tile kind (``EAST`` .. ``NORTH``).
    ``discarder``: the seat that discarded the winning tile or added the robbed quad's tile; None on a
    discard win means the player before the winner (East for Blessing of Earth).
    """

    self_draw: bool = False
    robbing_quad: bool = False
    last_tile: bool = False
    replacement: bool = False
    blessing_heaven: bool = False
    blessing_earth: bool = False
    seat_wind: int = EAST
    discarder: int | None = None

    @property
    def winner(self) -> int:
        """The winner's seat (0 = East)."""
        return self.seat_wind - EAST

    @property
    def payer(self) -> int | None:
        """The seat that pays alone (discard or robbed quad), or None for a self-draw."""
        if self.self_draw:
            return None
        if self.discarder is not None:
            return self.discarder
        return 0 if self.blessing_earth else (self.winner - 1) % 4

    def problems(self) -> list[str]:
        """Flags that cannot go together, as sentences (empty when the context is consistent)."""
        out: list[str] = []
        if not EAST <= self.seat_wind <= NORTH:
            return ["seat_wind must be a wind kind (East .. North)"]
        if self.self_draw and self.robbing_quad:
            out.append("robbing a quad is a win on another player's tile, not a self-draw")
        if self.replacement and not self.self_draw:
            out.append("a win on a quad's supplement tile is a self-draw")
        if self.robbing_quad and self.last_tile:
            out.append("no quad can be declared on the last tile (no supplement tile is left), so none is robbed")
        if self.blessing_heaven and (not self.self_draw or self.winner != 0 or self.replacement or self.last_tile):
            out.append("Blessing of Heaven is East's self-drawn win on the dealt 14 tiles")
        if self.blessing_earth and (self.self_draw or self.robbing_quad or self.winner == 0 or self.payer != 0):
            out.append("Blessing of Earth is a non-dealer's win on East's first discard")
        if self.self_draw and self.discarder is not None:
            out.append("a self-drawn win has no discarder")
        if self.discarder is not None and not 0 <= self.discarder <= 3:
            out.append("discarder must be a seat 0..3 (East..North)")
        if self.discarder is not None and self.discarder == self.winner:
            out.append("the discarder cannot be the winner")
        return out
