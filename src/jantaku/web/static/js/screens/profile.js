// #/player/ID: a player's record (GET /api/players/{id}). The ratings per family with the rank; a chart of the
// placements over the last games and one of the rating over time; the statistics per family as a table (a column
// per length, and all lengths together) a person reads down; the recent games with their logs and hands.

import { el, patch } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { state, refresh } from "../store.js";
import { call } from "../api.js";
import { dateText, handList, logLinks, replayLink } from "../gamelinks.js";
import { placementChart, ratingChart } from "../charts.js";
import { ratingText, ratingDelta } from "../ratings.js";
import { boardHref, profileHref } from "../routes.js";
import { backLink, statusLine, familyName, lengthName, percent, estimate } from "./pages.js";

/** The families in the order the page shows them. */
const FAMILIES = ["4p", "3p", "zj"];
const SEATS = { "4p": 4, "3p": 3, zj: 4 };

/** Fetches a player's record into the store (the page shows "loading" meanwhile). */
export async function load(id) {
  state.profile = { id, status: "loading", data: null };
  refresh();
  const res = await call("GET", `/api/players/${encodeURIComponent(id)}`);
  if (!state.profile || state.profile.id !== id) return; // another profile was asked for meanwhile
  state.profile = { id, status: res.ok ? "ok" : res.status === 404 ? "missing" : "error", data: res.ok ? res.data : null };
  refresh();
}

export function show(host) {
  const p = state.profile;
  patch(host, [p, getLang(), state.player && state.player.id], () => el("div", { class: "pages profile-page" }, backLink(),
    !p || p.status === "loading" || p.status === "error" ? statusLine(p ? p.status : "loading", () => load(state.route.arg))
      : p.status === "missing" ? missing(p.id)
        : profile(p.data)));
}

/** An id the server does not know: our own (a guest who has not finished a game yet has no record), or nobody's. */
function missing(id) {
  if (state.player && state.player.id === id) {
    return el("section", { class: "card profile-head" }, el("h2", { id: "profile-name" }, t("profileOf", { name: state.player.name })),
      el("p", { class: "hint", id: "no-stats" }, t("noGamesCounted")));
  }
  return el("section", { class: "card" }, el("p", { id: "player-missing" }, t("playerMissing")));
}

function profile(d) {
  const own = state.player && state.player.id === d.id;
  const families = FAMILIES.filter((f) => d.families && d.families[f] && d.families[f].all && d.families[f].all.games);
  return [
    el("section", { class: "card profile-head" },
      el("h2", { id: "profile-name" }, t("profileOf", { name: d.name })),
      el("div", { class: "row" }, d.account ? null : el("span", { class: "tag" }, t("guestTag")),
        own ? el("span", { class: "tag you" }, t("youTag")) : null),
      ratings(d.ratings || {})),
    charts(d),
    families.length ? families.map((f) => statsTable(f, d.families[f]))
      : el("section", { class: "card" }, el("p", { class: "hint", id: "no-stats" }, t("noGamesCounted"))),
    recent(d.recent || [], d),
  ];
}

/** Each family's rating: the public number, the rank on its leaderboard, the rated games, "provisional". */
function ratings(list) {
  const families = Object.keys(list).filter((f) => list[f]);
  if (!families.length) return null;
  return el("div", { class: "ratings", id: "ratings" }, families.map((f) => {
    const r = list[f];
    return el("a", { class: "rating-card", href: boardHref(f), dataset: { family: f } },
      el("span", { class: "family" }, familyName(f)),
      el("strong", { class: "rating-value" }, ratingText(r.rating)),
      el("span", { class: "hint" }, r.provisional ? el("span", { class: "tag warn" }, t("provisional"))
        : r.rank ? t("rankOf", { n: r.rank }) : "", " · ", t("ratedGames", { n: r.games })));
  }));
}

function charts(d) {
  const places = d.placements || [];
  const series = d.rating_series || {};
  const rated = Object.keys(series).filter((f) => series[f] && series[f].length);
  if (!places.length && !rated.length) return null;
  // the placements' rows: as many as the largest table the recent games were played at
  const seats = (d.recent || []).some((g) => SEATS[g.family] === 4) || !(d.recent || []).length ? 4 : 3;
  const names = Object.fromEntries(rated.map((f) => [f, familyName(f)]));
  return el("section", { class: "card charts" },
    places.length ? el("div", { class: "chart-cell", id: "placement-chart" },
      el("h3", {}, t("placementChart", { n: places.length })), placementChart(places, Math.max(seats, ...places.map((p) => p + 1)), t("placementChart", { n: places.length }))) : null,
    rated.length ? el("div", { class: "chart-cell", id: "rating-chart" },
      el("h3", {}, t("ratingChart")), ratingChart(series, names, t("ratingChart"))) : null);
}

