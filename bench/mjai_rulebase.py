"""Runs the PyPI ``mjai`` package's ``RulebaseBot`` as an mjai program (batch convention) for ``make bench-strength``.

The package is AGPL: it is never a dependency of jantaku. ``make bench-strength`` installs it into a separate
environment (``.venv-mjai``) and runs this script with that environment's Python, as a separate process our seat
talks to over stdin/stdout (docs/mjai-bots.md). The bot needs its seat when it is made: it is read from the
``start_game`` event's ``id`` in the first message; every line is then answered by ``Bot.react``, as the package's
own ``Bot.start`` loop does.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    from loguru import logger
    from mjai.bot.rulebase import RulebaseBot

    logger.remove()  # the bot logs every hand at INFO: nothing anyone reads here
    bot = None
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        if bot is None:
            events = json.loads(line)
            seat = next(e["id"] for e in events if e.get("type") == "start_game")
            bot = RulebaseBot(player_id=seat)
        sys.stdout.write(bot.react(line) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
