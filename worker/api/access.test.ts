import { describe, expect, it } from "vitest";
import { asksConsoleManifest, isConsolePath, isConsoleUrl } from "./access";

// What Access guards at the Worker's entry (docs/decisions/169): the console's pages, their Remix data
// requests and its API, however spelled; the player's pages stay open.
describe("the console's URLs", () => {
  it("are every spelling of /admin and /api/admin, pages and .data alike", () => {
    for (const path of [
      "/admin",
      "/admin/",
      "/ADMIN/players",
      "/%61dmin",
      "/%41DMIN/rooms/1",
      "//admin//login",
      "/admin.data",
      "/admin.DATA",
      "/admin.data/",
      "/admin/players/1.data",
      "/admin/.data",
      "/%2Fadmin.data",
      "/api/admin/login",
      "/api/%61dmin/me",
      "/api//admin",
    ])
      expect(isConsolePath(path), path).toBe(true);
    for (const path of ["/", "/login", "/login.data", "/_root.data", "/administrator", "/admins", "/api/game/admin"])
      expect(isConsolePath(path), path).toBe(false);
  });

  it("include a Remix data request that names a console route, whatever its path", () => {
    for (const url of [
      "https://app.test/?_data=routes/admin",
      "https://app.test/login?_data=routes%2Fadmin.players._index",
      "https://app.test/?_data=ROUTES/ADMIN_.login",
      "https://app.test/_root.data?_routes=root,routes/admin._index",
    ])
      expect(isConsoleUrl(new URL(url)), url).toBe(true);
    for (const url of [
      "https://app.test/?_data=routes/login",
      "https://app.test/_root.data?_routes=routes/administrator",
    ])
      expect(isConsoleUrl(new URL(url)), url).toBe(false);
  });

  it("include Remix's route manifest asked for a console path, however spelled, beside the player's or alone", () => {
    for (const url of [
      "https://app.test/__manifest?p=/admin&version=1",
      "https://app.test/__manifest?p=admin/players&version=1",
      "https://app.test/__manifest?p=/login&p=/ADMIN/rooms/1&version=1",
      "https://app.test/__manifest?p=%2F%2561dmin&version=1",
      "https://app.test/__manifest?p=//admin&version=1",
      "https://app.test/__manifest/?p=/admin",
    ]) {
      expect(asksConsoleManifest(new URL(url)), url).toBe(true);
      expect(isConsoleUrl(new URL(url)), url).toBe(true);
    }
    for (const url of [
      "https://app.test/__manifest?p=/login&p=/user&version=1",
      "https://app.test/__manifest?p=/administrator&version=1",
      "https://app.test/login?p=/admin",
    ])
      expect(isConsoleUrl(new URL(url)), url).toBe(false);
  });
});
