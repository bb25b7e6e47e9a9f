import { describe, expect, it } from "vitest";
import en from "./en/admin.json";
import vi from "./vi/admin.json";
import zhCN from "./zh-CN/admin.json";
import zhTW from "./zh-TW/admin.json";

// A console confirm step shows the button that acts beside the way out that does nothing. When the
// action is withdrawing one's own request, the two must not read alike ("Cancel" beside "Cancel request"):
// an operator who means to step back must not withdraw the request, nor the reverse.
describe("the confirm step's way out and the request's withdrawal", () => {
  it.each([
    ["en", en],
    ["zh-CN", zhCN],
    ["zh-TW", zhTW],
    ["vi", vi],
  ])("read apart in %s", (_lng, resource) => {
    const words = resource as Record<string, string>;
    const wayOuts = [words["confirm.cancel"], words["operators.cancel"]];
    const withdrawals = [words["approvals.cancel"], words["operators.withdraw"]];
    for (const out of wayOuts) {
      for (const withdraw of withdrawals) {
        expect(out?.trim()).toBeTruthy();
        expect(withdraw.toLowerCase().includes(out.toLowerCase()), `${out} / ${withdraw}`).toBe(false);
        expect(out.toLowerCase().includes(withdraw.toLowerCase()), `${out} / ${withdraw}`).toBe(false);
      }
    }
  });
});
