// The table: four (or three) seats around the centre, the own hand at the bottom, the action bar when the rules
// allow an action. Drawn from the latest update's view only: the client never knows more than its seat may.

import { el, raw } from "./dom.js";
import { t, WINDS } from "./i18n.js";
import { tileSVG, isRed, notation } from "./tiles.js";
import { send, render } from "./app.js";
import { powerBadge, powerIcon, powerName, powerTitle } from "./powers.js";

const POSITIONS = { 4: ["bottom", "right", "top", "left"], 3: ["bottom", "right", "left"] };
const CALL_WORDS = { chi: "chi", pon: "pon", daiminkan: "kan", kakan: "kan", ankan: "kan", hora: null, reach: "riichi", nukidora: "kita" };
// shortcut keys, shown on the buttons
const KEYS = { riichi: "R", tsumo: "T", ron: "H", pon: "P", chi: "C", kan: "K", kita: "N", nine_terminals: "9", tenpai: "Y", noten: "U", pass: "S",
  power: "Q" };

function rules(state) { return (state.room && state.room.rules) || {}; }

function tile(id, state, extra = {}) {
  const red = id !== null && id !== undefined && isRed(id, rules(state).red_fives);
  const palette = state.options.colorBlind ? "cb" : "normal";
  const cls = `tile ${extra.class || ""}`.trim();
  const node = raw("span", { class: cls, dataset: extra.dataset, title: extra.title },
    tileSVG(id, { red, palette, back: extra.back || id === null || id === undefined }));
  if (extra.onclick) node.addEventListener("click", extra.onclick);
  return node;
}

function back(state, cls = "") { return tile(null, state, { back: true, class: cls }); }

function nameOf(state, seat) {
  const s = state.room && state.room.seats[seat];
  return s ? s.nickname : `#${seat + 1}`;
}

/** Kinds that win for the own hand, with the copies not yet visible to this seat. */
function unseenCounts(view) {
  const seen = new Array(34).fill(0);
  const count = (id) => { if (id !== null && id !== undefined) seen[id >> 2] += 1; };
  (view.own ? view.own.tiles : []).forEach(count);
  for (const s of view.seats) {
    s.river.forEach((r) => { if (!r.called) count(r.tile); });
    s.melds.forEach((m) => { m.tiles.forEach(count); if (m.added !== undefined) count(m.added); });
    (s.kita || []).forEach(count);
  }
  view.dora_indicators.forEach(count);
  return seen;
}

function doraOf(kind, sanma) {
  if (kind < 27) {
    const suit = Math.floor(kind / 9), n = kind % 9;
    if (sanma && suit === 0) return n === 0 ? 8 : 0; // 1m ↔ 9m
    return suit * 9 + (n + 1) % 9;
  }
  if (kind < 31) return 27 + (kind - 27 + 1) % 4;
  return 31 + (kind - 31 + 1) % 3;
}

// ---------------------------------------------------------------- the table
export function renderTable(state) {
  const msg = state.update;
  const view = msg.view;
  const n = view.seats.length;
  const me = view.seat === null || view.seat === undefined ? 0 : view.seat;
  const table = el("div", { class: `table players-${n}`, id: "table", oncontextmenu: (e) => { e.preventDefault(); skip(state); } });

  for (let i = 0; i < n; i++) {
    const seat = (me + i) % n;
    table.append(renderSeat(state, view, seat, POSITIONS[n][i], i === 0 && view.seat !== null && view.seat !== undefined));
  }
  table.append(renderCentre(state, view, me));
  const wrap = el("div", { class: "table-wrap" }, table);
  if (view.seat !== null && view.seat !== undefined) wrap.append(renderOwn(state, view, msg));
  else wrap.append(el("div", { class: "spectating" }, t("spectating")));
  const word = state.callWord;
  if (word && Date.now() - word.at < 1200) table.append(callWord(word, me, n));
  return wrap;
}

function callWord(word, me, n) {
  const pos = POSITIONS[n][(word.seat - me + n) % n];
  return el("div", { class: `call-word to-${pos}`, key: word.at }, t(word.word));
}

