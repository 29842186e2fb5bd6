// Hand results (each winner in turn, draws with the tenpai hands, the wall's reveal and its check), and at the
// end the final standings with a chart of the scores over the hands. The results screen lies over the table in
// #overlay: the dispatcher queues what the server said (events, gameOver), the person steps through it (next), and
// the last result of a hand tells the server to deal the next one.

import { ratingText, ratingDelta } from "../ratings.js";
import { el, raw, patch } from "../dom.js";
import { t, getLang, yakuName, yakuBoth, limitName, zjPatternName, fuItemName } from "../i18n.js";
import { plainIdOf } from "../tiles.js";
import { tile, meld } from "../melds.js";
import { state, refresh } from "../store.js";
import { send } from "../net.js";
import { powerIcon, powerName, seatName } from "../powers.js";
import { markKinds, watchKinds } from "../cues.js";
import { askLeave } from "../leave.js";

function nameOf(state, seat) { return seatName(state.room && state.room.seats[seat], seat); }

/** A seat's name in the final standings: the game's own nickname, or the CPU's name in the page's language when
 * the room's seat is still that CPU. */
function finalName(final, state, seat) {
  const s = state.room && state.room.seats[seat];
  if (!final.nicknames || (s && s.kind === "cpu" && s.nickname === final.nicknames[seat])) return nameOf(state, seat);
  return final.nicknames[seat];
}

/** The live table's context for the cards (the room's). */
function liveContext(final = null) {
  return {
    name: (seat) => nameOf(state, seat),
    finalName: (seat) => (final ? finalName(final, state, seat) : nameOf(state, seat)),
    seats: state.room ? state.room.seats.length : 4,
    family: state.room ? state.room.rules.family : null,
  };
}

// ---------------------------------------------------------------- the cards
// Shared with the replay. A context: {name(seat), finalName(seat) (the standings'), seats, family}.

/** Zung Jung scores in plain points from zero; riichi in thousands around the start. */
function zungJung(ctx) { return ctx.family === "zung-jung"; }

function tiles(ids, cls = "") {
  return el("div", { class: `tiles ${cls}` }, ids.map((id) => tile(id)));
}

/** A hand laid out whole: concealed tiles, then the melds, the Norths set aside and (a win) the winning tile. */
function wholeHand(concealed, melds, kita, owner, ctx, winning = null) {
  return el("div", { class: "whole-hand" },
    tiles(concealed, "concealed"),
    (melds || []).length ? el("div", { class: "melds" }, melds.map((m) => meld(m, owner, ctx.seats))) : null,
    (kita || []).length ? el("div", { class: "kita", title: t("kita") }, kita.map((id) => tile(id))) : null,
    winning === null ? null : tiles([winning], "winning"));
}

function pointsText(n) { return `${n.toLocaleString()} ${n === 1 ? t("pointOne") : t("points")}`; }

async function sha256hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The wall check anyone can do: sha256(salt ‖ order) equals the commitment published at the hand's start. */
export async function verifyWall(commitment, wall, saltHex) {
  const salt = (saltHex.match(/../g) || []).map((h) => parseInt(h, 16)); // (a stacked wall has no salt)
  const bytes = new Uint8Array([...salt, ...wall]);
  return (await sha256hex(bytes)) === commitment;
}

/** The wall's reveal line of a result `item` ({reveal, check}): the check is kept on the item, `redraw` shows it. */
export function revealLine(item, redraw) {
  // (someone who came in during the hand never saw its commitment: nothing to check the wall against)
  if (!item.reveal || !item.reveal.wall || !item.reveal.commitment) return null;
  const check = item.check;
  const line = el("div", { class: "reveal" }, `${t("wall")} ${t("commitment")}: `, el("code", {}, item.reveal.commitment.slice(0, 16) + "…"), " ");
  if (check === true || check === false) {
    line.append(el("span", { class: check ? "verify ok" : "verify bad", id: "wall-check" }, check ? t("verified") : t("verifyFailed")));
    return line;
  }
  line.append(el("a", { href: "#", class: "verify", id: "wall-check", onclick: async (e) => {
    e.preventDefault();
    if (item.check) return;
    item.check = "pending";
    item.check = await verifyWall(item.reveal.commitment, item.reveal.wall, item.reveal.salt);
    redraw();
  } }, t("verify")));
  return line;
}

