"""The ``strong`` CPU's appraisal of a decision: every distinct option with the numbers the CPU decides by.

A review (``jantaku.review.reviewer``, docs/review.md) shows, for each decision a seat made, what the strong CPU
would have played and how it rates each option. Options are named by ``option_key``: a short text in the project's
tile notation that says what the option does and nothing the player cannot tell apart (two plain copies of 5m are
one option, a red five is another). Outside reviewers map their own options onto these keys.

``appraise`` reads the seat's view only (``read_view``), like the CPU itself. Its ``choice`` is exactly what
``StrongBot(rules, seed).act(view)`` plays. Each option gets three numbers, in points and chances:

- ``ev``: expected points. A discard (and a riichi discard) is ``StrongBot.evaluate``'s number: win chance × what the
  hand left is worth (riichi counted for a closed hand, riichi deposits on the table, the tenpai payment) − deal-in
  chance × its cost × the pushes still to come. A red five's discard (riichi, veil) is valued with the hand it leaves,
  without that red five: one dora fewer than a plain copy's discard leaves, so the two keys differ where the dora
  changes the hand's worth (the CPU itself throws a plain copy first). A plain discard that could be a riichi is valued
  without riichi's han (dama), its win chance kept: riichi never scores less, so the numbers always favour it, and the
  CPU's riichi or dama is a rule, not these numbers (dama on a hand already worth a mangan, or on any winning hand as
  the leader in the last hand). A veiled discard: the discard's number with its deal-in risk lifted, less what keeping
  the charge is worth (``bots.powers.VEIL_KEEP``). A win (tsumo, ron): its points by the scorer, with the honba and the
  deposits. A pass (and an open kan's hand after it): the 13 tiles as they stand, win chance × value, no deal-in risk
  counted (nothing is thrown now). A chi or pon: the best evaluated discard of the hand it makes. A closed or added kan,
  or a North set aside: the hand left, as it stands. Nine terminals: 0 (a redeal: nobody scores). Tenpai or noten: the
  seat's share of the noten payments, each count of other waiting seats equally likely. A superpower: the best discard's
  number (what it tells or changes is not priced), Redraw plus ``StrongBot.redraw_gain``.
- ``win``: the chance to win the hand from here (``strong.win_chance`` of the hand the option leaves; 1 for a win).
- ``deal_in``: the chance the tile thrown now deals in, against the threats the strong CPU reads (a riichi, an
  open hand): its danger table. A call's: the discard it is followed by. 0 for everything that throws no tile.

Where the CPU decides by a rule rather than by these numbers, the choice is still the CPU's and the numbers stay
honest, so the choice can rank below options with a higher ``ev``: riichi or dama (above); a win is always taken,
except the last hand's ron a last-place non-dealer refuses when only a self-draw would lift it; calls are made by
the normal CPU's judgement (closer to tenpai, a yaku kept; late in the hand a call reaching tenpai; against a
riichi no call that must throw a dangerous tile); kans only when they keep the hand's shanten and never against
another's riichi; a North is set aside unless the hand needs it; nine terminals unless thirteen orphans is two
tiles away; an open hand keeps a discard that leaves it a yaku; in Zung Jung the discards that keep the best
shanten and acceptance are weighed, not all; superpowers by the rules of ``bots.powers``; tenpai is always
declared. One choice rates below by the CPU's own estimate rather than a rule: a five held only as a red copy,
which ``StrongBot.evaluate``'s han estimate of a slow hand still counts once thrown, so the CPU can throw it
where its number here (the hand it leaves) is below another discard's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from jantaku.bots import efficiency
from jantaku.bots.powers import VEIL_KEEP
from jantaku.bots.reading import Situation, read_view
from jantaku.bots.strong import ZJ_WIN_WORTH, StrongBot, zung_jung_estimate
from jantaku.bots.value import estimated_han, han_points, wait_values, win_points
from jantaku.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareNoten,
    DeclareTenpai,
    Discard,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Power,
    Riichi,
    Ron,
    Tsumo,
)
from jantaku.engine.table import tile_codes
from jantaku.engine.view import SeatView
from jantaku.hand import DiscardOption
from jantaku.hand.sweep import mask_kinds
from jantaku.hand.waits import ukeire
from jantaku.melds import Meld, MeldKind
from jantaku.rules.ruleset import RuleSet
from jantaku.tiles import KIND_OF_ID, KINDS, code_name, format_tiles, kind_name, kind_of, sort_key


def option_key(action: Action, rules: RuleSet) -> str:
    """The option ``action`` stands for, e.g. ``discard 5m``, ``discard 0m`` (a red five: ``rules.red_fives``
    decides which ids are red), ``veil 5m``, ``riichi 5m``, ``chi 46m`` (the two own tiles), ``pon 55p``,
    ``added_kan 5m``, ``closed_kan 5m``, ``power seal 2``, ``power sense 0m``. Kans are named by kind: every copy
    goes into them."""
    codes = tile_codes(rules)
    if isinstance(action, Discard):
        return f"{'veil' if action.veil else 'discard'} {code_name(codes[action.tile])}"
    if isinstance(action, Riichi):
        return f"riichi {code_name(codes[action.tile])}"
    if isinstance(action, (Chi, Pon)):
        own = sorted((codes[t] for t in action.tiles), key=sort_key)
        return f"{action.type} {format_tiles(own)}"
    if isinstance(action, AddedKan):
        return f"added_kan {kind_name(KIND_OF_ID[action.tile])}"
    if isinstance(action, ClosedKan):
        return f"closed_kan {kind_name(KIND_OF_ID[action.tiles[0]])}"
    if isinstance(action, Power):
        if action.tile is not None:
            return f"power {action.power} {code_name(codes[action.tile])}"
        return f"power {action.power}" if action.target is None else f"power {action.power} {action.target}"
    if isinstance(action, (Tsumo, Ron, Pass, OpenKan, Kita, NineTerminals, DeclareTenpai, DeclareNoten)):
        return action.type
    raise TypeError(f"no option key for {action!r}")


@dataclass(frozen=True, slots=True)
class Option:
    """One distinct option: its ``key``, one legal ``action`` that plays it, and the numbers: ``ev`` (expected
    points), ``win`` (chance to win the hand from here, 0..1) and ``deal_in`` (chance the tile it throws now deals
    in, 0..1)."""

    key: str
    action: Action
    ev: float
    win: float
    deal_in: float


@dataclass(frozen=True, slots=True)
class Appraisal:
    """A decision appraised: ``kind`` ("turn": the seat's own turn or a tenpai declaration; "claim": an answer to
    another seat's tile), the strong CPU's ``choice`` (a key) and every distinct option, ranked best first with the
    choice first."""

    kind: str
    choice: str
    options: tuple[Option, ...]

    def option(self, key: str) -> Option | None:
        return next((o for o in self.options if o.key == key), None)


@dataclass(slots=True)
class _Numbers:
    ev: float
    win: float
    deal_in: float


def appraise(view: SeatView, rules: RuleSet, seed: int | str = 0) -> Appraisal:
    """The strong CPU's appraisal of ``view`` (a seat's view with its ``legal_actions``) under ``rules``: what
    ``StrongBot(rules, seed).act(view)`` plays and the numbers of every distinct option (module docstring)."""
    bot = StrongBot(rules, seed)
    choice = bot.act(view)
    r = read_view(view, rules)
    keys: dict[str, Action] = {}
    for a in r.legal:
        keys.setdefault(option_key(a, rules), a)
    choice_key = option_key(choice, rules)
    keys[choice_key] = choice  # the CPU's own copy represents its option (a tsumogiri, a plain five)
    numbers = _numbers(bot, r, list(keys.values()))
    opts = [Option(k, a, *_astuple(numbers[k])) for k, a in keys.items()]
    order = {k: i for i, k in enumerate(keys)}
    opts.sort(key=lambda o: (o.key != choice_key, -o.ev, order[o.key]))
    claim = r.claim is not None and not any(isinstance(a, (DeclareTenpai, DeclareNoten)) for a in r.legal)
    return Appraisal("claim" if claim else "turn", choice_key, tuple(opts))


def _astuple(n: _Numbers) -> tuple[float, float, float]:
    return round(n.ev, 1), round(n.win, 4), round(n.deal_in, 4)


def _deal_in(threats: list[tuple[list[float], float]], kind: int) -> float:
    """The chance a tile of ``kind`` deals into at least one of the threats."""
    safe = 1.0
    for d, _ in threats:
        safe *= 1.0 - min(1.0, d[kind])
    return 1.0 - safe


def _stake(bot: StrongBot, r: Situation, threats: list[tuple[list[float], float]]) -> float:
    """What winning also takes (riichi deposits, the riichi wins it stops): as ``StrongBot.evaluate`` counts it."""
    if not r.rules.riichi:
        return 0.0
    return sum(1000.0 + 0.3 * c for (_, c), o in zip(threats, bot.threatening(r), strict=True) if o.riichi)


def _standing(bot: StrongBot, r: Situation) -> _Numbers:
    """A 3n+1 hand as it stands (nothing to throw now): its win chance × what it is worth, valued as
    ``StrongBot.hand_value`` values a discard's hand (riichi counted for a closed hand; no deal-in risk now)."""
    acc = ukeire(r.counts, r.locked if r.melds else None, r.visible)
    p = bot.chance(r, acc.shanten, acc.total)
    value = _stake(bot, r, bot.threats(r))
    if acc.shanten <= 0:
        waits = [k for k, _ in acc.tiles]
        codes = [r.codes[t] for t in r.tiles]
        pts, _, _ = wait_values(r, codes, waits, riichi=r.closed)
        if not r.rules.riichi:
            return _Numbers(p * 3.0 * (ZJ_WIN_WORTH + pts), p, 0.0)
        if any(w in r.own_river for w in waits):
            p *= 0.5
        value += (pts or 600.0) + 500.0
    elif not r.rules.riichi:
        value += 3.0 * (ZJ_WIN_WORTH + zung_jung_estimate(r, r.counts))
    else:
        value += han_points(estimated_han(r, r.counts, r.closed), r.dealer)
    return _Numbers(p * value, p, 0.0)


