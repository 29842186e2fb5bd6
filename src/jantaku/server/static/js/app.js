// The browser table: one page, three screens (lobby, room, table) over one websocket (docs/protocol.md).
// State lives here; each screen is drawn from it again whenever a message changes it.

import { Net, storedNickname, storeNickname } from "./net.js";
import { t, setLang, getLang } from "./i18n.js";
import { el, clear } from "./dom.js";
import { renderTable, tableKeydown, autoPlay, callWordOf } from "./table.js";
import { Results } from "./results.js";
import { powersOn, powerNames, powerIcon, powerName, powerSummary, powerLimits, powerTitle, powerEventText } from "./powers.js";

const OPTION_DEFAULTS = {
  autoSort: true, autoWin: false, hideCalls: false, autoDiscard: false, colorBlind: false,
  reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
};

export const state = {
  status: "connecting",
  nickname: storedNickname(),
  room: null, // the room message's room
  you: null, // our seat in it
  update: null, // the latest update message
  gameId: null,
  spectating: false,
  presets: [],
  lobby: [],
  history: [],
  queue: null,
  notice: null,
  options: { ...OPTION_DEFAULTS, ...JSON.parse(localStorage.getItem("jantaku.options") || "{}") },
  handOrder: [], // the own hand's display order when auto-sort is off
  scoreHistory: [], // scores at the start of each hand, then the final scores
  riichiMode: false,
  veilMode: false, // Veil: the next tile click discards face down
  beacons: [], // this hand's dora indicators revealed by a Beacon
  choice: null, // a call with several forms: the list to choose from
  selected: -1, // keyboard selection in the own hand
};

export const net = new Net(onMessage, onStatus);
const results = new Results(() => render(), () => { if (state.update && !state.spectating) net.send({ type: "continue" }); });

export function send(msg) { net.send(msg); }

export function saveOptions() {
  localStorage.setItem("jantaku.options", JSON.stringify(state.options));
  document.body.classList.toggle("reduced-motion", !!state.options.reducedMotion);
}

// ---------------------------------------------------------------- messages
function onStatus(status) {
  state.status = status;
  const banner = document.getElementById("banner");
  if (status === "down") {
    banner.textContent = t("reconnecting");
    banner.hidden = false;
    banner.className = "banner warn";
  } else if (status === "back") {
    banner.textContent = t("reconnected");
    banner.className = "banner ok";
    setTimeout(() => { if (state.status === "back") banner.hidden = true; }, 1500);
  } else if (status === "replaced") {
    banner.textContent = "This seat is now played in another tab or window.";
    banner.className = "banner warn";
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }
  if (status === "up" || status === "back") afterWelcome();
}

function afterWelcome() {
  send({ type: "rooms" });
  const params = new URLSearchParams(location.search);
  const join = params.get("join");
  if (join && !state.room) {
    send({ type: "join_room", room_id: join });
    history.replaceState(null, "", location.pathname);
  }
  const watch = params.get("watch");
  if (watch) {
    send({ type: "spectate", room_id: watch });
    history.replaceState(null, "", location.pathname);
  }
}

