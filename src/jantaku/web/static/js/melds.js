// Tiles as the page lays them, face up or down, and melds as the table lays them: one drawing for the table and
// the hands' results over it, so a meld or a tile looks (and is found by the tests and the cues) the same in both.
//
// A face-up tile carries its physical id (`data-tile`) and its kind (`data-kind`: cues.js lights a kind's copies
// from it); a face-down one carries neither. The tiles' look follows the options (the colour-blind palette) and the
// room's rules (which fives are red), or a replayed game's (`tileRules`).

import { el, raw } from "./dom.js";
import { t } from "./i18n.js";
import { tileSVG, isRed, kindOfId } from "./tiles.js";
import { state } from "./store.js";

let rulesOver = null;

/** The tiles are drawn under `rules` (a replay's game); null: the room's. */
export function tileRules(rules) { rulesOver = rules || null; }

function redFives() {
  const rules = rulesOver || (state.room && state.room.rules);
  return (rules && rules.red_fives) || null;
}

/** One tile: `id` face up (null or undefined, or `extra.back`: face down). `extra`: {class, dataset, title, back,
 * onclick}; the dataset is added to the tile's own. */
export function tile(id, extra = {}) {
  const known = id !== null && id !== undefined && !extra.back;
  const cls = `tile ${extra.class || ""}`.trim();
  const dataset = known ? { tile: id, kind: kindOfId(id), ...extra.dataset } : extra.dataset;
  const node = raw("span", { class: cls, dataset, title: extra.title },
    tileSVG(known ? id : null, { red: known && isRed(id, redFives()), palette: state.options.colorBlind ? "cb" : "normal", back: !known }));
  if (extra.onclick) node.addEventListener("click", extra.onclick);
  return node;
}

/** A face-down tile. */
export function back(cls = "") { return tile(null, { back: true, class: cls }); }

/** A meld of seat `owner` at a table of `n` seats, as the table lays it: the called tile turned towards the seat it
 * came from (left, across, right; a chi's always first), an added kan's fourth tile on top of it, a closed kan with
 * its ends face down. The element's classes are `meld` and the meld's kind; `data-from` is where the called tile
 * came from (1 right, 2 across, 3 left). */
export function meld(m, owner, n) {
  if (m.kind === "closed_kan") {
    return el("div", { class: "meld closed_kan" }, m.tiles.map((id, i) => (i === 0 || i === 3 ? back() : tile(id))));
  }
  const from = m.source === undefined || m.source === null ? null : (m.source - owner + n) % n;
  const called = m.called;
  const rest = m.tiles.filter((id) => id !== called && id !== m.added);
  const at = m.kind === "chi" || from === 3 ? 0 : from === 2 ? 1 : rest.length;
  const order = [...rest.slice(0, at), called, ...rest.slice(at)];
  const nodes = order.map((id) => tile(id, { class: id === called ? "sideways called-from" : "",
    title: id === called ? `← ${t(["", "S", "W", "N"][from] || "")}` : undefined }));
  if (m.added !== undefined && m.added !== null) {
    nodes[at] = el("span", { class: "stack" }, nodes[at], tile(m.added, { class: "sideways" }));
  }
  return el("div", { class: `meld ${m.kind}`, dataset: { from: from ?? "" } }, nodes);
}
