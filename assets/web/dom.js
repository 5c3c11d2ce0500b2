// Small DOM helpers: build elements (text only, never HTML from the wire), toasts, sheets.
import { t } from "./i18n.js";
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

/** A lasting sentence over a screen (why you left a table, what happened while you were
 * away), until its close button is pressed. */
export function notice(text, ondismiss) {
  return h("div.notice", { role: "alert" }, h("span", text),
    h("button.icon", { type: "button", onclick: ondismiss, "aria-label": t("Dismiss") }, icon("close")));
}

let openSheet = null;
const FOCUSABLE = "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [href], [tabindex]:not([tabindex='-1'])";

/** Where keyboard focus goes when a sheet closes (app.js): `key()` names what had it as the
 * sheet opened, `restore(key)` puts it back there (the same button, drawn anew since), else
 * on the hand or the screen's first control. */
export const focusHome = { key: null, restore: null };

/** A panel over the page (closed by its close button, the backdrop or Escape). It takes the
 * keyboard focus (its `[data-autofocus]` element, else its primary button, else its first
 * control), keeps Tab inside it, and gives focus back when it closes. `quiet`: leave focus
 * where it is when that is a text field (a sheet that opened by itself while someone types). */
export function sheet(title, body, { id, onclose, wide, quiet } = {}) {
  // the control that opened it (a sheet opened from a sheet: the first one's)
  const from = openSheet ? openSheet.from : focusHome.key && focusHome.key();
  closeSheet({ refocus: false });
  const root = document.getElementById("sheet-root");
  const close = () => closeSheet();
  const panel = h("section.sheet" + (wide ? ".wide" : ""), { role: "dialog", "aria-modal": "true", "aria-label": title, id, tabindex: "-1" },
    h("header.sheet-head", h("h2", title),
      h("button.icon.close", { type: "button", onclick: close, "aria-label": t("Close") }, icon("close"))),
    h("div.sheet-body", body));
  const backdrop = h("div.backdrop", { onclick: close });
  root.append(backdrop, panel);
  openSheet = { panel, backdrop, onclose, id, from };
  const typing = document.activeElement && document.activeElement.matches("input, textarea, select");
  if (!(quiet && typing)) {
    // after the caller has finished filling it (a form adds its fields after the call)
    setTimeout(() => {
      if (!openSheet || openSheet.panel !== panel || panel.contains(document.activeElement)) return;
      const first = panel.querySelector("[data-autofocus]") ||
        panel.querySelector(".sheet-body .buttons .primary, .sheet-body button.primary") ||
        panel.querySelector(".sheet-body " + FOCUSABLE.split(", ").join(", .sheet-body ")) ||
        panel.querySelector("button.close");
      (first || panel).focus();
    }, 0);
  }
  return panel;
}

/** Ask before something that cannot be taken back: `cancel` is the focused default, as in
 * the desktop client (Enter keeps things as they are). */
export function confirmSheet(title, text, okLabel, onok, { danger = true, id = "confirm" } = {}) {
  const ok = h("button" + (danger ? ".danger" : ".primary"), { type: "button", onclick: () => { closeSheet(); onok(); } }, okLabel);
  const cancel = h("button.cancel", { type: "button", "data-autofocus": "", onclick: () => closeSheet() }, t("Cancel"));
  return sheet(title, [h("p", text), h("div.buttons", cancel, ok)], { id });
}

export function closeSheet({ refocus = true } = {}) {
  if (!openSheet) return;
  const { panel, backdrop, onclose, from } = openSheet;
  const hadFocus = panel.contains(document.activeElement);
  openSheet = null;
  panel.remove();
  backdrop.remove();
  if (onclose) onclose();
  if (refocus && hadFocus && focusHome.restore) focusHome.restore(from);
}

export function sheetOpen(id) {
  return openSheet !== null && (id === undefined || openSheet.id === id);
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && openSheet) { closeSheet(); return; }
  if (e.key === "Tab" && openSheet) {          // Tab stays inside the open sheet
    const items = [...openSheet.panel.querySelectorAll(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    if (!items.length) return;
    const i = items.indexOf(document.activeElement);
    const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : (i === -1 || i === items.length - 1 ? 0 : i + 1);
    e.preventDefault();
    items[next].focus();
  }
});
