"""Ratings: OpenSkill's Plackett–Luce updates against the model's formulas worked out here independently (Weng and
Lin 2011, algorithm 4, with the library's default mu 25, sigma 25/3, beta sigma/2, tau sigma/100, kappa 1e-4), and
the rules of docs/ratings.md: which games are rated, the leaver rule, the conservative public rating."""

from __future__ import annotations

import math
from typing import Any

import pytest

from jantaku.server.ratings import (
    MU,
    PROVISIONAL_GAMES,
    SIGMA,
    K,
    Skill,
    family_of,
    leaver_rule_applies,
    rate,
    rate_leavers,
    rated_game,
)

BETA, TAU, KAPPA = SIGMA / 2, SIGMA / 100, 1e-4


def plackett_luce(skills: list[tuple[float, float]], order: list[int]) -> list[tuple[float, float]]:
    """The update straight from the paper (``order[i]``: player i's place, equal places tie): c² = Σ(σᵢ² + β²); for
    each place q not below i's, with C_q the players placed at or below q and A_q the players sharing q's place,
    p = e^(μᵢ/c) / Σ_{C_q} e^(μ/c), Ω += ((1 if q is i) - p) / A_q, Δ += p(1 - p) / A_q; μ += σ²/c·Ω and
    σ *= √max(1 - σ²/c²·γ·Δ, κ) with γ = σ/c. Tied players then share the mean of their μ changes (the library's
    reading of a tie)."""
    n = len(skills)
    sig2 = [s * s + TAU * TAU for _, s in skills]  # the dynamic factor first
    c = math.sqrt(sum(v + BETA * BETA for v in sig2))
    e = [math.exp(mu / c) for mu, _ in skills]
    below = [sum(e[s] for s in range(n) if order[s] >= order[q]) for q in range(n)]
    sharing = [sum(1 for s in range(n) if order[s] == order[q]) for q in range(n)]
    out = []
    for i, (mu, _) in enumerate(skills):
        omega = delta = 0.0
        for q in range(n):
            if order[q] > order[i]:
                continue
            p = e[i] / below[q]
            delta += p * (1 - p) / sharing[q]
            omega += ((1 - p) if q == i else -p) / sharing[q]
        gamma = math.sqrt(sig2[i]) / c
        new_mu = mu + sig2[i] / c * omega
        new_sigma = math.sqrt(sig2[i]) * math.sqrt(max(1 - sig2[i] / c**2 * gamma * delta, KAPPA))
        out.append((new_mu, new_sigma))
    for i in range(n):  # a tie: the mean change
        tied = [j for j in range(n) if order[j] == order[i]]
        change = sum(out[j][0] - skills[j][0] for j in tied) / len(tied)
        out[i] = (skills[i][0] + change, out[i][1])
    return out


def test_defaults_are_the_librarys() -> None:
    assert (MU, SIGMA, K, PROVISIONAL_GAMES) == (25.0, 25 / 3, 3.0, 10)
    assert Skill().rating == pytest.approx(0.0)


def test_two_players_by_hand() -> None:
    """Two equal players: each wins with probability 1/2, so mu moves by ±σ'²/(2c) and both sigmas shrink alike."""
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (s2 + BETA**2))
    shift = s2 / (2 * c)
    sigma = math.sqrt(s2) * math.sqrt(1 - s2 / c**2 * (math.sqrt(s2) / c) * 0.25)
    a, b = rate([Skill(), Skill()], [0, 1])
    assert (a.mu, a.sigma) == pytest.approx((MU + shift, sigma))
    assert (b.mu, b.sigma) == pytest.approx((MU - shift, sigma))
    assert (a.games, b.games) == (1, 1)


@pytest.mark.parametrize(
    ("skills", "places"),
    [
        ([(25.0, SIGMA)] * 4, [0, 1, 2, 3]),
        ([(25.0, SIGMA)] * 4, [2, 0, 3, 1]),
        ([(30.0, 6.0), (25.0, SIGMA), (20.0, 4.0), (27.0, 2.5)], [3, 1, 0, 2]),
        ([(28.0, 5.0), (22.0, 7.0), (25.0, SIGMA)], [1, 2, 0]),
    ],
    ids=["four-newcomers", "four-newcomers-shuffled", "four-veterans-upset", "three-players"],
)
def test_plackett_luce_against_the_formulas(skills: list[tuple[float, float]], places: list[int]) -> None:
    got = rate([Skill(mu, sigma, 5) for mu, sigma in skills], places)
    want = plackett_luce(skills, places)
    assert [(s.mu, s.sigma) for s in got] == [pytest.approx(w) for w in want]
    assert all(s.games == 6 for s in got)


