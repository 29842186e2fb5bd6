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
