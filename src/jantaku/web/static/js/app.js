// The browser table's entry point: one page, three screens (lobby, room, table) and the results over them, one
// websocket (docs/protocol.md). It loads what the page needs from the server, connects, and draws: every server
// message goes through the dispatcher into the store, then the current screen updates what changed.
// How the modules fit together: src/jantaku/web/README.md.

import { connect, send } from "./net.js";
import { state, onRefresh, refresh, saveOptions } from "./store.js";
import { dispatch } from "./dispatch.js";
import { showStatus } from "./notices.js";
import { t, setLang, getLang } from "./i18n.js";
import { el, raw, patch, forget, clear } from "./dom.js";
import { loadCatalogue } from "./powers.js";
import { loadPastLobby, pastLobbyReady } from "./forms.js";
import { loadFonts } from "./fonts.js";
import * as lobby from "./screens/lobby.js";
import * as room from "./screens/room.js";
import * as table from "./screens/table.js";
import { results } from "./screens/results.js";
import { openOptions } from "./screens/options.js";
import { routeOf, profileHref, boardHref, lobbyHref } from "./routes.js";

/** The player's pages by route, each a module of its own fetched when first shown (the first load carries none
 * of them): it exports show(host) and, for those with data, load(arg). */
const PAGES = {
  login: "./screens/login.js",
  account: "./screens/account.js",
  player: "./screens/profile.js",
  leaderboard: "./screens/leaderboard.js",
  replay: "./screens/replay.js",
};
/** the page modules loaded so far, by route */
const pageModules = {};

/** A page's module (fetched once). */
async function pageModule(name) {
  if (!pageModules[name]) pageModules[name] = await import(PAGES[name]);
  return pageModules[name];
}

const host = document.getElementById("app");
const notices = el("div", { class: "slot", id: "notices" });
const screenHost = el("div", { class: "slot" });
host.append(notices, screenHost);
/** the screen drawn into screenHost and the language it was built in */
let drawn = { screen: null, lang: null };
/** form entries to put back after a language change rebuilt the screen */
let pending = null;

/** Which screen the store calls for: the table while a game is on; else the page a link named (#/player/…), the
 * room, the lobby. */
function screenOf() {
  const playing = state.room && state.room.phase === "playing" && state.update;
  if (playing || (state.spectating && state.update)) return "table";
  if (state.route.page) return state.route.page;
  return state.room ? "room" : "lobby";
}

/** The route of the location's hash into the store, and its page's data asked for. */
async function followRoute() {
  state.route = routeOf(location.hash, location.pathname);
  window.scrollTo(0, 0);
  refresh();
  const name = state.route.page;
  if (!PAGES[name]) return;
  const page = await pageModule(name);
  if (page.load && state.route.page === name) page.load(state.route.arg);
  refresh();
}

function render() {
  const screen = screenOf();
  if (screen === "table" && state.route.page) { // a game took the person to the table: the page they were on is left
    const replay = location.pathname.startsWith("/replay");
    state.route = { page: null, arg: null };
    // (from a replay: its play stops, and the address is no longer the replay's, which a reload would open again)
    if (replay && pageModules.replay) pageModules.replay.leave();
    history.replaceState(null, "", replay ? "/" : location.pathname + location.search);
  }
  // past the lobby (another screen, or a notice over it) the page shows the rules' words and Japanese the first
  // load does not carry: they and their font face come first (forms.js, fonts.js), the page stays as it is meanwhile
  if ((screen !== "lobby" || state.notice) && !pastLobbyReady()) {
    loadPastLobby().then(refresh);
    return;
  }
  if (PAGES[screen] && !pageModules[screen]) { // a player's page: its module first (the page stays as it is)
    pageModule(screen).then(refresh);
    return;
  }
  if (drawn.screen !== screen || drawn.lang !== getLang()) { // a new screen (or language) is built afresh
    // the same screen in another language keeps what the person entered: typed values, choices, open sections
    const entered = drawn.screen === screen ? formEntries(screenHost) : null;
    clear(screenHost);
    forget(screenHost);
    drawn = { screen, lang: getLang() };
    if (entered) pending = entered;
  }
  document.body.dataset.screen = screen;
  renderTopbar();
  patch(notices, state.notice, () => (state.notice ? el("div", { class: `notice ${state.notice.kind}`, role: "status" }, state.notice.text) : null));
  // a result shown again after a reload has only the next deal behind it: the table hides its tiles (style.css)
  document.body.classList.toggle("next-deal-hidden", screen === "table" && results.showing && state.frozenNext);
  if (screen === "table") {
    // while a hand's result is on screen, the table behind it stays as the hand left it (not the next deal)
    table.show(screenHost, results.showing && state.frozen ? { ...state.frozen, seq: null } : state.update);
  } else if (PAGES[screen]) {
    pageModules[screen].show(screenHost);
  } else if (screen === "room") {
    room.show(screenHost);
  } else {
    lobby.show(screenHost);
  }
  results.draw();
  if (pending) { restoreEntries(screenHost, pending); pending = null; }
}

/** What the person entered in a screen's forms, by element id: values, checkboxes and open <details>. */
function formEntries(root) {
  const entries = new Map();
  for (const node of root.querySelectorAll("input[id], select[id], textarea[id], details[id]")) {
    if (node instanceof HTMLDetailsElement) entries.set(node.id, { open: node.open });
    else if (node.type === "checkbox" || node.type === "radio") entries.set(node.id, { checked: node.checked });
    else entries.set(node.id, { value: node.value });
  }
  return entries;
}

