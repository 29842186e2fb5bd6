"""Finished games watched again and reviewed.

``walk`` (``review.walk``) replays a game's log decision by decision and cuts it into the steps a viewer shows;
the timeline (what the browser's replay viewer draws), the reviewer (the ``strong`` CPU's judgement of one seat's
decisions) and the outside reviewer (an mjai program's values beside ours) are all built on it, so a decision's
"moment" (the step whose picture shows it) is the same number everywhere (docs/replays.md).
"""
