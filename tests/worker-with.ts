import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../worker/index";

type Answer = { code: number; info: string; data: Record<string, any> };

/**
 * The whole Worker (pages and API) with other settings than the test project's, e.g. production's
 * throttles or another SMS provider; its bindings (D1, rooms, RATE_LIMITER) are the test's own.
 */
export async function fetchWith(overrides: Record<string, string | undefined>, url: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(url, init) as Parameters<typeof worker.fetch>[0],
    { ...env, ...overrides } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** A contract call (POST, JSON) to that Worker, from `source` (CF-Connecting-IP) when given. */
export async function callWith(
  overrides: Record<string, string | undefined>,
  path: string,
  body: unknown,
  { origin = "https://app.test", source }: { origin?: string; source?: string } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (source) headers["cf-connecting-ip"] = source;
  const response = await fetchWith(overrides, `${origin}${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return (await response.json()) as Answer;
}
