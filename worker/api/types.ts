import type { ApiLang } from "#shared/messages";
import type { OperatorRole } from "#shared/operators/roles";
import type { Databases } from "../db/databases";

export type SessionUser = {
  id: number;
  username: string;
  nickname: string;
  role: string;
  /** operators only: viewer | cashier | manager | admin (shared/operators/roles.ts) */
  operatorRole?: OperatorRole | null;
  sessionId: number;
  /** a player's wallet shard (docs/decisions/161), named by their session token; null for an operator */
  shard: number | null;
};

export type AppEnv = {
  Bindings: Env;
  Variables: {
    lang: ApiLang;
    requestId: string;
    /** The request's JSON (or form) body as an object; lang and token included. */
    body: Record<string, unknown>;
    user: SessionUser;
    /** The call's databases, each in its D1 session (worker/api/databases.ts). */
    db: Databases;
  };
};
