import { z } from "zod";
import { integerId, text } from "../api/validate";
import { page } from "../wallet/forms";
import { cursorFields } from "../api/paging";

// Operator API bodies (docs/product.md#operators); messages are catalogue codes, as in worker/wallet/forms.ts.
export const operatorLoginForm = z.object({
  username: text().min(1, "1010").max(64, "1010"),
  password: z.string({ error: "1011" }).min(1, "1011").max(128, "1003"),
  code: text().max(32, "1170").optional().default(""),
});

export const playerSearchForm = z.object({ query: text().max(64, "1001").optional().default(""), page: page(), ...cursorFields });

export const playerIdForm = z.object({ userId: integerId() });

export const adjustmentDecisionForm = z.object({ id: integerId() });

export const auditForm = z.object({
  operator: text().max(64, "1001").optional(),
  action: text().max(64, "1001").optional(),
  target: text().max(64, "1001").optional(),
  page: page(),
  ...cursorFields,
});

export const roomPageForm = z.object({ page: page() });
export const roomIdForm = z.object({ id: integerId() });
export const roundsForm = z.object({ roomId: integerId(), page: page(), ...cursorFields });
export const roomTemplateForm = z.object({ gameId: integerId(), optionCount: integerId().optional() });
/** The reason is mandatory: it stays with the round in the console and in the audit log. */
export const voidRoundForm = z.object({ roundId: integerId(), reason: z.string({ error: "1151" }).trim().min(3, "1151").max(200, "1151") });
