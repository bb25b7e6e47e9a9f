// The test files of a project share one runtime and its module cache (docs/decisions/165): what a helper keeps for
// one file (an operator's token, a browser's cookies, the TOTP steps used) names rows of that file's storage, which
// the next file starts without. Such a helper registers how to forget it; tests/support/fresh-storage.ts calls them.

const forgets: (() => void)[] = [];

/** Registers how to forget what a helper keeps for one test file, before the next file's storage is made. */
export function forgetPerFile(forget: () => void): void {
  forgets.push(forget);
}

/** Forgets every helper's state of the file before. */
export function forgetFileState(): void {
  for (const forget of forgets) forget();
}
