import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../worker/index";
import { api, operatorLogin } from "./helpers";
import { consoleBrowser } from "./console-pages";
import { walletDatabases } from "./shard-helpers";
import { booksChecks } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

// The books banner at the top of every console screen (docs/decisions/172): "not checked yet" and "late" only
// when a check was due and did not run; a check that ran in time shows its result. On the code before it an old
// check showed as "Books balanced" however long the cron had stopped, and a shard never checked turned the
// banner into "Books check FAILED" with no row that disagreed.
const MINUTE = 60_000;

async function runCron(atMs = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: atMs }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** The banner's words on the console's home screen. */
async function banner() {
  const html = await (await (await consoleBrowser()).get("/admin")).text();
  const match = /<(div|section) class="books [^"]*"[^>]*>([\s\S]*?)<\/\1>/.exec(html);
  return (match?.[2] ?? "").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

/** Moves every shard's checks back in time, as if the cron had stopped that long ago. */
const ageChecks = (ms: number) =>
  Promise.all(
    walletDatabases().map((db) =>
      db
        .prepare(`UPDATE ${quotedTable(booksChecks)} SET checked_at_ms = checked_at_ms - ?`)
        .bind(ms)
        .run(),
    ),
  );

describe("the books banner says a check is missing only when one was due and did not run", () => {
  it("no check yet: says so; after the cron: the result, neither 'not checked' nor 'late'", async () => {
    expect(await banner()).toContain("The books have not been checked yet");
    await runCron();
    const shown = await banner();
    expect(shown).toContain("Books balanced");
    expect(shown).not.toContain("not been checked");
    expect(shown).not.toContain("late");
    const op = await operatorLogin();
    expect((await api("/api/admin/books", { token: op })).data).toMatchObject({ checked: true, late: false, ok: true });
  });

  it("a check within the interval and its slack is not late; past it the banner says when it last ran", async () => {
    await runCron();
    await ageChecks(6 * MINUTE);
    expect(await banner()).toContain("Books balanced");
    await ageChecks(2 * MINUTE);
    const shown = await banner();
    expect(shown).toMatch(/The books check is late: last checked .*UTC\+8/);
    expect(shown).not.toContain("Books balanced");
    // the cron's next run checks again, and the banner is the result once more
    await runCron();
    expect(await banner()).toContain("Books balanced");
  });

  it("a shard never checked while the others were is late, not a failed check", async () => {
    const shards = walletDatabases();
    if (shards.length < 2) return;
    await runCron();
    await shards[shards.length - 1].prepare(`DELETE FROM ${quotedTable(booksChecks)}`).run();
    const op = await operatorLogin();
    const answer = await api("/api/admin/books", { token: op });
    expect(answer.data).toMatchObject({ checked: true, late: true, ok: true });
    const shown = await banner();
    expect(shown).toContain("The books check is late");
    expect(shown).not.toContain("FAILED");
  });
});
