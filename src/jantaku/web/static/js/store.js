// The page's one state. Every field is declared here with its initial value and its shape; the object is sealed,
// so a module that tries to add a field fails at once (strict mode throws) instead of growing a hidden field.
// Who writes what: the dispatcher (dispatch.js) writes what the server said; the screens write only what the person
// chose (modes, selection, the hand's order); app.js and powers.js write what they load (presets and history; the catalogue);
// notices.js the notice on screen, play.js which prompt was answered.
// After a change, refresh() draws the page again (each screen updates only the parts whose data changed).

import { storedNickname } from "./net.js";

const OPTION_DEFAULTS = {
  autoSort: true, autoWin: false, hideCalls: false, autoDiscard: false, colorBlind: false,
  reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
  /** the nicknames whose quick reactions are not shown (reactions.js) */
  mutedPlayers: [],
  // the table's sounds (sound.js): volume from 0 to 1, and mute
  volume: 0.6, mute: false,
};

function storedOptions() {
  try { return JSON.parse(localStorage.getItem("jantaku.options") || "{}"); } catch { return {}; }
}

export const state = Object.seal({
  /** "connecting" | "up" | "down" | "back" | "replaced": the websocket (net.js) */
  status: "connecting",
  /** the nickname the server knows us by (an account's name when logged in) */
  nickname: storedNickname(),
  /** who the server says we are (`welcome.player`): {id, name, account} (id "a…" an account, "g…" a guest), or null
   * before the welcome */
  player: null,
  /** the page a hash route names (routes.js): {page: "login" | "account" | "player" | "leaderboard" | null, arg},
   * null page: the lobby, room or table as the game says */
  route: { page: null, arg: null },
  /** GET /api/account/me for the account page: {status: "loading" | "ok" | "error", data}, or null */
  me: null,
  /** GET /api/players/{id} for the profile: {id, status: "loading" | "ok" | "missing" | "error", data}, or null */
  profile: null,
  /** GET /api/leaderboard for its page: {family, status: "loading" | "ok" | "error", data}, or null */
  leaderboard: null,
  /** the replay and its position (screens/replay.js's `blank()`), or null */
  replay: null,
  /** the room message's room (docs/protocol.md "room"), or null in the lobby */
  room: null,
  /** our seat in the room, or null (a spectator) */
  you: null,
  /** whether we watch the room rather than sit in it */
  spectating: false,
  /** the latest "update" message: {seq, full, view, events, timer, match_clock, stand_in}, or null */
  update: null,
  /** the running game's id (a new id starts the score history again) */
  gameId: null,
  /** /api/presets: [{name, description, source, options}] */
  presets: [],
  /** /api/catalogue: {languages, powers: [{name, icon, names, summary, toast, per_hand, per_game, target}],
   *  levels: [{name, names}]} (the CPU levels) */
  catalogue: { languages: [], powers: [], levels: [] },
  /** /api/options (forms.js loads it): the rules editor's words, {groups: [{name, en, ja}], options: [{name, group,
   *  kind, family, players, label, summary, values?, bounds?, items?}], presets: {name: {label, summary}}} */
  ruleTexts: { groups: [], options: [], presets: {} },
  /** the lobby's public rooms ("rooms" message) */
  lobby: [],
  /** /api/games for our player id: the finished games */
  history: [],
  /** the formats a finished game's log downloads in ({format, suffix, label}: /api/games's log_formats), or null */
  logFormats: null,
  /** the auto-matching queue we wait in ({waiting, needed}), or null */
  queue: null,
  /** the notice on screen: {text, kind: "info" | "ok" | "error" | "power", at}, or null */
  notice: null,
  /** why the table stands still ("storage": the server cannot store the next move; "absent": nobody is at it),
   * or null */
  paused: null,
  /** the options dialog's choices (kept in localStorage) */
  options: { ...OPTION_DEFAULTS, ...storedOptions() },
  /** the own hand's display order (tile ids) when auto-sort is off */
  handOrder: [],
  /** the scores at the start of each hand, then the final scores (the results chart) */
  scoreHistory: [],
  /** the riichi button was pressed: the next tile click declares riichi with it */
  riichiMode: false,
  /** a power waiting for a tile click: "veil" (the tile is discarded face down), "sense" (it is asked about), or null */
  pickMode: null,
  /** this hand's dora indicators revealed by a Beacon (tile ids) */
  beacons: [],
  /** a call with several forms: {group, label?, actions} to choose from, or null */
  choice: null,
  /** the keyboard's selection in the own hand (an index), -1 for none */
  selected: -1,
  /** the seq of the prompt we answered (the action bar stays empty until the next prompt), or null */
  answered: null,
  /** the call word flying to a seat: {word, seat, at}, or null */
  callWord: null,
  /** the update that ended the hand: the table shows it while the results are on screen */
  frozen: null,
  /** the frozen update is already the next deal's (a result shown again after a reload, when the hand's own board
   * is gone): the table behind the result hides its tiles rather than show the next hand's */
  frozenNext: false,
  /** the seat whose score differences are shown (a click on a score), or null */
  showDiff: null,
  /** the latest quick reaction of each seat ("reaction" messages): {[seat]: {phrase, at}} */
  reactions: {},
  /** the quick reactions' menu by the own hand is open */
  reactionMenu: false,
  /** the server's quick reactions (`welcome.reactions`): {phrases: [id], seconds, burst}, or null before welcome */
  reactionRules: null,
});

let renderer = () => {};

/** app.js registers the page's drawing function once. */
export function onRefresh(draw) { renderer = draw; }

/** Draws the page from the state again (cheap: only the areas whose data changed are touched). */
export function refresh() { renderer(); }

/** Keeps the options in localStorage and applies the ones the whole page follows. */
export function saveOptions() {
  localStorage.setItem("jantaku.options", JSON.stringify(state.options));
  document.body.classList.toggle("reduced-motion", !!state.options.reducedMotion);
}