function onMessage(msg) {
  switch (msg.type) {
    case "welcome":
      if (msg.nickname && !storedNickname()) state.nickname = msg.nickname;
      break;
    case "nickname":
      state.nickname = msg.nickname;
      storeNickname(msg.nickname);
      break;
    case "rooms":
      state.lobby = msg.rooms;
      break;
    case "room": {
      const wasPlaying = state.room && state.room.phase === "playing";
      state.room = msg.room;
      state.you = msg.you;
      state.spectating = msg.you === null;
      if (msg.room.phase === "playing" && msg.room.game_id !== state.gameId) {
        state.gameId = msg.room.game_id;
        state.scoreHistory = [];
        state.handOrder = [];
        state.answered = null; // prompt numbers start again in a new game
      }
      if (!wasPlaying && msg.room.phase !== "playing") state.update = null;
      break;
    }
    case "update":
      onUpdate(msg);
      break;
    case "game_over":
      state.scoreHistory.push(msg.final.scores);
      results.gameOver(msg, state);
      break;
    case "left":
      state.room = null; state.you = null; state.update = null; state.spectating = false;
      send({ type: "rooms" });
      break;
    case "kicked":
      state.room = null; state.update = null;
      notice(t("kicked"));
      break;
    case "room_closed":
      state.room = null; state.update = null; state.spectating = false;
      break;
    case "queue":
      state.queue = msg;
      break;
    case "unqueued":
      state.queue = null;
      break;
    case "matched":
      state.queue = null;
      notice(t("matched"), "ok");
      break;
    case "timeout":
      break;
    case "error":
      if (msg.code === "illegal_action" && msg.seq === state.answered) state.answered = null; // the prompt is still open
      if (msg.code !== "stale" && msg.code !== "unknown_token") notice(`${msg.message}`, "error");
      break;
    default:
      break;
  }
  render();
}

function onUpdate(msg) {
  const previous = state.update;
  state.update = msg;
  if (msg.full && previous === null) state.scoreHistory = state.scoreHistory || [];
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
      setTimeout(() => render(), state.options.reducedMotion ? 900 : 1250);
    }
  }
  if (!msg.seq) { state.riichiMode = false; state.veilMode = false; state.choice = null; }
  if (msg.events.some((ev) => ev.type === "hora" || ev.type === "ryukyoku")) state.frozen = previous || msg;
  results.events(msg.events, state);
  if (!msg.full) { // a superpower used (or a tile veiled): a toast says who did what, the private part stays in the view
    const seatName = (seat) => (state.room && state.room.seats[seat] ? state.room.seats[seat].nickname : `#${seat + 1}`);
    for (const ev of msg.events) {
      const text = powerEventText(ev, seatName);
      if (text) toast(text);
    }
  }
  if (msg.stand_in === false && previous && previous.stand_in) notice(t("standIn"));
  if (msg.seq && !state.spectating) autoPlay(msg, state);
}

/** A notice shown with the next drawing (no redraw of its own), gone after four seconds. */
function toast(text) {
  state.notice = { text, kind: "power", at: Date.now() };
  setTimeout(() => { if (state.notice && Date.now() - state.notice.at >= 3900) { state.notice = null; render(); } }, 4000);
}

export function notice(text, kind = "info") {
  state.notice = { text, kind, at: Date.now() };
  render();
  setTimeout(() => { if (state.notice && Date.now() - state.notice.at >= 3900) { state.notice = null; render(); } }, 4000);
}

// ---------------------------------------------------------------- screens
/** What the person was typing or had open survives a redraw (the lobby redraws when the room list changes). */
function keepForm(app) {
  const kept = { values: {}, open: {}, focus: null };
  for (const input of app.querySelectorAll("input[id], select[id]")) {
    kept.values[input.id] = input.type === "checkbox" ? input.checked : input.value;
  }
  app.querySelectorAll("details[data-key]").forEach((d) => { kept.open[d.dataset.key] = d.open; });
  const active = document.activeElement;
  if (active && active.id && app.contains(active)) kept.focus = active.id;
  return kept;
}

function restoreForm(app, kept, screen) {
  if (kept.screen !== screen) return;
  for (const [id, value] of Object.entries(kept.values)) {
    const input = document.getElementById(id);
    if (!input || input.dataset.live) continue;
    if (input.type === "checkbox") input.checked = value; else input.value = value;
  }
  app.querySelectorAll("details[data-key]").forEach((d) => { if (kept.open[d.dataset.key]) d.open = true; });
  if (kept.focus) document.getElementById(kept.focus)?.focus();
}

