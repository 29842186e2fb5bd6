"""`make bench`: jantaku against the peers named in the issues, on the same inputs in the same run.

Prints µs per call and ratios, then one machine-readable line per figure:
    bench: NAME ours_us=… peer=NAME peer_us=… ratio=…
Each library gets its own prepared input (34-count lists for shanten, its own hand objects for scoring), built
before timing; every table a library ships is loaded by a warm-up pass on *other* random hands, then the measured
hands are timed once (fresh) and again (repeated: libraries that memoise whole hands answer from memory).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hands import WinSpec, random_counts, random_win
from jantaku.hand import discard_options, shanten, sweep
from jantaku.hand.model import Hand
from jantaku.melds import Meld, MeldKind
from jantaku.rules import preset
from jantaku.scoring.riichi import ScoringError, WinContext, score
from jantaku.tiles import EAST, FIVES, red_code

LINES: list[str] = []


def timed(fn: Callable[[Any], Any], inputs: Sequence[Any]) -> float:
    """µs per call over the inputs (GC paused, as every library gets the same treatment)."""
    gc.disable()
    t0 = time.perf_counter()
    for x in inputs:
        fn(x)
    dt = time.perf_counter() - t0
    gc.enable()
    return dt / len(inputs) * 1e6


def report(name: str, ours: float, peer: str, peer_us: float) -> None:
    ratio = peer_us / ours
    print(f"  {name:<28} ours {ours:9.2f} µs   {peer:<8} {peer_us:9.2f} µs   ratio {ratio:6.1f}x")
    LINES.append(f"bench: {name} ours_us={ours:.3f} peer={peer} peer_us={peer_us:.3f} ratio={ratio:.2f}")


# --- shanten ---------------------------------------------------------------------------------------------------


def bench_shanten(n: int) -> None:
    from jansou.analysis.shanten import shanten_counts
    from mahjong.shanten import Shanten

    rng = random.Random(2024)
    warm = [random_counts(rng, 13) for _ in range(n)]
    hands = [random_counts(rng, 13) for _ in range(n)]
    peer = Shanten()
    for c in warm:  # load tables / fill shape caches
        shanten(c)
        shanten_counts(c, 0)
    ours_fresh = timed(shanten, hands)
    ours_again = timed(shanten, hands)
    jan_fresh = timed(lambda c: shanten_counts(c, 0), hands)
    jan_again = timed(lambda c: shanten_counts(c, 0), hands)
    mj = timed(peer.calculate_shanten, hands[: n // 4])
    # agreement check on the measured inputs (a benchmark of wrong answers is worthless)
    bad = sum(1 for c in hands[:2000] if shanten(c) != shanten_counts(c, 0))
    print(f"shanten, 13 tiles ({n} hands; {bad} disagreements with jansou on 2000)")
    report("shanten13_fresh", ours_fresh, "mahjong", mj)
    report("shanten13_fresh", ours_fresh, "jansou", jan_fresh)
    report("shanten13_repeat", ours_again, "mahjong", mj)
    report("shanten13_repeat", ours_again, "jansou", jan_again)


def bench_ukeire(n: int) -> None:
    rng = random.Random(77)
    hands = [random_counts(rng, 14) for _ in range(n)]
    for _ in range(n):  # warm the shape tables on *other* hands: the measured hands are all fresh
        discard_options(random_counts(rng, 14))
    single = timed(shanten, [random_counts(rng, 13) for _ in range(n)])
    full = timed(discard_options, hands)
    # the same hands once more with the whole-hand memo emptied: the per-shape tables the first pass filled stay,
    # which is what a CPU player meets after its first games (the target is judged on the fresh figure)
    sweep._HANDS.clear()
    warm = timed(discard_options, hands)
    print(f"waits + ukeire for every discard of a 14-tile hand ({n} hands)")
    print(f"  discard_options {full:.2f} µs = {full / single:.1f}x one shanten call ({single:.2f} µs); target < 20x")
    print(f"  the same hands with the per-shape tables filled: {warm:.2f} µs = {warm / single:.1f}x")
    LINES.append(f"bench: ukeire_all_discards ours_us={full:.3f} peer=own_shanten peer_us={single:.3f} "
                 f"ratio={full / single:.2f}")  # fmt: skip
    LINES.append(f"bench: ukeire_all_discards_filled ours_us={warm:.3f} peer=own_shanten peer_us={single:.3f} "
                 f"ratio={warm / single:.2f}")  # fmt: skip


# --- scoring ---------------------------------------------------------------------------------------------------


class Copies:
    """Hands out physical copies (0..3) per kind; a red five is copy 0."""

    def __init__(self, red: set[int]) -> None:
        self.next = [0] * 34
        self.red = red
        for k in FIVES:
            if k not in red:
                self.next[k] = 1

    def take(self, k: int) -> tuple[int, bool]:
        c = self.next[k]
        self.next[k] += 1
        return k * 4 + c, (k in self.red and c == 0)


def ours_input(s: WinSpec) -> tuple[Hand, int, WinContext]:
    cp = Copies(s.red)

    def code(k: int) -> int:
        _, red = cp.take(k)
        return red_code(k) if red else k

    tiles = tuple(code(k) for k in s.concealed)
    win = code(s.win)
    melds = []
    for kind, ks in s.melds:
        mk = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "kan": MeldKind.OPEN_KAN, "ankan": MeldKind.CLOSED_KAN}[kind]
        melds.append(Meld(mk, tuple(code(k) for k in ks)))
    ctx = WinContext(
        tsumo=s.tsumo, riichi=s.riichi, ippatsu=s.ippatsu, dora=(s.dora,), seat_wind=EAST + s.seat,
        round_wind=EAST + s.round, honba=s.honba,
    )  # fmt: skip
    return Hand(tiles, tuple(melds)), win, ctx


def mahjong_input(s: WinSpec) -> tuple[Any, ...]:
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld as MjMeld

    cp = Copies(s.red)
    tiles = [cp.take(k)[0] for k in s.concealed]
    win = cp.take(s.win)[0]
    tiles.append(win)
    melds = []
    for kind, ks in s.melds:
        ids = [cp.take(k)[0] for k in ks]
        tiles.extend(ids)
        mtype = {"chi": MjMeld.CHI, "pon": MjMeld.PON, "kan": MjMeld.KAN, "ankan": MjMeld.KAN}[kind]
        melds.append(MjMeld(meld_type=mtype, tiles=ids, opened=kind != "ankan"))
    cfg = HandConfig(
        is_tsumo=s.tsumo, is_riichi=s.riichi, is_ippatsu=s.ippatsu, player_wind=27 + s.seat, round_wind=27 + s.round,
        tsumi_number=s.honba,
        options=OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False),
    )  # fmt: skip
    return tiles, win, melds, [s.dora * 4 + 3], cfg


def jansou_input(s: WinSpec) -> tuple[Any, ...]:
    from jansou.core.hand import CallSource, MeldType
    from jansou.core.hand import Hand as JHand
    from jansou.core.hand import Meld as JMeld
    from jansou.core.rules import Rules
    from jansou.core.tiles import Tile, TileKind, Wind
    from jansou.scoring.context import WinContext as JCtx

    cp = Copies(s.red)

    def tile(k: int) -> Tile:
        return Tile(TileKind(k), red=cp.take(k)[1])

    concealed = [tile(k) for k in s.concealed]
    win = tile(s.win)
    melds = []
    for kind, ks in s.melds:
        ts = tuple(tile(k) for k in ks)
        if kind == "ankan":
            melds.append(JMeld(MeldType.ANKAN, ts))
        else:
            mtype = {"chi": MeldType.CHII, "pon": MeldType.PON, "kan": MeldType.DAIMINKAN}[kind]
            melds.append(JMeld(mtype, ts, called=ts[0], source=CallSource.KAMICHA))
    hand = JHand(tuple([*concealed, win]), tuple(melds))
    ctx = JCtx(
        rules=Rules(double_yakuman=False), round_wind=Wind(s.round), seat_wind=Wind(s.seat), is_tsumo=s.tsumo,
        riichi=s.riichi, ippatsu=s.ippatsu, dora_indicators=(Tile(TileKind(s.dora)),), honba=s.honba,
    )  # fmt: skip
    return hand, win, ctx


def bench_scoring(n: int) -> None:
    from jansou.scoring.score import ScoringError as JErr
    from jansou.scoring.score import score as jscore
    from mahjong.hand_calculating.hand import HandCalculator

    rules = preset("tenhou")
    rng = random.Random(99)
    specs = [random_win(rng) for _ in range(n)]
    warm = [random_win(rng) for _ in range(n)]
    ours = [ours_input(s) for s in specs]
    mj = [mahjong_input(s) for s in specs]
    js = [jansou_input(s) for s in specs]
    calc = HandCalculator()

    def run_ours(x: tuple[Hand, int, WinContext]) -> Any:
        try:
            return score(x[0], x[1], x[2], rules)
        except ScoringError:
            return None

    def run_mj(x: tuple[Any, ...]) -> Any:
        return calc.estimate_hand_value(x[0], x[1], melds=x[2], dora_indicators=x[3], config=x[4])

    def run_js(x: tuple[Any, ...]) -> Any:
        try:
            return jscore(x[0], x[1], x[2])
        except JErr:
            return None

    for s in warm:
        run_ours(ours_input(s))
    ours_fresh = timed(run_ours, ours)
    ours_again = timed(run_ours, ours)
    m = n // 2
    mj_us = timed(run_mj, mj[:m])
    js_us = timed(run_js, js[:m])
    agree = 0  # han and fu (the peer's totals include honba; ours are the hand's value)
    for a, b in zip(ours[:1000], mj[:1000], strict=True):
        r, p = run_ours(a), run_mj(b)
        ours_hf = (r.han, r.fu) if r and not r.yakuman else ("yakuman" if r else None)
        peer_hf = None if p.error is not None else ("yakuman" if p.han >= 13 and r and r.yakuman else (p.han, p.fu))
        agree += ours_hf == peer_hf
    print(f"full scoring ({n} random winning hands; han and fu agree with mahjong on {agree}/1000)")
    report("score_fresh", ours_fresh, "mahjong", mj_us)
    report("score_fresh", ours_fresh, "jansou", js_us)
    report("score_repeat", ours_again, "mahjong", mj_us)
    report("score_repeat", ours_again, "jansou", js_us)


def bench_engine(games: int) -> None:
    from engine import play_jansou, play_ours, rate

    for s in range(1000, 1003):  # warm the shape tables and caches
        play_ours("tenhou", s)
    ours_g, ours_d = rate(lambda s: play_ours("tenhou", s), games)
    jan_g, jan_d = rate(play_jansou, games)
    sanma_g, sanma_d = rate(lambda s: play_ours("tenhou-sanma", s), games)
    zj_g, zj_d = rate(lambda s: play_ours("zung-jung", s), games)
    print(f"engine: complete East-South games, uniform random legal actions, log written ({games} games each)")
    print(f"  4-player riichi  ours {ours_g:6.1f} games/s ({ours_d:8.0f} decisions/s)   jansou {jan_g:6.1f} games/s "
          f"({jan_d:8.0f} decisions/s)   ratio {ours_g / jan_g:.1f}x")  # fmt: skip
    print(f"  3-player riichi  ours {sanma_g:6.1f} games/s ({sanma_d:8.0f} decisions/s)")
    print(f"  Zung Jung        ours {zj_g:6.1f} games/s ({zj_d:8.0f} decisions/s) (a game is zj_hands = 4 hands)")
    LINES.append(f"bench: engine_4p_games ours_us={1e6 / ours_g:.0f} peer=jansou peer_us={1e6 / jan_g:.0f} "
                 f"ratio={ours_g / jan_g:.2f}")  # fmt: skip
    LINES.append(f"bench: engine_3p_games ours_us={1e6 / sanma_g:.0f} peer=none peer_us=0 ratio=0")
    LINES.append(f"bench: engine_zj_games ours_us={1e6 / zj_g:.0f} peer=none peer_us=0 ratio=0")


def bench_cpu(games: int) -> None:
    from cpu import decision_times, games_per_second, percentile

    print(f"CPU players: complete 4-player East-South games on one core ({games} games each)")
    for level, target in (("normal", 5.0), ("strong", 2.0), ("expert", 1.0)):
        g, d = games_per_second(level, games)
        print(f"  four {level:<6} CPUs  {g:6.2f} games/s ({d:7.0f} decisions/s)   target >= {target:g} games/s")
        LINES.append(f"bench: cpu_{level}_games ours_us={1e6 / g:.0f} peer=none peer_us=0 ratio=0 games_per_s={g:.2f}")
    for level, powers, what, key, target in (
        ("strong", False, "", "cpu_strong_decision_p99", 20),
        ("strong", True, " with superpowers", "cpu_strong_power_decision_p99", 20),
        ("expert", False, "", "cpu_expert_decision_p99", 200),
    ):
        times = decision_times(max(2, games // 2), powers, level)
        ms = [t * 1e3 for t in times]
        p50, p99 = percentile(ms, 0.5), percentile(ms, 0.99)
        print(f"  {level} decision time{what} over {len(ms)} decisions: mean {sum(ms) / len(ms):.2f} ms, "
              f"p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {ms[-1]:.2f} ms   target p99 < {target} ms")  # fmt: skip
        LINES.append(f"bench: {key} ours_us={p99 * 1e3:.0f} peer=none peer_us=0 ratio=0")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="small inputs (a smoke run)")
    args = ap.parse_args()
    k = 10 if args.quick else 1
    print(f"python {sys.version.split()[0]}")
    bench_shanten(40000 // k)
    bench_ukeire(4000 // k)
    bench_scoring(20000 // k)
    bench_engine(max(5, 60 // k))
    bench_cpu(max(4, 20 // k))
    print()
    print("\n".join(LINES))


if __name__ == "__main__":
    main()
