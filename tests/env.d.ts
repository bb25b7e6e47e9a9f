declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
    /** "1" in npm run bench -- smoke (the "bench" project only). */
    BENCH_SMOKE?: string;
  }
  interface GlobalProps {
    mainModule: typeof import("../worker/index");
  }
}