function renderSeat(state, view, seat, position, isMe) {
  const s = view.seats[seat];
  const diffs = view.seats.map((o, i) => i === seat ? null : `${nameOf(state, i)}: ${s.score - o.score >= 0 ? "+" : ""}${s.score - o.score}`)
    .filter(Boolean).join("\n");
  const turn = (view.phase === "turn" && isTurn(view, seat));
  const info = el("div", { class: `seat-info${turn ? " active" : ""}${seat === view.dealer ? " dealer" : ""}`, dataset: { seat } },
    el("span", { class: "wind" }, t(WINDS[s.wind])),
    el("span", { class: "name" }, nameOf(state, seat)),
    el("span", { class: "score", title: diffs, tabindex: 0, onclick: () => { state.showDiff = state.showDiff === seat ? null : seat; render(); } },
      s.score.toLocaleString()),
    state.showDiff === seat ? el("span", { class: "diffs" }, diffs.split("\n").map((line) => el("span", {}, line))) : null,
    s.riichi ? el("span", { class: "riichi-stick", title: t("riichi") }) : null,
    seat === view.dealer ? el("span", { class: "tag dealer-tag" }, t("dealer")) : null);
  // the seat's power and charges, and a Seal on it, beside the plate's end of the river (the ring of plates
  // around the centre has no room to spare)
  const sealed = s.sealed_by || [];
  const powers = s.power && s.power.name ? el("div", { class: "seat-powers", dataset: { seat } }, powerBadge(state.room, s.power),
    sealed.length ? el("span", { class: "seal-mark", dataset: { by: sealed.join(",") },
      title: t("sealedBy", { names: sealed.map((i) => nameOf(state, i)).join(", ") }) }, `${powerIcon("seal")} ${t("sealed")}`) : null) : null;
  // a veiled discard lies face down for the others; its owner sees the face, marked as veiled
  const river = el("div", { class: "river" }, s.river.map((r) => tile(r.tile, state, {
    class: `${r.riichi ? "sideways" : ""} ${r.called ? "called" : ""} ${r.tsumogiri ? "tsumogiri" : ""} ${r.veiled ? "veiled" : ""}${r.tile === null || r.tile === undefined ? " face-down" : ""}`,
    dataset: r.tile === null || r.tile === undefined ? { veiled: "1" } : { tile: r.tile, veiled: r.veiled ? "1" : undefined },
    title: r.veiled ? t("veiledTile") : undefined })));
  const melds = el("div", { class: "melds" }, s.melds.map((m) => renderMeld(state, m, seat, view.seats.length)),
    (s.kita || []).length ? el("div", { class: "kita" }, s.kita.map((k) => tile(k, state))) : null);
  const hidden = isMe ? null : el("div", { class: "concealed" }, Array.from({ length: s.concealed }, () => back(state, "small")));
  return el("div", { class: `seat pos-${position}`, dataset: { seat } }, info, powers, hidden, melds, river);
}

function isTurn(view, seat) {
  // the seat whose turn it is holds 14 - 3 × melds tiles
  const s = view.seats[seat];
  return s.concealed % 3 === 2;
}

function renderMeld(state, m, owner, n) {
  const tiles = [...m.tiles];
  const from = m.source === undefined || m.source === null ? null : (m.source - owner + n) % n; // 1 right, 2 across, 3 left
  if (m.kind === "closed_kan") {
    return el("div", { class: "meld closed" }, tiles.map((id, i) => (i === 0 || i === 3 ? back(state) : tile(id, state))));
  }
  const called = m.called;
  const rest = tiles.filter((id) => id !== called);
  let order;
  if (m.kind === "chi") order = [called, ...rest];
  else {
    const slot = from === 3 ? 0 : from === 2 ? 1 : rest.length;
    order = [...rest.slice(0, slot), called, ...rest.slice(slot)];
  }
  if (m.kind === "added_kan") order = order.filter((id) => id !== m.added);
  const nodes = order.map((id) => tile(id, state, { class: id === called ? "sideways called-from" : "",
    title: id === called ? `← ${t(["", "S", "W", "N"][from] || "")}` : undefined }));
  if (m.kind === "added_kan" && m.added !== undefined) {
    const at = order.indexOf(called);
    nodes[at] = el("span", { class: "stack" }, nodes[at], tile(m.added, state, { class: "sideways" }));
  }
  return el("div", { class: `meld ${m.kind}`, dataset: { from: from ?? "" } }, nodes);
}

