// The page's catalogue reader (assets/web/i18n.js) under node: plural rules parsed from
// .po headers (never evaluated as code), placeholders, contexts, the language chosen from
// the browser's list (tests/web/test_page_words.py runs this file with node --test).
import { test } from "node:test";
import assert from "node:assert/strict";
import { chooseLanguage, language, nt, pluralRule, pt, t, useCatalogue } from "../../../assets/web/i18n.js";

test("plural expressions as the .po files write them", () => {
  const french = pluralRule("n > 1");
  assert.deepEqual([0, 1, 2, 5].map(french), [0, 0, 1, 1]);
  const german = pluralRule("(n != 1)");
  assert.deepEqual([0, 1, 2].map(german), [1, 0, 1]);
  const polish = pluralRule("(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)");
  assert.deepEqual([1, 2, 4, 5, 12, 22, 25, 101].map(polish), [0, 1, 1, 2, 2, 1, 2, 2]);
  const arabic = pluralRule("n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5");
  assert.deepEqual([0, 1, 2, 3, 11, 100].map(arabic), [0, 1, 2, 3, 4, 5]);
  assert.throws(() => pluralRule("n != 1; alert(1)"));
  assert.throws(() => pluralRule("constructor"));
});

test("sentences, plurals and contexts from a catalogue; English where it has none", () => {
  useCatalogue({ lang: "fr", plural: "n > 1", messages: {
    "Sit down": "S'asseoir",
    "{name} sat down.": "{name} s'est assis.",
    "{n} card\u0000{n} cards": ["{n} carte", "{n} cartes"],
    "pass direction\u0004left": "à gauche",
  } });
  assert.equal(language(), "fr");
  assert.equal(t("Sit down"), "S'asseoir");
  assert.equal(t("{name} sat down.", { name: "Ann" }), "Ann s'est assis.");
  assert.equal(nt("{n} card", "{n} cards", 0), "0 carte");
  assert.equal(nt("{n} card", "{n} cards", 3), "3 cartes");
  assert.equal(pt("pass direction", "left"), "à gauche");
  assert.equal(t("left"), "left");
  assert.equal(t("Not translated {x}", { x: 1 }), "Not translated 1");
  assert.equal(t("{name} is {name}", { name: "{n}" }), "{n} is {n}");
  useCatalogue({ lang: "en", plural: "n != 1", messages: {} });
  assert.equal(nt("{n} card", "{n} cards", 1), "1 card");
  assert.equal(nt("{n} card", "{n} cards", 0), "0 cards");
});

test("the page's language: the first of the browser's the host has", () => {
  const have = ["en", "de", "es", "fr", "it", "pt_BR"];
  assert.equal(chooseLanguage(have, ["es-ES", "en"]), "es");
  assert.equal(chooseLanguage(have, ["nl-NL", "fr-CA", "de"]), "fr");
  assert.equal(chooseLanguage(have, ["pt-BR"]), "pt_BR");
  assert.equal(chooseLanguage(have, ["nl", "sv"]), "en");
  assert.equal(chooseLanguage(have, []), "en");
});
