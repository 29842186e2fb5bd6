// Motion at the table: a discard slides into its river (our own from the hand tile we clicked, another seat's
// from its side of the table), and a plate's score rolls from the old value to the new one with the difference
// beside it (at a hand's end, and for a riichi's deposit). Reduced motion, the option or the system's setting,
// keeps every change and drops the movement: the tile is simply there, the number jumps, the difference still shows.
//
// The table calls these after each drawing with the elements it keeps; the state of a roll lives here, keyed by the
// plate element, so a plate redrawn in the middle of a roll (a new dealer tag) rolls on.

import { el } from "./dom.js";
import { state } from "./store.js";

const SLIDE_MS = 260;
const ROLL_MS = 1000;
/** how long the difference stays beside the score */
const DELTA_MS = 2600;

/** Whether motion is off: the option, or the system's reduced-motion setting. */
export function reduced() {
  return !!state.options.reducedMotion || matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// ---------------------------------------------------------------- a discard slides into the river
/** rivers drawn at least once: their first drawing (a new table, a reload) shows the tiles as they lie */
const rivers = new WeakSet();
/** river tiles already shown */
const shown = new WeakSet();

/** Slides the river's new tiles in. `hand` is the own hand's element when the river is ours: a tile thrown from
 * it flies from where it stood in the hand (still drawn there: the river is drawn before the hand). */
export function slideRiver(river, hand = null) {
  const first = !rivers.has(river);
  rivers.add(river);
  for (const node of river.children) {
    if (shown.has(node)) continue;
    shown.add(node);
    if (first || reduced() || !node.animate) continue;
    const from = hand && node.dataset.tile !== undefined ? hand.querySelector(`.hand-tile[data-tile="${node.dataset.tile}"]`) : null;
    if (from) flyFrom(node, from.getBoundingClientRect());
    else slideFromSeat(node);
  }
}

/** From a point on screen into the tile's place (the own seat's river is not turned, so screen axes are its axes;
 * a board scaled to fit the screen scales the distance). */
function flyFrom(node, rect) {
  const to = node.getBoundingClientRect();
  const scale = node.offsetWidth ? to.width / node.offsetWidth || 1 : 1;
  const dx = (rect.left + rect.width / 2 - (to.left + to.width / 2)) / scale;
  const dy = (rect.top + rect.height / 2 - (to.top + to.height / 2)) / scale;
  const size = to.width ? Math.min(2.5, rect.width / to.width) : 1;
  node.animate([{ translate: `${dx}px ${dy}px`, scale: `${size}` }, { translate: "0 0", scale: "1" }],
    { duration: SLIDE_MS + 60, easing: "cubic-bezier(.2,.8,.3,1)" });
}

/** From the seat's side: each seat is drawn turned towards its player, so "down" in its own frame is its player. */
function slideFromSeat(node) {
  const lift = Math.max(12, node.offsetHeight * 1.6);
  node.animate([{ translate: `0 ${lift}px`, opacity: 0.2 }, { translate: "0 0", opacity: 1 }],
    { duration: SLIDE_MS, easing: "cubic-bezier(.2,.8,.3,1)" });
}

// ---------------------------------------------------------------- scores roll
/** plate → {value (on screen now), from, to, start, delta, until, running (a chain of frames draws it)} */
const rolls = new WeakMap();

/** Shows `score` on the plate (its `.score` element): the first time as it is, after a change rolling from the
 * value on screen to the new one over a second, with the difference beside the plate for a few seconds. */
export function rollScore(plate, score) {
  let roll = rolls.get(plate);
  if (!roll) {
    rolls.set(plate, { value: score, from: score, to: score, start: 0, delta: 0, until: 0, running: false });
    return;
  }
  if (score !== roll.to) {
    const now = performance.now();
    roll.delta = score - roll.to;
    roll.from = roll.value;
    roll.to = score;
    roll.start = now;
    roll.until = now + DELTA_MS;
    // a roll under way rolls on to the new score from where it is: one chain of frames per plate
    if (!roll.running) {
      roll.running = true;
      requestAnimationFrame(() => step(plate, roll));
    }
  }
  paint(plate, roll, performance.now());
}

function step(plate, roll) {
  roll.running = paint(plate, roll, performance.now());
  if (roll.running) requestAnimationFrame(() => step(plate, roll));
}

/** Writes the roll's value at time `now` into the plate; returns whether there is more to draw. */
function paint(plate, roll, now) {
  const done = reduced() || now - roll.start >= ROLL_MS;
  const p = Math.min(1, (now - roll.start) / ROLL_MS);
  const eased = 1 - (1 - p) ** 3;
  roll.value = done ? roll.to : Math.round(roll.from + (roll.to - roll.from) * eased);
  const score = plate.querySelector(".score");
  if (score && score.textContent !== roll.value.toLocaleString()) score.textContent = roll.value.toLocaleString();
  let badge = plate.querySelector(".score-delta");
  if (now < roll.until && roll.delta) {
    const text = `${roll.delta > 0 ? "+" : "−"}${Math.abs(roll.delta).toLocaleString()}`;
    if (!badge) { // (again after the plate was redrawn)
      badge = el("span", { class: "score-delta" });
      plate.append(badge);
    }
    badge.className = `score-delta ${roll.delta > 0 ? "plus" : "minus"}`;
    badge.textContent = text;
  } else if (badge) {
    badge.remove();
  }
  // (with reduced motion the number has jumped; the frames only keep the difference up, then take it off)
  return plate.isConnected && now < Math.max(roll.start + ROLL_MS, roll.until);
}
