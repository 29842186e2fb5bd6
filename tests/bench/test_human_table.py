"""The human reference table counts what the records say: ``bench/human_table.py`` reads each top-room record
through our referee and the simulator's counter; the same records read by the XML parser alone (its typed
``Agari``/``Reach``/``Ryuukyoku`` values) must give the same wins, self-draws, riichi and draws."""

from __future__ import annotations

from jantaku.formats import read_game
from jantaku.formats.tenhou_records import Reach
from tests.bench.helpers import load_bench
from tests.formats.corpus import corpus_dir, require_corpus


def test_the_referee_counts_what_the_records_say() -> None:
    bench = load_bench("human_table.py")
    files = [p for p in sorted(corpus_dir().glob("4p/*.xml")) if bench.TOP_ROOM in p.read_text(encoding="utf-8")]
    if not files:
        require_corpus()
    files = files[:12]
    table = bench.top_room(files)
    hands = wins = tsumo = riichi = draws = 0
    for path in files:
        for hand in read_game(path).hands:
            hands += 1
            wins += len(hand.agaris)
            tsumo += sum(a.who == a.from_who for a in hand.agaris)
            riichi += sum(isinstance(e, Reach) and e.step == 1 for e in hand.events)
            end = hand.ryuukyoku
            draws += end is not None and end.type in (None, "nm")  # exhaustive (nagashi mangan too), not abortive
    assert (table.games, table.hands) == (len(files), hands)
    assert (table.wins, table.tsumo, table.riichi, table.draws) == (wins, tsumo, riichi, draws)
    assert 0 < table.deal_ins <= table.wins - table.tsumo  # a double ron is one deal-in, two wins
    assert dict(table.rows())["win rate"].endswith("%")
