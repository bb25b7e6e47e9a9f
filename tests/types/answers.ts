// What the compiler refuses about answers (docs/architecture.md#answers, docs/decisions/178). Nothing here
// runs: npm run typecheck compiles it (tests/tsconfig.json), and each `@ts-expect-error` fails the check the
// day its line compiles, that is the day the rule it shows stops holding.
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { Assets } from "#shared/answers/account";
import type { CardList, DepositRow } from "#shared/answers/wallet";
import { Hono } from "hono";
import { ok } from "../../worker/api/envelope";
import { callApi } from "~/lib/api.server";
import { loadAdmin } from "~/lib/operator.server";
import { loader as playersAtRiskLoader } from "~/routes/admin.risk._index";
import type { AtRiskList } from "#shared/answers/console-insight";
import type { ControlDb, WalletDb } from "../../worker/db/client";
import { playersAtRisk } from "../../worker/insight/risk";

/** A presenter built as the Worker's are (worker/wallet/present.ts): its answer is the shared type. */
export function depositRowMissingItsStatus(r: { id: number; amountCents: number; createdAtMs: number }): DepositRow {
  // @ts-expect-error the answer lacks `status`, which DepositRow requires
  return { id: r.id, money: r.amountCents / 100, pay_name: "", time: r.createdAtMs, decidedAt: null, note: "" };
}

/** A route's answer checked as the Worker's routes check theirs (`ok(c, {...} satisfies Assets)`). */
export function assetsWithATextBalance() {
  return {
    // @ts-expect-error money is a wire decimal (a number), not a text
    balance: "10.00",
    withdrawable: 0,
    locked: 0,
    orders: 0,
    nextMaturity: null,
    total: 0,
  } satisfies Assets;
}

/** A loader reads the answer its path has, declared nowhere at the call. */
export async function loaderReadingAFieldTheAnswerLacks(request: Request, context: AppLoadContext) {
  const answer = await callApi(request, context, "/api/Game/getassets");
  const total: number = answer.data.total;
  // @ts-expect-error getassets answers no `frozen`
  return { total, frozen: answer.data.frozen };
}

/**
 * A real console route's loader (app/routes/admin.risk._index.tsx) answers what its path answers, declared
 * nowhere in the route: its rows are players at risk, and reading them as the players list's rows does not
 * compile. Were the loader's answer `any` again, the mistake would compile and this expectation fail.
 */
export async function riskLoaderReadAsThePlayersList(args: LoaderFunctionArgs) {
  const [first] = (await playersAtRiskLoader(args)).list;
  const name: string = first.username;
  // @ts-expect-error a player at risk has no `money` (the players list's rows have)
  const money: number = first.money;
  return { name, money };
}

/** The console's other loaders read theirs the same way. */
export async function consoleLoaderReadingAFieldTheAnswerLacks(request: Request, context: AppLoadContext) {
  const me = await loadAdmin(request, context, "/api/admin/me");
  // @ts-expect-error /api/admin/me answers id, username and role, no email
  return { id: me.id, email: me.email };
}

/**
 * The Worker's answer of the same path, built as worker/api/routes/admin-insight.ts builds it (the real
 * presenter's rows, `satisfies AtRiskList`): a row whose last interaction's time became a text is refused.
 */
export async function riskAnswerWithATextTime(control: ControlDb, shards: WalletDb[]) {
  const list = await playersAtRisk(control, shards, 0);
  const drifted = list.map((p) => ({
    ...p,
    lastInteraction: p.lastInteraction && { ...p.lastInteraction, at: new Date(p.lastInteraction.at).toISOString() },
  }));
  return {
    // @ts-expect-error a last interaction's time is ms (a number), not a text
    list: drifted,
  } satisfies AtRiskList;
}

/** A path the contract does not have is no call at all. */
export async function callToAPathNobodyAnswers(request: Request, context: AppLoadContext) {
  // @ts-expect-error "/api/Game/getassetz" is not a player call of the contract
  return callApi(request, context, "/api/Game/getassetz");
}

/**
 * A route answers what its path declares (shared/answers' PlayerAnswers and ConsoleAnswers), whatever type its own
 * code names: `ok` reads the registered path (worker/api/envelope.ts).
 */
export function routesAnswerTheirPathsType() {
  const routes = new Hono();
  const cards: CardList = { list: [], types: ["Bank"] };
  routes.post("/api/game/getbankcardlist", (c) => ok(c, cards));
  // @ts-expect-error the player's profile is not a list of cards
  routes.post("/api/game/getuserinfo", (c) => ok(c, cards));
  // @ts-expect-error nor is the operator's own record
  routes.post("/api/admin/me", (c) => ok(c, cards));
  return routes;
}
