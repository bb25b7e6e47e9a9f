import { describe, it } from "vitest";
import { direct, expectMoneyInvariants } from "./helpers";
import { contractFlows } from "./contract/flows";

// The shared contract flows straight against this Worker in demo mode; tests/pair/proxy-pair.test.ts runs
// the same flows through a proxy-mode Worker in front of a demo-mode one.
for (const [area, flows] of Object.entries(contractFlows)) {
  describe(`contract: ${area}`, () => {
    for (const flow of flows) {
      it(flow.name, async () => {
        await flow.run(direct);
        await expectMoneyInvariants();
      });
    }
  });
}
