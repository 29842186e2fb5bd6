// Tile faces drawn as SVG by our own code: crisp at any size, readable at a glance.
// A tile is a physical id 0..135 (its kind is kindOfId(id), as jantaku.tiles.kind_of_id); kinds 0-8 man, 9-17 pin, 18-26 sou, 27-33 honors
// (East South West North White Green Red). The characters (一..九, 萬, the winds and dragons) are outlines from
// glyphs.js, not text, so a face looks the same on every machine whatever fonts it has. Every face also carries a
// small corner index ("5m", "E"), and, in the colour-blind palette, suits differ by shape and index, not colour.

import { GLYPHS } from "./glyphs.js";

const W = 60, H = 80;
const MAN_NUM = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const HONOR = ["東", "南", "西", "北", "", "發", "中"];
const HONOR_INDEX = ["E", "S", "W", "N", "Wh", "G", "R"];

const PALETTES = {
  normal: { red: "#d0202a", green: "#1d7a3a", blue: "#1f4fa0", ink: "#1b1b1b", face: "#fbf8ef", edge: "#c9c1a8" },
  // colour-blind safe (Okabe–Ito): vermilion, bluish green, blue, black; red fives also get a ring marker
  cb: { red: "#d55e00", green: "#009e73", blue: "#0072b2", ink: "#000000", face: "#fbf8ef", edge: "#b9b29c" },
};

/** The kind 0..33 of a physical tile id 0..135 (four copies of each kind). */
export function kindOfId(tile) { return tile >> 2; }

/** Which of its kind's four copies a physical tile is (0..3; the red fives are the first copies). */
export function copyOfId(tile) { return tile & 3; }

/** A physical tile of a kind that is never a red five (the second copy): to draw a kind (a wait, a dora). */
export function plainIdOf(kind) { return kind * 4 + 1; }

/** Notation of a kind, with the red five written 0 ("0m"). */
export function notation(tile, red = false) {
  const kind = kindOfId(tile);
  if (kind >= 27) return `${kind - 26}z`;
  const suit = "mps"[Math.floor(kind / 9)];
  const n = kind % 9 + 1;
  return `${red && n === 5 ? 0 : n}${suit}`;
}

/** Whether a physical tile is a red five under the rules' red_fives counts [man, pin, sou]. */
export function isRed(tile, redFives) {
  const kind = kindOfId(tile);
  if (kind >= 27 || kind % 9 !== 4 || !redFives) return false;
  return copyOfId(tile) < (redFives[Math.floor(kind / 9)] || 0);
}

function circle(x, y, r, fill, p) {
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${fill}" stroke-width="${r > 10 ? 3 : 2.2}"/>`
    + `<circle cx="${x}" cy="${y}" r="${r * 0.45}" fill="${fill}"/>`
    + (r > 10 ? `<circle cx="${x}" cy="${y}" r="${r * 0.75}" fill="none" stroke="${p.ink}" stroke-width="1"/>` : "");
}

const PIN_LAYOUT = {
  1: [[30, 40, 17]],
  2: [[30, 23, 10], [30, 57, 10]],
  3: [[16, 19, 8.5], [30, 40, 8.5], [44, 61, 8.5]],
  4: [[18, 24, 9], [42, 24, 9], [18, 56, 9], [42, 56, 9]],
  5: [[17, 20, 8], [43, 20, 8], [30, 40, 8], [17, 60, 8], [43, 60, 8]],
  6: [[19, 19, 7.5], [41, 19, 7.5], [19, 42, 7.5], [41, 42, 7.5], [19, 62, 7.5], [41, 62, 7.5]],
  7: [[14, 14, 6.5], [30, 22, 6.5], [46, 30, 6.5], [19, 48, 6.5], [41, 48, 6.5], [19, 65, 6.5], [41, 65, 6.5]],
  8: [[19, 15, 6.8], [41, 15, 6.8], [19, 32, 6.8], [41, 32, 6.8], [19, 49, 6.8], [41, 49, 6.8], [19, 66, 6.8],
    [41, 66, 6.8]],
  9: [[16, 19, 7], [30, 19, 7], [44, 19, 7], [16, 40, 7], [30, 40, 7], [44, 40, 7], [16, 61, 7], [30, 61, 7],
    [44, 61, 7]],
};

function pinColor(n, i, p, red) {
  if (red) return p.red;
  if (n === 1) return p.red;
  if (n === 3) return [p.blue, p.red, p.green][i];
  if (n === 5) return i === 2 ? p.red : i % 3 === 0 ? p.blue : p.green;
  if (n === 6) return i < 2 ? p.green : p.red;
  if (n === 7) return i < 3 ? p.green : p.red;
  if (n === 9) return [p.blue, p.red, p.green][Math.floor(i / 3)];
  return i % 2 ? p.green : p.blue;
}

