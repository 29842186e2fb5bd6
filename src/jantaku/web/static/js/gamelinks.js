// A finished game's links, shared by the lobby's history and the profile's recent games: its replay (the viewer at
// /replay/ID), its log in each format the server writes, its hands one by one for the tenhou.net/6 viewer, and the players' names linked to their
// profiles (a seat whose player has an id: a person, not a CPU nor a deleted account).

import { el } from "./dom.js";
import { t } from "./i18n.js";
import { state } from "./store.js";
import { profileHref, replayHref, OPEN } from "./routes.js";
import { ratingText, ratingDelta } from "./ratings.js";

/** the viewer the hands open in (a name: not translated) */
const VIEWER_NAME = "tenhou.net/6";

/** A finished riichi game hand by hand (GET /api/games/{id}/hands, fetched when first opened): each hand's label and
 * result, a link showing it in the tenhou.net/6 viewer (a new tab: the viewer and NAGA take one hand a URL) and its
 * one-hand tenhou.net/6 JSON. A Zung Jung game has none (the history's `hands` is false). */
export function handList(g) {
  if (!g.hands) return null;
  const list = el("ol", { class: "hand-list" });
  const box = el("details", { class: "hands", dataset: { game: g.id } }, el("summary", {}, t("handsOfGame")), list);
  box.addEventListener("toggle", async () => {
    if (!box.open || box.dataset.loaded) return;
    box.dataset.loaded = "1";
    try {
      const res = await fetch(`/api/games/${encodeURIComponent(g.id)}/hands`);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const data = await res.json();
      list.replaceChildren(...data.hands.map((h) => handLine(g.id, h, data.names || [])));
    } catch {
      delete box.dataset.loaded;  // opening it again tries again
      list.replaceChildren(el("li", { class: "hint" }, t("handsUnavailable")));
    }
  });
  return box;
}

function handLine(id, h, names) {
  return el("li", { title: h.result, dataset: { hand: h.hand } },
    el("span", { class: "hand-label" }, h.label), " ", el("span", { class: "hand-result" }, outcomeText(h.outcome, names)), " ",
    el("a", { class: "viewer", href: h.viewer, target: "_blank", rel: "noopener noreferrer",
      title: t("viewerTitle", { site: VIEWER_NAME }) }, t("viewer")),
    " · ",
    el("a", { class: "json", href: h.json, download: `jantaku-${id}-${String(h.hand).padStart(2, "0")}.json`,
      title: t("handJsonTitle", { format: `${VIEWER_NAME} JSON` }) }, "json"));
}

/** How a hand ended, in the page's language: "Ann ツモ +4000", "Ann ロン +3900 ← Bo", "流局 · Bo テンパイ". */
function outcomeText(o, names) {
  const name = (seat) => names[seat] || `#${seat + 1}`;
  if (o.wins.length) {
    return o.wins.map((w) => (w.from === null ? `${name(w.seat)} ${t("tsumo")} +${w.gain}`
      : `${name(w.seat)} ${t("ron")} +${w.gain} ← ${name(w.from)}`)).join(", ");
  }
  return o.tenpai.length ? `${t("draw")} · ${o.tenpai.map(name).join(", ")} ${t("tenpai")}` : t("draw");
}

/** The link that watches a finished game again in the replay (screens/replay.js). */
export function replayLink(g) {
  return el("a", { class: "replay-link", href: replayHref(g.id), dataset: { game: g.id }, title: t("replayLinkTitle") }, t("replayLink"));
}

/** The link to the replay's page that opens a log file of any format the server reads. */
export function openLogLink() {
  return el("a", { class: "open-log", href: `/replay/${OPEN}`, id: "open-log" }, t("openLogFile"));
}

/** A game's log in each format the server writes (GET /api/games names them: log_formats), ours first; a game
 * the server does not list hand by hand (`hands` false: Zung Jung) has only ours (mjai and tenhou.net/6 speak
 * riichi mahjong). */
export function logLinks(g) {
  const id = g.id;
  const all = state.logFormats || [{ format: "ours", suffix: ".jsonl", label: "jantaku" }];
  const formats = g.hands === false ? all.filter((f) => f.format === "ours") : all;
  return formats.flatMap((f, i) => [i ? " · " : "",
    el("a", { href: `/api/games/${id}/log?format=${encodeURIComponent(f.format)}`, download: `jantaku-${id}${f.suffix}`,
      title: t("downloadAs", { format: f.label }), dataset: { format: f.format } },
    f.format === "ours" ? t("download") : f.label)]);
}

/** The game's players in order of the final standings with their scores ("Ann 32000 +1.2 · Bo 28000 −0.4 …"), each
 * name a link to the player's profile when the seat has a player id, each rated seat's rating change after it. */
export function standingsLine(g) {
  const final = g.final;
  if (!final || !final.nicknames) return "";
  const seats = g.seats || [];
  return final.order.flatMap((s, i) => {
    const seat = seats[s] || {};
    const name = final.nicknames[s];
    const shown = seat.player ? el("a", { href: profileHref(seat.player), class: "player-link", dataset: { player: seat.player } }, name) : name;
    const change = (final.ratings || []).find((r) => r && r.seat === s);
    // (a seat's name, score and change stay on one line; the lines break between seats)
    return [i ? " · " : "", el("span", { class: "seat-result" }, shown, ` ${final.scores[s]}`,
      change ? [" ", el("span", { class: `rating-delta ${change.after >= change.before ? "plus" : "minus"}`,
        title: t("ratingChangeTitle", { before: ratingText(change.before), after: ratingText(change.after) }) },
      ratingDelta(change.before, change.after))] : null,
      seat.stand_in ? el("span", { class: "tag stand-in", title: t("standInTitle") }, t("standInSeat")) : null)];
  });
}

/** A date and time from the server (ISO 8601, or seconds since the epoch) as the page's clock reads it, in digits
 * ("2026-11-27 00:09"): the same in both languages, and no character the bundled font may lack (a locale's year sign). */
export function dateText(value) {
  if (value === null || value === undefined) return "";
  const date = typeof value === "number" ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
