import type { AnyDb, ControlDb } from "../db/client";
import { and, eq, sql } from "drizzle-orm";
import { invitationCodes, users } from "../db/schema";

export async function findUserByUsername(db: AnyDb, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      passwordGeneration: users.passwordGeneration,
      frozen: users.frozen,
      role: users.role,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function getUserById(db: AnyDb, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function invitationIsValid(db: ControlDb, code: string) {
  const [row] = await db
    .select({ code: invitationCodes.code })
    .from(invitationCodes)
    .where(and(eq(invitationCodes.code, code), eq(invitationCodes.active, 1)))
    .limit(1);
  return !!row;
}

export async function setRealityCheckMinutes(db: AnyDb, userId: number, minutes: number) {
  await db.update(users).set({ realityCheckMinutes: minutes }).where(eq(users.id, userId));
}
