"""Tenhou's record values: meld codes decoded by hand from the bit layout in docs/tenhou-mjlog.md, impossible
codes refused, 136-ids turned into our tile codes under the game's red-five rule, and the ``GO type`` rule bits."""

from __future__ import annotations

import pytest

from jantaku.formats import GameRules, MeldType, code_of_id, codes_of_ids, decode_meld
from jantaku.tiles import RED_PIN, RED_SOU

# --- meld codes, decoded by hand -----------------------------------------------------------------------------


def test_chi() -> None:
    # 54431 = 53 << 10 | 0b0010011111: bit 2 set = chi. 53 % 3 = 2 (called = third tile); 53 // 3 = 17 →
    # start = (17 // 7) * 9 + 17 % 7 = 21 (4s). Copies at bits 3, 5, 7: 3, 0, 1 → 4s#3 = 87, 5s#0 = 88, 6s#1 = 93.
    meld = decode_meld(54431, who=3)
    assert meld.type is MeldType.CHI
    assert meld.tiles == (87, 88, 93)
    assert meld.called == 93
    assert meld.from_who == 2  # rel 3 = the player before
    assert codes_of_ids(meld.tiles, red_fives=True) == (21, RED_SOU, 23)


def test_pon() -> None:
    # 46185 = 90 << 9 | 0b000101001: bit 3 = pon; 90 % 3 = 0, kind 30 (North); unused copy (bits 5-6) = 3, so
    # the pon is North #0 #1 #2 and the called tile is the first of them; rel 1 = the next player.
    meld = decode_meld(46185, who=3)
    assert (meld.type, meld.tiles, meld.called, meld.from_who) == (MeldType.PON, (120, 121, 122), 120, 0)


def test_added_kan() -> None:
    # 16947 = 33 << 9 | 0b000110011: bit 4 = added kan; 33 % 3 = 0, kind 11 (3p); copy 1 (bits 5-6) is the
    # added tile, the pon was #0 #2 #3 with #0 called; rel 3.
    meld = decode_meld(16947, who=1)
    assert meld.type is MeldType.ADDED_KAN
    assert (meld.tiles, meld.added, meld.called, meld.from_who) == ((44, 45, 46, 47), 45, 44, 0)


def test_open_and_concealed_kan() -> None:
    # 27139 = 106 << 8 | 3: tile 106 (9s #2) called from rel 3; 31744 = 124 << 8 | 0: White, rel 0 = concealed.
    open_kan = decode_meld(27139, who=3)
    assert (open_kan.type, open_kan.tiles, open_kan.called, open_kan.from_who) == (
        MeldType.OPEN_KAN,
        (104, 105, 106, 107),
        106,
        2,
    )
    closed = decode_meld(31744, who=0)
    assert (closed.type, closed.tiles, closed.called, closed.from_who) == (
        MeldType.CLOSED_KAN,
        (124, 125, 126, 127),
        None,
        None,
    )


def test_north_extraction_and_sanma_source() -> None:
    # 31008 = 121 << 8 | 0x20: a North (#1) set aside. 31242 (3p pon by seat 2): rel 2 counts the empty seat,
    # (2 + 2) % 4 = 0, the seat that discarded it.
    north = decode_meld(31008, who=2, players=3)
    assert (north.type, north.tiles, north.called, north.from_who) == (MeldType.NORTH, (121,), None, None)
    pon = decode_meld(31242, who=2, players=3)
    assert (pon.type, pon.tiles, pon.called, pon.from_who) == (MeldType.PON, (81, 82, 83), 82, 0)


@pytest.mark.parametrize("code", [(21 * 3) << 10 | 0x4, (34 * 3) << 9 | 0x8, 136 << 8, 1 << 16])
def test_impossible_codes_are_rejected(code: int) -> None:
    with pytest.raises(ValueError, match=str(code)):
        decode_meld(code, who=0)


def test_codes_of_ids_and_rule_bits() -> None:
    assert [code_of_id(t, red_fives=True) for t in (16, 17, 52, 88, 135)] == [34, 4, RED_PIN, RED_SOU, 33]
    assert code_of_id(52, red_fives=False) == 13
    with pytest.raises(ValueError):
        code_of_id(136, red_fives=True)
    assert GameRules.from_bits(169) == GameRules(169, 4, True, True, True, False)
    assert GameRules.from_bits(185, 0).preset_name == "tenhou-sanma"
    assert GameRules.from_bits(0x02 | 0x04 | 0x40) == GameRules(0x46, 4, False, False, False, True)
