// Hand results (each winner in turn, draws with the tenpai hands, the wall's reveal and its check), and at the
// end the final standings with a chart of the scores over the hands. The results screen lies over the table in
// #overlay: the dispatcher queues what the server said (events, gameOver), the person steps through it (next), and
// the last result of a hand tells the server to deal the next one.

import { el, raw, patch } from "../dom.js";
import { t, getLang, yakuName, yakuBoth } from "../i18n.js";
import { tileSVG, isRed } from "../tiles.js";
import { state, refresh } from "../store.js";
import { send } from "../net.js";
import { seatName } from "../powers.js";

function nameOf(state, seat) { return seatName(state.room && state.room.seats[seat], seat); }

/** A seat's name in the final standings: the game's own nickname, or the CPU's name in the page's language when
 * the room's seat is still that CPU. */
function finalName(final, state, seat) {
  const s = state.room && state.room.seats[seat];
  if (!final.nicknames || (s && s.kind === "cpu" && s.nickname === final.nicknames[seat])) return nameOf(state, seat);
  return final.nicknames[seat];
}

function tiles(ids, state, cls = "") {
  const red = state.room && state.room.rules.red_fives;
  const palette = state.options.colorBlind ? "cb" : "normal";
  return el("div", { class: `tiles ${cls}` }, ids.map((id) => raw("span", { class: "tile" }, tileSVG(id, { red: isRed(id, red), palette }))));
}

async function sha256hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The wall check anyone can do: sha256(salt ‖ order) equals the commitment published at the hand's start. */
export async function verifyWall(commitment, wall, saltHex) {
  const salt = saltHex.match(/../g).map((h) => parseInt(h, 16));
  const bytes = new Uint8Array([...salt, ...wall]);
  return (await sha256hex(bytes)) === commitment;
}

class Results {
  constructor() {
    /** the hands' results still to show: [{kind: "hora" | "ryukyoku", ev, view, reveal?, closesHand?}] */
    this.queue = [];
    /** the game's end: {msg, history}, shown after the queue, or null */
    this.final = null;
    /** the running hand's wall commitment (its start_kyoku event) */
    this.commitment = null;
  }

  /** The table stays as the hand left it while a hand's result is on screen. */
  get showing() { return this.queue.length > 0; }

  redraw() { refresh(); }

  /** The last result of a hand dismissed: the seated person tells the server to go on. */
  onDone() { if (state.update && !state.spectating) send({ type: "continue" }); }

