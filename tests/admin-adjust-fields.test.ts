import { describe, expect, it } from "vitest";
import { count } from "./helpers";
import { consoleBrowser } from "./console-pages";
import { balanceCents, player, requestId } from "./wallet-helpers";

// A credit or debit refused at the field that is wrong, before any confirm step, in the operator's units
// (money with separators and the currency, the largest adjustment from the settings); what was typed comes
// back and nothing is written.

/** The message under the invalid field of that name, found through its aria-describedby. */
function fieldMessage(page: string, name: string): string | null {
  const control = new RegExp(`<(?:input|select)[^>]*name="${name}"[^>]*>`).exec(page)?.[0] ?? "";
  if (!/aria-invalid="true"/.test(control)) return null;
  const id = /aria-describedby="([^"]+)"/.exec(control)?.[1];
  return id ? (new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(page)?.[1].replace(/&amp;/g, "&") ?? null) : null;
}

describe("the credit or debit form", () => {
  it("says each field's problem at the field, with the range in money, and writes nothing", async () => {
    const p = await player(20);
    const browser = await consoleBrowser();
    const audits = await count("audit_log");
    const post = (fields: Record<string, string>) =>
      browser.post(`/admin/players/${p.id}`, { intent: "adjust", request_id: requestId(), ...fields });

    const tooLarge = await post({ money: "100000.01", text: "bonus", reason: "" });
    expect(tooLarge.status).toBe(400);
    const html = await tooLarge.text();
    expect(fieldMessage(html, "money")).toBe("An amount other than 0.00, from −100,000.00 USD to 100,000.00 USD");
    expect(fieldMessage(html, "reason")).toBe("Please enter a reason");
    expect(fieldMessage(html, "text")).toBeNull();
    expect(html).not.toContain('data-testid="confirm-panel"');
    // what was typed comes back, without JavaScript
    expect(html).toMatch(/name="money"[^>]*value="100000.01"/);

    const overdraw = await (await post({ money: "-20.01", text: "correction", reason: "fee" })).text();
    expect(fieldMessage(overdraw, "money")).toBe("A debit takes at most the balance, 20.00 USD");

    const wrongText = await (await post({ money: "-5", text: "bonus", reason: "fee" })).text();
    expect(fieldMessage(wrongText, "text")).toContain("bonus, promotion and compensation are credits");
    expect(fieldMessage(wrongText, "money")).toBeNull();

    const zero = await (await post({ money: "0", text: "", reason: "x" })).text();
    expect(fieldMessage(zero, "money")).toContain("An amount other than 0.00");
    expect(fieldMessage(zero, "text")).toBe("Choose the text the player will see");

    expect(await balanceCents(p.id)).toBe(2_000);
    expect(await count("audit_log")).toBe(audits);
  });
});
