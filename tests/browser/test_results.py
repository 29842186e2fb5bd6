"""The hand's result and the game's end in a browser: the whole hand (melds with the called tile turned, a closed kan,
the Norths of sanma, the indicators, the fu item by item, the limit's name), Zung Jung in its own terms (patterns
with their points, no honba, deposits or dora at the table, a drawn hand without "tenpai"), the final standings
(no error notice after them), the wall's check kept over redraws and reloads, and the card on a phone.

Each hand is dealt from a stacked wall (tests/browser/scenarios.py) and checked by a dry run in the engine first,
so the CPUs cannot change what the person is offered. A room with other rules than "Play now"'s is asked for with
the same ``play_now`` message the lobby sends, naming the preset and its options.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from jantaku.bots import make_player
from jantaku.engine import Discard, Game, Pass
from jantaku.engine.wall import DEAD_WALL, stacked_order
from jantaku.rules import RuleSet, preset
from jantaku.tiles import kind_of_id, parse_tile
from tests.browser.helpers import LiveServer, Person, expect
from tests.browser.scenarios import RIICHI_TSUMO, RULES, Scenario, Step, dry_run, notation
from tests.engine.helpers import Tiles

ZJ = preset("zung-jung")
SANMA = preset("sanma")

#: the person throws the drawn 1m, pons seat 1's 4m, throws 9s and draws 7s: all simples, open, 1 han 30 fu
PON_TSUMO = Scenario(
    "pon-tsumo",
    person="44m234p567p22s56s9s",
    draws=("1m", "9m", "1p", "9p", "8p", "7s"),
    steps=(Step("discard", "1m"), Step("pon"), Step("discard", "9s"), Step("tsumo")),
)

#: a closed kan of 7z on the first draw, and the replacement tile completes the hand: After a kan
KAN_TSUMO = Scenario(
    "kan-tsumo",
    person="777z123m456p78s55m",
    draws=("7z",),
    dead=("9s",),
    steps=(Step("kan"), Step("tsumo")),
)

#: Zung Jung: East (14 tiles) throws 9m, pons seat 1's 4m, throws 1z and draws 5p: no pattern, a Chicken Hand
ZJ_CHICKEN = Scenario(
    "zj-chicken",
    person="44m123p789s55s67p1z",
    draws=("9m", "9p", "1p", "9p", "8p", "5p"),
    steps=(Step("discard", "9m"), Step("pon"), Step("discard", "1z"), Step("tsumo")),
)


def play_now(person: Person, preset_name: str = "standard", **options: Any) -> None:
    """A "Play now" table under a preset and options (the lobby's own message), at the person's first prompt."""
    settings = {"preset": preset_name, "options": options}
    person.page.evaluate("(s) => window.jantaku.send({type: 'play_now', settings: s, level: 'normal'})", settings)
    person.wait_table()


def play(person: Person, scenario: Scenario, rules: RuleSet | None = None) -> None:
    """The scenario's steps by clicks, checked against the dry run's buttons at each prompt."""
    prompts, _ = dry_run(scenario, rules=rules) if rules is not None else dry_run(scenario)
    for prompt in prompts:
        person.wait_prompt()
        assert person.buttons() == set(prompt.buttons), (prompt.step, person.buttons())
        if prompt.step.action == "discard":
            person.click_tile(prompt.step.tile)
        elif prompt.step.action == "riichi":
            person.press("riichi")
            person.click_tile(prompt.step.tile)
        else:
            person.press(prompt.step.action)


def start(
    server: LiveServer, person: Person, scenario: Scenario, preset_name: str = "standard", **options: Any
) -> None:
    rules = preset(preset_name)
    server.stack(scenario.wall() if rules.riichi and rules.players == 4 else stacked(scenario, rules))
    if preset_name == "standard" and not options:
        person.play_now()
    else:
        play_now(person, preset_name, **options)


def stacked(scenario: Scenario, rules: RuleSet) -> list[int]:
    """The scenario's wall under other rules than "Play now"'s (Zung Jung, sanma: the first CPU hands only)."""
    tiles = Tiles(rules)
    deal = [tiles.ids(h) for h in (scenario.person, *scenario.cpus)][: rules.players]
    return stacked_order(rules, deal, [tiles.one(d) for d in scenario.draws], [tiles.one(d) for d in scenario.dead])


def switch_language(person: Person) -> None:
    """The top bar's language button (under the result's overlay: pressed as a keyboard or a script would)."""
    person.page.evaluate("() => document.getElementById('lang-switch').click()")


def result(person: Person) -> Any:
    card = person.page.locator("#result")
    expect(card).to_be_visible()
    return card


def kinds(locator: Any) -> list[str]:
    """The tiles shown by ``locator`` as the client titles them (``4m``), face-down ones as ``back``."""
    ids = locator.evaluate_all("ts => ts.map(t => t.dataset.tile === undefined ? null : Number(t.dataset.tile))")
    return ["back" if i is None else notation(i) for i in ids]


# ---------------------------------------------------------------------------------------------------------------------
# the whole hand


def test_a_win_shows_the_called_tile_turned_the_indicators_and_the_fu(server: LiveServer, person: Person) -> None:
    start(server, person, PON_TSUMO)
    play(person, PON_TSUMO)
    card = result(person)
    meld = card.locator(".whole-hand .meld.pon")
    expect(meld).to_have_count(1)
    assert kinds(meld.locator(".tile")) == ["4m", "4m", "4m"]
    # called from seat 1 (the person's right): the called tile lies sideways at the right end
    expect(meld).to_have_attribute("data-from", "1")
    expect(meld.locator(".tile").nth(2)).to_have_class(re.compile(r"\bsideways\b"))
    expect(meld.locator(".tile.sideways")).to_have_count(1)
    assert len(kinds(card.locator(".whole-hand .concealed .tile"))) == 10
    assert kinds(card.locator(".whole-hand .winning .tile")) == ["7s"]
    expect(card.locator("#result-dora .tile")).to_have_count(1)
    items = card.locator("#fu-items .fu-item")
    expect(items.locator(".name")).to_have_text(["Base", "Tsumo", "Open triplet"])
    expect(items.locator("b")).to_have_text(["20", "2", "2"])
    assert kinds(items.nth(2).locator(".tile")) == ["4m"]
    expect(card.locator("#fu-items .fu-total")).to_have_text("= 24 → 30 fu")
    expect(card.locator("#win-summary")).to_have_text("1 han 30 fu · 1,500 points")
    person.screenshot("results-pon-win.png")
    switch_language(person)
    expect(card.locator("#fu-items .fu-item .name").first).to_have_text("副底")
    expect(card.locator("#win-summary")).to_have_text("1 翻 30 符 · 1,500 点")
    person.screenshot("results-pon-win-ja.png")


def test_the_result_card_offers_leave_while_it_covers_the_table(server: LiveServer, person: Person) -> None:
    """The card covers the table's corner Leave: it carries its own, which asks the same question."""
    start(server, person, PON_TSUMO)
    play(person, PON_TSUMO)
    card = result(person)
    expect(card.locator("#result-next")).to_be_visible()
    card.locator("#result-leave").click()
    expect(person.page.locator("#leave-dialog")).to_contain_text("Leave")
    person.page.click("#leave-cancel")  # staying keeps the result where it was
    expect(card.locator("#win-summary")).to_be_visible()
    card.locator("#result-leave").click()
    person.page.click("#leave-confirm")
    expect(person.page.locator("#play-now")).to_be_visible()
    expect(person.page.locator("#result")).to_have_count(0)


