// Page weight from the production build: gzip JavaScript and CSS that home, login and a room (signed in)
// load at first (tests/support/page-weight.mjs). Each figure is printed beside its target: home's JavaScript
// at most 90 KB (docs/decisions/203, which lowered decision 102's 100 KB); the others have none.
import { pageWeight, playerCookie } from "../support/page-weight.mjs";

/** KB of gzip JavaScript a page may load at first, by label. */
const JS_BUDGET_KB = { home: 90 };

export default async function ({ base, report }) {
  const cookie = await playerCookie(base);
  for (const [label, path, headers] of [
    ["home", "/", {}],
    ["login", "/login", {}],
    ["room (signed in)", "/activity/1", { cookie }],
  ]) {
    const weight = await pageWeight(base, path, headers);
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const budget = JS_BUDGET_KB[label];
    const target =
      budget === undefined ? "no target" : `target ${budget} KB: ${weight.jsBytes <= budget * 1024 ? "met" : "MISSED"}`;
    report(
      "page weight",
      label,
      `JS ${kb(weight.jsBytes)} (${target}), CSS ${kb(weight.cssBytes)} (no target), ${weight.files.length} files`,
    );
  }
}