function renderCentre(state, view, me) {
  const r = rules(state);
  const roundName = t(WINDS[view.round]) + " " + (view.hand + 1);
  const showDora = r.show_dora_tiles;
  const beacons = state.beacons || [];
  const indicators = view.dora_indicators.map((id) => {
    const beacon = beacons.includes(id); // revealed by a superpower: marked, otherwise like any indicator
    const extra = { class: beacon ? "beacon" : "", dataset: beacon ? { beacon: "1" } : undefined };
    return showDora
      ? tile(doraOf(id >> 2, r.players === 3) * 4 + 1, state, { ...extra, title: beacon ? t("beaconIndicator") : t("doraTiles") })
      : tile(id, state, { ...extra, title: beacon ? t("beaconIndicator") : t("dora") });
  });
  const timer = state.update.timer;
  return el("div", { class: "centre" },
    el("div", { class: "round", id: "round-label" }, roundName),
    el("div", { class: "counters" },
      el("span", { title: t("honba") }, `${t("honba")} ${view.honba}`),
      el("span", { title: t("deposits") }, `${t("deposits")} ${view.sticks}`),
      el("span", { id: "tiles-left", title: t("tilesLeft") }, `${t("tilesLeft")} ${view.live_tiles}`)),
    el("div", { class: "dora" }, el("span", { class: "label" }, showDora ? t("doraTiles") : t("dora")), indicators),
    timer ? el("div", { class: "timer", id: "timer", dataset: { left: timer.left, at: Date.now() } },
      `${t("timer")} ${Math.ceil(timer.left)}s (${t("bank")} ${Math.round(timer.bank)}s)`) : null,
    state.update.match_clock ? matchClock(state.update.match_clock) : null,
    el("div", { class: "commitment", title: `${t("commitment")}: ${view.commitment}` }, `# ${view.commitment.slice(0, 10)}…`));
}

function matchClock(clock) {
  const mm = (m) => `${Math.floor(m)}:${String(Math.floor((m % 1) * 60)).padStart(2, "0")}`;
  return el("div", { class: `match-clock${clock.last_hand ? " last" : ""}`, id: "match-clock", title: t("clock") },
    `${t("clock")} ${mm(clock.minutes)} / ${clock.last_hand_after}:00`, clock.last_hand ? ` · ${t("lastHand")}` : "");
}

// ---------------------------------------------------------------- the own hand and the action bar
function ownOrder(state, view) {
  const own = view.own;
  const drawn = own.drawn;
  const tiles = own.tiles.filter((id) => id !== drawn);
  if (state.options.autoSort) return tiles;
  const keep = state.handOrder.filter((id) => tiles.includes(id));
  for (const id of tiles) if (!keep.includes(id)) keep.push(id);
  state.handOrder = keep;
  return keep;
}

function renderOwn(state, view, msg) {
  const legal = view.legal_actions || [];
  const discards = new Map(legal.filter((a) => a.type === "discard" && !a.veil).map((a) => [a.tile, a]));
  const veils = new Map(legal.filter((a) => a.type === "discard" && a.veil).map((a) => [a.tile, a]));
  const riichis = new Map(legal.filter((a) => a.type === "riichi").map((a) => [a.tile, a]));
  const tiles = ownOrder(state, view);
  const drawn = view.own.drawn;
  const all = drawn !== null && drawn !== undefined ? [...tiles, drawn] : tiles;
  if (state.selected >= all.length) state.selected = all.length - 1;
  const open = isOpen(state, msg);
  const pick = (id) => {
    if (!open) return;
    const action = state.riichiMode ? riichis.get(id) : state.veilMode ? veils.get(id) : discards.get(id);
    if (!action) return;
    state.riichiMode = false;
    state.veilMode = false;
    act(state, action);
  };
  const handTile = (id, i) => {
    const enabled = state.riichiMode ? riichis.has(id) : state.veilMode ? veils.has(id) : discards.has(id);
    return tile(id, state, { class: `hand-tile${enabled && open ? " playable" : " disabled"}${i === state.selected ? " selected" : ""}${id === drawn ? " drawn" : ""}`,
      dataset: { tile: id, index: i }, title: notation(id, isRed(id, rules(state).red_fives)), onclick: () => pick(id) });
  };
  const hand = el("div", { class: "hand", id: "hand" }, tiles.map((id, i) => handTile(id, i)),
    drawn !== null && drawn !== undefined ? el("span", { class: "drawn-gap" }) : null,
    drawn !== null && drawn !== undefined ? handTile(drawn, tiles.length) : null);

  const hints = [];
  if (view.own.furiten) hints.push(el("span", { class: "tag warn", id: "furiten" }, t("furiten")));
  if (view.own.waits && view.own.waits.length) {
    const unseen = unseenCounts(view);
    hints.push(el("span", { class: "waits", id: "waits" }, `${t("waits")}: `,
      view.own.waits.map((k) => el("span", { class: "wait" }, tile(k * 4 + 1, state, { class: "mini" }), `×${Math.max(0, 4 - unseen[k])}`))));
  }
  const secrets = renderSecrets(state, view);
  if (secrets) hints.push(secrets);
  return el("div", { class: `own${state.veilMode && open ? " veiling" : ""}` }, el("div", { class: "own-hints" }, hints), hand,
    renderActions(state, msg, legal));
}

