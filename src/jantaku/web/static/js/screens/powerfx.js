// The superpowers made visible at the table (docs/superpowers.md): a power is an event people notice. Fetched by
// table.js when it first draws a table whose seats hold powers (the first load carries none of it: its words, its
// style sheet powers.css, its sounds), then called after every drawing with the table's elements.
//
// What it draws, each time from the view alone (so a reload, a language change or a replay frame shows the same):
// a chain over the plate of a sealed seat with the turns the seal still lasts; the own powers' private results
// beside the own hand (Foresight's next three draws as they stand, for the rest of the hand; Sense's answers;
// Redraw's swap);
// Sense's answer on the asked tile while it holds; a popover with a power's line when its badge is tapped (phones
// have no hover). What it plays, once per update and only live: a short animation and a sound for each power used
// (the Veil tile turning face down into the river, the chain closing on the sealed plate, Beacon's indicator
// flipping over, the foreseen tiles dealt into view, the Sense mark, the redrawn tile flying back to the wall),
// without the movement under reduced motion (motion.js) and as loud as the options say (sound.js).

import { el, patch } from "../dom.js";
import { t, getLang, addTexts } from "../i18n.js";
import { state } from "../store.js";
import { notation, isRed } from "../tiles.js";
import { tile, back } from "../melds.js";
import { powerIcon, powerName, powerSummary, powerLimits } from "../powers.js";
import { reduced } from "../motion.js";
import { play, VOICES, tone, burst } from "../sound.js";

/** The style sheet comes with the module; the module is ready once the sheet is, so nothing is drawn unstyled. */
const sheet = document.head.appendChild(el("link", { rel: "stylesheet", href: "/static/powers.css" }));
await new Promise((resolve) => { sheet.addEventListener("load", resolve); sheet.addEventListener("error", resolve); });

/** The effects' words, English and Japanese, joined to i18n.js's tables (t("powerfx.…")) when this module is
 * fetched. */
const TEXTS = {
  en: {
    chooseSense: "Sense: click a tile to learn whether discarding it now would deal in",
    foresight: "Your next draws", noDraws: "none left", sense: "Sense", safe: "safe now", dealsIn: "deals in now",
    senseSafe: "{tile}: safe now, no one would ron it", senseDealsIn: "{tile}: discarding it now deals in",
    returned: "returned", drew: "drew", sealTurns: "Sealed for {n} more turns", sealTurn: "Sealed for 1 more turn",
  },
  ja: {
    chooseSense: "察知：今切ると放銃するか知りたい牌をクリック",
    foresight: "次の自分のツモ", noDraws: "もうない", sense: "察知", safe: "今は安全", dealsIn: "今切ると放銃",
    senseSafe: "{tile}：今は安全（誰もロンできない）", senseDealsIn: "{tile}：今切ると放銃",
    returned: "戻した牌", drew: "ツモ", sealTurns: "封印：あと {n} 手番", sealTurn: "封印：あと 1 手番",
  },
};
addTexts("powerfx", TEXTS.en, TEXTS.ja);

// ---------------------------------------------------------------- the sounds
// Made like sound.js's (no files): each a few short notes from time t.
Object.assign(VOICES, {
  // a rising shimmer: three bell notes and air above them
  foresight: (t) => {
    [880, 1174.7, 1568].forEach((f, i) => tone(t + i * 0.07, { freq: f, length: 0.4, peak: 0.12, attack: 0.01 }));
    burst(t, { freq: 8000, q: 0.6, length: 0.35, peak: 0.05 });
  },
  // a whoosh back to the wall: a gliding note under a sweep of noise
  redraw: (t) => {
    tone(t, { type: "triangle", freq: 900, to: 260, length: 0.22, peak: 0.2, attack: 0.01 });
    burst(t, { freq: 1800, q: 0.8, length: 0.18, peak: 0.18 });
  },
  // a muffled thud: a tile laid face down
  veil: (t) => {
    tone(t, { freq: 180, to: 90, length: 0.22, peak: 0.4, attack: 0.003 });
    burst(t, { freq: 700, q: 0.7, length: 0.1, peak: 0.25 });
  },
  // a chain's clank: three metallic knocks and a low lock
  seal: (t) => {
    [0, 0.06, 0.13].forEach((d) => burst(t + d, { freq: 3600, q: 9, length: 0.07, peak: 0.45 }));
    tone(t + 0.16, { type: "square", freq: 130, to: 110, length: 0.14, peak: 0.12, attack: 0.003 });
  },
  // a bright bell and its fifth: a light over the dead wall
  beacon: (t) => {
    tone(t, { freq: 1046.5, length: 0.9, peak: 0.16, attack: 0.004 });
    tone(t, { freq: 1046.5 * 2.76, length: 0.3, peak: 0.03, attack: 0.003 });
    tone(t + 0.1, { freq: 1568, length: 0.8, peak: 0.12, attack: 0.004 });
  },
  // a sonar ping (what another seat hears)
  sense: (t) => tone(t, { freq: 1318.5, to: 1244.5, length: 0.55, peak: 0.14, attack: 0.01 }),
  // the answer to its user: a second ping higher (safe), or a low buzz (it deals in)
  senseSafe: (t) => {
    VOICES.sense(t);
    tone(t + 0.16, { freq: 1760, length: 0.4, peak: 0.1, attack: 0.01 });
  },
  senseDealsIn: (t) => {
    VOICES.sense(t);
    tone(t + 0.16, { type: "sawtooth", freq: 110, length: 0.3, peak: 0.12, attack: 0.01 });
  },
});

