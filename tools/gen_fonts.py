"""Generate the client's fonts and tile glyphs from Noto CJK (SIL Open Font License), so that no screen depends on
the fonts a machine has installed:

- ``web/static/js/glyphs.js``: the outlines of the characters on the tile faces (一..九, 萬, 東南西北, 發中) and on
  the favicon, as SVG path data from Noto Serif CJK JP Bold (a brush-like serif, as real tiles are printed).
- four faces of the page's font "jantaku JP", cut from Noto Sans CJK JP Regular, split by where their characters
  are shown, so that the first load carries only what the first screen (the lobby) draws:
  ``web/static/fonts/jantaku-jp-core.woff2``: what the English page may show: the brand (雀卓), the language
  button (日本語), and all of hiragana, katakana and CJK punctuation, so that nicknames in kana draw;
  ``web/static/fonts/jantaku-jp-page.woff2``: the rest of what the lobby can show in Japanese: the texts its
  modules name (``FIRST_SCREEN``: the lobby, the top bar, its options dialog, the connection banner) and the
  server's words it draws (the presets', CPU levels' and superpowers' names);
  ``web/static/fonts/jantaku-jp-more.woff2``: every other Japanese character of the client's sources: the room's
  and the table's words, the results (yaku names and the like), the notices, the rules editor's labels and
  explanations (``jantaku.rules``), the superpowers' summaries;
  ``web/static/fonts/jantaku-jp-extra.woff2``: the full-width and half-width forms and the small katakana
  extensions the sources do not use, for nicknames written in them;
- the ``@font-face`` block of ``web/static/style.css`` and the ``SAMPLES`` of ``web/static/js/fonts.js`` (a
  character of each face, which the page asks for to load a face) between their ``fonts: generated`` markers,
  and ``web/static/favicon.svg`` (the 中 tile).

The faces' ``unicode-range``s do not overlap: the browser fetches a face only for a page that shows one of its
characters. Those of the core, page and extra faces are their characters exactly; the more face's is every other
Japanese code point, so that adding to it never changes the style sheet the first load carries. The page loads
the core and page faces before its first draw, and the more face before it draws anything past the lobby
(``js/fonts.js``, ``js/app.js``): Japanese added to the rules, the results or the notices grows the more face,
never the first load. No layout features are kept (the page sets Japanese horizontally, in the font's default
forms): the vertical forms alone would weigh a third.

The output is deterministic: the same sources and fonts give the same bytes. Re-run after adding Japanese text
(``tests/web/test_fonts.py`` fails, naming the characters, until it has been):

    .venv/bin/python tools/gen_fonts.py [--sans PATH] [--serif PATH]

Needs fontTools and brotli (the test extra) and the Noto CJK fonts (Debian: ``apt-get install fonts-noto-cjk``).
The font licence is ``web/static/fonts/OFL.txt``.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import NamedTuple

from fontTools import subset
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "jantaku"
STATIC = PACKAGE / "web" / "static"
JS = STATIC / "js"
FONTS = STATIC / "fonts"

NOTO = Path("/usr/share/fonts/opentype/noto")
SANS = NOTO / "NotoSansCJK-Regular.ttc"
SANS_NAME = "Noto Sans CJK JP"
SERIF = NOTO / "NotoSerifCJK-Bold.ttc"
SERIF_NAME = "Noto Serif CJK JP Bold"

#: the family the page's CSS names; a subset is a modified font, so it does not carry the original's name
FAMILY = "jantaku JP"

#: where the texts a client can show live: the web client, the rules (names and explanations), the server (error
#: messages, CPU names) and the superpowers' texts
SOURCES = ("web/**/*", "rules/**/*", "server/**/*", "engine/powers.py")
SOURCE_SUFFIXES = {".py", ".js", ".css", ".html", ".json", ".md", ".svg"}

#: the Unicode blocks of Japanese text: CJK punctuation, kana, ideographs, full-width forms
JAPANESE = (
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0x3400, 0x4DBF),  # CJK unified ideographs extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xF900, 0xFAFF),  # CJK compatibility ideographs
    (0xFF00, 0xFFEF),  # half-width and full-width forms
)
#: the characters the English page shows itself (the brand 雀卓 and the language button 日本語), in the core face
#: (tests/browser/test_fonts.py checks the English page fetches nothing else)
ENGLISH_PAGE = "雀卓日本語"
#: blocks in the core face whole, whatever the sources say: a nickname in kana draws on every page
CORE_BLOCKS = ((0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF))
#: blocks a nickname may use but the page's own text rarely does: their other characters go to the extra face
EXTRA_BLOCKS = ((0x31F0, 0x31FF), (0xFF00, 0xFFEF))

#: the modules that draw the first screen, with every module they import: the lobby, the options dialog the top
#: bar opens, the connection banner. The page face holds the Japanese they show: the texts of i18n.js's ``JA``
#: table that they name (a string literal that is a key: ``t("playNow")``, ``"pausedAbsent"``) and the Japanese
#: written in them. A text named only as a template (``t(`errors.${code}`)``) is not theirs: app.js draws a
#: notice after the more face has loaded.
FIRST_SCREEN = ("screens/lobby.js", "screens/options.js", "notices.js")
#: the page around every screen (the top bar): its own texts, not its imports (it imports every screen)
PAGE_FRAME = "app.js"
#: the page's texts by language; its tables (``const EN = {...};``, ``JA``, the yaku's names) are not the words
#: of the modules that import it: only the texts they name are
I18N = "i18n.js"

#: the characters drawn as outlines: the tile faces (tiles.js) and the favicon
TILE_CHARS = "一二三四五六七八九萬東南西北發中"

STYLE_BEGIN = "/* fonts: generated by tools/gen_fonts.py from the sources' Japanese; do not edit by hand */"
STYLE_END = "/* end of fonts: generated */"
SAMPLES_BEGIN = "// fonts: generated by tools/gen_fonts.py; do not edit by hand"
SAMPLES_END = "// end of fonts: generated"


class Face(NamedTuple):
    """A font file of "jantaku JP": its name in fonts.js (``SAMPLES``), the characters it holds, and the
    unicode-range the page uses it for (what the browser fetches it for)."""

    name: str
    file: str
    chars: frozenset[str]
    runs: list[tuple[int, int]]


@cache
def faces() -> tuple[Face, ...]:
    """The four faces: core (what every page may show), page (the rest of the first screen's Japanese), more (every
    other Japanese character of the sources), extra (the forms nicknames may use that the sources do not)."""
    sources = source_japanese()
    core = set(ENGLISH_PAGE) | {chr(cp) for lo, hi in CORE_BLOCKS for cp in range(lo, hi + 1)}
    page = first_screen_japanese() - core
    more = sources - core - page
    extra = {chr(cp) for lo, hi in EXTRA_BLOCKS for cp in range(lo, hi + 1)} - sources - core - page
    # the more face is fetched for every Japanese character the others do not claim, so that Japanese added past
    # the lobby changes neither the first load's faces nor the style sheet's ranges (a character no face holds
    # falls back to the system's fonts, as it would anyway)
    rest = without(JAPANESE, {ord(ch) for ch in core | page | extra})
    made = [("core", core, ranges(map(ord, core))), ("page", page, ranges(map(ord, page))), ("more", more, rest),
            ("extra", extra, ranges(map(ord, extra)))]  # fmt: skip
    return tuple(Face(name, f"jantaku-jp-{name}.woff2", frozenset(c), runs) for name, c, runs in made)


def is_japanese(ch: str) -> bool:
    return any(lo <= ord(ch) <= hi for lo, hi in JAPANESE)


def japanese(text: str) -> set[str]:
    return {ch for ch in text if is_japanese(ch)}


def source_files() -> list[Path]:
    files = {p for pattern in SOURCES for p in PACKAGE.glob(pattern) if p.is_file() and p.suffix in SOURCE_SUFFIXES}
    return sorted(files)


def source_japanese() -> set[str]:
    """Every Japanese character written in the client's sources."""
    return {ch for path in source_files() for ch in japanese(path.read_text(encoding="utf-8"))}


