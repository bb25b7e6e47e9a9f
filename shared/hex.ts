/** Lowercase hex of bytes: seeds, commits, hashes and tokens are all spelled this way. */
export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}
