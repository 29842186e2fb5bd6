// A small DOM builder: el("div", {class: "x", onclick: f}, child, "text"). Text is always set as text, never as
// HTML, so nicknames and other people's input cannot inject markup. Only our own SVG goes through raw().

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") { for (const [k, v] of Object.entries(value)) if (v !== undefined && v !== null) node.dataset[k] = v; }
    else if (key === "style" && typeof value === "object") Object.assign(node.style, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Our own trusted markup (tile SVG): never call with text from the network. */
export function raw(tag, attrs, html) {
  const node = el(tag, attrs);
  node.innerHTML = html;
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// ---------------------------------------------------------------- drawing only what changed
// A screen builds its DOM once and then updates areas of it: each area remembers the key of the data it was last
// drawn from, and is drawn again only when that key changes. Keys are compared with ===, element by element for
// arrays, so a key can hold strings, numbers and the server's message objects (a new message is a new object).

const drawnKeys = new WeakMap();

function sameKey(a, b) {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** Replaces node's children with build()'s (a node, a list or null) when key differs from the last draw's.
 * Returns whether it drew. The node itself stays: anything holding it (a listener, a test) still holds it. */
export function patch(node, key, build) {
  if (drawnKeys.has(node) && sameKey(drawnKeys.get(node), key)) return false;
  drawnKeys.set(node, key);
  clear(node);
  append(node, [build()]);
  return true;
}

/** Forgets what node was drawn from, so that the next patch draws it again (a language change, a new screen). */
export function forget(node) { drawnKeys.delete(node); }

/** Makes node's children the built nodes of items, reusing the child drawn for the same key (a river gains one
 * tile: the others stay the same elements). keyOf(item, i) must be a string unique among the items. */
export function patchList(node, items, keyOf, build) {
  const old = new Map();
  for (const child of node.childNodes) if (drawnKeys.has(child)) old.set(drawnKeys.get(child), child);
  const next = items.map((item, i) => {
    const key = keyOf(item, i);
    let child = old.get(key);
    if (child) old.delete(key);
    else { child = build(item, i); drawnKeys.set(child, key); }
    return child;
  });
  next.forEach((child, i) => { if (node.childNodes[i] !== child) node.insertBefore(child, node.childNodes[i] || null); });
  while (node.childNodes.length > next.length) node.removeChild(node.lastChild);
}

/** An invisible box (display: contents) that holds an area whose element may come and go. */
export function slot(attrs = {}) {
  return el("span", { ...attrs, class: `slot${attrs.class ? ` ${attrs.class}` : ""}` });
}
