import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { totpAt } from "../worker/auth/totp";
import {
  api,
  count,
  expectError,
  expectMoneyInvariants,
  expectOk,
  freshTotpCode,
  newPlayerFields,
  operatorLogin,
} from "./helpers";
import { auditRows, secondOperator } from "./admin-helpers";
import { balanceCents, player, requestId } from "./wallet-helpers";
import { users, enrolmentCodes } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// Power over operators is four-eyed and operators own their credentials (docs/decisions/060 and 061):
// an admin alone makes no operator who can sign in, never holds a credential that signs in as someone
// else, and enrolment tells nothing about a password. Each test here failed on the code before them.

const adjust = (token: string, userId: number, money: string) =>
  api("/api/admin/adjust", { text: "correction", token, userId, money, reason: "bonus", request_id: requestId() });

let names = 0;
const newName = (prefix: string) => `${prefix}${Date.now() % 100000}${++names}`;

/** The enrolment as the new operator walks it: the code they were handed, their own password and authenticator. */
export async function enrol(username: string, enrolCode: string, password: string) {
  const started = await api("/api/admin/enrol/start", { username, enrolCode });
  expectOk(started);
  const secret = started.data.secret as string;
  const confirmed = await api("/api/admin/enrol/confirm", {
    username,
    enrolCode,
    password,
    code: await freshTotpCode(secret),
  });
  expectOk(confirmed);
  return { secret, confirmed: confirmed.data };
}

async function createOperator(token: string, role = "cashier") {
  const username = newName("desk");
  const created = await api("/api/admin/operators/create", { token, username, role });
  expectOk(created);
  return { username, ...created.data };
}

const signIn = async (username: string, password: string, secret: string) =>
  api("/api/admin/login", { username, password, code: await freshTotpCode(secret) });

describe("no sock puppets: a new operator waits for a second admin", () => {
  it("an admin alone creates and enrols an operator, who still cannot sign in or approve the admin's credit", async () => {
    const admin = await operatorLogin();
    const { id: playerId } = await player();
    const created = await createOperator(admin);
    expect(created).not.toHaveProperty("password");
    expect(created).toMatchObject({ status: "pending", role: "cashier" });
    const { secret } = await enrol(created.username, created.enrolment.code, "puppet-pass-123");
    expectError(await signIn(created.username, "puppet-pass-123", secret), 1170);
    const queued = await adjust(admin, playerId, "50000");
    expect(queued.data.status).toBe("pending");
    // the admin who asked cannot approve their own request, nor a request about themselves
    expectError(await api("/api/admin/operators/requests/approve", { token: admin, id: created.requestId }), 1123);
    expect(await balanceCents(playerId)).toBe(0);
    const second = await (await secondOperator(true, "admin")).signIn();
    expectOk(await api("/api/admin/operators/requests/approve", { token: second, id: created.requestId }));
    const puppet = await signIn(created.username, "puppet-pass-123", secret);
    expectOk(puppet);
    expect(await auditRows("operator.create.approve", `user:${created.id}`)).toHaveLength(1);
    await expectMoneyInvariants();
  });

  it("refuses to approve a new operator who has not enrolled (1233): the second admin approves a person, not a name", async () => {
    const admin = await operatorLogin();
    const created = await createOperator(admin);
    const second = await (await secondOperator(true, "admin")).signIn();
    expectError(await api("/api/admin/operators/requests/approve", { token: second, id: created.requestId }), 1233);
    expect(await count("users", "id = ? AND frozen = 1", created.id)).toBe(1);
  });

  it("an account nobody enrolled is not enabled either (1233): enabling skips no step", async () => {
    const admin = await operatorLogin();
    const created = await createOperator(admin);
    const enable = await api("/api/admin/operators/enable", { token: admin, operatorId: created.id });
    expect(enable.data.status).toBe("pending");
    const second = await (await secondOperator(true, "admin")).signIn();
    expectError(await api("/api/admin/operators/requests/approve", { token: second, id: enable.data.requestId }), 1233);
    expect(await count("users", "id = ? AND frozen = 1", created.id)).toBe(1);
  });

  it("enabling an operator and raising a role wait for a second admin; lowering a role does not", async () => {
    const admin = await operatorLogin();
    const op = await secondOperator(true, "viewer");
    const raised = await api("/api/admin/operators/role", { token: admin, operatorId: op.id, role: "admin" });
    expectOk(raised);
    expect(raised.data.status).toBe("pending");
    expect(await count("users", "id = ? AND operator_role = 'viewer'", op.id)).toBe(1);
    // the operator the request is about does not approve it
    const self = await (await secondOperator(true, "admin")).signIn();
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'admin' WHERE id = ?`)
      .bind(op.id)
      .run();
    expectError(
      await api("/api/admin/operators/requests/approve", { token: await op.signIn(), id: raised.data.requestId }),
      1123,
    );
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET operator_role = 'viewer' WHERE id = ?`)
      .bind(op.id)
      .run();
    expectOk(await api("/api/admin/operators/requests/approve", { token: self, id: raised.data.requestId }));
    expect(await count("users", "id = ? AND operator_role = 'admin'", op.id)).toBe(1);
    const lowered = await api("/api/admin/operators/role", { token: admin, operatorId: op.id, role: "cashier" });
    expect(lowered.data).toMatchObject({ status: "done", role: "cashier" });
    expectOk(await api("/api/admin/operators/disable", { token: admin, operatorId: op.id }));
    const enabled = await api("/api/admin/operators/enable", { token: admin, operatorId: op.id });
    expect(enabled.data.status).toBe("pending");
    expect(await count("users", "id = ? AND frozen = 1", op.id)).toBe(1);
    const listed = await api("/api/admin/operators/requests", { token: self });
    expect(listed.data.list.find((r: { id: number }) => r.id === enabled.data.requestId)).toMatchObject({
      kind: "enable",
      requestedBy: "admin",
    });
  });
});

