// The review panel the replay viewer mounts: the strong CPU's review of one seat's decisions (docs/review.md), from
// `GET /api/reviews/{id}?seat=N`. Two entry points, as the viewer and this module agreed:
//
// - `reviewPanel(host, {id, seat, names, onGoto})` fills `host` with the review's summary (decisions reviewed,
//   agreement, points lost), the largest losses and every decision hand by hand (folded), each with a button that
//   calls `onGoto(step)` so the viewer moves to that moment. It returns a promise of the review (null when it could
//   not be had), so the viewer can draw `reviewAt` again once the review is there.
// - `reviewAt(step)` builds the decision the viewer's step shows (the options ranked, with the numbers the CPU
//   decides by; the option played and the CPU's choice marked; an outside reviewer's values beside), or null.
//
// The fetched reviews are kept here by game and seat, not in the store: they are a read-only document of the server's,
// computed once and costly to compute again, that only this panel reads; a seat switch or a language change draws
// the panel again from them without asking the server.

import { el } from "../dom.js";
import { t, getLang, addTexts } from "../i18n.js";
import { tile } from "../melds.js";
import { plainIdOf } from "../tiles.js";
import { powerName } from "../powers.js";

/** The panel's own style sheet, fetched with this module (the first load carries none of it); the module is ready
 * once the sheet is, so the panel is never drawn unstyled. */
const sheet = document.head.appendChild(el("link", { rel: "stylesheet", href: "/static/review.css" }));
await new Promise((resolve) => { sheet.addEventListener("load", resolve); sheet.addEventListener("error", resolve); });

/** The panel's words, English and Japanese, joined to i18n.js's tables (t("review.…")) when this module is
 * fetched, so the lobby's first load carries none of them. */
const TEXTS = {
  en: {
    title: "Review", seatN: "Seat {n}",
    loading: "Reviewing…", failed: "No review: {detail}", retry: "Try again",
    decisions: "Decisions reviewed", agreement: "Agreement with the CPU", loss: "Points lost",
    largest: "Largest losses", noLosses: "No losses.",
    allDecisions: "All decisions ({n})", handSummary: "{n} decisions, {agreed} agreed",
    played: "Played", cpu: "CPU", agreed: "Same as the CPU", go: "Show",
    lost: "{n} points", option: "Option", ev: "Expected", win: "Win", dealIn: "Deal-in",
    outsideCol: "Outside", noLoss: "no points lost",
    byRule: "The CPU chose this by one of its rules (a call's judgement, riichi or dama…), not by these numbers.",
    outsideBeside: "Outside values: {name}", outsideFailed: "{name} failed: {detail}",
    kinds: { turn: "own turn", claim: "call or pass" },
    hand: "{round} {n}", honba: "{n} honba",
    veil: "Veiled discard",
  },
  ja: {
    title: "検討", seatN: "{n}番の席",
    loading: "検討中…", failed: "検討できません：{detail}", retry: "もう一度",
    decisions: "検討した選択", agreement: "CPUとの一致率", loss: "失った点",
    largest: "大きな損失", noLosses: "損失はありません。",
    allDecisions: "すべての選択（{n}）", handSummary: "{n}件、一致{agreed}件",
    played: "実戦", cpu: "CPU", agreed: "CPUと一致", go: "表示",
    lost: "{n}点", option: "選択肢", ev: "期待値", win: "和了率", dealIn: "放銃率",
    outsideCol: "外部", noLoss: "損失なし",
    byRule: "CPUはこの選択を数値ではなく自分の規則（鳴きの判断、リーチかダマか…）で決めています。",
    outsideBeside: "外部の評価：{name}", outsideFailed: "{name}は失敗しました：{detail}",
    kinds: { turn: "自分の手番", claim: "鳴きか見送り" },
    hand: "{round}{n}局", honba: "{n}本場",
    veil: "伏せ打ち",
  },
};
addTexts("review", TEXTS.en, TEXTS.ja);

/** "id:seat" → the promise of that review (dropped when it failed, so that "Try again" asks again). */
const fetched = new Map();

/** The review the panel shows now: {data, names, byStep: Map(step → decisions), host}; null before one is loaded. */
let shown = null;

/** The last call's token: a slow answer for a seat the viewer has left is not drawn. */
let latest = 0;