/** A win's card; `item`: {ev (the hora event), reveal, check}. */
export function winCard(item, ctx, redraw) {
  const ev = item.ev;
  const info = ev.info;
  const tsumo = ev.actor === ev.target;
  const concealed = info.hand.filter((id) => id !== ev.tile);
  return el("div", { class: "hora" },
    el("h2", { class: "win-title" }, t("win", { name: ctx.name(ev.actor) }), " — ", tsumo ? t("tsumoWin") : t("ronWin", { name: ctx.name(ev.target) })),
    el("div", { class: "win-hand" }, wholeHand(concealed, info.melds, info.kita, ev.actor, ctx, ev.tile)),
    indicators(info),
    info.yaku ? yaku(info) : patterns(info),
    info.yaku ? fu(info) : null,
    el("div", { class: "summary", id: "win-summary" }, summary(info)),
    payments(info.deltas, ctx),
    powersUsed(item, ctx),
    veiled(item, ctx),
    revealLine(item, redraw));
}

/** The dora indicators turned up when the hand ended, and the ura indicators of a riichi win. */
function indicators(info) {
  const dora = info.dora_markers || [];
  const ura = info.ura_markers || [];
  if (!dora.length && !ura.length) return null;
  return el("div", { class: "indicators" },
    dora.length ? el("div", { class: "dora", id: "result-dora" }, el("span", { class: "label" }, t("doraIndicators")), tiles(dora, "inline")) : null,
    ura.length ? el("div", { class: "ura", id: "result-ura" }, el("span", { class: "label" }, t("uraIndicators")), tiles(ura, "inline")) : null);
}

function yaku(info) {
  return el("table", { class: "yaku" }, info.yaku.map(([key, han]) =>
    el("tr", { title: yakuBoth(key) }, el("td", {}, yakuName(key)),
      el("td", { class: "num" }, info.yakuman ? `${t("yakuman")}${han > 1 ? "×" + han : ""}` : `${han} ${t("han")}`))));
}

/** Zung Jung's patterns with their points (a chicken hand has none: it is worth its own small value). */
function patterns(info) {
  const rows = (info.patterns || []).map(([number, name, pts]) => el("tr", { dataset: { pattern: number } },
    el("td", {}, zjPatternName(number, name)), el("td", { class: "num" }, String(pts))));
  if (info.chicken) rows.push(el("tr", { dataset: { pattern: "chicken" } }, el("td", {}, t("chickenHand")), el("td", { class: "num" }, String(info.value))));
  return el("table", { class: "yaku patterns", id: "patterns" }, rows);
}

/** The fu item by item (the scorer's breakdown), then the total rounded up to ten. */
function fu(info) {
  const items = info.fu_items || [];
  if (!items.length || !info.fu) return null;
  const sum = items.reduce((a, item) => a + item.fu, 0);
  return el("div", { class: "fu-items", id: "fu-items" },
    items.map((item) => el("span", { class: "fu-item", dataset: { item: item.item } },
      el("span", { class: "name" }, fuItemName(item.item)),
      item.kind === undefined ? null : tile(plainIdOf(item.kind), { class: "mini" }), el("b", {}, String(item.fu)))),
    el("span", { class: "fu-total" }, sum === info.fu ? `= ${info.fu} ${t("fu")}` : `= ${sum} → ${info.fu} ${t("fu")}`));
}

function summary(info) {
  if (info.han === undefined) {
    return [pointsText(info.value), info.capped ? ` (${t("capped")})` : ""].join("");
  }
  if (info.yakuman) return `${limitName(info.limit || "yakuman")} · ${pointsText(info.points)}`;
  return `${info.han} ${t("han")} ${info.fu} ${t("fu")}${info.limit ? " · " + limitName(info.limit) : ""} · ${pointsText(info.points)}`;
}

