// The lobby: the nickname, Play now, a new room, joining by Room ID, auto-matching, the open rooms and the game
// history. The forms are built once and stay while the person types; only the parts drawn from the server's data
// (the rooms, the history, the queue, a preset's options and power choice) are drawn again, when that data changes.

import { el, patch, slot } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { state } from "../store.js";
import { send, storedNickname, storeNickname } from "../net.js";
import {
  presetSelect, fillPresets, lengthSelect, levelSelect, settingsFrom, updateOptionsEditor, superpowerToggle,
  resetSuperpowerToggle, updatePowerChoice, chosenPower, presetInfo, presetLabel, rulesDetails,
} from "../forms.js";
import { levelName, levelNames } from "../powers.js";
import { dateText, handList, logLinks, openLogLink, replayLink, standingsLine } from "../gamelinks.js";

/** The lobby's elements that change after it is built: {nickname, saveNick, presets: [select], playPower, createOptions,
 * createPowers, matchPower, autoMatch, queue, rooms, history}. */
let parts = null;

/** Draws the lobby into host: built once (per language), then updated in place. */
export function show(host) {
  patch(host, "lobby", build);
  parts.nickname.placeholder = state.nickname || t("nickname");
  // an account plays under its name: the box shows it and cannot change it (the server refuses a nickname then)
  const account = !!(state.player && state.player.account);
  if (parts.nickname.disabled !== account || (account && parts.nickname.value !== state.player.name)) {
    parts.nickname.value = account ? state.player.name : storedNickname(); // (after a log out: the guest's own again)
    parts.nickname.disabled = account;
  }
  parts.saveNick.hidden = account;
  for (const select of parts.presets) fillPresets(select);
  updatePowerChoice(parts.playPower, "play", parts.presets[0].value);
  updateOptionsEditor(parts.createOptions, "create", parts.presets[1].value);
  updatePowerChoice(parts.matchPower, "match", parts.presets[2].value);
  parts.autoMatch.checked = !!state.queue;
  const lang = getLang();
  patch(parts.queue, JSON.stringify([state.queue, lang]), () => (state.queue ? el("div", { class: "waiting", id: "queue-status" }, el("span", { class: "spinner" }),
    t("waitingPlayers", { n: state.queue.waiting, m: state.queue.needed })) : null));
  patch(parts.rooms, JSON.stringify([state.lobby, lang]), rooms);
  patch(parts.history, JSON.stringify([state.history, lang]), history);
}

