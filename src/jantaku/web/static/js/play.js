// Answering the table's prompts: one action per prompt (its seq), the options that answer for the player
// (auto-win, hide call options, auto-discard), and the skip of a right click or Esc. The table screen and the
// dispatcher both answer through here, so a prompt is never answered twice.

import { state } from "./store.js";
import { send } from "./net.js";
import { t } from "./i18n.js";
import { notice } from "./notices.js";

/** A decision is open and not answered yet (an option may have answered it before it was drawn). */
export function isOpen(msg) { return !!msg.seq && state.answered !== msg.seq; }

/** Answers the open prompt with one of its legal actions and leaves every choosing mode. */
export function act(action) {
  const msg = state.update;
  if (!msg || !msg.seq) return;
  send({ type: "action", seq: msg.seq, action });
  state.answered = msg.seq;
  state.choice = null;
  state.riichiMode = false;
  state.pickMode = null;
  state.selected = -1;
}

/** Passes on a call, if passing is legal now. */
export function skip() {
  const msg = state.update;
  if (!msg || !msg.seq) return;
  const pass = (msg.view.legal_actions || []).find((a) => a.type === "pass");
  if (pass) act(pass);
}

/** Options that answer for the player: auto-win, hide call options, auto-discard the drawn tile. Runs before the
 * prompt is drawn, so a hidden call's buttons never appear. */
export function autoPlay(msg) {
  if (state.answered === msg.seq) return;
  const legal = msg.view.legal_actions || [];
  const has = (type) => legal.find((a) => a.type === type);
  if (state.options.autoWin && (has("tsumo") || has("ron"))) { act(has("tsumo") || has("ron")); return; }
  const calls = legal.filter((a) => ["chi", "pon", "open_kan"].includes(a.type));
  if (state.options.hideCalls && calls.length && has("pass") && !has("ron")) { act(has("pass")); return; }
  const drawn = msg.view.own && msg.view.own.drawn;
  const special = legal.some((a) => !["discard"].includes(a.type));
  if (state.options.autoDiscard && drawn !== null && drawn !== undefined && !special) {
    const d = legal.find((a) => a.type === "discard" && !a.veil && a.tile === drawn);
    if (d) setTimeout(() => { if (state.update === msg) act(d); }, 300);
  }
}

/** The server answered prompt msg.seq for the player: its time ran out ("timeout"). The prompt is closed, and the
 * notice says what the server played, as it chooses it (runner.default_action): a pass when passing is legal (a
 * call or a win declined), noten at a draw's declaration, otherwise a discard (the drawn tile). */
export function timedOut(msg) {
  const open = state.update && state.update.seq === msg.seq ? state.update : null;
  const legal = (open && open.view.legal_actions) || [];
  state.answered = msg.seq;
  state.choice = null;
  state.riichiMode = false;
  state.pickMode = null;
  const played = legal.some((a) => a.type === "pass") ? "timeUpPass"
    : legal.some((a) => a.type === "noten") ? "timeUpNoten" : "timeUpDiscard";
  notice(t(played), "error");
}
