// The compiler keeps each kind of database to its own tables (docs/decisions/176): npm run typecheck checks
// this file, and every `@ts-expect-error` below must meet its error, so a handle that stopped refusing (its
// brand or its table set gone) fails typecheck with "Unused '@ts-expect-error' directive". Nothing runs it.
import { sql } from "drizzle-orm";
import type { AnyDb, ControlDb, WalletDb } from "../../worker/db/client";
import type { Databases } from "../../worker/db/databases";
import {
  accountDirectory,
  auditLog,
  ledger,
  operatorRequests,
  rooms,
  sessions,
  settings,
} from "../../worker/db/schema";
import { listDeposits } from "../../worker/wallet/requests";
import { findGameRoom } from "../../worker/room/game-rooms";
import { accountNames } from "../../worker/db/every-shard";
import { firstPage } from "../../worker/db/keyset";
import { runInOneBatchAtPrimary } from "../../worker/db/batch";
import { GroupCommit } from "../../worker/room/group-commit";
import { type Settlement, settlementStatements } from "../../worker/room/rounds";

export function controlHandleNamesControlTables(dbs: Databases) {
  const control: ControlDb = dbs.control;
  return [
    control.select().from(rooms),
    control.select({ id: accountDirectory.id }).from(accountDirectory),
    control.update(settings).set({ value: "1" }),
    control.select().from(sessions),
    // @ts-expect-error the ledger is a wallet shard's: the control database holds none of it
    control.select().from(ledger),
    // @ts-expect-error a wallet shard's table is never written in the control database
    control.insert(ledger).values({ userId: 1 }),
    // @ts-expect-error a wallet shard's table is never deleted from in the control database
    control.delete(ledger),
  ];
}

export function walletHandleNamesWalletTables(dbs: Databases) {
  const wallet: WalletDb = dbs.wallet(0);
  return [
    wallet.select().from(ledger),
    wallet.select().from(auditLog),
    // @ts-expect-error operator requests are the control database's: a shard holds none
    wallet.select().from(operatorRequests),
    // @ts-expect-error the directory lives in the control database only
    wallet.update(accountDirectory).set({ shard: 1 }),
    // @ts-expect-error rooms are the control database's
    wallet.$count(rooms),
  ];
}

export function oneKindIsNotTheOther(dbs: Databases) {
  return [
    findGameRoom(dbs.control, 1),
    listDeposits(dbs.wallet(0), { at: firstPage(10) }),
    accountNames(dbs.control, [1]),
    // @ts-expect-error a shard passed where the control database is wanted: rooms are not in a shard
    findGameRoom(dbs.wallet(0), 1),
    // @ts-expect-error the control database passed where a shard is wanted: deposits are in the player's shard
    listDeposits(dbs.control, { at: firstPage(10) }),
    // @ts-expect-error the directory is read in the control database only
    accountNames(dbs.walletPrimary(0), [1]),
  ];
}

export function eitherKindNamesOnlyWhatBothHold(db: AnyDb, dbs: Databases) {
  const either: AnyDb[] = [dbs.control, dbs.wallet(0), db];
  return [
    either.map((one) => one.select().from(sessions)),
    either.map((one) => one.all(sql`SELECT 1`)),
    // @ts-expect-error a handle of either kind names only the tables both hold
    db.select().from(ledger),
    // @ts-expect-error a handle of either kind is no control database
    findGameRoom(db, 1),
  ];
}

export function aRoomWritesAShardThroughItsHandle(dbs: Databases, env: Env, settlement: Settlement) {
  const shard = dbs.walletPrimary(0);
  return [
    GroupCommit.atPrimary(shard, () => {}),
    runInOneBatchAtPrimary(shard, settlementStatements(shard, settlement, 0)),
    // @ts-expect-error a room groups its orders in a wallet shard: the control database holds no bets
    GroupCommit.atPrimary(dbs.control, () => {}),
    // @ts-expect-error a room's batch at the primary pays in a wallet shard, never the control database
    runInOneBatchAtPrimary(dbs.control, settlementStatements(shard, settlement, 0)),
    // @ts-expect-error a raw binding says not which database it is (here the control one): a shard comes from Databases
    GroupCommit.atPrimary(env.DB, () => {}),
    // @ts-expect-error nor does a shard's own binding: the one way to a shard is walletPrimary(shard)
    runInOneBatchAtPrimary(env.DB_WALLET_0, []),
    // @ts-expect-error a round is settled with statements built on the shard, never the control database
    settlementStatements(dbs.control, settlement, 0),
  ];
}

export function joinsNameTablesOfTheirKind(dbs: Databases) {
  const control: ControlDb = dbs.control;
  const wallet: WalletDb = dbs.wallet(0);
  const roomList = control.select().from(rooms);
  const withSettings = roomList.innerJoin(settings, sql`1`);
  const entries = wallet.select().from(ledger);
  return [
    withSettings,
    control
      .select()
      .from(operatorRequests)
      .leftJoin(sessions, sql`1`),
    entries.innerJoin(sessions, sql`1`),
    // @ts-expect-error the ledger is a shard's: the control database cannot join it
    roomList.innerJoin(ledger, sql`1`),
    // @ts-expect-error nor after a join of its own
    withSettings.leftJoin(ledger, sql`1`),
    // @ts-expect-error operator requests are the control database's: a shard's query cannot join them
    entries.leftJoin(operatorRequests, sql`1`),
  ];
}