def _evaluated(bot: StrongBot, r: Situation, kinds: set[int]) -> dict[int, tuple[_Numbers, DiscardOption]]:
    """``StrongBot.evaluate`` of each discard kind for the copy the CPU throws (``tile_for_kind``: a plain copy
    first; a kind held only as red fives is valued without the red five thrown), with its win chance and deal-in
    chance."""
    opts = efficiency.options(r, kinds)
    if not opts:
        return {}
    threats = bot.threats(r)
    out: dict[int, tuple[_Numbers, DiscardOption]] = {}
    for ev, o in bot.evaluate(r, opts):
        # furiten as ``StrongBot.hand_value`` reads it: a wait in the own river, or the tile thrown now
        waits = mask_kinds(o.mask) if o.shanten == 0 and r.rules.riichi else []
        furiten = any(w in r.own_river or w == o.discard for w in waits)
        p = bot.chance(r, o.shanten, o.total) * (0.5 if furiten else 1.0)
        out[o.discard] = (_Numbers(ev, p, _deal_in(threats, o.discard)), o)
    return out


def _thrown_red(r: Situation, reds: set[int]) -> Situation:
    """``r`` with the red fives ``reds`` (own ids) read as plain fives: the situation in which ``StrongBot``'s
    discard evaluation, which throws a plain copy of a kind before a red one (``tile_for_kind``) and counts the
    red fives of the hand it holds, values the hand left by throwing a red five. That hand keeps the plain copies
    and the other red fives but not the thrown one: one dora fewer than the kind's plain discard leaves."""
    codes = list(r.codes)
    for t in reds:
        codes[t] = KIND_OF_ID[t]
    return replace(r, codes=tuple(codes))