/** What `reviewAt` handed out while the review was loading: an empty placeholder, filled (or removed) once the
 * review is there, so the viewer need not ask again. */
let waiting = null;

/** Whether the latest review asked for is still on its way. */
let loading = false;

function load(id, seat) {
  const key = `${id}:${seat}`;
  if (!fetched.has(key)) {
    const promise = fetch(`/api/reviews/${encodeURIComponent(id)}?seat=${seat}`).then(async (response) => {
      const body = await response.json().catch(() => null);
      if (!response.ok) throw new Error(typeof body?.detail === "string" ? body.detail : `HTTP ${response.status}`);
      return body;
    });
    promise.catch(() => fetched.delete(key));
    fetched.set(key, promise);
  }
  return fetched.get(key);
}

/** Fills `host` with the review of `seat` in game `id` (loading, then the review or the error with a retry). */
export function reviewPanel(host, { id, seat, names = [], onGoto = () => {} }) {
  const token = ++latest;
  shown = null;
  waiting = null;
  loading = true;
  const panel = el("section", { class: "review-panel", "aria-busy": "true", dataset: { seat } },
    el("h2", {}, t("review.title"), " ", el("span", { class: "muted" }, nameOf(names, seat))),
    el("p", { class: "review-loading muted" }, t("review.loading")));
  host.replaceChildren(panel);
  return load(id, seat).then((data) => {
    if (token !== latest) return data;
    loading = false;
    shown = { data, names: data.names && data.names.length ? data.names : names, byStep: byStep(data), host: panel };
    panel.removeAttribute("aria-busy");
    panel.replaceChildren(...drawPanel(shown, seat, onGoto).filter(Boolean));
    if (waiting) {
      const [node, step] = waiting;
      waiting = null;
      const decision = reviewAt(step);
      if (decision) node.replaceWith(decision);
      else node.remove();
    }
    return data;
  }, (error) => {
    if (token !== latest) return null;
    loading = false;
    if (waiting) waiting[0].remove();
    waiting = null;
    panel.removeAttribute("aria-busy");
    panel.classList.add("failed");
    panel.querySelector(".review-loading").replaceWith(
      el("p", { class: "review-error", role: "alert" }, t("review.failed", { detail: error.message || String(error) })),
      el("button", { class: "review-retry", onclick: () => reviewPanel(host, { id, seat, names, onGoto }) }, t("review.retry")));
    return null;
  });
}

/** The decision(s) of the shown review at `step` (one, unless the seat decided twice at one picture), or null. The
 * panel's rows of that step are marked as the current ones. While the review is loading: an empty placeholder that
 * becomes the decision (or goes) when the review comes. */
export function reviewAt(step) {
  if (!shown) {
    if (!loading) return null;
    const node = el("section", { class: "review-at pending", dataset: { step } });
    waiting = [node, step];
    return node;
  }
  for (const row of shown.host.querySelectorAll(".review-row.current")) row.classList.remove("current");
  const decisions = shown.byStep.get(step);
  if (!decisions) return null;
  for (const row of shown.host.querySelectorAll(`.review-row[data-step="${step}"]`)) row.classList.add("current");
  return el("section", { class: "review-at", dataset: { step } }, decisions.map((d) => decisionView(d, shown)));
}

function byStep(data) {
  const out = new Map();
  for (const d of data.decisions || []) {
    if (!out.has(d.step)) out.set(d.step, []);
    out.get(d.step).push(d);
  }
  return out;
}

// ------------------------------------------------------------------ the panel

