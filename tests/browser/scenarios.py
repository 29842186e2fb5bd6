"""Stacked walls for the browser tests, and their pure-engine dry run.

A scenario deals the person (seat 0: in a "Play now" room the person deals the first hand) and three CPUs fixed
hands, then fixed draws, and lists the person's decisions in order. The CPUs of the table are ``normal`` CPUs,
which decide from their view alone (no randomness in their discards or calls), so ``dry_run`` plays the same
hand in the engine with the same CPUs and finds exactly the prompts the browser will show: every step must be
legal at the person's next prompt, and no other prompt may come in between (a CPU call or win would). The CPU
hands hold no pair and no two tiles of a suit within two of each other, so they call nothing early.

Tiles in steps are written as the client titles them (``notation``: ``9p``, ``7z``; a red five ``0m``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from jantaku.bots import make_player
from jantaku.engine import Action, Game, action_from_json, action_to_json
from jantaku.engine.wall import stacked_order
from jantaku.rules import RuleSet, preset
from jantaku.tiles import EAST, FIVES, copy_of_id, is_honor, kind_of_id
from tests.engine.helpers import Tiles

RULES = preset("standard")  # the lobby's default "Play now" rules

#: the action bar's groups (table.js GROUPS): one button per group
GROUPS = {
    "riichi": "riichi", "tsumo": "tsumo", "ron": "ron", "pon": "pon", "chi": "chi", "open_kan": "kan",
    "added_kan": "kan", "closed_kan": "kan", "kita": "kita", "nine_terminals": "nine_terminals",
    "tenpai": "tenpai", "noten": "noten", "pass": "pass",
}  # fmt: skip

# three CPU hands that cannot pon (no pair), chi (no two tiles of a suit within two) or abort (few terminals)
CPU_HANDS = ("147m258p369s1234z", "369m147p147s1256z", "258m369p369s2345z")


def notation(tile: int, red: bool = False) -> str:
    """The client's tile title (tiles.js ``notation``)."""
    kind = kind_of_id(tile)
    if is_honor(kind):
        return f"{kind - EAST + 1}z"
    n = kind % 9 + 1
    return f"{0 if red and n == 5 else n}{'mps'[kind // 9]}"


def title(tile: int) -> str:
    kind, copy = kind_of_id(tile), copy_of_id(tile)
    return notation(tile, kind in FIVES and copy < RULES.red_fives[FIVES.index(kind)])


@dataclass(frozen=True)
class Step:
    """One decision of the person: ``action`` is ``discard``, ``riichi`` or ``veil`` (a face-down discard, the Veil
    superpower) of the tile ``tile``, or a button (``tsumo``, ``ron``, ``pon``, ``chi``, ``kan``, ``pass``); for a call
    with several forms ``tile`` names the form by the tiles it takes from the hand (``3m4m``)."""

    action: str
    tile: str = ""


@dataclass(frozen=True)
class Prompt:
    """What the dry run found at one of the person's prompts: the buttons shown and the action the step sends."""

    step: Step
    buttons: frozenset[str]
    sent: dict[str, Any]


@dataclass(frozen=True)
class Scenario:
    name: str
    person: str  # the person's 13 tiles (seat 0, the dealer)
    draws: tuple[str, ...]  # the draws in order: the person's first, then seat 1, 2, 3, the person again, ...
    steps: tuple[Step, ...]
    dead: tuple[str, ...] = ()  # the dead wall's first tiles (kan replacements first)
    cpus: tuple[str, str, str] = CPU_HANDS

    def wall(self) -> list[int]:
        """The hand's wall in draw order, as ``Hub.stacked_walls`` takes it."""
        tiles = Tiles(RULES)
        deal = [tiles.ids(h) for h in (self.person, *self.cpus)]
        assert all(len(d) == 13 for d in deal), "a dealt hand holds 13 tiles"
        draws = [tiles.one(d) for d in self.draws]
        dead = [tiles.one(d) for d in self.dead]
        return stacked_order(RULES, deal, draws, dead)


def _choose(step: Step, legal: Sequence[dict[str, Any]]) -> dict[str, Any]:
    if step.action in ("discard", "riichi"):
        matches = [a for a in legal if a["type"] == step.action and title(a["tile"]) == step.tile and not a.get("veil")]
    elif step.action == "veil":
        matches = [a for a in legal if a["type"] == "discard" and a.get("veil") and title(a["tile"]) == step.tile]
    else:
        matches = [a for a in legal if GROUPS.get(a["type"]) == step.action]
        if step.tile:  # one of several forms, named by the tiles it takes from the hand ("3m4m")
            matches = [a for a in matches if "".join(title(t) for t in sorted(a.get("tiles", []))) == step.tile]
        # a group with several forms shows a button per form: a step names the one it takes
        assert len(matches) <= 1, f"{step}: several forms {matches}"
    assert matches, f"{step} is not legal here: {legal}"
    return matches[0]