export function render() {
  const app = document.getElementById("app");
  const kept = keepForm(app);
  kept.screen = document.body.dataset.screen;
  clear(app);
  renderTopbar();
  if (state.notice) app.append(el("div", { class: `notice ${state.notice.kind}`, role: "status" }, state.notice.text));
  const playing = state.room && state.room.phase === "playing" && state.update;
  if (playing || (state.spectating && state.update)) {
    document.body.dataset.screen = "table";
    // while a hand's result is on screen, the table behind it stays as the hand left it (not the next deal)
    const frozen = results.queue.length && state.frozen ? { ...state, update: { ...state.frozen, seq: null } } : state;
    app.append(renderTable(frozen));
  } else if (state.room) {
    document.body.dataset.screen = "room";
    app.append(renderRoom());
  } else {
    document.body.dataset.screen = "lobby";
    app.append(renderLobby());
  }
  restoreForm(app, kept, document.body.dataset.screen);
  results.draw();
}

function renderTopbar() {
  const bar = clear(document.getElementById("topbar"));
  bar.append(
    el("span", { class: "brand" }, "雀卓 jantaku"),
    el("span", { class: "who" }, state.nickname || ""),
    el("span", { class: "spacer" }),
    el("button", { class: "ghost", id: "lang-switch", onclick: () => { setLang(getLang() === "ja" ? "en" : "ja"); render(); },
      title: t("language") }, getLang() === "ja" ? "English" : "日本語"),
    el("button", { class: "ghost", id: "options-button", onclick: openOptions }, "⚙ " + t("options")),
  );
}

// ---------------------------------------------------------------- lobby
function presetSelect(id, value) {
  const names = state.presets.length ? state.presets.map((p) => p.name)
    : ["standard", "sanma", "superpower", "classic", "classic-east", "doman", "doman-nokuitan", "bga", "tenhou", "tenhou-sanma", "zung-jung"];
  return el("select", { id }, names.map((n) => el("option", { value: n, selected: n === value }, n)));
}

function lengthSelect(id, value) {
  return el("select", { id },
    el("option", { value: "east", selected: value === "east" }, t("east")),
    el("option", { value: "east-south", selected: value !== "east" }, t("eastSouth")));
}

function levelSelect(id, value = "normal") {
  return el("select", { id }, ["easy", "normal", "strong"].map((l) => el("option", { value: l, selected: l === value }, t(l))));
}

function settingsFrom(prefix) {
  const preset = document.getElementById(`${prefix}-preset`).value;
  const length = document.getElementById(`${prefix}-length`).value;
  const options = {};
  const info = state.presets.find((p) => p.name === preset);
  if (info && info.options.length !== length && preset !== "zung-jung") options.length = length;
  const extra = document.getElementById(`${prefix}-options`);
  if (extra) {
    for (const input of extra.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      const base = info ? info.options[name] : undefined;
      let value = input.type === "checkbox" ? input.checked : input.value;
      if (typeof base === "number") value = Number(value);
      if (Array.isArray(base)) value = String(value).split(",").map((s) => s.trim()).filter(Boolean);
      if (JSON.stringify(value) !== JSON.stringify(base) && name !== "length") options[name] = value;
    }
  }
  const powers = document.getElementById(`${prefix}-superpowers`);
  if (powers && !powers.disabled && powers.checked !== !!(info && info.options.superpowers)) options.superpowers = powers.checked;
  const out = { preset, options };
  const pub = document.getElementById(`${prefix}-public`);
  if (pub) out.public = pub.checked;
  const think = document.getElementById(`${prefix}-think`);
  if (think && think.value !== "") out.think_seconds = Number(think.value);
  const bank = document.getElementById(`${prefix}-bank`);
  if (bank && bank.value !== "") out.bank_seconds = Number(bank.value);
  return out;
}

