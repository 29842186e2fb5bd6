// The rules forms the lobby and the room share: the preset, length and CPU level pickers, the rules editor, the
// Superpower toggle and power choice, the settings a form says (settingsFrom), and the rules in force. The words
// for rules and presets come from the server (GET /api/options, jantaku.rules.editor): the page keeps no copy. The
// presets' names come with the presets (GET /api/presets), which the lobby has before its first draw; the rules'
// words, with their font face, only before what lies past the lobby is drawn (loadPastLobby).
// Each form's inputs carry ids made from a prefix ("play", "create", "match", "room"), so settingsFrom reads a form
// back by its prefix.

import { el, patch } from "./dom.js";
import { t, getLang, rangeText } from "./i18n.js";
import { state, refresh } from "./store.js";
import { levelName, levelNames, powerIcon, powerName, powerNames, powerSummary } from "./powers.js";
import { loadMoreFonts, moreFontsReady } from "./fonts.js";

export function presetInfo(name) { return state.presets.find((p) => p.name === name); }

/** the request for the rules editor's words (GET /api/options), made once; null if it failed */
let ruleTexts = null;
/** whether loadPastLobby has put them in the store (or given up on them) */
let ruleTextsHere = false;

/** The rules editor's words from GET /api/options, or null when the answer is not them (an error status, a proxy's
 * page, another shape): the store keeps its empty words then, which every form can draw. */
async function fetchRuleTexts() {
  try {
    const res = await fetch("/api/options");
    if (!res.ok) return null;
    const texts = await res.json();
    const presets = texts && texts.presets;
    const shaped = texts && Array.isArray(texts.groups) && Array.isArray(texts.options)
      && presets !== null && typeof presets === "object" && !Array.isArray(presets);
    return shaped ? texts : null;
  } catch {
    return null;
  }
}

/** Loads what every screen past the lobby may show and the lobby does not: the rules editor's words (GET
 * /api/options: every option's group, kind, label, summary and values, and the presets' names and summaries, in
 * English and Japanese) and, in Japanese, the font face of the Japanese past the lobby (fonts.js). The words enter
 * the store only once their face is here: text laid out before its face has loaded can stay boxes, and a screen
 * may be laid out (even inside a closed <details>) as soon as the store has them. Never fails: without the words
 * (the request failed or brought something else) the rules editor and the rules in force list no options, and the
 * rest of the page works as before. The lobby needs none of it, so the first load carries none of it. */
export async function loadPastLobby() {
  ruleTexts ||= fetchRuleTexts();
  const [texts] = await Promise.all([ruleTexts, loadMoreFonts(getLang())]);
  if (texts) state.ruleTexts = texts;
  ruleTextsHere = true;
}

/** Whether loadPastLobby has brought everything in the page's language: what lies past the lobby may be drawn. */
export function pastLobbyReady() { return ruleTextsHere && moreFontsReady(getLang()); }

/** A <details> whose content shows rules (the lobby's rules editor): it opens once loadPastLobby has brought their
 * words and font face (and the screen was drawn again with them), so nothing in it is drawn as boxes. */
export function rulesDetails(attrs, summary, ...content) {
  const box = el("details", attrs, el("summary", { onclick: (e) => {
    if (box.open || pastLobbyReady()) return;
    e.preventDefault();
    loadPastLobby().then(() => { refresh(); box.open = true; });
  } }, summary), ...content);
  return box;
}

function inLanguage(texts) { return texts ? texts[getLang()] || texts.en || "" : ""; }

function optionInfo(name) { return state.ruleTexts.options.find((o) => o.name === name); }

/** A preset's name in the page's language ("Standard", "標準": GET /api/presets, which the lobby has before its
 * first draw); its key when the server gave no words. */
export function presetLabel(name) {
  const p = presetInfo(name);
  return p && p.label ? inLanguage(p.label) : name;
}

/** A preset's one-line summary in the page's language (the length left out: a room shows its own). */
export function presetSummary(name) {
  const p = presetInfo(name);
  return p && p.summary ? inLanguage(p.summary) : (p?.description || "");
}

/** An option's short label in the page's language. */
export function optionLabel(name) {
  const o = optionInfo(name);
  return o ? inLanguage(o.label) : name;
}

