// The replay: a finished game (or an uploaded log file) watched again step by step, at /replay/ID (?seat=N one
// seat's view, ?step=K a moment, ?review=N the reviewer's panel for a seat). The server cuts the game into steps
// (GET /api/replays/ID: docs/replays.md) and sends each step's changes to the picture as a patch; the frames are
// built here once, each a copy of the one before along the patched paths only, so any step is drawn at once.
//
// Nothing is drawn twice over: the table is the live table's own drawing (table.js with a replay context), the
// result cards and the standings are the live results' builders (results.js), so the replay looks like the game did.
// A fetched page module (app.js): load(id) fetches, show(host) draws, keydown(e) steps.

import { el, patch, slot } from "../dom.js";
import { t, getLang, WINDS, addTexts } from "../i18n.js";
import { state, refresh } from "../store.js";
import { notation, isRed } from "../tiles.js";
import { tile } from "../melds.js";
import { powerName, seatName } from "../powers.js";
import { lobbyHref, replayHref } from "../routes.js";
import { watchKinds, markKinds } from "../cues.js";
import { notice } from "../notices.js";
import * as table from "./table.js";
import { winCard, drawCard, standingsCard } from "./results.js";

/** The replay's own style sheet, fetched with this module (the first load carries none of it); the module is ready
 * once the sheet is, so nothing is drawn unstyled. */
const sheet = document.head.appendChild(el("link", { rel: "stylesheet", href: "/static/replay.css" }));
await new Promise((resolve) => { sheet.addEventListener("load", resolve); sheet.addEventListener("error", resolve); });

/** The replay's words, English and Japanese, joined to i18n.js's tables (t("replay.…")) when this module is
 * fetched, so the first load carries none of them. */
const TEXTS = {
  en: {
    title: "Replay", intro: "Open a game's log to watch it again: our own log, Tenhou mjlog XML, tenhou.net/6 JSON or mjai JSON lines.",
    openFile: "Open a log file", formats: "(jantaku, mjlog XML, tenhou.net/6, mjai)",
    running: "This game is still being played: its replay opens once it is over.",
    unknown: "There is no finished game with this id.", uploadAgain: "This uploaded file is no longer kept: open it again.",
    unreadable: "This file could not be read as a game's log",
    hand: "Hand", turn: "Turn", handBack: "Previous hand (↑)", handForward: "Next hand (↓)", turnBack: "Previous turn",
    turnForward: "Next turn", stepBack: "One step back (←)", stepForward: "One step forward (→)", play: "Play (space)",
    pause: "Pause (space)", speed: "Speed", position: "Position in the game", hands: "Jump to a hand", view: "View",
    allOpen: "All hands open", seatView: "{name}'s view", showWall: "Show the wall", hideWall: "Hide the wall",
    liveWall: "Wall, in draw order", deadWall: "Dead wall", noReview: "The review is not available.",
    review: "Review", reviewNone: "No review", reviewSeat: "Review {name}",
    badSeat: "This game has no seat {seat}: every hand is shown open.", badReview: "This game has no seat {seat} to review.",
    indicator: "dora indicator, turned up", uraIndicator: "ura indicator, turned up at the win",
    ev: {
      deal: "{round}, honba {honba}: the hands are dealt", dealNoHonba: "{round}: the hands are dealt", round: "{wind} {hand}", draw: "{name} draws {tile}", drawHidden: "{name} draws",
      discard: "{name} discards {tile}", discardHidden: "{name} discards face down", riichi: "{name} declares riichi",
      call: "{name} calls {call} on {tile}", north: "{name} sets a North aside", dora: "new dora indicator {tile}",
      tsumo: "{name} wins by tsumo", ron: "{name} wins by ron from {from}", power: "{name} uses {power}", powerOn: "{name} uses {power} on {target}", end: "the game is over",
    },
  },
  ja: {
    title: "牌譜再生", intro: "対局の牌譜ファイルを開いて見直せます。この卓の牌譜のほか、天鳳などの形式も読めます。",
    openFile: "牌譜ファイルを開く", formats: "(この卓・天鳳などの形式)",
    running: "この対局はまだ続いています。終わってから再生できます。",
    unknown: "このIDの終わった対局はありません。", uploadAgain: "アップロードしたファイルはもう保存されていません。もう一度開いてください。",
    unreadable: "このファイルは牌譜として読めませんでした",
    hand: "局", turn: "巡", handBack: "前の局 (↑)", handForward: "次の局 (↓)", turnBack: "前の巡",
    turnForward: "次の巡", stepBack: "一手戻る (←)", stepForward: "一手進む (→)", play: "再生 (スペース)",
    pause: "一時停止 (スペース)", speed: "速さ", position: "対局の中の位置", hands: "局へ移動", view: "視点",
    allOpen: "全員の手牌を表示", seatView: "{name}の視点", showWall: "山を表示", hideWall: "山を隠す",
    liveWall: "山 (ツモ順)", deadWall: "王牌", noReview: "検討は利用できません。",
    review: "検討", reviewNone: "検討なし", reviewSeat: "{name}を検討",
    badSeat: "この対局に席{seat}はありません。全員の手牌を表示します。", badReview: "この対局に検討できる席{seat}はありません。",
    indicator: "表向きのドラ表示牌", uraIndicator: "和了でめくった裏ドラ表示牌",
    ev: {
      deal: "{round} {honba}本場: 配牌", dealNoHonba: "{round}: 配牌", round: "{wind}{hand}局", draw: "{name}がツモ {tile}", drawHidden: "{name}がツモ",
      discard: "{name}が{tile}を打牌", discardHidden: "{name}が伏せて打牌", riichi: "{name}がリーチ",
      call: "{name}が{tile}を{call}", north: "{name}が北を抜く", dora: "新ドラ表示牌 {tile}",
      tsumo: "{name}のツモ和了", ron: "{name}が{from}からロン和了", power: "{name}が{power}を使用", powerOn: "{name}が{target}に{power}を使用", end: "対局終了",
    },
  },
};
addTexts("replay", TEXTS.en, TEXTS.ja);

