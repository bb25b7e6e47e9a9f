import { normalisePhone } from "#shared/players/phone";
import type { MoveLink } from "./move";
import { lit } from "./move-tables";
import type { Table } from "drizzle-orm";
import { quotedTable } from "../db/quoted-table";
import { accountDirectory, users } from "../db/schema";

// Rewrites the phones stored before numbers were kept in E.164 (docs/decisions/168-one-phone-number-in-e164.md,
// docs/deploying.md#phone-numbers-in-e164): each player's directory row in the control database and their users
// row in the shard the directory names get the one spelling registration now stores. Two accounts whose numbers
// are one number, and numbers that are none, are reported for an operator and left exactly as they are: which
// account keeps the number is a person's decision, never this command's. Running it again changes nothing more.

/** An account with a phone, as the directory holds it. */
type PhoneRow = { id: number; username: string; shard: number | null; dialCode: string; phone: string };

export type PhonePlan = {
  /** accounts whose stored spelling becomes the E.164 one */
  changes: { row: PhoneRow; dialCode: string; phone: string }[];
  /** accounts stored in E.164 already */
  kept: number;
  /** numbers that are no phone number: left as they are */
  invalid: PhoneRow[];
  /** one E.164 number held by two accounts or more: none of them is changed */
  collisions: { e164: string; rows: PhoneRow[] }[];
};

/** What the command does to these rows, decided before anything is written. */
function planPhoneNormalisation(rows: PhoneRow[]): PhonePlan {
  const byNumber = new Map<string, { row: PhoneRow; dialCode: string; phone: string }[]>();
  const invalid: PhoneRow[] = [];
  for (const row of rows) {
    // a row stored without its dial code was typed on a form whose dial code defaulted to Vietnam's
    const number = normalisePhone(row.phone, row.dialCode || undefined);
    if (!number) {
      invalid.push(row);
      continue;
    }
    const group = byNumber.get(number.e164) ?? [];
    group.push({ row, dialCode: number.dialCode, phone: number.e164 });
    byNumber.set(number.e164, group);
  }
  const plan: PhonePlan = { changes: [], kept: 0, invalid, collisions: [] };
  for (const [e164, group] of byNumber) {
    if (group.length > 1) plan.collisions.push({ e164, rows: group.map((g) => g.row) });
    else if (group[0].row.dialCode === group[0].dialCode && group[0].row.phone === group[0].phone) plan.kept++;
    else plan.changes.push(group[0]);
  }
  return plan;
}

const BATCH = 200;

/**
 * Reads every account's phone from the directory, plans, and (unless `dryRun`) writes the changes: each shard's
 * users rows first, the directory last. The plan is read from the directory, so a run that stopped part way left
 * the directory rows of the players it did not finish as they were, and the next run rewrites those players again
 * (the same values: nothing changes twice). No row is changed into a number another row holds: such rows are one
 * collision, left alone.
 */
export async function normalisePhones(link: MoveLink, { dryRun = false } = {}): Promise<PhonePlan> {
  const rows = await link.control.all<PhoneRow>(
    `SELECT id, username, shard, quhao AS dialCode, phone FROM ${quotedTable(accountDirectory)} WHERE phone <> '' ORDER BY id`,
  );
  const plan = planPhoneNormalisation(rows);
  if (dryRun) return plan;
  const update = (table: Table, c: PhonePlan["changes"][number]) =>
    `UPDATE ${quotedTable(table)} SET quhao = ${lit(c.dialCode)}, phone = ${lit(c.phone)} WHERE id = ${lit(c.row.id)}`;
  for (let shard = 0; shard < link.shardCount; shard++) {
    const changes = plan.changes.filter((c) => c.row.shard === shard);
    for (let i = 0; i < changes.length; i += BATCH)
      await link.shard(shard).batch(changes.slice(i, i + BATCH).map((c) => update(users, c)));
  }
  for (let i = 0; i < plan.changes.length; i += BATCH)
    await link.control.batch(plan.changes.slice(i, i + BATCH).map((c) => update(accountDirectory, c)));
  return plan;
}

const account = (r: PhoneRow) =>
  `${r.username} (id ${r.id}${r.shard === null ? "" : `, shard ${r.shard}`}, stored as ${JSON.stringify(`${r.dialCode} ${r.phone}`.trim())})`;

/** The report for whoever ran the command: the figures, then every account an operator has to look at. */
export function phoneReport(plan: PhonePlan, { dryRun = false } = {}): string {
  const colliding = plan.collisions.reduce((n, c) => n + c.rows.length, 0);
  const lines = [
    `${dryRun ? "Would rewrite" : "Rewrote"} ${plan.changes.length} phone number(s) in E.164; ${plan.kept} stored so already; ` +
      `${plan.invalid.length} not a phone number; ${plan.collisions.length} collision(s) over ${colliding} account(s).`,
  ];
  if (plan.collisions.length) {
    lines.push(
      "",
      "Collisions: accounts whose numbers are one number. None was changed, merged or deleted; an operator decides",
      "which account keeps the number (docs/deploying.md#phone-numbers-in-e164), then runs this command again.",
    );
    for (const c of plan.collisions) lines.push(`  ${c.e164}: ${c.rows.map(account).join("; ")}`);
  }
  if (plan.invalid.length) {
    lines.push("", "Not a phone number (left as stored):");
    for (const r of plan.invalid) lines.push(`  ${account(r)}`);
  }
  return lines.join("\n");
}
