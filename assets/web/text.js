// Text as a person sees it: names are counted, cut and shown by grapheme clusters (what a
// reader takes for one character: "ë", "🃏", a family emoji joined by zero-width joiners),
// never by UTF-16 code units, which would show half a surrogate pair as "�".
const segmenter = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** `text` as its grapheme clusters. */
export function graphemes(text) {
  const s = String(text || "");
  return segmenter ? [...segmenter.segment(s)].map((g) => g.segment) : [...s];
}

/** The first character a reader sees in `text` ("?" for none), upper case where it has one. */
export function initial(text) {
  const first = graphemes(text)[0] || "?";
  const upper = first.toUpperCase();
  return graphemes(upper).length === 1 ? upper : first;      // "ß" stays one letter, not "SS"
}

/** Keep what is typed into `input` to `most` grapheme clusters (maxlength counts code units:
 * it would refuse a name of emoji long before the host does, or cut one in half). */
export function limitGraphemes(input, most) {
  input.addEventListener("input", () => {
    const parts = graphemes(input.value);
    if (parts.length > most) input.value = parts.slice(0, most).join("");
  });
  return input;
}