/** the play speeds offered (steps a second) */
const SPEEDS = [0.5, 1, 2, 4];
/** the most seats a game has (a seat past the game's own is refused by the server) */
const MAX_SEATS = 4;
/** a swipe on the table longer than this (px) steps */
const SWIPE = 40;

/** the screen's elements: {stage, board, overlay, line, controls, side, wallBox} (built once per replay and language) */
let parts = null;
/** the result cards of the steps seen, by step index (each keeps its wall check) */
let cards = new Map();
/** the timer of play, the pending URL update */
let timer = null;
let urlTimer = null;
/** the review panel's module (./review.js): null before it is asked for, "loading", the module, or false when it
 * could not be loaded */
let reviewModule = null;

// ---------------------------------------------------------------- the data
/** A replay's state in the store, before anything is loaded. */
function blank(status, id = "") {
  return { id, seat: null, status, error: null, data: null, frames: [], step: 0, card: null, playing: false, speed: 1,
    wall: false, review: null };
}

function intParam(value) {
  if (value === null || value === undefined || value === "" || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** Loads the replay a link names (the route's id; the query string's seat, step and review). */
export async function load(id) {
  const params = new URLSearchParams(location.search);
  const r = state.replay;
  if (r && r.id === id && id && r.status !== "error") return; // (a hash route left and came back: as it was)
  if (!id) {
    stop();
    state.replay = blank("none");
    refresh();
    return;
  }
  // a seat no game has (or not a number) is no dead end: every hand open, or no review, and a notice says why
  const seat = seatParam(params.get("seat"), "replay.badSeat");
  const review = seatParam(params.get("review"), "replay.badReview");
  // a review of another seat than the view's would show that seat's concealed hand: the view becomes the seat's own
  await fetchTimeline(id, review !== null && seat !== null && seat !== review ? review : seat, intParam(params.get("step")), review);
}

/** A seat from the query string: null when absent (or "all"); null with a notice when no game has that seat. */
function seatParam(value, words) {
  if (value === null || value === "" || value === "all") return null;
  const seat = intParam(value);
  if (seat !== null && seat < MAX_SEATS) return seat;
  notice(t(words, { seat: value.slice(0, 10) }));
  return null;
}

/** Whether seat `seat`'s view may show the review of seat `review`: only with every hand open or in that seat's own
 * view (a review lists the seat's concealed tiles, its discard options). */
function reviewAllowed(seat, review) {
  return review === null || seat === null || seat === review;
}

/** GET /api/replays/ID for one seat's view (null: every hand open), then shows step `step`. */
async function fetchTimeline(id, seat, step, review) {
  const before = state.replay;
  const keep = before && before.id === id ? before : null;
  stop();
  state.replay = { ...blank("loading", id), seat, review, speed: keep ? keep.speed : 1, wall: keep ? keep.wall : false };
  refresh();
  try {
    const res = await fetch(`/api/replays/${encodeURIComponent(id)}?seat=${seat === null ? "all" : seat}`);
    const data = await res.json().catch(() => null);
    if (res.status === 400 && seat !== null) { // a seat past the game's own (3 of three players): every hand open
      notice(t("replay.badSeat", { seat }));
      await fetchTimeline(id, null, step, review);
      return;
    }
    if (!res.ok) throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status, detail: data && data.detail });
    opened(data, step, review);
  } catch (error) {
    if (!state.replay || state.replay.id !== id) return;
    state.replay = { ...state.replay, status: "error", error: { status: error.status || 0, detail: error.detail || null } };
    refresh();
  }
}

