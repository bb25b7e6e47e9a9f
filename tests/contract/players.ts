import { expect } from "vitest";
import { totpAt } from "../../worker/auth/totp";
import { DEMO_OPERATOR, DEMO_OPERATORS } from "../../worker/seed/seed";
import { seedOperatorTotpSecret } from "../../worker/operators/sign-in";
import { expectOk, type ContractClient } from "./client";

// Players made through the contract alone, so the same steps work directly and through a proxy.

let counter = 0;

/** Fresh registration fields; the SMS code is planted the way sms_send stores it. */
export async function newPlayerFields(client: ContractClient, overrides: Record<string, string> = {}) {
  counter++;
  const stamp = `${Date.now() % 100000}${counter}${Math.floor(Math.random() * 10)}`;
  // a valid Vietnamese mobile number in E.164, the spelling registration stores (docs/decisions/168)
  const national =
    `${counter % 1000}`.padStart(3, "0") +
    `${Date.now() % 1000}`.padStart(3, "0") +
    `${Math.floor(Math.random() * 10)}`;
  const fields = {
    quhao: "+84",
    username: `c${stamp}x`,
    phone: `+8493${national}`,
    captcha: "654321",
    password: "secret123",
    spassword: "secret123",
    invitation: "888",
    payPwd: "",
    adult: "1",
    ...overrides,
  };
  await client.plantSmsCode(fields.quhao, fields.phone, fields.captcha);
  return fields;
}

export async function login(client: ContractClient, username: string, password: string) {
  const answer = await client.call("/api/Index/login", { username, password });
  expectOk(answer);
  return answer.data.token as string;
}

/** The player's balance in money, as getuserinfo shows it. */
export async function balance(client: ContractClient, token: string) {
  const answer = await client.call("/api/Game/getuserinfo", { token });
  expectOk(answer);
  expect(typeof answer.data.money).toBe("number");
  return answer.data.money as number;
}

export const requestId = () => `c${crypto.randomUUID().replace(/-/g, "")}`;

/** Registers a new player (with a withdrawal password when given) through the contract. */
export async function registerPlayer(client: ContractClient, payPwd = "") {
  const fields = await newPlayerFields(client, { payPwd });
  const answer = await client.call("/api/index/register", fields);
  expectOk(answer);
  return { token: answer.data.token as string, username: fields.username };
}

const operatorTokens = new WeakMap<ContractClient, Map<string, Promise<string>>>();

/** A seeded operator, signed in once per client with its TOTP code (each TOTP step signs in once). */
function operatorToken(client: ContractClient, operator: { username: string; password: string } = DEMO_OPERATOR) {
  const tokens = operatorTokens.get(client) ?? new Map<string, Promise<string>>();
  operatorTokens.set(client, tokens);
  let token = tokens.get(operator.username);
  if (!token) {
    token = (async () => {
      const code = await totpAt(await seedOperatorTotpSecret(client.pepper, operator.username), Date.now());
      const signedIn = await client.operatorCall("/api/admin/login", {
        username: operator.username,
        password: operator.password,
        code,
      });
      expectOk(signedIn);
      return signedIn.data.token as string;
    })();
    tokens.set(operator.username, token);
  }
  return token;
}

/** The account the contract's site lists for deposits where it lists none of its own. */
const CONTRACT_PAYEE = { type: "bank", name: "Contract Bank", holder: "CONTRACT TESTS", account: "0071000555666" };

/**
 * Where a deposit says it was paid (a site that lists no account takes no deposit, 1262): the first account the
 * site lists, or, where it lists none, one set up as an operator sets it, asked by the demo's admin and approved by
 * its second admin (docs/decisions/167); and a transfer reference.
 */
export async function paidInto(client: ContractClient) {
  const admin = await operatorToken(client);
  const settings = await client.operatorCall("/api/admin/settings", { token: admin });
  expectOk(settings);
  const listed = settings.data.payees as { account: string }[];
  if (listed.length > 0) return { payee: listed[0].account, pay_ref: "CT2612070001" };
  const asked = await client.operatorCall("/api/admin/settings/update", { token: admin, payees: [CONTRACT_PAYEE] });
  expectOk(asked);
  const second = DEMO_OPERATORS.find((op) => op.role === "admin" && op.username !== DEMO_OPERATOR.username);
  for (const { id } of asked.data.waiting as { id: number }[])
    expectOk(
      await client.operatorCall("/api/admin/settings/requests/approve", {
        token: await operatorToken(client, second),
        id,
      }),
    );
  return { payee: CONTRACT_PAYEE.account, pay_ref: "CT2612070001" };
}

/**
 * The player asks for a deposit and the seeded operators approve it: above the second-approval threshold
 * the first approval only marks it and the demo's second admin gives the second (docs/decisions/061).
 */
export async function deposit(client: ContractClient, token: string, money: number) {
  const asked = await client.call("/api/Game/recharge", {
    token,
    money: String(money),
    pay_name: "Contract Test",
    request_id: requestId(),
    ...(await paidInto(client)),
  });
  expectOk(asked);
  for (const operator of DEMO_OPERATORS.filter((op) => op.role === "admin")) {
    const approved = await client.operatorCall("/api/admin/deposits/approve", {
      token: await operatorToken(client, operator),
      id: asked.data.id,
    });
    expectOk(approved);
    if (approved.data.status === "approved") return;
  }
  throw new Error(`deposit ${asked.data.id} still waits for an approval`);
}
