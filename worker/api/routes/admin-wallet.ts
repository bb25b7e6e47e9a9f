import { Hono } from "hono";
import { ok } from "../envelope";
import { parseBody } from "#shared/fields";
import type { AppEnv } from "../types";
import { getDb } from "../../db/client";
import { readSettings } from "../../settings/settings";
import { listDeposits, listWithdrawals, requestListKey, type DepositRecord } from "../../wallet/requests";
import { pageAt, pagedList } from "../../db/paging";
import { decideRequest } from "../../wallet/decisions";
import { approveDeposit } from "../../wallet/deposit-approval";
import {
  PAGE_SIZE,
  decisionForm,
  filterQuery,
  rejectionForm,
  requestListForm,
  withdrawalApprovalForm,
} from "#shared/forms/wallet";
import { operatorDepositRow, operatorWithdrawalRow } from "../../wallet/present";

// The operator's wallet desk (used by the operator console): request queues, decisions and
// balance adjustments. The role each route needs is in shared/operators/roles.ts.
export const adminWalletRoutes = new Hono<AppEnv>();

function listQuery(body: Record<string, unknown>, viewerId: number) {
  const form = parseBody(requestListForm, body);
  return {
    viewer: { id: viewerId, nowMs: Date.now() },
    userId: form.userId,
    status: form.status === "all" ? undefined : form.status,
    ...filterQuery(form),
    oldestFirst: form.status === "pending",
    at: pageAt(form, PAGE_SIZE),
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

adminWalletRoutes.post("/api/admin/deposits", async (c) => {
  const query = listQuery(c.get("body"), c.get("user").id);
  const db = getDb(c.env);
  const [rows, limits] = await Promise.all([
    listDeposits(db, query),
    readSettings(db, ["deposit_second_approval_cents"]),
  ]);
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
    pagedList(rows, query.at, requestListKey, (r) => ({ ...operatorDepositRow(r), approvalStep: step(r) })),
  );
});

adminWalletRoutes.post("/api/admin/deposits/approve", async (c) =>
  ok(c, await approveDeposit(getDb(c.env), decision(c, "approve-deposit"))),
);

adminWalletRoutes.post("/api/admin/deposits/reject", async (c) =>
  ok(c, await decideRequest(getDb(c.env), "deposit", "rejected", decision(c, "reject-deposit"))),
);

adminWalletRoutes.post("/api/admin/withdrawals", async (c) => {
  const query = listQuery(c.get("body"), c.get("user").id);
  const rows = await listWithdrawals(getDb(c.env), query);
  return ok(c, pagedList(rows, query.at, requestListKey, operatorWithdrawalRow));
});

// What paying in and out needs beside the queues: whether players who ask to deposit have an account to
// pay into, and the coin rates and fees a coin withdrawal is paid at (shared/payouts.ts).
adminWalletRoutes.post("/api/admin/payments", async (c) => {
  const s = await readSettings(getDb(c.env), ["deposit_mode", "deposit_payees", "coin_payouts"]);
  return ok(c, {
    depositAccountMissing: s.deposit_mode === "request" && s.deposit_payees.length === 0,
    coinPayouts: s.coin_payouts,
  });
});

adminWalletRoutes.post("/api/admin/withdrawals/approve", async (c) =>
  ok(c, await decideRequest(getDb(c.env), "withdrawal", "approved", decision(c, "approve-withdrawal"))),
);

adminWalletRoutes.post("/api/admin/withdrawals/reject", async (c) =>
  ok(c, await decideRequest(getDb(c.env), "withdrawal", "rejected", decision(c, "reject-withdrawal"))),
);