/** The timeline `data` on screen at step `step` (its frames built), its id in the address. */
function opened(data, step, review) {
  const players = (data.rules && data.rules.players) || (data.names || []).length || MAX_SEATS;
  if (review !== null && review !== undefined && review >= players) {
    notice(t("replay.badReview", { seat: review }));
    review = null;
  }
  const frames = buildFrames(data.steps);
  const last = frames.length - 1;
  const at = step === null || step === undefined ? 0 : Math.max(0, Math.min(last, step));
  cards = new Map();
  state.replay = { ...(state.replay || blank("ok")), id: data.id, seat: data.seat === undefined ? null : data.seat,
    status: "ok", error: null, data, frames, step: at, card: cardsAt(data, frames, at).length ? 0 : null, playing: false,
    review: review === undefined || !reviewAllowed(data.seat === undefined ? null : data.seat, review) ? null : review };
  if (state.replay.review !== null) loadReview();
  syncUrl();
  refresh();
}

/** Every step's frame: frame(i) = patch(i) applied to frame(i - 1), copying only the objects along its paths. */
export function buildFrames(steps) {
  const frames = [];
  let frame = {};
  for (const step of steps) {
    frame = applyPatch(frame, step.patch || []);
    frames.push(frame);
  }
  return frames;
}

/** One step's patch on `frame`: each [path, value] sets, each [path] deletes a key; the objects on the paths are
 * copied (once each) and everything else is shared with the frame before. */
export function applyPatch(frame, patch) {
  if (!patch.length) return frame;
  const fresh = new Set();
  const copy = (node) => {
    if (fresh.has(node)) return node;
    const out = Array.isArray(node) ? node.slice() : { ...node };
    fresh.add(out);
    return out;
  };
  let root = frame;
  for (const [path, ...value] of patch) {
    if (!path.length) { root = value[0]; continue; }
    root = copy(root);
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      node[path[i]] = copy(node[path[i]]);
      node = node[path[i]];
    }
    const key = path[path.length - 1];
    if (value.length) node[key] = value[0];
    else delete node[key];
  }
  return root;
}

/** The result cards a step shows: each win and draw of it, then the final standings when the game ends there. */
function cardsAt(data, frames, i) {
  if (cards.has(i)) return cards.get(i);
  const step = data.steps[i];
  const out = [];
  const end = step.events.find((e) => e.type === "end_kyoku");
  const reveal = end ? { commitment: commitmentOf(data, frames, i), wall: end.info && end.info.wall,
    salt: (end.info && end.info.salt) || "", veiled: (end.info && end.info.veiled) || [], powers: end.info && end.info.powers } : null;
  for (const ev of step.events) {
    if (ev.type === "hora" || ev.type === "ryukyoku") out.push({ kind: ev.type, ev, reveal, check: null });
  }
  if (data.final && step.events.some((e) => e.type === "end_game")) out.push({ kind: "final" });
  cards.set(i, out);
  return out;
}

/** The wall commitment published at the deal of step i's hand (its start_kyoku), or the frame's. */
function commitmentOf(data, frames, i) {
  const hand = data.hands[data.steps[i].hand];
  const deal = hand ? data.steps[hand.first].events.find((e) => e.type === "start_kyoku") : null;
  return (deal && deal.info && deal.info.commitment) || (frames[i] && frames[i].commitment) || null;
}

// ---------------------------------------------------------------- moving
function count() { return state.replay && state.replay.frames ? state.replay.frames.length : 0; }

/** Shows step i (clamped), its first result card if it has any. */
export function goto(i) {
  const r = state.replay;
  if (!r || r.status !== "ok") return;
  const at = Math.max(0, Math.min(count() - 1, i));
  r.step = at;
  r.card = cardsAt(r.data, r.frames, at).length ? 0 : null;
  syncUrl();
  refresh();
}

function stepBy(d) { goto(state.replay.step + d); }

function isDiscard(step) { return step.events.some((e) => e.type === "dahai"); }

/** One turn on: the next (or previous) discard of another seat than the step's actor. */
function turnBy(d) {
  const r = state.replay;
  const steps = r.data.steps;
  const me = steps[r.step].actor;
  for (let j = r.step + d; j >= 0 && j < steps.length; j += d) {
    if (isDiscard(steps[j]) && steps[j].actor !== me) { goto(j); return; }
  }
  goto(d > 0 ? steps.length - 1 : 0);
}

/** One hand on (its deal), or back to the deal of this hand (from its deal: of the one before). */
function handBy(d) {
  const r = state.replay;
  const hands = r.data.hands;
  const h = r.data.steps[r.step].hand;
  if (d > 0) { goto(h + 1 < hands.length ? hands[h + 1].first : count() - 1); return; }
  goto(r.step > hands[h].first || h === 0 ? hands[h].first : hands[h - 1].first);
}