function restoreEntries(root, entries) {
  for (const [id, entry] of entries) {
    const node = root.querySelector(`#${CSS.escape(id)}`);
    if (!node) continue;
    if ("open" in entry) node.open = entry.open;
    else if ("checked" in entry) node.checked = entry.checked;
    else if (node.value !== entry.value && (node.tagName !== "SELECT" || [...node.options].some((o) => o.value === entry.value))) {
      node.value = entry.value;
      node.dispatchEvent(new Event("change", { bubbles: true })); // the screen's own listeners see the value
    }
  }
}

/** The leaderboard's sign: a cup (our own drawing: an emoji would need a font the machine may lack) */
const TROPHY = '<svg viewBox="0 0 16 16" width="1em" height="1em"><path fill="currentColor" d="M4 1h8v2h3v2a4 4 0 0 1-3.6 4A4 4 0 0 1 9 11.4V13h2.5v2h-7v-2H7v-1.6A4 4 0 0 1 4.6 9 4 4 0 0 1 1 5V3h3zm0 4V4.5H2.5V5A2.5 2.5 0 0 0 4 7.3zm8 0v2.3A2.5 2.5 0 0 0 13.5 5v-.5H12z"/></svg>';

/** The top bar: the brand (a link to the lobby), who we are (a link to our record), the leaderboard, "Log in" for
 * a guest or "Account" for an account, the language and the options. */
function renderTopbar() {
  const bar = document.getElementById("topbar");
  const player = state.player;
  const account = !!(player && player.account);
  patch(bar, [getLang(), state.nickname, player && player.id, account], () => [
    el("a", { class: "brand", href: lobbyHref(), title: t("backToLobby") }, "雀卓", el("span", { class: "brand-name" }, " jantaku")),
    player ? el("a", { class: "who", href: profileHref(player.id), id: "who" }, state.nickname || player.name || "")
      : el("span", { class: "who", id: "who" }, state.nickname || ""),
    el("span", { class: "spacer" }),
    el("a", { class: "top-link", id: "leaderboard-link", href: boardHref("4p"), title: t("leaderboard"), "aria-label": t("leaderboard") },
      raw("span", { class: "icon", "aria-hidden": "true" }, TROPHY), el("span", { class: "label" }, ` ${t("leaderboard")}`)),
    account ? el("a", { class: "top-link", id: "account-link", href: "#/account" }, t("accountButton"))
      : el("a", { class: "top-link", id: "login-link", href: "#/login" }, t("logIn")),
    el("button", { class: "ghost", id: "lang-switch", onclick: () => switchLanguage(getLang() === "ja" ? "en" : "ja"),
      title: t("language") }, getLang() === "ja" ? "English" : "日本語"),
    el("button", { class: "ghost", id: "options-button", onclick: openOptions }, "⚙ " + t("options"))]);
}

/** Draws the page in the other language once its font has loaded (fonts.js: text drawn before would stay boxes). */
async function switchLanguage(next) {
  await loadFonts(next);
  setLang(next);
  refresh();
}

function onStatus(status) {
  state.status = status;
  showStatus(status);
  if (status === "up" || status === "back") afterWelcome();
  refresh();
}

/** After the greeting: the lobby's rooms, and the room an invite link (?join=) or a watch link (?watch=) names. */
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

async function loadPresets() {
  try {
    const res = await fetch("/api/presets");
    state.presets = await res.json();
  } catch { /* the lobby shows no presets */ }
}

async function loadHistory() {
  if (!state.player) return;
  try {
    const res = await fetch(`/api/games?player=${encodeURIComponent(state.player.id)}&limit=20`);
    const data = await res.json();
    state.history = data.games;
    if (Array.isArray(data.log_formats) && data.log_formats.length) state.logFormats = data.log_formats;
    if (!state.room) refresh();
  } catch { /* history is optional */ }
}

document.addEventListener("keydown", (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  if (results.keydown(e)) return;
  if (document.body.dataset.screen === "table") table.keydown(e);
  else if (document.body.dataset.screen === "replay" && pageModules.replay) pageModules.replay.keydown(e);
});

async function start() {
  setLang(getLang());
  saveOptions();
  onRefresh(render);
  // the lobby's data (the presets, the powers' and levels' names) comes from the server; the language's font before
  // any text is drawn; the rules' words and the rest of the font only before what lies past the lobby (render)
  await Promise.all([loadPresets(), loadCatalogue(), loadFonts(getLang())]);
  state.route = routeOf(location.hash, location.pathname);
  window.addEventListener("hashchange", followRoute);
  render();
  if (state.route.page) followRoute();
  // the welcome says who we are (a guest's id, or the account's after a log in): the history is theirs
  connect((msg) => { dispatch(msg); if (msg.type === "welcome") loadHistory(); render(); }, onStatus);
  setInterval(() => { if (!state.room && state.status !== "down") send({ type: "rooms" }); }, 5000);
  setInterval(table.tick, 250);
  setInterval(() => { if (!state.room && !state.route.page) loadHistory(); }, 15000);
}

start();
window.jantaku = { state, send }; // for people who like a console (and for the tests)
