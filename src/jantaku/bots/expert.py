"""The ``expert`` CPU: the level above ``strong`` that thinks further ahead.

Its first judgement, looking one draw ahead on a one-shanten hand, was measured to place better and moved into
``strong`` (docs/cpus.md#looking-ahead); until its next one lands it plays as ``strong`` does.
"""

from __future__ import annotations

from jantaku.bots.strong import StrongBot


class ExpertBot(StrongBot):
    level = "expert"