def test_hovering_a_tile_of_the_result_lights_its_copies(server: LiveServer, person: Person) -> None:
    """The result's tiles are the table's (one drawing, melds.js): they carry their kind, and a hovered one lights
    every copy of it in the result, as at the table."""
    start(server, person, PON_TSUMO)
    play(person, PON_TSUMO)
    card = result(person)
    four_man = str(parse_tile("4m"))  # (a kind)
    card.locator(".whole-hand .meld.pon .tile").first.hover()
    lit = card.locator(".tile.same-kind")
    expect(lit).to_have_count(4)  # the pon's three, and the fu item's open triplet
    assert set(lit.evaluate_all("ts => ts.map(t => t.dataset.kind)")) == {four_man}
    person.screenshot("results-copies-lit.png")
    card.locator(".win-title").hover()
    expect(lit).to_have_count(0)


def test_a_closed_kan_shows_with_its_ends_face_down(server: LiveServer, person: Person) -> None:
    start(server, person, KAN_TSUMO)
    play(person, KAN_TSUMO)
    card = result(person)
    assert kinds(card.locator(".whole-hand .meld.closed_kan .tile")) == ["back", "7z", "7z", "back"]
    expect(card.locator("#result-dora .tile")).to_have_count(2)  # the kan turned a second indicator
    kan = card.locator('#fu-items .fu-item[data-item="closed_kan"]')
    expect(kan.locator(".name")).to_have_text("Closed kan")
    expect(kan.locator("b")).to_have_text("32")
    expect(card.locator(".yaku")).to_contain_text("After a kan")


