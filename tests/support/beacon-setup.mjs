// vitest globalSetup (runs in Node) of the "beacon" project: one local drand-shaped beacon
// (tests/support/beacon-server.mjs) whose address and test key reach the Worker as BEACON_URL and
// BEACON_TEST_PUBLIC_KEY (vitest.config.ts), and the tests through inject("beaconUrl").
import { startBeacon } from "./beacon-server.mjs";

export default async function setup({ provide }) {
  const beacon = await startBeacon();
  provide("beaconUrl", beacon.url);
  provide("beaconPublicKey", beacon.publicKey);
  return () => beacon.close();
}
