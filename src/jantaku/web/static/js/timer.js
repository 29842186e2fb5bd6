// The decision timer at the table: the seconds of this decision (a ring that empties) and the time bank (a figure
// of its own), each counting down while it is spent. The server's rule (docs/protocol.md, `timer` in `update`): a
// decision first spends its own seconds, then the bank; when both are gone the server plays for the player. The
// update says the decision's seconds, the bank as it stood when the prompt opened, and the seconds left in all, so
// the two figures are told apart here: what is left beyond the bank is the decision's, the rest is the bank's.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const RING = 2 * Math.PI * 15; // the ring's circumference (r = 15 in a 36 × 36 box)
const LOW = 5; // seconds: the timer turns red when less than this is left in all (at most half of its time)

/** The decision's seconds and the bank's left at now, from the timer as the update said it at `at` (ms). */
export function split(timer, at, now = Date.now()) {
  const left = Math.max(0, timer.left - (now - at) / 1000);
  return { think: Math.max(0, left - timer.bank), bank: Math.min(timer.bank, left) };
}

/** The timer's element for an open decision (timer: the update's {think, bank, left}); tick() counts it down. */
export function timerView(timer) {
  const node = el("div", { class: "timer", id: "timer", role: "timer",
    dataset: { think: timer.think, bank: timer.bank, left: timer.left, at: Date.now() } },
  timer.think > 0 ? el("span", { class: "think", id: "timer-think", title: t("timer") },
    ring(), el("span", { class: "secs" }), el("span", { class: "label" }, t("timer"))) : null,
  el("span", { class: "bank", id: "timer-bank", title: t("bank") },
    el("span", { class: "label" }, t("bank")), " ", el("span", { class: "secs" })));
  draw(node);
  return node;
}

function ring() {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 36 36");
  svg.setAttribute("class", "ring");
  svg.setAttribute("aria-hidden", "true");
  for (const cls of ["track", "arc"]) {
    const c = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    c.setAttribute("class", cls);
    c.setAttribute("cx", "18");
    c.setAttribute("cy", "18");
    c.setAttribute("r", "15");
    if (cls === "arc") c.setAttribute("stroke-dasharray", `${RING} ${RING}`);
    svg.append(c);
  }
  return svg;
}

/** Counts the timer on screen down (app.js calls this a few times a second through the table's tick). */
export function tickTimer() {
  const node = document.getElementById("timer");
  if (node) draw(node);
}

function draw(node) {
  const d = node.dataset;
  const timer = { think: Number(d.think), bank: Number(d.bank), left: Number(d.left) };
  const { think, bank } = split(timer, Number(d.at));
  const thinking = think > 0;
  const thinkNode = node.querySelector(".think");
  if (thinkNode) {
    thinkNode.querySelector(".secs").textContent = String(Math.ceil(think));
    thinkNode.querySelector(".arc").setAttribute("stroke-dashoffset", String(RING * (1 - think / timer.think)));
    thinkNode.classList.toggle("out", !thinking);
  }
  const bankNode = node.querySelector(".bank");
  bankNode.querySelector(".secs").textContent = t("seconds", { n: Math.ceil(bank) });
  bankNode.classList.toggle("spending", !thinking); // the bank falls only once the decision's seconds are gone
  node.classList.toggle("low", think + bank < Math.min(LOW, (timer.think + timer.bank) / 2));
}