function optionsEditor(prefix, presetName, current = {}) {
  const info = state.presets.find((p) => p.name === presetName);
  const box = el("div", { class: "options-grid", id: `${prefix}-options` });
  if (!info) return box;
  for (const [name, base] of Object.entries(info.options)) {
    if (["name", "description", "source", "family", "length", "superpowers"].includes(name)) continue; // superpowers: its own toggle
    const value = current[name] !== undefined ? current[name] : base;
    let input;
    if (typeof base === "boolean") input = el("input", { type: "checkbox", checked: !!value, dataset: { option: name } });
    else if (typeof base === "number") input = el("input", { type: "number", value, dataset: { option: name } });
    else input = el("input", { type: "text", value: Array.isArray(value) ? value.join(",") : value, dataset: { option: name } });
    box.append(el("label", { class: "opt" }, el("span", {}, name), input));
  }
  return box;
}

/** The Superpower rule's toggle (options.superpowers): a riichi rule, so off for other families. */
function superpowerToggle(id, presetName, checked, extra = {}) {
  const info = state.presets.find((p) => p.name === presetName);
  const allowed = !info || info.options.family === undefined || info.options.family === "riichi";
  return el("label", { class: "power-toggle", title: t("superpowersHint") },
    el("input", { type: "checkbox", id, checked: allowed && checked, disabled: !allowed, ...extra }), ` ${powerIcon("beacon")} `, t("superpowers"));
}

/** The power to bring to a one-click game (Play now, auto-matching) under superpower rules; "" = the seeded pick. */
function powerChoice(prefix, presetName) {
  const info = state.presets.find((p) => p.name === presetName);
  if (!info || !info.options.superpowers) return null;
  return el("label", { class: "power-choice" }, `${powerIcon("beacon")} ${t("power")} `,
    el("select", { id: `${prefix}-power` }, el("option", { value: "" }, t("powerSeeded")),
      powerNames(null).map((p) => el("option", { value: p, title: powerSummary(null, p) }, powerName(p)))));
}

function chosenPower(prefix) {
  const box = document.getElementById(`${prefix}-power`);
  return box && box.value ? box.value : undefined;
}