def test_a_sanma_win_shows_the_norths_set_aside(server: LiveServer, person: Person) -> None:
    # the dealer draws 1z, sets its North aside, and the replacement 2z completes 11z 222z: tsumo
    sanma = Scenario("sanma-kita", person="4z123p456p789s122z", draws=("1z",), dead=("2z",), steps=(),
                     cpus=("19m147p258p369s36z", "19m369p147s258s57z", ""))  # fmt: skip
    server.stack(stacked(sanma, SANMA))
    play_now(person, "sanma")
    person.wait_prompt()
    person.press("kita")
    person.wait_prompt()
    assert "tsumo" in person.buttons()
    person.press("tsumo")
    card = result(person)
    assert kinds(card.locator(".whole-hand .kita .tile")) == ["4z"]
    person.screenshot("results-sanma-kita.png")


def test_a_riichi_win_shows_the_ura_indicators_and_a_translated_limit(server: LiveServer, person: Person) -> None:
    start(server, person, RIICHI_TSUMO)
    play(person, RIICHI_TSUMO)
    card = result(person)
    expect(card.locator("#result-ura .tile")).to_have_count(1)
    expect(card.locator("#result-dora .tile")).to_have_count(1)
    _, game = dry_run(RIICHI_TSUMO)
    win = next(e for e in game.events if e.type == "hora")
    limit = win.info["limit"]
    assert limit, "the riichi tsumo scores a limit hand: its name is shown"
    names = {"mangan": ("Mangan", "満貫"), "haneman": ("Haneman", "跳満"), "baiman": ("Baiman", "倍満")}
    expect(card.locator("#win-summary")).to_contain_text(names[limit][0])
    switch_language(person)
    expect(card.locator("#win-summary")).to_contain_text(names[limit][1])
    expect(card.locator("#win-summary")).not_to_contain_text(limit)


def quiet_wall(rules: RuleSet, scenario: Scenario, first: str) -> list[int]:
    """A first hand that ends drawn while the person plays the scenario's steps, then throws each drawn tile (a
    turn without one: the tile ``first``) and passes every call or win: the scenario's deal and draws, then the
    rest of the wall shuffled, the first shuffle whose dry run in the engine ends in a drawn hand."""
    base = stacked(scenario, rules)
    fixed = 13 * rules.players + len(scenario.draws)
    dead = DEAD_WALL if rules.riichi else 0  # the dead wall (and so the dora) stays the scenario's
    for seed in range(300):
        rest = base[fixed : len(base) - dead]
        random.Random(seed).shuffle(rest)
        wall = base[:fixed] + rest + base[len(base) - dead :]
        game = Game(rules, "dry", walls=[wall])
        cpus = {s: make_player("normal", rules, seed=f"dry:{s}") for s in range(1, rules.players)}
        steps = list(scenario.steps)
        while not any(e.type in ("hora", "ryukyoku") for e in game.events[-8:]):
            acting = game.to_act()
            if 0 not in acting:
                game.apply(acting[0], cpus[acting[0]].act(game.view(acting[0])))
                continue
            legal = game.legal_actions(0)
            if steps:
                step = steps.pop(0)
                if step.action == "discard":
                    kind = parse_tile(step.tile)
                    game.apply(0, next(a for a in legal if isinstance(a, Discard) and kind_of_id(a.tile) == kind))
                else:
                    game.apply(0, next(a for a in legal if a.type == step.action))
                continue
            drawn = game.turn.drawn if game.turn is not None else None
            if drawn is None and Pass() not in legal:
                drawn = next(t for t in game.table.seats[0].hand if kind_of_id(t) == parse_tile(first))
            game.apply(0, Pass() if Pass() in legal else Discard(drawn))  # type: ignore[arg-type]
        if not any(e.type == "hora" for e in game.events):
            return wall
    raise AssertionError(f"no drawn hand among the shuffles tried for {scenario.name}")


def play_out(person: Person) -> Any:
    """Throws each drawn tile and passes every call and win until the hand's result: the result card."""
    deadline = time.monotonic() + 120
    while not person.wait_result_or_prompt(30000):
        assert time.monotonic() < deadline, "the hand does not end"
        if person.buttons() & {"pass"}:
            person.press("pass")
        else:
            person.click_drawn_or_last()
    return result(person)