def _dama(bot: StrongBot, r: Situation, base: _Numbers, o: DiscardOption) -> _Numbers:
    """The same discard as ``base`` without riichi: the hand's value without riichi's han (its win chance kept)."""
    with_riichi, _ = bot.hand_value(r, o, riichi=True)
    without, _ = bot.hand_value(r, o, riichi=False)
    return _Numbers(base.ev - base.win * (with_riichi - without), base.win, base.deal_in)


def _after(r: Situation, *, remove: list[int], meld: Meld | None, called: int | None = None) -> Situation:
    """The situation once ``remove`` (own ids) leave the hand into ``meld`` (and ``called``, another seat's tile,
    joins it): nothing drawn, no claim open."""
    tiles = [t for t in r.tiles if t not in remove]
    counts = list(r.counts)
    locked = list(r.locked)
    visible = list(r.visible)
    for t in remove:
        counts[KIND_OF_ID[t]] -= 1
    meld_kinds = list(r.meld_kinds)
    own_melds = list(r.own_melds)
    closed = r.closed
    melds = r.melds
    if meld is not None:
        kind = kind_of(meld.tiles[0])
        for c in meld.tiles:
            locked[kind_of(c)] += 1
        if called is not None:
            visible[KIND_OF_ID[called]] = max(0, visible[KIND_OF_ID[called]] - 1)
        low = min(kind_of(c) for c in meld.tiles)
        if meld.kind is MeldKind.ADDED_KAN:  # the pon becomes the kan
            at = next(i for i, (k, lo) in enumerate(meld_kinds) if k == MeldKind.PON and lo == kind)
            meld_kinds[at] = (str(MeldKind.ADDED_KAN), kind)
            pon = next(i for i, m in enumerate(own_melds) if m.kind is MeldKind.PON and kind_of(m.tiles[0]) == kind)
            own_melds[pon] = meld
            locked[kind] -= 3  # the pon's three were locked already
        else:
            meld_kinds.append((str(meld.kind), low))
            own_melds.append(meld)
            melds += 1
        closed = closed and not meld.is_open
    return replace(
        r,
        tiles=tiles,
        counts=counts,
        locked=locked,
        visible=visible,
        melds=melds,
        closed=closed,
        meld_kinds=meld_kinds,
        own_melds=tuple(own_melds),
        drawn=None,
        claim=None,
        legal=[],
    )


