"""Skill ratings: OpenSkill's Plackett–Luce model, one rating per family (4-player and 3-player riichi).

Plackett–Luce rates a game by its finishing order, which is what a mahjong game gives (four or three placements,
not a win or a loss), so a well-kept library's model does the arithmetic rather than a formula of our own
(docs/ratings.md). A player's skill is a belief ``mu`` with an uncertainty ``sigma``; the public number is the
conservative ``mu - K * sigma``, which a newcomer cannot top by one lucky game, and a rating stays provisional (off
the leaderboard) until ``PROVISIONAL_GAMES`` rated games.

Which games are rated: auto-matched, people only, riichi (``4p``/``3p``), no superpowers, played to the end
(``rated_game``). The leaver rule: in a matched people-only game that a stand-in finished or that was abandoned,
each leaver takes the change of finishing last (ranked alone below everyone else, who are tied) and the others no
change (``rate_leavers``).

Pure functions: the store reads the current skills and writes the new ones in the game's own transaction.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

#: the public rating is mu - K * sigma: a 99.7% one-sided floor under the player's skill
K = 3.0
#: a rating is provisional (kept off the leaderboard) until this many rated games
PROVISIONAL_GAMES = 10
#: the families that have ratings (Zung Jung keeps statistics only)
RATED_FAMILIES = ("4p", "3p")

MODEL = PlackettLuce()
MU: float = MODEL.mu
SIGMA: float = MODEL.sigma


def family_of(rules: Mapping[str, Any]) -> str:
    """``4p``, ``3p`` (riichi for four or three players) or ``zj`` (Zung Jung), from a game's rule options."""
    if rules.get("family") == "zung-jung":
        return "zj"
    return "3p" if rules.get("players") == 3 else "4p"


@dataclass(frozen=True, slots=True)
class Skill:
    """One player's OpenSkill belief in one family, and the rated games it rests on."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def rating(self) -> float:
        """The public, conservative rating."""
        return self.mu - K * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def rated_game(rules: Mapping[str, Any], matched: bool, people: Sequence[bool], status: str) -> bool:
    """Whether a game moves ratings in full: auto-matched, every seat a person, a riichi family, no superpowers,
    played to the end (``finished``). (An abandoned one may still move its leavers': ``leaver_rule_applies``.)"""
    return status == "finished" and leaver_rule_applies(rules, matched, people, status)


def leaver_rule_applies(rules: Mapping[str, Any], matched: bool, people: Sequence[bool], status: str) -> bool:
    """Whether a game is of the rated kind (matched, people only, riichi, no superpowers) and ended in a way that
    is recorded (finished, or abandoned): the leaver rule reaches its leavers then."""
    return (
        status in ("finished", "abandoned")
        and matched
        and all(people)
        and family_of(rules) in RATED_FAMILIES
        and not rules.get("superpowers")
    )


def _update(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    out = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(t[0].mu, t[0].sigma, s.games + 1) for t, s in zip(out, skills, strict=True)]


def rate(skills: Sequence[Skill], places: Sequence[int]) -> list[Skill]:
    """Every seat's skill after a game finished in ``places`` (0 = first; equal places tie), each counting one more
    rated game."""
    if len(skills) != len(places) or len(skills) < 2:
        raise ValueError("a rated game needs a place for each of two or more players")
    return _update(skills, places)


def rate_leavers(skills: Sequence[Skill], leavers: Collection[int]) -> list[Skill]:
    """The leaver rule: each seat in ``leavers`` takes the change of finishing last, ranked alone below all the
    others (tied first), and counts a rated game; every other seat keeps its skill unchanged. Each leaver is rated
    on its own, so two leavers do not share a place and a game everyone left still moves each of them."""
    out = list(skills)
    for i in sorted(set(leavers)):
        out[i] = _update(skills, [1 if j == i else 0 for j in range(len(skills))])[i]
    return out