/** A drawn hand's card; `item`: {ev (the ryukyoku event), reveal, check}. */
export function drawCard(item, ctx, redraw) {
  const info = item.ev.info;
  const reason = info.reason || "exhaustive";
  const hands = info.hands || {};
  const shown = Object.keys(hands);
  const none = zungJung(ctx) ? t("zjNoWinner") : t("notenAll");
  return el("div", { class: "ryukyoku" },
    el("h2", {}, t("draw"), " — ", t(`reasons.${reason}`)),
    shown.length ? shown.map((seat) => el("div", { class: "tenpai-hand", dataset: { seat } },
      el("span", { class: "nick" }, ctx.name(Number(seat))),
      wholeHand(hands[seat], (info.melds || {})[seat], (info.kita || {})[seat], Number(seat), ctx)))
      : el("div", { class: "hint", id: "draw-hint" }, none),
    zungJung(ctx) && info.deltas.every((d) => d === 0) ? null : payments(info.deltas, ctx), // (said: none)
    powersUsed(item, ctx),
    veiled(item, ctx),
    revealLine(item, redraw));
}

/** The superpowers used in the hand, in order (the hand end's public list): "Ann ⊘ Seal → Bo". */
function powersUsed(item, ctx) {
  const used = (item.reveal && item.reveal.powers) || [];
  return used.length ? el("div", { class: "powers-used", id: "powers-used" }, `${t("powersUsed")}: `,
    used.map((u) => el("span", { class: "power-used", dataset: { seat: u.seat, power: u.power } }, ctx.name(u.seat), " ",
      el("b", {}, `${powerIcon(u.power)} ${powerName(u.power)}`), Number.isInteger(u.target) ? ` → ${ctx.name(u.target)}` : ""))) : null;
}

/** Veil's face-down discards, turned up now that the hand is over. */
function veiled(item, ctx) {
  const shown = item.reveal && item.reveal.veiled;
  if (!shown || !shown.length) return null;
  return el("div", { class: "veiled-reveal", id: "veiled-reveal" }, `${t("veiledReveal")}: `,
    shown.map(([seat, id]) => el("span", { class: "veiled-one", dataset: { seat } }, ctx.name(seat), " ", tiles([id], "inline"))));
}

function payments(deltas, ctx) {
  if (!deltas) return null;
  return el("div", { class: "payments-box" }, el("h3", { class: "payments-title" }, t("payments")),
    el("table", { class: "payments" },
      deltas.map((d, seat) => el("tr", {}, el("td", {}, ctx.name(seat)),
        el("td", { class: `num ${d > 0 ? "plus" : d < 0 ? "minus" : ""}` }, d > 0 ? `+${d.toLocaleString()}` : d.toLocaleString())))));
}

/** The final standings, `note` under the title, the chart of `history` (the scores at each deal, then the end). */
export function standingsCard(final, history, ctx, { ratings = [], note = null } = {}) {
  // riichi results are in thousands (the uma and oka in); Zung Jung's points are the result itself
  const zj = zungJung(ctx);
  const resultText = (r) => (r >= 0 ? "+" : "") + (zj ? r.toLocaleString() : (r / 1000).toFixed(1));
  // a shared placement (tie_break "shared") shows the same place on every tied row
  const placeOf = (seat, index) => (final.places && final.places.length ? final.places[seat] : index);
  // a rated game: each seat's rating change (null for a seat that is not rated: a CPU, a guest's unrated seat)
  const changes = final.ratings || ratings || [];
  const rating = (seat) => changes.find((r) => r && r.seat === seat) || null;
  const rated = changes.some(Boolean);
  const rows = final.order.map((seat, index) => el("tr", { class: placeOf(seat, index) === 0 ? "first" : "" },
    el("td", {}, String(placeOf(seat, index) + 1)), el("td", {}, ctx.finalName(seat)),
    el("td", { class: "num" }, final.scores[seat].toLocaleString()),
    el("td", { class: "num result-value" }, resultText(final.results[seat])),
    rated ? el("td", { class: "num rating-change", dataset: { seat } }, ratingCell(rating(seat))) : null));
  return el("div", { class: "standings", id: "standings" },
    el("h2", {}, t("finalStandings")),
    note,
    el("table", { class: "final" }, el("tr", {}, el("th", {}, t("place")), el("th", {}, ""), el("th", {}, t("score")), el("th", {}, t("result")),
      rated ? el("th", {}, t("ratingChange")) : null), rows),
    // (the end of a game met on coming back has no hands behind it to chart)
    history.length > 1 ? [el("h3", {}, t("scoreChart")), chart(history, ctx)] : null);
}

