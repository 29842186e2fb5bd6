"""The bundled fonts and tile outlines (tools/gen_fonts.py) cover what the client shows, and carry their licence.

The client draws Japanese only from what it ships: the tile characters as outlines (js/glyphs.js) and the page's
text in "jantaku JP" (fonts/*.woff2, subsets of Noto Sans CJK JP). A Japanese character added to the sources
without re-running the generator would be a box on a machine without CJK fonts: these tests name it. The faces are
split by where their characters are shown: the page face holds what the lobby shows (the first load carries it),
the more face what lies past it (the rules' texts, the results): these tests hold the split to that.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from fontTools.ttLib import TTFont

from jantaku.rules.editor import PRESET_TEXTS, TEXTS
from jantaku.web import STATIC_DIR
from jantaku.web.catalogue import LEVEL_NAMES, POWER_TEXT

ROOT = Path(__file__).resolve().parents[2]
FONTS = STATIC_DIR / "fonts"
RERUN = "re-run `.venv/bin/python tools/gen_fonts.py` (needs fonts-noto-cjk) and commit what it writes"


@cache
def generator() -> ModuleType:
    path = ROOT / "tools" / "gen_fonts.py"
    spec = importlib.util.spec_from_file_location("gen_fonts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@cache
def cmap(file: str) -> frozenset[str]:
    return frozenset(chr(cp) for cp in TTFont(str(FONTS / file)).getBestCmap())


def face(name: str) -> frozenset[str]:
    """The characters of a face ("core", "page", "more", "extra") as its font file holds them."""
    return cmap(f"jantaku-jp-{name}.woff2")


def shown_by_bundled_font() -> frozenset[str]:
    return frozenset().union(*(cmap(f.file) for f in generator().faces()))


def test_the_faces_are_the_four_files_beside_the_licence() -> None:
    assert [f.name for f in generator().faces()] == ["core", "page", "more", "extra"]
    assert {p.name for p in FONTS.glob("*.woff2")} == {f.file for f in generator().faces()}, f"a stale font; {RERUN}"


def test_every_japanese_character_of_the_sources_is_in_the_bundled_font() -> None:
    found = generator().source_japanese()
    assert len(found) > 100, "the sources' Japanese was not found: is the generator looking in the right folders?"
    missing = sorted(found - shown_by_bundled_font())
    assert not missing, f"characters missing from the bundled font: {''.join(missing)}; {RERUN}"


def test_the_generator_finds_japanese_written_anywhere_in_the_client_sources() -> None:
    files = {path.relative_to(STATIC_DIR.parents[1]).as_posix() for path in generator().source_files()}
    for expected in ("web/static/js/i18n.js", "web/catalogue.py", "engine/powers.py", "server/names.py"):
        assert expected in files


@pytest.mark.parametrize(("first", "last", "what"), [(0x3041, 0x3096, "hiragana"), (0x30A1, 0x30FA, "katakana"),
                                                     (0x3001, 0x3002, "punctuation")])  # fmt: skip
def test_every_kana_draws_on_every_page_so_that_nicknames_in_kana_do(first: int, last: int, what: str) -> None:
    """Kana are in the core face, which every page loads before it draws."""
    missing = [chr(cp) for cp in range(first, last + 1) if chr(cp) not in face("core")]
    assert not missing, f"{what} missing from the core font: {''.join(missing)}; {RERUN}"


def test_the_core_font_holds_what_the_english_page_shows_and_no_kanji_more() -> None:
    gen = generator()
    assert set(gen.ENGLISH_PAGE) <= face("core")
    kanji = {ch for ch in face("core") if 0x3400 <= ord(ch) <= 0x9FFF}
    assert kanji == set(gen.ENGLISH_PAGE), "the English page's own font holds only the brand's and the button's kanji"
    app = (STATIC_DIR / "js" / "app.js").read_text(encoding="utf-8")
    assert "雀卓" in app and "日本語" in app, "the brand or the language button changed: update ENGLISH_PAGE"


def test_each_font_holds_the_range_the_page_fetches_it_for() -> None:
    """A character of a face's unicode-range that the face lacks would be a box where the font is fetched for it."""
    for f in generator().faces():
        in_range = {ch for ch in f.chars if any(lo <= ord(ch) <= hi for lo, hi in f.runs)}
        outside = "".join(sorted(f.chars - in_range))
        assert not outside, f"{f.file} holds characters outside its range: {outside}"
        held = {ch for ch in cmap(f.file) if generator().is_japanese(ch)}
        assert held <= f.chars, f"{f.file} holds characters the page would not fetch it for: it is stale; {RERUN}"
    covered = [cp for f in generator().faces() for lo, hi in f.runs for cp in range(lo, hi + 1)]
    assert len(covered) == len(set(covered)), "two faces claim the same character: the browser would fetch both"


