import type { Db } from "./client";
import { auditLog } from "./schema";

/** Every operator action, with who, what, before and after (DESIGN.md 8); put it in the action's batch. */
export function auditStatement(
  db: Db,
  entry: { actorId: number; action: string; target: string; before?: unknown; after?: unknown; nowMs: number },
) {
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target,
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    createdAtMs: entry.nowMs,
  });
}