def test_the_winner_gains_and_the_last_loses() -> None:
    after = rate([Skill()] * 4, [1, 3, 0, 2])
    mus = [s.mu for s in after]
    assert mus[2] == max(mus) and mus[2] > MU
    assert mus[1] == min(mus) and mus[1] < MU
    assert mus[0] > mus[3]


def test_tied_players_move_alike() -> None:
    a, b, c, d = rate([Skill()] * 4, [0, 0, 1, 2])
    assert a.mu == pytest.approx(b.mu) and a.sigma == pytest.approx(b.sigma)
    assert d.mu < MU
    want = plackett_luce([(MU, SIGMA)] * 4, [0, 0, 1, 2])
    assert [(s.mu, s.sigma) for s in (a, b, c, d)] == [pytest.approx(w) for w in want]


@pytest.mark.parametrize(
    ("leavers", "moved"),
    [({2}, [2]), ({0, 3}, [0, 3]), (set(), []), ({0, 1, 2, 3}, [0, 1, 2, 3])],
    ids=["one-leaver", "two-leavers", "nobody-left", "everyone-left"],
)
def test_the_leaver_rule_moves_only_the_leavers(leavers: set[int], moved: list[int]) -> None:
    before = [Skill(25.0, SIGMA, 3), Skill(30.0, 5.0, 20), Skill(20.0, 7.0, 11), Skill(26.0, 6.0, 2)]
    after = rate_leavers(before, leavers)
    for i, (b, a) in enumerate(zip(before, after, strict=True)):
        if i in moved:
            alone_last = plackett_luce([(s.mu, s.sigma) for s in before], [1 if j == i else 0 for j in range(4)])[i]
            assert (a.mu, a.sigma) == pytest.approx(alone_last)
            assert a.mu < b.mu and a.games == b.games + 1
        else:
            assert a == b


RIICHI4: dict[str, Any] = {"family": "riichi", "players": 4, "superpowers": False}
RIICHI3: dict[str, Any] = {"family": "riichi", "players": 3, "superpowers": False}
ZJ: dict[str, Any] = {"family": "zung-jung", "players": 4, "superpowers": False}
POWERS: dict[str, Any] = {"family": "riichi", "players": 4, "superpowers": True}


@pytest.mark.parametrize(
    ("rules", "family"), [(RIICHI4, "4p"), (RIICHI3, "3p"), (ZJ, "zj")], ids=["riichi-4", "riichi-3", "zung-jung"]
)
def test_families(rules: dict[str, Any], family: str) -> None:
    assert family_of(rules) == family


@pytest.mark.parametrize(
    ("rules", "matched", "people", "status", "full", "leavers"),
    [
        (RIICHI4, True, [True] * 4, "finished", True, True),
        (RIICHI3, True, [True] * 3, "finished", True, True),
        (RIICHI4, True, [True] * 4, "abandoned", False, True),
        (RIICHI4, False, [True] * 4, "finished", False, False),
        (RIICHI4, True, [True, True, True, False], "finished", False, False),
        (ZJ, True, [True] * 4, "finished", False, False),
        (POWERS, True, [True] * 4, "finished", False, False),
        (RIICHI4, True, [True] * 4, "unrecorded", False, False),
    ],
    ids=["matched-4p", "matched-3p", "abandoned", "private-room", "a-cpu", "zung-jung", "superpowers", "unrecorded"],
)
def test_which_games_are_rated(
    rules: dict[str, Any], matched: bool, people: list[bool], status: str, full: bool, leavers: bool
) -> None:
    assert rated_game(rules, matched, people, status) is full
    assert leaver_rule_applies(rules, matched, people, status) is leavers


@pytest.mark.parametrize(("games", "provisional"), [(0, True), (9, True), (10, False)], ids=["new", "nine", "ten"])
def test_provisional_until_ten_games(games: int, provisional: bool) -> None:
    assert Skill(games=games).provisional is provisional
    assert Skill(30.0, 2.0, games).rating == 24.0