function renderLobby() {
  const main = el("div", { class: "lobby" });
  // the box shows the nickname the person saved (the server's default only as a placeholder, so a redraw when the
  // welcome arrives never changes the box under their fingers); a redraw keeps what they typed
  const nick = el("input", { id: "nickname", value: state.nicknameDraft ?? storedNickname(), maxlength: 24,
    placeholder: state.nickname || t("nickname"),
    autocomplete: "nickname", dataset: { live: "1" }, oninput: (e) => { state.nicknameDraft = e.target.value; } });
  const saveNick = () => {
    const name = nick.value.trim();
    if (name) { storeNickname(name); state.nickname = name; state.nicknameDraft = undefined; send({ type: "nickname", nickname: name }); }
  };
  nick.addEventListener("keydown", (e) => { if (e.key === "Enter") saveNick(); });
  main.append(el("section", { class: "card who-card" },
    el("label", {}, t("nickname"), " ", nick), el("button", { onclick: saveNick, id: "save-nickname" }, t("save"))));

  const playPreset = presetSelect("play-preset", state.playPreset || "standard");
  playPreset.addEventListener("change", () => { state.playPreset = playPreset.value; render(); });
  const playLength = lengthSelect("play-length", "east-south");
  main.append(el("section", { class: "card hero" },
    el("button", { class: "primary big", id: "play-now", onclick: () => {
      saveNick();
      send({ type: "play_now", settings: settingsFrom("play"), level: document.getElementById("play-level").value, power: chosenPower("play") });
    } }, t("playNow")),
    el("div", { class: "hint" }, t("playNowHint")),
    el("div", { class: "row" }, el("label", {}, t("preset"), " ", playPreset), el("label", {}, t("length"), " ", playLength),
      el("label", {}, t("level"), " ", levelSelect("play-level")), powerChoice("play", playPreset.value))));

  // create a room
  const createPreset = presetSelect("create-preset", state.createPreset || "standard");
  createPreset.addEventListener("change", () => { state.createPreset = createPreset.value; state.createSuperpowers = undefined; render(); });
  const createInfo = state.presets.find((p) => p.name === createPreset.value);
  // kept in the state (not by the form keeper) so that a new preset shows its own default
  const createPowers = superpowerToggle("create-superpowers", createPreset.value,
    state.createSuperpowers ?? !!(createInfo && createInfo.options.superpowers),
    { dataset: { live: "1" }, onchange: (e) => { state.createSuperpowers = e.target.checked; } });
  const cpuRows = el("div", { class: "row" }, el("span", {}, t("cpus")),
    [0, 1, 2].map((i) => el("select", { id: `create-cpu-${i}` }, el("option", { value: "" }, t("none")),
      ["easy", "normal", "strong"].map((l) => el("option", { value: l }, t(l))))));
  main.append(el("section", { class: "card" }, el("h2", {}, t("createRoom")),
    el("div", { class: "row" }, el("label", {}, t("preset"), " ", createPreset),
      el("label", {}, t("length"), " ", lengthSelect("create-length", "east-south")),
      el("label", {}, el("input", { type: "checkbox", id: "create-public", checked: true }), " ", t("public")), createPowers),
    cpuRows,
    el("div", { class: "row" }, el("span", {}, t("timers")),
      el("label", {}, el("input", { type: "number", id: "create-think", min: 0, max: 600, placeholder: t("auto"), class: "narrow" }), " ", t("thinkSeconds")),
      el("label", {}, el("input", { type: "number", id: "create-bank", min: 0, max: 600, placeholder: t("auto"), class: "narrow" }), " ", t("bankSeconds"))),
    el("details", { dataset: { key: "create" } }, el("summary", {}, t("advanced")), optionsEditor("create", createPreset.value)),
    el("button", { class: "primary", id: "create-room", onclick: () => {
      saveNick();
      const cpus = [0, 1, 2].map((i) => document.getElementById(`create-cpu-${i}`).value).filter(Boolean);
      send({ type: "create_room", settings: settingsFrom("create"), cpus });
    } }, t("create"))));

  // join by ID
  const rid = el("input", { id: "join-id", placeholder: "ABC234", maxlength: 8, class: "room-id-input", autocapitalize: "characters" });
  const join = () => { saveNick(); send({ type: "join_room", room_id: rid.value }); };
  rid.addEventListener("keydown", (e) => { if (e.key === "Enter") join(); });
  main.append(el("section", { class: "card" }, el("h2", {}, t("joinById")),
    el("div", { class: "row" }, rid, el("button", { id: "join-button", onclick: join }, t("join")))));

  // auto-matching
  const queued = !!state.queue;
  const matchPreset = presetSelect("match-preset", state.matchPreset || "standard");
  matchPreset.addEventListener("change", () => { state.matchPreset = matchPreset.value; render(); });
  main.append(el("section", { class: "card" }, el("h2", {}, t("autoMatch")), el("div", { class: "hint" }, t("autoMatchHint")),
    el("div", { class: "row" }, el("label", {}, t("preset"), " ", matchPreset),
      el("label", {}, t("length"), " ", lengthSelect("match-length", "east-south")), powerChoice("match", matchPreset.value),
      el("label", { class: "switch" }, el("input", { type: "checkbox", id: "auto-match", checked: queued, dataset: { live: "1" }, onchange: (e) => {
        if (e.target.checked) { saveNick(); send({ type: "queue", settings: settingsFrom("match"), power: chosenPower("match") }); } else send({ type: "unqueue" });
      } }), " ", t("autoMatch"))),
    queued ? el("div", { class: "waiting", id: "queue-status" }, el("span", { class: "spinner" }),
      t("waitingPlayers", { n: state.queue.waiting, m: state.queue.needed })) : null));

  // public rooms by preset and length
  const groups = {};
  for (const r of state.lobby) (groups[`${r.preset} · ${r.length === "east" ? t("east") : t("eastSouth")}`] ||= []).push(r);
  main.append(el("section", { class: "card", id: "public-rooms" }, el("h2", {}, t("publicRooms")),
    state.lobby.length === 0 ? el("div", { class: "hint" }, t("noRooms")) : Object.entries(groups).map(([name, rooms]) =>
      el("div", { class: "group" }, el("h3", {}, name), rooms.map((r) => el("div", { class: "room-line" },
        el("code", {}, r.room_id), ` ${r.seated}/${r.players} `,
        r.superpowers ? el("span", { class: "power-mark", title: t("superpowersHint") }, `✦ ${t("superpowers")} `) : "",
        r.phase === "waiting" ? el("button", { onclick: () => send({ type: "join_room", room_id: r.room_id }) }, t("join"))
          : el("button", { onclick: () => send({ type: "spectate", room_id: r.room_id }) }, t("watch"))))))));

  // history
  main.append(el("section", { class: "card", id: "history" }, el("h2", {}, t("history")),
    state.history.length === 0 ? el("div", { class: "hint" }, t("noGames")) : el("table", { class: "history" },
      state.history.map((g) => el("tr", {},
        el("td", {}, (g.finished_at || "").slice(0, 16).replace("T", " ")),
        el("td", {}, g.preset),
        el("td", {}, (g.final && g.final.nicknames ? g.final.order.map((s) => `${g.final.nicknames[s]} ${g.final.scores[s]}`).join(" · ") : "")),
        el("td", {}, el("a", { href: `/api/games/${g.id}/log`, download: `jantaku-${g.id}.jsonl` }, t("download"))))))));
  return main;
}

