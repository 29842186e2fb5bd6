"""Japanese draws on a machine without CJK fonts, and the first load stays light.

Chromium runs with only Latin fonts (conftest.py's fonts.conf): the first test proves it, by fontconfig and by
Chromium drawing 日 as the same box it draws for a character no font has. Then: the tile faces are outlines, not
text (an honour's centre has ink, and each honour's differs: boxes would all be alike); the 日本語 button and the
Japanese UI draw in the bundled "jantaku JP", which holds every Japanese character on the lobby and the table;
the first load, counted in the bytes that travel (compressed), stays under 150 KB in both languages: English
fetches only the core face, Japanese the core and page faces (what the lobby shows), and the more face (the rules'
texts, the results, the table's words) comes only before a screen past the lobby is drawn, which then shows no
boxes: the rules editor opened in the lobby, the table, a hand's result, the table reloaded.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from fontTools.ttLib import TTFont

from jantaku.web import STATIC_DIR
from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import QUIET, TENHOU

FIRST_LOAD_BUDGET = 150 * 1024
CORE_FONT, PAGE_FONT, MORE_FONT, EXTRA_FONT = (f"jantaku-jp-{face}.woff2" for face in ("core", "page", "more", "extra"))
FONT_FILES = (CORE_FONT, PAGE_FONT, MORE_FONT, EXTRA_FONT)
UNLOADED = dict.fromkeys(FONT_FILES, "unloaded")
JA = "localStorage.setItem('jantaku.lang', 'ja')"

#: draws a text on a white canvas in a CSS font; returns the picture (a data URL) and how many pixels are dark
DRAW_TEXT = """async ([text, font]) => {
  await document.fonts.load(font, text);
  const canvas = document.createElement("canvas");
  canvas.width = 240; canvas.height = 80;
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff"; g.fillRect(0, 0, 240, 80);
  g.fillStyle = "#000"; g.font = font; g.textBaseline = "middle"; g.fillText(text, 4, 40);
  const data = g.getImageData(0, 0, 240, 80).data;
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++;
  return { picture: canvas.toDataURL(), dark };
}"""

#: puts every tile kind's face (tiles.js) in a strip over the page, each at 120×160 px; returns each face's texts
SHOW_FACES = """async () => {
  const { tileSVG } = await import("/static/js/tiles.js");
  const strip = document.createElement("div");
  strip.id = "face-strip";
  strip.style.cssText = "position:fixed;left:0;top:0;z-index:99;display:flex;flex-wrap:wrap;width:1260px";
  for (let kind = 0; kind < 34; kind++) {
    const cell = document.createElement("div");
    cell.style.cssText = "width:120px;height:160px;margin:0 6px 6px 0";
    cell.dataset.kind = kind;
    cell.innerHTML = tileSVG(kind * 4 + 1);
    cell.firstChild.style.cssText = "width:120px;height:160px;display:block";
    strip.append(cell);
  }
  document.body.append(strip);
  return [...strip.children].map((cell) => [...cell.querySelectorAll("text")].map((t) => t.textContent));
}"""

#: the dark pixels of a character of glyphs.js filled on a canvas at 100 px to the em (no font involved)
GLYPH_INK = """async (ch) => {
  const { GLYPHS } = await import("/static/js/glyphs.js");
  const canvas = document.createElement("canvas");
  canvas.width = 120; canvas.height = 120;
  const g = canvas.getContext("2d");
  g.translate(60, 60); g.scale(0.1, 0.1); g.fill(new Path2D(GLYPHS[ch]));
  const data = g.getImageData(0, 0, 120, 120).data;
  let ink = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 128) ink++;
  return ink;
}"""

#: the bundled font's faces as the page knows them: unicode-range and status
FACES = """() => [...document.fonts].filter((f) => f.family.replace(/"/g, "") === "jantaku JP")
  .map((f) => ({ range: f.unicodeRange, status: f.status }))"""


@cache
def bundled() -> frozenset[str]:
    chars: set[str] = set()
    for file in FONT_FILES:
        chars |= face_chars(file)
    return frozenset(chars)


@cache
def face_chars(file: str) -> frozenset[str]:
    return frozenset(chr(cp) for cp in TTFont(str(STATIC_DIR / "fonts" / file)).getBestCmap())


#: the Unicode blocks of Japanese text: CJK punctuation, kana and ideographs; compatibility ideographs; full width
JAPANESE = ((0x3000, 0x9FFF), (0xF900, 0xFAFF), (0xFF00, 0xFFEF))


def japanese(text: str) -> set[str]:
    """The Japanese characters of a text."""
    return {ch for ch in text if any(lo <= ord(ch) <= hi for lo, hi in JAPANESE)}


def faces_by_file(page: Any) -> dict[str, str]:
    """The status ("unloaded", "loaded") of each face of jantaku JP, known by the first code point of its range."""
    css = (STATIC_DIR / "style.css").read_text(encoding="utf-8")
    first = {m[1]: m[0] for m in re.findall(r'url\("fonts/([\w-]+\.woff2)"\)[^}]*?unicode-range: (U\+[0-9A-F]+)', css)}
    faces = page.evaluate(FACES)
    assert len(faces) == len(first) == 4, f"style.css should declare four faces of jantaku JP: {faces}"
    return {first[face["range"].split("-")[0].split(",")[0].upper()]: face["status"] for face in faces}


#: the visible elements under a root whose own text (no child elements) holds Japanese, each marked with an index
MARK_JAPANESE = """(root) => {
  document.querySelectorAll("[data-jp]").forEach((e) => { delete e.dataset.jp; });  // an earlier call's marks
  const found = [...document.querySelectorAll(root + " *")].filter((e) => e.children.length === 0
    && /[\\u3000-\\u9fff\\uff00-\\uffef]/.test(e.textContent)
    && e.tagName !== "OPTION" && e.checkVisibility());
  found.forEach((e, i) => { e.dataset.jp = i; });
  return found.map((e) => e.textContent);
}"""

#: puts each Japanese character of a marked element into an unassigned code point (drawn as a box), or back
AS_BOXES = """(e) => {
  e.dataset.text = e.textContent;
  e.textContent = e.textContent.replace(/[\\u3000-\\u9fff\\uff00-\\uffef]/g, "\\u0378");
}"""
BACK = "(e) => { e.textContent = e.dataset.text; }"


def assert_japanese_drawn(page: Any, root: str) -> list[str]:
    """Every element under ``root`` that shows Japanese looks different from the same element with boxes in place
    of its Japanese characters: none of it is drawn as boxes. Returns the texts checked."""
    texts: list[str] = page.evaluate(MARK_JAPANESE, root)
    boxed = []
    for i, text in enumerate(texts):
        element = page.locator(f'[data-jp="{i}"]')
        drawn = element.screenshot(animations="disabled")
        element.evaluate(AS_BOXES)
        boxes = element.screenshot(animations="disabled")
        element.evaluate(BACK)
        if drawn == boxes:
            boxed.append(text)
    assert not boxed, f"drawn as boxes: {boxed}"
    return texts


def test_chromium_here_has_no_cjk_font(fontconfig_file: Path, person: Person) -> None:
    if shutil.which("fc-list"):  # fontconfig's own answer, with the fonts.conf chromium gets
        env = {**os.environ, "FONTCONFIG_FILE": str(fontconfig_file)}
        listed = subprocess.run(["fc-list", ":lang=ja", "family"], env=env, capture_output=True, text=True, check=True)
        assert listed.stdout.strip() == "", f"fonts for Japanese are visible to chromium: {listed.stdout}"
        everything = subprocess.run(["fc-list", ":", "family"], env=env, capture_output=True, text=True, check=True)
        assert "DejaVu" in everything.stdout  # the config is read: it is not empty for a reason of its own
    page = person.page
    for font in ("48px sans-serif", "48px serif", "48px system-ui"):
        box = page.evaluate(DRAW_TEXT, ["\u0378\u0378\u0378", font])  # unassigned: no font anywhere has it
        system = page.evaluate(DRAW_TEXT, ["日本あ", font])
        assert box["dark"] > 50 and system["picture"] == box["picture"], f"{font} draws Japanese: a CJK font is seen"
    bundled_face = page.evaluate(DRAW_TEXT, ["日本語", '48px "jantaku JP"'])
    assert bundled_face["picture"] != box["picture"] and bundled_face["dark"] > 300


def test_tile_faces_are_outlines_that_draw_without_fonts(server: LiveServer, person: Person) -> None:
    page = person.page
    texts = page.evaluate(SHOW_FACES)
    for kind, face_texts in enumerate(texts):
        assert all(text.isascii() for text in face_texts), f"kind {kind}: a face character is text {face_texts}"
    person.screenshot("tile-faces.png")
    for ch in "一二三四五六七八九萬東南西北發中":
        assert page.evaluate(GLYPH_INK, ch) > 300, f"the outline of {ch} is nearly empty"

    def centre(kind: int) -> bytes:  # the face below its corner index, inside the frame
        box = page.locator(f'#face-strip [data-kind="{kind}"]').bounding_box()
        return bytes(page.screenshot(clip={"x": box["x"] + 16, "y": box["y"] + 30, "width": 88, "height": 112}))

    def hide_character(kind: int, how: str) -> None:
        """Removes the character's outline, or puts it back as the old SVG text in a serif font."""
        page.locator(f'#face-strip [data-kind="{kind}"] svg').evaluate(
            """(svg, [how, ch]) => {
              svg.querySelectorAll("path.glyph").forEach((p) => p.remove());
              if (how === "text") svg.insertAdjacentHTML("beforeend",
                `<text x="30" y="54" font-size="36" text-anchor="middle" font-family="serif">${ch}</text>`);
            }""", [how, "東南西北白發中"[kind - 27]])  # fmt: skip

    honours = {kind: centre(kind) for kind in (27, 28, 29, 30, 32, 33)}  # the winds, the green and red dragons
    man = {kind: centre(kind) for kind in range(9)}
    # a box looks the same whatever its character: the honours' and the man numbers' faces differ one from another
    assert len(set(honours.values())) == len(honours) and len(set(man.values())) == len(man)
    hide_character(27, "text")  # East as it was drawn before: SVG text, in the fonts this machine has
    as_text = centre(27)
    hide_character(28, "none")
    blank = centre(28)
    assert as_text not in honours.values() and blank not in honours.values()
    page.evaluate("document.getElementById('face-strip').remove()")

    server.stack(QUIET.wall())
    person.play_now()
    person.wait_prompt()
    person.click_drawn_or_last()
    person.wait_prompt()
    texts = page.eval_on_selector_all(".tile-svg text", "ts => ts.map(t => t.textContent)")
    glyphs = page.locator("#hand .tile-svg path.glyph").count()
    assert texts and all(text.isascii() for text in texts), f"tiles on the table draw text: {set(texts)}"
    assert glyphs > 0, "the person's hand holds a man or honour tile (QUIET deals 2468m and 5z): drawn as paths"
    # the table's own honour tile, on screen: the face as drawn differs from the same face with its character removed
    honour = page.locator("#hand .hand-tile .tile-svg:has(path.glyph)").last
    drawn = honour.screenshot()
    honour.evaluate("svg => svg.querySelectorAll('path.glyph').forEach((p) => p.setAttribute('visibility', 'hidden'))")
    blank = honour.screenshot()
    honour.evaluate("svg => svg.querySelectorAll('path.glyph').forEach((p) => p.removeAttribute('visibility'))")
    assert drawn != blank
    person.screenshot("table-en.png")


def test_the_language_button_draws_in_the_english_page(person: Person) -> None:
    page = person.page
    button = page.locator("#lang-switch")
    expect(button).to_have_text("日本語")
    page.evaluate("document.fonts.ready")
    assert faces_by_file(page) == {**UNLOADED, CORE_FONT: "loaded"}
    assert "日本語" in assert_japanese_drawn(page, "#topbar")
    font = button.evaluate("b => getComputedStyle(b).font")
    label = page.evaluate(DRAW_TEXT, ["日本語", font])
    tofu = page.evaluate(DRAW_TEXT, ["\u0378\u0378\u0378", font])
    assert label["picture"] != tofu["picture"] and label["dark"] > 150
    brand = page.locator("#topbar .brand")
    assert japanese(brand.inner_text()) <= bundled()
    person.screenshot("lobby-en.png")
    # switched to Japanese, the page loads the page face before it draws: nothing drawn while it loaded stays boxes
    button.click()
    expect(button).to_have_text("English")
    assert faces_by_file(page) == {**UNLOADED, CORE_FONT: "loaded", PAGE_FONT: "loaded"}
    assert len(assert_japanese_drawn(page, "body")) > 15


def shown_japanese(page: Any) -> set[str]:
    return japanese(page.evaluate("document.body.innerText + document.title"))


def test_the_japanese_ui_draws_in_the_bundled_font(server: LiveServer, people: Callable[..., Person]) -> None:
    person = people()
    person.page.context.add_init_script(JA)
    person.open("あおい")
    page = person.page
    expect(page.locator("#lang-switch")).to_have_text("English")
    page.evaluate("document.fonts.ready")
    assert faces_by_file(page) == {**UNLOADED, CORE_FONT: "loaded", PAGE_FONT: "loaded"}
    lobby = shown_japanese(page)
    first_load = face_chars(CORE_FONT) | face_chars(PAGE_FONT)
    assert len(lobby) > 20 and lobby <= first_load, f"not in the first load: {''.join(sorted(lobby - first_load))}"
    person.screenshot("lobby-ja.png")
    assert len(assert_japanese_drawn(page, "body")) > 15

    server.stack(QUIET.wall())
    person.play_now()
    assert faces_by_file(page)[MORE_FONT] == "loaded", "the table was drawn before the more face had loaded"
    person.wait_prompt()
    person.click_drawn_or_last()
    person.wait_prompt()
    page.evaluate("document.fonts.ready")
    table = shown_japanese(page)
    assert len(table) > 5 and table <= bundled(), f"not in the bundled font: {''.join(sorted(table - bundled()))}"
    assert table - first_load, "the table shows words past the lobby's: the more face is what draws them"
    person.screenshot("table-ja.png")
    assert len(assert_japanese_drawn(page, "body")) > 5


def test_the_rules_editor_opened_in_the_japanese_lobby_draws_without_boxes(people: Callable[..., Person]) -> None:
    """The editor's words (GET /api/options) and the more face are fetched as it opens, and it opens after them."""
    person = people()
    page = person.page
    page.context.add_init_script(JA)
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.removeprefix(person.url)))
    person.open("あおい")
    page.evaluate("document.fonts.ready")
    assert "/api/options" not in fetched and f"/static/fonts/{MORE_FONT}" not in fetched
    page.click("#create-advanced summary")
    expect(page.locator("#create-options .opt").first).to_be_visible()
    assert "/api/options" in fetched and faces_by_file(page)[MORE_FONT] == "loaded"
    editor = page.locator("#create-advanced")
    assert page.evaluate("document.getElementById('create-advanced').open")
    labels = editor.locator(".opt-label").all_inner_texts()
    assert len(labels) > 10 and all(japanese(label) for label in labels[:5]), f"the editor is not in Japanese: {labels}"
    person.screenshot("editor-ja.png")
    texts = assert_japanese_drawn(page, "#create-advanced")
    assert len(texts) > 40 and any("ドラ" in text for text in texts)