#: a static import (or re-export) of a module of the client: ``import { t } from "./i18n.js";``
IMPORT = re.compile(r'^\s*(?:import|export)\b[^;]*?from\s+"(\.[^"]+)"', re.M)


def first_screen_modules() -> list[Path]:
    """The modules of ``FIRST_SCREEN`` and all they import (static imports, followed), and ``PAGE_FRAME``."""
    seen: set[Path] = set()
    todo = [JS / name for name in FIRST_SCREEN]
    while todo:
        path = todo.pop().resolve()
        if path in seen:
            continue
        seen.add(path)
        text = path.read_text(encoding="utf-8")
        todo += [path.parent / spec for spec in IMPORT.findall(text)]
    return sorted(seen | {(JS / PAGE_FRAME).resolve()})


#: a top-level table of i18n.js: ``const JA = {`` (or ``export const YAKU = {``) to the ``};`` that ends it
TABLE = re.compile(r"^(?:export )?const (\w+) = \{$(.*?)^\};$", re.M | re.S)


def japanese_texts() -> dict[str, str]:
    """i18n.js's ``JA`` table: each text by its key, nested tables' as ``errors.room_full``."""
    tables = {m[1]: m[2] for m in TABLE.finditer((JS / I18N).read_text(encoding="utf-8"))}
    texts: dict[str, str] = {}
    inside: list[str] = []
    for key, text, opens, closes in re.findall(r'(\w+): (?:"((?:[^"\\]|\\.)*)"|(\{))|(\})', tables.get("JA", "")):
        if closes:
            inside.pop()
        elif opens:
            inside.append(key)
        else:
            texts[".".join([*inside, key])] = text
    return texts


