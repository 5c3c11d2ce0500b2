// Small DOM helpers: build elements (text only, never HTML from the wire), toasts, sheets.
import { icon } from "./icons.js";

/** h("div#id.card.red", {onclick}, child, "text", [more]) -> HTMLElement */
export function h(spec, attrs, ...children) {
  const [head, ...classes] = spec.split(".");
  const [tag, id] = head.split("#");
  const el = document.createElement(tag || "div");
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className += (el.className ? " " : "") + value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") for (const [p, v] of Object.entries(value)) el.style.setProperty(p, v);
    else if (key in el && key !== "list" && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Replace the children of `el` with `children`. */
export function fill(el, ...children) {
  clear(el);
  append(el, children);
  return el;
}

/** A short line over the page; `kind` "error" draws it red. */
export function toast(text, kind = "info", ms = 3200) {
  const root = document.getElementById("toasts");
  const el = h("div.toast." + kind, { role: kind === "error" ? "alert" : "status" }, text);
  root.append(el);
  while (root.children.length > 3) root.firstChild.remove();
  setTimeout(() => el.classList.add("gone"), ms);
  setTimeout(() => el.remove(), ms + 400);
}

let openSheet = null;
/** A panel over the page (closed by its close button, the backdrop or Escape). */
export function sheet(title, body, { id, onclose, wide } = {}) {
  closeSheet();
  const root = document.getElementById("sheet-root");
  const close = () => closeSheet();
  const panel = h("section.sheet" + (wide ? ".wide" : ""), { role: "dialog", "aria-label": title, id },
    h("header.sheet-head", h("h2", title),
      h("button.icon.close", { type: "button", onclick: close, "aria-label": "Close" }, icon("close"))),
    h("div.sheet-body", body));
  const backdrop = h("div.backdrop", { onclick: close });
  root.append(backdrop, panel);
  openSheet = { panel, backdrop, onclose, id };
  return panel;
}

export function closeSheet() {
  if (!openSheet) return;
  const { panel, backdrop, onclose } = openSheet;
  openSheet = null;
  panel.remove();
  backdrop.remove();
  if (onclose) onclose();
}

export function sheetOpen(id) {
  return openSheet !== null && (id === undefined || openSheet.id === id);
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") closeSheet();
});