/** How long a game under these rules runs, in the family's own terms: "East-South", or "8 hands" in Zung Jung. */
export function lengthText(rules) {
  if (rules.family === "zung-jung") return t("hands", { n: rules.zj_hands });
  return rules.length === "east" ? t("east") : t("eastSouth");
}

/** An option's value in words: on/off, a choice's or a set's words, numbers as the language writes them. */
export function valueText(name, value, players = 4) {
  const o = optionInfo(name);
  const number = (n) => Number(n).toLocaleString(getLang() === "ja" ? "ja-JP" : "en-US");
  const word = (v) => {
    const known = o && o.values && o.values.find((w) => w.value === v);
    return known ? inLanguage(known) : String(v);
  };
  if (typeof value === "boolean") return value ? t("on") : t("off");
  if (o && o.kind === "set") return value.length ? value.map(word).join(t("listSeparator")) : t("none");
  if (Array.isArray(value)) {
    const items = (o && o.items) || [];
    const shown = name === "uma" ? value.slice(0, players) : value;
    return shown.map((v, i) => (items[i] ? `${inLanguage(items[i])} ${number(v)}` : number(v))).join(t("listSeparator"));
  }
  if (typeof value === "number") return number(value);
  return word(value);
}

/** Whether an option means anything under these rules (its family and number of players). */
function applies(option, rules) {
  return (!option.family || option.family === (rules.family || "riichi")) && (!option.players || option.players === rules.players);
}

/** Two values of an option are the same: sets in any order, lists as if padded with zeros (uma holds one number
 * per player, and a 3-player preset may keep four zeros). */
function sameValue(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.some((v) => typeof v === "string") || b.some((v) => typeof v === "string")) {
      return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
    }
    const n = Math.max(a.length, b.length);
    return Array.from({ length: n }, (_, i) => (a[i] || 0) === (b[i] || 0)).every(Boolean);
  }
  return a === b;
}

/** A preset picker: its options follow the presets the server sent (fillPresets), value the preselected one. */
export function presetSelect(id, value) {
  const select = el("select", { id, dataset: { initial: value } });
  fillPresets(select);
  return select;
}

/** Gives a preset picker the server's presets (when they or the language changed), named in the page's language,
 * keeping the chosen one. */
export function fillPresets(select) {
  const names = state.presets.map((p) => p.name);
  const value = select.value || select.dataset.initial;
  if (patch(select, [names.join(","), getLang()], () => names.map((n) => el("option", { value: n, title: presetSummary(n) }, presetLabel(n))))) {
    if (names.includes(value)) select.value = value;
  }
}

/** The length picker of a form: East only or East-South for riichi, the number of hands (``zj_hands``) for Zung
 * Jung. It follows the form's preset picker (its family) and keeps the choice while the family stays. */
export function lengthSelect(id, value, presetPicker = null) {
  const select = el("select", { id, dataset: { initial: value } });
  const fill = () => fillLength(select, presetPicker ? presetPicker.value || presetPicker.dataset.initial : null);
  if (presetPicker) presetPicker.addEventListener("change", fill);
  fill();
  return select;
}