def test_a_draw_shows_the_tenpai_hands_whole(server: LiveServer, person: Person) -> None:
    # the person pons 4m and waits on 4s-7s; nobody wins: the person's tenpai hand is shown with its pon
    opening = replace(PON_TSUMO, draws=PON_TSUMO.draws[:5], steps=PON_TSUMO.steps[:3])
    server.stack(quiet_wall(RULES, opening, "9s"))
    person.play_now()
    play(person, opening)
    card = play_out(person)
    expect(card.locator(".ryukyoku")).to_be_visible()
    mine = card.locator('.tenpai-hand[data-seat="0"]')
    expect(mine).to_be_visible()
    assert len(kinds(mine.locator(".concealed .tile"))) == 10
    assert kinds(mine.locator(".meld.pon .tile")) == ["4m", "4m", "4m"]
    expect(mine.locator(".meld.pon .tile.sideways")).to_have_count(1)
    person.screenshot("results-draw-tenpai.png")


# ---------------------------------------------------------------------------------------------------------------------
# Zung Jung in its own terms


def test_a_zung_jung_chicken_hand_is_named_with_its_points(server: LiveServer, person: Person) -> None:
    start(server, person, ZJ_CHICKEN, "zung-jung")
    # the table shows what Zung Jung has: no honba, no deposits, no dora
    centre = person.page.locator("#table .centre")
    expect(centre.locator("#tiles-left")).to_be_visible()
    expect(centre).not_to_contain_text("Honba")
    expect(centre).not_to_contain_text("Deposits")
    expect(centre.locator(".dora .tile")).to_have_count(0)
    expect(centre).not_to_contain_text("Dora")
    play(person, ZJ_CHICKEN, rules=ZJ)
    card = result(person)
    expect(card.locator("#patterns tr td")).to_have_text(["Chicken Hand", "1"])
    expect(card.locator("#win-summary")).to_have_text("1 point")
    expect(card.locator(".whole-hand .meld.pon .tile.sideways")).to_have_count(1)
    expect(card.locator("#result-dora")).to_have_count(0)
    person.screenshot("results-zj-chicken.png")
    switch_language(person)
    expect(card.locator("#patterns tr td")).to_have_text(["雞和", "1"])
    expect(card.locator("#win-summary")).to_have_text("1 点")
    person.screenshot("results-zj-chicken-ja.png")


def test_a_drawn_zung_jung_hand_has_no_winner_and_no_tenpai(server: LiveServer, person: Person) -> None:
    quiet = Scenario("zj-quiet", person="159m159p159s1357z", draws=(), steps=())
    server.stack(quiet_wall(ZJ, quiet, "7z"))
    play_now(person, "zung-jung")
    person.wait_prompt()
    person.click_tile("7z")
    card = play_out(person)
    expect(card.locator("#draw-hint")).to_have_text("No winner: the hand is drawn (no payments).")
    expect(card).not_to_contain_text("tenpai")
    expect(card.locator(".payments")).to_have_count(0)  # the hint says so: no table of zeros
    person.screenshot("results-zj-draw.png")


def finish_game(person: Person) -> None:
    """Plays on (the drawn tile thrown, calls passed, wins taken) and reads every result to the final standings."""
    person.set_options(autoWin=True, hideCalls=True)
    deadline = time.monotonic() + 240
    page = person.page
    while not page.locator("#standings").is_visible():
        assert time.monotonic() < deadline, "the game does not end"
        if person.wait_result_or_prompt(30000):
            if page.locator("#standings").is_visible():
                break
            person.dismiss_result()
        elif person.buttons() & {"pass"}:
            person.press("pass")
        elif person.playable():
            person.click_drawn_or_last()


def test_zung_jung_standings_are_in_points_not_thousands(server: LiveServer, person: Person) -> None:
    play_now(person, "zung-jung")
    finish_game(person)
    room = person.state("room.room_id")
    final = server.hub.rooms[room].last_final
    assert final is not None
    shown = person.page.locator("#standings table.final tr td.result-value").all_text_contents()
    expected = [("+" if final["results"][s] >= 0 else "") + f"{final['results'][s]:,}" for s in final["order"]]
    assert shown == expected
    person.screenshot("results-zj-standings.png")


# ---------------------------------------------------------------------------------------------------------------------
# the game's end


