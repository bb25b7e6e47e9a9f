import { afterAll, vi } from "vitest";
import { freshStorage } from "./support/fresh-storage";

// The test files of a project share one runtime and its module cache (docs/decisions/165): each starts from empty
// storage and databases built afresh from the migrations' snapshot.
await freshStorage();

// spies a file leaves on console or fetch end with it, not in the next file of the runtime
afterAll(() => vi.restoreAllMocks());