def test_the_style_sheet_and_fonts_js_declare_the_faces_as_the_generator_writes_them() -> None:
    css = (STATIC_DIR / "style.css").read_text(encoding="utf-8")
    assert generator().style_block() in css, f"the @font-face block of style.css is stale; {RERUN}"
    root = re.search(r":root \{[^}]*?font-family: ([^;]+);", css)
    assert root is not None and '"jantaku JP"' in root.group(1), "the page's font stack must name the bundled font"
    for match in re.finditer(r'url\("([^"]+)"\)', generator().style_block()):
        assert (STATIC_DIR / match.group(1)).is_file(), f"style.css names a missing font {match.group(1)}"
    fonts_js = (STATIC_DIR / "js" / "fonts.js").read_text(encoding="utf-8")
    assert generator().samples_block() in fonts_js, f"the samples of fonts.js are stale; {RERUN}"
    samples = dict(re.findall(r'(\w+): "\\u([0-9a-f]{4})"', generator().samples_block()))
    assert set(samples) == {"core", "page", "more"}
    for name, code in samples.items():  # asking for a sample loads its face, and that face only
        assert chr(int(code, 16)) in face(name), f"the {name} face's sample is not in it"


#: the page's Japanese texts, from i18n.js as written (a key, a text in double quotes), read without the generator
JA_TEXT = re.compile(r'(\w+): "([^"]*)"')