// The commitments this tab has seen, kept over a reload: a result shown again after a reload (the table waits for
// it to be read) is checked against the commitment seen before the reveal, not one the server sends with it.
const SEEN_KEY = "jantaku.commitments";

function rememberCommitment(gameId, commitment) {
  const seen = recallCommitments(gameId);
  if (seen.current === commitment) return;
  sessionStorage.setItem(SEEN_KEY, JSON.stringify({ gameId, current: commitment, previous: seen.current || null }));
}

function recallCommitments(gameId) {
  try {
    const seen = JSON.parse(sessionStorage.getItem(SEEN_KEY) || "null");
    return seen && seen.gameId === gameId ? seen : {};
  } catch {
    return {};
  }
}

class Results {
  constructor() {
    /** the hands' results still to show: [{kind: "hora" | "ryukyoku", ev, view, reveal?, closesHand?, gameEnds?,
     * check?: "pending" | true | false (the wall's verification, kept so a redraw shows it)}] */
    this.queue = [];
    /** the game's end: {msg, history}, shown after the queue, or null */
    this.final = null;
    /** the running hand's wall commitment, as this page saw it (a start_kyoku event, or a view) */
    this.commitment = null;
    /** the result drawn last (a new one opens scrolled to its title) */
    this.drawn = null;
    /** whether the overlay's tiles are watched for the copies of a kind (cues.js) */
    this.watched = false;
  }

  /** The table stays as the hand left it while a hand's result is on screen. */
  get showing() { return this.queue.length > 0; }

  redraw() { refresh(); }

  /** The last result of a hand dismissed: the seated person tells the server to go on (not after the game's
   * last hand: the game is over and nothing waits). */
  onDone(done) { if (state.update && !state.spectating && !done.gameEnds) send({ type: "continue" }); }

  /** An update's events (and, on a reconnect, the result the table still waits on) queue the hands' results. */
  update(msg, state) {
    if (msg.full && msg.result && !this.showing && !msg.events.some((ev) => ev.type === "end_kyoku")) {
      // shown again after a reload: the commitment this tab saw before the reveal, if it kept one
      const seen = recallCommitments(msg.game_id);
      this.commitment = seen.current === msg.view.commitment ? seen.previous || null : seen.current || null;
      this.events(msg.result, state);
    }
    this.events(msg.events, state);
    // the view holds the running hand's commitment: a page that came in mid-hand has seen it before the reveal
    if (msg.view && msg.view.commitment) {
      this.commitment = msg.view.commitment;
      rememberCommitment(msg.game_id, msg.view.commitment);
    }
  }

  events(events, state) {
    for (const ev of events) {
      if (ev.type === "start_kyoku") this.commitment = ev.info.commitment;
      if (ev.type === "hora" || ev.type === "ryukyoku") {
        this.queue.push({ kind: ev.type, ev, view: state.update.view });
      }
      if (ev.type === "end_kyoku") {
        const last = this.queue[this.queue.length - 1];
        const reveal = { commitment: this.commitment, wall: ev.info.wall, salt: ev.info.salt, veiled: ev.info.veiled || [], powers: ev.info.powers };
        for (const item of this.queue) if (!item.reveal) item.reveal = reveal;
        if (last) last.closesHand = true;
      }
      if (ev.type === "end_game") for (const item of this.queue) item.gameEnds = true;
    }
  }

  gameOver(msg, state) {
    this.final = { msg, history: [...state.scoreHistory] };
  }

  /** Nothing more to show (the person left the table). */
  clear() {
    this.queue = [];
    this.final = null;
  }

  get open() { return this.queue.length > 0 || this.final !== null; }

  next() {
    if (this.queue.length) {
      const done = this.queue.shift();
      if (done.closesHand && !this.queue.length) this.onDone(done);
    } else if (this.final) {
      this.final = null;
    }
    this.redraw();
  }