// ---------------------------------------------------------------- every drawing
/** the updates whose events were played already (each update's effects play once, however often it is drawn) */
const played = new WeakSet();

/** Draws the powers' marks into the table's elements (`parts`: table.js) from the update `msg`, then plays the
 * effects of its events once. `ctx`: {replay, nameOf(seat), rules}. */
export function draw(parts, msg, ctx) {
  const view = msg.view;
  const me = view.seat !== null && view.seat !== undefined ? view.seat : null;
  view.seats.forEach((s, seat) => chain(parts.seats[seat], s));
  for (const badge of document.querySelectorAll("#table .seat-powers .power-badge:not([tabindex])")) {
    badge.tabIndex = 0;
    badge.setAttribute("role", "button");
  }
  if (parts.own && view.own) {
    const secrets = view.own.secrets || [];
    const ahead = view.own.foresight || null;
    const river = view.seats.reduce((n, s) => n + s.river.length, 0);
    patch(parts.own.fx, JSON.stringify([getLang(), state.options.colorBlind, secrets, ahead, ctx.rules.red_fives || null]),
      () => strip(secrets, ahead, ctx.rules));
    senseMarks(parts.own.hand, secrets, view.own.tiles, river);
  }
  if (played.has(msg)) return;
  played.add(msg);
  if (msg.full || ctx.replay) return;
  for (const ev of msg.events) effect(ev, parts, me);
}

/** A sealed seat's plate in chains, with the turns the longest seal on it still lasts. */
function chain(p, s) {
  const turns = (s.seal_turns || []).length ? Math.max(...s.seal_turns) : (s.sealed_by || []).length ? 1 : 0;
  let node = p.info.querySelector(".seal-chain");
  if (!turns) { if (node) node.remove(); return; }
  const label = turns === 1 ? t("powerfx.sealTurn") : t("powerfx.sealTurns", { n: turns });
  if (!node || node.dataset.turns !== String(turns) || node.title !== label) {
    if (node) node.remove();
    node = el("span", { class: "seal-chain", dataset: { turns }, title: label, role: "img", "aria-label": label },
      links(), el("span", { class: "seal-turns" }, `${powerIcon("seal")} ${turns}`));
    p.info.append(node);
  }
}

/** Two chains crossing the plate: links drawn as dashes over a dark line. */
function links() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 100 40");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", "links");
  for (const [stroke, width] of [["#3b2a00", 7], ["#ffd166", 3.5]]) {
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", "M-2 4 L102 36 M-2 36 L102 4");
    path.setAttribute("fill", "none");
    path.setAttribute("stroke", stroke);
    path.setAttribute("stroke-width", String(width));
    path.setAttribute("stroke-dasharray", "7 3");
    path.setAttribute("stroke-linecap", "round");
    path.setAttribute("vector-effect", "non-scaling-stroke");
    svg.append(path);
  }
  return svg;
}

/** The own powers' private results this hand, beside the own hand: for this seat's eyes only (the server sends
 * them to no one else). Foresight lasts the hand: its tiles are the own next draws as the wall stands now (`ahead`,
 * which the server works out again for every view), not the ones it showed when used. */
