import { Hono, type Context } from "hono";
import type { ActionDone, Me } from "#shared/answers/console-routes";
import type { EnrolmentConfirmed, EnrolmentStarted, OperatorSignedIn } from "#shared/answers/console-operators";
import { ACCESS_EMAIL_HEADER } from "../access";
import { ok } from "../envelope";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readConfig } from "../../config";
import { auditStatement } from "../../audit/log";
import { runInOneBatch } from "../../db/batch";
import { sessions } from "../../db/schema";
import { eq } from "drizzle-orm";
import { enrolConfirmForm, enrolStartForm, operatorLoginForm, ownPasswordForm } from "#shared/forms/operators";
import { changeOwnPassword, operatorLogin } from "../../operators/sign-in";
import { confirmEnrolment, startEnrolment } from "../../operators/enrolment";
import { sessionsChanged } from "../session-memo";

// Operator sign-in (docs/product.md#operators): password + TOTP (or a recovery code), enrolment, sign-out.
export const adminAuthRoutes = new Hono<AppEnv>();

/** The email Cloudflare Access verified for this request, when Access guards the console (worker/api/access.ts). */
const accessEmailOf = (c: Context<AppEnv>) =>
  readConfig(c.env).access ? (c.req.header(ACCESS_EMAIL_HEADER) ?? "") : undefined;

adminAuthRoutes.post("/api/admin/login", async (c) => {
  const form = parseBody(operatorLoginForm, c.get("body"));
  return ok(
    c,
    (await operatorLogin(
      c.var.db.control,
      readConfig(c.env).pepper,
      form,
      Date.now(),
      accessEmailOf(c),
    )) satisfies OperatorSignedIn,
  );
});

adminAuthRoutes.post("/api/admin/enrol/start", async (c) => {
  const form = parseBody(enrolStartForm, c.get("body"));
  return ok(c, (await startEnrolment(c.var.db.control, form, Date.now(), accessEmailOf(c))) satisfies EnrolmentStarted);
});

adminAuthRoutes.post("/api/admin/enrol/confirm", async (c) => {
  const form = parseBody(enrolConfirmForm, c.get("body"));
  return ok(
    c,
    (await confirmEnrolment(
      c.var.db.control,
      readConfig(c.env).pepper,
      form,
      Date.now(),
      accessEmailOf(c),
    )) satisfies EnrolmentConfirmed,
  );
});

adminAuthRoutes.post("/api/admin/password", async (c) => {
  const form = parseBody(ownPasswordForm, c.get("body"));
  const { id, username, sessionId } = c.get("user");
  const changed = await changeOwnPassword(
    c.var.db.control,
    readConfig(c.env).pepper,
    { operatorId: id, username, sessionId, ...form },
    Date.now(),
  );
  sessionsChanged(c);
  return ok(c, changed satisfies ActionDone);
});

adminAuthRoutes.post("/api/admin/me", async (c) =>
  ok(c, {
    id: c.get("user").id,
    username: c.get("user").username,
    role: c.get("user").operatorRole ?? null,
  } satisfies Me),
);

adminAuthRoutes.post("/api/admin/logout", async (c) => {
  const db = c.var.db.control;
  const { id, sessionId } = c.get("user");
  const nowMs = Date.now();
  await runInOneBatch(db, [
    db.update(sessions).set({ revokedAtMs: nowMs }).where(eq(sessions.id, sessionId)),
    auditStatement(db, { actorId: id, action: "operator.logout", target: `user:${id}`, nowMs }),
  ]);
  sessionsChanged(c);
  return ok(c, null);
});
