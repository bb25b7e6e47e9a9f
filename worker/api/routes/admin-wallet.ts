import type { WalletDb } from "../../db/client";
import type { Paged } from "#shared/answers/paging";
import type { Payments, RequestDecided, RequestHistoryRow } from "#shared/answers/console-wallet";
import type { Databases } from "../../db/databases";
import { type Context, Hono } from "hono";
import { ok } from "../envelope";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { readSettings } from "../../settings/settings";
import {
  type DepositRecord,
  type ListQuery,
  listDeposits,
  listWithdrawals,
  REQUEST_KEY_WIDTH,
  requestListKey,
} from "../../wallet/requests";
import { type PageAt, mergedPage } from "../../db/keyset";
import { accountNames } from "../../db/every-shard";
import { pageAt, pagedList } from "../../db/paging";
import { decideRequest } from "../../wallet/decisions";
import { approveDeposit } from "../../wallet/deposit-approval";
import { requestBooks } from "../../operators/player-shards";
import {
  PAGE_SIZE,
  decisionForm,
  filterQuery,
  rejectionForm,
  requestListForm,
  withdrawalApprovalForm,
} from "#shared/forms/wallet";
import { parseAdjustmentRef, parseRequestRef, type RequestKind } from "#shared/request-ref";
import { operatorDepositRow, operatorWithdrawalRow } from "../../wallet/present";
import { depositRequests, withdrawalRequests } from "../../db/schema";

// The operator's wallet desk (used by the operator console): request queues, decisions and
// balance adjustments. The role each route needs is in shared/operators/roles.ts.
export const adminWalletRoutes = new Hono<AppEnv>();

function listQuery(body: Record<string, unknown>, viewerId: number, kind: RequestKind) {
  const form = parseBody(requestListForm, body);
  // the player field also takes a request's reference (shared/request-ref.ts): that request alone, none when it
  // names a request of the other kind or an adjustment
  const ref = parseRequestRef(form.player) ?? (parseAdjustmentRef(form.player) ? { kind: null, id: 0 } : null);
  return {
    viewer: { id: viewerId, nowMs: Date.now() },
    userId: form.userId,
    status: form.status === "all" ? undefined : form.status,
    ...filterQuery(form),
    ...(ref ? { id: ref.kind === kind ? ref.id : 0, username: undefined } : {}),
    oldestFirst: form.status === "pending",
    at: pageAt(form, PAGE_SIZE, REQUEST_KEY_WIDTH),
  };
}

function decision(
  c: { get(key: "body"): Record<string, unknown>; get(key: "user"): { id: number } },
  which: "approve-deposit" | "approve-withdrawal" | "reject-deposit" | "reject-withdrawal",
) {
  const schema = {
    "approve-deposit": decisionForm,
    "approve-withdrawal": withdrawalApprovalForm,
    "reject-deposit": rejectionForm("deposit"),
    "reject-withdrawal": rejectionForm("withdrawal"),
  }[which];
  const form = parseBody(schema, c.get("body"));
  const payoutRef = "payout_ref" in form ? form.payout_ref : undefined;
  return { operatorId: c.get("user").id, id: form.id, note: form.note, payoutRef, nowMs: Date.now() };
}

/**
 * A request list of every wallet shard (docs/decisions/161), merged in the list's order; the operators who
 * decided a row are named from the control database's directory (their accounts are not in the shard).
 */
async function everyShardRequests<T extends { id: number; createdAtMs: number; decidedById: number | null }>(
  dbs: Databases,
  query: ListQuery & { at: PageAt },
  list: (db: WalletDb, q: ListQuery) => Promise<T[]>,
  otherOperators: (row: T) => (number | null)[] = () => [],
) {
  const rows = await mergedPage(dbs.wallets, query.at, query.oldestFirst ? "asc" : "desc", requestListKey, (db, at) =>
    list(db, { ...query, at }),
  );
  const names = await accountNames(
    dbs.control,
    rows.flatMap((r) => [r.decidedById, ...otherOperators(r)]),
  );
  return { rows, names };
}

