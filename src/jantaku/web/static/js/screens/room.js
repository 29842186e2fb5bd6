// The room before its game: the Room ID and invite link, the seats (CPUs, readiness, powers), ready / start /
// leave, the creator's settings form, and the rules in force. Built once per room (and per creator's view); each
// card is drawn again only when the room message changed what it shows, and the settings form is never redrawn
// while the creator edits it.

import { el, patch, slot } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { state } from "../store.js";
import { send } from "../net.js";
import {
  presetSelect, fillPresets, lengthSelect, levelSelect, settingsFrom, updateOptionsEditor, superpowerToggle, resetSuperpowerToggle,
  rulesInForce, presetLabel, presetSummary, lengthText,
} from "../forms.js";
import { powersOn, powerNames, powerIcon, powerName, powerSummary, powerLimits, powerTitle, levelName, seatName } from "../powers.js";

/** The room's cards: {seats, actions, settings: {preset, options} | null, rules}. */
let parts = null;

function isCreator(room) { return state.you !== null && state.you === room.creator; }

/** Draws the room of the store into host. */
export function show(host) {
  const room = state.room;
  const creator = isCreator(room);
  patch(host, ["room", room.room_id, creator], () => build(room, creator));
  const lang = getLang();
  patch(parts.seats, JSON.stringify([lang, room.seats, room.creator, state.you, powersOn(room), state.catalogue]), () => seats(room, creator));
  const me = state.you !== null ? room.seats[state.you] : null;
  const full = room.seats.every((s) => s);
  const allReady = room.seats.every((s) => s && s.ready);
  patch(parts.actions, JSON.stringify([lang, me && me.ready, !!me, creator, full && allReady, state.spectating]), () => [
    me ? el("button", { id: "ready-button", class: me.ready ? "" : "primary", onclick: () => send({ type: "ready", ready: !me.ready }) },
      me.ready ? t("notReady") : t("ready")) : null,
    creator ? el("button", { id: "start-button", class: "primary", disabled: !(full && allReady), onclick: () => send({ type: "start" }) }, t("start")) : null,
    creator && !(full && allReady) ? el("span", { class: "hint" }, t("cannotStart")) : null,
    el("button", { id: "leave-button", onclick: () => send(state.spectating ? { type: "unspectate" } : { type: "leave_room" }) }, t("leave"))]);
  if (parts.settings) {
    fillPresets(parts.settings.preset);
    const preset = parts.settings.preset.value;
    updateOptionsEditor(parts.settings.options, "room", preset, preset === room.settings.preset ? room.settings.options : {});
  }
  patch(parts.rules, JSON.stringify([lang, room.rules, room.settings.preset, powersOn(room), state.catalogue, state.ruleTexts]), () => [
    el("h2", {}, t("rules")),
    el("div", { class: "rules-title", id: "room-description" },
      el("strong", {}, presetLabel(room.settings.preset)), ` · ${lengthText(room.rules)}`),
    el("div", { class: "hint" }, presetSummary(room.settings.preset)),
    powersOn(room) ? powersList() : null,
    rulesInForce(room.rules, room.settings.preset, "rules")]);
}

function build(room, creator) {
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
  parts = { seats: el("section", { class: "card" }), actions: el("section", { class: "card actions-card" }), settings: null,
    rules: el("section", { class: "card" }) };
  main.append(parts.seats, parts.actions);
  if (creator) main.append(settingsCard(room));
  main.append(parts.rules);
  return main;
}

