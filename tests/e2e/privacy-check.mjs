// The privacy check of a run (docs/decisions/135): the server's whole output carries no phone number, SMS code,
// token, password or account number that the run's flows typed or were texted.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { findPersonalData, typedSecrets, withoutStartBanner } from "../support/personal-data.mjs";
import { FLOWS_DIR } from "./flow-files.mjs";

/** Throws with the leaks found in the server's output; answers a line saying what was read. */
export function checkServerOutput(serverOutput, sent) {
  const leaks = findPersonalData(withoutStartBanner(serverOutput), {
    phones: sent.map((m) => m.to),
    codes: sent.map((m) => /\b\d{6}\b/.exec(m.body)?.[0]).filter(Boolean),
    secrets: typedSecrets(
      readdirSync(FLOWS_DIR)
        .filter((f) => f.endsWith(".mjs"))
        .map((f) => readFileSync(join(FLOWS_DIR, f), "utf8")),
    ),
  });
  if (leaks.length)
    throw new Error(
      `personal data in the server's output (${sent.length} texts sent):\n    ${leaks.slice(0, 20).join("\n    ")}`,
    );
  return `no personal data in the server's output (${serverOutput.split("\n").length} lines, ${sent.length} texts sent)`;
}
