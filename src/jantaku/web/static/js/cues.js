// What the table points out: that it is your turn (the hand lights up and the tab's title says so, which is seen
// when the tab is in the background too), and where the copies of a tile lie (hover a tile, or long-press it on a
// touch screen, and every visible tile of its kind lights up: rivers, melds, North tiles, dora, the own hand, and
// the hands of a result).
//
// Tiles carry their kind (`data-kind`, set for every face-up tile by melds.js, which the table and the results draw
// with). A tap on a tile that a click does not play (a river, a meld, the dora, a hand tile that cannot be discarded
// now) pins its kind lit until the next tap; a tap on a playable hand tile still discards it, as a click does.

import { t } from "./i18n.js";

// ---------------------------------------------------------------- your turn
/** the document's own title, kept while the cue replaces it */
let baseTitle = null;

/** Lights the hand and retitles the tab while a decision of ours is open, and puts both back after. */
export function turnCue(open, hand = null) {
  if (hand) hand.classList.toggle("your-turn", open);
  const cue = t("turnTitle", { brand: t("brand") });
  if (open) {
    if (document.title !== cue) {
      if (baseTitle === null) baseTitle = document.title;
      document.title = cue;
    }
  } else if (baseTitle !== null) {
    document.title = baseTitle;
    baseTitle = null;
  }
}

// ---------------------------------------------------------------- copies of a kind
const LONG_PRESS_MS = 450;
/** the kind under the mouse (or a held finger), and the kind pinned by a tap: the lit kind is the first of them */
let hovered = null;
let pinned = null;
/** the elements the tiles are searched in: the table with the own hand, and the results' overlay over it */
const roots = new Set();

function kindOf(node) {
  const tile = node instanceof Element ? node.closest(".tile[data-kind]") : null;
  return tile ? tile.dataset.kind : null;
}

/** Listens for hover, tap and long press on the tiles inside `wrap` (the table and the own hand, called once when
 * the table is built; the results' overlay, once). */
export function watchKinds(wrap) {
  for (const root of roots) if (!root.isConnected) roots.delete(root); // a table built before
  roots.add(wrap);
  hovered = null;
  pinned = null;
  let press = null; // a touch held on a tile: {timer, x, y, lit}
  wrap.addEventListener("pointerover", (e) => {
    if (e.pointerType === "touch") return; // a finger has no hover: the long press shows
    light(kindOf(e.target), pinned);
  });
  wrap.addEventListener("pointerleave", (e) => { if (e.pointerType !== "touch") light(null, pinned); });
  wrap.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "touch") return;
    const kind = kindOf(e.target);
    if (!kind) return;
    const held = { timer: 0, x: e.clientX, y: e.clientY, lit: false };
    held.timer = setTimeout(() => { held.lit = true; light(kind, pinned); }, LONG_PRESS_MS);
    press = held;
  });
  wrap.addEventListener("pointermove", (e) => {
    if (press && !press.lit && Math.hypot(e.clientX - press.x, e.clientY - press.y) > 10) { clearTimeout(press.timer); press = null; }
  });
  const release = () => {
    if (!press) return;
    clearTimeout(press.timer);
    if (press.lit) {
      light(null, pinned);
      setTimeout(() => { press = null; }); // the click that follows a long press is swallowed (below), then forgotten
    } else press = null;
  };
  wrap.addEventListener("pointerup", release);
  wrap.addEventListener("pointercancel", release);
  // a long press is no click (it would discard) and no right click (the table's right click passes a call)
  const swallow = (e) => { if (press && press.lit) { e.stopPropagation(); e.preventDefault(); } };
  wrap.addEventListener("click", swallow, true);
  wrap.addEventListener("contextmenu", swallow, true);
  wrap.addEventListener("click", (e) => {
    const tile = e.target instanceof Element ? e.target.closest(".tile") : null;
    if (tile && tile.classList.contains("playable")) return; // a discard
    const kind = kindOf(e.target);
    light(hovered, kind && kind !== pinned ? kind : null);
  });
}

function light(hover, pin) {
  hovered = hover;
  pinned = pin;
  markKinds();
}

/** Marks the tiles of the lit kind (again after a drawing replaced some tiles). */
export function markKinds() {
  const kind = hovered ?? pinned;
  for (const root of roots) {
    if (!root.isConnected) continue;
    for (const node of root.querySelectorAll(".tile.same-kind")) if (node.dataset.kind !== kind) node.classList.remove("same-kind");
    if (kind === null) continue;
    for (const node of root.querySelectorAll(`.tile[data-kind="${kind}"]`)) node.classList.add("same-kind");
  }
}
