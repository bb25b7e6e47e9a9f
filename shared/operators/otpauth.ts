// The otpauth:// link an authenticator app scans (Google Authenticator's Key Uri Format): the API answers
// it at the start of an enrolment and the console draws it again when a confirm is refused.
const TOTP_ISSUER = "Roundtable";

export function otpauthUrl(account: string, secretBase32: string, issuer = TOTP_ISSUER): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=6&period=30`;
}
