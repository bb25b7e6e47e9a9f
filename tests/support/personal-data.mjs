// The privacy check of a server's output (docs/decisions/135): no phone number, SMS code, session token,
// password or account number in any line. Known values (the numbers texted and the codes sent, the
// secrets the flows typed) are looked for as they are; token- and credential-shaped text by pattern.

const SHAPES = [
  // a Durable Object's id is 64 hex digits too: workerd's own warnings name the object as `actorId = <id>`
  ["a session token", /(?<!actorId = )\b[0-9a-f]{64}\b/],
  ["an E.164 phone number", /\+\d{1,4}[ -]?\d{6,14}\b/],
  ["an Authorization header", /\b(Basic|Bearer)\s+[A-Za-z0-9+/=._-]{8,}/],
  [
    "a credential field",
    /"(password|passwd|npasswd|spassword|srcpwd|newpwd|payPwd|captcha|token|code)"\s*:\s*"[^"]+"/i,
  ],
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const exactly = (value) => new RegExp(`(?<![0-9A-Za-z])${escape(value)}(?![0-9A-Za-z])`);

/** `npm start`'s banner names the seeded demo accounts for the developer: it is not a log of requests. */
export function withoutStartBanner(output) {
  return output.replace(/^\s*Roundtable is ready:[^\n]*\n(?:[^\n]*\S[^\n]*\n)*/m, "");
}

/** Each national number a text went to could be written without its dial code (1 to 3 digits). */
function phoneForms(e164) {
  const digits = e164.replace(/^\+/, "");
  return [
    e164,
    ...[1, 2, 3].map((n) => digits.slice(n)).filter((national) => national.length >= 7),
    `0${digits.slice(2)}`,
  ];
}

/** Passwords and account numbers the end-to-end flows type (their literal `.fill(...)` and body values). */
export function typedSecrets(sources) {
  const found = new Set();
  for (const source of sources) {
    for (const m of source.matchAll(/Label\("[^"]*(?:[Pp]assword|Account number|address)[^"]*"\)\.fill\("([^"]+)"\)/g))
      found.add(m[1]);
    for (const m of source.matchAll(
      /\b(?:password|spassword|passwd|npasswd|payPwd|srcpwd|newpwd|pay_password)\s*:\s*"([^"]+)"/g,
    ))
      found.add(m[1]);
  }
  return [...found];
}

/**
 * The lines that carry personal data, each with what it carries (the value itself is not repeated).
 * @param {string} output
 * @param {{ phones?: string[], codes?: string[], secrets?: string[] }} [known]
 * @returns {string[]}
 */
export function findPersonalData(output, { phones = [], codes = [], secrets = [] } = {}) {
  const known = [
    ...phones.flatMap((phone) => phoneForms(phone).map((form) => ["a phone number texted in this run", exactly(form)])),
    ...codes.map((code) => ["an SMS code sent in this run", exactly(code)]),
    ...secrets.map((secret) => ["a password or account number typed in this run", exactly(secret)]),
  ];
  const leaks = [];
  output.split("\n").forEach((line, index) => {
    for (const [what, pattern] of [...SHAPES, ...known]) {
      if (pattern.test(line)) {
        leaks.push(`line ${index + 1}: ${what}: ${line.replace(pattern, "▇▇▇").slice(0, 200)}`);
        break;
      }
    }
  });
  return leaks;
}