def dry_run(
    scenario: Scenario, seed: str = "dry", rules: RuleSet = RULES, powers: Sequence[str] | None = None
) -> tuple[list[Prompt], Game]:
    """Play the scenario in the engine with normal CPUs: the person's prompts in order (each with the step taken),
    and the game after the last step and what the CPUs did next, up to the person's next prompt or the hand's
    end. ``rules`` and ``powers`` (each seat's superpower) for a superpower match."""
    game = Game(rules, seed, walls=[scenario.wall()], powers=powers)
    cpus = {seat: make_player("normal", rules, seed=f"{seed}:{seat}") for seat in (1, 2, 3)}
    prompts: list[Prompt] = []
    steps = list(scenario.steps)
    start_hand = (game.state.round, game.state.hand, game.state.honba)
    while not game.over and (game.state.round, game.state.hand, game.state.honba) == start_hand:
        acting = game.to_act()
        if 0 in acting:
            if not steps:
                break
            legal = [action_to_json(a) for a in game.legal_actions(0)]
            step = steps.pop(0)
            sent = _choose(step, legal)
            buttons = frozenset(GROUPS[a["type"]] for a in legal if a["type"] in GROUPS)
            prompts.append(Prompt(step, buttons, sent))
            game.apply(0, action_from_json(sent))
            continue
        seat = acting[0]
        action: Action = cpus[seat].act(game.view(seat))
        game.apply(seat, action)
    assert not steps, f"{scenario.name}: the hand ended before the steps {steps}"
    return prompts, game


# ---------------------------------------------------------------------- the scenarios
#: riichi on the first discard (only 9p keeps tenpai), then the second draw wins: tsumo
RIICHI_TSUMO = Scenario(
    "riichi-tsumo",
    person="123m456p789s55m34s",
    draws=("9p", "7z", "6z", "1p", "2s"),
    steps=(Step("riichi", "9p"), Step("tsumo")),
)

#: a closed kan of 7z on the first draw, then pon of seat 1's 4m, then chi of seat 3's 2m with 1m 3m
KAN_PON_CHI = Scenario(
    "kan-pon-chi",
    person="777z44m13m567p123s",
    draws=("7z", "6z", "9m", "1p", "8p", "9p", "7s"),
    dead=("9s",),
    steps=(Step("kan"), Step("discard", "9s"), Step("pon"), Step("discard", "1s"), Step("chi"), Step("discard", "7p")),
)

#: tenpai for 1m-4m with all simples (no riichi: the 9p is thrown plainly); seat 1 throws 4m: ron
RON = Scenario(
    "ron",
    person="23m234p567p678s55s",
    draws=("9p", "7z"),
    steps=(Step("discard", "9p"), Step("ron")),
)

#: a complete hand on the dealer's first draw (Blessing of Heaven): auto-win declares it
TENHOU = Scenario(
    "tenhou",
    person="123m456p789s55m34s",
    draws=("2s",),
    steps=(Step("tsumo"),),
)

#: a hand with nothing to declare: every turn is a plain discard (auto-discard throws the drawn tile)
QUIET = Scenario(
    "quiet",
    person="2468m2468p2468s5z",
    draws=("9p", "7z", "9m", "1p", "6z", "6z", "9s"),
    steps=(Step("discard", "9p"), Step("discard", "6z")),
)

#: seat 1 throws 4m, which the person could pon: hide-call-options passes it
PON_CHANCE = Scenario(
    "pon-chance",
    person="2468m2468p2468s4m",
    draws=("9p", "7z", "9m", "1p", "6z", "6z", "9s"),
    steps=(Step("discard", "9p"), Step("pass"), Step("discard", "6z")),
)

#: the RON hand under superpowers: the 9p goes face down (Veil), seat 1 still throws 4m: ron; the result turns the
#: veiled 9p up. The CPUs hold Seal, which they never use against a hand without calls.
VEIL_RON = Scenario(
    "veil-ron",
    person=RON.person,
    draws=RON.draws,
    steps=(Step("veil", "9p"), Step("ron")),
)
SUPERPOWER_RULES = preset("superpower")
VEIL_RON_POWERS = ("veil", "seal", "seal", "seal")


#: QUIET with a 5p for the 5z, and seat 1 dealt tenpai on 5p-8p with all simples: Sense says the person's 5p (and
#: 8p) would deal in now, any other tile not
SENSE_DEALS_IN = Scenario(
    "sense-deals-in",
    person="2468m24568p2468s",
    draws=QUIET.draws,
    steps=(Step("discard", "9p"),),
    cpus=("234m345s678s67p55s", *CPU_HANDS[1:]),
)


def foreseen(scenario: Scenario, draws: int = 3) -> list[int]:
    """The person's own next ``draws`` draws at the scenario's first prompt if no call moves the turn: every fourth
    tile of the live wall from the fourth (Foresight shows the first three of them)."""
    game = Game(SUPERPOWER_RULES, "foresight", walls=[scenario.wall()], powers=("foresight",) * 4)
    return [game.table.wall.live[3 + 4 * i] for i in range(draws)]


#: KAN_PON_CHI with a third 4m in place of the 7p: seat 1's 4m can be called as a pon or an open kan, and seat 3's
#: 2m as a chi in two ways (1m 3m, or 3m 4m): every call button shows its own tiles
CALL_FORMS = Scenario(
    "call-forms",
    person="777z44m134m56p123s",
    draws=KAN_PON_CHI.draws,
    dead=KAN_PON_CHI.dead,
    steps=(
        Step("kan"), Step("discard", "9s"), Step("pon"), Step("discard", "1s"), Step("chi", "3m4m"),
        Step("discard", "1m"),
    ),
)  # fmt: skip

ALL = (RIICHI_TSUMO, KAN_PON_CHI, RON, TENHOU, QUIET, PON_CHANCE, CALL_FORMS)