def _call(bot: StrongBot, r: Situation, call: Pon | Chi | OpenKan) -> _Numbers:
    """A call: the best evaluated discard of the hand it makes (an open kan: the hand as it then stands)."""
    assert r.claim is not None
    tile, src = r.claim[2], r.claim[1]
    codes = sorted((r.codes[t] for t in (*call.tiles, tile)), key=sort_key)
    kind = MeldKind.CHI if isinstance(call, Chi) else MeldKind.PON if isinstance(call, Pon) else MeldKind.OPEN_KAN
    meld = Meld(kind, tuple(codes), r.codes[tile], (src - r.seat) % r.players)
    after = _after(r, remove=list(call.tiles), meld=meld, called=tile)
    if isinstance(call, OpenKan):
        return _standing(bot, after)
    out = efficiency.after_call(r, call)
    allowed = {k for k in range(KINDS) if after.counts[k] and k not in out.forbidden}
    scored = _evaluated(bot, after, allowed)
    if not scored:
        return _Numbers(0.0, 0.0, 0.0)
    return max((n for n, _ in scored.values()), key=lambda n: n.ev)


def _win(r: Situation, action: Tsumo | Ron) -> _Numbers:
    """A win: its points (the scorer's, as ``value.win_points`` reads the view) with the honba and deposits."""
    if isinstance(action, Tsumo):
        win = r.drawn if r.drawn is not None else r.tiles[-1]
        rest = [r.codes[t] for t in r.tiles if t != win]
    else:
        assert r.claim is not None
        win = r.claim[2]
        rest = [r.codes[t] for t in r.tiles]
    pts = float(win_points(r, rest, r.codes[win], riichi=r.riichi, tsumo=isinstance(action, Tsumo)))
    if not r.rules.riichi:
        return _Numbers(3.0 * (ZJ_WIN_WORTH + pts), 1.0, 0.0)
    pts += 1000.0 * r.sticks + r.honba * r.rules.honba_per_payer * (r.players - 1)
    return _Numbers(pts, 1.0, 0.0)


