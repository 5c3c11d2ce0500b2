// WCAG AA contrast of every text the page shows now, from Chromium's computed styles
// (tests/web/test_browser_contrast.py evaluates this in the page). For each visible element
// with text of its own (and each text field and list box), the text's colour and what lies
// under it are composed as the browser paints them: every ancestor's background colour and
// opacity, the text colour's alpha; a gradient under it is tried at each of its colours and
// the worst counts. Text 24 px and up, or 18.66 px bold, is large (3:1), the rest needs
// 4.5:1. Not counted, as WCAG says: disabled controls, and text that is not seen (hidden,
// transparent or faded out whole, off the screen). Filters are not modelled (nothing with text has one but the
// greyed cards one may not play). Answers {checked: how many texts, failures: [{text, ratio,
// need, ...}]}. Finite transitions and animations are finished first: the page is read as it
// settles (a toast fading out, class "gone", is on its way to opacity 0, not text to read).
() => {
  for (const a of document.getAnimations()) {
    if (Number.isFinite(a.effect?.getComputedTiming().endTime)) a.finish();
  }
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const mix = (under, over, a) => ({ r: under.r + (over.r - under.r) * a, g: under.g + (over.g - under.g) * a,
    b: under.b + (over.b - under.b) * a });
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
  };
  const ratio = (x, y) => { const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p); return (a + 0.05) / (b + 0.05); };
  const gradientColours = (image) => (image && image !== "none"
    ? (image.match(/rgba?\([^)]+\)/g) || []).map(parse) : []);

  /** The colour painted at a point of `chain` (root first) over `under`, with `text` (a
   * colour with alpha) drawn by the last element, or none. */
  function paint(chain, k, under, text) {
    const el = chain[k];
    const s = getComputedStyle(el);
    const bg = parse(s.backgroundColor);
    let inner = bg && bg.a > 0 ? mix(under, bg, bg.a) : under;
    let pixel;
    if (k === chain.length - 1) pixel = text ? mix(inner, text, text.a) : inner;
    else pixel = paint(chain, k + 1, inner, text);
    return mix(under, pixel, Number(s.opacity));
  }

  /** Every colour the ground under `chain` may have: its gradients' stops (else white). */
  function grounds(chain) {
    let found = [];
    chain.forEach((el, i) => {
      const stops = gradientColours(getComputedStyle(el).backgroundImage);
      if (stops.length) found = stops.map((c) => ({ c, from: i }));
    });
    return found.length ? found : [{ c: { r: 255, g: 255, b: 255, a: 1 }, from: 0 }];
  }

  function shown(el) {
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    if (s.visibility !== "visible" || s.display === "none") return false;
    for (let up = el; up; up = up.parentElement) {       // faded out whole: not seen
      if (Number(getComputedStyle(up).opacity) === 0) return false;
    }
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.right > 0 &&
      r.top < innerHeight && r.left < innerWidth;
  }

  const ownText = (el) => [...el.childNodes].filter((n) => n.nodeType === 3)
    .map((n) => n.textContent).join("").trim();
  const failures = [];
  let checked = 0;
  // an open sheet is modal: what it covers is inert and dimmed on purpose, not read
  const modal = document.querySelector(".sheet");
  const all = [...document.querySelectorAll(modal ? ".sheet *, #banner *, #banner, #toasts *" : "body *")];
  for (const el of all) {
    if (["SCRIPT", "STYLE", "NOSCRIPT", "OPTION"].includes(el.tagName)) continue;
    const field = el.matches("input:not([type=checkbox]):not([type=radio]), select");
    const text = field ? (el.value || "") : ownText(el);
    if (!text || !shown(el)) continue;
    if (el.closest("button:disabled, [aria-disabled=true], input:disabled, select:disabled")) continue;
    if (el.closest(".hand .card.illegal")) continue;      // greyed by a filter, on purpose
    const s = getComputedStyle(el);
    const colour = parse(s.color);
    if (!colour || colour.a === 0) continue;
    checked++;
    const chain = [];
    for (let p = el; p; p = p.parentElement) chain.unshift(p);
    let worst = Infinity;
    for (const { c, from } of grounds(chain)) {
      const part = chain.slice(from);
      const fg = paint(part, 0, c, colour);
      const bg = paint(part, 0, c, null);
      worst = Math.min(worst, ratio(fg, bg));
    }
    const size = parseFloat(s.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(s.fontWeight) >= 700);
    const need = large ? 3 : 4.5;
    if (worst < need - 0.005) {
      failures.push({ text: text.slice(0, 60), ratio: Math.round(worst * 100) / 100, need,
        tag: el.tagName.toLowerCase(), cls: String(el.className), color: s.color,
        where: el.closest("[id]") ? el.closest("[id]").id : "" });
    }
  }
  return { checked, failures };
}
