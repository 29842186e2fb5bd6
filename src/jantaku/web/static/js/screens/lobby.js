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

/** The lobby's elements that change after it is built: {nickname, presets: [select], playPower, createOptions,
 * createPowers, matchPower, autoMatch, queue, rooms, history}. */
let parts = null;

/** Draws the lobby into host: built once (per language), then updated in place. */
export function show(host) {
  patch(host, "lobby", build);
  parts.nickname.placeholder = state.nickname || t("nickname");
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
    const name = nick.value.trim();
    if (name) { storeNickname(name); state.nickname = name; send({ type: "nickname", nickname: name }); }
  };
  nick.addEventListener("keydown", (e) => { if (e.key === "Enter") saveNick(); });
  main.append(el("section", { class: "card who-card" },
    el("label", {}, t("nickname"), " ", nick), el("button", { onclick: saveNick, id: "save-nickname" }, t("save"))));

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
  parts = { nickname: nick, presets: [playPreset, createPreset, matchPreset], playPower, createOptions, createPowers, matchPower,
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
  return [el("h2", {}, t("history")),
    state.history.length === 0 ? el("div", { class: "hint" }, t("noGames")) : el("table", { class: "history" },
      state.history.map((g) => el("tr", {},
        el("td", {}, (g.finished_at || "").slice(0, 16).replace("T", " ")),
        el("td", {}, presetLabel(g.preset)),
        el("td", {}, (g.final && g.final.nicknames ? g.final.order.map((s) => `${g.final.nicknames[s]} ${g.final.scores[s]}`).join(" · ") : "")),
        el("td", { class: "log-links" }, logLinks(g)),
        el("td", { class: "hand-links" }, handList(g)))))];
}

/** the viewer the hands open in (a name: not translated) */
const VIEWER_NAME = "tenhou.net/6";

/** A finished riichi game hand by hand (GET /api/games/{id}/hands, fetched when first opened): each hand's label and
 * result, a link showing it in the tenhou.net/6 viewer (a new tab: the viewer and NAGA take one hand a URL) and its
 * one-hand tenhou.net/6 JSON. A Zung Jung game has none (the history's `hands` is false). */
function handList(g) {
  if (!g.hands) return null;
  const list = el("ol", { class: "hand-list" });
  const box = el("details", { class: "hands", dataset: { game: g.id } }, el("summary", {}, t("handsOfGame")), list);
  box.addEventListener("toggle", async () => {
    if (!box.open || box.dataset.loaded) return;
    box.dataset.loaded = "1";
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(g.id)}/hands`);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data = await res.json();
      list.replaceChildren(...data.hands.map((h) => handLine(g.id, h, data.names || [])));
    } catch {
      delete box.dataset.loaded;  // opening it again tries again
      list.replaceChildren(el("li", { class: "hint" }, t("handsUnavailable")));
    }
  });
  return box;
}

function handLine(id, h, names) {
  return el("li", { title: h.result, dataset: { hand: h.hand } },
    el("span", { class: "hand-label" }, h.label), " ", el("span", { class: "hand-result" }, outcomeText(h.outcome, names)), " ",
    el("a", { class: "viewer", href: h.viewer, target: "_blank", rel: "noopener noreferrer",
      title: t("viewerTitle", { site: VIEWER_NAME }) }, t("viewer")),
    " · ",
    el("a", { class: "json", href: h.json, download: `jantaku-${id}-${String(h.hand).padStart(2, "0")}.json`,
      title: t("handJsonTitle", { format: `${VIEWER_NAME} JSON` }) }, "json"));
}

/** How a hand ended, in the page's language: "Ann ツモ +4000", "Ann ロン +3900 ← Bo", "流局 · Bo テンパイ". */
function outcomeText(o, names) {
  const name = (seat) => names[seat] || `#${seat + 1}`;
  if (o.wins.length) {
    return o.wins.map((w) => (w.from === null ? `${name(w.seat)} ${t("tsumo")} +${w.gain}`
      : `${name(w.seat)} ${t("ron")} +${w.gain} ← ${name(w.from)}`)).join(", ");
  }
  return o.tenpai.length ? `${t("draw")} · ${o.tenpai.map(name).join(", ")} ${t("tenpai")}` : t("draw");
}

/** A game's log in each format the server writes (GET /api/games names them: log_formats), ours first; a game
 * the server does not list hand by hand (`hands` false: Zung Jung) has only ours (mjai and tenhou.net/6 speak
 * riichi mahjong). */
function logLinks(g) {
  const id = g.id;
  const all = state.logFormats || [{ format: "ours", suffix: ".jsonl", label: "jantaku" }];
  const formats = g.hands === false ? all.filter((f) => f.format === "ours") : all;
  return formats.flatMap((f, i) => [i ? " · " : "",
    el("a", { href: `/api/games/${id}/log?format=${encodeURIComponent(f.format)}`, download: `jantaku-${id}${f.suffix}`,
      title: t("downloadAs", { format: f.label }), dataset: { format: f.format } },
    f.format === "ours" ? t("download") : f.label)]);
}
