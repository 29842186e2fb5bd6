// The options dialog: play options (auto-sort, auto-win, hide call options, auto-discard), the tiles' palette,
// reduced motion, the sounds' volume and mute, and the language. Each choice is kept at once (localStorage) and the
// page redrawn with it. At the table it also shows the rules in force (what differs from the preset first), as the
// room does.

import { el, clear } from "../dom.js";
import { t, setLang, getLang } from "../i18n.js";
import { state, refresh, saveOptions } from "../store.js";
import { rulesInForce, presetLabel, lengthText } from "../forms.js";
import { play } from "../sound.js";
import { loadFonts } from "../fonts.js";

/** Opens the dialog (drawn afresh, in the current language). */
export function openOptions() {
  const dialog = document.getElementById("options");
  clear(dialog);
  const toggle = (key, label) => el("label", { class: "opt-line" },
    el("input", { type: "checkbox", id: `opt-${key}`, checked: !!state.options[key], onchange: (e) => {
      state.options[key] = e.target.checked; saveOptions(); refresh();
    } }), " ", t(label));
  dialog.append(el("h2", {}, t("options")),
    toggle("autoSort", "autoSort"), toggle("autoWin", "autoWin"), toggle("hideCalls", "hideCalls"),
    toggle("autoDiscard", "autoDiscard"), toggle("colorBlind", "colorBlind"), toggle("reducedMotion", "reducedMotion"),
    soundLine(),
    el("label", { class: "opt-line" }, t("language"), " ",
      el("select", { id: "opt-lang", onchange: async (e) => { // the language's font first (fonts.js)
        const next = e.target.value;
        await loadFonts(next);
        setLang(next); refresh(); openOptions();
      } },
        el("option", { value: "en", selected: getLang() === "en" }, "English"),
        el("option", { value: "ja", selected: getLang() === "ja" }, "日本語"))),
    ...[tableRules()].filter(Boolean), // (the dialog's own append would print a bare null)
    el("button", { id: "options-close", onclick: () => dialog.close() }, t("close")));
  if (!dialog.open) dialog.showModal();
}

/** At the table (playing or watching): the room's rules in force, the differences from its preset first. */
function tableRules() {
  const room = state.room;
  if (!room || document.body.dataset.screen !== "table") return null;
  return el("section", { class: "dialog-rules" }, el("h3", {}, t("rules")),
    el("div", { class: "rules-title" }, el("strong", {}, presetLabel(room.settings.preset)), ` · ${lengthText(room.rules)}`),
    rulesInForce(room.rules, room.settings.preset, "table-rules"));
}

/** The volume slider (0 to 100; a sample plays when it is let go, to hear the new level) and the mute box. */
function soundLine() {
  const percent = () => Math.round(Number(state.options.volume ?? 0.6) * 100);
  const shown = el("output", { id: "opt-volume-value", for: "opt-volume" }, `${percent()}%`);
  const slider = el("input", { type: "range", id: "opt-volume", min: 0, max: 100, step: 5, value: percent(),
    "aria-label": t("volume"),
    oninput: (e) => { state.options.volume = Number(e.target.value) / 100; saveOptions(); shown.textContent = `${percent()}%`; },
    onchange: () => play("turn") });
  const mute = el("input", { type: "checkbox", id: "opt-mute", checked: !!state.options.mute, onchange: (e) => {
    state.options.mute = e.target.checked; saveOptions(); slider.disabled = e.target.checked;
  } });
  slider.disabled = !!state.options.mute;
  return el("fieldset", { class: "opt-sound" }, el("legend", {}, t("sound")),
    el("label", { class: "opt-line" }, t("volume"), " ", slider, " ", shown),
    el("label", { class: "opt-line" }, mute, " ", t("mute")));
}