function build() {
  const main = el("div", { class: "lobby" });
  // the box shows the nickname the person saved (the server's default only as a placeholder, so the welcome never
  // changes the box under their fingers)
  const nick = el("input", { id: "nickname", value: storedNickname(), maxlength: 24, placeholder: state.nickname || t("nickname"),
    autocomplete: "nickname" });
  const saveNick = () => {
    if (state.player && state.player.account) return;
    const name = nick.value.trim();
    if (name) { storeNickname(name); state.nickname = name; send({ type: "nickname", nickname: name }); }
  };
  nick.addEventListener("keydown", (e) => { if (e.key === "Enter") saveNick(); });
  const saveButton = el("button", { onclick: saveNick, id: "save-nickname" }, t("save"));
  main.append(el("section", { class: "card who-card" },
    el("label", {}, t("nickname"), " ", nick), saveButton));

  // play now
  const playPreset = presetSelect("play-preset", "standard");
  const playPower = slot();
  playPreset.addEventListener("change", () => updatePowerChoice(playPower, "play", playPreset.value));
  main.append(el("section", { class: "card hero" },
    el("button", { class: "primary big", id: "play-now", onclick: () => {
      saveNick();
      send({ type: "play_now", settings: settingsFrom("play"), level: document.getElementById("play-level").value, power: chosenPower("play") });
    } }, t("playNow")),
    el("div", { class: "hint" }, t("playNowHint")),
    el("div", { class: "row" }, el("label", {}, t("preset"), " ", playPreset), el("label", {}, t("length"), " ", lengthSelect("play-length", "east-south", playPreset)),
      el("label", {}, t("level"), " ", levelSelect("play-level")), playPower)));

  // create a room
  const createPreset = presetSelect("create-preset", "standard");
  const createOptions = slot();
  const createPowers = superpowerToggle("create-superpowers", "standard", !!presetInfo("standard")?.options.superpowers);
  createPreset.addEventListener("change", () => { // the toggle follows the chosen preset's own default
    resetSuperpowerToggle(createPowers.querySelector("input"), createPreset.value);
    updateOptionsEditor(createOptions, "create", createPreset.value);
  });
  const cpuRows = el("div", { class: "row" }, el("span", {}, t("cpus")),
    [0, 1, 2].map((i) => el("select", { id: `create-cpu-${i}` }, el("option", { value: "" }, t("none")),
      levelNames().map((l) => el("option", { value: l }, levelName(l))))));
  main.append(el("section", { class: "card" }, el("h2", {}, t("createRoom")),
    el("div", { class: "row" }, el("label", {}, t("preset"), " ", createPreset),
      el("label", {}, t("length"), " ", lengthSelect("create-length", "east-south", createPreset)),
      el("label", {}, el("input", { type: "checkbox", id: "create-public", checked: true }), " ", t("public")), createPowers),
    cpuRows,
    el("div", { class: "row" }, el("span", {}, t("timers")),
      el("label", {}, el("input", { type: "number", id: "create-think", min: 0, max: 600, placeholder: t("auto"), class: "narrow" }), " ", t("thinkSeconds")),
      el("label", {}, el("input", { type: "number", id: "create-bank", min: 0, max: 600, placeholder: t("auto"), class: "narrow" }), " ", t("bankSeconds"))),
    rulesDetails({ id: "create-advanced" }, t("advanced"), createOptions), // opens once the rules' words are here
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
  const matchPreset = presetSelect("match-preset", "standard");
  const matchPower = slot();
  matchPreset.addEventListener("change", () => updatePowerChoice(matchPower, "match", matchPreset.value));
  const autoMatch = el("input", { type: "checkbox", id: "auto-match", onchange: (e) => {
    if (e.target.checked) { saveNick(); send({ type: "queue", settings: settingsFrom("match"), power: chosenPower("match") }); } else send({ type: "unqueue" });
  } });
  const queue = slot();
  main.append(el("section", { class: "card" }, el("h2", {}, t("autoMatch")), el("div", { class: "hint" }, t("autoMatchHint")),
    el("div", { class: "row" }, el("label", {}, t("preset"), " ", matchPreset),
      el("label", {}, t("length"), " ", lengthSelect("match-length", "east-south", matchPreset)), matchPower,
      el("label", { class: "switch" }, autoMatch, " ", t("autoMatch"))),
    queue));

  const roomsCard = el("section", { class: "card", id: "public-rooms" });
  const historyCard = el("section", { class: "card", id: "history" });
  main.append(roomsCard, historyCard);
  parts = { nickname: nick, saveNick: saveButton, presets: [playPreset, createPreset, matchPreset], playPower, createOptions, createPowers, matchPower,
    autoMatch, queue, rooms: roomsCard, history: historyCard };
  return main;
}

/** The public rooms by preset and length, each with what one can do there: Join while a seat is free, Watch while
 * its game runs (the server lists no other room, and sends the list again when it changes). */
function rooms() {
  const groups = {};
  for (const r of state.lobby) (groups[`${presetLabel(r.preset)} · ${r.hands ? t("hands", { n: r.hands }) : r.length === "east" ? t("east") : t("eastSouth")}`] ||= []).push(r);
  return [el("h2", {}, t("publicRooms")),
    state.lobby.length === 0 ? el("div", { class: "hint" }, t("noRooms")) : Object.entries(groups).map(([name, list]) =>
      el("div", { class: "group" }, el("h3", {}, name), list.map((r) => el("div", { class: "room-line", dataset: { room: r.room_id, phase: r.phase } },
        el("code", {}, r.room_id), " ", el("span", { class: "seated" }, t("roomSeated", { n: r.seated, m: r.players })), " ",
        r.phase === "playing" ? el("span", { class: "tag" }, t("roomPlaying")) : null,
        r.superpowers ? el("span", { class: "power-mark", title: t("superpowersHint") }, `✦ ${t("superpowers")} `) : "",
        roomButton(r)))))];
}

function roomButton(r) {
  if (r.phase === "waiting" && r.seated < r.players) {
    return el("button", { class: "join-room", onclick: () => send({ type: "join_room", room_id: r.room_id }) }, t("join"));
  }
  if (r.phase === "playing") return el("button", { class: "watch-room", onclick: () => send({ type: "spectate", room_id: r.room_id }) }, t("watch"));
  return null;
}

function history() {
  return [el("h2", {}, t("history")), el("p", { class: "history-tools" }, openLogLink()),
    state.history.length === 0 ? el("div", { class: "hint" }, t("noGames")) : el("table", { class: "history" },
      state.history.map((g) => el("tr", {},
        el("td", {}, dateText(g.finished_at)),
        el("td", {}, presetLabel(g.preset)),
        el("td", { class: "players" }, standingsLine(g)),
        el("td", { class: "replay-links" }, replayLink(g)),
        el("td", { class: "log-links" }, logLinks(g)),
        el("td", { class: "hand-links" }, handList(g)))))];
}