/** The creator's settings: built with the room's settings, then left to the creator until they apply them. */
function settingsCard(room) {
  const preset = presetSelect("room-preset", room.settings.preset);
  const options = slot();
  const powers = superpowerToggle("room-superpowers", room.settings.preset, !!room.rules.superpowers);
  preset.addEventListener("change", () => { // the toggle follows the chosen preset's own default
    resetSuperpowerToggle(powers.querySelector("input"), preset.value);
    updateOptionsEditor(options, "room", preset.value, preset.value === state.room.settings.preset ? state.room.settings.options : {});
  });
  parts.settings = { preset, options };
  return el("section", { class: "card" }, el("h2", {}, t("preset")),
    el("div", { class: "row" }, el("label", {}, t("preset"), " ", preset),
      el("label", {}, t("length"), " ", lengthSelect("room-length",
        room.rules.family === "zung-jung" ? String(room.rules.zj_hands) : room.length, preset)),
      el("label", {}, el("input", { type: "checkbox", id: "room-public", checked: room.settings.public }), " ", t("public")),
      powers),
    el("div", { class: "row" }, el("span", {}, t("timers")),
      el("label", {}, el("input", { type: "number", id: "room-think", class: "narrow", value: room.settings.think_seconds ?? "", placeholder: t("auto") }), " ", t("thinkSeconds")),
      el("label", {}, el("input", { type: "number", id: "room-bank", class: "narrow", value: room.settings.bank_seconds ?? "", placeholder: t("auto") }), " ", t("bankSeconds"))),
    el("details", { id: "room-advanced" }, el("summary", {}, t("advanced")), options),
    el("button", { id: "apply-settings", onclick: () => send({ type: "settings", settings: settingsFrom("room") }) }, t("apply")));
}

function seats(room, creator) {
  return [el("h2", {}, t("seats")), room.seats.map((s, i) => {
    const line = el("div", { class: "seat-line", dataset: { seat: i } });
    if (!s) {
      line.append(el("span", { class: "muted" }, t("empty")));
      if (creator) line.append(levelSelect(`cpu-level-${i}`), el("button", { class: "add-cpu", onclick: () =>
        send({ type: "add_cpu", seat: i, level: document.getElementById(`cpu-level-${i}`).value }) }, t("addCpu")));
    } else {
      line.append(...[el("span", { class: "nick" }, seatName(s, i)), i === room.creator ? el("span", { class: "tag" }, "★ " + t("creator")) : null,
        s.kind === "cpu" ? el("span", { class: "tag" }, `CPU · ${levelName(s.level)}`) : null,
        el("span", { class: s.ready ? "tag ok" : "tag" }, s.ready ? t("ready") : t("notReady")),
        s.connected ? null : el("span", { class: "tag warn" }, t("away")),
        i === state.you ? el("span", { class: "tag you" }, t("you")) : null,
        powersOn(room) ? seatPower(i, s, i === state.you || (creator && s.kind === "cpu")) : null].filter(Boolean)); // (a bare null would print "null")
      if (creator && s.kind === "cpu") line.append(el("button", { onclick: () => send({ type: "remove_cpu", seat: i }) }, t("removeCpu")));
      if (creator && s.kind === "person" && i !== state.you) line.append(el("button", { onclick: () => send({ type: "kick", seat: i }) }, t("kick")));
    }
    return line;
  })];
}

/** A seat's power in the room: icon and name with the summary as its tooltip; a picker where this person may choose
 * (their own seat; the creator also the CPUs' seats). */
function seatPower(i, s, editable) {
  const name = s.power || null;
  const tag = el("span", { class: `tag power${name ? ` power-${name}` : ""}`, dataset: { power: name || "" }, title: name ? powerTitle(name) : t("superpowers") },
    el("span", { class: "icon", "aria-hidden": "true" }, name ? powerIcon(name) : "?"), " ");
  if (!editable) {
    tag.append(el("span", { class: "pname" }, powerName(name)));
    return tag;
  }
  const pick = el("select", { id: `power-pick-${i}`, class: "power-pick", "aria-label": t("powerPick"), onchange: (e) => {
    const power = e.target.value;
    send(i === state.you ? { type: "set_power", power } : { type: "set_power", seat: i, power });
  } }, name ? null : el("option", { value: "", selected: true, disabled: true }, "—"),
  powerNames().map((p) => el("option", { value: p, selected: p === name, title: powerSummary(p) }, `${powerName(p)}`)));
  tag.append(pick);
  return tag;
}

/** The rules panel's list of the powers: icon, name, charges and what each does. */
function powersList() {
  return el("div", { class: "powers-list", id: "powers-list" }, el("h3", {}, t("superpowers")),
    el("table", {}, powerNames().map((p) => el("tr", { dataset: { power: p } },
      el("td", { class: "icon" }, powerIcon(p)), el("th", {}, powerName(p)), el("td", {}, powerSummary(p)),
      el("td", { class: "limits" }, powerLimits(p))))));
}
