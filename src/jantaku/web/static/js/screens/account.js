// #/account: what a player owns. For an account: its name and record, the devices logged in (each but this one
// with "End"), a new password, hiding from the leaderboards, downloading every game and the statistics, logging
// out, deleting the account (the password asked again). For a guest: what an account would keep, and the download.
// The data is GET /api/account/me; every change is a call of api.js, after which the page asks for it again.

import { el, patch } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { state, refresh } from "../store.js";
import { call, download, refusal } from "../api.js";
import { reconnect, expectLeave, storedToken } from "../net.js";
import { notice } from "../notices.js";
import { go, profileHref } from "../routes.js";
import { dateText } from "../gamelinks.js";
import { backLink, leaveSeats, statusLine, refusalText, deviceName, MIN_PASSWORD } from "./pages.js";

/** The refusal under each form, as an answer or a code ({password, delete, data}), drawn in the page's language. */
const errors = { password: null, delete: null, data: null };
/** a change is on its way (a second click waits for its answer instead of sending it again) */
let busy = false;
/** the player id the page's data was asked for: a welcome for someone else (a log in or out elsewhere) asks again */
let loadedFor = undefined;

/** Asks the server who we are and what the account holds (a guest answers too, with its guest token). */
export async function load() {
  // a page opened afresh shows no refusal left from before (each form's answer is drawn anew)
  errors.password = null; errors.delete = null; errors.data = null;
  loadedFor = state.player && state.player.id;
  state.me = { status: "loading", data: null };
  refresh();
  // an account is known by its cookie alone (a guest header would win over it), so the cookie is tried first: the
  // page cannot read it (HttpOnly), and before the welcome it does not know whether it is an account's; a guest then
  // proves who they are with the guest token
  const guest = !!(state.player && !state.player.account && storedToken()); // (the welcome said so)
  let res = await call("GET", "/api/account/me", undefined, { guest });
  if (!guest && res.status === 401 && storedToken()) res = await call("GET", "/api/account/me", undefined, { guest: true });
  if (!guest && state.player && state.player.account && ended(res)) return;
  if (res.ok) state.me = { status: "ok", data: res.data };
  else if (res.status === 401) state.me = { status: "ok", data: { player: state.player ? { ...state.player, account: false } : null } };
  else state.me = { status: "error", data: null };
  refresh();
}

export function show(host) {
  if (state.me && state.me.status !== "loading" && loadedFor !== (state.player && state.player.id)) load();
  const me = state.me;
  // the forms are drawn again only when the account's data changes (what the person typed stays meanwhile); the
  // refusals are areas of their own
  patch(host, [me, getLang()], () => el("div", { class: "pages account-page" }, backLink(),
    !me || me.status !== "ok" ? statusLine(me ? me.status : "loading", load) : page(me.data)));
  const lang = getLang();
  for (const [form, id] of [["password", "password-error"], ["delete", "delete-error"], ["data", "data-error"]]) {
    const node = host.querySelector(`[data-errors="${form}"]`);
    if (!node) continue;
    patch(node, [errors[form], lang], () => (errors[form]
      ? el("div", { class: "form-error", id, role: "alert" }, refusalText(errors[form])) : null));
  }
}

function page(data) {
  const player = (data && data.player) || state.player || { name: state.nickname, account: false };
  if (!player.account) return guestPage(player);
  return [
    el("section", { class: "card", id: "account-head" }, el("h2", {}, t("accountTitle")),
      el("div", { class: "account-name" }, el("strong", { id: "account-name" }, player.name), " ",
        el("a", { href: profileHref(player.id), id: "view-profile" }, t("viewProfile"))),
      el("div", { class: "row" }, el("button", { id: "logout-button", onclick: logOut }, t("logOut")))),
    sessions(data.sessions || []),
    passwordForm(),
    el("section", { class: "card" }, el("h2", {}, t("leaderboard")),
      el("label", { class: "opt-line" }, el("input", { type: "checkbox", id: "hide-from-boards", checked: !!data.hidden,
        onchange: (e) => setHidden(e.target.checked) }), " ", t("hideFromBoards"))),
    dataCard(),
    deleteForm(),
  ];
}

function guestPage(player) {
  return [
    el("section", { class: "card", id: "account-head" }, el("h2", {}, t("guestTitle")),
      el("div", { class: "account-name" }, el("strong", { id: "account-name" }, player.name || state.nickname), " ",
        el("span", { class: "tag" }, t("guestTag")), " ",
        player.id ? el("a", { href: profileHref(player.id), id: "view-profile" }, t("viewProfile")) : null),
      el("p", {}, t("guestText")),
      el("a", { class: "button-link primary", href: "#/login", id: "to-login" }, t("registerTitle"))),
    dataCard(),
  ];
}

function sessions(list) {
  return el("section", { class: "card", id: "sessions" }, el("h2", {}, t("sessions")),
    el("ul", { class: "session-list" }, list.map((s) => el("li", { class: s.current ? "current" : "", dataset: { session: s.id } },
      el("span", { class: "agent", title: s.agent || "" }, deviceName(s.agent) || t("unknownDevice")), " ",
      el("span", { class: "hint" }, t("since", { date: dateText(s.created_at) }), s.last_seen ? ` · ${t("lastSeen", { date: dateText(s.last_seen) })}` : ""), " ",
      s.current ? el("span", { class: "tag you" }, t("thisDevice"))
        : el("button", { class: "end-session", onclick: () => endSession(s.id) }, t("endSession"))))));
}

