import { Hono } from "hono";
import type {
  OperatorChanged,
  OperatorCreated,
  OperatorList,
  OperatorRequestDecided,
  OperatorRequestList,
} from "#shared/answers/console-operators";
import { ProductError } from "#shared/product-error";
import { readConfig } from "../../config";
import * as z from "zod";
import { ok } from "../envelope";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { integerId } from "#shared/fields";
import {
  createOperator,
  listOperators,
  resetAuthenticator,
  setOperatorDisabled,
  setOperatorRole,
} from "../../operators/accounts";
import { OPERATOR_ROLES } from "#shared/operators/roles";
import { decideOperatorRequest, listOperatorRequests } from "../../operators/operator-requests";
import { sessionsChanged } from "../session-memo";

// Operator accounts (admin role, shared/operators/roles.ts): list, create, role, disable, authenticator.
export const adminOperatorRoutes = new Hono<AppEnv>();

const role = z.enum(OPERATOR_ROLES, { error: "1176" });
const createForm = z.object({
  username: z
    .string({ error: "1175" })
    .trim()
    .regex(/^[A-Za-z0-9_]{3,20}$/, "1175"),
  role,
  // the operator's email of the company's login (Cloudflare Access); needed where Access guards the console
  email: z
    .string({ error: "1237" })
    .trim()
    .toLowerCase()
    .max(254, "1237")
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "1237")
    .optional()
    .or(z.literal("").transform(() => undefined)),
});
const operatorIdForm = z.object({ operatorId: integerId() });
const roleForm = operatorIdForm.extend({ role });

const act = (c: { get(k: "body"): Record<string, unknown>; get(k: "user"): { id: number } }) => ({
  actorId: c.get("user").id,
  operatorId: parseBody(operatorIdForm, c.get("body")).operatorId,
  nowMs: Date.now(),
});

adminOperatorRoutes.post("/api/admin/operators", async (c) =>
  ok(c, { list: await listOperators(c.var.db.control) } satisfies OperatorList),
);

adminOperatorRoutes.post("/api/admin/operators/create", async (c) => {
  const form = parseBody(createForm, c.get("body"));
  if (readConfig(c.env).access && !form.email) throw new ProductError(1237);
  return ok(
    c,
    (await createOperator(c.var.db.control, {
      actorId: c.get("user").id,
      ...form,
      nowMs: Date.now(),
    })) satisfies OperatorCreated,
  );
});

adminOperatorRoutes.post("/api/admin/operators/role", async (c) => {
  const { role: next } = parseBody(roleForm, c.get("body"));
  return ok(c, (await setOperatorRole(c.var.db.control, { ...act(c), role: next })) satisfies OperatorChanged);
});

// These end sessions: sessionsChanged makes later calls of the same request look sessions up again.
adminOperatorRoutes.post("/api/admin/operators/disable", async (c) =>
  ok(
    c,
    (await setOperatorDisabled(c.var.db.control, { ...act(c), disabled: true }).finally(() =>
      sessionsChanged(c),
    )) satisfies OperatorChanged,
  ),
);
adminOperatorRoutes.post("/api/admin/operators/enable", async (c) =>
  ok(c, (await setOperatorDisabled(c.var.db.control, { ...act(c), disabled: false })) satisfies OperatorChanged),
);
adminOperatorRoutes.post("/api/admin/operators/reset-authenticator", async (c) =>
  ok(
    c,
    (await resetAuthenticator(c.var.db.control, act(c)).finally(() => sessionsChanged(c))) satisfies OperatorChanged,
  ),
);

// Requests about operators that wait for a second admin (worker/operators/operator-requests.ts).
adminOperatorRoutes.post("/api/admin/operators/requests", async (c) =>
  ok(c, { list: await listOperatorRequests(c.var.db.control) } satisfies OperatorRequestList),
);
const decisionForm = z.object({ id: integerId() });
for (const [path, approve] of [
  ["/api/admin/operators/requests/approve", true],
  ["/api/admin/operators/requests/reject", false],
] as const) {
  adminOperatorRoutes.post(path, async (c) => {
    const { id } = parseBody(decisionForm, c.get("body"));
    const db = c.var.db.control;
    // an approved reset ends the operator's sessions: later calls of this request look them up again
    const decided = await decideOperatorRequest(db, { actorId: c.get("user").id, id, approve, nowMs: Date.now() });
    sessionsChanged(c);
    return ok(c, decided satisfies OperatorRequestDecided);
  });
}