describe("requests about operators under parallel load", () => {
  it("two admins approving one request at once: it is approved once, with one audit row", async () => {
    const admin = await operatorLogin();
    const op = await secondOperator(true, "viewer");
    const raised = await api("/api/admin/operators/role", { token: admin, operatorId: op.id, role: "manager" });
    const [a, b] = [
      await (await secondOperator(true, "admin")).signIn(),
      await (await secondOperator(true, "admin")).signIn(),
    ];
    const answers = await Promise.all([
      api("/api/admin/operators/requests/approve", { token: a, id: raised.data.requestId }),
      api("/api/admin/operators/requests/approve", { token: b, id: raised.data.requestId }),
      api("/api/admin/operators/requests/reject", { token: b, id: raised.data.requestId }),
    ]);
    expect(answers.filter((x) => x.code === 1)).toHaveLength(1);
    for (const lost of answers.filter((x) => x.code !== 1)) expect(lost.data.errCode).toBe(1128);
    const decided = await count(
      "audit_log",
      "target = ? AND action IN ('operator.role.approve', 'operator.role.reject')",
      `user:${op.id}`,
    );
    expect(decided).toBe(1);
  });

  it("two admins asking the same change at once file one request", async () => {
    const op = await secondOperator(true, "viewer");
    await env.DB.prepare(`UPDATE ${quotedTable(users)} SET frozen = 1 WHERE id = ?`)
      .bind(op.id)
      .run();
    const [a, b] = [await operatorLogin(), await (await secondOperator(true, "admin")).signIn()];
    const answers = await Promise.all([
      api("/api/admin/operators/enable", { token: a, operatorId: op.id }),
      api("/api/admin/operators/enable", { token: b, operatorId: op.id }),
    ]);
    answers.forEach(expectOk);
    expect(answers[0].data.requestId).toBe(answers[1].data.requestId);
    expect(await count("operator_requests", "operator_id = ? AND kind = 'enable' AND status = 'pending'", op.id)).toBe(
      1,
    );
  });
});

