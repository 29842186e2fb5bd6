// #/leaderboard/4p (or 3p): the top 100 of a family by the public rating (accounts only, not hidden, not
// provisional), each name a link to the profile; the person's own row is marked, and their position (or why they
// have none yet: provisional, hidden) is written under the table when it is not among the hundred.

import { el, patch } from "../dom.js";
import { t, getLang } from "../i18n.js";
import { state, refresh } from "../store.js";
import { call } from "../api.js";
import { ratingText } from "../ratings.js";
import { BOARD_FAMILIES, boardHref, profileHref } from "../routes.js";
import { backLink, statusLine, familyName } from "./pages.js";

/** Rated games before a rating is ranked (the server's rule, docs/accounts.md). */
const PROVISIONAL_GAMES = 10;

/** Fetches a family's leaderboard into the store (with the caller's own position, by the session cookie). */
export async function load(family) {
  state.leaderboard = { family, status: "loading", data: null };
  refresh();
  const res = await call("GET", `/api/leaderboard?family=${encodeURIComponent(family)}`);
  if (!state.leaderboard || state.leaderboard.family !== family) return;
  state.leaderboard = { family, status: res.ok ? "ok" : "error", data: res.ok ? res.data : null };
  refresh();
}

export function show(host) {
  const board = state.leaderboard;
  const family = state.route.arg || "4p";
  patch(host, [board, getLang(), state.player && state.player.id], () => el("div", { class: "pages board-page" }, backLink(),
    el("section", { class: "card" },
      el("h2", {}, t("leaderboard")),
      el("nav", { class: "tabs", "aria-label": t("leaderboard") }, BOARD_FAMILIES.map((f) => el("a", { href: boardHref(f),
        class: f === family ? "tab current" : "tab", "aria-current": f === family ? "page" : null, dataset: { family: f } }, familyName(f)))),
      !board || board.status !== "ok" ? statusLine(board ? board.status : "loading", () => load(family)) : table(board.data))));
}

function table(data) {
  const mine = state.player && state.player.id;
  const rows = data.rows || [];
  const me = data.me;
  const listed = rows.some((r) => r.id === mine);
  return [
    !rows.length ? el("p", { class: "hint", id: "board-empty" }, t("boardEmpty")) : el("div", { class: "table-scroll" },
      el("table", { class: "board", id: "board" },
        el("thead", {}, el("tr", {}, el("th", { class: "num", scope: "col" }, t("rank")), el("th", { scope: "col" }, t("player")),
          el("th", { class: "num", scope: "col" }, t("rating")), el("th", { class: "num", scope: "col" }, t("games")))),
        el("tbody", {}, rows.map((r) => el("tr", { class: r.id === mine ? "mine" : "", dataset: { player: r.id },
          "aria-current": r.id === mine ? "true" : null },
          el("td", { class: "num" }, String(r.rank)),
          el("td", {}, el("a", { href: profileHref(r.id) }, r.name)),
          el("td", { class: "num" }, ratingText(r.rating)),
          el("td", { class: "num" }, String(r.games))))))),
    me && !listed ? position(me) : null,
    !me && state.player && state.player.account ? el("div", { class: "my-position", id: "my-position" }, t("notRanked")) : null,
  ];
}

/** The person's own position when it is not in the table: a rank beyond the hundred, still provisional, or hidden
 * from the leaderboards (the account page's choice). */
function position(me) {
  return el("div", { class: "my-position", id: "my-position" }, el("strong", {}, t("yourPosition")), " ",
    me.provisional ? [el("span", { class: "tag warn" }, t("provisional")), " ", ratingText(me.rating), " · ",
      t("provisionalLeft", { n: Math.max(1, PROVISIONAL_GAMES - (me.games || 0)) })]
      : me.rank ? [t("rankOf", { n: me.rank }), " · ", ratingText(me.rating), " · ", t("ratedGames", { n: me.games })]
        : [ratingText(me.rating), " · ", t("hiddenRanked")]); // (ranked, not provisional, yet no rank: hidden)
}
