// The seeded operator signs in as `npm start` tells a person to: password plus the current TOTP code
// of the secret it printed.
import { totpAt } from "../../worker/auth/totp.ts";

function operatorSecret(serverLog) {
  const secret = /TOTP secret ([A-Z2-7]{16,})/.exec(serverLog())?.[1];
  if (!secret) throw new Error("npm start did not print the operator's TOTP secret");
  return secret;
}

export const operatorCode = (serverLog) => totpAt(operatorSecret(serverLog), Date.now());

/** An operator API token, for scenarios that only need the operator in the background. */
export async function operatorToken(base, serverLog) {
  const answer = await (
    await fetch(`${base}/api/admin/login`, { method: "POST", body: JSON.stringify({ username: "admin", password: "admin1234", code: await operatorCode(serverLog) }) })
  ).json();
  if (answer.code !== 1) throw new Error(`operator sign-in refused: ${JSON.stringify(answer)}`);
  return answer.data.token;
}
