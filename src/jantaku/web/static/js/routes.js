// The pages a link can name, as hash routes of the one page (no reload, so the websocket and a seat stay):
// #/login, #/account, #/player/ID, #/leaderboard/4p (or 3p). An empty hash is the lobby (or the room, or the table
// the game puts the person at). app.js reads the route at load and at every hashchange.
// The replay has a path, /replay/ID (a page load; /replay/open: a file to open).

/** The families a leaderboard exists for (ratings are kept for riichi only). */
export const BOARD_FAMILIES = ["4p", "3p"];

/** The route a location names: {page, arg}; page null for anything else (the lobby). A hash route wins. */
export function routeOf(hash, path = "/") {
  const hashed = hashRoute(hash);
  const id = /^\/replay\/([\w-]*)/.exec(path);
  return hashed.page || !id ? hashed : { page: "replay", arg: id[1] === OPEN ? "" : id[1] };
}

function hashRoute(hash) {
  const parts = String(hash || "").replace(/^#\/?/, "").split("/").filter(Boolean);
  let arg = null;
  try { arg = parts[1] === undefined ? null : decodeURIComponent(parts[1]); } catch { arg = null; }
  switch (parts[0]) {
    case "login": case "account": return { page: parts[0], arg: null };
    case "player": return arg ? { page: "player", arg } : { page: null, arg: null };
    case "leaderboard": return { page: "leaderboard", arg: BOARD_FAMILIES.includes(arg) ? arg : "4p" };
    default: return { page: null, arg: null };
  }
}

/** The link to a player's profile. */
export function profileHref(id) { return `#/player/${encodeURIComponent(id)}`; }

/** The link to a family's leaderboard. */
export function boardHref(family) { return `#/leaderboard/${family}`; }

/** the replay's page with no game (ids are hex) */
export const OPEN = "open";

export function replayHref(id) { return `/replay/${encodeURIComponent(id)}`; }

/** The lobby: from the replay's path, a page load. */
export function lobbyHref() { return location.pathname.startsWith("/replay") ? "/" : "#/"; }

/** Goes to a route (the lobby: ""). */
export function go(hash) {
  if (location.hash === hash || (!hash && !location.hash)) return;
  location.hash = hash;
}