/** One family's statistics: a row per measure, a column for all its games and one per length. */
function statsTable(family, stats) {
  const lengths = Object.keys(stats.lengths || {}).filter((l) => stats.lengths[l] && stats.lengths[l].games);
  const columns = [[t("allLengths"), stats.all], ...(lengths.length > 1 ? lengths.map((l) => [lengthName(l), stats.lengths[l]]) : [])];
  if (lengths.length === 1) columns[0][0] = lengthName(lengths[0]);
  const seats = SEATS[family];
  const number = (v, digits = 0) => (v === null ? "–" : v.toLocaleString(getLang() === "ja" ? "ja-JP" : "en-US",
    { minimumFractionDigits: digits, maximumFractionDigits: digits }));
  const rows = [
    ["games", (s) => number(s.games)],
    ["handsPlayed", (s) => number(s.hands)],
    ...Array.from({ length: seats }, (_, i) => [`placeShare.p${i + 1}`, (s) => percent(s.places && s.places[i])]),
    ["avgPlace", (s) => number(estimate(s.placement), 2)],
    ["winRate", (s) => percent(s.win_rate)],
    ["dealInRate", (s) => percent(s.deal_in_rate)],
    ["riichiRate", (s) => percent(s.riichi_rate)],
    ["callRate", (s) => percent(s.call_rate)],
    ["avgWin", (s) => number(estimate(s.avg_win ?? s.win_value))],
    ["avgDealIn", (s) => number(estimate(s.avg_deal_in))],
    ["tsumoShare", (s) => percent(s.tsumo_share)],
  ];
  return el("section", { class: "card stats", dataset: { family } },
    el("h2", {}, familyName(family)),
    el("table", { class: "stats-table" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), columns.map(([name]) => el("th", { class: "num", scope: "col" }, name)))),
      el("tbody", {}, rows.map(([key, cell]) => el("tr", { dataset: { stat: key } },
        el("th", { scope: "row" }, t(key)), columns.map(([, s]) => el("td", { class: "num" }, cell(s))))))));
}

/** Who else sat at a game's table, each person a link to their record (a CPU or a deleted player: the name). */
function tableMates(players, d) {
  return players.filter((p) => p.player !== d.id).flatMap((p, i) => [i ? " · " : "",
    p.player ? el("a", { href: profileHref(p.player) }, p.nickname) : el("span", { class: "hint" }, p.nickname)]);
}

/** The last games: when, what, the place and score, the rating change, a stand-in's mark, the log and hands. */
function recent(games, d) {
  return el("section", { class: "card", id: "recent-games" }, el("h2", {}, t("recentGames")),
    !games.length ? el("p", { class: "hint" }, t("noGames")) : el("div", { class: "table-scroll" }, el("table", { class: "history recent" },
      games.map((g) => el("tr", { dataset: { game: g.game_id } },
        el("td", {}, dateText(g.finished_at)),
        el("td", {}, familyName(g.family), g.length ? ` · ${lengthName(g.length)}` : ""),
        el("td", { class: `num place place-${g.place}` }, g.place === null || g.place === undefined ? "–" : t(`placeRate.p${g.place + 1}`)),
        el("td", { class: "num" }, g.score === null || g.score === undefined ? "" : Number(g.score).toLocaleString()),
        el("td", { class: "num rating-delta" }, g.rated && g.rating_before !== null && g.rating_after !== null
          ? el("span", { class: Number(g.rating_after) >= Number(g.rating_before) ? "plus" : "minus",
            title: t("ratingChangeTitle", { before: ratingText(g.rating_before), after: ratingText(g.rating_after) }) },
          ratingDelta(g.rating_before, g.rating_after)) : ""),
        el("td", { class: "table-mates" }, tableMates(g.players || [], d)),
        el("td", {}, g.stand_in ? el("span", { class: "tag stand-in", title: t("standInTitle") }, t("standInSeat")) : null),
        el("td", { class: "replay-links" }, replayLink({ id: g.game_id })),
        el("td", { class: "log-links" }, logLinks({ id: g.game_id, hands: g.family !== "zj" })),
        el("td", { class: "hand-links" }, handList({ id: g.game_id, hands: g.family !== "zj" })))))));
}
