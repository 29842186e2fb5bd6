// A rating as the pages write it: the public number (conservative: mu - 3 sigma, docs/ratings.md) and its change
// after a game. Small and apart, so that the lobby's history can show a change without the profile's charts.

/** A rating as people read it: one decimal while it is small (OpenSkill's own scale), whole above. */
export function ratingText(value) {
  if (value === null || value === undefined || !Number.isFinite(Number(value))) return "–";
  const v = Number(value);
  return Math.abs(v) < 100 ? v.toFixed(1) : Math.round(v).toLocaleString();
}

/** A change of rating with its sign: "+1.2", "−0.8". */
export function ratingDelta(before, after) {
  const d = Number(after) - Number(before);
  if (!Number.isFinite(d)) return "";
  const shown = ratingText(Math.abs(d));
  if (Number(shown) === 0) return `±${shown}`; // (a change too small to show is none)
  return d > 0 ? `+${shown}` : `−${shown}`;
}
