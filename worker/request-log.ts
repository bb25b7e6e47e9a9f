/**
 * One structured line per request (docs/decisions/135): time, request id, method, route, status,
 * duration, and the player's or operator's id when the request carried a session. Nothing else: no
 * query string, header or body, so no phone number, code, token, password or account number can
 * reach a log line through it.
 */
type Entry = { requestId: string; playerId?: number; operatorId?: number };

// Keyed by the request's ExecutionContext, which a page's in-process API calls share (worker/index.ts).
const entries = new WeakMap<object, Entry>();

export function requestIdOf(ctx: object | undefined): string | undefined {
  return ctx ? entries.get(ctx)?.requestId : undefined;
}

/** The session's owner, once its token was looked up (worker/api/session-memo.ts). */
export function noteSessionOwner(ctx: object | undefined, owner: { id: number; kind: string }) {
  const entry = ctx && entries.get(ctx);
  if (!entry) return;
  if (owner.kind === "operator") entry.operatorId = owner.id;
  else entry.playerId = owner.id;
}

export async function withRequestLog(
  request: Request,
  ctx: ExecutionContext,
  handle: () => Promise<Response>,
): Promise<Response> {
  const entry: Entry = { requestId: request.headers.get("cf-ray") ?? crypto.randomUUID() };
  entries.set(ctx, entry);
  const startedMs = Date.now();
  let status = 500;
  try {
    const response = await handle();
    status = response.status;
    return response;
  } finally {
    const { requestId, playerId, operatorId } = entry;
    console.log(
      JSON.stringify({
        time: new Date(startedMs).toISOString(),
        requestId,
        method: request.method,
        route: new URL(request.url).pathname,
        status,
        durationMs: Date.now() - startedMs,
        ...(playerId === undefined ? {} : { playerId }),
        ...(operatorId === undefined ? {} : { operatorId }),
      }),
    );
  }
}
