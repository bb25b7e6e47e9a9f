import { Hono } from "hono";
import { failureBody } from "./envelope";
import { ACCOUNT_BUSY, ProductError } from "#shared/product-error";
import { requestContext } from "./context";
import { databases } from "./databases";
import { adminGuard } from "./admin-guard";
import type { AppEnv } from "./types";
import { accountRoutes } from "./routes/account";
import { configRoutes } from "./routes/config";
import { gameRoutes } from "./routes/game";
import { gameOrderRoutes } from "./routes/game-orders";
import { gameRecordRoutes } from "./routes/game-records";
import { contentRoutes } from "./routes/content";
import { walletRoutes } from "./routes/wallet";
import { bankCardRoutes } from "./routes/bank-cards";
import { fundsRoutes } from "./routes/funds";
import { adminWalletRoutes } from "./routes/admin-wallet";
import { financeRoutes } from "./routes/finance";
import { adminContentRoutes } from "./routes/admin-content";
import { adminFinanceRoutes } from "./routes/admin-finance";
import { adminAuthRoutes } from "./routes/admin-auth";
import { adminPlayerRoutes } from "./routes/admin-players";
import { adminRoomRoutes } from "./routes/admin-rooms";
import { adminOperatorRoutes } from "./routes/admin-operators";
import { protectionRoutes } from "./routes/protection";
import { noticeRoutes } from "./routes/notices";
import { throttle } from "./throttle";
import { adminInsightRoutes } from "./routes/admin-insight";
import { adminBooksRoutes } from "./routes/admin-books";
import { SHARD_RETRY_SECONDS, shardTroubleIn } from "../db/shard-trouble";

/**
 * The contract of docs/architecture.md#the-contract, served from D1 and the rooms (demo mode).
 * Paths match case-insensitively: the legacy client spells them /api/Index/... and /api/index/....
 */
export const demoApi = new Hono<AppEnv>({ getPath: (req) => new URL(req.url).pathname.toLowerCase() });

demoApi.use("/api/*", databases);
demoApi.use("/api/*", requestContext);
// Per-source limits before any work (docs/decisions/134); paths are matched lower-cased.
demoApi.use("/api/index/sms_send", throttle("sms"));
demoApi.use("/api/index/register", throttle("register"));
// a forgotten password spends a registration code: the same throttle (docs/decisions/153-forgotten-password.md)
demoApi.use("/api/index/resetpasswd", throttle("register"));
demoApi.use("/api/index/login", throttle("login"));
for (const path of ["/api/admin/login", "/api/admin/enrol/start", "/api/admin/enrol/confirm"])
  demoApi.use(path, throttle("operatorLogin"));
demoApi.use("/api/admin/*", adminGuard);
demoApi.route("/", configRoutes);
demoApi.route("/", accountRoutes);
demoApi.route("/", gameRoutes);
demoApi.route("/", gameOrderRoutes);
demoApi.route("/", gameRecordRoutes);
demoApi.route("/", contentRoutes);
demoApi.route("/", walletRoutes);
demoApi.route("/", bankCardRoutes);
demoApi.route("/", fundsRoutes);
demoApi.route("/", adminWalletRoutes);
demoApi.route("/", financeRoutes);
demoApi.route("/", adminContentRoutes);
demoApi.route("/", adminFinanceRoutes);
demoApi.route("/", adminAuthRoutes);
demoApi.route("/", adminPlayerRoutes);
demoApi.route("/", adminRoomRoutes);
demoApi.route("/", adminOperatorRoutes);
demoApi.route("/", protectionRoutes);
demoApi.route("/", noticeRoutes);
demoApi.route("/", adminInsightRoutes);
demoApi.route("/", adminBooksRoutes);

demoApi.notFound((c) => c.json(failureBody(c.get("lang") ?? "en", new ProductError(1001)), 404));

demoApi.onError((error, c) => {
  const lang = c.get("lang") ?? "en";
  if (error instanceof ProductError && error.errCode === ACCOUNT_BUSY) {
    // a room that could not write to the player's shard said so (docs/decisions/169)
    c.header("retry-after", String(SHARD_RETRY_SECONDS));
    return c.json(failureBody(lang, error), 503);
  }
  if (error instanceof ProductError) return c.json(failureBody(lang, error));
  // Unexpected: log with the request id, answer "system busy"; D1 batches leave nothing half-written.
  // A failed query's message lists its bound values (a token, a phone): they never reach the log (decision 135).
  const text = String(error?.stack ?? error).replace(/^params: .*$/gm, "params: [not logged]");
  const trouble = shardTroubleIn(error);
  const cause = trouble ? { shard: trouble.shard, cause: String(trouble.cause).replace(/^params: .*$/gm, "") } : {};
  console.error(JSON.stringify({ requestId: c.get("requestId"), path: c.req.path, error: text, ...cause }));
  if (!trouble) return c.json(failureBody(lang, new ProductError(1014)));
  // A wallet shard failed (docs/decisions/169): never a 200 without the data. A player is told their account
  // is busy (1240), the console that the system is (1014); both may try again in a few seconds.
  const forConsole = c.req.path.toLowerCase().startsWith("/api/admin");
  c.header("retry-after", String(SHARD_RETRY_SECONDS));
  return c.json(failureBody(lang, new ProductError(forConsole ? 1014 : ACCOUNT_BUSY)), 503);
});
