// The table: four (or three) seats around the centre, the own hand at the bottom, the action bar when the rules
// allow an action. Drawn from the latest update's view only: the client never knows more than its seat may.
//
// The screen's elements are built once per seating (players, our seat) and then kept: each area (a seat's plate,
// power, concealed tiles, melds and river; the centre's round, counters, dora, timer and clock; the own hints,
// hand and action bar) is drawn again only when the data it shows changed (dom.js patch), and a river gains its
// new tiles without redrawing the old ones (patchList). An animation can hold on to any of these elements.
// The replay draws its frames with this code too (show's context).

import { el, patch, patchList, slot } from "../dom.js";
import { t, getLang, WINDS } from "../i18n.js";
import { isRed, notation, kindOfId, plainIdOf } from "../tiles.js";
import { state, refresh } from "../store.js";
import { act, skip, isOpen } from "../play.js";
import { leaveButton } from "../leave.js";
import { powerBadge, powerIcon, powerName, powerTitle, seatName } from "../powers.js";
import { timerView, tickTimer } from "../timer.js";
import { drawBubble, drawReactions, muteToggle, muteKey } from "../reactions.js";
import { rollScore, slideRiver } from "../motion.js";
import { markKinds, turnCue, watchKinds } from "../cues.js";
import { handOrder, watchDrag } from "../reorder.js";
import { tile, back, meld, tileRules } from "../melds.js";

const POSITIONS = { 4: ["bottom", "right", "top", "left"], 3: ["bottom", "right", "left"] };
const CALL_WORDS = { chi: "chi", pon: "pon", daiminkan: "kan", kakan: "kan", ankan: "kan", hora: null, reach: "riichi", nukidora: "kita" };
// shortcut keys, shown on the buttons
const KEYS = { riichi: "R", tsumo: "T", ron: "H", pon: "P", chi: "C", kan: "K", kita: "N", nine_terminals: "9", tenpai: "Y", noten: "U", pass: "S",
  power: "Q" };
const CALL_WORD_MS = 1200;

/** The elements of the table built for the current seating: {seats: [{info, powers, concealed, melds, river}],
 * centre: {round, counters, dora, timer, clock, commitment}, word, own: {box, hints, hand, bar} | null}. */
let parts = null;

/** {rules, names, replay} of a replay's frame; null at the live table (the room's) */
let context = null;

function rules() { return (context ? context.rules : state.room && state.room.rules) || {}; }

function replaying() { return !!(context && context.replay); }

function palette() { return state.options.colorBlind ? "cb" : "normal"; }

/** What every tile drawing depends on besides its id: part of each area's key. */
function tileLook() { return `${palette()}|${JSON.stringify(rules().red_fives || null)}`; }

function nameOf(seat) {
  if (context) return (context.names && context.names[seat]) || seatName(null, seat);
  return seatName(state.room && state.room.seats[seat], seat);
}

