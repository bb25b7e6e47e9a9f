import { env } from "cloudflare:workers";
import { describe, it } from "vitest";
import { api, expectMoneyInvariants, plantSmsCode } from "./helpers";
import type { ContractClient } from "./contract/client";
import { contractFlows } from "./contract/flows";

// The shared contract flows straight against this Worker in demo mode; tests/pair/proxy-pair.test.ts runs
// the same flows through a proxy-mode Worker in front of a demo-mode one.
const direct: ContractClient = { call: api, operatorCall: api, plantSmsCode: (quhao, phone, code) => plantSmsCode(quhao, phone, code), pepper: env.PEPPER };

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
