// vitest globalSetup (runs in Node): one local Twilio-shaped server for the Worker tests; its address
// reaches the Worker as TWILIO_API_BASE (vitest.config.ts) and the tests through inject("twilioUrl").
import { startTwilioServer } from "./twilio-server.mjs";

export default async function setup({ provide }) {
  const twilio = await startTwilioServer();
  provide("twilioUrl", twilio.url);
  return () => twilio.close();
}
