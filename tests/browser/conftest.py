"""Browser tests: Playwright (sync API) drives Debian's Chromium against a real uvicorn server of this process.

Without Chromium (or Playwright) the browser tests are skipped with the reason; in CI (``JANTAKU_CI=1``) they
fail instead. ``make browser-deps`` (a prerequisite of ``make test``) installs Chromium where it can.

Every page a test opens is watched: a console error, an uncaught exception, a failed request or an HTTP status of
400 or more fails the test at teardown, but for the answers the test says it asks for (``expected_http``: a test
of an error screen declares its status and address, and any other error still fails it).

Chromium sees only Latin fonts (``FONTCONFIG_FILE`` names a fonts.conf of the DejaVu and Liberation folders), on
any machine: every test and screenshot shows what a machine without CJK fonts shows, where only the page's own
glyphs and bundled font draw Japanese (``test_fonts.py`` proves the condition holds).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import LiveServer, Person

CHROMIUM = Path(os.environ.get("JANTAKU_CHROMIUM") or "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]  # fmt: skip

#: records every action button the page ever drew, however briefly (hide-call-options must draw none)
WATCH_BUTTONS = """
window.__jantakuSeen = new Set();
new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) {
      if (node.nodeType !== 1) continue;
      if (node.id && node.id.startsWith("act-")) window.__jantakuSeen.add(node.id);
      node.querySelectorAll('[id^="act-"]').forEach((b) => window.__jantakuSeen.add(b.id));
    }
  }
}).observe(document, { childList: true, subtree: true });
"""


def _unavailable(reason: str) -> None:
    if os.environ.get("JANTAKU_CI") == "1":
        pytest.fail(f"{reason} (JANTAKU_CI=1: the browser tests must run)", pytrace=False)
    pytest.skip(reason)


#: font folders without a CJK character; chromium is given only those of them that exist
LATIN_FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/truetype/liberation",
    "/usr/share/fonts/truetype/liberation2",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/liberation",
)


@pytest.fixture(scope="session")
def fontconfig_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fonts.conf that knows only the Latin font folders and maps the generic families onto their text fonts
    (not DejaVu's maths font, which would otherwise win for a family fontconfig does not know)."""
    folder = tmp_path_factory.mktemp("fontconfig")
    dirs = "".join(f"  <dir>{d}</dir>\n" for d in LATIN_FONT_DIRS if Path(d).is_dir())
    generic = "".join(f"  <alias><family>{name}</family><prefer><family>{family}</family></prefer></alias>\n"
                      for name, family in (("sans-serif", "DejaVu Sans"), ("sans", "DejaVu Sans"),
                                           ("system-ui", "DejaVu Sans"), ("serif", "DejaVu Serif"),
                                           ("monospace", "DejaVu Sans Mono")))  # fmt: skip
    reject = "  <selectfont><rejectfont><glob>*MathTeXGyre*</glob></rejectfont></selectfont>\n"
    path = folder / "fonts.conf"
    path.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
                    f"{dirs}  <cachedir>{folder / 'cache'}</cachedir>\n{generic}{reject}</fontconfig>\n")  # fmt: skip
    return path


@pytest.fixture(scope="session")
def browser(fontconfig_file: Path) -> Iterator[Any]:
    if not CHROMIUM.exists():
        _unavailable(f"no Chromium at {CHROMIUM}: run `make browser-deps` (as root it runs apt-get install -y "
                     "chromium), or set JANTAKU_CHROMIUM to a Chromium binary")  # fmt: skip
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed: pip install -e '.[test]'")
    with sync_playwright() as p:
        env = {**os.environ, "FONTCONFIG_FILE": str(fontconfig_file)}
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, env=env)
        yield chromium
        chromium.close()


@pytest.fixture
def server(browser: Any, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path).start()
    yield live
    live.stop()


def watch(page: Any, problems: list[str]) -> None:
    """Console errors (with the address they are about), uncaught exceptions, failed requests and error statuses of
    one page go to ``problems``."""
    page.on("console", lambda m: problems.append(console_line(m)) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on(
        "requestfailed",
        lambda r: None if cancelled(r) else problems.append(f"request failed: {r.method} {r.url} {r.failure}"),
    )
    page.on("response", lambda r: problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None)


def cancelled(request: Any) -> bool:
    """A GET the browser dropped because the page no longer wants it (``net::ERR_ABORTED``: the test navigated or
    closed the page while the lobby's history or the account was loading): nothing a player sees fail. Any other
    failure, and any failed request that changes something, is a problem."""
    return request.method == "GET" and (request.failure or "").startswith("net::ERR_ABORTED")


def console_line(message: Any) -> str:
    """A console error as a problem: its text, and the address it is about (Chromium's "Failed to load resource"
    names the status in its text and the address only in its location)."""
    url = (message.location or {}).get("url") or ""
    return f"console {message.type}: {message.text}" + (f" [{url}]" if url else "")


def unexpected(problems: list[str], expected: list[tuple[int, str]]) -> list[str]:
    """The problems not explained by an expected answer: ``(status, address part)`` accounts for that response's
    status line and for the console's report of the same failed load, nothing else."""

    def expected_one(problem: str) -> bool:
        for status, part in expected:
            response = problem.startswith(f"HTTP {status}: ") and part in problem
            console = problem.startswith("console error:") and f"status of {status}" in problem and part in problem
            if response or console:
                return True
        return False

    return [p for p in problems if not expected_one(p)]


@pytest.fixture
def expected_http() -> list[tuple[int, str]]:
    """The error answers a test asks for on purpose, as ``(status, part of the address)``: append to it before the
    request (``expected_http.append((404, "/api/replays/"))``); any other error still fails the test."""
    return []


@pytest.fixture
def people(browser: Any, server: LiveServer, expected_http: list[tuple[int, str]]) -> Iterator[Callable[..., Person]]:
    """``people("Ann")``: a new browser (its own context: storage, token) at the lobby with that nickname."""
    contexts: list[Any] = []
    problems: list[str] = []

    def new(nickname: str | None = None) -> Person:
        context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
        context.set_default_timeout(15000)
        context.add_init_script(WATCH_BUTTONS)
        contexts.append(context)
        page = context.new_page()
        watch(page, problems)
        person = Person(page, server.url)
        if nickname is not None:
            person.open(nickname)
        return person

    yield new
    try:
        for context in contexts:
            for page in context.pages:
                page.wait_for_timeout(50)  # deliver the page's last events
        left = unexpected(problems, expected_http)
        assert not left, "the browser reported problems:\n" + "\n".join(left)
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def person(people: Callable[..., Person]) -> Person:
    return people("Ann")