// ---------------------------------------------------------------- room
function renderRoom() {
  const room = state.room;
  const creator = state.you !== null && state.you === room.creator;
  const link = `${location.origin}/?join=${room.room_id}`;
  const copy = (text, button) => {
    navigator.clipboard?.writeText(text).then(() => { button.textContent = t("copied"); }, () => {});
  };
  const copyId = el("button", { id: "copy-id", onclick: (e) => copy(room.room_id, e.target) }, t("copy"));
  const copyLink = el("button", { id: "copy-link", onclick: (e) => copy(link, e.target) }, t("copyLink"));
  const main = el("div", { class: "room" });
  main.append(el("section", { class: "card room-head" },
    el("div", {}, t("roomId")), el("div", { class: "room-id", id: "room-id" }, room.room_id), copyId, copyLink,
    el("a", { href: link, class: "invite" }, link)));

  const seats = el("section", { class: "card" }, el("h2", {}, t("seats")));
  room.seats.forEach((s, i) => {
    const line = el("div", { class: "seat-line", dataset: { seat: i } });
    if (!s) {
      line.append(el("span", { class: "muted" }, t("empty")));
      if (creator) line.append(levelSelect(`cpu-level-${i}`), el("button", { class: "add-cpu", onclick: () =>
        send({ type: "add_cpu", seat: i, level: document.getElementById(`cpu-level-${i}`).value }) }, t("addCpu")));
    } else {
      line.append(...[el("span", { class: "nick" }, s.nickname), i === room.creator ? el("span", { class: "tag" }, "★ " + t("creator")) : null,
        s.kind === "cpu" ? el("span", { class: "tag" }, `CPU · ${t(s.level)}`) : null,
        el("span", { class: s.ready ? "tag ok" : "tag" }, s.ready ? t("ready") : t("notReady")),
        s.connected ? null : el("span", { class: "tag warn" }, t("away")),
        i === state.you ? el("span", { class: "tag you" }, t("you")) : null,
        powersOn(room) ? seatPower(room, i, s, i === state.you || (creator && s.kind === "cpu")) : null].filter(Boolean)); // (a bare null would print "null")
      if (creator && s.kind === "cpu") line.append(el("button", { onclick: () => send({ type: "remove_cpu", seat: i }) }, t("removeCpu")));
      if (creator && s.kind === "person" && i !== state.you) line.append(el("button", { onclick: () => send({ type: "kick", seat: i }) }, t("kick")));
    }
    seats.append(line);
  });
  main.append(seats);

  const me = state.you !== null ? room.seats[state.you] : null;
  const full = room.seats.every((s) => s);
  const allReady = room.seats.every((s) => s && s.ready);
  main.append(el("section", { class: "card actions-card" },
    me ? el("button", { id: "ready-button", class: me.ready ? "" : "primary", onclick: () => send({ type: "ready", ready: !me.ready }) },
      me.ready ? t("notReady") : t("ready")) : null,
    creator ? el("button", { id: "start-button", class: "primary", disabled: !(full && allReady), onclick: () => send({ type: "start" }) }, t("start")) : null,
    creator && !(full && allReady) ? el("span", { class: "hint" }, t("cannotStart")) : null,
    el("button", { id: "leave-button", onclick: () => send(state.spectating ? { type: "unspectate" } : { type: "leave_room" }) }, t("leave"))));

  if (creator) {
    const roomPreset = presetSelect("room-preset", room.settings.preset);
    roomPreset.addEventListener("change", () => { // the toggle follows the chosen preset's own default
      const box = document.getElementById("room-superpowers");
      const info = state.presets.find((p) => p.name === roomPreset.value);
      if (!box || !info) return;
      box.disabled = info.options.family !== undefined && info.options.family !== "riichi";
      box.checked = !box.disabled && !!info.options.superpowers;
    });
    main.append(el("section", { class: "card" }, el("h2", {}, t("preset")),
      el("div", { class: "row" }, el("label", {}, t("preset"), " ", roomPreset),
        el("label", {}, t("length"), " ", lengthSelect("room-length", room.length)),
        el("label", {}, el("input", { type: "checkbox", id: "room-public", checked: room.settings.public }), " ", t("public")),
        superpowerToggle("room-superpowers", room.settings.preset, !!room.rules.superpowers)),
      el("div", { class: "row" }, el("span", {}, t("timers")),
        el("label", {}, el("input", { type: "number", id: "room-think", class: "narrow", value: room.settings.think_seconds ?? "", placeholder: t("auto") }), " ", t("thinkSeconds")),
        el("label", {}, el("input", { type: "number", id: "room-bank", class: "narrow", value: room.settings.bank_seconds ?? "", placeholder: t("auto") }), " ", t("bankSeconds"))),
      el("details", { dataset: { key: "room" } }, el("summary", {}, t("advanced")), optionsEditor("room", room.settings.preset, room.settings.options)),
      el("button", { id: "apply-settings", onclick: () => send({ type: "settings", settings: settingsFrom("room") }) }, t("apply"))));
  }

  main.append(el("section", { class: "card" }, el("h2", {}, t("rules")), el("div", { class: "hint" }, room.description),
    powersOn(room) ? powersList(room) : null,
    el("table", { class: "rules", id: "rules-table" }, Object.entries(room.rules).filter(([k]) => !["description", "source"].includes(k))
      .map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, Array.isArray(v) ? (v.join(", ") || "—") : typeof v === "boolean" ? (v ? "✓" : "✗") : String(v)))))));
  return main;
}

