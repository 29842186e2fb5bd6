// The options dialog: play options (auto-sort, auto-win, hide call options, auto-discard), the tiles' palette,
// reduced motion and the language. Each choice is kept at once (localStorage) and the page redrawn with it.

import { el, clear } from "../dom.js";
import { t, setLang, getLang } from "../i18n.js";
import { state, refresh, saveOptions } from "../store.js";
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
    el("label", { class: "opt-line" }, t("language"), " ",
      el("select", { id: "opt-lang", onchange: async (e) => { // the language's font first (fonts.js)
        const next = e.target.value;
        await loadFonts(next);
        setLang(next); refresh(); openOptions();
      } },
        el("option", { value: "en", selected: getLang() === "en" }, "English"),
        el("option", { value: "ja", selected: getLang() === "ja" }, "日本語"))),
    el("button", { id: "options-close", onclick: () => dialog.close() }, t("close")));
  if (!dialog.open) dialog.showModal();
}
