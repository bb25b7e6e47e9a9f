import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";

// Payout addresses checked by the format of their network (docs/decisions/143-adjustment-texts-and-coin-networks.md):
// a typo caught here is money that does not leave for an address nobody holds. Mainnet only: this is real money.

/** The networks a coin can be paid out on; a coin with one network names it itself. */
export const COIN_NETWORKS = { USDT: ["TRC20", "ERC20"], BTC: ["BTC"], ETH: ["ETH"] } as const;

export type Coin = keyof typeof COIN_NETWORKS;
export type Network = (typeof COIN_NETWORKS)[Coin][number];

/** "ok", or why the address is not one of this network: a wrong shape or a checksum that does not match (a typo). */
export type AddressCheck = "ok" | "shape" | "checksum";

export function checkAddress(network: Network, address: string): AddressCheck {
  if (network === "TRC20") return checkBase58(address, [0x41], /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  if (network === "BTC")
    return /^bc1/i.test(address)
      ? checkSegwit(address)
      : checkBase58(address, [0x00, 0x05], /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/);
  return checkHexAddress(address);
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58Decode(text: string): Uint8Array {
  let value = 0n;
  for (const char of text) value = value * 58n + BigInt(BASE58.indexOf(char));
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  const zeros = text.match(/^1*/)![0].length;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

/** Base58Check: 1 version byte, a 20-byte hash, then the first 4 bytes of SHA-256(SHA-256(the 21 bytes)). */
function checkBase58(address: string, versions: number[], shape: RegExp): AddressCheck {
  if (!shape.test(address)) return "shape";
  const bytes = base58Decode(address);
  if (bytes.length !== 25 || !versions.includes(bytes[0])) return "shape";
  const sum = sha256(sha256(bytes.subarray(0, 21)));
  return sum.subarray(0, 4).every((b, i) => b === bytes[21 + i]) ? "ok" : "checksum";
}

/** 0x and 40 hex digits; mixed case carries the EIP-55 checksum and must match it, one case carries none. */
function checkHexAddress(address: string): AddressCheck {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return "shape";
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return "ok";
  return address === eip55(address) ? "ok" : "checksum";
}

/** The EIP-55 spelling: each hex letter upper case where the Keccak-256 of the lower-case digits has a nibble of 8 or more. */
function eip55(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  const nibble = (i: number) => (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0xf;
  return `0x${[...hex].map((c, i) => (nibble(i) >= 8 ? c.toUpperCase() : c)).join("")}`;
}

/**
 * One spelling per address, so the same address typed in another case is recognised as bound already:
 * hex in its EIP-55 form, bech32 in lower case, base58 as it is (its case is part of it). Only for an address checked "ok".
 */
export function canonicalAddress(network: Network, address: string): string {
  if (network === "ERC20" || network === "ETH") return eip55(address);
  return network === "BTC" && /^bc1/i.test(address) ? address.toLowerCase() : address;
}

/** A USDT address names its network by its shape ("T…" Tron, "0x…" Ethereum); null when it names none. */
export function networkOfShape(address: string): Network | null {
  if (/^T/.test(address)) return "TRC20";
  return /^0x/i.test(address) ? "ERC20" : null;
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= gen[i];
  }
  return chk >>> 0;
}

/** A native segwit address (BIP-173 bech32 for version 0, BIP-350 bech32m for 1 to 16), on "bc" only. */
function checkSegwit(address: string): AddressCheck {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return "shape";
  const lower = address.toLowerCase();
  if (lower.length < 14 || lower.length > 90 || !/^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/.test(lower))
    return "shape";
  const data = [...lower.slice(3)].map((c) => BECH32.indexOf(c));
  const version = data[0];
  const program = fromFiveBits(data.slice(1, -6));
  if (version > 16 || !program || program.length < 2 || program.length > 40) return "shape";
  if (version === 0 && program.length !== 20 && program.length !== 32) return "shape";
  const expanded = [
    ...[..."bc"].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[..."bc"].map((c) => c.charCodeAt(0) & 31),
    ...data,
  ];
  return polymod(expanded) === (version === 0 ? BECH32_CONST : BECH32M_CONST) ? "ok" : "checksum";
}

/** 5-bit groups back to bytes; null when the padding is not zeros of less than 5 bits. */
function fromFiveBits(groups: number[]): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const g of groups) {
    acc = (acc << 5) | g;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  return bits >= 5 || acc !== 0 ? null : out;
}
