"""Hands → rounds → game end (docs/rules.md#options-game-shape and on): renchan, honba, deposits, the game's
length and its extension, bust, last-dealer stop, final ranking with oka, uma and leftover deposits."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TypedDict

from jantaku.rules.ruleset import RuleSet

ROUND_NAMES = ("E", "S", "W", "N")


@dataclass(frozen=True, slots=True)
class MatchState:
    """Between hands: scores by absolute seat, the round (0 = East), the hand in the round (its dealer seat),
    honba, deposits on the table, and how many hands were played (it numbers the walls)."""

    scores: tuple[int, ...]
    round: int = 0
    hand: int = 0
    honba: int = 0
    sticks: int = 0
    played: int = 0
    last_hand: bool = False  # the match clock made this hand the last one (doman)

    @classmethod
    def start(cls, rules: RuleSet) -> MatchState:
        return cls(scores=(rules.start_points,) * rules.players)

    @property
    def dealer(self) -> int:
        return self.hand

    def label(self) -> str:
        return f"{ROUND_NAMES[self.round]}{self.hand + 1}-{self.honba}"


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What the match needs from a finished hand."""

    scores: tuple[int, ...]  # after payments
    sticks: int  # deposits left on the table
    kind: str  # "win" | "exhaustive" | "abortive"
    dealer_won: bool = False
    dealer_tenpai: bool = False
    winners: tuple[int, ...] = ()


class FinalResultJSON(TypedDict):
    """``FinalResult`` as JSON data (the ``end_game`` event, ``view["final"]``)."""

    order: list[int]
    scores: list[int]
    results: list[int]
    places: list[int]


@dataclass(frozen=True, slots=True)
class FinalResult:
    """Placements (seats, first to last), final scores (leftover deposits included) and the final result in
    points: score − return + oka (first place) + uma."""

    order: tuple[int, ...]
    scores: tuple[int, ...]
    results: tuple[int, ...]
    places: tuple[int, ...] = field(default=())

    def to_json(self) -> FinalResultJSON:
        return {
            "order": list(self.order),
            "scores": list(self.scores),
            "results": list(self.results),
            "places": list(self.places),
        }


def ranking(scores: tuple[int, ...]) -> list[int]:
    """Seats from first to last; equal scores are broken by seat order from the first dealer (docs/rules.md)."""
    return sorted(range(len(scores)), key=lambda s: (-scores[s], s))


def _rounds(rules: RuleSet) -> int:
    return 1 if rules.length == "east" else 2


def _last_round(rules: RuleSet) -> int:
    """The last round extension may reach (inclusive)."""
    base = _rounds(rules)
    if rules.extension in ("none",) or (rules.target_points <= 0 and rules.extension != "tie-break"):
        return base - 1
    if rules.extension == "until-west-4":
        return 2
    return min(base, 3)  # one extra wind round