/** An operator's name from the directory's answer; null for no operator. */
const nameOf = (names: Map<number, string>, id: number | null) => (id === null ? null : (names.get(id) ?? null));

adminWalletRoutes.post("/api/admin/deposits", async (c) => {
  const query = listQuery(c.get("body"), c.get("user").id, "deposit");
  const db = c.var.db.control;
  const [{ rows: read, names }, limits] = await Promise.all([
    everyShardRequests(c.var.db, query, listDeposits, (r) => [r.firstApprovedBy]),
    readSettings(db, ["deposit_second_approval_cents"]),
  ]);
  const rows = read.map((r) => ({
    ...r,
    decidedBy: nameOf(names, r.decidedById),
    firstApprover: nameOf(names, r.firstApprovedBy),
  }));
  // which approval a pending deposit waits for, so the confirm step says what Approve will do (docs/decisions/061)
  const step = (r: DepositRecord) =>
    r.status !== "pending"
      ? null
      : r.firstApprovedBy !== null
        ? "second"
        : r.amountCents > limits.deposit_second_approval_cents
          ? "first"
          : "only";
  return ok(
    c,
    pagedList(rows, query.at, requestListKey, (r) => ({
      ...operatorDepositRow(r),
      approvalStep: step(r),
    })) satisfies Paged<RequestHistoryRow>,
  );
});

// A decision goes to the shard of the request it names, where its money move, notice and audit row are one
// batch (docs/decisions/161); the operator and the settings stay in the control database.
adminWalletRoutes.post("/api/admin/deposits/approve", async (c) => {
  const d = decision(c, "approve-deposit");
  return ok(c, (await approveDeposit(await requestBooks(c.var.db, depositRequests, d.id), d)) satisfies RequestDecided);
});

adminWalletRoutes.post("/api/admin/deposits/reject", async (c) => {
  const d = decision(c, "reject-deposit");
  const { wallet } = await requestBooks(c.var.db, depositRequests, d.id);
  return ok(c, (await decideRequest(wallet, "deposit", "rejected", d)) satisfies RequestDecided);
});

adminWalletRoutes.post("/api/admin/withdrawals", async (c) => {
  const query = listQuery(c.get("body"), c.get("user").id, "withdrawal");
  const { rows, names } = await everyShardRequests(c.var.db, query, listWithdrawals);
  const named = rows.map((r) => ({ ...r, decidedBy: nameOf(names, r.decidedById) }));
  return ok(c, pagedList(named, query.at, requestListKey, operatorWithdrawalRow) satisfies Paged<RequestHistoryRow>);
});

// What paying in and out needs beside the queues: whether players who ask to deposit have an account to
// pay into, and the coin rates and fees a coin withdrawal is paid at (shared/payouts.ts).
adminWalletRoutes.post("/api/admin/payments", async (c) => {
  const s = await readSettings(c.var.db.control, ["deposit_mode", "deposit_payees", "coin_payouts"]);
  return ok(c, {
    depositAccountMissing: s.deposit_mode === "request" && s.deposit_payees.length === 0,
    coinPayouts: s.coin_payouts,
  } satisfies Payments);
});

// Each route answers through its own `ok`, which holds the answer to its path's type (worker/api/envelope.ts).
async function decideWithdrawal(c: Context<AppEnv>, verdict: "approved" | "rejected"): Promise<RequestDecided> {
  const d = decision(c, verdict === "approved" ? "approve-withdrawal" : "reject-withdrawal");
  const { wallet } = await requestBooks(c.var.db, withdrawalRequests, d.id);
  return decideRequest(wallet, "withdrawal", verdict, d);
}
adminWalletRoutes.post("/api/admin/withdrawals/approve", async (c) =>
  ok(c, (await decideWithdrawal(c, "approved")) satisfies RequestDecided),
);
adminWalletRoutes.post("/api/admin/withdrawals/reject", async (c) =>
  ok(c, (await decideWithdrawal(c, "rejected")) satisfies RequestDecided),
);
