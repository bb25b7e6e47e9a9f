// vitest globalSetup of the "pair" project (Node): the Worker bundled the way `wrangler deploy` bundles it, for the
// Miniflare instances of tests/pair/*.test.ts: the deploy check's bundle when it is current (scripts/deploy-check.mjs
// keeps it in build/worker/), else bundled now. Needs the Remix build (`npm run build`).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { workerBundle } from "../../scripts/deploy-check.mjs";

export default function setup(project: TestProject) {
  if (!existsSync("build/server/index.js"))
    throw new Error("tests/pair needs the Remix build: run `npm run build` first");
  project.provide("workerBundle", resolve(join(workerBundle(), "index.js")));
}

declare module "vitest" {
  export interface ProvidedContext {
    workerBundle: string;
  }
}
