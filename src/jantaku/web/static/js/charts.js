// The profile's charts, drawn as inline SVG built node by node (no markup strings, no library; the page's policy
// allows no inline style, and presentation attributes are not styles): a player's placements over the last games,
// and the rating over time per family. Colours and sizes come from style.css through classes.

import { ratingText } from "./ratings.js";

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  for (const child of children.flat(Infinity)) if (child) node.append(child);
  return node;
}

function text(x, y, words, attrs = {}) {
  const node = svg("text", { x: x.toFixed(1), y: y.toFixed(1), ...attrs });
  node.textContent = words;
  return node;
}

const W = 480;
const H = 170;
const PAD = { left: 34, right: 10, top: 12, bottom: 20 };

/** Placements of the last games, oldest first (0 = first): one dot per game on rows 1st..last (first on top), a
 * line joining them and a dashed line at the average. `seats`: 3 or 4 rows. */
export function placementChart(places, seats, label) {
  const n = places.length;
  const x = (i) => PAD.left + (n <= 1 ? (W - PAD.left - PAD.right) / 2 : (i * (W - PAD.left - PAD.right)) / (n - 1));
  const y = (p) => PAD.top + (p * (H - PAD.top - PAD.bottom)) / Math.max(1, seats - 1);
  const rows = Array.from({ length: seats }, (_, p) => [
    svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(p), y2: y(p), class: "grid" }),
    text(PAD.left - 8, y(p) + 4, String(p + 1), { class: "axis", "text-anchor": "end" })]);
  const average = n ? places.reduce((a, b) => a + b, 0) / n : null;
  const line = n > 1 ? svg("polyline", { points: places.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(" "), class: "trace" }) : null;
  const dots = places.map((p, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(p).toFixed(1), r: n > 60 ? 2.5 : 3.5,
    class: `dot place-${p === 0 ? "first" : p === seats - 1 ? "last" : "middle"}` }));
  const mean = average === null ? null : svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(average), y2: y(average), class: "mean" });
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart placement-chart", role: "img", "aria-label": label },
    svg("title", {}, label), rows, mean, line, dots);
}

/** Ratings over time: one line per family ({family: [[finished_at, rating], ...]}), the games evenly spaced in the
 * order they ended (a week away leaves no gap: the line reads game by game), y from the lowest to the highest rating
 * shown. `names`: the families' names for the legend, each with the latest rating. */
export function ratingChart(series, names, label) {
  const families = Object.keys(series).filter((f) => series[f] && series[f].length);
  const points = families.flatMap((f) => series[f]);
  const order = [...new Set(points.map(([at]) => at))].sort((a, b) => Date.parse(a) - Date.parse(b) || (a < b ? -1 : 1));
  const slot = new Map(order.map((at, i) => [at, i]));
  const values = points.map(([, r]) => Number(r));
  let lo = Math.min(...values), hi = Math.max(...values);
  if (hi - lo < 1) { lo -= 0.5; hi += 0.5; }
  const x = (at) => PAD.left + (order.length <= 1 ? (W - PAD.left - PAD.right) / 2 : (slot.get(at) * (W - PAD.left - PAD.right)) / (order.length - 1));
  const y = (r) => PAD.top + ((hi - Number(r)) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const ticks = [hi, (hi + lo) / 2, lo].map((v) => [
    svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "grid" }),
    text(PAD.left - 6, y(v) + 4, ratingText(v), { class: "axis", "text-anchor": "end" })]);
  const lines = families.map((f, k) => {
    const list = series[f];
    const cls = `series series-${k}`;
    return svg("g", { class: cls, "data-family": f },
      list.length > 1 ? svg("polyline", { points: list.map(([at, r]) => `${x(at).toFixed(1)},${y(r).toFixed(1)}`).join(" "), class: "trace" }) : null,
      svg("circle", { cx: x(list[list.length - 1][0]).toFixed(1), cy: y(list[list.length - 1][1]).toFixed(1), r: 3.5, class: "dot" }));
  });
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart rating-chart", role: "img", "aria-label": label },
    svg("title", {}, label), ticks, lines);
  const legend = document.createElement("div");
  legend.className = "legend";
  families.forEach((f, k) => {
    const item = document.createElement("span");
    const swatch = document.createElement("i");
    swatch.className = `swatch series-${k}`;
    item.append(swatch, `${names[f] || f} ${ratingText(series[f][series[f].length - 1][1])}`);
    legend.append(item);
  });
  const box = document.createElement("div");
  box.className = "chart-box";
  box.append(chart, legend);
  return box;
}
