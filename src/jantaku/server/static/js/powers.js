// Superpower matches (docs/superpowers.md): each seat's power with its icon, name and one-line summary, the seat
// badges of the room and the table, and the line a toast says when someone uses one. The catalogue's texts come
// from the room message ("superpowers"); the ones here are the fallback while it has none.

import { el } from "./dom.js";
import { t, getLang } from "./i18n.js";

export const POWER_ICONS = { foresight: "◉", redraw: "↻", veil: "▣", seal: "⊘", beacon: "✦", sense: "≈" };

/** Whether the room's rules hold superpowers. */
export function powersOn(room) {
  return !!room && ((Array.isArray(room.superpowers) && room.superpowers.length > 0) || !!(room.rules && room.rules.superpowers));
}

/** The catalogue's names, in the room's order. */
export function powerNames(room) {
  return room && Array.isArray(room.superpowers) && room.superpowers.length ? room.superpowers.map((p) => p.name) : Object.keys(POWER_ICONS);
}

function entry(room, name) {
  return room && Array.isArray(room.superpowers) ? room.superpowers.find((p) => p.name === name) : undefined;
}

export function powerIcon(name) { return POWER_ICONS[name] || "★"; }

export function powerName(name) {
  if (!name) return t("noPower");
  const text = t(`powers.${name}`);
  return text === `powers.${name}` ? name : text;
}

/** The one-line description in the current language. */
export function powerSummary(room, name) {
  const e = entry(room, name);
  if (e) return (getLang() === "ja" && e.summary_ja) || e.summary;
  const text = t(`powerHelp.${name}`);
  return text === `powerHelp.${name}` ? "" : text;
}

/** "2 per game · 1 per hand" */
export function powerLimits(room, name) {
  const e = entry(room, name);
  if (!e) return "";
  const parts = [t("perGame", { n: e.per_game })];
  if (e.per_hand < e.per_game) parts.push(t("perHand", { n: e.per_hand }));
  return parts.join(" · ");
}

export function powerTitle(room, name, left) {
  const limits = powerLimits(room, name);
  return `${powerName(name)}: ${powerSummary(room, name)}${limits ? ` (${limits})` : ""}`
    + (left !== undefined && left !== null ? `\n${t("chargesLeft", { n: left })}` : "");
}

/** The nameplate's badge: icon, name and the charges left (dimmed when spent). */
export function powerBadge(room, power) {
  const left = power.left;
  return el("span", { class: `power-badge power-${power.name}${left === 0 ? " spent" : ""}${power.ready ? " ready" : ""}`,
    dataset: { power: power.name, left }, title: powerTitle(room, power.name, left) },
  el("span", { class: "icon", "aria-hidden": "true" }, powerIcon(power.name)), el("span", { class: "pname" }, powerName(power.name)),
  el("span", { class: "charges" }, `×${left}`));
}

/** What a toast says for a power event (or a veiled discard), or null for any other event. */
export function powerEventText(ev, nameOf) {
  if (ev.type === "dahai" && ev.info && ev.info.veil) return t("toast.veil", { name: nameOf(ev.actor) });
  if (ev.type !== "power" || !ev.info) return null;
  const power = ev.info.power;
  const params = { name: nameOf(ev.actor), target: ev.target !== undefined && ev.target !== null ? nameOf(ev.target) : "",
    power: powerName(power) };
  const key = `toast.${power}`;
  const text = t(key, params);
  return text === key ? t("toast.used", params) : text;
}
