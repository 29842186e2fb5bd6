// Leaving the table: a player leaves the game (a CPU takes the seat for the rest of it, and the server does not
// bring them back to it) or a spectator stops watching, after a question in a dialog of our own. The server's
// "left" brings the page back to the lobby. The table's corner holds the button; the hand's result card offers the
// same question, since it covers the table while it is up.

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { state } from "./store.js";
import { send } from "./net.js";

/** Asks whether to leave (the wording says what leaving means here) and leaves on a yes. */
export function askLeave(isSeated) {
  const text = !isSeated ? "leaveWatchText" : state.room && state.room.matched ? "leaveMatchedText" : "leaveGameText";
  const dialog = el("dialog", { class: "card leave-dialog", id: "leave-dialog", "aria-labelledby": "leave-title" });
  const leave = () => { dialog.close(); send(isSeated ? { type: "leave_room" } : { type: "unspectate" }); };
  dialog.addEventListener("keydown", (e) => e.stopPropagation()); // the table's keys stay off while it asks
  dialog.addEventListener("close", () => dialog.remove());
  dialog.append(el("h2", { id: "leave-title" }, t(isSeated ? "leaveGameTitle" : "leaveWatchTitle")), el("p", {}, t(text)),
    el("div", { class: "row" }, el("button", { id: "leave-cancel", autofocus: true, onclick: () => dialog.close() }, t(isSeated ? "leaveStay" : "leaveKeepWatching")),
      el("button", { class: "primary", id: "leave-confirm", onclick: leave }, isSeated ? t("leaveGame") : t("stopWatching"))));
  document.body.append(dialog);
  dialog.showModal();
}

/** The Leave button in the table's corner. */
export function leaveButton(isSeated) {
  return el("button", { class: "leave-table", id: "leave-table", title: t(isSeated ? "leaveGameTitle" : "leaveWatchTitle"),
    "aria-label": t("leave"), onclick: () => askLeave(isSeated) }, el("span", { class: "icon", "aria-hidden": "true" }, "⎋"), el("span", { class: "label" }, t("leave")));
}