def first_screen_japanese() -> set[str]:
    """The Japanese the first screen can show: the texts its modules name, the Japanese written in them (outside
    i18n.js's tables), the style sheet's and the page's, and the server's words the lobby draws."""
    texts = japanese_texts()
    found: set[str] = set()
    for path in first_screen_modules():
        code = path.read_text(encoding="utf-8")
        if path.name == I18N:
            code = TABLE.sub("", code)
        found |= japanese(code)
        for literal in re.findall(r"[\"'`]([\w.]+)[\"'`]", code):
            found |= japanese(texts.get(literal, ""))
    for path in (STATIC / "style.css", STATIC / "index.html"):
        found |= japanese(path.read_text(encoding="utf-8"))
    return found | served_to_the_lobby()


def served_to_the_lobby() -> set[str]:
    """The server's words the lobby draws, from what the page fetches before its first draw (GET /api/presets,
    /api/catalogue): the names in its preset, CPU level and power pickers and in its list of rooms (the presets'
    summaries are only the pickers' tooltips, which the system draws, not the page's font)."""
    sys.path.insert(0, str(ROOT / "src"))  # this worktree's package, whatever the environment has installed
    try:
        from jantaku.rules.editor import PRESET_TEXTS
        from jantaku.web.catalogue import LEVEL_NAMES, POWER_TEXT
    finally:
        sys.path.remove(str(ROOT / "src"))
    names = [p.ja for p in PRESET_TEXTS.values()]
    names += [level["ja"] for level in LEVEL_NAMES.values()] + [power.names["ja"] for power in POWER_TEXT.values()]
    return japanese("".join(names))


def load(path: Path, name: str) -> TTFont:
    """The font called ``name`` (its full name) in a collection or font file."""
    if path.suffix.lower() in {".ttc", ".otc"}:
        for font in TTCollection(str(path)).fonts:
            if font["name"].getDebugName(4) == name:
                return font
        raise SystemExit(f"no font named {name!r} in {path}")
    return TTFont(str(path))