/** Kinds that win for the own hand, with the copies not yet visible to this seat. */
function unseenCounts(view) {
  const seen = new Array(34).fill(0);
  const count = (id) => { if (id !== null && id !== undefined) seen[kindOfId(id)] += 1; };
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

function seated(view) { return view.seat !== null && view.seat !== undefined; }

// ---------------------------------------------------------------- the screen
/** Draws the table of update message msg into host (the live update, or the hand's last one while its results
 * are on screen: then msg.seq is null and nothing can be answered). `ctx`: a replay's frame (no Leave, timer,
 * reactions nor actions; every hand face up when the frame has them). */
export function show(host, msg, ctx = null) {
  context = ctx;
  tileRules(ctx ? ctx.rules : null);
  const replay = replaying();
  const view = msg.view;
  const n = view.seats.length;
  const me = seated(view) ? view.seat : 0;
  patch(host, ["table", n, me, seated(view), replay], () => buildShell(n, me, seated(view), replay));
  view.seats.forEach((_, seat) => updateSeat(parts.seats[seat], view, seat, seat === me && seated(view)));
  if (!replay) view.seats.forEach((_, seat) => drawBubble(parts.seats[seat].bubble, seat, seat === me && seated(view)));
  updateCentre(parts.centre, view, msg);
  const word = state.callWord;
  const flying = !replay && word && Date.now() - word.at < CALL_WORD_MS ? word : null;
  patch(parts.word, [flying, getLang()], () => (flying ? callWord(flying, me, n) : null));
  if (parts.own) {
    updateOwn(parts.own, view, msg);
    if (!replay) drawReactions(parts.own.react);
  }
  turnCue(!!parts.own && isOpen(msg), parts.own && parts.own.hand);
  markKinds();
  effects(msg);
}

/** the superpowers' effects module (powerfx.js), fetched when a table with powers is first drawn: the first load
 * carries none of it */
let fx = null;

function effects(msg) {
  if (fx) fx.draw(parts, msg, { replay: replaying(), nameOf, rules: rules() });
  else if (fx !== false && msg.view.seats.some((s) => s.power)) {
    fx = false;
    import("./powerfx.js").then((m) => { fx = m; refresh(); });
  }
}

/** The table's elements for one seating. Each seat is a square frame (turned for the others) holding its name
 * plate, power badge and river, and at its edge its concealed tiles and melds; the own seat's frame holds the own
 * hand with its melds and the action bar above it instead (style.css places them for the screen's shape). */
function buildShell(n, me, isSeated, replay) {
  const table = el("div", { class: `table players-${n} ${isSeated ? "seated" : "watching"}${replay ? " replaying" : ""}`, id: "table",
    oncontextmenu: replay ? undefined : (e) => { e.preventDefault(); skip(); } });
  const seats = [];
  let own = null;
  for (let i = 0; i < n; i++) {
    const seat = (me + i) % n;
    const isMe = i === 0 && isSeated;
    const p = {
      info: el("div", { class: "seat-info", dataset: { seat } }),
      bubble: slot(), // the seat's quick reaction, by its plate (reactions.js)
      powers: slot(),
      concealed: isMe ? null : el("div", { class: "concealed" }),
      melds: el("div", { class: "melds" }),
      river: el("div", { class: "river" }),
    };
    seats[seat] = p;
    const frame = el("div", { class: `seat pos-${POSITIONS[n][i]}`, dataset: { seat } }, p.info, p.bubble, p.powers, p.river);
    if (isMe) {
      own = { hints: el("div", { class: "own-hints" }), hand: el("div", { class: "hand", id: "hand" }), bar: el("div", { class: "action-bar", id: "action-bar" }),
        react: el("div", { class: "reactions", id: "reactions" }), fx: slot({ id: "power-fx" }) };
      own.box = el("div", { class: "own" }, el("div", { class: "own-top" }, own.hints, own.fx, el("div", { class: "bar-row" }, own.bar, own.react)), el("div", { class: "own-tiles" }, own.hand, p.melds));
      frame.append(own.box);
    } else {
      frame.append(el("div", { class: "band" }, p.concealed, p.melds));
    }
    table.append(frame);
  }
  const centre = {
    round: el("div", { class: "round", id: "round-label" }), counters: el("div", { class: "counters" }),
    dora: el("div", { class: "dora" }), timer: slot(), clock: slot(), commitment: el("div", { class: "commitment" }),
  };
  table.append(el("div", { class: "centre" }, centre.round, centre.counters, centre.dora, centre.timer, centre.clock, centre.commitment));
  const word = slot();
  table.append(word);
  const wrap = el("div", { class: "table-wrap" }, replay ? null : leaveButton(isSeated), table);
  if (!isSeated && !replay) wrap.append(el("div", { class: "spectating" }, t("spectating")));
  parts = { seats, centre, word, own };
  watchKinds(wrap);
  if (own && !replay) watchDrag(own.hand);
  return wrap;
}

function callWord(word, me, n) {
  const pos = POSITIONS[n][(word.seat - me + n) % n];
  return el("div", { class: `call-word to-${pos}`, key: word.at }, t(word.word));
}

// ---------------------------------------------------------------- a seat
function updateSeat(p, view, seat, isMe) {
  const s = view.seats[seat];
  const diffs = view.seats.map((o, i) => i === seat ? null : `${nameOf(i)}: ${s.score - o.score >= 0 ? "+" : ""}${s.score - o.score}`)
    .filter(Boolean).join("\n");
  const turn = view.phase === "turn" && isTurn(view, seat);
  p.info.className = `seat-info${turn ? " active" : ""}${seat === view.dealer ? " dealer" : ""}`;
  const replay = replaying();
  patch(p.info, JSON.stringify([getLang(), s.wind, nameOf(seat), s.score, diffs, state.showDiff === seat, !!s.riichi, seat === view.dealer,
    replay ? null : muteKey(seat)]), () => [
    el("span", { class: "wind" }, t(WINDS[s.wind])),
    el("span", { class: "name" }, nameOf(seat)),
    el("span", { class: "score", title: diffs, tabindex: 0, onclick: () => { state.showDiff = state.showDiff === seat ? null : seat; refresh(); } },
      s.score.toLocaleString()),
    state.showDiff === seat ? el("span", { class: "diffs" }, diffs.split("\n").map((line) => el("span", {}, line))) : null,
    s.riichi ? el("span", { class: "riichi-stick", title: t("riichi") }) : null,
    seat === view.dealer ? el("span", { class: "tag dealer-tag" }, t("dealer")) : null,
    replay ? null : muteToggle(seat, isMe)]);
  rollScore(p.info, s.score);
  // the seat's power and charges, and a Seal on it, beside the plate's end of the river (the ring of plates
  // around the centre has no room to spare)
  const sealed = s.sealed_by || [];
  const turns = s.seal_turns ? Math.max(...s.seal_turns) : "";
  patch(p.powers, JSON.stringify([getLang(), s.power || null, sealed, sealed.map(nameOf), turns]), () =>
    (s.power && s.power.name ? el("div", { class: "seat-powers", dataset: { seat } }, powerBadge(s.power),
      sealed.length ? el("span", { class: "seal-mark", dataset: { by: sealed.join(","), turns },
        title: t("sealedBy", { names: sealed.map((i) => nameOf(i)).join(", ") }) }, `${powerIcon("seal")} ${t("sealed")} ${turns}`) : null) : null));
  const open = view.hands && view.hands[seat];
  if (p.concealed && open) patch(p.concealed, `open|${JSON.stringify(open)}|${tileLook()}`, () => openHand(open));
  else if (p.concealed) patch(p.concealed, `${s.concealed}|${tileLook()}`, () => Array.from({ length: s.concealed }, () => back("small")));
  patch(p.melds, JSON.stringify([s.melds, s.kita || [], tileLook(), getLang()]), () => [
    s.melds.map((m) => meld(m, seat, view.seats.length)),
    (s.kita || []).length ? el("div", { class: "kita" }, s.kita.map((k) => tile(k))) : null]);
  // a veiled discard lies face down for the others; its owner sees the face, marked as veiled
  const look = `${tileLook()}|${getLang()}`;
  patchList(p.river, s.river, (r, i) => `${i}|${JSON.stringify(r)}|${look}`, (r) => tile(r.tile, {
    class: `${r.riichi ? "sideways" : ""} ${r.called ? "called" : ""} ${r.tsumogiri ? "tsumogiri" : ""} ${r.veiled ? "veiled" : ""}${r.tile === null || r.tile === undefined ? " face-down" : ""}`,
    dataset: r.tile === null || r.tile === undefined ? { veiled: "1" } : { tile: r.tile, veiled: r.veiled ? "1" : undefined },
    title: r.veiled ? t("veiledTile") : undefined }));
  slideRiver(p.river, isMe && parts.own ? parts.own.hand : null);
}

/** A replay's open hand at its seat's edge, the drawn tile apart. */
function openHand(open) {
  const has = open.drawn !== null && open.drawn !== undefined;
  const rest = open.tiles.filter((id) => id !== open.drawn);
  const face = (id, cls = "") => tile(id, { class: `small open-tile${cls}`, title: notation(id, isRed(id, rules().red_fives)) });
  return [rest.map((id) => face(id)), has ? el("span", { class: "drawn-gap" }) : null, has ? face(open.drawn, " drawn") : null];
}

function isTurn(view, seat) {
  // the seat whose turn it is holds 14 - 3 × melds tiles
  const s = view.seats[seat];
  return s.concealed % 3 === 2;
}

// ---------------------------------------------------------------- the centre
function updateCentre(c, view, msg) {
  const lang = getLang();
  const r = rules();
  // Zung Jung has no honba, no deposits and no dora: the centre shows only what the family has
  const riichi = r.family !== "zung-jung";
  patch(c.round, `${lang}|${view.round}|${view.hand}`, () => t(WINDS[view.round]) + " " + (view.hand + 1));
  patch(c.counters, `${lang}|${riichi}|${view.honba}|${view.sticks}|${view.live_tiles}`, () => [
    riichi ? el("span", { title: t("honba") }, `${t("honba")} ${view.honba}`) : null,
    riichi ? el("span", { title: t("deposits") }, `${t("deposits")} ${view.sticks}`) : null,
    el("span", { id: "tiles-left", title: t("tilesLeft") }, `${t("tilesLeft")} ${view.live_tiles}`)]);
  const showDora = r.show_dora_tiles;
  const beacons = replaying() ? [] : state.beacons;
  patch(c.dora, JSON.stringify([lang, tileLook(), riichi, showDora, r.players, view.dora_indicators, beacons]), () => !riichi ? null : [
    el("span", { class: "label" }, showDora ? t("doraTiles") : t("dora")),
    view.dora_indicators.map((id) => {
      const beacon = beacons.includes(id); // revealed by a superpower: marked, otherwise like any indicator
      const extra = { class: beacon ? "beacon" : "", dataset: beacon ? { beacon: "1" } : undefined };
      return showDora
        ? tile(plainIdOf(doraOf(kindOfId(id), r.players === 3)), { ...extra, title: beacon ? t("beaconIndicator") : t("doraTiles") })
        : tile(id, { ...extra, title: beacon ? t("beaconIndicator") : t("dora") });
    })]);
  // the open decision's time (none once answered: the server's clock stopped); a new message restarts the
  // countdown from what the server says is left, and tick() counts down in between
  const timer = isOpen(msg) ? msg.timer : null;
  patch(c.timer, [lang, timer || null], () => (timer ? timerView(timer) : null));
  patch(c.clock, JSON.stringify([lang, msg.match_clock || null]), () => (msg.match_clock ? matchClock(msg.match_clock) : null));
  patch(c.commitment, `${lang}|${view.commitment}`, () => {
    if (!view.commitment) return null;
    c.commitment.title = `${t("commitment")}: ${view.commitment}`;
    return `# ${view.commitment.slice(0, 10)}…`;
  });
}

function matchClock(clock) {
  const mm = (m) => `${Math.floor(m)}:${String(Math.floor((m % 1) * 60)).padStart(2, "0")}`;
  return el("div", { class: `match-clock${clock.last_hand ? " last" : ""}`, id: "match-clock", title: t("clock") },
    `${t("clock")} ${mm(clock.minutes)} / ${clock.last_hand_after}:00`, clock.last_hand ? ` · ${t("lastHand")}` : "");
}

/** The decision timer counts down between updates (app.js calls this a few times a second). */
export function tick() { tickTimer(); }

// ---------------------------------------------------------------- the own hand and the action bar
/** The own tiles in display order and the drawn tile shown apart (null when none, or when it was dragged into
 * the hand: reorder.js). */
function ownOrder(view) {
  const own = view.own;
  if (state.options.autoSort || replaying()) return { tiles: own.tiles.filter((id) => id !== own.drawn), drawn: own.drawn };
  const { tiles, placed } = handOrder(own);
  return { tiles, drawn: placed ? null : own.drawn };
}

function updateOwn(own, view, msg) {
  const lang = getLang();
  const legal = view.legal_actions || [];
  const open = isOpen(msg);
  own.box.className = `own${state.pickMode && open ? ` picking ${state.pickMode}` : ""}`;
  const { tiles, drawn } = ownOrder(view);
  own.hand.classList.toggle("reorderable", !state.options.autoSort);
  const all = drawn !== null && drawn !== undefined ? [...tiles, drawn] : tiles;
  if (state.selected >= all.length) state.selected = all.length - 1;
  patch(own.hand, JSON.stringify([tileLook(), tiles, drawn, legal, open, state.riichiMode, state.pickMode, state.selected]),
    () => hand(tiles, drawn, legal, open));
  const unseen = view.own.waits && view.own.waits.length ? unseenCounts(view) : [];
  patch(own.hints, JSON.stringify([lang, tileLook(), view.own.furiten, view.own.waits, unseen]), () => hints(view, unseen));
  const mine = (view.seats[view.seat] && view.seats[view.seat].power) || null;
  patch(own.bar, JSON.stringify([lang, tileLook(), msg.seq, open, legal, state.choice, state.riichiMode, state.pickMode, mine,
    state.room && state.room.seats]), () => actions(msg, legal, open));
}

function hand(tiles, drawn, legal, open) {
  const discards = new Map(legal.filter((a) => a.type === "discard" && !a.veil).map((a) => [a.tile, a]));
  const picks = { veil: new Map(legal.filter((a) => a.type === "discard" && a.veil).map((a) => [a.tile, a])),
    sense: new Map(legal.filter((a) => a.type === "power" && Number.isInteger(a.tile)).map((a) => [a.tile, a])) };
  const riichis = new Map(legal.filter((a) => a.type === "riichi").map((a) => [a.tile, a]));
  const options = state.riichiMode ? riichis : state.pickMode ? picks[state.pickMode] : discards;
  const pick = (id) => {
    const action = open && options.get(id);
    if (action) act(action);
  };
  const handTile = (id, i) => {
    const enabled = options.has(id);
    return tile(id, { class: `hand-tile${enabled && open ? " playable" : " disabled"}${i === state.selected ? " selected" : ""}${id === drawn ? " drawn" : ""}`,
      dataset: { tile: id, index: i }, title: notation(id, isRed(id, rules().red_fives)), onclick: () => pick(id) });
  };
  return [tiles.map((id, i) => handTile(id, i)),
    drawn !== null && drawn !== undefined ? el("span", { class: "drawn-gap" }) : null,
    drawn !== null && drawn !== undefined ? handTile(drawn, tiles.length) : null];
}

function hints(view, unseen) {
  const out = [];
  if (view.own.furiten) out.push(el("span", { class: "tag warn", id: "furiten" }, t("furiten")));
  if (view.own.waits && view.own.waits.length) {
    out.push(el("span", { class: "waits", id: "waits" }, `${t("waits")}: `,
      view.own.waits.map((k) => el("span", { class: "wait" }, tile(plainIdOf(k), { class: "mini" }), `×${Math.max(0, 4 - unseen[k])}`))));
  }
  return out;
}

const GROUPS = [
  ["riichi", ["riichi"]], ["tsumo", ["tsumo"]], ["ron", ["ron"]], ["pon", ["pon"]], ["chi", ["chi"]],
  ["kan", ["open_kan", "added_kan", "closed_kan"]], ["kita", ["kita"]], ["nine_terminals", ["nine_terminals"]],
  ["tenpai", ["tenpai"]], ["noten", ["noten"]], ["pass", ["pass"]],
];

/** The action bar's contents: nothing when no decision is open; the forms of a call to choose from; the riichi or
 * Veil mode's hint; otherwise a button per kind of legal action and the own power's button. */
function actions(msg, legal, open) {
  if (!open) return null;
  if (state.choice) {
    return [el("span", { class: "label" }, state.choice.label || t(state.choice.group)),
      ...state.choice.actions.map((a, i) => el("button", { class: "choice", dataset: { index: i, target: a.target }, onclick: () => { state.choice = null; act(a); } },
        a.type === "power" ? targetLabel(msg.view, a.target) : callTiles(msg.view, a).map(callTile),
        el("kbd", {}, String(i + 1)))),
      el("button", { onclick: () => { state.choice = null; refresh(); } }, t("cancel"))];
  }
  if (state.riichiMode) {
    return [el("span", { class: "label" }, t("chooseRiichi")),
      el("button", { id: "riichi-cancel", onclick: () => { state.riichiMode = false; refresh(); } }, t("cancel"))];
  }
  const powers = legal.filter((a) => a.type === "power");
  const veils = legal.filter((a) => a.type === "discard" && a.veil);
  if (state.pickMode && !(state.pickMode === "veil" ? veils : powers).length) state.pickMode = null;
  if (state.pickMode) return [powerButton(msg.view, powers, veils), el("span", { class: "label" }, t(state.pickMode === "veil" ? "chooseVeil" : "powerfx.chooseSense"))];
  const out = [];
  for (const [group, types] of GROUPS) {
    const these = legal.filter((a) => types.includes(a.type));
    if (!these.length) continue;
    if (CALLS.has(group)) { // a button per option, each showing its tiles
      these.forEach((a, i) => out.push(callButton(msg.view, group, a, i)));
      continue;
    }
    out.push(el("button", { class: `act act-${group}`, id: `act-${group}`, dataset: { action: group },
      onclick: () => choose(group, these) }, t(group), el("kbd", {}, KEYS[group])));
  }
  if (powers.length || veils.length) out.push(powerButton(msg.view, powers, veils));
  return out;
}

/** The groups whose buttons show the tiles they call or win with, one button per option. */
const CALLS = new Set(["tsumo", "ron", "pon", "chi", "kan", "kita"]);

/** A call's button: its word, the tiles of its meld (or the winning tile, or the North set aside) and, on the
 * group's first option, its key. The first option keeps the group's id (act-chi), the others are act-chi-2, ... */
function callButton(view, group, a, i) {
  const tiles = callTiles(view, a);
  return el("button", { class: `act act-${group} call`, id: i ? `act-${group}-${i + 1}` : `act-${group}`,
    dataset: { action: group, option: i, type: a.type }, onclick: () => act(a) },
  el("span", { class: "word" }, t(group)),
  tiles.length ? el("span", { class: "call-tiles" }, tiles.map(callTile)) : null,
  i === 0 ? el("kbd", {}, KEYS[group]) : null);
}

function callTile(x) { return tile(x.id, { class: `mini${x.taken ? " taken" : ""}` }); }

/** The tiles an action calls or wins with, in order, each {id, taken}: taken marks the tile that comes from the
 * table (the discard called, the tile won on, the drawn tile of a tsumo) or the one added to a pon. */
function callTiles(view, a) {
  const claim = view.claim ? view.claim.tile : null;
  const has = (id) => id !== null && id !== undefined;
  const mine = (ids) => ids.map((id) => ({ id, taken: false }));
  const byId = (x, y) => x.id - y.id;
  switch (a.type) {
    case "chi": case "pon": case "open_kan":
      return [...mine(a.tiles), ...(has(claim) ? [{ id: claim, taken: true }] : [])].sort(byId);
    case "closed_kan":
      return mine(a.tiles).sort(byId);
    case "added_kan": {
      const pon = view.seats[view.seat].melds.find((m) => m.kind === "pon" && kindOfId(m.tiles[0]) === kindOfId(a.tile));
      return [...mine(pon ? [...pon.tiles].sort((x, y) => x - y) : []), { id: a.tile, taken: true }];
    }
    case "ron":
      return has(claim) ? [{ id: claim, taken: true }] : [];
    case "tsumo":
      return view.own && has(view.own.drawn) ? [{ id: view.own.drawn, taken: true }] : [];
    case "kita":
      return has(a.tile) ? [{ id: a.tile, taken: false }] : [];
    default:
      return [];
  }
}

/** The own power's button: its charges left, what it does in the tooltip. Veil and Sense toggle a mode where the
 * next tile click uses the power on that tile (a veiled discard; the tile asked about); Seal asks for the opponent;
 * the others are used at once. */
function powerButton(view, powers, veils) {
  const mine = (view.seats[view.seat] && view.seats[view.seat].power) || {};
  const name = mine.name || (powers[0] && powers[0].power) || "veil";
  const left = mine.left;
  const mode = !powers.length && veils.length > 0 ? "veil" : powers.some((a) => Number.isInteger(a.tile)) ? "sense" : null;
  const onclick = () => {
    if (mode) { state.pickMode = state.pickMode ? null : mode; state.choice = null; refresh(); return; }
    if (powers.some((a) => a.target !== undefined && a.target !== null)) {
      state.choice = { group: "power", label: t("chooseTarget", { power: powerName(name) }), actions: powers };
      refresh();
      return;
    }
    act(powers[0]);
  };
  return el("button", { class: `act act-power power-${name}${state.pickMode ? " on" : ""}`, id: "act-power", dataset: { action: "power", power: name },
    title: powerTitle(name, left), "aria-pressed": mode ? String(!!state.pickMode) : undefined, onclick },
  el("span", { class: "icon", "aria-hidden": "true" }, powerIcon(name)), ` ${powerName(name)}`,
  left !== undefined ? el("span", { class: "charges" }, `×${left}`) : null, el("kbd", {}, KEYS.power));
}

/** An opponent in the target picker: wind and nickname. */
function targetLabel(view, seat) {
  const s = view.seats[seat];
  return el("span", { class: "target" }, s ? el("span", { class: "wind" }, t(WINDS[s.wind])) : null, ` ${nameOf(seat)}`);
}

function choose(group, these) {
  if (group === "riichi") {
    state.riichiMode = true;
    refresh();
    return;
  }
  if (these.length === 1) { act(these[0]); return; }
  state.choice = { group, actions: these };
  refresh();
}

/** Keyboard play: ← → choose a tile, Enter discards it; a letter per action (shown on its button); Esc skips. */
export function keydown(e) {
  const msg = state.update;
  if (!msg || !msg.view.own) return;
  const nodes = [...document.querySelectorAll("#hand .hand-tile")];
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    if (!nodes.length) return;
    const step = e.key === "ArrowLeft" ? -1 : 1;
    state.selected = state.selected < 0 ? nodes.length - 1 : (state.selected + step + nodes.length) % nodes.length;
    nodes.forEach((node, i) => node.classList.toggle("selected", i === state.selected));
    e.preventDefault();
    return;
  }
  if (e.key === "Enter" && state.selected >= 0 && nodes[state.selected]) {
    nodes[state.selected].click();
    e.preventDefault();
    return;
  }
  if (state.choice && /^[1-9]$/.test(e.key)) {
    const a = state.choice.actions[Number(e.key) - 1];
    if (a) act(a);
    return;
  }
  if (e.key === "Escape") {
    if (state.choice || state.riichiMode || state.pickMode) { state.choice = null; state.riichiMode = false; state.pickMode = null; refresh(); } else skip();
    return;
  }
  const group = Object.entries(KEYS).find(([, key]) => key.toLowerCase() === e.key.toLowerCase());
  if (group) {
    const button = document.getElementById(`act-${group[0]}`);
    if (!button) return;
    e.preventDefault();
    // a call with several options: its letter opens the row of options, each picked by its number
    const types = (GROUPS.find(([g]) => g === group[0]) || [null, []])[1];
    const these = (msg.view.legal_actions || []).filter((a) => types.includes(a.type));
    if (CALLS.has(group[0]) && these.length > 1) {
      state.choice = { group: group[0], actions: these };
      refresh();
    } else {
      button.click();
    }
  }
}

/** The call word of an event (for the centre animation), or null. */
export function callWordOf(ev) {
  if (ev.type === "hora") return ev.actor === ev.target ? "tsumo" : "ron";
  return CALL_WORDS[ev.type] || null;
}
