// Line icons drawn as inline SVG (no icon font, no emoji: every device shows them alike).
const NS = "http://www.w3.org/2000/svg";
const PATHS = {
  back: "M15 5l-7 7 7 7",
  menu: "M4 7h16M4 12h16M4 17h16",
  chat: "M4 5h16v11H9l-5 4z",
  scores: "M5 4h14v16H5zM8 9h8M8 13h8M8 17h5",
  close: "M6 6l12 12M18 6L6 18",
  edit: "M4 20l4-1 11-11-3-3L5 16zM14 6l3 3",
  lock: "M7 11V8a5 5 0 0 1 10 0v3M5 11h14v9H5z",
  bot: "M6 9h12v10H6zM12 5v4M9 13h.01M15 13h.01M9 16h6M3 13v3M21 13v3",
  crown: "M4 18h16l-1-10-4 4-3-6-3 6-4-4z",
  trophy: "M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8",
  moon: "M20 14A8 8 0 1 1 10 4a6 6 0 0 0 10 10z",
  plus: "M12 5v14M5 12h14",
};

export function icon(name, { size = 22, fill = false } = {}) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("width", String(size));
  svg.setAttribute("height", String(size));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "icon-svg");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", PATHS[name]);
  path.setAttribute("fill", fill ? "currentColor" : "none");
  path.setAttribute("stroke", "currentColor");
  path.setAttribute("stroke-width", "2");
  path.setAttribute("stroke-linecap", "round");
  path.setAttribute("stroke-linejoin", "round");
  svg.append(path);
  return svg;
}
