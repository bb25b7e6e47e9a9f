import type { ContractClient } from "./client";
import { accountFlows } from "./accounts";
import { contentFlows } from "./content";
import { financeFlows } from "./finance";
import { roundFlows } from "./rounds";
import { walletFlows } from "./wallet";

/** One contract scenario: what a client does and what it must be answered. */
export type ContractFlow = { name: string; run: (client: ContractClient) => Promise<void> };

/** Every flow, by area: run directly against the Worker and through a proxy-mode Worker alike. */
export const contractFlows: Record<string, ContractFlow[]> = {
  accounts: accountFlows,
  content: contentFlows,
  rounds: roundFlows,
  wallet: walletFlows,
  finance: financeFlows,
};
