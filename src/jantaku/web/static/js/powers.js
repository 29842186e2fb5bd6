// Superpower matches (docs/superpowers.md): each seat's power with its icon, name and one-line summary, the seat
// badges of the room and the table, and the line a toast says when someone uses one. Every text comes from the
// server's catalogue (GET /api/catalogue, built from jantaku.engine.powers and jantaku.web.catalogue): the page
// keeps no copy, it only picks the current language.

import { el } from "./dom.js";
import { t, getLang } from "./i18n.js";
import { state } from "./store.js";

/** Loads the catalogue into the store (the powers' and the CPU levels' texts in every language). */
export async function loadCatalogue() {
  try {
    const res = await fetch("/api/catalogue");
    state.catalogue = await res.json();
  } catch { /* without it a power shows its id */ }
}

function entry(name) { return state.catalogue.powers.find((p) => p.name === name); }

function inLanguage(texts) { return texts ? texts[getLang()] || texts.en || "" : ""; }

/** Whether the room's rules hold superpowers. */
export function powersOn(room) {
  return !!room && ((Array.isArray(room.superpowers) && room.superpowers.length > 0) || !!(room.rules && room.rules.superpowers));
}

/** Every power's id, in the catalogue's order. */
export function powerNames() { return state.catalogue.powers.map((p) => p.name); }

export function powerIcon(name) { const e = entry(name); return e ? e.icon : "★"; }

export function powerName(name) {
  if (!name) return t("noPower");
  const e = entry(name);
  return e ? inLanguage(e.names) : name;
}

/** The one-line description in the current language. */
export function powerSummary(name) { return inLanguage(entry(name)?.summary); }

/** "2 per game · 1 per hand" */
export function powerLimits(name) {
  const e = entry(name);
  if (!e) return "";
  const parts = [t("perGame", { n: e.per_game })];
  if (e.per_hand < e.per_game) parts.push(t("perHand", { n: e.per_hand }));
  return parts.join(" · ");
}

export function powerTitle(name, left) {
  const limits = powerLimits(name);
  return `${powerName(name)}: ${powerSummary(name)}${limits ? ` (${limits})` : ""}`
    + (left !== undefined && left !== null ? `\n${t("chargesLeft", { n: left })}` : "");
}

/** The nameplate's badge: icon, name and the charges left (dimmed when spent). */
export function powerBadge(power) {
  const left = power.left;
  return el("span", { class: `power-badge power-${power.name}${left === 0 ? " spent" : ""}${power.ready ? " ready" : ""}`,
    dataset: { power: power.name, left }, title: powerTitle(power.name, left) },
  el("span", { class: "icon", "aria-hidden": "true" }, powerIcon(power.name)), el("span", { class: "pname" }, powerName(power.name)),
  el("span", { class: "charges" }, `×${left}`));
}

function fill(text, params) { return text.replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? params[k] : `{${k}}`)); }

/** What a toast says for a power event (or a veiled discard), or null for any other event. */
export function powerEventText(ev, nameOf) {
  const veiled = ev.type === "dahai" && ev.info && ev.info.veil;
  if (!veiled && (ev.type !== "power" || !ev.info)) return null;
  const power = veiled ? "veil" : ev.info.power;
  const params = { name: nameOf(ev.actor), target: ev.target !== undefined && ev.target !== null ? nameOf(ev.target) : "",
    power: powerName(power) };
  const text = inLanguage(entry(power)?.toast);
  return text ? fill(text, params) : t("toastUsed", params);
}

/** The CPU levels the server offers, in its order (the bots' registry). */
export function levelNames() { return (state.catalogue.levels || []).map((l) => l.name); }

/** A CPU level's name in the page's language. */
export function levelName(name) {
  const level = (state.catalogue.levels || []).find((l) => l.name === name);
  return level ? inLanguage(level.names) : name;
}

/** The name a seat shows: a person's nickname; a CPU's "CPU 2 (normal)" in the page's language. The server names
 * its CPU seats in English; the seat data (kind, level) says which seats are CPUs, so no name is ever parsed. */
export function seatName(s, seat) {
  if (!s) return `#${seat + 1}`;
  if (s.kind !== "cpu") return s.nickname;
  const level = levelName(s.level); // "Normal" heads a menu; inside an English name it is a plain word: "CPU 2 (normal)"
  return t("cpuName", { n: seat + 1, level: getLang() === "en" ? level.toLowerCase() : level });
}