def rename(font: TTFont, style: str) -> None:
    """Give the subset the page's family name (the OFL keeps modified fonts from the original's name)."""
    table = font["name"]
    keep = {0, 7, 13, 14}  # copyright, trademark, licence and its address
    table.names = [record for record in table.names if record.nameID in keep]
    for name_id, value in ((1, FAMILY), (2, style), (3, f"{FAMILY} {style}; subset of {SANS_NAME}"),
                           (4, f"{FAMILY} {style}"), (6, f"{FAMILY.replace(' ', '')}-{style}")):  # fmt: skip
        table.setName(value, name_id, 3, 1, 0x409)


def subset_woff2(path: Path, name: str, chars: Iterable[str]) -> tuple[bytes, set[int]]:
    """The woff2 bytes of the font cut down to ``chars`` (only those it has), and the code points it kept."""
    font = load(path, name)
    cmap = font.getBestCmap()
    codepoints = sorted({ord(ch) for ch in chars} & set(cmap))
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True  # compresses better under woff2's brotli
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints)
    subsetter.subset(font)
    rename(font, "Regular")
    font.recalcTimestamp = False  # the same input gives the same bytes
    out = io.BytesIO()
    font.flavor = "woff2"
    font.save(out)
    return out.getvalue(), set(codepoints)