/** A seat's power in the room: icon and name with the summary as its tooltip; a picker where this person may choose
 * (their own seat; the creator also the CPUs' seats). */
function seatPower(room, i, s, editable) {
  const name = s.power || null;
  const tag = el("span", { class: `tag power${name ? ` power-${name}` : ""}`, dataset: { power: name || "" }, title: name ? powerTitle(room, name) : t("superpowers") },
    el("span", { class: "icon", "aria-hidden": "true" }, name ? powerIcon(name) : "?"), " ");
  if (!editable) {
    tag.append(el("span", { class: "pname" }, powerName(name)));
    return tag;
  }
  const pick = el("select", { id: `power-pick-${i}`, class: "power-pick", "aria-label": t("powerPick"), dataset: { live: "1" }, onchange: (e) => {
    const power = e.target.value;
    send(i === state.you ? { type: "set_power", power } : { type: "set_power", seat: i, power });
  } }, name ? null : el("option", { value: "", selected: true, disabled: true }, "—"),
  powerNames(room).map((p) => el("option", { value: p, selected: p === name, title: powerSummary(room, p) }, `${powerName(p)}`)));
  tag.append(pick);
  return tag;
}

/** The rules panel's list of the powers: icon, name, charges and what each does. */
function powersList(room) {
  return el("div", { class: "powers-list", id: "powers-list" }, el("h3", {}, t("superpowers")),
    el("table", {}, powerNames(room).map((p) => el("tr", { dataset: { power: p } },
      el("td", { class: "icon" }, powerIcon(p)), el("th", {}, powerName(p)), el("td", {}, powerSummary(room, p)),
      el("td", { class: "limits" }, powerLimits(room, p))))));
}