function drawPanel(view, seat, onGoto) {
  const { data, names } = view;
  const s = data.summary;
  const summary = el("dl", { class: "review-summary" },
    el("div", {}, el("dt", {}, t("review.decisions")), el("dd", { class: "review-decisions" }, String(s.decisions))),
    el("div", {}, el("dt", {}, t("review.agreement")), el("dd", { class: "review-agreement" }, percent(s.agreement, 1),
      el("span", { class: "muted" }, ` (${s.agreed}/${s.decisions})`))),
    el("div", {}, el("dt", {}, t("review.loss")), el("dd", { class: "review-loss" }, amount(s.loss))));
  const outside = data.outside
    ? el("p", { class: `review-outside${data.outside.error ? " review-error" : ""}` }, data.outside.error
      ? t("review.outsideFailed", { name: data.outside.name, detail: data.outside.error })
      : t("review.outsideBeside", { name: data.outside.name }))
    : null;
  const largest = (s.largest || []).map((i) => data.decisions[i]).filter(Boolean);
  return [
    el("h2", {}, t("review.title"), " ", el("span", { class: "muted" }, nameOf(names, seat))),
    summary, outside,
    el("h3", {}, t("review.largest")),
    largest.length
      ? el("ol", { class: "review-largest" }, largest.map((d) => lossRow(d, view, onGoto)))
      : el("p", { class: "muted review-none" }, t("review.noLosses")),
    el("details", { class: "review-all" },
      el("summary", {}, t("review.allDecisions", { n: data.decisions.length })),
      byHand(data.decisions).map((hand) => el("details", { class: "review-hand", dataset: { hand: hand.hand } },
        el("summary", {}, el("b", {}, handLabel(hand.label)), " ",
          el("span", { class: "muted" }, t("review.handSummary", { n: hand.decisions.length, agreed: hand.agreed })),
          hand.loss > 0 ? el("span", { class: "review-minus" }, " ", points(-hand.loss)) : null),
        el("ol", {}, hand.decisions.map((d) => lossRow(d, view, onGoto, false)))))),
  ];
}

/** One decision as a line: where (unless the line sits under its hand), what was played and the CPU's choice when
 * it differs, the loss, and a button that shows the moment in the viewer. */
function lossRow(d, view, onGoto, where = true) {
  const played = optionOf(d, d.played);
  const choice = optionOf(d, d.choice);
  return el("li", { class: `review-row${d.agree ? " agree" : ""}`, dataset: { step: d.step } },
    el("span", { class: "review-where" }, where ? handLabel(d.label) : t(`review.kinds.${d.kind}`)),
    el("span", { class: "review-moves" },
      el("span", { class: "review-played" }, el("span", { class: "review-tag" }, t("review.played")), optionView(played, view.names)),
      d.agree ? el("span", { class: "review-tag agree" }, t("review.agreed"))
        : el("span", { class: "review-choice" }, el("span", { class: "review-tag cpu" }, t("review.cpu")), optionView(choice, view.names))),
    el("span", { class: `review-row-loss${d.loss > 0 ? "" : " none"}` }, d.loss > 0 ? points(-d.loss) : "±0"),
    el("button", { class: "review-go", dataset: { step: d.step }, onclick: () => onGoto(d.step) },
      t("review.go")));
}

function byHand(decisions) {
  const hands = [];
  for (const d of decisions) {
    let hand = hands[hands.length - 1];
    if (!hand || hand.hand !== d.hand) hands.push((hand = { hand: d.hand, label: d.label, decisions: [], agreed: 0, loss: 0 }));
    hand.decisions.push(d);
    hand.agreed += d.agree ? 1 : 0;
    hand.loss += d.loss;
  }
  return hands;
}

// ------------------------------------------------------------------ one decision

function decisionView(d, view) {
  const outside = view.data.outside && !view.data.outside.error ? view.data.outside : null;
  const head = el("tr", {},
    el("th", { scope: "col", class: "review-rank" }, "#"), el("th", { scope: "col" }, t("review.option")),
    el("th", { scope: "col", class: "num" }, t("review.ev")),
    el("th", { scope: "col", class: "num" }, t("review.win")),
    el("th", { scope: "col", class: "num" }, t("review.dealIn")),
    outside ? el("th", { scope: "col", class: "num review-outside-col", title: outside.name }, t("review.outsideCol")) : null);
  const rows = d.options.map((o, i) => el("tr", {
    class: ["review-opt", o.key === d.played ? "played" : "", o.key === d.choice ? "choice" : ""].filter(Boolean).join(" "),
    dataset: { key: o.key } },
  el("td", { class: "num review-rank" }, String(i + 1)),
  el("td", {}, optionView(o, view.names),
    o.key === d.played ? el("span", { class: "review-tag" }, t("review.played")) : null,
    o.key === d.choice ? el("span", { class: "review-tag cpu" }, t("review.cpu")) : null,
    outside && o.key === d.outside_choice ? el("span", { class: "review-tag outside", title: outside.name }, t("review.outsideCol")) : null),
  el("td", { class: "num" }, points(o.ev)), el("td", { class: "num" }, percent(o.win)),
  el("td", { class: "num" }, percent(o.deal_in)),
  outside ? el("td", { class: "num review-outside-col" }, o.outside === null || o.outside === undefined ? "–" : o.outside.toFixed(2)) : null));
  return el("div", { class: `review-decision${d.agree ? " agree" : ""}`, dataset: { step: d.step, kind: d.kind } },
    el("h3", {}, handLabel(d.label), " · ", t(`review.kinds.${d.kind}`), " ",
      d.agree ? el("span", { class: "review-tag agree" }, t("review.agreed"))
        : d.loss > 0 ? el("span", { class: "review-minus" }, t("review.lost", { n: points(-d.loss) }))
          : el("span", { class: "muted" }, t("review.noLoss"))),
    d.by_rule ? el("p", { class: "muted review-by-rule" }, t("review.byRule")) : null,
    el("div", { class: "table-scroll" }, el("table", { class: "review-options" }, el("thead", {}, head), el("tbody", {}, rows))));
}