  events(events, state) {
    let added = false;
    for (const ev of events) {
      if (ev.type === "start_kyoku") this.commitment = ev.info.commitment;
      if (ev.type === "hora" || ev.type === "ryukyoku") {
        this.queue.push({ kind: ev.type, ev, view: state.update.view });
        added = true;
      }
      if (ev.type === "end_kyoku") {
        const last = this.queue[this.queue.length - 1];
        const reveal = { commitment: this.commitment, wall: ev.info.wall, salt: ev.info.salt, veiled: ev.info.veiled || [] };
        for (const item of this.queue) if (!item.reveal) item.reveal = reveal;
        if (last) last.closesHand = true;
      }
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
      if (done.closesHand && !this.queue.length) this.onDone();
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

  /** Draws the result on top (again only when it, the language or the tiles' look changed). */
  draw() {
    const overlay = document.getElementById("overlay");
    overlay.hidden = !this.open;
    const item = this.queue[0] || null;
    let button = null;
    const drew = patch(overlay, [item, item ? null : this.final, getLang(), state.options.colorBlind, state.room], () => {
      if (!this.open) return null;
      const body = item ? (item.kind === "hora" ? this.hora(item, state) : this.draw_(item, state)) : this.standings(state);
      button = el("button", { class: "primary", id: "result-next", autofocus: true, onclick: () => this.next() },
        item ? t("next") : t("backToRoom"));
      return el("div", { class: "result card", role: "dialog", "aria-modal": "true", id: "result" }, body, button);
    });
    if (drew && button) button.focus();
  }

  reveal(item) {
    // (someone who came in during the hand never saw its commitment: nothing to check the wall against)
    if (!item.reveal || !item.reveal.wall || !item.reveal.commitment) return null;
    const line = el("div", { class: "reveal" }, `${t("wall")} ${t("commitment")}: `, el("code", {}, item.reveal.commitment.slice(0, 16) + "…"), " ");
    const link = el("a", { href: "#", class: "verify", onclick: async (e) => {
      e.preventDefault();
      const ok = await verifyWall(item.reveal.commitment, item.reveal.wall, item.reveal.salt);
      link.textContent = ok ? t("verified") : t("verifyFailed");
      link.className = ok ? "verify ok" : "verify bad";
    } }, t("verify"));
    line.append(link);
    return line;
  }

  hora(item, state) {
    const ev = item.ev;
    const info = ev.info;
    const tsumo = ev.actor === ev.target;
    const hand = info.hand.filter((id) => id !== ev.tile);
    const yaku = info.yaku ? el("table", { class: "yaku" }, info.yaku.map(([key, han]) =>
      el("tr", { title: yakuBoth(key) }, el("td", {}, yakuName(key)), el("td", { class: "num" }, info.yakuman ? `${t("yakuman")}${han > 1 ? "×" + han : ""}` : `${han} ${t("han")}`))))
      : el("table", { class: "yaku" }, (info.patterns || []).map(([, name, pts]) => el("tr", {}, el("td", {}, name), el("td", { class: "num" }, pts))));
    const summary = info.yakuman ? `${t("yakuman")} · ${info.points.toLocaleString()} ${t("points")}`
      : info.han !== undefined ? `${info.han} ${t("han")} ${info.fu} ${t("fu")}${info.limit ? " · " + info.limit : ""} · ${info.points.toLocaleString()} ${t("points")}`
        : `${info.value} · ${info.points}`;
    return el("div", { class: "hora" },
      el("h2", { class: "win-title" }, t("win", { name: nameOf(state, ev.actor) }), " — ", tsumo ? t("tsumoWin") : t("ronWin", { name: nameOf(state, ev.target) })),
      el("div", { class: "win-hand" }, tiles(hand, state), el("span", { class: "gap" }), tiles([ev.tile], state, "winning")),
      yaku,
      el("div", { class: "summary", id: "win-summary" }, summary),
      info.ura_markers && info.ura_markers.length ? el("div", { class: "ura" }, `${t("ura")}: `, tiles(info.ura_markers, state, "inline")) : null,
      this.payments(info.deltas, state),
      this.veiled(item, state),
      this.reveal(item));
  }

  draw_(item, state) {
    const info = item.ev.info;
    const reason = info.reason || "exhaustive";
    const hands = info.hands || {};
    const tenpai = Object.keys(hands);
    return el("div", { class: "ryukyoku" },
      el("h2", {}, t("draw"), " — ", t(`reasons.${reason}`)),
      tenpai.length ? tenpai.map((seat) => el("div", { class: "tenpai-hand" }, el("span", { class: "nick" }, nameOf(state, Number(seat))), tiles(hands[seat], state)))
        : el("div", { class: "hint" }, t("notenAll")),
      this.payments(info.deltas, state),
      this.veiled(item, state),
      this.reveal(item));
  }

  /** Veil's face-down discards, turned up now that the hand is over. */
  veiled(item, state) {
    const veiled = item.reveal && item.reveal.veiled;
    if (!veiled || !veiled.length) return null;
    return el("div", { class: "veiled-reveal", id: "veiled-reveal" }, `${t("veiledReveal")}: `,
      veiled.map(([seat, id]) => el("span", { class: "veiled-one", dataset: { seat } }, nameOf(state, seat), " ", tiles([id], state, "inline"))));
  }

  payments(deltas, state) {
    if (!deltas) return null;
    return el("table", { class: "payments" }, el("caption", {}, t("payments")),
      deltas.map((d, seat) => el("tr", {}, el("td", {}, nameOf(state, seat)), el("td", { class: `num ${d > 0 ? "plus" : d < 0 ? "minus" : ""}` }, d > 0 ? `+${d}` : String(d)))));
  }

  standings(state) {
    const { msg, history } = this.final;
    const final = msg.final;
    // a shared placement (tie_break "shared") shows the same place on every tied row
    const placeOf = (seat, index) => (final.places && final.places.length ? final.places[seat] : index);
    const rows = final.order.map((seat, index) => el("tr", { class: placeOf(seat, index) === 0 ? "first" : "" },
      el("td", {}, String(placeOf(seat, index) + 1)), el("td", {}, finalName(final, state, seat)),
      el("td", { class: "num" }, final.scores[seat].toLocaleString()),
      el("td", { class: "num" }, (final.results[seat] >= 0 ? "+" : "") + (final.results[seat] / 1000).toFixed(1))));
    return el("div", { class: "standings", id: "standings" },
      el("h2", {}, t("finalStandings")),
      msg.missed || msg.abandoned ? el("div", { class: "hint away-end", id: "away-end" },
        t(msg.missed ? (msg.abandoned ? "abandonedWhileAway" : "endedWhileAway") : "abandoned"))
        : msg.unrecorded ? el("div", { class: "hint" }, t("unrecorded")) : null,
      el("table", { class: "final" }, el("tr", {}, el("th", {}, t("place")), el("th", {}, ""), el("th", {}, t("score")), el("th", {}, t("result"))), rows),
      // (the end of a game met on coming back has no hands behind it to chart)
      history.length > 1 ? [el("h3", {}, t("scoreChart")), chart(history, final, state)] : null);
  }
}

/** The one results screen of the page. */
export const results = new Results();

const COLOURS = ["#e4572e", "#2e86ab", "#f3a712", "#6a994e"];

/** Scores over the hands as a small SVG line chart (our own drawing, no library). */
function chart(history, final, state) {
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
    el("span", {}, el("i", { style: { background: COLOURS[s] } }), finalName(final, state, s))));
  return el("div", {}, raw("div", {}, svg), legend);
}