def advance(rules: RuleSet, state: MatchState, out: HandOutcome) -> tuple[MatchState, bool]:
    """The next hand's state and whether the game is over."""
    if not rules.riichi:
        return _advance_zung_jung(rules, state, out)
    renchan = out.dealer_won or out.kind == "abortive" or (out.kind == "exhaustive" and out.dealer_tenpai)
    honba = state.honba + 1 if (renchan or out.kind != "win") else 0
    nxt = replace(state, scores=out.scores, sticks=out.sticks, honba=honba, played=state.played + 1)
    if (rules.bust and any(s < 0 for s in out.scores)) or state.last_hand:
        return nxt, True
    n = rules.players
    nominal_last = _rounds(rules) - 1
    in_all_last = state.round > nominal_last or (state.round == nominal_last and state.hand == n - 1)
    top = ranking(out.scores)[0]
    target = rules.target_points
    reached = target <= 0 or out.scores[top] >= target
    tied_first = sorted(out.scores, reverse=True)[:2]
    tie = rules.extension == "tie-break" and len(tied_first) > 1 and tied_first[0] == tied_first[1]
    if in_all_last:
        dealer_first = top == state.dealer and not tie
        # Tenhou has no tenpai stop: a dealer who is only tenpai at an exhaustive draw plays on even when first
        stops = dealer_first and (out.dealer_won or rules.last_dealer_stop_tenpai)
        # sudden death in the extension; with a last-dealer stop a renchan dealer who is not first plays on
        in_extension = state.round > nominal_last and reached and not tie
        if in_extension and (not renchan or rules.last_dealer_stop == "off" or stops):
            return nxt, True
        if renchan:
            stop = rules.last_dealer_stop
            if (
                stop != "off"
                and out.kind != "abortive"
                and stops
                and (stop == "first" or out.scores[top] >= max(target, 0))
            ):
                return nxt, True
            return nxt, False
        if state.round == nominal_last and reached and not tie:
            return nxt, True
    if renchan:
        return nxt, False
    hand, rnd = state.hand + 1, state.round
    if hand == n:
        hand, rnd = 0, rnd + 1
    if rnd > _last_round(rules) or (rnd > nominal_last and reached and not tie):
        return replace(nxt, hand=hand, round=rnd), True
    return replace(nxt, hand=hand, round=rnd), False


def _advance_zung_jung(rules: RuleSet, state: MatchState, out: HandOutcome) -> tuple[MatchState, bool]:
    """Zung Jung: the dealer passes counter-clockwise after every hand (no renchan, honba or deposits); a game is
    ``zj_hands`` hands; the wind round advances every ``players`` hands (display only)."""
    played = state.played + 1
    hand = (state.hand + 1) % rules.players
    rnd = (state.round + (hand == 0)) % len(ROUND_NAMES)
    nxt = replace(state, scores=out.scores, sticks=0, honba=0, played=played, hand=hand, round=rnd)
    return nxt, played >= rules.zj_hands or state.last_hand


def final_result(rules: RuleSet, state: MatchState) -> FinalResult:
    """Placements by score and seat; leftover deposits to first place after placements; oka and uma.

    With ``tie_break="shared"`` (docs/rules.md#tie_break) seats on equal scores share their best place and split
    evenly what the places they cover pay (the leftover deposits, oka and uma), in 100-point units, any
    remainder going to the earlier seat from the first dealer; ``order`` still lists every seat once."""
    order = ranking(state.scores)
    n = rules.players
    groups = _tied_groups(state.scores, order) if rules.tie_break == "shared" else [[s] for s in order]
    deposits = 1000 * state.sticks
    scores = list(state.scores)
    for seat, share in zip(groups[0], _split(deposits, len(groups[0])), strict=True):
        scores[seat] += share
    oka = (rules.return_points - rules.start_points) * n
    bonus = [u + (oka if place == 0 else 0) for place, u in enumerate(list(rules.uma[:n]) + [0] * n)]
    results = [0] * n
    places = [0] * n
    place = 0
    for group in groups:
        # result = final score − return + the place's pay, as for any seat: a remainder of the deposits and one of
        # the pay both go to the earliest seat of the group, so the two columns of the standings agree
        for seat, share in zip(group, _split(sum(bonus[place : place + len(group)]), len(group)), strict=True):
            places[seat] = place
            results[seat] = scores[seat] - rules.return_points + share
        place += len(group)
    return FinalResult(tuple(order), tuple(scores), tuple(results), tuple(places))


def _tied_groups(scores: tuple[int, ...], order: list[int]) -> list[list[int]]:
    """The ranking cut into runs of equal score (each run in seat order)."""
    groups: list[list[int]] = []
    for seat in order:
        if groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return groups


def _split(points: int, ways: int) -> list[int]:
    """``points`` in ``ways`` even shares of whole 100s (the first shares take any remainder): they sum back."""
    units, rest = divmod(points, 100)
    q, r = divmod(units, ways)
    shares = [100 * (q + (i < r)) for i in range(ways)]
    shares[0] += rest
    return shares
