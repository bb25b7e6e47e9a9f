import { ProductError } from "#shared/product-error";
import { message, type ApiLang } from "#shared/messages";
import type { SmsProvider } from "../config";

/** `phone` is the number in E.164 (docs/decisions/168), `dialCode` its country calling code. */
export type SmsRecipient = { dialCode: string; phone: string };
/** What a send gives back: in `screen` mode, the code the page shows instead of a text message. */
export type SmsDelivery = { screenCode?: string };

/**
 * Where verification codes go (SMS_PROVIDER, docs/decisions/133). A refused or failed send throws the
 * envelope's error; the caller then keeps no code (sendSmsCode).
 */
export interface SmsSender {
  send(to: SmsRecipient, code: string, lang: ApiLang): Promise<SmsDelivery>;
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function smsSenderFor(sms: SmsProvider, requestUrl: string): SmsSender {
  if (sms.provider === "twilio") return twilioSender(sms);
  if (sms.provider === "screen") return { send: async (_to, code) => ({ screenCode: code }) };
  return localConsoleSender(LOOPBACK.has(new URL(requestUrl).hostname));
}

/**
 * `npm start`: the code goes to the developer's terminal, the only log line that may carry one, with
 * the phone's last digits only. A request that did not come to this machine is refused, so a deployment
 * left on "log" sends nothing to its logs (docs/decisions/133).
 */
function localConsoleSender(local: boolean): SmsSender {
  return {
    async send({ dialCode, phone }, code) {
      if (!local) {
        console.error(
          JSON.stringify({ sms: "log", error: "SMS_PROVIDER=log serves local development only; set twilio or screen" }),
        );
        throw new ProductError(1180);
      }
      console.log(`[sms] code ${code} for ${dialCode} ···${phone.slice(-3)} (SMS_PROVIDER=log: nothing is sent)`);
      return {};
    },
  };
}

type TwilioError = { code?: number; message?: string; status?: number };
// Twilio's answers for a number it will not text: the player typed a wrong number (2050), not an outage.
const NOT_A_MOBILE = new Set([21211, 21614, 21401, 21265]);

function twilioSender(sms: Extract<SmsProvider, { provider: "twilio" }>): SmsSender {
  const url = `${sms.apiBase}/2010-04-01/Accounts/${sms.accountSid}/Messages.json`;
  const authorization = `Basic ${btoa(`${sms.accountSid}:${sms.authToken}`)}`;
  return {
    async send(to, code, lang) {
      const form = new URLSearchParams({ To: to.phone, Body: message(lang, "sms.code", code) });
      if (sms.messagingServiceSid) form.set("MessagingServiceSid", sms.messagingServiceSid);
      else form.set("From", sms.from);
      let answer: Response;
      try {
        answer = await fetch(url, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form,
          // past TWILIO_TIMEOUT_MS the send counts as failed, and no code is kept
          signal: AbortSignal.timeout(sms.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        console.error(
          JSON.stringify({ sms: "twilio", error: timedOut ? `no answer in ${sms.timeoutMs} ms` : "unreachable" }),
        );
        throw new ProductError(1180);
      }
      const text = await answer.text();
      if (answer.status === 201 || answer.status === 200) return {};
      const refusal = parseTwilioError(text);
      // Twilio's message may quote the number: only its status and code are logged.
      console.error(JSON.stringify({ sms: "twilio", status: answer.status, twilioCode: refusal.code ?? null }));
      if (answer.status === 400 && refusal.code !== undefined && NOT_A_MOBILE.has(refusal.code))
        throw new ProductError(2050);
      throw new ProductError(1180);
    },
  };
}

function parseTwilioError(text: string): TwilioError {
  try {
    const value = JSON.parse(text) as TwilioError;
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}
