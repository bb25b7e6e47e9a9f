// Page weight from the production build: gzip JavaScript and CSS that home, login and a room (signed in)
// load at first (tests/support/page-weight.mjs). The budget: home JavaScript at most 100 KB (docs/decisions/102).
import { pageWeight, playerCookie } from "../support/page-weight.mjs";

export default async function ({ base, report }) {
  const cookie = await playerCookie(base);
  for (const [label, path, headers] of [
    ["home", "/", {}],
    ["login", "/login", {}],
    ["room (signed in)", "/activity/1", { cookie }],
  ]) {
    const weight = await pageWeight(base, path, headers);
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const budget = label === "home" ? ` (budget 100 KB: ${weight.jsBytes <= 100 * 1024 ? "met" : "MISSED"})` : "";
    report(
      "page weight",
      label,
      `JS ${kb(weight.jsBytes)}${budget}, CSS ${kb(weight.cssBytes)}, ${weight.files.length} files`,
    );
  }
}