/** What the own powers revealed this hand, for this seat's eyes only (Foresight's tiles, Sense's answer ...). */
function renderSecrets(state, view) {
  const secrets = (view.own && view.own.secrets) || [];
  if (!secrets.length) return null;
  const mini = (id) => tile(id, state, { class: "peek", title: notation(id, isRed(id, rules(state).red_fives)), dataset: { tile: id } });
  return el("div", { class: "power-secrets", id: "power-secrets" }, secrets.map((x) => {
    const head = el("span", { class: "icon", "aria-hidden": "true" }, powerIcon(x.power));
    const title = powerName(x.power);
    if (x.power === "foresight") {
      return el("span", { class: "secret foresight", dataset: { power: x.power }, title }, head, `${t("foresightSaw")}: `, (x.tiles || []).map(mini));
    }
    if (x.power === "sense") {
      return el("span", { class: `secret sense ${x.tenpai ? "tenpai" : "noten"}`, dataset: { power: x.power, target: x.target, tenpai: x.tenpai ? "1" : "0" }, title },
        head, t(x.tenpai ? "senseTenpai" : "senseNoten", { name: nameOf(state, x.target) }));
    }
    if (x.power === "redraw") {
      return el("span", { class: "secret redraw", dataset: { power: x.power }, title }, head, `${t("redrawReturned")} `, mini(x.returned),
        ` → ${t("redrawDrew")} `, mini(x.drawn));
    }
    return el("span", { class: "secret", dataset: { power: x.power }, title }, head, title);
  }));
}

const GROUPS = [
  ["riichi", ["riichi"]], ["tsumo", ["tsumo"]], ["ron", ["ron"]], ["pon", ["pon"]], ["chi", ["chi"]],
  ["kan", ["open_kan", "added_kan", "closed_kan"]], ["kita", ["kita"]], ["nine_terminals", ["nine_terminals"]],
  ["tenpai", ["tenpai"]], ["noten", ["noten"]], ["pass", ["pass"]],
];

function renderActions(state, msg, legal) {
  const bar = el("div", { class: "action-bar", id: "action-bar" });
  if (!isOpen(state, msg)) return bar;
  if (state.choice) {
    bar.append(el("span", { class: "label" }, state.choice.label || t(state.choice.group)),
      ...state.choice.actions.map((a, i) => el("button", { class: "choice", dataset: { index: i, target: a.target }, onclick: () => { state.choice = null; act(state, a); } },
        a.type === "power" ? targetLabel(state, msg.view, a.target) : (a.tiles || [a.tile]).map((id) => tile(id, state, { class: "mini" })),
        el("kbd", {}, String(i + 1)))),
      el("button", { onclick: () => { state.choice = null; render(); } }, t("cancel")));
    return bar;
  }
  if (state.riichiMode) {
    bar.append(el("span", { class: "label" }, t("chooseRiichi")),
      el("button", { id: "riichi-cancel", onclick: () => { state.riichiMode = false; render(); } }, t("cancel")));
    return bar;
  }
  const powers = legal.filter((a) => a.type === "power");
  const veils = legal.filter((a) => a.type === "discard" && a.veil);
  if (state.veilMode) {
    if (!veils.length) state.veilMode = false;
    else {
      bar.append(powerButton(state, msg.view, powers, veils), el("span", { class: "label" }, t("chooseVeil")));
      return bar;
    }
  }
  for (const [group, types] of GROUPS) {
    const actions = legal.filter((a) => types.includes(a.type));
    if (!actions.length) continue;
    bar.append(el("button", { class: `act act-${group}`, id: `act-${group}`, dataset: { action: group },
      onclick: () => choose(state, group, actions) }, t(group), el("kbd", {}, KEYS[group])));
  }
  if (powers.length || veils.length) bar.append(powerButton(state, msg.view, powers, veils));
  return bar;
}

/** The own power's button: its charges left, what it does in the tooltip. Veil toggles the veiled-discard mode;
 * Seal and Sense ask for the opponent; the others are used at once. */
