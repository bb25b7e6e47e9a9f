// What a page makes the browser download from the production build: every stylesheet, module script
// and modulepreload its HTML names, read from build/client and gzipped (level 9, as a static host would).
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const ASSET = /(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"|(?:import\(|from |import )"(\/assets\/[^"]+\.js)"/g;

/** gzip bytes of the JavaScript and CSS a page loads at first, with the list of files. */
export async function pageWeight(base, path, headers = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  const html = await response.text();
  const files = new Set([...html.matchAll(ASSET)].map((m) => m[1] ?? m[2]));
  let js = 0;
  let css = 0;
  for (const file of files) {
    const bytes = gzipSync(readFileSync(`build/client${file}`), { level: 9 }).length;
    if (file.endsWith(".css")) css += bytes;
    else js += bytes;
  }
  return { path, jsBytes: js, cssBytes: css, files: [...files] };
}

/** A signed-in player's cookie, made the way the login form makes it. */
export async function playerCookie(base, username = "demo01", password = "demo1234") {
  const form = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ username, password }),
  });
  return form.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
