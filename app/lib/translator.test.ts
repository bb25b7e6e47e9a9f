import { readFileSync, readdirSync } from "node:fs";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions, namespaces, supportedLngs } from "./i18n";
import { Translator } from "./translator";

// The browser's translator must render exactly what i18next renders on the server (docs/decisions/102).

type Tree = { [key: string]: string | Tree };
const resources = Object.fromEntries(
  supportedLngs.map((lng) => [
    lng,
    Object.fromEntries(
      namespaces.map((ns) => [ns, JSON.parse(readFileSync(`locales/${lng}/${ns}.json`, "utf8")) as Tree]),
    ),
  ]),
);

function keysOf(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const VARIABLES = {
  num: 20,
  name: "Ann",
  rank: 3,
  total: "40.00",
  time: "12:00",
  seqno: 7,
  n: 2,
  level: 4,
  coin: "BTC",
  page: 2,
  sum: 13,
  seconds: 9,
  money: "1.00",
  min: 1,
  max: 9,
  currency: "USD",
  type: "x",
  to: "b",
  sums: "1, 2",
};
const OPTION_SETS = [
  {},
  VARIABLES,
  { ...VARIABLES, count: 0 },
  { ...VARIABLES, count: 1 },
  { ...VARIABLES, count: 5 },
  { defaultValue: "Fallback {{name}}", name: "Z" },
];

describe("the browser's translator", () => {
  it("knows every locale file", () => {
    for (const lng of supportedLngs)
      expect(readdirSync(`locales/${lng}`).sort()).toEqual(namespaces.map((ns) => `${ns}.json`).sort());
  });

  for (const lng of supportedLngs) {
    it(
      `answers as i18next for every key in ${lng}, with and without variables, counts and defaults`,
      { timeout: 30_000 },
      async () => {
        const reference = createInstance();
        await reference.init({ ...i18nOptions, resources, lng, ns: [...namespaces] });
        const ours = new Translator();
        // the browser holds its own language only; a missing key there would show differently, so none may be missing
        await ours.init({ ...i18nOptions, resources: { [lng]: resources[lng] }, lng });
        const differences: string[] = [];
        const compare = (what: string, mine: string, theirs: string) =>
          mine !== theirs && differences.push(`${what}: ${mine} != ${theirs}`);
        for (const ns of namespaces) {
          const fixedOurs = ours.getFixedT(lng, [ns, "common"]);
          const fixedReference = reference.getFixedT(lng, [ns, "common"]);
          const keys = new Set(
            keysOf(resources[lng][ns]).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")),
          );
          for (const key of [...keys, "missing.key"]) {
            for (const options of OPTION_SETS) {
              const what = `${ns}:${key} ${JSON.stringify(options)}`;
              compare(what, ours.t(`${ns}:${key}`, options), reference.t(`${ns}:${key}`, options));
              compare(`fixed ${what}`, fixedOurs(key, options), fixedReference(key, options));
            }
          }
        }
        expect(differences).toEqual([]);
      },
    );
  }

  it("tells listeners when the language changes", async () => {
    const ours = new Translator();
    await ours.init({ resources, lng: "en", fallbackLng: "en", defaultNS: "common" });
    const heard: string[] = [];
    ours.on("languageChanged", (lng) => heard.push(lng));
    await ours.changeLanguage("vi");
    await ours.changeLanguage("vi");
    expect(heard).toEqual(["vi"]);
    expect(ours.language).toBe("vi");
  });
});