function powerButton(state, view, powers, veils) {
  const mine = (view.seats[view.seat] && view.seats[view.seat].power) || {};
  const name = mine.name || (powers[0] && powers[0].power) || "veil";
  const left = mine.left;
  const veil = !powers.length && veils.length > 0;
  const onclick = () => {
    if (veil) { state.veilMode = !state.veilMode; state.choice = null; render(); return; }
    if (powers.some((a) => a.target !== undefined && a.target !== null)) {
      state.choice = { group: "power", label: t("chooseTarget", { power: powerName(name) }), actions: powers };
      render();
      return;
    }
    act(state, powers[0]);
  };
  return el("button", { class: `act act-power power-${name}${state.veilMode ? " on" : ""}`, id: "act-power", dataset: { action: "power", power: name },
    title: powerTitle(state.room, name, left), "aria-pressed": veil ? String(!!state.veilMode) : undefined, onclick },
  el("span", { class: "icon", "aria-hidden": "true" }, powerIcon(name)), ` ${powerName(name)}`,
  left !== undefined ? el("span", { class: "charges" }, `×${left}`) : null, el("kbd", {}, KEYS.power));
}

/** An opponent in the target picker: wind and nickname. */
function targetLabel(state, view, seat) {
  const s = view.seats[seat];
  return el("span", { class: "target" }, s ? el("span", { class: "wind" }, t(WINDS[s.wind])) : null, ` ${nameOf(state, seat)}`);
}

/** A decision is open and not answered yet (an option may have answered it before it was drawn). */
function isOpen(state, msg) { return !!msg.seq && state.answered !== msg.seq; }

function choose(state, group, actions) {
  if (group === "riichi") {
    state.riichiMode = true;
    render();
    return;
  }
  if (actions.length === 1) { act(state, actions[0]); return; }
  state.choice = { group, actions };
  render();
}

function act(state, action) {
  const msg = state.update;
  if (!msg || !msg.seq) return;
  send({ type: "action", seq: msg.seq, action });
  state.answered = msg.seq;
  state.choice = null;
  state.riichiMode = false;
  state.veilMode = false;
  state.selected = -1;
}

function skip(state) {
  const msg = state.update;
  if (!msg || !msg.seq) return;
  const pass = (msg.view.legal_actions || []).find((a) => a.type === "pass");
  if (pass) act(state, pass);
}

/** Options that answer for the player: auto-win, hide call options, auto-discard the drawn tile. */
export function autoPlay(msg, state) {
  if (state.answered === msg.seq) return;
  const legal = msg.view.legal_actions || [];
  const has = (type) => legal.find((a) => a.type === type);
  if (state.options.autoWin && (has("tsumo") || has("ron"))) { act(state, has("tsumo") || has("ron")); return; }
  const calls = legal.filter((a) => ["chi", "pon", "open_kan"].includes(a.type));
  if (state.options.hideCalls && calls.length && has("pass") && !has("ron")) { act(state, has("pass")); return; }
  const drawn = msg.view.own && msg.view.own.drawn;
  const special = legal.some((a) => !["discard"].includes(a.type));
  if (state.options.autoDiscard && drawn !== null && drawn !== undefined && !special) {
    const d = legal.find((a) => a.type === "discard" && !a.veil && a.tile === drawn);
    if (d) setTimeout(() => { if (state.update === msg) act(state, d); }, 300);
  }
}

/** Keyboard play: ← → choose a tile, Enter discards it; a letter per action (shown on its button); Esc skips. */
export function tableKeydown(e, state) {
  const msg = state.update;
  if (!msg || !msg.view.own) return;
  const hand = [...document.querySelectorAll("#hand .hand-tile")];
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    if (!hand.length) return;
    const step = e.key === "ArrowLeft" ? -1 : 1;
    state.selected = state.selected < 0 ? hand.length - 1 : (state.selected + step + hand.length) % hand.length;
    hand.forEach((node, i) => node.classList.toggle("selected", i === state.selected));
    e.preventDefault();
    return;
  }
  if (e.key === "Enter" && state.selected >= 0 && hand[state.selected]) {
    hand[state.selected].click();
    e.preventDefault();
    return;
  }
  if (state.choice && /^[1-9]$/.test(e.key)) {
    const a = state.choice.actions[Number(e.key) - 1];
    if (a) act(state, a);
    return;
  }
  if (e.key === "Escape") {
    if (state.choice || state.riichiMode || state.veilMode) { state.choice = null; state.riichiMode = false; state.veilMode = false; render(); } else skip(state);
    return;
  }
  const group = Object.entries(KEYS).find(([, key]) => key.toLowerCase() === e.key.toLowerCase());
  if (group) {
    const button = document.getElementById(`act-${group[0]}`);
    if (button) { button.click(); e.preventDefault(); }
  }
}

/** The call word of an event (for the centre animation), or null. */
export function callWordOf(ev) {
  if (ev.type === "hora") return ev.actor === ev.target ? "tsumo" : "ron";
  return CALL_WORDS[ev.type] || null;
}
