// The page's words: the host's catalogue for one language (GET lang/<code>.json, built from
// hearts/locale/*.po: docs/protocol.md). Every sentence of the page is written here in
// English as the catalogue's source string, marked for scripts/catalogue.py:
//   t("Sit down")                           a sentence
//   t("{name} sat down.", { name })         named placeholders, filled after translation
//   nt("{n} card", "{n} cards", n)          a plural ({n} is filled with n)
//   pt("verb", "Watch")                     the same English meaning two things
// Never glue words from pieces, and never mark a string built at run time (it cannot be
// found in the code). A string with no translation reads in English, as gettext does.

let messages = {};
let pluralForm = (n) => (n === 1 ? 0 : 1);
let current = "en";
let currentName = "English";

/** Take a catalogue as the host serves it: {lang, plural, messages}. */
export function useCatalogue(catalogue) {
  messages = (catalogue && catalogue.messages) || {};
  current = (catalogue && catalogue.lang) || "en";
  currentName = (catalogue && catalogue.name) || current;
  pluralForm = pluralRule((catalogue && catalogue.plural) || "n != 1");
}

/** The language the page reads now ("en", "de"...). */
export const language = () => current;

/** The page's language by its own name ("Deutsch"). */
export const languageName = () => currentName;

/** The page's language as a BCP 47 tag, for dates and times ("pt-BR"; the test language: "en"). */
export const locale = () => (current === "pseudo" ? "en" : current.replace("_", "-"));

const fill = (text, values) => (values
  ? text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all))
  : text);

/** `msgid` in the page's language, its `{placeholders}` filled from `values`. */
export function t(msgid, values) {
  return fill(messages[msgid] ?? msgid, values);
}

/** `msgid` said in `context` (where the same English means two things). */
export function pt(context, msgid, values) {
  return fill(messages[context + "\u0004" + msgid] ?? msgid, values);
}

/** The form of `singular`/`plural` for `n`, as the language counts; `{n}` is `n`. */
export function nt(singular, plural, n, values) {
  const forms = messages[singular + "\u0000" + plural];
  const form = forms ? forms[pluralForm(n)] : undefined;
  return fill(form ?? (n === 1 ? singular : plural), { n, ...values });
}

/** The first of `wanted` (navigator.languages: "fr-CA", "de") the host has a catalogue
 * for (`have`: codes like "de", "pt_BR"), region first, then the bare language; else "en". */
export function chooseLanguage(have, wanted) {
  const codes = new Map(have.map((c) => [c.toLowerCase().replace("_", "-"), c]));
  for (const tag of wanted || []) {
    const lower = String(tag).toLowerCase().replace("_", "-");
    const found = codes.get(lower) || codes.get(lower.split("-")[0]);
    if (found) return found;
  }
  return "en";
}

// -- Plural-Forms -------------------------------------------------------------------------
// A .po's plural expression (C: n, integers, ?:, ||, &&, comparisons, + - * / %, !, parens)
// as a function of n. Parsed here: the page may not evaluate code it was sent.
const BINARY = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]];

/** `expr` ("n != 1", "n==1 ? 0 : n%10>=2 && ... ? 1 : 2") as n -> the form's index. */
export function pluralRule(expr) {
  const tokens = String(expr).match(/\d+|n|\|\||&&|[=!<>]=|[-+*/%<>!?:()]/g) || [];
  if (tokens.join("") !== String(expr).replace(/\s+/g, "")) throw new Error(`plural expression: not C: ${expr}`);
  let at = 0;
  const peek = () => tokens[at];
  const take = (want) => {
    if (tokens[at] !== want) throw new Error(`plural expression: ${want} expected in ${expr}`);
    at++;
  };
  const ternary = () => {
    const test = binary(0);
    if (peek() !== "?") return test;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  };
  const binary = (level) => {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const op = tokens[at++];
      const l = left;
      const r = binary(level + 1);
      left = (n) => apply(op, l(n), r(n));
    }
    return left;
  };
  const unary = () => {
    const tok = tokens[at++];
    if (tok === "!") { const v = unary(); return (n) => Number(!v(n)); }
    if (tok === "-") { const v = unary(); return (n) => -v(n); }
    if (tok === "(") { const v = ternary(); take(")"); return v; }
    if (tok === "n") return (n) => n;
    if (/^\d+$/.test(tok || "")) { const k = Number(tok); return () => k; }
    throw new Error(`plural expression: unexpected ${tok} in ${expr}`);
  };
  const rule = ternary();
  if (at !== tokens.length) throw new Error(`plural expression: ${tokens[at]} left over in ${expr}`);
  return (n) => Number(rule(Math.abs(Math.trunc(n))));
}

function apply(op, a, b) {
  switch (op) {
    case "||": return Number(Boolean(a) || Boolean(b));
    case "&&": return Number(Boolean(a) && Boolean(b));
    case "==": return Number(a === b);
    case "!=": return Number(a !== b);
    case "<": return Number(a < b);
    case "<=": return Number(a <= b);
    case ">": return Number(a > b);
    case ">=": return Number(a >= b);
    case "+": return a + b;
    case "-": return a - b;
    case "*": return a * b;
    case "/": return b ? Math.trunc(a / b) : 0;
    default: return b ? a % b : 0;
  }
}