def test_a_result_and_a_reloaded_table_in_japanese_draw_without_boxes(
    server: LiveServer, people: Callable[..., Person]
) -> None:
    """A reload at the table is a first load that goes past the lobby: the table waits for the more face too."""
    person = people()
    page = person.page
    page.context.add_init_script(JA)
    person.open("あおい")
    server.stack(TENHOU.wall())
    person.play_now()
    person.wait_prompt()
    page.reload()
    person.wait_table()
    person.wait_prompt()
    assert faces_by_file(page)[MORE_FONT] == "loaded", "the reloaded table was drawn before the more face had loaded"
    assert len(assert_japanese_drawn(page, "#table")) > 5
    person.press("tsumo")
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(result.locator(".hora")).to_contain_text("天和")  # the yaku's name, a character the first load lacks
    person.screenshot("result-ja.png")
    texts = assert_japanese_drawn(page, "#result")
    assert any("天和" in text for text in texts) and len(texts) > 5


def first_load(person: Person) -> dict[str, int]:
    """Opens the lobby in a fresh context and returns each URL fetched with the bytes its body moved (compressed)."""
    page = person.page
    finished: list[Any] = []
    page.on("requestfinished", lambda request: finished.append(request))
    page.goto(person.url, wait_until="networkidle")
    expect(page.locator("#play-now")).to_be_visible()
    page.evaluate("document.fonts.ready")
    page.wait_for_load_state("networkidle")
    sizes: dict[str, int] = {}
    for request in finished:
        body = request.sizes()["responseBodySize"]
        sizes[request.url.removeprefix(person.url)] = body
    return sizes


