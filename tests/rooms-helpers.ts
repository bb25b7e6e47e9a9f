import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { api, expectOk, operatorLogin, registerPlayer } from "./helpers";
import { walletHandle } from "../worker/db/client";
import { playerD1 } from "./shard-helpers";
import { balanceChangeStatements } from "../worker/ledger/ledger";
import { runInOneBatch } from "../worker/db/batch";
import { roomStub } from "../worker/room/routing";
import { ledgerReasons } from "../worker/ledger/reasons";
import { QUICKNET, beaconRoundAfter } from "#shared/games/beacon";
import { rounds, accountDirectory, sessions, users } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

export const stubOf = (roomId: number) => roomStub(env, roomId);

/** Starts (or finds) the room's round in play, as the cron or an entering player would. */
export async function currentRound(roomId: number) {
  const round = await stubOf(roomId).ensureRunning(roomId);
  expect(round).not.toBeNull();
  return round!;
}

/**
 * Moves the round in play to the given moments (ms from now), in the room and in D1. A round with a beacon
 * names the beacon round of its new close time, as it would have at open (the test chain keeps quicknet's
 * timing), so verifiers still find the round the rule names.
 */
export async function reschedule(roomId: number, closeInMs: number, drawInMs: number) {
  const now = Date.now();
  const round = await currentRound(roomId);
  const beaconRound = round.beaconRound === null ? null : beaconRoundAfter(QUICKNET, now + closeInMs);
  await runInDurableObject(stubOf(roomId), (_room, state) => {
    state.storage.sql.exec(
      "UPDATE room SET close_at_ms = ?, draw_at_ms = ?, beacon_round = ?",
      now + closeInMs,
      now + drawInMs,
      beaconRound,
    );
  });
  await env.DB.prepare(
    `UPDATE ${quotedTable(rounds)} SET close_at_ms = ?, draw_at_ms = ?, beacon_round = ? WHERE id = ?`,
  )
    .bind(now + closeInMs, now + drawInMs, beaconRound, round.roundId)
    .run();
  return { ...round, beaconRound };
}

/** Betting over, draw still ahead (the last CLOSE_SECONDS of a round). */
export const closeBetting = (roomId: number) => reschedule(roomId, -1_000, 30_000);

/** Makes the round in play due and fires the room's alarm: it draws, settles and opens the next round. */
export async function finishRound(roomId: number) {
  const round = await reschedule(roomId, -2_000, -1_000);
  expect(await runDurableObjectAlarm(stubOf(roomId))).toBe(true);
  const row = await env.DB.prepare(`SELECT * FROM ${quotedTable(rounds)} WHERE id = ?`)
    .bind(round.roundId)
    .first<Record<string, any>>();
  expect(row!.status).toBe("settled");
  return row!;
}

export async function userIdOf(username: string) {
  // every account's id is the directory's (docs/decisions/161)
  const row = await env.DB.prepare(`SELECT id FROM ${quotedTable(accountDirectory)} WHERE username = ?`)
    .bind(username)
    .first<{ id: number }>();
  return row!.id;
}

let topups = 0;

/** Credits a player the way a deposit approval does (ledger row + their shard's house mirror). */
async function fund(userId: number, cents: number) {
  const db = walletHandle(await playerD1(userId));
  await runInOneBatch(
    db,
    balanceChangeStatements(db, {
      userId,
      amountCents: cents,
      type: "topup",
      reason: ledgerReasons.adjustment("correction"),
      idempotencyKey: `test-topup:${userId}:${++topups}:${Date.now()}`,
      nowMs: Date.now(),
    }),
  );
}

/** A new player holding `cents`. */
/** The player's newest session (registration signs the player in). */
export async function sessionIdOf(userId: number) {
  const row = await (
    await playerD1(userId)
  )
    .prepare(`SELECT MAX(id) AS id FROM ${quotedTable(sessions)} WHERE user_id = ?`)
    .bind(userId)
    .first<{ id: number }>();
  return row!.id;
}

export async function playerWith(cents: number) {
  const player = await registerPlayer();
  const userId = await userIdOf(player.username);
  if (cents > 0) await fund(userId, cents);
  return { ...player, userId };
}

export async function balanceOf(userId: number) {
  const row = await (
    await playerD1(userId)
  )
    .prepare(`SELECT money_cents FROM ${quotedTable(users)} WHERE id = ?`)
    .bind(userId)
    .first<{ money_cents: number }>();
  return row!.money_cents;
}

/** Places an order through the contract endpoint; rows are [optionIndex, odds, amount]. */
export async function order(token: string, roomId: number, rows: unknown, gameid?: number) {
  const roundId = gameid ?? (await currentRound(roomId)).roundId;
  return api("/api/Game/order", { token, roomid: roomId, gameid: roundId, order_info: rows });
}

export async function placeOk(token: string, roomId: number, rows: unknown) {
  const answer = await order(token, roomId, rows);
  expectOk(answer);
  return answer.data as { order_id: number; ordersn: string; money: number };
}

/**
 * Stops or resumes a room's trading as an operator does (the console's room settings): the room itself
 * decides whether an order trades (docs/decisions/161), and hears of the change before the answer.
 */
export async function setTrading(roomId: number, trading: boolean) {
  const token = await operatorLogin();
  const room = (await api("/api/admin/rooms/get", { token, id: roomId })).data;
  expectOk(
    await api("/api/admin/rooms/update", {
      token,
      id: roomId,
      title: room.title,
      kind: room.kind,
      minjoin: room.minjoin,
      minbuy: room.minbuy,
      minLevel: room.minLevel,
      roundSeconds: room.roundSeconds ?? "",
      closeSeconds: room.closeSeconds ?? "",
      trading: trading ? "1" : "0",
      rates: room.options.map((o: { odds: number }) => String(o.odds)),
      rtp_confirmed: "1",
    }),
  );
}
