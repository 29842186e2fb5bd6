// Dragging the own hand's tiles into the order the player likes, when auto-sort is off. Pointer events, so a
// mouse, a pen and a finger all drag. The tile follows the pointer and the others make room as it passes them; on
// release the order is kept in the store (state.handOrder, for the rest of the hand) and the hand is drawn in it.
// The drawn tile dragged into the hand stays where it was dropped. A drag never discards: only a click (a press
// released where it started) plays a tile.

import { state, refresh } from "./store.js";

/** how far (px) a press must move before it is a drag rather than a click */
const SLOP = { mouse: 5, pen: 6, touch: 10 };

/** Listens for drags in the hand element (called once when the hand is built). */
export function watchDrag(hand) {
  let drag = null; // {node, id, pointerId, x, y, grabX, grabY, moving}
  let swallowClick = false;

  hand.addEventListener("pointerdown", (e) => {
    if (state.options.autoSort || drag || (e.pointerType === "mouse" && e.button !== 0)) return;
    const node = e.target instanceof Element ? e.target.closest(".hand-tile") : null;
    if (!node) return;
    const r = node.getBoundingClientRect();
    drag = { node, id: Number(node.dataset.tile), pointerId: e.pointerId, x: e.clientX, y: e.clientY,
      grabX: e.clientX - r.left, grabY: e.clientY - r.top, moving: false };
  });

  hand.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    if (!drag.node.isConnected) { end(false); return; } // the hand was drawn again under the pointer
    if (!drag.moving) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < (SLOP[e.pointerType] ?? 6)) return;
      drag.moving = true;
      try { hand.setPointerCapture(e.pointerId); } catch { /* the pointer is gone already */ }
      drag.node.classList.add("dragging");
      hand.classList.add("reordering");
    }
    e.preventDefault();
    follow(e.clientX, e.clientY);
  });

  hand.addEventListener("pointerup", (e) => { if (drag && e.pointerId === drag.pointerId) end(drag.moving); });
  hand.addEventListener("pointercancel", (e) => { if (drag && e.pointerId === drag.pointerId) end(false); });
  // the click that ends a drag is no discard
  hand.addEventListener("click", (e) => {
    if (!swallowClick) return;
    swallowClick = false;
    e.stopPropagation();
    e.preventDefault();
  }, true);

  /** Puts the dragged tile where its centre is among the others (in reading order, for a hand on two rows), and
   * keeps it under the pointer. */
  function follow(px, py) {
    const node = drag.node;
    node.style.translate = "";
    const cx = px - drag.grabX + node.offsetWidth / 2;
    const cy = py - drag.grabY + node.offsetHeight / 2;
    const others = [...hand.querySelectorAll(".hand-tile")].filter((n) => n !== node);
    const before = others.find((n) => {
      const r = n.getBoundingClientRect();
      const row = cy < r.top ? -1 : cy > r.bottom ? 1 : 0;
      return row < 0 || (row === 0 && cx < r.left + r.width / 2);
    });
    if (before) { if (node.nextElementSibling !== before) hand.insertBefore(node, before); } else if (hand.lastElementChild !== node) hand.append(node);
    const r = node.getBoundingClientRect();
    node.style.translate = `${px - drag.grabX - r.left}px ${py - drag.grabY - r.top}px`;
  }

  function end(moved) {
    const { node, id, pointerId } = drag;
    drag = null;
    try { if (hand.hasPointerCapture(pointerId)) hand.releasePointerCapture(pointerId); } catch { /* gone */ }
    node.style.translate = "";
    node.classList.remove("dragging");
    hand.classList.remove("reordering");
    if (!moved || !node.isConnected) return;
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }); // (a touch drag is followed by no click at all)
    const own = state.update && state.update.view.own;
    const drawn = own ? own.drawn : null;
    // the drawn tile joins the order when it is the one dragged (or was placed before); else it stays apart
    const placed = drawn !== null && drawn !== undefined && (id === drawn || state.handOrder.includes(drawn));
    state.handOrder = [...hand.querySelectorAll(".hand-tile")].map((n) => Number(n.dataset.tile))
      .filter((tile) => placed || tile !== drawn);
    state.selected = -1;
    setTimeout(refresh); // after the click that ends the drag has been swallowed
  }
}

/** The own hand in display order with auto-sort off: the tiles in the order the player left them (new tiles at the
 * end), and whether the drawn tile was placed among them (else it is shown apart, as the drawn tile). Keeps the
 * order in the store. */
export function handOrder(own) {
  const drawn = own.drawn;
  const hasDrawn = drawn !== null && drawn !== undefined;
  const placed = hasDrawn && state.handOrder.includes(drawn);
  const tiles = own.tiles.filter((id) => placed || id !== drawn);
  const keep = state.handOrder.filter((id) => tiles.includes(id));
  for (const id of tiles) if (!keep.includes(id)) keep.push(id);
  state.handOrder = keep;
  return { tiles: keep, placed };
}