function input(id, label, autocomplete) {
  return el("label", { class: "field", for: id }, el("span", {}, label),
    el("input", { id, type: "password", autocomplete, maxlength: 128, required: true }));
}

function passwordForm() {
  const form = el("form", { class: "card account-form", id: "password-form", novalidate: true },
    el("h2", {}, t("changePassword")),
    input("old-password", t("currentPassword"), "current-password"),
    input("new-password", `${t("newPassword")}${t("passwordRule", { n: MIN_PASSWORD })}`, "new-password"),
    input("new-confirm", t("confirmPassword"), "new-password"),
    el("div", { class: "slot", dataset: { errors: "password" } }),
    el("button", { class: "primary", id: "password-submit", type: "submit" }, t("changePassword")));
  form.addEventListener("submit", (e) => { e.preventDefault(); changePassword(); });
  return form;
}

function dataCard() {
  return el("section", { class: "card", id: "my-data" }, el("h2", {}, t("yourData")), el("p", { class: "hint" }, t("downloadDataHint")),
    el("div", { class: "slot", dataset: { errors: "data" } }),
    el("button", { id: "download-data", onclick: downloadData }, t("downloadData")));
}

function deleteForm() {
  const form = el("form", { class: "card account-form danger-zone", id: "delete-form", novalidate: true },
    el("h2", {}, t("deleteAccount")), el("p", { class: "hint" }, t("deleteHint")),
    input("delete-password", t("password"), "current-password"),
    el("div", { class: "slot", dataset: { errors: "delete" } }),
    el("button", { class: "danger", id: "delete-submit", type: "submit" }, t("deleteSubmit")));
  form.addEventListener("submit", (e) => { e.preventDefault(); deleteAccount(); });
  return form;
}

const valueOf = (id) => document.getElementById(id).value;

async function changePassword() {
  const old = valueOf("old-password");
  const next = valueOf("new-password");
  errors.password = !old ? { code: "wrong_password" } : next.length < MIN_PASSWORD ? { code: "password_too_short" }
    : next !== valueOf("new-confirm") ? { code: "mismatch" } : null;
  if (!errors.password) {
    if (busy) return;
    busy = true;
    const res = await call("POST", "/api/account/password", { old, new: next });
    busy = false;
    if (ended(res)) return;
    errors.password = res.ok ? null : res;
    if (res.ok) { notice(t("passwordChanged"), "ok"); await load(); return; }
  }
  refresh();
}

async function endSession(id) {
  if (busy) return;
  busy = true;
  const res = await call("DELETE", `/api/account/sessions/${encodeURIComponent(id)}`);
  busy = false;
  if (ended(res)) return;
  if (res.ok) notice(t("sessionEnded"), "ok");
  else notice(refusalText(res), "error");
  await load();
}

async function setHidden(hidden) {
  if (busy) return;
  busy = true;
  const res = await call("POST", "/api/account/hidden", { hidden });
  busy = false;
  if (ended(res)) return;
  if (res.ok) notice(t(hidden ? "hiddenOn" : "hiddenOff"), "ok");
  else notice(refusalText(res), "error");
  await load();
}

async function downloadData() {
  const res = await download("/api/account/export", `jantaku-${(state.player && state.player.name) || "data"}.zip`,
    { guest: !(state.player && state.player.account) });
  errors.data = res.ok ? null : res;
  refresh();
}

async function logOut() {
  if (busy) return;
  busy = true;
  leaveSeats();
  expectLeave(); // the server closes this connection before it answers: that close is ours, no loss
  const res = await call("POST", "/api/account/logout", {});
  busy = false;
  if (!res.ok) { expectLeave(false); notice(refusalText(res), "error"); return; } // still logged in: say why
  leaveAccount("loggedOut");
}

async function deleteAccount() {
  const password = valueOf("delete-password");
  if (!password) { errors.delete = { code: "wrong_password" }; refresh(); return; }
  if (busy) return;
  busy = true;
  expectLeave(); // (the account's seats are the server's to end: a wrong password leaves them be)
  const res = await call("DELETE", "/api/account", { password });
  busy = false;
  if (!res.ok) {
    expectLeave(false);
    if (ended(res)) return;
    errors.delete = res;
    refresh();
    return;
  }
  errors.delete = null;
  leaveAccount("accountDeleted");
}

/** Whether an answer says the session is over (ended on another device, expired): then the page logs out (the
 * dead cookie cleared, the guest again) and offers the log in, instead of showing a refusal under a form. */
function ended(res) {
  if (res.ok || res.status !== 401 || refusal(res).code !== "not_logged_in") return false;
  expectLeave();
  call("POST", "/api/account/logout", {}).then(() => {
    leaveAccount("sessionExpired", "#/login");
  });
  return true;
}

/** After a log out or a deletion: the page is the guest's this browser was before logging in (its token kept: its
 * games stay reachable; a guest who became the account has none left, and a new guest begins), back in the lobby. */
function leaveAccount(message, route = "") {
  state.player = null;
  state.me = null;
  state.history = [];
  reconnect();
  go(route);
  notice(t(message), "ok");
}