// ---------------------------------------------------------------- options dialog
function openOptions() {
  const dialog = document.getElementById("options");
  clear(dialog);
  const toggle = (key, label) => el("label", { class: "opt-line" },
    el("input", { type: "checkbox", id: `opt-${key}`, checked: !!state.options[key], onchange: (e) => {
      state.options[key] = e.target.checked; saveOptions(); render();
    } }), " ", t(label));
  dialog.append(el("h2", {}, t("options")),
    toggle("autoSort", "autoSort"), toggle("autoWin", "autoWin"), toggle("hideCalls", "hideCalls"),
    toggle("autoDiscard", "autoDiscard"), toggle("colorBlind", "colorBlind"), toggle("reducedMotion", "reducedMotion"),
    el("label", { class: "opt-line" }, t("language"), " ",
      el("select", { id: "opt-lang", onchange: (e) => { setLang(e.target.value); render(); openOptions(); } },
        el("option", { value: "en", selected: getLang() === "en" }, "English"),
        el("option", { value: "ja", selected: getLang() === "ja" }, "日本語"))),
    el("button", { id: "options-close", onclick: () => dialog.close() }, t("close")));
  if (!dialog.open) dialog.showModal();
}

// ---------------------------------------------------------------- start
async function loadPresets() {
  try {
    const res = await fetch("/api/presets");
    state.presets = await res.json();
  } catch { /* the lobby still works with the built-in names */ }
  render();
}

export async function loadHistory() {
  if (!state.nickname) return;
  try {
    const res = await fetch(`/api/games?player=${encodeURIComponent(state.nickname)}&limit=20`);
    state.history = (await res.json()).games;
    if (!state.room) render();
  } catch { /* history is optional */ }
}

document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (results.keydown(e)) return;
  if (document.body.dataset.screen === "table") tableKeydown(e, state);
});

setLang(getLang());
saveOptions();
render();
loadPresets();
loadHistory();
net.connect();
setInterval(() => { if (!state.room && state.status !== "down") send({ type: "rooms" }); }, 5000);
setInterval(() => { // the decision timer counts down between updates
  const node = document.getElementById("timer");
  if (!node || !state.update || !state.update.timer) return;
  const left = Math.max(0, Number(node.dataset.left) - (Date.now() - Number(node.dataset.at)) / 1000);
  node.firstChild.textContent = `${t("timer")} ${Math.ceil(left)}s (${t("bank")} ${Math.round(state.update.timer.bank)}s)`;
  node.classList.toggle("low", left < 5);
}, 250);
setInterval(() => { if (!state.room) loadHistory(); }, 15000);
window.jantaku = { state, send }; // for people who like a console (and for the tests)
