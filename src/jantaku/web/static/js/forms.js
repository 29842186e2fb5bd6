// The rules forms the lobby and the room share: the preset, length and CPU level pickers, the options editor, the
// Superpower toggle and power choice, and the settings a form says (settingsFrom). Each form's inputs carry ids
// made from a prefix ("play", "create", "match", "room"), so settingsFrom reads a form back by its prefix.

import { el, patch } from "./dom.js";
import { t, getLang, rangeText } from "./i18n.js";
import { state } from "./store.js";
import { levelName, levelNames, powerIcon, powerName, powerNames, powerSummary } from "./powers.js";

export function presetInfo(name) { return state.presets.find((p) => p.name === name); }

/** A preset picker: its options follow the presets the server sent (fillPresets), value the preselected one. */
export function presetSelect(id, value) {
  const select = el("select", { id, dataset: { initial: value } });
  fillPresets(select);
  return select;
}

/** Gives a preset picker the server's preset names (when they changed), keeping the chosen one. */
export function fillPresets(select) {
  const names = state.presets.map((p) => p.name);
  const value = select.value || select.dataset.initial;
  if (patch(select, names.join(","), () => names.map((n) => el("option", { value: n }, n)))) {
    if (names.includes(value)) select.value = value;
  }
}

export function lengthSelect(id, value) {
  return el("select", { id },
    el("option", { value: "east", selected: value === "east" }, t("east")),
    el("option", { value: "east-south", selected: value !== "east" }, t("eastSouth")));
}

export function levelSelect(id, value = "normal") {
  return el("select", { id }, levelNames().map((l) => el("option", { value: l, selected: l === value }, levelName(l))));
}

/** The settings a form says, as the server reads them (docs/protocol.md "settings"): only what differs from the preset. */
export function settingsFrom(prefix) {
  const preset = document.getElementById(`${prefix}-preset`).value;
  const length = document.getElementById(`${prefix}-length`).value;
  const options = {};
  const info = presetInfo(preset);
  if (info && info.options.length !== length && preset !== "zung-jung") options.length = length;
  const extra = document.getElementById(`${prefix}-options`);
  if (extra) {
    for (const input of extra.querySelectorAll("[data-option]")) {
      const name = input.dataset.option;
      const base = info ? info.options[name] : undefined;
      let value = input.type === "checkbox" ? input.checked : input.value;
      if (typeof base === "number") value = Number(value);
      if (Array.isArray(base)) value = String(value).split(",").map((s) => s.trim()).filter(Boolean);
      if (JSON.stringify(value) !== JSON.stringify(base) && name !== "length") options[name] = value;
    }
  }
  const powers = document.getElementById(`${prefix}-superpowers`);
  if (powers && !powers.disabled && powers.checked !== !!(info && info.options.superpowers)) options.superpowers = powers.checked;
  const out = { preset, options };
  const pub = document.getElementById(`${prefix}-public`);
  if (pub) out.public = pub.checked;
  const think = document.getElementById(`${prefix}-think`);
  if (think && think.value !== "") out.think_seconds = Number(think.value);
  const bank = document.getElementById(`${prefix}-bank`);
  if (bank && bank.value !== "") out.bank_seconds = Number(bank.value);
  return out;
}

/** Options the editor leaves out: the preset's identity, the length (its own picker), the superpowers (their own
 * toggle) and the number of players (it comes with the preset: the server refuses a change). */
const NOT_EDITED = ["name", "description", "source", "family", "length", "superpowers", "players"];

/** Every option of a preset as an input (the "All options" box), drawn again only when the preset changes. A number
 * option's input takes its range from the server (min, max, step: the browser marks a value outside it) and shows
 * it beside the input; a list of numbers (uma, red fives) shows the range of each. */
export function updateOptionsEditor(box, prefix, presetName, current = {}) {
  const info = presetInfo(presetName);
  patch(box, [presetName, info, getLang()], () => {
    const grid = el("div", { class: "options-grid", id: `${prefix}-options` });
    if (!info) return grid;
    for (const [name, base] of Object.entries(info.options)) {
      if (NOT_EDITED.includes(name)) continue;
      const value = current[name] !== undefined ? current[name] : base;
      const bounds = info.bounds && info.bounds[name];
      const range = bounds ? rangeText(bounds, Array.isArray(base)) : null;
      let input;
      if (typeof base === "boolean") input = el("input", { type: "checkbox", checked: !!value, dataset: { option: name } });
      else if (typeof base === "number") {
        input = el("input", { type: "number", value, title: range, dataset: { option: name },
          ...(bounds ? { min: bounds.min, max: bounds.max, step: bounds.step } : {}) });
      } else input = el("input", { type: "text", value: Array.isArray(value) ? value.join(",") : value, title: range, dataset: { option: name } });
      grid.append(el("label", { class: "opt" }, el("span", {}, name),
        el("span", { class: "opt-value" }, input, range ? el("small", { class: "range", dataset: { range: name } }, range) : null)));
    }
    return grid;
  });
}

/** The Superpower rule's toggle (options.superpowers): a riichi rule, so off for other families. */
export function superpowerToggle(id, presetName, checked, extra = {}) {
  const allowed = superpowersAllowed(presetName);
  return el("label", { class: "power-toggle", title: t("superpowersHint") },
    el("input", { type: "checkbox", id, checked: allowed && checked, disabled: !allowed, ...extra }), ` ${powerIcon("beacon")} `, t("superpowers"));
}

function superpowersAllowed(presetName) {
  const info = presetInfo(presetName);
  return !info || info.options.family === undefined || info.options.family === "riichi";
}

/** The toggle follows a newly chosen preset: its own default, off where the family has no powers. */
export function resetSuperpowerToggle(box, presetName) {
  const info = presetInfo(presetName);
  box.disabled = !superpowersAllowed(presetName);
  box.checked = !box.disabled && !!(info && info.options.superpowers);
}

/** The power to bring to a one-click game (Play now, auto-matching) under superpower rules, drawn into holder
 * (nothing when the preset has no powers); "" = the seeded pick. */
export function updatePowerChoice(holder, prefix, presetName) {
  const info = presetInfo(presetName);
  const on = !!(info && info.options.superpowers);
  patch(holder, [on, getLang(), state.catalogue], () => (on ? el("label", { class: "power-choice" }, `${powerIcon("beacon")} ${t("power")} `,
    el("select", { id: `${prefix}-power` }, el("option", { value: "" }, t("powerSeeded")),
      powerNames().map((p) => el("option", { value: p, title: powerSummary(p) }, powerName(p))))) : null));
}

export function chosenPower(prefix) {
  const box = document.getElementById(`${prefix}-power`);
  return box && box.value ? box.value : undefined;
}
