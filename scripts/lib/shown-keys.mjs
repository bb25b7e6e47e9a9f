// Translation keys shown to a person instead of words: the check the crawl (tests/e2e/crawl.e2e.mjs) runs on
// the visible text of every screen. A missing translation renders as its key without the namespace
// ("nav.approvals", "errorPage.title"), so the check knows every key of every locale file, flat
// ("nav.approvals" in admin.json) and nested ({"errorPage": {"title"}}), and also catches keys no file has
// (a typo in the code) by their shape: a dotted identifier that starts like a key or reads like code.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * A dotted identifier with an optional "ns:" before it. Its edges are Unicode-aware: Latin letters (with
 * Vietnamese marks), digits and the characters of addresses and paths may not touch it, while Chinese
 * characters, spaces and punctuation may ("余额wallet.balance" shows a key; "Hà.Nội" and "a/b.c" do not).
 */
const CANDIDATE =
  /(?<![\p{Script=Latin}\p{N}_./@:\\-])(?:([A-Za-z][A-Za-z0-9_-]*):)?([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)(?![\p{Script=Latin}\p{N}_/@\\-]|\.[\p{Script=Latin}\p{N}])/gu;
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
const CAMEL_CASE = /[a-z][A-Z]/;

/** Every key path of one locale file, flat or nested, without plural suffixes ("items_one" shows as "items"). */
function keyPaths(tree, prefix = "") {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value && typeof value === "object" ? keyPaths(value, path) : [path.replace(PLURAL_SUFFIX, "")];
  });
}

/**
 * The keys of every locale file of every language under `dir`: those with a dot (a key of one word reads like a
 * word, so it cannot be told from one), the namespaces, and the first parts of keys (the roots).
 */
export function localeKeys(dir = "locales") {
  const keys = new Set();
  const roots = new Set();
  for (const lng of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const file of readdirSync(join(dir, lng.name)).filter((f) => f.endsWith(".json"))) {
      roots.add(file.replace(/\.json$/, ""));
      for (const path of keyPaths(JSON.parse(readFileSync(join(dir, lng.name, file), "utf8")))) {
        if (!path.includes(".")) continue;
        keys.add(path);
        roots.add(path.split(".")[0]);
      }
    }
  }
  return { keys, roots };
}

/**
 * The keys shown in `text`: a known key verbatim, or a dotted identifier that starts with a namespace or a key's
 * root, or names a namespace before a colon, or reads like code (camelCase, snake_case) in every part.
 */
export function shownKeys(text, { keys, roots }) {
  const found = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const [whole, namespace, path] = match;
    const parts = path.split(".");
    const identifier = parts.every((part) => IDENTIFIER.test(part));
    const shown =
      keys.has(path) ||
      (identifier && (roots.has(parts[0]) || (namespace !== undefined && roots.has(namespace)))) ||
      (identifier && parts.some((part) => CAMEL_CASE.test(part) || part.includes("_")));
    if (shown) found.push(whole);
  }
  return found;
}

/** What a value the code failed to turn into words reads like on a screen. */
const BROKEN_VALUE = /(?<![\p{L}\p{N}_])(?:NaN|undefined|null|Invalid Date|\[object Object\])(?![\p{L}\p{N}_])/gu;

/** Values shown as the code holds them: NaN, undefined, null, an invalid date, an object printed whole. */
export function brokenValues(text) {
  return [...text.matchAll(BROKEN_VALUE)].map((match) => match[0]);
}
