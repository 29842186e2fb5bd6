"""Self-play simulation: CPU line-ups play whole games, seats rotated, on every core asked for, and
statistics per player with 95% confidence intervals.

>>> from jantaku.sim import simulate
>>> sim = simulate("standard", ["normal", "easy", "easy", "easy"], games=4, seed=1)
>>> sim.games
4
"""

from jantaku.sim.play import GameRecord, PlayerLine, play_game
from jantaku.sim.run import Simulation, simulate
from jantaku.sim.stats import Estimate, PlayerStats

__all__ = ["Estimate", "GameRecord", "PlayerLine", "PlayerStats", "Simulation", "play_game", "simulate"]
