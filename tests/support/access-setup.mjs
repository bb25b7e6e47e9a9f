// vitest globalSetup (runs in Node): the local Access key server of access-server.mjs; its address and
// signing key reach the tests through inject() (tests/operator-access.test.ts turns Access on per call).
import { startAccessServer } from "./access-server.mjs";

export default async function setup({ provide }) {
  const access = await startAccessServer();
  provide("accessTeamUrl", access.url);
  provide("accessPrivateJwk", access.privateJwk);
  return () => access.close();
}
