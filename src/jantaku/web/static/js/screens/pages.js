// What the player's pages share (login, account, profile, leaderboard): the way back to the lobby, the loading and
// failure lines, the server's refusals in the page's language, and the words for families, lengths and dates.

import { el } from "../dom.js";
import { t } from "../i18n.js";
import { refusal } from "../api.js";
import { state } from "../store.js";
import { send } from "../net.js";
import { lobbyHref } from "../routes.js";

/** The shortest password the server takes (accounts.MIN_PASSWORD): the form says it before the server has to. */
export const MIN_PASSWORD = 8;

/** Before the page becomes someone else (a log in, out, a new account): the waiting room, the table watched and the
 * match queue are left, so that no seat of the one we were waits there for nobody. A game being played stays (its
 * seat is the player's; a stand-in plays it on). */
export function leaveSeats() {
  if (state.room && state.spectating) send({ type: "unspectate" });
  else if (state.room && state.room.phase !== "playing") send({ type: "leave_room" });
  if (state.queue) send({ type: "unqueue" });
}

export function backLink() {
  return el("a", { class: "back-link", href: lobbyHref(), id: "back-to-lobby" }, t("backToLobby"));
}

/** The line a page shows while its data is on the way, or when it could not come (with a button to try again). */
export function statusLine(status, retry) {
  if (status === "loading") return el("div", { class: "hint page-status", role: "status" }, t("loadingPage"));
  return el("div", { class: "form-error page-status", role: "alert" }, t("loadFailed"), " ",
    el("button", { onclick: retry, class: "retry" }, t("tryAgain")));
}

/** A refusal in the page's language: a code of our own ({code}) or an answer of the server (api.js call()). A code
 * the page has no words for shows the server's own (English) words. */
export function refusalText(error) {
  const { code, detail } = error.code ? { code: error.code, detail: null } : refusal(error);
  const wait = Math.ceil(error.retryAfter || 60);
  const known = t(`accountErrors.${code}`, { n: code === "too_many_tries" || code === "too_many_exports" ? wait : MIN_PASSWORD });
  if (known !== `accountErrors.${code}`) return known;
  return t("accountErrors.refused", { detail: detail || code });
}

/** A family's name: "4-player riichi", "三人打ち". */
export function familyName(family) {
  const name = t(`families.${family}`);
  return name === `families.${family}` ? family : name;
}

/** A length's name: the rules' `length` values ("east", "east-south"), anything else as it is. */
export function lengthName(length) {
  if (length === "east") return t("east");
  if (length === "east-south") return t("eastSouth");
  return String(length);
}


/** A share as a percentage ("23.4%"), from the statistics' 0..1 values; "–" when there is none. */
export function percent(value) {
  const v = estimate(value);
  return v === null ? "–" : `${(v * 100).toFixed(1)}%`;
}

/** The value of a statistic: the simulator's estimates are {value, low, high, n}; a plain number is its own. */
export function estimate(value) {
  if (value === null || value === undefined) return null;
  const v = typeof value === "object" ? value.value : value;
  return v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v);
}

/** A device as a person names it, from a browser's user agent: "Firefox on Windows", "Chrome on Android". */
export function deviceName(agent) {
  if (!agent) return null;
  const browser = [["Edg/", "Edge"], ["OPR/", "Opera"], ["Firefox/", "Firefox"], ["Chrome/", "Chrome"], ["Chromium/", "Chromium"],
    ["Safari/", "Safari"]].find(([mark]) => agent.includes(mark));
  const system = [["Android", "Android"], ["iPhone", "iPhone"], ["iPad", "iPad"], ["Windows", "Windows"], ["Mac OS", "macOS"],
    ["CrOS", "ChromeOS"], ["Linux", "Linux"]].find(([mark]) => agent.includes(mark));
  if (!browser && !system) return agent.slice(0, 40);
  return [browser && browser[1], system && system[1]].filter(Boolean).join(" · ");
}
