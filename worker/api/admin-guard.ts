import type { MiddlewareHandler } from "hono";
import { ProductError } from "#shared/product-error";
import { requireOperator } from "./context";
import type { AppEnv } from "./types";
import { ADMIN_ROUTE_ROLES, roleAllows } from "#shared/operators/roles";

/**
 * The one check in front of every /api/admin path (docs/decisions/060-operator-sign-in.md): the path's
 * least role from ADMIN_ROUTE_ROLES, an operator session (requireOperator), and a role that includes it
 * (else 1174). A path the table does not name is refused: a new endpoint is closed until it states its role.
 */
export const adminGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = new URL(c.req.url).pathname.toLowerCase();
  const needed = ADMIN_ROUTE_ROLES[path];
  if (needed === "public") return next();
  if (!needed) {
    console.error(
      JSON.stringify({
        requestId: c.get("requestId"),
        path,
        error: "no role declared for this path in shared/operators/roles.ts",
      }),
    );
    throw new ProductError(1001);
  }
  await requireOperator(c, async () => {
    if (!roleAllows(c.get("user").operatorRole, needed)) throw new ProductError(1174);
    await next();
  });
};