def ranges(codepoints: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted code points as (first, last) runs."""
    runs: list[tuple[int, int]] = []
    for cp in sorted(codepoints):
        if runs and runs[-1][1] == cp - 1:
            runs[-1] = (runs[-1][0], cp)
        else:
            runs.append((cp, cp))
    return runs


def without(blocks: Iterable[tuple[int, int]], holes: Iterable[int]) -> list[tuple[int, int]]:
    """The blocks with the code points ``holes`` cut out."""
    out: list[tuple[int, int]] = []
    cut = sorted(holes)
    for lo, hi in blocks:
        start = lo
        for cp in cut:
            if start <= cp <= hi:
                if cp > start:
                    out.append((start, cp - 1))
                start = cp + 1
        if start <= hi:
            out.append((start, hi))
    return out


def unicode_range(runs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"U+{lo:X}" if lo == hi else f"U+{lo:X}-{hi:X}" for lo, hi in runs)


def style_block() -> str:
    """The @font-face rules of the faces of the page's Japanese family."""
    lines = [STYLE_BEGIN]
    for face in faces():
        lines.append(f'@font-face {{ font-family: "{FAMILY}"; src: url("fonts/{face.file}") format("woff2"); '
                     "font-display: block;")  # fmt: skip
        lines.append(f"  unicode-range: {unicode_range(face.runs)}; }}")
    lines.append(STYLE_END)
    return "\n".join(lines)


def sample(face: Face) -> str:
    """A character the page asks for to load the face: its first letter (a kana or kanji, not a mark)."""
    return min(ch for ch in face.chars if ch.isalpha())


def samples_block() -> str:
    """fonts.js's ``SAMPLES``: a character of each face but the extra one (which the page never asks for), as
    escapes, so that fonts.js's own text adds no character to the faces it is read for."""
    entries = ", ".join(f'{face.name}: "\\u{ord(sample(face)):04x}"' for face in faces() if face.name != "extra")
    return "\n".join([SAMPLES_BEGIN, f"const SAMPLES = {{ {entries} }};", SAMPLES_END])


def write_between(path: Path, begin: str, end: str, block: str) -> None:
    """Puts ``block`` in place of the text from ``begin`` to ``end`` (markers included) in the file."""
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if not pattern.search(text):
        raise SystemExit(f"{path} has no block between {begin!r} and {end!r}")
    path.write_text(pattern.sub(lambda _: block, text), encoding="utf-8")


def outline(font: TTFont, ch: str) -> str:
    """SVG path data of one character, in font units (1000 to the em), y downwards, centred on its bounding box so
    that a face places it by its centre. Integer coordinates; every command after the first is relative."""
    glyphs = font.getGlyphSet()
    name = font.getBestCmap()[ord(ch)]
    bounds = BoundsPen(glyphs)
    glyphs[name].draw(bounds)
    assert bounds.bounds is not None, f"{ch} has no outline"
    x0, y0, x1, y1 = bounds.bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    pen = DecomposingRecordingPen(glyphs)
    glyphs[name].draw(pen)

    def point(p: tuple[float, float]) -> tuple[int, int]:
        return round(p[0] - cx), round(cy - p[1])

    parts: list[str] = []
    at = start = (0, 0)  # the current point, and where the subpath began (a "z" goes back there)

    def numbers(points: Iterable[tuple[int, int]], relative: bool = True) -> str:
        text, base = "", at
        for p in points:
            for v in (p[0] - base[0], p[1] - base[1]) if relative else p:
                text += f"{v}" if not text or v < 0 else f" {v}"
        return text

    for op, args in pen.value:
        if op == "moveTo":
            p = point(args[0])
            parts.append(("m" if parts else "M") + numbers([p], relative=bool(parts)))
            at = start = p
        elif op == "lineTo":
            p = point(args[0])
            parts.append("l" + numbers([p]))
            at = p
        elif op == "curveTo":
            ps = [point(a) for a in args]
            parts.append("c" + numbers(ps))
            at = ps[-1]
        elif op == "qCurveTo":
            ps = [point(a) for a in args]
            parts.append("q" + numbers(ps))
            at = ps[-1]
        elif op in ("closePath", "endPath"):
            parts.append("z")
            at = start
        else:
            raise ValueError(f"unexpected pen operation {op}")
    return "".join(parts)


def glyphs_module(font: TTFont) -> str:
    lines = [
        "// Generated by tools/gen_fonts.py from Noto Serif CJK JP Bold (SIL Open Font License: ../fonts/OFL.txt).",
        "// Do not edit: re-run the script. The outlines of the characters on the tile faces, drawn as SVG paths so",
        "// that no face depends on the fonts a machine has: path data in units of 1/1000 em, y downwards, centred",
        "// on the character's bounding box (place with translate(x y) scale(size / 1000)).",
        "",
        "/** character → SVG path data */",
        "export const GLYPHS = Object.freeze({",
    ]
    lines += [f'  "{ch}": "{outline(font, ch)}",' for ch in TILE_CHARS]
    lines += ["});", ""]
    return "\n".join(lines)


def favicon(font: TTFont) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80"><rect x="1" y="1" width="58" height="78" rx="6"'
        ' fill="#fbf8ef" stroke="#c9c1a8" stroke-width="2"/><path fill="#d0202a" transform="translate(30 42)'
        f' scale(.044)" d="{outline(font, "中")}"/></svg>\n'
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sans", type=Path, default=SANS, help=f"the file holding {SANS_NAME}")
    parser.add_argument("--serif", type=Path, default=SERIF, help=f"the file holding {SERIF_NAME}")
    args = parser.parse_args()

    serif = load(args.serif, SERIF_NAME)
    (STATIC / "js" / "glyphs.js").write_text(glyphs_module(serif), encoding="utf-8")
    (STATIC / "favicon.svg").write_text(favicon(serif), encoding="utf-8")

    FONTS.mkdir(exist_ok=True)
    for stale in set(FONTS.glob("*.woff2")) - {FONTS / face.file for face in faces()}:
        stale.unlink()  # a face that is no longer cut
    missing: set[str] = set()
    for face in faces():
        data, kept = subset_woff2(args.sans, SANS_NAME, face.chars)
        (FONTS / face.file).write_bytes(data)
        missing |= {ch for ch in face.chars if ord(ch) not in kept and ch in source_japanese()}
        print(f"{face.file}: {len(kept)} characters, {len(data)} bytes")
    write_between(STATIC / "style.css", STYLE_BEGIN, STYLE_END, style_block())
    write_between(JS / "fonts.js", SAMPLES_BEGIN, SAMPLES_END, samples_block())
    print(f"glyphs.js: {len(TILE_CHARS)} outlines; style.css: @font-face rules; fonts.js: samples")
    if missing:
        print("not in Noto Sans CJK JP (they fall back to the system's fonts): " + "".join(sorted(missing)))


if __name__ == "__main__":
    main()