def ja_table() -> str:
    i18n = (STATIC_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    start = i18n.index("\nconst JA = {")
    return i18n[start : i18n.index("\n};\n", start)]


def lobby_names() -> str:
    """The server's names the lobby lists: the presets, the CPU levels, the superpowers."""
    names = [p.ja for p in PRESET_TEXTS.values()] + [n["ja"] for n in LEVEL_NAMES.values()]
    return "".join(names + [p.names["ja"] for p in POWER_TEXT.values()])


def test_the_page_face_holds_what_the_lobby_shows() -> None:
    """The lobby draws with the core and page faces alone (the first load): every text its module names, the
    presets', CPU levels' and powers' names it lists (tests/browser/test_fonts.py checks the drawn lobby too)."""
    texts = dict(JA_TEXT.findall(ja_table()))
    lobby = (STATIC_DIR / "js" / "screens" / "lobby.js").read_text(encoding="utf-8")
    named = set(re.findall(r'\bt\("(\w+)"', lobby))
    assert {"playNow", "createRoom", "autoMatch", "history"} <= named and named <= set(texts)
    shown = "".join(texts[key] for key in named) + lobby_names()
    missing = {ch for ch in shown if generator().is_japanese(ch)} - face("core") - face("page")
    assert not missing, f"the lobby shows characters the first load lacks: {''.join(sorted(missing))}; {RERUN}"


def test_the_rules_texts_and_the_yaku_names_stay_out_of_the_first_load() -> None:
    """Japanese that only the rules editor's explanations or the results show is in the more face, which the page
    loads only past the lobby: written there, it never grows the first load."""
    i18n = (STATIC_DIR / "js" / "i18n.js").read_text(encoding="utf-8")
    yaku = re.search(r"export const YAKU = \{(.*?)\n\};", i18n, re.S)
    assert yaku is not None
    japanese = generator().japanese
    only_rules = japanese("".join(t.summary_ja for t in TEXTS.values())) - japanese(i18n + lobby_names()) - face("core")
    only_yaku = japanese(yaku.group(1)) - japanese(ja_table() + lobby_names()) - face("core")
    assert len(only_rules) > 30 and len(only_yaku) > 20
    for what, chars in (("the rules' explanations", only_rules), ("the yaku names", only_yaku)):
        assert chars <= face("more"), f"{what}: {''.join(sorted(chars - face('more')))} not in the more face"
        assert not chars & face("page"), f"{what} grow the first load: {''.join(sorted(chars & face('page')))}"
    assert len(face("page")) < len(face("more")), "the first screen's face should be the smaller"


def test_every_tile_character_has_an_outline_and_no_face_is_text() -> None:
    tiles = (STATIC_DIR / "js" / "tiles.js").read_text(encoding="utf-8")
    glyphs = (STATIC_DIR / "js" / "glyphs.js").read_text(encoding="utf-8")
    outlined = set(re.findall(r'^  "(.)": "M[-0-9 mlcqz]+",$', glyphs, re.M))
    on_faces = {ch for ch in re.findall(r'"(.)"', tiles) if generator().is_japanese(ch)}
    assert len(on_faces) == 16 and on_faces <= outlined, f"tile characters without an outline: {on_faces - outlined}"
    assert "<text" not in tiles.replace('<text x="5" y="12"', ""), "a tile face other than its corner index is text"
    assert "<text" not in (STATIC_DIR / "favicon.svg").read_text(encoding="utf-8")


def absolute_points(path: str) -> list[tuple[int, int]]:
    """The on-curve points of glyphs.js path data (M, then relative m l c q, and z), in absolute units."""
    points: list[tuple[int, int]] = []
    at = start = (0, 0)
    for command, args in re.findall(r"([MmlcqZz])([-\d ]*)", path):
        numbers = [int(n) for n in re.findall(r"-?\d+", args)]
        pairs = list(zip(numbers[::2], numbers[1::2], strict=True))
        if command in "Zz":
            at = start
            continue
        base = (0, 0) if command == "M" else at
        at = (base[0] + pairs[-1][0], base[1] + pairs[-1][1])  # a curve's last point is on it, the others steer it
        points.append(at)
        if command in "Mm":
            start = at
    return points


def test_the_outlines_are_whole_glyphs_centred_on_their_box() -> None:
    """A relative path that lost its place (a "z" returns to the subpath's start) draws strokes out of place: its
    box is no longer the em-sized box centred on the origin the generator wrote (the box of the on-curve points
    is: a font puts a point at each extreme of a contour)."""
    glyphs = (STATIC_DIR / "js" / "glyphs.js").read_text(encoding="utf-8")
    for ch, path in re.findall(r'^  "(.)": "([^"]+)",$', glyphs, re.M):
        assert path.count("M") == 1 and path.endswith("z"), f"{ch}: one path of closed contours"
        xs, ys = zip(*absolute_points(path), strict=True)
        assert abs(max(xs) + min(xs)) <= 4 and abs(max(ys) + min(ys)) <= 4, f"{ch} is not centred on its box"
        assert max(xs) - min(xs) > 800 and (max(ys) - min(ys) > 600 or ch in "一二"), f"{ch}: not a whole character"
        assert max(xs) - min(xs) <= 1000 and max(ys) - min(ys) <= 1000, f"{ch}: larger than the em"


def test_the_licence_ships_beside_the_fonts_and_names_their_copyright() -> None:
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "TERMINATION" in licence and "DISCLAIMER" in licence
    for file in (f.file for f in generator().faces()):
        names = TTFont(str(FONTS / file))["name"]
        copyright_ = names.getDebugName(0)
        assert copyright_ and "Adobe" in copyright_ and "Adobe" in licence
        assert "Open Font License" in (names.getDebugName(13) or "")
        # a Modified Version does not go by the original's name (the OFL's Reserved Font Names)
        assert names.getDebugName(1) == "jantaku JP" and "Source" not in (names.getDebugName(4) or "")
    assert "glyphs.js" in licence and "OFL.txt" in (STATIC_DIR / "js" / "glyphs.js").read_text(encoding="utf-8")