function strip(secrets, ahead, rules) {
  const shown = secrets.filter((x) => ["foresight", "sense", "redraw"].includes(x.power));
  if (!shown.length) return null;
  const name = (id) => notation(id, isRed(id, rules.red_fives));
  const mini = (id, cls = "", title = name(id)) => tile(id, { class: `peek ${cls}`.trim(), title, dataset: { tile: id } });
  return el("div", { class: "power-secrets", id: "power-secrets" }, shown.map((x) => {
    const head = el("span", { class: "icon", "aria-hidden": "true" }, powerIcon(x.power));
    if (x.power === "foresight") {
      const tiles = ((ahead || x).tiles || []).map((id) => mini(id));
      if (!tiles.length) tiles.push(el("span", { class: "none" }, t("powerfx.noDraws")));
      return el("span", { class: "secret foresight", dataset: { power: x.power }, title: powerName(x.power) }, head,
        el("span", { class: "what" }, `${t("powerfx.foresight")}:`), tiles);
    }
    if (x.power === "sense") {
      const text = t(x.deals_in ? "powerfx.senseDealsIn" : "powerfx.senseSafe", { tile: name(x.tile) });
      return el("span", { class: `secret sense ${x.deals_in ? "danger" : "safe"}`, dataset: { power: x.power, tile: x.tile, dealsIn: x.deals_in ? "1" : "0" },
        title: text }, head, mini(x.tile), el("span", { class: "answer" }, t(x.deals_in ? "powerfx.dealsIn" : "powerfx.safe")));
    }
    return el("span", { class: "secret redraw", dataset: { power: x.power }, title: powerName(x.power) }, head,
      `${t("powerfx.returned")} `, mini(x.returned), ` → ${t("powerfx.drew")} `, mini(x.drawn));
  }));
}

/** Sense's answer on the asked tile, while it holds: the tile is still in the hand and no one has discarded since
 * it was asked (a secret's `order` is the hand's discard count then). */
function senseMarks(hand, secrets, tiles, river) {
  const live = new Map(secrets.filter((x) => x.power === "sense" && x.order === river && tiles.includes(x.tile)).map((x) => [x.tile, x]));
  for (const node of hand.querySelectorAll(".hand-tile")) {
    const answer = live.get(Number(node.dataset.tile));
    const mark = node.querySelector(".sense-mark");
    const want = answer ? (answer.deals_in ? "danger" : "safe") : null;
    if (mark && mark.dataset.answer === want && mark.lang === getLang()) continue;
    if (mark) mark.remove();
    node.classList.remove("sensed", "safe", "danger");
    if (!want) continue;
    node.classList.add("sensed", want);
    node.append(el("span", { class: `sense-mark ${want}`, dataset: { answer: want }, lang: getLang() },
      el("span", { "aria-hidden": "true" }, want === "safe" ? "✓" : "✗"),
      el("span", { class: "sr-only" }, t(want === "safe" ? "powerfx.safe" : "powerfx.dealsIn"))));
  }
}

// ---------------------------------------------------------------- the effects of one update's events
function effect(ev, parts, me) {
  const seat = (s) => (s !== undefined && s !== null ? parts.seats[s] : null);
  const actor = seat(ev.actor);
  if (ev.type === "dahai" && ev.info && ev.info.veil && actor) {
    play("veil", 0.05);
    move(actor.river.lastElementChild, [{ rotate: "x 90deg", filter: "drop-shadow(0 0 8px #b99cff)" }, { rotate: "x 0deg", filter: "none" }], 420);
    return;
  }
  if (ev.type === "dora" && ev.info && ev.info.beacon !== undefined) {
    const lit = parts.centre.dora.querySelectorAll(".tile.beacon");
    move(lit[lit.length - 1], [{ rotate: "y 180deg", opacity: 0.3 }, { rotate: "y 90deg", opacity: 0.6 }, { rotate: "y 0deg", opacity: 1 }], 700);
    return;
  }
  if (ev.type !== "power" || !ev.info) return;
  const power = ev.info.power;
  const mine = ev.actor === me;
  const secret = ev.info.private || {};
  if (actor) move(actor.powers.querySelector(".power-badge"), [{ scale: "1.5" }, { scale: "1" }], 500);
  if (power === "sense" && mine && secret.deals_in !== undefined) play(secret.deals_in ? "senseDealsIn" : "senseSafe");
  else play(power);
  if (power === "seal") {
    move(seat(ev.target) && seat(ev.target).info.querySelector(".seal-chain"), [{ scale: "1.8", opacity: 0 }, { scale: "1", opacity: 1 }], 450);
  } else if (power === "foresight" && mine && parts.own) {
    parts.own.fx.querySelectorAll(".foresight .tile").forEach((node, i) =>
      move(node, [{ rotate: "y 180deg", opacity: 0 }, { rotate: "y 0deg", opacity: 1 }], 380, i * 140));
  } else if (power === "sense" && mine && parts.own) {
    move(parts.own.hand.querySelector(".sense-mark"), [{ scale: "2.4", opacity: 0 }, { scale: "1", opacity: 1 }], 450);
  } else if (power === "redraw") {
    const from = mine && parts.own ? parts.own.hand.querySelector(".hand-tile.drawn") : actor && (actor.concealed || actor.river);
    fly(mine && secret.returned !== undefined ? tile(secret.returned) : back(), from, document.getElementById("tiles-left"));
  }
}