  keydown(e) {
    if (!this.open) return false;
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); this.next(); return true; }
    return false;
  }

  /** Draws the result on top (again only when it, its wall check, the language or the tiles' look changed). */
  draw() {
    const overlay = document.getElementById("overlay");
    overlay.hidden = !this.open;
    if (!this.watched) { // a tile of the result lights its kind's copies, as at the table (cues.js)
      watchKinds(overlay);
      this.watched = true;
    }
    const item = this.queue[0] || null;
    let button = null;
    let card = null;
    const drew = patch(overlay, [item, item && item.check, item ? null : this.final, getLang(), state.options.colorBlind, state.room], () => {
      if (!this.open) return null;
      const body = item ? (item.kind === "hora" ? this.hora(item) : this.draw_(item)) : this.standings();
      button = el("button", { class: "primary", id: "result-next", onclick: () => this.next() },
        item ? t("next") : t("backToRoom"));
      // while a hand's result covers the table, its Leave is here (the standings' button already leaves the table)
      const leave = item ? el("button", { id: "result-leave", class: "quiet", onclick: () => askLeave(!state.spectating) },
        t("leave")) : null;
      card = el("div", { class: "result card", role: "dialog", "aria-modal": "true", id: "result" }, body,
        el("div", { class: "result-buttons" }, button, leave));
      return card;
    });
    if (drew && card) {
      // the button takes the keyboard, but the card opens at its title (focusing would scroll to the bottom)
      const shown = item || this.final;
      if (button) button.focus({ preventScroll: true });
      if (shown !== this.drawn) card.scrollTop = 0;
      this.drawn = shown;
      markKinds();
    }
  }

  hora(item) { return winCard(item, liveContext(), () => this.redraw()); }

  draw_(item) { return drawCard(item, liveContext(), () => this.redraw()); }

  standings() {
    const { msg, history } = this.final;
    const note = msg.missed || msg.abandoned ? el("div", { class: "hint away-end", id: "away-end" },
      t(msg.missed ? (msg.abandoned ? "abandonedWhileAway" : "endedWhileAway") : "abandoned"))
      : msg.unrecorded ? el("div", { class: "hint" }, t("unrecorded")) : null;
    return standingsCard(msg.final, history, liveContext(msg.final), { ratings: msg.ratings || [], note });
  }
}

/** A seat's rating change in the standings: "+1.2" (its new rating in the title), "provisional" marked. */
function ratingCell(r) {
  if (!r) return "";
  const up = Number(r.after) >= Number(r.before);
  return [el("span", { class: up ? "plus" : "minus", title: t("ratingChangeTitle", { before: ratingText(r.before), after: ratingText(r.after) }) },
    ratingDelta(r.before, r.after)), " ", el("span", { class: "hint" }, `→ ${ratingText(r.after)}`),
  r.provisional ? [" ", el("span", { class: "tag warn" }, t("provisional"))] : null];
}

/** The one results screen of the page. */
export const results = new Results();

const COLOURS = ["#e4572e", "#2e86ab", "#f3a712", "#6a994e"];

/** Scores over the hands as a small SVG line chart (our own drawing, no library). */
function chart(history, ctx) {
  if (!history.length) return null;
  const w = 420, h = 160, pad = 28;
  const n = history[0].length;
  const all = history.flat();
  const lo = Math.min(...all, 0), hi = Math.max(...all);
  const x = (i) => pad + (history.length === 1 ? 0 : (i * (w - 2 * pad)) / (history.length - 1));
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / Math.max(1, hi - lo);
  let svg = `<svg viewBox="0 0 ${w} ${h}" class="chart" role="img" aria-label="${t("scoreChart")}">`;
  svg += `<line x1="${pad}" x2="${w - pad}" y1="${y(0)}" y2="${y(0)}" stroke="#999" stroke-dasharray="3 3"/>`;
  for (let s = 0; s < n; s++) {
    const pts = history.map((row, i) => `${x(i).toFixed(1)},${y(row[s]).toFixed(1)}`).join(" ");
    svg += `<polyline points="${pts}" fill="none" stroke="${COLOURS[s]}" stroke-width="2.5"/>`;
  }
  svg += "</svg>";
  const legend = el("div", { class: "legend" }, Array.from({ length: n }, (_, s) =>
    el("span", {}, el("i", { style: { background: COLOURS[s] } }), ctx.finalName(s))));
  return el("div", {}, raw("div", {}, svg), legend);
}

