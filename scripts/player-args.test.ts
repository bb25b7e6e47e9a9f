import { describe, expect, it } from "vitest";
import { parsePlayerArgs } from "./lib/player-args.mjs";

// `npm run player -- move <username> <shard> [--remote]` (docs/deploying.md#moving-a-player) and
// `npm run player -- phones [--dry-run] [--remote]` (docs/deploying.md#phone-numbers-in-e164).

describe("npm run player arguments", () => {
  it("reads a move, local by default and remote when asked", () => {
    expect(parsePlayerArgs(["move", "demo01", "2"], 4)).toEqual({
      command: "move",
      username: "demo01",
      shard: 2,
      remote: false,
    });
    expect(parsePlayerArgs(["move", "demo01", "0", "--remote"], 4)).toMatchObject({ shard: 0, remote: true });
    expect(parsePlayerArgs(["--remote", "move", "demo01", "3"], 4)).toMatchObject({ shard: 3, remote: true });
  });

  it("reads the phones command, writing by default and only reporting with --dry-run", () => {
    expect(parsePlayerArgs(["phones"], 4)).toEqual({ command: "phones", dryRun: false, remote: false });
    expect(parsePlayerArgs(["phones", "--dry-run", "--remote"], 4)).toEqual({
      command: "phones",
      dryRun: true,
      remote: true,
    });
    expect(parsePlayerArgs(["phones", "demo01"], 4).problem).toMatch(/Unexpected: demo01/);
    expect(parsePlayerArgs(["move", "demo01", "1", "--dry-run"], 4).problem).toMatch(/Unknown option: --dry-run/);
  });

  it("refuses what it cannot read, saying why", () => {
    expect(parsePlayerArgs([], 4).problem).toMatch(/Unknown command: \(none\)/);
    expect(parsePlayerArgs(["copy", "demo01", "1"], 4).problem).toMatch(/Unknown command: copy/);
    expect(parsePlayerArgs(["move"], 4).problem).toMatch(/username/);
    expect(parsePlayerArgs(["move", "demo01"], 4).problem).toMatch(/which shard/i);
    expect(parsePlayerArgs(["move", "demo01", "two"], 4).problem).toMatch(/from 0 to 3, not two/);
    expect(parsePlayerArgs(["move", "demo01", "-1"], 4).problem).toMatch(/from 0 to 3, not -1/);
    expect(parsePlayerArgs(["move", "demo01", "4"], 4).problem).toMatch(/no shard 4: wrangler.toml binds 4/);
    expect(parsePlayerArgs(["move", "demo01", "1", "--local"], 4).problem).toMatch(/Unknown option: --local/);
    expect(parsePlayerArgs(["move", "demo01", "1", "extra"], 4).problem).toMatch(/Unexpected: extra/);
  });
});
