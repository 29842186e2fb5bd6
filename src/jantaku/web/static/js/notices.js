// What the page tells the person outside the screens: a notice for four seconds (an error, a match found, a
// superpower used) and the connection banner.

import { state, refresh } from "./store.js";
import { t } from "./i18n.js";

const NOTICE_MS = 4000;

function expireLater() {
  setTimeout(() => { if (state.notice && Date.now() - state.notice.at >= NOTICE_MS - 100) { state.notice = null; refresh(); } }, NOTICE_MS);
}

/** A notice drawn at once. kind: "info" | "ok" | "error". */
export function notice(text, kind = "info") {
  state.notice = { text, kind, at: Date.now() };
  refresh();
  expireLater();
}

/** A superpower's notice, drawn with the message that brought it (no drawing of its own). */
export function toast(text) {
  state.notice = { text, kind: "power", at: Date.now() };
  expireLater();
}

/** The banner for the connection's status; "back" goes away by itself. */
export function showStatus(status) {
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
    banner.textContent = t("replaced");
    banner.className = "banner warn";
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }
}

/** The banner while the table stands still (reason: "storage" or "absent"; null: it goes on). It stays until the
 * server says the table goes on: the person must not think their move was lost. */
export function showPause(reason) {
  const banner = document.getElementById("banner");
  if (reason) {
    banner.textContent = t(reason === "storage" ? "pausedStorage" : "pausedAbsent");
    banner.className = "banner warn";
    banner.hidden = false;
  } else if (!["down", "replaced"].includes(state.status)) {
    banner.hidden = true;
  }
}
