declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** "1" in npm run bench -- smoke (the "bench" project only). */
    BENCH_SMOKE?: string;
    /** A project's time of the player's day, "HH:MM" (vitest.config.ts's clockAt, tests/clock-setup.ts). */
    TEST_CLOCK_AT?: string;
  }
  interface GlobalProps {
    mainModule: typeof import("../worker/index");
  }
}
