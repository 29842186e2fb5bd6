// Quick reactions at the table: a few fixed phrases (docs/protocol.md `react` / `reaction`), never free text. A
// player opens the menu by the hand and picks one; the server shows it to the whole table, and each page draws it
// as a bubble by the sender's name plate for a few seconds. Each plate of another person has a mute toggle: a
// muted player's bubbles are not drawn (the choice is kept with the page's options, by nickname, across games).

import { el, raw, patch } from "./dom.js";
import { t, getLang } from "./i18n.js";
import { state, refresh, saveOptions } from "./store.js";
import { send } from "./net.js";
import { notice } from "./notices.js";

/** How long a bubble stays by the plate. */
const BUBBLE_MS = 4000;
/** Until the server's `welcome` says otherwise: no phrases, no budget (the menu is only reachable at a table,
 * which comes after `welcome`). */
const NO_RULES = { phrases: [], seconds: 3, burst: 1 };
/** Tokens left of the server's budget: the page keeps to it, so the person is told to wait instead of being refused
 * (the server refuses what goes over anyway). */
let budget = { tokens: Infinity, at: 0 };

/** The server's phrases and budget (`welcome.reactions`), keeping only the phrases this page can word. */
function rules() {
  const told = state.reactionRules || NO_RULES;
  return { ...told, phrases: told.phrases.filter((p) => t(`phrases.${p}`) !== `phrases.${p}`) };
}

// a speech bubble, and the same with a slash through it: our own markup (no emoji font needed)
const BUBBLE_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16v10H10l-4 4v-4H4z" fill="none" '
  + 'stroke="currentColor" stroke-width="2" stroke-linejoin="round"/></svg>';
const MUTED_ICON = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 5h16v10H10l-4 4v-4H4z" fill="none" '
  + 'stroke="currentColor" stroke-width="2" stroke-linejoin="round"/><path d="M3 3l18 18" stroke="currentColor" '
  + 'stroke-width="2.4"/></svg>';

/** How many muted nicknames the options keep (the most recently muted): the list lives in localStorage for good. */
const MUTED_KEPT = 200;

function nicknameOf(seat) {
  const s = state.room && state.room.seats[seat];
  return s ? s.nickname : null;
}

function isMuted(seat) {
  const name = nicknameOf(seat);
  return name !== null && (state.options.mutedPlayers || []).includes(name);
}

/** The dispatcher's handler of `reaction`: the seat's bubble, taken off again after a few seconds. */
export function onReaction(msg) {
  if (!rules().phrases.includes(msg.phrase)) return; // a newer server's phrase this page cannot word
  state.reactions = { ...state.reactions, [msg.seat]: { phrase: msg.phrase, at: Date.now() } };
  setTimeout(refresh, BUBBLE_MS + 50);
}

/** Draws the seat's bubble into its slot (nothing when there is none, it has gone, or the player is muted). */
export function drawBubble(node, seat, isMe) {
  const r = state.reactions[seat];
  const live = r && Date.now() - r.at < BUBBLE_MS && (isMe || !isMuted(seat)) ? r : null;
  patch(node, [live, getLang()], () => (live ? el("div", { class: "reaction-bubble", role: "status",
    dataset: { seat, phrase: live.phrase } }, t(`phrases.${live.phrase}`)) : null));
}

/** The mute toggle of another person's plate (none for one's own seat and for CPUs, which never react). */
export function muteToggle(seat, isMe) {
  const s = state.room && state.room.seats[seat];
  if (isMe || !s || s.kind !== "person") return null;
  const muted = isMuted(seat);
  const label = t(muted ? "unmuteReactions" : "muteReactions", { name: s.nickname });
  const node = raw("button", { class: `mute-toggle${muted ? " on" : ""}`, dataset: { seat }, title: label,
    "aria-label": label, "aria-pressed": String(muted) }, muted ? MUTED_ICON : BUBBLE_ICON);
  node.addEventListener("click", (e) => {
    e.stopPropagation();
    const names = (state.options.mutedPlayers || []).filter((n) => n !== s.nickname);
    state.options.mutedPlayers = muted ? names : [...names, s.nickname].slice(-MUTED_KEPT);
    saveOptions();
    refresh();
  });
  return node;
}

/** What muteToggle's look depends on: part of the plate's key. */
export function muteKey(seat) { return isMuted(seat); }

/** The reaction button by the own hand and, while it is open, its menu of phrases. */
export function drawReactions(node) {
  patch(node, [getLang(), state.reactionMenu], () => [
    state.reactionMenu ? el("div", { class: "reaction-menu", id: "reaction-menu", role: "menu" },
      rules().phrases.map((phrase) => el("button", { class: "phrase", role: "menuitem", dataset: { phrase },
        onclick: () => react(phrase) }, t(`phrases.${phrase}`)))) : null,
    raw("button", { class: `react-button${state.reactionMenu ? " on" : ""}`, id: "react-button", title: t("reactions"),
      "aria-label": t("reactions"), "aria-expanded": String(!!state.reactionMenu), "aria-haspopup": "menu",
      onclick: () => { state.reactionMenu = !state.reactionMenu; refresh(); } }, BUBBLE_ICON)]);
}

function react(phrase) {
  state.reactionMenu = false;
  const now = Date.now();
  const { seconds, burst } = rules();
  budget = { tokens: Math.min(burst, budget.tokens + (now - budget.at) / (seconds * 1000)), at: now };
  if (budget.tokens < 1) {
    notice(t("reactionWait"), "info");
    return;
  }
  budget.tokens -= 1;
  send({ type: "react", phrase });
  refresh();
}
