import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const app = new URL("./app", import.meta.url).pathname;

// Every page runs entry.client and the root route: what they import (React, Remix, the root's hooks, Money,
// the reality check, the tab bar's icons and badge, the translator, the service worker's start) goes in one
// chunk. Apart, each of these is a chunk of a few hundred bytes that costs every page a request and a gzip
// frame of its own (home's JavaScript budget, docs/decisions/103 and 203). Modules of a few dozen bytes that
// home shares with other pages (the article languages, a game's title, the names both sides give a player's
// things, the articles' stylesheet address) join it for the same reason.
const SMALL_SHARED = [
  "/app/components/content/types.ts",
  "/app/lib/game-title.ts",
  "/shared/names.ts",
  "/app/styles/content.css?url",
];
const EVERY_PAGE = [/\/app\/entry\.client\.tsx$/, /\/app\/root\.tsx(\?.*)?$/];
type ModuleInfo = { importedIds: readonly string[] } | null;
let everyPage: Set<string> | undefined;
function rootChunk(
  id: string,
  {
    getModuleIds,
    getModuleInfo,
  }: { getModuleIds: () => IterableIterator<string>; getModuleInfo: (id: string) => ModuleInfo },
) {
  if (!everyPage) {
    const entries = [...getModuleIds()].filter((module) => EVERY_PAGE.some((entry) => entry.test(module)));
    everyPage = new Set();
    const queue = entries.flatMap((entry) => getModuleInfo(entry)?.importedIds ?? []);
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      if (everyPage.has(next) || entries.includes(next)) continue;
      everyPage.add(next);
      queue.push(...(getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return everyPage.has(id) || SMALL_SHARED.some((path) => id.endsWith(path)) ? "root-parts" : undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
  ],
  resolve: {
    alias: {
      "~": app,
      // The browser translates with the small translator of docs/decisions/102; the server keeps i18next.
      ...(isSsrBuild
        ? {}
        : { "react-i18next": `${app}/lib/translator-react.tsx`, i18next: `${app}/lib/translator.ts` }),
    },
  },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
  },
  build: {
    // The browser's code through terser (two passes): 3 to 4 KB less gzip on every page than esbuild's
    // minifier (docs/decisions/203). The server's stays esbuild's, which is faster.
    minify: isSsrBuild ? true : "terser",
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: rootChunk } },
  },
}));