/** The card's button: the next result of the step, or on past them (one step; play goes on). */
function goOn() {
  const r = state.replay;
  const here = cardsAt(r.data, r.frames, r.step);
  if (r.card !== null && r.card + 1 < here.length) { r.card += 1; refresh(); return; }
  r.card = null;
  if (r.step + 1 < count()) goto(r.step + 1);
  else { r.playing = false; refresh(); }
}

function stop() {
  clearTimeout(timer);
  timer = null;
  if (state.replay) state.replay.playing = false;
}

/** A live game took the page: play stops and the replay is forgotten (app.js sets the address to the lobby's). */
export function leave() {
  stop();
  clearTimeout(urlTimer);
  state.replay = null;
  cards = new Map();
}

function togglePlay() {
  const r = state.replay;
  if (!r || r.status !== "ok") return;
  if (r.playing) { stop(); refresh(); return; }
  if (r.step >= count() - 1 && r.card === null) goto(0);
  r.playing = true;
  schedule();
  refresh();
}

/** Play: a step every 1/speed seconds; a result card holds it until it is gone on from (button or Enter). */
function schedule() {
  clearTimeout(timer);
  const r = state.replay;
  if (!r || !r.playing) return;
  timer = setTimeout(() => {
    const now = state.replay;
    if (!now || !now.playing) return;
    // the replay left (another page by its link, or a live game over it): play stops with it
    if (state.route.page !== "replay") { stop(); return; }
    if (now.card === null) {
      if (now.step >= count() - 1) { stop(); refresh(); return; }
      goto(now.step + 1);
    }
    schedule();
  }, 1000 / r.speed);
}

/** The link to a moment of a replay: `/replay/ID?seat=N&step=K&review=N` (each only when given). */
export function momentHref(id, { seat = null, step = null, review = null } = {}) {
  const query = new URLSearchParams();
  if (seat !== null && seat !== undefined) query.set("seat", String(seat));
  if (step !== null && step !== undefined) query.set("step", String(step));
  if (review !== null && review !== undefined) query.set("review", String(review));
  const q = query.toString();
  return `${replayHref(id)}${q ? "?" + q : ""}`;
}

/** The address follows the view (a moment of it can be shared), a little after the last move. */
function syncUrl() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(() => {
    const r = state.replay;
    if (!r || !r.id || !location.pathname.startsWith("/replay")) return;
    history.replaceState(null, "", momentHref(r.id, { seat: r.seat, step: r.step, review: r.review }) + location.hash);
  }, 250);
}

/** Another view: every hand open (null) or one seat's (that seat's own timeline from the server). */
function switchSeat(value) {
  const r = state.replay;
  const seat = value === "all" ? null : Number(value);
  // (another seat's review would show its concealed hand in this seat's view: it goes)
  fetchTimeline(r.id, seat, r.step, reviewAllowed(seat, r.review) ? r.review : null);
}

/** Another seat's review (or none): the panel is mounted (its module fetched the first time) beside the table, and
 * the address says `review=N` so the moment and its review can be shared. */
function switchReview(value) {
  const r = state.replay;
  const review = value === "none" ? null : Number(value);
  // another seat's review in one seat's view would show that seat's concealed hand: the view becomes its own
  if (!reviewAllowed(r.seat, review)) { fetchTimeline(r.id, review, r.step, review); return; }
  r.review = review;
  if (r.review !== null) loadReview();
  syncUrl();
  refresh();
}

/** An uploaded log file: POST /api/replays?name=, then shown like a stored game (its id in the address). */
async function upload(file) {
  if (!file) return;
  stop();
  const before = state.replay;
  state.replay = { ...blank("loading"), speed: before ? before.speed : 1 };
  refresh();
  try {
    const body = await file.arrayBuffer();
    const res = await fetch(`/api/replays?name=${encodeURIComponent(file.name)}`, { method: "POST", body,
      headers: { "Content-Type": "application/octet-stream" } });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status, detail: data && data.detail });
    history.replaceState(null, "", replayHref(data.id));
    opened(data, 0, null);
  } catch (error) {
    state.replay = { ...blank("error"), error: { status: error.status || 0, detail: error.detail || null, upload: true } };
    refresh();
  }
}

/** The reviewer's panel (engineer W's module): fetched only when the address asks for a review. */
async function loadReview() {
  if (reviewModule !== null) return;
  reviewModule = "loading";
  try {
    reviewModule = await import("./review.js");
  } catch {
    reviewModule = false;
  }
  refresh();
}