// ------------------------------------------------------------------ words, tiles and numbers

function optionOf(d, key) {
  return d.options.find((o) => o.key === key) || { key, action: null };
}

/** The table's words for the options' verbs (the action bar's), where the key's verb is not one of them: the tiles
 * drawn beside tell the kans apart. */
const VERBS = { open_kan: "kan", added_kan: "kan", closed_kan: "kan", veil: "review.veil" };

/** An option as words and tiles: "Discard [5m]", "Chi [4m][6m]", "Power Seal → Bo". The tiles are the
 * representative action's own (so a red five is drawn red); the key's notation when the action has none. */
function optionView(option, names) {
  const [verb, ...rest] = option.key.split(" ");
  const action = option.action || {};
  const ids = action.tiles ? action.tiles : action.tile !== undefined ? [action.tile] : rest.length && verb !== "power" ? idsOf(rest[0]) : [];
  const words = verb === "power"
    ? [powerName(rest[0]), rest.length > 1 ? ` → ${nameOf(names, Number(rest[1]))}` : ""]
    : [];
  return el("span", { class: "review-option", dataset: { key: option.key } },
    el("span", { class: "review-verb", dataset: { verb } }, t(VERBS[verb] || verb)),
    words.length ? el("span", { class: "review-words" }, " ", ...words) : null,
    ids.length ? el("span", { class: "review-tiles" }, ids.map((id) => tile(id))) : null);
}

/** Tile ids for a key's notation ("46m": a plain four and six of man; "0p": the first five of pin, the red one). */
function idsOf(text) {
  const m = /^(\d+)([mpsz])$/.exec(text || "");
  if (!m) return [];
  const suit = "mpsz".indexOf(m[2]) * 9;
  return [...m[1]].map((c) => (c === "0" ? (suit + 4) * 4 : plainIdOf(suit + Number(c) - 1)));
}

function nameOf(names, seat) {
  return (names && names[seat]) || t("review.seatN", { n: seat + 1 });
}

/** "E1-0" as the table says it: "East 1" and its honba ("東1局 1本場"). */
function handLabel(label) {
  const m = /^([ESWN])(\d+)-(\d+)$/.exec(label || "");
  if (!m) return label || "";
  const text = t("review.hand", { round: t(m[1]), n: m[2] });
  return Number(m[3]) ? `${text} ${t("review.honba", { n: m[3] })}` : text;
}

function percent(x, digits = null) {
  if (x === null || x === undefined) return "–";
  const value = x * 100;
  const places = digits !== null ? digits : value > 0 && value < 10 ? 1 : 0;
  return `${value.toLocaleString(getLang() === "ja" ? "ja-JP" : "en-US", { maximumFractionDigits: places, minimumFractionDigits: places })}%`;
}

/** Points lost, as a plain amount ("1,234"). */
function amount(x) {
  return Math.round(x || 0).toLocaleString(getLang() === "ja" ? "ja-JP" : "en-US");
}

/** Points with their sign ("+1,200", "−300"). */
function points(x) {
  if (x === null || x === undefined) return "–";
  const n = Math.sign(x) * Math.round(Math.abs(x)); // halves away from zero: a loss of 777.5 reads as a gain would
  const text = Math.abs(n).toLocaleString(getLang() === "ja" ? "ja-JP" : "en-US");
  return n < 0 ? `−${text}` : n > 0 ? `+${text}` : "0";
}
