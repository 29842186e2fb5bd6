"""A tour of every screen a player sees, for the tests that look at all of them (layout, translations).

``tour(person, server, host, lang)`` brings ``person`` (a page at the lobby, see ``helpers.Person``) through the
screens in ``SCREENS`` order and yields each screen's name while it is on the page, so the caller measures it or
keeps a screenshot, at whatever viewport the page has. The game is short and certain: a room with three CPUs
whose players start with 1,000 points, dealt two stacked hands (``server.stack``'s walls):

1. the person, dealer, holds ten different terminals and honours on the first draw and declares the abortive draw
   (the draw result; the dealer keeps the seat);
2. the ``RON`` scenario: the person's own turn (discard 9p), seat 1 throws 4m (the call prompt: Ron / Skip), the
   win result; seat 1 pays more than its 1,000 points and busts, which ends the game (the final standings).

The spectator's table is ``host``'s game (a second person, in a room of their own with three CPUs), watched by
the person through the watch link. The host's game waits at the host's first decision (one person with CPUs has
no timers), so the table holds still; one host serves any number of tours.
"""

from __future__ import annotations

from collections.abc import Iterator

from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import RON, Scenario

SCREENS = ("options", "lobby", "room", "draw", "turn", "call", "win", "standings", "spectator")

#: ten different terminals and honours on the dealer's first draw: the abortive draw "nine terminals"
NINE_TERMINALS = Scenario("nine-terminals", person="19m19p19s123z2345p", draws=("6z",), steps=())

#: the room's settings: everyone starts with 1,000 points, so the first payment busts its payer and ends the game
SHORT_GAME = {"preset": "standard", "options": {"start_points": 1000, "return_points": 1000, "target_points": 1000},
              "public": False}  # fmt: skip

#: the overlay's result card is up (a hand's result or the final standings)
RESULT = "#overlay:not([hidden]) #result"


def tour(person: Person, server: LiveServer, host: Person, lang: str) -> Iterator[str]:
    """Yields each name of ``SCREENS`` while that screen is on ``person``'s page (in ``lang``: "en" or "ja")."""
    page = person.page
    expect(page.locator("#play-now")).to_be_visible()

    # the options dialog, where the language is chosen
    page.click("#options-button")
    page.select_option("#opt-lang", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("#options")).to_be_visible()
    yield "options"
    page.click("#options-close")
    expect(page.locator("#options")).to_be_hidden()
    yield "lobby"

    # a room of the person's with three CPUs: the seats, the creator's settings card, the rules in force.
    # (The create_room message the Create button sends, with options the lobby's form would take typing.)
    page.evaluate("(settings) => window.jantaku.send({type: 'create_room', settings, cpus: ['normal', 'normal', "
                  "'normal']})", SHORT_GAME)  # fmt: skip
    expect(page.locator("#room-id")).to_be_visible()
    expect(page.locator(".seat-line .tag", has_text="CPU")).to_have_count(3)
    expect(page.locator("#apply-settings")).to_be_visible()
    yield "room"

    server.hub.stacked_walls.append([NINE_TERMINALS.wall(), RON.wall()])
    page.click("#ready-button")
    expect(page.locator("#start-button")).to_be_enabled()
    page.click("#start-button")
    person.wait_table()

    # hand 1: the abortive draw, declared at the first prompt
    person.wait_prompt()
    person.press("nine_terminals")
    expect(page.locator(RESULT)).to_be_visible()
    yield "draw"
    person.dismiss_result()

    # hand 2: the own turn, the call prompt, the win
    person.wait_prompt()
    assert "riichi" in person.buttons()
    yield "turn"
    person.click_tile("9p")
    person.wait_prompt()
    assert person.buttons() == {"ron", "pass"}
    yield "call"
    person.press("ron")
    expect(page.locator(RESULT + " .hora")).to_be_visible()
    yield "win"
    person.dismiss_result()
    expect(page.locator(RESULT + " #standings")).to_be_visible()
    yield "standings"
    person.dismiss_result()  # back to the room
    expect(page.locator("#leave-button")).to_be_visible()
    page.click("#leave-button")
    expect(page.locator("#play-now")).to_be_visible()

    # the spectator's table: the host's game, watched through its link
    room_id = host_game(host)
    page.goto(f"{person.url}/?watch={room_id}")
    expect(page.locator("#table .seat .river").first).to_be_attached()
    expect(page.locator("#table .seat-info").first).to_be_visible()
    expect(page.locator(".spectating")).to_be_visible()
    yield "spectator"
    page.goto(person.url)  # back to the lobby (stops watching), ready for another tour
    expect(page.locator("#play-now")).to_be_visible()


def host_game(host: Person) -> str:
    """The Room ID of ``host``'s game with three CPUs, started the first time it is asked for."""
    page = host.page
    if not page.locator("#table").is_visible():
        expect(page.locator("#play-now")).to_be_visible()
        for i in range(3):
            page.select_option(f"#create-cpu-{i}", "normal")
        page.click("#create-room")
        page.click("#ready-button")
        expect(page.locator("#start-button")).to_be_enabled()
        page.click("#start-button")
        host.wait_table()
        host.wait_prompt()
    room_id = host.state("room.room_id")
    assert isinstance(room_id, str)
    return room_id
