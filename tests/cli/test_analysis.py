"""``jantaku shanten``: shanten per form, waits or accepting tiles for 13 tiles, the discard table for 14, as the
hand calculator computes them."""

from __future__ import annotations

import json

from jantaku.hand import Hand, discard_options, ukeire
from jantaku.tiles import kind_name
from tests.cli.helpers import (
    invoke,
)


def test_shanten_13_tiles_tenpai_shows_waits() -> None:
    result = invoke("shanten", "123m456p789s1122z")
    assert result.exit_code == 0
    assert "tenpai" in result.stdout and "Waits: 1z×2 2z×2" in result.stdout
    data = json.loads(invoke("shanten", "123m456p789s1122z", "--json").stdout)
    assert data["shanten"] == {"standard": 0, "seven_pairs": 4, "thirteen_orphans": 8, "minimum": 0}
    assert data["tenpai"] is True
    assert data["waits"] == [{"tile": "1z", "unseen": 2}, {"tile": "2z", "unseen": 2}]


def test_shanten_13_tiles_not_tenpai_shows_accepting_tiles() -> None:
    hand = "1m456p123z [789s] (1111s)"
    data = json.loads(invoke("shanten", hand, "--json").stdout)
    h = Hand.parse(hand)
    acc = ukeire(h.concealed_counts(), h.meld_counts(), None)
    assert data["shanten"]["minimum"] == acc.shanten == 2
    assert data["shanten"]["seven_pairs"] is None  # not with melds
    assert data["waits"] == [] and data["tenpai"] is False
    assert data["accepting"] == [{"tile": kind_name(k), "unseen": n} for k, n in acc.tiles]
    assert "Accepting tiles: 1m×3 2m×4 3m×4 1z×3 2z×3 3z×3" in invoke("shanten", hand).stdout


def test_shanten_14_tiles_discard_table_best_first() -> None:
    hand = "1234m456p3578s11z6z"
    data = json.loads(invoke("shanten", hand, "--json").stdout)
    h = Hand.parse(hand)
    options = discard_options(h.concealed_counts(), h.meld_counts(), None)
    assert [d["discard"] for d in data["discards"]] == [kind_name(o.discard) for o in options]
    assert [d["total"] for d in data["discards"]] == [o.total for o in options]
    assert data["discards"][0]["shanten"] == 1 and data["discards"][-1]["shanten"] == 2
    table = invoke("shanten", hand).stdout
    assert "Discards, best first" in table
    assert table.index("6z  ") < table.index("8s  ")  # a 1-shanten discard comes before a 2-shanten one


def test_shanten_thirteen_orphans_and_bad_sizes() -> None:
    data = json.loads(invoke("shanten", "159m19p19s1234567z", "--json").stdout)
    assert data["shanten"]["thirteen_orphans"] == 0 and data["discards"][0]["discard"] == "5m"
    assert len(data["discards"][0]["tiles"]) == 13
    for bad in ("123m", "123m456p789s11z", "123m456p789s1z2z3z"):  # 3, 11 and 12 tiles
        result = invoke("shanten", bad)
        assert result.exit_code == 2 and result.stderr.startswith("error: invalid_hand:")


def test_shanten_in_sanma_counts_only_the_three_player_set() -> None:
    """docs/rules.md, the sanma preset: 2m-8m are removed from the set. A lone 1m or 9m is helped by a 2m, 3m, 7m or 8m
    in a four-player set and by no manzu but its own copies in sanma."""
    hand = "1m9m1234p789s1122z"
    four = json.loads(invoke("shanten", hand, "--json").stdout)
    three = json.loads(invoke("shanten", hand, "--rules", "sanma", "--json").stdout)
    assert three["rules"] == "sanma" and four["rules"] == "standard"
    assert {"tile": "2m", "unseen": 4} in four["accepting"]
    tiles = {t["tile"] for t in three["accepting"]}
    assert not tiles & {f"{n}m" for n in range(2, 9)}
    assert {"1m", "9m"} <= tiles
    assert three["accepting_total"] == four["accepting_total"] - 16  # four copies each of 2m, 3m, 7m, 8m
    for row in json.loads(invoke("shanten", "1m9m1234p789s1122z5z", "--rules", "sanma", "--json").stdout)["discards"]:
        assert not {t["tile"] for t in row["tiles"]} & {f"{n}m" for n in range(2, 9)}


def test_shanten_refuses_a_tile_the_rules_do_not_hold() -> None:
    result = invoke("shanten", "1234m456p789s1122z", "--rules", "sanma")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: invalid_hand:") and "2m" in result.stderr
    assert invoke("shanten", "1234m456p789s1122z", "--rules", "nosuch").exit_code == 2
