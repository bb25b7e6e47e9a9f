import { describe, expect, it } from "vitest";
import { canonicalAddress, checkAddress, networkOfShape } from "./coin-address";

// Vectors from the specifications themselves (EIP-55, BIP-173, BIP-350, BIP-13) and well-known mainnet
// addresses (Bitcoin's genesis output, the Tron USDT contract); each "checksum" case is a valid address
// with one character changed, checked independently with Python's hashlib while writing this test.

describe("TRC20 addresses (base58check, version 0x41)", () => {
  it("accepts valid addresses", () => {
    expect(checkAddress("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("ok");
    expect(checkAddress("TRC20", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7")).toBe("ok");
  });
  it("refuses a changed character as a checksum mismatch", () => {
    expect(checkAddress("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe("checksum");
  });
  it("refuses other shapes", () => {
    expect(checkAddress("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6")).toBe("shape"); // 33 characters
    expect(checkAddress("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t")).toBe("shape"); // 0 is not base58
    expect(checkAddress("TRC20", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe("shape"); // a Bitcoin address
    expect(checkAddress("TRC20", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("shape");
  });
});

describe("ERC20 and ETH addresses (0x + 40 hex, EIP-55 when mixed case)", () => {
  const eip55 = [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];
  it("accepts the EIP-55 vectors and single-case addresses", () => {
    for (const a of eip55) expect(checkAddress("ERC20", a)).toBe("ok");
    expect(checkAddress("ETH", "0x52908400098527886E0F7030069857D2E4169EE7")).toBe("ok");
    expect(checkAddress("ETH", "0xde709f2102306220921060314715629080e2fb77")).toBe("ok");
    expect(checkAddress("ETH", eip55[0].toLowerCase())).toBe("ok");
  });
  it("refuses a mixed-case address whose case does not match its checksum", () => {
    expect(checkAddress("ERC20", "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("checksum");
    expect(checkAddress("ETH", "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d358")).toBe("checksum");
  });
  it("refuses other shapes", () => {
    expect(checkAddress("ETH", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("shape");
    expect(checkAddress("ETH", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe")).toBe("shape");
    expect(checkAddress("ERC20", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg")).toBe("shape");
    expect(checkAddress("ERC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("shape");
  });
});

describe("BTC addresses", () => {
  it("accepts P2PKH and P2SH (base58check, versions 0x00 and 0x05)", () => {
    expect(checkAddress("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe("ok");
    expect(checkAddress("BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")).toBe("ok");
  });
  it("refuses a changed base58 character as a checksum mismatch", () => {
    expect(checkAddress("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toBe("checksum");
    expect(checkAddress("BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz")).toBe("checksum");
  });
  it("accepts bech32 (version 0) and bech32m (version 1+) on mainnet", () => {
    expect(checkAddress("BTC", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toBe("ok");
    expect(checkAddress("BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBe("ok");
    expect(checkAddress("BTC", "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3")).toBe("ok");
    expect(checkAddress("BTC", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0")).toBe("ok");
    expect(checkAddress("BTC", "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y")).toBe(
      "ok",
    );
    expect(checkAddress("BTC", "BC1SW50QGDZ25J")).toBe("ok");
  });
  it("refuses a wrong checksum, and a version 0 program checked as bech32m (BIP-350's invalid vectors)", () => {
    expect(checkAddress("BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toBe("checksum");
    expect(checkAddress("BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh")).toBe("checksum");
    expect(checkAddress("BTC", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd")).toBe("checksum");
  });
  it("refuses other shapes: testnet, mixed case, bad program length, not base58", () => {
    expect(checkAddress("BTC", "tb1qw508d6qejxtdg4c5r3zarvary0c5xw7kxpjzsx")).toBe("shape");
    expect(checkAddress("BTC", "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBe("shape");
    expect(checkAddress("BTC", "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du")).not.toBe("ok");
    expect(checkAddress("BTC", "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P")).not.toBe("ok");
    expect(checkAddress("BTC", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn")).toBe("shape");
    expect(checkAddress("BTC", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("shape");
  });
});

describe("one spelling per address", () => {
  it("writes hex addresses in their EIP-55 form and bech32 in lower case", () => {
    expect(canonicalAddress("ETH", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    );
    expect(canonicalAddress("ERC20", "0XFB6916095CA1DF60BB79CE92CE3EA74C37C5D359".replace("0X", "0x"))).toBe(
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    );
    expect(canonicalAddress("BTC", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toBe(
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    );
    expect(canonicalAddress("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  });
  it("reads a USDT address's network from its shape", () => {
    expect(networkOfShape("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe("TRC20");
    expect(networkOfShape("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("ERC20");
    expect(networkOfShape("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBeNull();
  });
});
