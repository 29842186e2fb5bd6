// The REST side of who the person is and what they played (docs/accounts.md): accounts under /api/account, profiles
// under /api/players, the leaderboards. An account's session travels in an HttpOnly cookie the page never sees; a
// guest proves who they are with the guest token the websocket handed out (`Authorization: Bearer guest:<token>`),
// never in a URL. Every POST carries a JSON body: with the cookie's SameSite=Strict, that is the server's guard
// against requests forged by other sites.

import { storedToken } from "./net.js";

/** A call to the server: {ok, status, data (the JSON answer, or null), retryAfter (seconds, or null)}. A network
 * failure answers status 0. `guest`: authenticate as the guest of this browser too (export, me). */
export async function call(method, path, body = undefined, { guest = false } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = storedToken();
  if (guest && token) headers.Authorization = `Bearer guest:${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    return { ok: false, status: 0, data: null, retryAfter: null };
  }
  let data = null;
  try { data = await res.json(); } catch { /* an empty or non-JSON answer */ }
  const wait = Number(res.headers.get("Retry-After"));
  return { ok: res.ok, status: res.status, data, retryAfter: Number.isFinite(wait) && wait > 0 ? wait : null };
}

/** The refusal of an answer as {code, detail}: the server's code when it names one (`detail.code`, or a `code`
 * field), else one from the status; `detail`: the server's own words (English), shown only where no text of ours
 * says it. */
export function refusal(res) {
  const data = res.data || {};
  const detail = data.detail;
  let code = null;
  let words = null;
  if (detail && typeof detail === "object" && !Array.isArray(detail)) {
    code = detail.code || null;
    words = detail.message || detail.detail || null;
  } else if (typeof detail === "string") {
    words = detail;
  }
  code = code || data.code || null;
  if (!code) {
    code = { 0: "offline", 401: "unauthorized", 403: "forbidden", 404: "not_found", 409: "name_taken", 422: "invalid",
      429: "too_many_tries" }[res.status] || "server";
  }
  return { code, detail: words };
}

/** Downloads an answer as a file (the export zip): fetched with the page's credentials, handed to the browser as a
 * blob so that no token ever goes into a URL. Answers the call's result (ok or the refusal's). */
export async function download(path, filename, { guest = false } = {}) {
  const headers = {};
  const token = storedToken();
  if (guest && token) headers.Authorization = `Bearer guest:${token}`;
  let res;
  try {
    res = await fetch(path, { headers, credentials: "same-origin" });
  } catch {
    return { ok: false, status: 0, data: null, retryAfter: null };
  }
  if (!res.ok) {
    let data = null;
    try { data = await res.json(); } catch { /* none */ }
    const wait = Number(res.headers.get("Retry-After"));
    return { ok: false, status: res.status, data, retryAfter: Number.isFinite(wait) && wait > 0 ? wait : null };
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true, status: res.status, data: null, retryAfter: null };
}
