import { describe, expect, it } from "vitest";
import { api, count, expectError, expectOk, registerPlayer } from "./helpers";
import { PAY_PASSWORD, addBank, addCoinAddress, player, randomAddress, randomDigits } from "./wallet-helpers";
import { rowD1 } from "./shard-helpers";
import { bankCards } from "../worker/db/schema";
import { quotedTable } from "../worker/db/quoted-table";

const bankFields = (overrides: Record<string, unknown> = {}) => ({
  type: "Bank",
  bank: "ACB",
  account: randomDigits(10),
  username: "Tran Thi B",
  area: "Saigon",
  payPwd: PAY_PASSWORD,
  ...overrides,
});

describe("getBankcardlist", () => {
  it("needs a session", async () => {
    expectError(await api("/api/Game/getBankcardlist", {}), 1062, 409);
  });

  it("lists only the player's own live cards with every field the owner needs, and the types", async () => {
    const a = await player();
    const b = await player();
    const bank = await addBank(a.token, { account: "9704 1234-5678" });
    const coin = await addCoinAddress(a.token, "BTC", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4");
    await addCoinAddress(b.token, "BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy");
    const answer = await api("/api/Game/getBankcardlist", { token: a.token });
    expectOk(answer);
    expect(answer.data.types).toEqual(["Bank", "USDT", "BTC", "ETH"]);
    expect(answer.data.list).toEqual([
      {
        id: bank.id,
        type: "Bank",
        username: "Nguyen Van A",
        account: "970412345678",
        bank: "Vietcombank",
        area: "Hanoi",
        address: "",
        network: "",
        time: expect.any(Number),
      },
      {
        id: coin.id,
        type: "BTC",
        username: "",
        account: "",
        bank: "",
        area: "",
        address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
        network: "BTC",
        time: expect.any(Number),
      },
    ]);
  });
});

describe("addbankcard", () => {
  it("refuses each missing Bank field with its own code, in form order, writing nothing", async () => {
    const { token } = await player();
    const before = await count("bank_cards");
    const cases: [Record<string, unknown>, number][] = [
      [{ type: "Paypal" }, 1086],
      [{ type: "" }, 1086],
      [{ type: 5 }, 1086],
      [{ bank: "" }, 1082],
      [{ bank: "   " }, 1082],
      [{ account: "" }, 1083],
      [{ account: "12" }, 1083],
      [{ account: "12#45678" }, 1083],
      [{ account: "1".repeat(35) }, 1083],
      [{ username: "" }, 1084],
      [{ area: "" }, 1085],
      [{ payPwd: "" }, 2057],
      [{ payPwd: undefined }, 2057],
      [{ bank: "x".repeat(65) }, 1001],
    ];
    for (const [overrides, code] of cases)
      expectError(await api("/api/Game/addbankcard", { token, ...bankFields(overrides) }), code);
    expect(await count("bank_cards")).toBe(before);
  });

  it("checks the withdrawal password for a Bank card: wrong is 1033, none set is 1080", async () => {
    const { token } = await player();
    expectError(await api("/api/Game/addbankcard", { token, ...bankFields({ payPwd: "wrong999" }) }), 1033);
    const noPassword = await registerPlayer();
    expectError(await api("/api/Game/addbankcard", { token: noPassword.token, ...bankFields() }), 1080);
  });

  it("takes a coin address only with the withdrawal password; an empty address is 1065, a malformed one 1162", async () => {
    const noPassword = await registerPlayer();
    const good = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";
    expectError(
      await api("/api/Game/addbankcard", { token: noPassword.token, type: "ETH", address: good, payPwd: PAY_PASSWORD }),
      1080,
    );
    const { token } = await player();
    for (const address of ["", "  "])
      expectError(await api("/api/Game/addbankcard", { token, type: "ETH", address, payPwd: PAY_PASSWORD }), 1065);
    for (const address of ["short", "has space inside 123", "x".repeat(129)]) {
      expectError(await api("/api/Game/addbankcard", { token, type: "ETH", address, payPwd: PAY_PASSWORD }), 1162);
    }
    expectError(await api("/api/Game/addbankcard", { token, type: "ETH", payPwd: PAY_PASSWORD }), 1065);
    expectError(await api("/api/Game/addbankcard", { token, type: "ETH", address: good }), 2057);
    expectError(await api("/api/Game/addbankcard", { token, type: "ETH", address: good, payPwd: "wrong999" }), 1033);
    const answer = await api("/api/Game/addbankcard", { token, type: "eth", address: good, payPwd: PAY_PASSWORD });
    expectOk(answer);
    // kept in its EIP-55 spelling, so the same address in another case is the same account
    expect(answer.data).toMatchObject({
      type: "ETH",
      network: "ETH",
      address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    });
  });

  it("allows one live account per type (1048) and refuses an account already bound for that type (1046)", async () => {
    const a = await player();
    const b = await player();
    const bank = await addBank(a.token);
    expectError(await api("/api/Game/addbankcard", { token: a.token, ...bankFields() }), 1048);
    const address = randomAddress("ERC20");
    await addCoinAddress(a.token, "USDT", address);
    expectError(
      await api("/api/Game/addbankcard", {
        token: a.token,
        type: "USDT",
        address: randomAddress(),
        payPwd: PAY_PASSWORD,
      }),
      1048,
    );
    // The same account or address for another player: bound already.
    expectError(await api("/api/Game/addbankcard", { token: b.token, ...bankFields({ account: bank.account }) }), 1046);
    expectError(
      await api("/api/Game/addbankcard", { token: b.token, type: "USDT", address, payPwd: PAY_PASSWORD }),
      1046,
    );
    expectError(
      await api("/api/Game/addbankcard", {
        token: b.token,
        type: "USDT",
        address: address.toUpperCase().replace("0X", "0x"),
        payPwd: PAY_PASSWORD,
      }),
      1046,
    );
    // The same address under another coin type is another account (an ETH and a USDT address may match).
    expectOk(await api("/api/Game/addbankcard", { token: a.token, type: "ETH", address, payPwd: PAY_PASSWORD }));
    expect(await count("bank_cards", "user_id IN (?, ?) AND deleted_at_ms IS NULL", a.id, b.id)).toBe(3);
  });

  it("lets only one of two racing submits of the same type through", async () => {
    const { token, id } = await player();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        api("/api/Game/addbankcard", { token, type: "BTC", address: randomAddress("BTC"), payPwd: PAY_PASSWORD }),
      ),
    );
    expect(answers.filter((a) => a.code === 1)).toHaveLength(1);
    for (const a of answers.filter((x) => x.code !== 1)) expectError(a, 1048);
    expect(await count("bank_cards", "user_id = ? AND type = 'BTC'", id)).toBe(1);
  });

  it("records each address's network: USDT on the one chosen or the one its shape names, BTC and ETH on their own", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ type: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }, "TRC20"],
      [{ type: "USDT", network: "erc20", address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359" }, "ERC20"],
      [{ type: "USDT", address: "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7" }, "TRC20"],
      [{ type: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa" }, "BTC"],
      [{ type: "BTC", address: "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0" }, "BTC"],
      [{ type: "ETH", address: "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB" }, "ETH"],
    ];
    for (const [fields, network] of cases) {
      const { token } = await player();
      const answer = await api("/api/Game/addbankcard", { token, payPwd: PAY_PASSWORD, ...fields });
      expectOk(answer);
      expect(answer.data).toMatchObject({ type: fields.type, network });
      expect((await api("/api/Game/getBankcardlist", { token })).data.list[0]).toMatchObject({
        network,
        address: fields.address,
      });
    }
  });

  it("refuses a wrong network (1195), an address of another network (1196) and a typo (1197), writing nothing and costing no password attempt", async () => {
    const { token, id } = await player();
    const cases: [Record<string, string>, number, string | undefined][] = [
      [{ type: "USDT", network: "BEP20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }, 1195, undefined],
      [{ type: "BTC", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }, 1195, undefined],
      [{ type: "USDT", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa" }, 1195, undefined],
      [{ type: "USDT", network: "TRC20", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }, 1196, "TRC20"],
      [{ type: "USDT", network: "ERC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }, 1196, "ERC20"],
      [{ type: "BTC", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" }, 1196, "BTC"],
      [{ type: "BTC", address: "tb1qw508d6qejxtdg4c5r3zarvary0c5xw7kxpjzsx" }, 1196, "BTC"],
      [{ type: "ETH", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe" }, 1196, "ETH"],
      [{ type: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" }, 1197, "TRC20"],
      [{ type: "USDT", address: "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" }, 1197, "ERC20"],
      [{ type: "BTC", address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb" }, 1197, "BTC"],
      [{ type: "BTC", address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5" }, 1197, "BTC"],
      [{ type: "ETH", address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d358" }, 1197, "ETH"],
    ];
    const before = await count("bank_cards");
    for (const [fields, code, network] of cases) {
      // a wrong password would be 1033: the address is refused first
      const answer = await api("/api/Game/addbankcard", { token, payPwd: "wrong999", ...fields });
      expectError(answer, code);
      if (network) expect(answer.info).toContain(network);
    }
    expect(await count("bank_cards")).toBe(before);
    expect(await count("bank_cards", "user_id = ?", id)).toBe(0);
    // no password attempt was spent: the right password still works at once
    expectOk(
      await api("/api/Game/addbankcard", { token, type: "USDT", address: randomAddress("USDT"), payPwd: PAY_PASSWORD }),
    );
  });

  it("words the address refusals in the player's language", async () => {
    const { token } = await player();
    const vi = await api("/api/Game/addbankcard", {
      token,
      lang: "vi",
      type: "ETH",
      address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d358",
      payPwd: PAY_PASSWORD,
    });
    expectError(vi, 1197);
    expect(vi.info).toBe("Địa chỉ ETH này bị sai ký tự: mã kiểm tra không khớp. Hãy sao chép lại từ ví của bạn");
    const chs = await api("/api/Game/addbankcard", {
      token,
      lang: "chs",
      type: "USDT",
      network: "TRC20",
      address: "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa",
      payPwd: PAY_PASSWORD,
    });
    expect(chs.info).toBe("这不是 TRC20 地址：请检查是否完整复制，以及网络是否正确");
  });

  it("answers malformed JSON with 1001", async () => {
    const { token } = await player();
    expectError(await api("/api/Game/addbankcard", `{"token":"${token}", "type": "Bank"`), 1001);
  });
});

describe("delbankcard", () => {
  it("deletes the player's own card, which frees its type; a second delete is 1032", async () => {
    const { token, id } = await player();
    const card = await addCoinAddress(token, "USDT");
    expectOk(await api("/api/Game/delbankcard", { token, id: card.id }));
    expect((await api("/api/Game/getBankcardlist", { token })).data.list).toEqual([]);
    expectError(await api("/api/Game/delbankcard", { token, id: card.id }), 1032);
    // The row stays for the requests that used it.
    expect(await count("bank_cards", "id = ? AND user_id = ? AND deleted_at_ms IS NOT NULL", card.id, id)).toBe(1);
    await addCoinAddress(token, "USDT", card.address);
  });

  it("cannot touch another player's card", async () => {
    const a = await player();
    const b = await player();
    const card = await addBank(a.token);
    expectError(await api("/api/Game/delbankcard", { token: b.token, id: card.id }), 1032);
    const row = await rowD1(card.id)
      .prepare(`SELECT deleted_at_ms FROM ${quotedTable(bankCards)} WHERE id = ?`)
      .bind(card.id)
      .first();
    expect(row).toEqual({ deleted_at_ms: null });
    expect((await api("/api/Game/getBankcardlist", { token: b.token })).data.list).toEqual([]);
  });

  it("refuses ids that are not positive integers with 1001 and unknown ids with 1032", async () => {
    const { token } = await player();
    for (const id of [undefined, "", "abc", -1, 0, 1.5, { id: 1 }])
      expectError(await api("/api/Game/delbankcard", { token, id }), 1001);
    expectError(await api("/api/Game/delbankcard", { token, id: 999_999 }), 1032);
  });
});
