import { demoApi } from "./app";
import { edgeCache, isPublicPath, publicCacheKey } from "./public-cache";
import { readConfig } from "../config";
import { forwardToUpstream } from "./upstream/proxy";

/** Every /api call, from the browser or in-process from a Remix loader, goes through here. */
export async function handleApi(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const config = readConfig(env);
  const answer = (call: Request) =>
    config.apiMode === "proxy" ? forwardToUpstream(call, config) : answerFromD1(call, env, ctx);
  const url = new URL(request.url);
  if (config.publicCacheSeconds === 0 || request.method !== "POST" || !isPublicPath(url.pathname))
    return privately(await answer(request));

  const rawBody = await request.text();
  const call = new Request(request, { body: rawBody });
  const key = publicCacheKey(url, request.headers, rawBody);
  if (!key) return privately(await answer(call));
  const cached = await edgeCache().match(key);
  if (cached) return cached;
  const fresh = await answer(call);
  const text = await fresh.text();
  if (fresh.status !== 200 || !isSuccess(text)) return privately(new Response(text, fresh));
  const publicAnswer = new Response(text, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": `public, max-age=${config.publicCacheSeconds}`,
    },
  });
  ctx.waitUntil(edgeCache().put(key, publicAnswer.clone()));
  return publicAnswer;
}

/** Demo mode: the API of worker/api/app.ts, each call in its D1 sessions (worker/api/databases.ts). */
const answerFromD1 = (call: Request, env: Env, ctx: ExecutionContext) => demoApi.fetch(call, env, ctx);

/** Answers for one player (or failures) are never stored by the edge, a proxy or the browser. */
function privately(response: Response): Response {
  const answer = new Response(response.body, response);
  answer.headers.set("cache-control", "no-store");
  return answer;
}

function isSuccess(text: string): boolean {
  try {
    return (JSON.parse(text) as { code?: unknown }).code === 1;
  } catch {
    return false;
  }
}
