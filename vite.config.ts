import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

const app = new URL("./app", import.meta.url).pathname;

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
  build: { minify: true },
}));