function fillLength(select, presetName) {
  const info = presetName ? presetInfo(presetName) : null;
  const zj = !!(info && info.options.family === "zung-jung");
  const kept = select.value || select.dataset.initial;
  patch(select, [zj, presetName, getLang()], () => {
    if (!zj) {
      return [el("option", { value: "east" }, t("east")), el("option", { value: "east-south" }, t("eastSouth"))];
    }
    // Zung Jung: one to three rounds of four hands, and the preset's own number
    const bounds = info.bounds && info.bounds.zj_hands ? info.bounds.zj_hands : { min: 4, max: 12 };
    const counts = new Set([info.options.zj_hands]);
    for (let n = bounds.min; n <= bounds.max; n += info.options.players) counts.add(n);
    return [...counts].sort((a, b) => a - b).map((n) => el("option", { value: String(n) }, t("hands", { n })));
  });
  const values = [...select.options].map((o) => o.value);
  if (values.includes(kept)) select.value = kept;
  else select.value = zj ? String(info.options.zj_hands) : (info && info.options.length) || "east-south";
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
  if (info && info.options.family === "zung-jung") {
    if (Number(length) !== info.options.zj_hands) options.zj_hands = Number(length);
  } else if (info && info.options.length !== length) options.length = length;
  const editor = document.getElementById(`${prefix}-options`);
  if (editor && info) {
    for (const row of editor.querySelectorAll("[data-option-row]")) {
      const name = row.dataset.optionRow;
      const value = readRow(row);
      if (!sameValue(value, info.options[name])) options[name] = value;
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

/** Options the editor leaves out: the preset's identity and family, the length (its own picker, also for Zung
 * Jung's hands), the superpowers (their own toggle) and the number of players (it comes with the preset: the server
 * refuses a change). */
const NOT_EDITED = ["name", "description", "source", "family", "length", "zj_hands", "superpowers", "players"];

/** The rules editor (the "All options" box): the options of the preset's family and number of players, by group,
 * each with a control by its kind (a checkbox, a choice list, a number with its range, a number per place or suit,
 * a checkbox per name), its label and one-line explanation in the page's language. The preset's value is marked
 * (in a choice list, and beside a changed option, which is highlighted); "reset to the preset" puts every control
 * back. Drawn again only when the preset or the language changes, never while the person edits it. */
export function updateOptionsEditor(box, prefix, presetName, current = {}) {
  const info = presetInfo(presetName);
  patch(box, [presetName, info, getLang(), state.ruleTexts], () => {
    const editor = el("div", { class: "options-editor", id: `${prefix}-options`, dataset: { preset: presetName } });
    if (!info) return editor;
    const base = info.options;
    for (const group of state.ruleTexts.groups) {
      const options = state.ruleTexts.options.filter((o) => o.group === group.name && !NOT_EDITED.includes(o.name)
        && o.name in base && applies(o, base));
      if (!options.length) continue;
      editor.append(el("fieldset", { class: "opt-group", dataset: { group: group.name } }, el("legend", {}, inLanguage(group)),
        options.map((o) => optionRow(prefix, o, base, current[o.name] !== undefined ? current[o.name] : base[o.name]))));
    }
    const reset = el("button", { type: "button", id: `${prefix}-reset`, class: "opt-reset", onclick: () => {
      for (const row of editor.querySelectorAll("[data-option-row]")) writeRow(row, base[row.dataset.optionRow]);
      markChanged(editor, base);
    } }, t("resetToPreset"));
    editor.append(el("div", { class: "row opt-actions" }, reset));
    editor.addEventListener("input", () => markChanged(editor, base));
    editor.addEventListener("change", () => markChanged(editor, base));
    markChanged(editor, base);
    return editor;
  });
}

/** One option's row: label, control, the preset's value (shown when changed) and the one-line explanation. */
function optionRow(prefix, o, base, value) {
  const id = `${prefix}-opt-${o.name}`;
  const presetValue = base[o.name];
  const range = o.bounds ? rangeText(o.bounds, o.kind === "list") : null;
  let control;
  if (o.kind === "bool") {
    control = el("input", { type: "checkbox", id, checked: !!value, dataset: { option: o.name } });
  } else if (o.kind === "choice") {
    control = el("select", { id, dataset: { option: o.name } }, o.values.map((v) => el("option",
      { value: v.value, selected: v.value === value, dataset: { preset: v.value === presetValue ? "yes" : undefined } },
      inLanguage(v) + (v.value === presetValue ? t("presetMark") : ""))));
  } else if (o.kind === "number") {
    control = el("input", { type: "number", id, value, title: range, dataset: { option: o.name },
      min: o.bounds.min, max: o.bounds.max, step: o.bounds.step });
  } else if (o.kind === "list") {
    const count = o.name === "uma" ? base.players : o.items.length;
    control = el("span", { class: "opt-list", id }, Array.from({ length: count }, (_, i) => el("label", { class: "opt-item" },
      el("span", { class: "opt-item-name" }, inLanguage(o.items[i])),
      el("input", { type: "number", value: value[i] || 0, title: range, dataset: { optionList: o.name, index: i },
        min: o.bounds.min, max: o.bounds.max, step: o.bounds.step }))));
  } else {
    control = el("span", { class: "opt-set", id }, o.values.map((v) => el("label", { class: "opt-item" },
      el("input", { type: "checkbox", value: v.value, checked: value.includes(v.value), dataset: { optionSet: o.name } }), " ", inLanguage(v))));
  }
  const label = o.kind === "list" || o.kind === "set" ? el("span", { class: "opt-label" }, inLanguage(o.label))
    : el("label", { class: "opt-label", for: id }, inLanguage(o.label));
  return el("div", { class: "opt", dataset: { optionRow: o.name, kind: o.kind } },
    label,
    el("span", { class: "opt-value" }, control, range ? el("small", { class: "range", dataset: { range: o.name } }, range) : null),
    el("small", { class: "opt-preset", dataset: { presetOf: o.name } }, t("presetValue", { value: valueText(o.name, presetValue, base.players) })),
    el("small", { class: "opt-summary", dataset: { summary: o.name } }, inLanguage(o.summary)));
}

/** The value a row's control says, as the server reads it. */
function readRow(row) {
  const kind = row.dataset.kind;
  if (kind === "bool") return row.querySelector("input").checked;
  if (kind === "choice") return row.querySelector("select").value;
  if (kind === "number") return Number(row.querySelector("input").value);
  if (kind === "list") return [...row.querySelectorAll("input")].map((box) => Number(box.value));
  return [...row.querySelectorAll("input:checked")].map((box) => box.value).sort();
}

function writeRow(row, value) {
  const kind = row.dataset.kind;
  if (kind === "bool") row.querySelector("input").checked = !!value;
  else if (kind === "choice" || kind === "number") row.querySelector("input, select").value = value;
  else if (kind === "list") row.querySelectorAll("input").forEach((box, i) => { box.value = value[i] || 0; });
  else row.querySelectorAll("input").forEach((box) => { box.checked = value.includes(box.value); });
}

/** Highlights the rows whose value differs from the preset's. */
function markChanged(editor, base) {
  for (const row of editor.querySelectorAll("[data-option-row]")) {
    const changed = !sameValue(readRow(row), base[row.dataset.optionRow]);
    row.classList.toggle("changed", changed);
    row.dataset.changed = changed ? "yes" : "no";
  }
}

/** "Rules in force": first what differs from the preset (each with the preset's value), then every rule of the
 * family on demand (a details, by group). ``id`` names the block ("rules" in the room). */
export function rulesInForce(rules, presetName, id = "rules") {
  const base = presetInfo(presetName)?.options || {};
  const shown = state.ruleTexts.options.filter((o) => o.name in rules && applies(o, rules) && o.name !== "family");
  const diffs = shown.filter((o) => o.name in base && !sameValue(rules[o.name], base[o.name]));
  const value = (o, v) => valueText(o.name, v, rules.players);
  const row = (o) => el("tr", { dataset: { rule: o.name } }, el("th", { title: inLanguage(o.summary) }, inLanguage(o.label)),
    el("td", {}, value(o, rules[o.name])));
  return el("div", { class: "rules-in-force", id },
    diffs.length ? el("table", { class: "rules rules-diff", id: `${id}-diff` },
      el("caption", {}, t("rulesChanged", { preset: presetLabel(presetName) })),
      diffs.map((o) => el("tr", { class: "changed", dataset: { rule: o.name } },
        el("th", { title: inLanguage(o.summary) }, inLanguage(o.label)), el("td", {}, value(o, rules[o.name])),
        el("td", { class: "was" }, t("presetValue", { value: value(o, base[o.name]) })))))
      : el("div", { class: "hint", id: `${id}-diff` }, t("rulesAsPreset", { preset: presetLabel(presetName) })),
    el("details", { class: "rules-all", id: `${id}-all` }, el("summary", {}, t("allRules")),
      state.ruleTexts.groups.map((g) => {
        const rows = shown.filter((o) => o.group === g.name);
        return rows.length ? el("table", { class: "rules", dataset: { group: g.name } }, el("caption", {}, inLanguage(g)), rows.map(row)) : null;
      })));
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
