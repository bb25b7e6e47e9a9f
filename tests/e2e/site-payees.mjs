// The site's deposit accounts for the whole run of the browser flows: set once by tests/e2e/global-setup.mjs through
// the console's four eyes (the admin asks, the second admin approves), as an operator sets up a real site. With
// accounts listed, every deposit names the one it was paid into and the transfer's reference (docs/decisions/140),
// so every flow's deposit does, and no flow changes the list while others run: the admin flow, which shows a change
// of the list in the console, runs after the others (playwright.config.mjs).

/** Two accounts, so the deposit form asks which one was paid into. */
export const SITE_PAYEES = [
  { type: "bank", name: "Techcombank", holder: "Roundtable Ltd", account: "190339998877" },
  { type: "bank", name: "Vietcombank", holder: "Roundtable Ltd", account: "0071000123456" },
];

let references = 0;

/**
 * Where a deposit asked through the API says it was paid: the first site account and a transfer reference of its
 * own, as a bank statement line writes one ("FT" and digits).
 */
export function paidInto() {
  references += 1;
  const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  return { payee: SITE_PAYEES[0].account, pay_ref: `FT${Date.now() % 1e9}${worker}${references}` };
}