// ---------------------------------------------------------------- the keyboard and touch
/** ← → a step, ↑ ↓ a hand, space play or pause, Enter on from a result card (app.js hands the keys over). */
export function keydown(e) {
  const r = state.replay;
  if (!r || r.status !== "ok") return;
  if (document.querySelector("dialog[open]")) return; // (the options dialog: its keys, no stepping behind it)
  if ((e.key === "Enter" || e.key === " ") && ownsKey(e.target)) return; // the focused control's own
  if (e.key === "Enter" && r.card === null) return; // (Enter is the card's only)
  const moves = { ArrowLeft: () => stepBy(-1), ArrowRight: () => stepBy(1), ArrowUp: () => handBy(-1), ArrowDown: () => handBy(1),
    " ": togglePlay, Enter: goOn };
  const move = moves[e.key];
  if (!move || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  move();
}

/** Whether Enter and space belong to what has the focus: a control, a link, a summary, anything focusable by
 * tabindex, or anything in the review panel or a dialog (their keys open, toggle and press there). */
function ownsKey(target) {
  if (!(target instanceof Element) || target === document.body) return false;
  return !!target.closest("summary, button, a, input, select, textarea, label, [tabindex], [contenteditable], "
    + "#replay-review, dialog, [role=dialog]");
}

/** A swipe across the table steps (left: on, right: back). */
function watchSwipe(node) {
  let start = null;
  node.addEventListener("pointerdown", (e) => { start = { x: e.clientX, y: e.clientY }; });
  // once it moves sideways, the swipe is the board's to its end, wherever the pointer goes up (a tap or a click
  // stays its target's own)
  node.addEventListener("pointermove", (e) => {
    if (!start || node.hasPointerCapture(e.pointerId) || Math.abs(e.clientX - start.x) < 10) return;
    try { node.setPointerCapture(e.pointerId); } catch { /* (a pointer already gone) */ }
  });
  node.addEventListener("pointerup", (e) => {
    if (!start) return;
    const dx = e.clientX - start.x, dy = e.clientY - start.y;
    start = null;
    if (Math.abs(dx) > SWIPE && Math.abs(dx) > Math.abs(dy) * 1.5) stepBy(dx < 0 ? 1 : -1);
  });
  node.addEventListener("pointercancel", () => { start = null; });
}

// ---------------------------------------------------------------- words
function names() {
  const r = state.replay;
  const n = r.frames[0] && r.frames[0].seats ? r.frames[0].seats.length : (r.data.names || []).length || 4;
  return Array.from({ length: n }, (_, s) => (r.data.names && r.data.names[s]) || seatName(null, s));
}

function tileText(id) {
  if (id === null || id === undefined) return "";
  return notation(id, isRed(id, (state.replay.data.rules || {}).red_fives));
}

/** A step's events as one line of words (for the eye and the screen reader alike). */
export function stepText(events, who) {
  const out = [];
  for (const e of events) {
    const name = e.actor === undefined || e.actor === null ? "" : who[e.actor];
    switch (e.type) {
      case "start_kyoku": {
        const info = e.info || {};
        const round = t("replay.ev.round", { wind: t(WINDS[(info.round || 0) % 4]), hand: (info.hand || 0) + 1 });
        // (Zung Jung counts no honba)
        const zj = (state.replay.data.rules || {}).family === "zung-jung";
        out.push(zj ? t("replay.ev.dealNoHonba", { round }) : t("replay.ev.deal", { round, honba: info.honba || 0 }));
        break;
      }
      case "tsumo": out.push(e.tile === undefined || e.tile === null ? t("replay.ev.drawHidden", { name }) : t("replay.ev.draw", { name, tile: tileText(e.tile) })); break;
      case "dahai": out.push(e.tile === undefined || e.tile === null ? t("replay.ev.discardHidden", { name }) : t("replay.ev.discard", { name, tile: tileText(e.tile) })); break;
      case "reach": out.push(t("replay.ev.riichi", { name })); break;
      case "chi": case "pon": case "daiminkan": case "kakan": case "ankan":
        out.push(t("replay.ev.call", { name, call: t(e.type === "chi" ? "chi" : e.type === "pon" ? "pon" : "kan"),
          // (a closed kan takes no tile from anyone: its own four, named by the first)
          tile: tileText(e.tile === undefined || e.tile === null ? (e.consumed || [])[0] : e.tile) }));
        break;
      case "nukidora": out.push(t("replay.ev.north", { name })); break;
      case "dora": out.push(t("replay.ev.dora", { tile: tileText(e.tile) })); break;
      case "hora": out.push(e.actor === e.target ? t("replay.ev.tsumo", { name }) : t("replay.ev.ron", { name, from: who[e.target] })); break;
      case "ryukyoku": out.push(t("draw")); break;
      case "power": { // (the power and its target are public; what it showed its user is not in the record's view)
        const power = powerName(e.info && e.info.power);
        out.push(Number.isInteger(e.target) ? t("replay.ev.powerOn", { name, power, target: who[e.target] }) : t("replay.ev.power", { name, power }));
        break;
      }
      case "end_game": out.push(t("replay.ev.end")); break;
      default: break;
    }
  }
  return out.join(" · ");
}

/** A hand in the list: its label and how it ended ("E1-0 · Ann ron 3,900 ← Bo"). */
function handText(h, who) {
  const label = handLabel(h);
  const ends = (h.results || []).map((x) => {
    if (x.type === "ryukyoku") return t("draw");
    const gain = (x.deltas || [])[x.actor] || 0;
    return x.actor === x.target || x.target === null || x.target === undefined
      ? `${who[x.actor]} ${t("tsumo")} +${gain.toLocaleString()}`
      : `${who[x.actor]} ${t("ron")} +${gain.toLocaleString()} ← ${who[x.target]}`;
  });
  return ends.length ? `${label} · ${ends.join(", ")}` : label;
}

/** "East 1-0" (round, hand, honba) in the page's language; Zung Jung has no honba: "East 1". */
function handLabel(h) {
  const zj = (state.replay.data.rules || {}).family === "zung-jung";
  return `${t(WINDS[h.round % 4])} ${h.hand + 1}${zj ? "" : `-${h.honba}`}`;
}

function errorText(error) {
  if (!error) return t("loadFailed");
  if (error.status === 409) return t("replay.running");
  if (error.status === 404) return error.upload || String(state.replay.id || "").startsWith("up-") ? t("replay.uploadAgain") : t("replay.unknown");
  if (error.status === 400 || error.status === 413) return `${t("replay.unreadable")}${error.detail ? `: ${error.detail}` : ""}`;
  return t("loadFailed");
}

// ---------------------------------------------------------------- the screen
/** Draws the replay into host: the table as the step left it, the result card over it, the controls below. */
export function show(host) {
  const r = state.replay || blank(state.route.arg ? "loading" : "none");
  const lang = getLang();
  const ready = r.status === "ok";
  patch(host, ["replay", lang, ready ? r.id : r.status, ready ? r.seat : null, ready ? r.review : null], () => build(r));
  if (!ready) return;
  const who = names();
  const frame = r.frames[r.step];
  const ctx = { rules: r.data.rules || {}, names: who, replay: true };
  table.show(parts.board, { view: frame, seq: null, events: [] }, ctx);
  const here = cardsAt(r.data, r.frames, r.step);
  const item = r.card === null ? null : here[r.card] || null;
  // the same card drawn again (its wall verified, another language) stays where it was scrolled; a new one opens at its top
  const cardKey = item ? `${r.step}:${r.card}` : null;
  const old = parts.overlay.querySelector("#result");
  const scroll = old && cardKey === parts.cardKey ? old.scrollTop : 0;
  parts.cardKey = cardKey;
  patch(parts.overlay, [r.step, r.card, item && item.check, lang, state.options.colorBlind], () => (item ? card(r, item, who, scroll) : null));
  parts.overlay.hidden = !item;
  const step = r.data.steps[r.step];
  patch(parts.line, [r.step, lang], () => stepText(step.events, who));
  drawControls(r, who);
  patch(parts.wallBox, JSON.stringify([r.wall && r.seat === null, r.step, lang, state.options.colorBlind]), () => wall(r, frame));
  drawReview(r, who);
  markKinds();
}

function build(r) {
  if (r.status !== "ok") {
    parts = null;
    const body = r.status === "loading" ? el("div", { class: "hint page-status", role: "status" }, t("loadingPage"))
      : r.status === "error" ? el("div", { class: "form-error page-status", role: "alert", id: "replay-error" }, errorText(r.error))
        : el("p", { class: "hint" }, t("replay.intro"));
    return el("div", { class: "page replay-page" }, el("section", { class: "card", id: "replay-open" },
      el("a", { class: "back-link", href: lobbyHref(), id: "back-to-lobby" }, t("backToLobby")),
      el("h1", {}, t("replay.title")), body, r.status === "loading" ? null : fileInput()));
  }
  const board = el("div", { class: "replay-board", id: "replay-board" });
  const overlay = el("div", { class: "replay-overlay", id: "replay-overlay", hidden: true });
  const stage = el("div", { class: "replay-stage" }, board, overlay);
  watchSwipe(board);
  watchKinds(overlay);
  const line = el("div", { class: "replay-line", id: "replay-line", role: "status", "aria-live": "polite" });
  const controls = { buttons: slot(), slider: el("input", { type: "range", id: "replay-slider", min: 0, max: Math.max(0, count() - 1), value: r.step,
    "aria-label": t("replay.position"), oninput: (e) => goto(Number(e.target.value)) }), position: el("span", { class: "replay-position", id: "replay-position" }),
  hands: slot(), seat: slot(), review: slot(), extra: slot() };
  const wallBox = el("div", { class: "replay-wall", id: "replay-wall" });
  const side = r.review !== null && reviewAllowed(r.seat, r.review) ? el("aside", { class: "replay-side", id: "replay-review" }) : null;
  const reviewAt = side ? el("div", { class: "replay-review-at", id: "replay-review-at" }) : null;
  const review = side ? el("div", { class: "replay-review-panel" }) : null;
  // the decision at the step first: beside the table on a desktop, right under the controls on a phone
  if (side) side.append(reviewAt, review);
  parts = { board, overlay, line, controls, wallBox, side, review, reviewAt, reviewMounted: false, cardKey: null };
  const bar = el("div", { class: "replay-controls", id: "replay-controls" },
    el("div", { class: "replay-row" }, controls.buttons),
    el("div", { class: "replay-row replay-seek" }, controls.slider, controls.position),
    el("div", { class: "replay-row replay-pick" }, controls.hands, controls.seat, controls.review, controls.extra),
    line, wallBox);
  return el("div", { class: `replay${side ? " with-review" : ""}`, id: "replay" }, stage, bar, side);
}

/** The file field as a button of our own, in the page's language (the browser's own would say "Choose File" in its
 * language): the input stays in the label, out of sight but focusable, so Tab reaches it and Space or Enter opens
 * the file chooser as before; a click anywhere on the label does too. */
function fileInput() {
  return el("label", { class: "replay-file" },
    el("input", { type: "file", id: "replay-file", class: "replay-file-input", "aria-label": t("replay.openFile"),
      accept: ".json,.jsonl,.mjson,.xml,.mjlog,.txt,.log", onchange: (e) => upload(e.target.files && e.target.files[0]) }),
    el("span", { class: "replay-file-button", "aria-hidden": "true" }, t("replay.openFile")),
    el("span", { class: "hint" }, t("replay.formats")));
}

/** The step's result: the live results' card (win, draw, or the standings with the score chart). */
function card(r, item, who, scroll = 0) {
  const ctx = { name: (s) => who[s], finalName: (s) => who[s], seats: who.length, family: (r.data.rules || {}).family || null };
  const redraw = () => refresh();
  let body;
  if (item.kind === "final") {
    const history = [...r.data.hands.map((h) => h.scores), r.data.final.scores];
    body = standingsCard(r.data.final, history, ctx);
  } else {
    body = item.kind === "hora" ? winCard(item, ctx, redraw) : drawCard(item, ctx, redraw);
  }
  const here = cardsAt(r.data, r.frames, r.step);
  const last = r.card === here.length - 1 && r.step === count() - 1;
  const next = el("button", { class: "primary", id: "result-next", onclick: goOn }, last ? t("close") : t("next"));
  const node = el("div", { class: "result card", role: "dialog", "aria-modal": "false", id: "result" }, body,
    el("div", { class: "result-buttons" }, next));
  requestAnimationFrame(() => { node.scrollTop = scroll; });
  return node;
}

function button(id, label, title, onclick, cls = "") {
  // (a click does not take the focus: space and Enter stay the replay's keys)
  return el("button", { class: `replay-button ${cls}`.trim(), id, title, "aria-label": title, onclick,
    onmousedown: (e) => e.preventDefault() }, label);
}

/** A control's face and name changed in place (it keeps the focus). */
function relabel(node, text, name) {
  if (!node) return;
  if (node.textContent !== text) node.textContent = text;
  if (node.title !== name) { node.title = name; node.setAttribute("aria-label", name); }
}

function drawControls(r, who) {
  const c = parts.controls;
  const lang = getLang();
  const last = count() - 1;
  // (drawn once per language and changed in place after: a redrawn control would lose the keyboard's focus)
  patch(c.buttons, [lang], () => [
    button("replay-hand-back", `◀ ${t("replay.hand")}`, t("replay.handBack"), () => handBy(-1)),
    button("replay-turn-back", `◀ ${t("replay.turn")}`, t("replay.turnBack"), () => turnBy(-1)),
    button("replay-back", "◀", t("replay.stepBack"), () => stepBy(-1)),
    button("replay-play", "▶", t("replay.play"), togglePlay, "primary"),
    button("replay-forward", "▶", t("replay.stepForward"), () => stepBy(1)),
    button("replay-turn-forward", `${t("replay.turn")} ▶`, t("replay.turnForward"), () => turnBy(1)),
    button("replay-hand-forward", `${t("replay.hand")} ▶`, t("replay.handForward"), () => handBy(1)),
    el("select", { id: "replay-speed", "aria-label": t("replay.speed"), title: t("replay.speed"),
      onchange: (e) => { state.replay.speed = Number(e.target.value); schedule(); } },
    SPEEDS.map((s) => el("option", { value: s, selected: s === r.speed }, `×${s}`)))]);
  const play = c.buttons.querySelector("#replay-play");
  relabel(play, r.playing ? "❚❚" : "▶", r.playing ? t("replay.pause") : t("replay.play"));
  c.slider.max = String(Math.max(0, last));
  if (Number(c.slider.value) !== r.step) c.slider.value = String(r.step);
  patch(c.position, [r.step, last], () => `${r.step + 1} / ${last + 1}`);
  const h = r.data.steps[r.step].hand;
  patch(c.hands, [lang, r.id, who.join("\n")], () => el("select", { id: "replay-hands", "aria-label": t("replay.hands"), title: t("replay.hands"),
    onchange: (e) => goto(state.replay.data.hands[Number(e.target.value)].first) },
  r.data.hands.map((x, i) => el("option", { value: i, selected: i === h }, handText(x, who)))));
  const hands = c.hands.querySelector("#replay-hands");
  if (hands && hands.value !== String(h)) hands.value = String(h);
  patch(c.seat, [lang, r.seat, who.join("\n")], () => el("select", { id: "replay-seat", "aria-label": t("replay.view"), title: t("replay.view"),
    onchange: (e) => switchSeat(e.target.value) },
  el("option", { value: "all", selected: r.seat === null }, t("replay.allOpen")),
  who.map((name, s) => el("option", { value: s, selected: r.seat === s }, t("replay.seatView", { name })))));
  patch(c.review, [lang, r.seat, r.review, who.join("\n")], () => el("select", { id: "replay-review-seat", "aria-label": t("replay.review"),
    title: t("replay.review"), onchange: (e) => switchReview(e.target.value) },
  el("option", { value: "none", selected: r.review === null }, t("replay.reviewNone")),
  // (in one seat's view, only that seat's review: another's would show its concealed hand)
  who.map((name, s) => (reviewAllowed(r.seat, s) ? el("option", { value: s, selected: r.review === s }, t("replay.reviewSeat", { name })) : null))));
  patch(c.extra, [lang, r.seat], () => [
    r.seat === null ? button("replay-wall-toggle", t("replay.showWall"), t("replay.showWall"),
      () => { state.replay.wall = !state.replay.wall; refresh(); }) : null,
    fileInput()]);
  const toggle = c.extra.querySelector("#replay-wall-toggle");
  if (toggle) {
    const words = r.wall ? t("replay.hideWall") : t("replay.showWall");
    relabel(toggle, words, words);
  }
}

/** The wall and the dead wall as the step left them (every hand open only): live tiles in draw order; in the dead
 * wall, the dora indicators turned up (the frame's) and, from a riichi win of this hand on, the ura indicators it
 * turned up (its result's), each marked and named in a legend. */
function wall(r, frame) {
  if (!r.wall || r.seat !== null || !frame.wall) return null;
  const w = frame.wall;
  const dora = new Set(frame.dora_indicators || []);
  const ura = uraShown(r);
  const mark = (x) => (dora.has(x) ? "turned" : ura.has(x) ? "turned ura" : "");
  const name = (x) => [tileText(x), dora.has(x) ? t("replay.indicator") : ura.has(x) ? t("replay.uraIndicator") : ""]
    .filter(Boolean).join(": ");
  const line = (label, ids, id, marked = false) => el("div", { class: "wall-line", id },
    el("span", { class: "label" }, `${label} (${ids.length})`),
    el("div", { class: "wall-tiles" }, ids.map((x) => tile(x, marked ? { title: name(x), class: mark(x) } : { title: tileText(x) }))),
    marked ? legend(dora.size, ura.size) : null);
  // (Zung Jung has no dead wall: no empty line for it)
  return [line(t("replay.liveWall"), w.live || [], "replay-live-wall"),
    (w.dead || []).length ? line(t("replay.deadWall"), w.dead, "replay-dead-wall", true) : null];
}

function legend(dora, ura) {
  return el("span", { class: "wall-legend" },
    dora ? el("span", { class: "wall-key" }, el("span", { class: "swatch turned" }), t("replay.indicator")) : null,
    ura ? el("span", { class: "wall-key" }, el("span", { class: "swatch turned ura" }), t("replay.uraIndicator")) : null);
}

/** The ura indicators turned up so far in the step's hand: those of its wins up to the step (a riichi win's). */
function uraShown(r) {
  const hand = r.data.hands[r.data.steps[r.step].hand];
  const out = new Set();
  for (let i = hand ? hand.first : r.step; i <= r.step; i++) {
    for (const e of r.data.steps[i].events) {
      if (e.type === "hora") for (const x of (e.info && e.info.ura_markers) || []) out.add(x);
    }
  }
  return out;
}

/** The reviewer's panel beside the table (?review=N): its summary once, and the decision at the step. */
function drawReview(r, who) {
  if (!parts.side) return;
  const mod = reviewModule;
  if (!mod || mod === "loading") {
    patch(parts.review, [getLang(), mod === false], () => el("div", { class: "hint" }, mod === false ? t("replay.noReview") : t("loadingPage")));
    return;
  }
  if (!parts.reviewMounted) {
    parts.reviewMounted = true;
    parts.review.replaceChildren();
    // a link of the panel shows its moment, and the decision there: the column back at its top, where that is
    mod.reviewPanel(parts.review, { id: r.id, seat: r.review, names: who,
      onGoto: (step) => { goto(step); if (parts && parts.side) parts.side.scrollTop = 0; } });
  }
  patch(parts.reviewAt, [r.step, getLang()], () => mod.reviewAt(r.step));
}
