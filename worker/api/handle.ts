import { demoApi } from "./app";
import { readConfig } from "../config";
import { forwardToUpstream } from "../upstream/proxy";

/** Every /api call, from the browser or in-process from a Remix loader, goes through here. */
export function handleApi(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const config = readConfig(env);
  if (config.apiMode === "proxy") return forwardToUpstream(request, config);
  return Promise.resolve(demoApi.fetch(request, env, ctx));
}