def report(name: str, sizes: dict[str, int]) -> int:
    total = sum(sizes.values())
    print(f"\n{name} first load: {total} bytes ({total / 1024:.1f} KB) compressed, {len(sizes)} requests")
    for url, size in sorted(sizes.items(), key=lambda item: -item[1]):
        print(f"  {size:7d}  {url}")
    return total


def test_the_first_load_is_under_150_kb_and_english_skips_the_japanese_font(people: Callable[..., Person]) -> None:
    english = people()
    sizes = first_load(english)
    total = report("English", sizes)
    assert "/static/js/app.js" in sizes and "/static/style.css" in sizes and "/api/presets" in sizes
    fonts = {url.removeprefix("/static/fonts/") for url in sizes if url.endswith(".woff2")}
    assert fonts == {CORE_FONT}, f"the English lobby fetches {fonts}"
    assert "/api/options" not in sizes, "the rules editor's words are fetched before the lobby needs them"
    # the replay and its review panel bring their own modules, words and style sheets when they are opened
    assert [url for url in sizes if "replay" in url or "review" in url] == []
    # the text travels compressed: the style sheet's body is far smaller than the file
    assert sizes["/static/style.css"] < (STATIC_DIR / "style.css").stat().st_size / 2
    assert total < FIRST_LOAD_BUDGET, f"the English first load moves {total} bytes"

    japanese_person = people()
    japanese_person.page.context.add_init_script(JA)
    sizes = first_load(japanese_person)
    total_ja = report("Japanese", sizes)
    expect(japanese_person.page.locator("#play-now")).to_have_text("すぐに対局")
    # the presets are named without the rules editor's words (/api/options)
    expect(japanese_person.page.locator("#play-preset option:checked")).to_have_text("標準")
    fonts = {url.removeprefix("/static/fonts/") for url in sizes if url.endswith(".woff2")}
    assert fonts == {CORE_FONT, PAGE_FONT}, f"the Japanese lobby fetches {fonts}: the more face waits for the room"
    assert "/api/options" not in sizes
    assert total_ja < FIRST_LOAD_BUDGET, f"the Japanese first load moves {total_ja} bytes"
