// A local server on 127.0.0.1 that speaks Twilio's Programmable Messaging REST API (2010-04-01), as far as
// the Worker uses it (worker/players/sms-senders.ts):
//   POST /2010-04-01/Accounts/{AccountSid}/Messages.json   Basic auth AccountSid:AuthToken, form body
//        To, From or MessagingServiceSid, Body → 201 and the Message resource, or Twilio's error body
//        {code, message, more_info, status} (20003 wrong credentials, 21211 bad To, 21602 no Body,
//        21603/21604 no sender, 20429 too many requests)
//   GET  /2010-04-01/Accounts/{AccountSid}/Messages.json?To=   the sent messages, newest first (Twilio's
//        list shape), which is how tests read a code that "reached the phone"
// Tests steer it for one recipient on the same port: POST /control {to, fail: 400|401|429|500|null, delayMs} makes the
// messages to `to` (E.164) fail or wait (400: 21211, a valid number Twilio will not text), and POST /control {} forgets every such rule; GET /control tells the rules.
// Messages to other numbers go through as ever: tests running beside the steering one (vitest's other workers,
// which share this server) never meet its failures.
// Run by hand: `node tests/support/twilio-server.mjs 8853` prints its account and token.
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";

export const TWILIO_TEST_ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
export const TWILIO_TEST_AUTH_TOKEN = "local-twilio-auth-token";
export const TWILIO_TEST_FROM = "+15005550006";

const errorBody = (status, code, message) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

export async function startTwilioServer({
  port = 0,
  accountSid = TWILIO_TEST_ACCOUNT_SID,
  authToken = TWILIO_TEST_AUTH_TOKEN,
} = {}) {
  const messages = [];
  /** recipient (E.164) → { fail, delayMs } */
  const rules = new Map();
  let requests = 0;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const path = `/2010-04-01/Accounts/${accountSid}/Messages.json`;

  const server = createServer(async (req, res) => {
    const body = await new Promise((resolve) => {
      let text = "";
      req.on("data", (d) => (text += d)).on("end", () => resolve(text));
    });
    const url = new URL(req.url, "http://twilio.local");
    const reply = (status, value) => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    };
    if (url.pathname === "/control") {
      if (req.method === "POST") {
        const { to, fail = null, delayMs = 0 } = JSON.parse(body || "{}");
        if (to === undefined) rules.clear();
        else if (fail === null && !delayMs) rules.delete(to);
        else rules.set(to, { fail, delayMs });
      }
      return reply(200, { rules: Object.fromEntries(rules), requests, sent: messages.length });
    }
    if (!url.pathname.endsWith("/Messages.json"))
      return reply(404, errorBody(404, 20404, "The requested resource was not found"));
    requests++;
    if (req.headers.authorization !== expectedAuth || url.pathname !== path)
      return reply(401, errorBody(401, 20003, "Authenticate"));
    if (req.method === "GET") {
      const to = url.searchParams.get("To");
      const list = messages.filter((m) => !to || m.to === to).reverse();
      return reply(200, {
        messages: list,
        page: 0,
        page_size: 50,
        start: 0,
        end: Math.max(0, list.length - 1),
        uri: req.url,
        first_page_uri: req.url,
        next_page_uri: null,
        previous_page_uri: null,
      });
    }
    if (req.method !== "POST") return reply(405, errorBody(405, 20004, "Method not allowed"));
    const isForm = (req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");
    const form = new URLSearchParams(isForm ? body : "");
    const to = form.get("To") ?? "";
    const rule = rules.get(to) ?? { fail: null, delayMs: 0 };
    if (rule.delayMs) await new Promise((r) => setTimeout(r, rule.delayMs));
    if (rule.fail === 400)
      return reply(400, errorBody(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (rule.fail === 429) return reply(429, errorBody(429, 20429, "Too Many Requests"));
    if (rule.fail === 401) return reply(401, errorBody(401, 20003, "Authenticate"));
    if (rule.fail >= 500) return reply(rule.fail, errorBody(rule.fail, 20500, "Internal Server Error"));
    if (!isForm) return reply(400, errorBody(400, 21602, "Message body is required."));
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return reply(400, errorBody(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
    if (!form.get("Body")) return reply(400, errorBody(400, 21602, "Message body is required."));
    const from = form.get("From");
    const service = form.get("MessagingServiceSid");
    if (!from && !service) return reply(400, errorBody(400, 21603, "The 'From' phone number is required."));
    if (service && !/^MG[0-9a-f]{32}$/.test(service))
      return reply(400, errorBody(400, 21704, "The Messaging Service contains no phone numbers"));
    const now = new Date().toUTCString().replace("GMT", "+0000");
    const sid = `SM${randomBytes(16).toString("hex")}`;
    const message = {
      account_sid: accountSid,
      api_version: "2010-04-01",
      body: form.get("Body"),
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from: from ?? null,
      messaging_service_sid: service ?? null,
      num_media: "0",
      num_segments: "1",
      price: null,
      price_unit: "USD",
      sid,
      status: service ? "accepted" : "queued",
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    };
    messages.push(message);
    return reply(201, message);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  const auth = { authorization: expectedAuth };
  return {
    url,
    accountSid,
    authToken,
    from: TWILIO_TEST_FROM,
    /** The messages sent to `to` (E.164), newest first, read through the list endpoint as a client would. */
    async messagesTo(to) {
      const answer = await fetch(`${url}${path}?To=${encodeURIComponent(to)}`, { headers: auth });
      return (await answer.json()).messages;
    },
    /** Every message sent so far (oldest first). */
    sent: () => [...messages],
    async steer(settings) {
      await fetch(`${url}/control`, { method: "POST", body: JSON.stringify(settings) });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const twilio = await startTwilioServer({ port: Number(process.argv[2] ?? 8853) });
  console.log(`Twilio-shaped server on ${twilio.url}
  SMS_PROVIDER=twilio TWILIO_API_BASE=${twilio.url} TWILIO_ACCOUNT_SID=${twilio.accountSid} TWILIO_FROM=${twilio.from}
  and TWILIO_AUTH_TOKEN=${twilio.authToken} in .dev.vars`);
}
