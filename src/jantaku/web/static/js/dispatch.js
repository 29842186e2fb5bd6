// The server's messages (docs/protocol.md), one handler per message type in one table. A handler writes what the
// message says into the store; app.js draws the page once after it. A message type without a handler is ignored.

import { state, refresh } from "./store.js";
import { send, storedNickname, storeNickname } from "./net.js";
import { t, errorText } from "./i18n.js";
import { notice, showPause, toast } from "./notices.js";
import { call } from "./api.js";
import { autoPlay, timedOut } from "./play.js";
import { onReaction } from "./reactions.js";
import { powerEventText, seatName } from "./powers.js";
import { results } from "./screens/results.js";
import { callWordOf } from "./screens/table.js";
import { onEvents } from "./sound.js";
import { turnCue } from "./cues.js";

/** the player the last welcome named (a log in sets state.player before its welcome comes: this is who the room,
 * the table and the queue in the store belong to) */
let welcomedAs = null;

const HANDLERS = {
  welcome(msg) {
    const was = state.player;
    state.player = msg.player || null;
    // an account plays under its name; a guest under the nickname this browser keeps (or the server's default)
    if (state.player && state.player.account) state.nickname = state.player.name;
    else state.nickname = storedNickname() || msg.nickname || "";
    if (!was || !state.player || was.id !== state.player.id) state.history = [];
    const now = state.player && state.player.id;
    if (welcomedAs && now && welcomedAs !== now) {
      // someone else now (a log in or out): the room, the table and the queue were the other one's
      state.room = null; state.you = null; state.update = null; state.spectating = false; state.queue = null;
      results.clear();
      leaveTableBehind();
    }
    welcomedAs = now || welcomedAs;
    // a session that ended or expired meanwhile: the server greeted us as the guest again
    if (msg.session_expired) {
      notice(t("sessionExpired"), "info");
      call("POST", "/api/account/logout", {}); // the dead session's cookie goes (the page cannot touch an HttpOnly one)
    }
    if (msg.reactions) state.reactionRules = msg.reactions;
  },
  nickname(msg) {
    state.nickname = msg.nickname;
    if (!(state.player && state.player.account)) storeNickname(msg.nickname); // (the guest's own, kept for them)
  },
  rooms(msg) {
    state.lobby = msg.rooms;
  },
  room(msg) {
    const wasPlaying = state.room && state.room.phase === "playing";
    state.room = msg.room;
    state.you = msg.you;
    state.spectating = msg.you === null;
    if (msg.room.phase === "playing" && msg.room.game_id !== state.gameId) {
      state.gameId = msg.room.game_id;
      state.scoreHistory = [];
      state.handOrder = [];
      state.answered = null; // prompt numbers start again in a new game
      leaveTableBehind();
    }
    if (!wasPlaying && msg.room.phase !== "playing") state.update = null;
  },
  update: onUpdate,
  timeout: timedOut,
  reaction: onReaction,
  game_over(msg) {
    state.paused = null;
    showPause(null);
    state.scoreHistory.push(msg.final.scores);
    // a game that ended while we were away: a result still on screen from before is long over (its Next would tell
    // the server to deal in a game that is no more)
    if (msg.missed) results.clear();
    results.gameOver(msg, state);
    // (missed: it ended while we were away; its standings say so, over the room we come back to)
    if (msg.abandoned && !msg.missed) notice(t("abandoned"), "info");
  },
  paused(msg) {
    state.paused = msg.reason;
    showPause(msg.reason);
  },
  resumed() {
    state.paused = null;
    showPause(null);
    notice(t("resumed"), "ok");
  },
  left() {
    state.room = null; state.you = null; state.update = null; state.spectating = false;
    results.clear(); // a table left mid-hand leaves no result behind over the lobby
    leaveTableBehind();
    send({ type: "rooms" });
  },
  seat_left(msg) {
    notice(t("seatLeft", { name: msg.nickname }), "info");
  },
  kicked() {
    state.room = null; state.update = null;
    notice(t("kicked"));
  },
  room_closed() {
    state.room = null; state.update = null; state.spectating = false;
  },
  queue(msg) {
    state.queue = msg;
  },
  unqueued() {
    state.queue = null;
  },
  matched() {
    state.queue = null;
    notice(t("matched"), "ok");
  },
  error(msg) {
    if (msg.code === "illegal_action" && msg.seq === state.answered) state.answered = null; // the prompt is still open
    if (msg.code !== "stale" && msg.code !== "unknown_token") notice(errorText(msg), "error");
  },
};

/** What belongs to one table and must not follow the person to the next: the reactions' menu left open, the
 * bubbles still up. */
function leaveTableBehind() {
  state.reactionMenu = false;
  state.reactions = {};
}

/** Hands a server message to its handler. */
export function dispatch(msg) {
  const handler = HANDLERS[msg.type];
  if (handler) handler(msg);
  if (!state.update) turnCue(false); // off the table (left, closed, kicked): the tab's title is the page's again
}

/** An update: the seat's view after some events. Starts a hand's records, flies the call words, queues the hands'
 * results, toasts the superpowers used, and lets the options answer the prompt before it is drawn. */
function onUpdate(msg) {
  const previous = state.update;
  state.update = msg;
  if (msg.full) state.answered = null; // after a reconnect the open prompt is authoritative: an answer may be lost
  for (const ev of msg.events) {
    if (ev.type === "start_kyoku") {
      state.scoreHistory.push(ev.info.scores);
      state.handOrder = [];
      state.beacons = [];
    }
    if (ev.type === "dora" && ev.info && ev.info.beacon !== undefined && ev.tile !== undefined) state.beacons.push(ev.tile);
  }
  for (const ev of msg.events) {
    const word = callWordOf(ev);
    if (word && !msg.full) {
      state.callWord = { word, seat: ev.actor, at: Date.now() };
      setTimeout(refresh, state.options.reducedMotion ? 900 : 1250); // the word has flown: take it off
    }
  }
  if (!msg.seq) { state.riichiMode = false; state.pickMode = null; state.choice = null; }
  if (msg.events.some((ev) => ev.type === "hora" || ev.type === "ryukyoku")) {
    state.frozen = previous || msg;
    state.frozenNext = false;
  } else if (msg.full && msg.result && !results.showing) {
    // the result shown again after a reload: the view is already the next deal's, hidden behind the result
    state.frozen = msg;
    state.frozenNext = true;
  }
  results.update(msg, state);
  if (!msg.full) { // a superpower used (or a tile veiled): a toast says who did what, the private part stays in the view
    const nameOf = (seat) => seatName(state.room && state.room.seats[seat], seat);
    for (const ev of msg.events) {
      const text = powerEventText(ev, nameOf);
      if (text) toast(text);
    }
  }
  if (msg.stand_in === false && previous && previous.stand_in) notice(t("standIn"));
  if (msg.seq && !state.spectating) autoPlay(msg);
  onEvents(msg.events, state); // the sounds of what happened, and the chime of a decision still open
}