function stick(x, y, color, p, long = false) {
  const h = long ? 48 : 19, w = long ? 10 : 7;
  return `<g><rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="${w / 2}" fill="${color}"/>`
    + `<line x1="${x - w / 2}" x2="${x + w / 2}" y1="${y}" y2="${y}" stroke="${p.face}" stroke-width="1.4"/>`
    + `<line x1="${x}" x2="${x}" y1="${y - h / 2 + 2}" y2="${y + h / 2 - 2}" stroke="${p.face}" stroke-width="0.8"`
    + ` opacity="0.6"/></g>`;
}

const SOU_LAYOUT = {
  2: [[30, 24], [30, 56]],
  3: [[30, 24], [18, 56], [42, 56]],
  4: [[19, 24], [41, 24], [19, 56], [41, 56]],
  5: [[16, 24], [44, 24], [30, 40], [16, 56], [44, 56]],
  6: [[16, 24], [30, 24], [44, 24], [16, 56], [30, 56], [44, 56]],
  7: [[30, 15], [16, 40], [30, 40], [44, 40], [16, 64], [30, 64], [44, 64]],
  8: [[12, 24], [24, 24], [36, 24], [48, 24], [12, 56], [24, 56], [36, 56], [48, 56]],
  9: [[16, 16], [30, 16], [44, 16], [16, 40], [30, 40], [44, 40], [16, 64], [30, 64], [44, 64]],
};

function souColor(n, i, p, red) {
  if (red) return p.red;
  if (n === 5 && i === 2) return p.red;
  if (n === 7 && i === 0) return p.red;
  if (n === 9 && i % 3 === 1) return p.red;
  return p.green;
}

/** A character of glyphs.js as a filled path, centred on (x, y), one em being `size` units of the face. */
function glyph(ch, x, y, size, fill) {
  return `<path class="glyph" fill="${fill}" transform="translate(${x} ${y}) scale(${size / 1000})" d="${GLYPHS[ch]}"/>`;
}

function face(kind, p, red) {
  const n = kind % 9 + 1;
  if (kind < 9) return glyph(MAN_NUM[n - 1], 30, 25, 30, red ? p.red : p.ink) + glyph("萬", 30, 57, 28, p.red);
  if (kind < 18) {
    return PIN_LAYOUT[n].map(([x, y, r], i) => circle(x, y, r, pinColor(n, i, p, red), p)).join("");
  }
  if (kind < 27) {
    if (n === 1) {
      return stick(30, 42, p.green, p, true)
        + `<circle cx="30" cy="14" r="6" fill="${p.red}"/><path d="M24 14 L16 10 L18 16 Z" fill="${p.red}"/>`;
    }
    return SOU_LAYOUT[n].map(([x, y], i) => stick(x, y, souColor(n, i, p, red), p)).join("");
  }
  const h = kind - 27;
  if (h === 4) { // White: an empty frame
    return `<rect x="13" y="15" width="34" height="50" rx="3" fill="none" stroke="${p.blue}" stroke-width="3"/>`
      + `<rect x="18" y="20" width="24" height="40" rx="2" fill="none" stroke="${p.blue}" stroke-width="1"/>`;
  }
  const color = h === 5 ? p.green : h === 6 ? p.red : p.ink;
  return glyph(HONOR[h], 30, 42, 42, color);
}

function cornerIndex(kind, red, p) {
  const label = kind >= 27 ? HONOR_INDEX[kind - 27] : `${red ? 0 : kind % 9 + 1}${"mps"[Math.floor(kind / 9)]}`;
  return `<text x="5" y="12" font-size="10" font-family="system-ui,sans-serif" font-weight="700"`
    + ` fill="${red ? p.red : "#5b5546"}">${label}</text>`;
}

/**
 * The SVG markup of a tile. options: {red, back, palette: "normal"|"cb", title}
 * The back is a solid colour with a diamond pattern, recognisable at a glance.
 */
export function tileSVG(tile, options = {}) {
  const p = PALETTES[options.palette] || PALETTES.normal;
  const title = options.title ? `<title>${options.title}</title>` : "";
  if (options.back || tile === null || tile === undefined) {
    return `<svg class="tile-svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${options.title || "tile back"}">${title}`
      + `<rect x="1" y="1" width="58" height="78" rx="6" fill="#e0a33a" stroke="#8a5a12" stroke-width="2"/>`
      + `<rect x="6" y="6" width="48" height="68" rx="4" fill="#1f6f5c"/>`
      + `<path d="M30 14 L46 40 L30 66 L14 40 Z" fill="none" stroke="#e0a33a" stroke-width="2"/>`
      + `<circle cx="30" cy="40" r="5" fill="#e0a33a"/></svg>`;
  }
  const kind = kindOfId(tile);
  const red = !!options.red;
  const ring = red && options.palette === "cb"
    ? `<circle cx="51" cy="9" r="4" fill="${p.red}"/>` : "";
  return `<svg class="tile-svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${options.title || notation(tile, red)}">${title}`
    + `<rect x="1" y="1" width="58" height="78" rx="6" fill="${p.face}" stroke="${p.edge}" stroke-width="2"/>`
    + face(kind, p, red) + cornerIndex(kind, red, p) + ring + `</svg>`;
}