def _declaration(r: Situation, tenpai: bool) -> _Numbers:
    """Tenpai or noten at an exhaustive draw: the seat's share of the noten payments, averaged over how many of
    the others are waiting (unknown: each count equally likely)."""
    n, total = r.players, float(r.rules.noten_total)
    if not r.rules.riichi:
        return _Numbers(0.0, 0.0, 0.0)
    shares = []
    for others in range(n):  # others waiting
        waiting = others + (1 if tenpai else 0)
        if waiting in (0, n):
            shares.append(0.0)
        elif tenpai:
            shares.append(total / waiting)
        else:
            shares.append(-total / (n - waiting))
    return _Numbers(sum(shares) / len(shares), 0.0, 0.0)


def _numbers(bot: StrongBot, r: Situation, actions: list[Action]) -> dict[str, _Numbers]:
    rules = r.rules
    out: dict[str, _Numbers] = {}
    kinds = {KIND_OF_ID[a.tile] for a in actions if isinstance(a, (Discard, Riichi))}
    scored = _evaluated(bot, r, kinds) if kinds else {}
    # a red five thrown is valued with the hand it leaves (one dora fewer), not with the plain copy's hand
    reds = {a.tile for a in actions if isinstance(a, (Discard, Riichi)) and r.is_red(a.tile)}
    red_r = _thrown_red(r, reds)
    red_scored = _evaluated(bot, red_r, {KIND_OF_ID[t] for t in reds}) if reds else {}
    riichi_kinds = {KIND_OF_ID[a.tile] for a in actions if isinstance(a, Riichi)}
    best = max((n for n, _ in scored.values()), key=lambda n: n.ev, default=_Numbers(0.0, 0.0, 0.0))
    threats = bot.threats(r) if scored else []
    scale = bot.risk_scale(r)
    for a in actions:
        key = option_key(a, rules)
        if isinstance(a, (Discard, Riichi)):
            red = a.tile in reds
            n, o = (red_scored if red else scored)[KIND_OF_ID[a.tile]]
            if isinstance(a, Discard) and o.discard in riichi_kinds and o.shanten == 0:
                n = _dama(bot, red_r if red else r, n, o)
            if isinstance(a, Discard) and a.veil:
                lifted = bot.discard_risk(r, o.discard, threats) * bot.future(r, o.shanten) * scale
                n = _Numbers(n.ev + lifted - VEIL_KEEP, n.win, 0.0)
        elif isinstance(a, (Tsumo, Ron)):
            n = _win(r, a)
        elif isinstance(a, (Pon, Chi, OpenKan)):
            n = _call(bot, r, a)
        elif isinstance(a, Pass):
            n = _standing(bot, r)
        elif isinstance(a, ClosedKan):
            codes = tuple(r.codes[t] for t in a.tiles)
            n = _standing(bot, _after(r, remove=list(a.tiles), meld=Meld(MeldKind.CLOSED_KAN, codes)))
        elif isinstance(a, AddedKan):
            pon = next(m for m in r.own_melds if m.kind is MeldKind.PON and kind_of(m.tiles[0]) == KIND_OF_ID[a.tile])
            meld = Meld(MeldKind.ADDED_KAN, (*pon.tiles, r.codes[a.tile]), pon.called, pon.source)
            n = _standing(bot, _after(r, remove=[a.tile], meld=meld))
        elif isinstance(a, Kita):
            n = _standing(bot, replace(_after(r, remove=[a.tile], meld=None), kita=r.kita + 1))
        elif isinstance(a, NineTerminals):
            n = _Numbers(0.0, 0.0, 0.0)
        elif isinstance(a, (DeclareTenpai, DeclareNoten)):
            n = _declaration(r, isinstance(a, DeclareTenpai))
        elif isinstance(a, Power):
            gain = bot.redraw_gain(r) if a.power == "redraw" else 0.0
            n = _Numbers(best.ev + gain, best.win, 0.0)
        else:  # pragma: no cover - every action type is named above
            raise TypeError(f"no appraisal for {a!r}")
        out[key] = n
    return out