def test_the_final_standings_come_without_an_error_notice(server: LiveServer, person: Person) -> None:
    # 400 points each: the person's tsumo (500 from each) busts the three others and ends the game
    start(server, person, PON_TSUMO, "standard", start_points=400)
    play(person, PON_TSUMO)
    result(person)
    expect(person.page.locator("#standings")).to_have_count(0)
    person.page.wait_for_function("() => window.jantaku.state.room && window.jantaku.state.room.phase !== 'playing'")
    person.dismiss_result()
    expect(person.page.locator("#standings")).to_be_visible()
    person.page.wait_for_timeout(800)  # an answer to a continue would have come by now
    # (counted once, not awaited: a notice goes by itself after four seconds)
    assert person.page.locator("#notices .notice.error").count() == 0, person.page.locator("#notices").text_content()
    person.screenshot("results-standings.png")
    switch_language(person)
    expect(person.page.locator("#standings h2")).to_have_text("最終結果")
    assert person.page.locator("#notices .notice.error").count() == 0
    person.screenshot("results-standings-ja.png")


# ---------------------------------------------------------------------------------------------------------------------
# the wall's check


def test_the_wall_check_stays_when_the_result_is_drawn_again(server: LiveServer, person: Person) -> None:
    start(server, person, PON_TSUMO)
    play(person, PON_TSUMO)
    card = result(person)
    person.page.click("#wall-check")
    expect(card.locator("#wall-check")).to_have_text("verified ✓")
    switch_language(person)  # the card is drawn again, in Japanese
    expect(card.locator("#wall-check")).to_have_text("一致 ✓")
    switch_language(person)
    person.page.wait_for_timeout(1500)
    expect(card.locator("#wall-check")).to_have_text("verified ✓")


def test_a_reload_mid_hand_keeps_the_wall_check(server: LiveServer, person: Person) -> None:
    start(server, person, PON_TSUMO)
    person.wait_prompt()
    person.page.reload()
    person.wait_table()
    play(person, PON_TSUMO)
    card = result(person)
    expect(card.locator(".reveal code")).to_be_visible()
    person.page.click("#wall-check")
    expect(card.locator("#wall-check")).to_have_text("verified ✓")


def test_a_reload_while_the_result_is_shown_brings_it_back(server: LiveServer, person: Person) -> None:
    start(server, person, PON_TSUMO)
    play(person, PON_TSUMO)
    card = result(person)
    title = card.locator(".win-title").text_content()
    runner = server.hub.rooms[person.state("room.room_id")].runner
    assert runner is not None and runner.pending_continue == {0}
    person.page.reload()
    card = result(person)
    expect(card.locator(".win-title")).to_have_text(title or "")
    expect(card.locator(".whole-hand .meld.pon")).to_have_count(1)
    # behind it the server's view is already the next deal: its tiles are not shown under the old hand's result
    expect(person.page.locator("#hand .hand-tile")).to_have_count(14)
    for area in ("#hand .hand-tile", "#table .seat .concealed .tile", "#table .centre .dora .tile", "#round-label"):
        expect(person.page.locator(area).first).to_be_hidden()
    expect(person.seat(0).locator(".seat-info .name")).to_be_visible()  # the plates stay
    person.screenshot("results-reloaded.png")
    assert runner.pending_continue == {0}  # the table still waits for the person
    person.page.click("#wall-check")  # checked against the commitment this tab saw before the reload
    expect(card.locator("#wall-check")).to_have_text("verified ✓")
    person.dismiss_result()
    expect(person.page.locator("#overlay")).to_be_hidden()
    expect(person.page.locator("#hand .hand-tile").first).to_be_visible()  # the next deal, now it is dealt
    deadline = time.monotonic() + 5
    while runner.pending_continue:
        assert time.monotonic() < deadline, "the browser did not send continue"
        time.sleep(0.02)


# ---------------------------------------------------------------------------------------------------------------------
# the card's layout


def test_the_card_opens_at_its_title_on_a_phone_and_the_payments_title_lines_up(
    server: LiveServer, people: Callable[..., Person]
) -> None:
    person = people("Ann")
    person.page.set_viewport_size({"width": 390, "height": 844})
    start(server, person, PON_TSUMO)
    play(person, PON_TSUMO)
    card = result(person)
    title = card.locator(".win-title").bounding_box()
    box = card.bounding_box()
    assert title is not None and box is not None
    assert 0 <= box["y"] <= title["y"] and title["y"] + title["height"] <= 844, (box, title)
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert card.evaluate("(node) => node.scrollTop") == 0
    # the payments' title starts where its table does (no caption floating off centre)
    heading = card.locator(".payments-title").bounding_box()
    table = card.locator("table.payments").bounding_box()
    assert heading is not None and table is not None
    assert abs(heading["x"] - table["x"]) <= 2, (heading, table)
    person.screenshot("results-phone.png")
    card.evaluate("(node) => { node.scrollTop = node.scrollHeight; }")
    person.screenshot("results-phone-bottom.png")
