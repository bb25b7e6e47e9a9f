// What the parallel workers of one end-to-end run share, served on 127.0.0.1 by the run's global setup
// (tests/e2e/global-setup.mjs): the seeded operators' TOTP steps.
//   POST /totp?user=admin      → {step, lease}: a step no sign-in of the run used, once the last one handed out
//                                 was sent (POST /totp/done?lease=) or its lease ran out
// Workers reach it through E2E_HUB; without it (a tool outside the runner) tests/e2e/operator.mjs counts steps
// in its own process.
import { createServer } from "node:http";

const STEP_MS = 30_000;
/** A step handed out is typed and sent within this; after it the next sign-in of the operator may go. */
const LEASE_MS = 10_000;
/** A worker waits this long at most for its turn (every other worker's sign-in of the operator before it). */
const WAIT_MS = 600_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * One sign-in at a time per operator, each on a later step than the one before (docs/decisions/060: each step signs
 * in once, and an older step after a newer one is refused, so two workers' sign-ins must not overtake each other).
 */
export function totpSteps() {
  const last = new Map();
  const queues = new Map();
  const leases = new Map();
  let leaseCount = 0;
  return {
    async next(user) {
      const before = queues.get(user) ?? Promise.resolve();
      let done;
      const sent = new Promise((resolve) => (done = resolve));
      const granted = before.then(async () => {
        const now = Math.floor(Date.now() / STEP_MS);
        const step = Math.max(now, (last.get(user) ?? 0) + 1);
        // the next step is valid already (one step of drift): a third sign-in within a step waits for it
        if (step > now + 1) await sleep((step - 1) * STEP_MS - Date.now() + 100);
        last.set(user, step);
        return step;
      });
      queues.set(
        user,
        granted.then(() => Promise.race([sent, sleep(LEASE_MS)])),
      );
      const lease = String(++leaseCount);
      leases.set(lease, done);
      return { step: await granted, lease };
    },
    done(lease) {
      leases.get(lease)?.();
      leases.delete(lease);
    },
  };
}

export async function startHub() {
  const steps = totpSteps();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://hub.local");
    const reply = (status, value) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.method !== "POST") return reply(405, {});
    const user = url.searchParams.get("user");
    if (url.pathname === "/totp" && user) return reply(200, await steps.next(user));
    if (url.pathname === "/totp/done") return reply(200, steps.done(url.searchParams.get("lease")) ?? {});
    return reply(404, {});
  });
  // a client that waits for a step keeps its request open for as long as that takes
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const post = async (path) => {
  const answer = await fetch(`${process.env.E2E_HUB}${path}`, { method: "POST", signal: AbortSignal.timeout(WAIT_MS) });
  if (!answer.ok) throw new Error(`the run's hub answered ${answer.status} to ${path}`);
  return answer.json();
};

/** True inside a run of the Playwright runner, whose global setup started the hub. */
export const inRun = () => Boolean(process.env.E2E_HUB);

/** The run's next TOTP step for the operator; `sent()` once the sign-in that used it has answered. */
export async function runStep(user) {
  const { step, lease } = await post(`/totp?user=${encodeURIComponent(user)}`);
  return { step, sent: () => post(`/totp/done?lease=${lease}`) };
}