describe("operators own their credentials", () => {
  it("enrolment by the old first password is gone: the create answer holds no password and a password does not start enrolment", async () => {
    const admin = await operatorLogin();
    const created = await createOperator(admin);
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    expectError(await api("/api/admin/enrol/start", { username: created.username, password: "anything-12" }), 1250);
  });

  it("a second start invalidates the first (audited); the code is single-use and the admin cannot sign in as the operator", async () => {
    const admin = await operatorLogin();
    const created = await createOperator(admin);
    const first = await api("/api/admin/enrol/start", {
      username: created.username,
      enrolCode: created.enrolment.code,
    });
    expectOk(first);
    const mine = await api("/api/admin/enrol/start", { username: created.username, enrolCode: created.enrolment.code });
    expectOk(mine);
    expect(mine.data.secret).not.toBe(first.data.secret);
    // what the first start showed cannot finish the enrolment any more
    expectError(
      await api("/api/admin/enrol/confirm", {
        username: created.username,
        enrolCode: created.enrolment.code,
        password: "taken-over-123",
        code: await totpAt(first.data.secret, Date.now()),
      }),
      1253,
    );
    expectOk(
      await api("/api/admin/enrol/confirm", {
        username: created.username,
        enrolCode: created.enrolment.code,
        password: "my-own-pass-123",
        code: await freshTotpCode(mine.data.secret),
      }),
    );
    expect((await auditRows("operator.enrol.start", `user:${created.id}`)).map((r) => JSON.parse(r.after!))).toEqual([
      { restarted: false },
      { restarted: true },
    ]);
    expectError(
      await api("/api/admin/enrol/start", { username: created.username, enrolCode: created.enrolment.code }),
      1252,
    );
  });

  it("an enrolment code expires", async () => {
    const admin = await operatorLogin();
    const created = await createOperator(admin);
    await env.DB.prepare(`UPDATE ${quotedTable(enrolmentCodes)} SET expires_at_ms = ? WHERE user_id = ?`)
      .bind(Date.now() - 1, created.id)
      .run();
    expectError(
      await api("/api/admin/enrol/start", { username: created.username, enrolCode: created.enrolment.code }),
      1251,
    );
  });

  it("a reset authenticator waits for a second admin, whose fresh code the operator enrols with; the old code does nothing", async () => {
    const admin = await operatorLogin();
    const created = await createOperator(admin);
    const { secret } = await enrol(created.username, created.enrolment.code, "colleague-pass-1");
    const second = await (await secondOperator(true, "admin")).signIn();
    expectOk(await api("/api/admin/operators/requests/approve", { token: second, id: created.requestId }));
    expectOk(await signIn(created.username, "colleague-pass-1", secret));
    const reset = await api("/api/admin/operators/reset-authenticator", { token: admin, operatorId: created.id });
    expect(reset.data.status).toBe("pending");
    expectOk(await signIn(created.username, "colleague-pass-1", secret));
    const approved = await api("/api/admin/operators/requests/approve", { token: second, id: reset.data.requestId });
    expectOk(approved);
    expectError(
      await api("/api/admin/enrol/start", { username: created.username, enrolCode: created.enrolment.code }),
      1252,
    );
    // the approving admin holds the fresh code: whoever enrols with it gets no session, the account is
    // disabled until an admin other than the code's holder enables it (1239)
    const again = await enrol(created.username, approved.data.enrolment.code, "colleague-pass-2");
    expect(again.confirmed.token).toBeUndefined();
    expectError(await signIn(created.username, "colleague-pass-2", again.secret), 1170);
    const enable = await api("/api/admin/operators/enable", { token: admin, operatorId: created.id });
    expect(enable.data.status).toBe("pending");
    expectError(await api("/api/admin/operators/requests/approve", { token: second, id: enable.data.requestId }), 1239);
    const third = await (await secondOperator(true, "admin")).signIn();
    expectOk(await api("/api/admin/operators/requests/approve", { token: third, id: enable.data.requestId }));
    expectOk(await signIn(created.username, "colleague-pass-2", again.secret));
  });

  it("an operator changes their own password in the console (audited); the old one stops working", async () => {
    const op = await secondOperator(true, "viewer");
    const token = await op.signIn();
    expectError(
      await api("/api/admin/password", { token, password: "wrong-one-12", newPassword: "brand-new-pass-1" }),
      1170,
    );
    expectError(await api("/api/admin/password", { token, password: op.password, newPassword: "short1" }), 1235);
    expectOk(await api("/api/admin/password", { token, password: op.password, newPassword: "brand-new-pass-1" }));
    expectError(await signIn(op.username, op.password, op.secret), 1170);
    expectOk(await signIn(op.username, "brand-new-pass-1", op.secret));
    expect(await auditRows("operator.password", `user:${op.id}`)).toHaveLength(1);
  });
});

describe("no oracles", () => {
  it("enrolment answers a right and a wrong password alike", async () => {
    const op = await secondOperator(true, "viewer");
    const right = await api("/api/admin/enrol/start", { username: op.username, password: op.password });
    const wrong = await api("/api/admin/enrol/start", { username: op.username, password: "not-the-one-1" });
    expect(right).toEqual(wrong);
    expectError(right, 1250);
  });

  it("one SMS code tests at most three usernames at registration, then a new code is needed (2066)", async () => {
    const [one, two] = [await player(), await player()];
    const operator = await secondOperator(true, "viewer");
    const fields = await newPlayerFields();
    for (const username of [operator.username, one.username, two.username])
      expectError(await api("/api/index/register", { ...fields, username }), 1013);
    expectError(await api("/api/index/register", fields), 2066);
    expect(await count("users", "lower(username) = lower(?)", fields.username)).toBe(0);
  });
});