/** An animation of a node (none under reduced motion, or without the node). */
function move(node, frames, duration, delay = 0) {
  if (!node || !node.animate || reduced()) return;
  node.animate(frames, { duration, delay, easing: "cubic-bezier(.2,.8,.3,1)", fill: "backwards" });
}

/** A tile flying from one element to another over the page, then gone (Redraw: the tile back to the wall). */
function fly(node, from, to) {
  if (!from || !to || reduced()) return;
  const a = from.getBoundingClientRect();
  const b = to.getBoundingClientRect();
  node.classList.add("fx-flyer");
  Object.assign(node.style, { left: `${a.left + a.width / 2 - 16}px`, top: `${a.top + a.height / 2 - 21}px` });
  document.body.append(node);
  const dx = b.left + b.width / 2 - (a.left + a.width / 2);
  const dy = b.top + b.height / 2 - (a.top + a.height / 2);
  const motion = node.animate([{ translate: "0 0", scale: "1", opacity: 1 }, { translate: `${dx}px ${dy}px`, scale: "0.4", opacity: 0.2 }],
    { duration: 650, easing: "cubic-bezier(.5,0,.3,1)" });
  motion.onfinish = () => node.remove();
  motion.oncancel = () => node.remove();
}

// ---------------------------------------------------------------- a badge's line, on tap
/** {seat, node} of the popover open now, or null */
let open = null;

/** Opens the popover of a seat's badge (its power's line and the charges left), or closes the one open (null). */
function popover(badge) {
  if (open) { open.node.remove(); open = null; }
  if (!badge) return;
  const name = badge.dataset.power;
  const limits = powerLimits(name);
  const node = el("div", { class: "power-pop", id: "power-pop", role: "tooltip", dataset: { power: name } },
    el("b", {}, `${powerIcon(name)} ${powerName(name)}`), " ", powerSummary(name),
    el("div", { class: "limits" }, [limits, t("chargesLeft", { n: badge.dataset.left })].filter(Boolean).join(" · ")));
  document.body.append(node);
  const r = badge.getBoundingClientRect();
  const w = node.offsetWidth, h = node.offsetHeight;
  const left = Math.min(Math.max(4, r.left + r.width / 2 - w / 2), innerWidth - w - 4);
  const top = r.top - h - 6 >= 4 ? r.top - h - 6 : Math.min(r.bottom + 6, innerHeight - h - 4);
  Object.assign(node.style, { left: `${left}px`, top: `${top}px` });
  open = { seat: badge.closest(".seat-powers")?.dataset.seat, node };
  badge.setAttribute("aria-describedby", "power-pop");
}

// a tap on a badge opens its line, a second tap (or a tap anywhere else, or Escape) closes it
document.addEventListener("click", (e) => {
  const badge = e.target.closest && e.target.closest("#table .power-badge");
  const seat = badge && badge.closest(".seat-powers")?.dataset.seat;
  popover(badge && !(open && open.seat === seat) ? badge : null);
});
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") popover(null);
  else if ((e.key === "Enter" || e.key === " ") && e.target.matches && e.target.matches("#table .power-badge")) {
    e.preventDefault();
    e.stopPropagation();
    e.target.click();
  }
}, true);
