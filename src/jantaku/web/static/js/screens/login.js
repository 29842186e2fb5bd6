// #/login: log in to an account, or create one from the guest this browser is (the guest's games, statistics and
// ratings go to the new account: the register call carries the guest token). Both are plain forms: Enter submits,
// the browser's password manager sees a username and a (new or current) password field. A refusal is shown under
// its form in the page's language; after either, the websocket connects again so that the table knows the account.

import { el, patch } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { state, refresh } from "../store.js";
import { call } from "../api.js";
import { reconnect, storedToken, forgetToken } from "../net.js";
import { notice } from "../notices.js";
import { go } from "../routes.js";
import { backLink, leaveSeats, refusalText, MIN_PASSWORD } from "./pages.js";

/** {login, register, loggedIn}: the areas drawn again; the refusals under each form (as codes, drawn in the
 * page's language) and whether a request is on its way. */
let parts = null;
const errors = { login: null, register: null };
let busy = false;

export function show(host) {
  patch(host, "login", build);
  const lang = getLang();
  patch(parts.login, JSON.stringify([errors.login, lang]), () => errorLine("login-error", errors.login));
  patch(parts.register, JSON.stringify([errors.register, lang]), () => errorLine("register-error", errors.register));
  const account = state.player && state.player.account ? state.player.name : null;
  patch(parts.loggedIn, JSON.stringify([account, lang]), () => (account ? el("div", { class: "card logged-in", id: "logged-in" },
    t("alreadyIn", { name: account }), " ", el("a", { href: "#/account" }, t("accountTitle"))) : null));
  for (const button of parts.buttons) button.disabled = busy;
}

function errorLine(id, error) {
  return error ? el("div", { class: "form-error", id, role: "alert" }, refusalText(error)) : null;
}

function field(id, label, attrs) {
  return el("label", { class: "field", for: id }, el("span", {}, label), el("input", { id, name: id, required: true, ...attrs }));
}

function build() {
  const loginForm = el("form", { class: "card account-form", id: "login-form", novalidate: true },
    el("h2", {}, t("logIn")), el("p", { class: "hint" }, t("loginHint")),
    field("login-name", t("accountName"), { autocomplete: "username", maxlength: 24, autocapitalize: "off", spellcheck: "false" }),
    field("login-password", t("password"), { type: "password", autocomplete: "current-password", maxlength: 128 }));
  const loginButton = el("button", { class: "primary", id: "login-submit", type: "submit" }, t("logIn"));
  const loginError = el("div", { class: "slot" });
  loginForm.append(loginError, loginButton);
  loginForm.addEventListener("submit", (e) => { e.preventDefault(); logIn(); });

  const registerForm = el("form", { class: "card account-form", id: "register-form", novalidate: true },
    el("h2", {}, t("registerTitle")), el("p", { class: "hint" }, t("registerHint")),
    field("register-name", t("accountName"), { autocomplete: "username", maxlength: 24, autocapitalize: "off", spellcheck: "false" }),
    field("register-password", `${t("password")}${t("passwordRule", { n: MIN_PASSWORD })}`,
      { type: "password", autocomplete: "new-password", minlength: MIN_PASSWORD, maxlength: 128 }),
    field("register-confirm", t("confirmPassword"), { type: "password", autocomplete: "new-password", maxlength: 128 }));
  const registerButton = el("button", { class: "primary", id: "register-submit", type: "submit" }, t("registerSubmit"));
  const registerError = el("div", { class: "slot" });
  registerForm.append(registerError, registerButton);
  registerForm.addEventListener("submit", (e) => { e.preventDefault(); register(); });

  const loggedIn = el("div", { class: "slot" });
  parts = { login: loginError, register: registerError, loggedIn, buttons: [loginButton, registerButton] };
  return el("div", { class: "pages login-page" }, backLink(), loggedIn, el("div", { class: "two-forms" }, loginForm, registerForm));
}

function value(id) { return document.getElementById(id).value; }

async function logIn() {
  const name = value("login-name").trim();
  const password = value("login-password");
  errors.login = !name ? { code: "empty" } : !password ? { code: "unauthorized" } : null;
  if (errors.login) { refresh(); return; }
  await send("login", "/api/account/login", { name, password }, "loggedInAs");
}

async function register() {
  const name = value("register-name").trim();
  const password = value("register-password");
  errors.register = !name ? { code: "empty" }
    : password.length < MIN_PASSWORD ? { code: "password_too_short" }
      : password !== value("register-confirm") ? { code: "mismatch" } : null;
  if (errors.register) { refresh(); return; }
  const body = { name, password };
  const token = storedToken();
  if (token) body.guest_token = token; // the guest's history becomes the account's
  await send("register", "/api/account/register", body, "registeredAs");
}

/** Posts a form; on success the page is the account's (the websocket reconnects with the new cookie) and goes back
 * to the lobby with a notice, on a refusal the form shows why. */
async function send(form, path, body, welcome) {
  busy = true;
  errors[form] = null;
  refresh();
  const res = await call("POST", path, body);
  busy = false;
  if (!res.ok) {
    errors[form] = res;
    refresh();
    return;
  }
  const player = res.data && res.data.player;
  if (player) state.player = player;
  if (player) state.nickname = player.name;
  for (const id of ["login-password", "register-password", "register-confirm"]) {
    const input = document.getElementById(id);
    if (input) input.value = "";
  }
  // the guest this browser was is the account now: its token is spent (a log out then begins a new guest); after a
  // plain log in it stays, and a log out comes back to it
  if (form === "register" && body.guest_token) forgetToken();
  leaveSeats();
  reconnect();
  state.history = [];
  go("");
  notice(t(welcome, { name: player ? player.name : "" }), "ok");
}
