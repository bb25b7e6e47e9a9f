import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const app = new URL("./app", import.meta.url).pathname;

const ROOT_PARTS = [
  "/app/lib/root-data.ts",
  "/app/components/Money.tsx",
  "/app/components/protection/RealityCheckDialog.tsx",
  "/app/lib/protection-types.ts",
  "/app/lib/room-revalidation.ts",
  "/app/lib/web-url.ts",
];
const rootChunk = (id: string) => (ROOT_PARTS.some((part) => id.endsWith(part)) ? "root-parts" : undefined);

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
    minify: true,
    // What the root route renders on every page (its hooks, Money, the reality check, the tab bar's helpers)
    // goes in one chunk: apart, each is a chunk of a few hundred bytes that costs home a request and a gzip
    // frame of its own (home's JavaScript budget, docs/decisions/103).
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: rootChunk } },
  },
}));
