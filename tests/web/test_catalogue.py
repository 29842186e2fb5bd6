"""The texts the browser takes from the server: one source in Python, every power and every CPU level in both
languages, served whole."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from jantaku.bots import LEVELS
from jantaku.engine.powers import CATALOGUE, POWERS
from jantaku.server import Settings
from jantaku.server.app import create_app
from jantaku.web.catalogue import LANGUAGES, LEVEL_NAMES, POWER_TEXT, catalogue


def test_every_power_has_its_texts_in_every_language() -> None:
    assert set(POWER_TEXT) == set(POWERS)
    for power, text in POWER_TEXT.items():
        assert text.icon, power
        for language in LANGUAGES:
            assert text.names.get(language), (power, language)
            assert text.toasts.get(language, "").startswith("{name}"), (power, language)


def test_the_catalogue_holds_the_engines_powers_in_order() -> None:
    powers = catalogue()["powers"]
    assert [p["name"] for p in powers] == list(POWERS)
    for entry in powers:
        spec = CATALOGUE[entry["name"]]
        assert entry["summary"] == {"en": spec.summary, "ja": spec.summary_ja}
        assert (entry["per_hand"], entry["per_game"], entry["target"]) == (spec.per_hand, spec.per_game, spec.target)
        assert set(entry["names"]) == set(entry["toast"]) == set(LANGUAGES)


def test_the_server_serves_the_catalogue(tmp_path: Path) -> None:
    app = create_app(Settings(db=f"sqlite:///{tmp_path / 'jantaku.db'}", data_dir=tmp_path))
    with TestClient(app) as client:
        served = client.get("/api/catalogue").json()
    assert served == catalogue()
    assert served["powers"][0]["names"]["ja"] == POWER_TEXT[POWERS[0]].names["ja"]


def test_the_catalogue_lists_the_bots_levels_with_their_names() -> None:
    """The page's level pickers offer exactly the levels ``make_player`` knows, in its order, named in both
    languages."""
    levels = catalogue()["levels"]
    assert [level["name"] for level in levels] == list(LEVELS)
    for level in levels:
        assert level["names"] == LEVEL_NAMES[level["name"]]
        assert all(level["names"].get(language) for language in LANGUAGES), level
