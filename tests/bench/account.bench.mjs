// Player API and pages: what a logged-in player's navigation costs, and what a login costs (PBKDF2 100,000).
import { playerCookie } from "../support/page-weight.mjs";

export default async function ({ base, measure, ratio, report, smoke }) {
  const n = (full) => (smoke ? Math.max(2, Math.ceil(full / 50)) : full);
  const post = async (path, body) => {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (answer.code !== 1) throw new Error(`${path}: ${answer.info}`);
    return answer;
  };
  const { data } = await post("/api/Index/login", { username: "demo01", password: "demo1234" });
  const token = data.token;

  const cookie = await playerCookie(base);

  const config = await measure("getconfig (public, edge cache)", { count: n(400), concurrency: 20 }, () =>
    post("/api/Index/getconfig", {}),
  );
  const info = await measure("getuserinfo (session + D1)", { count: n(400), concurrency: 20 }, () =>
    post("/api/Game/getuserinfo", { token }),
  );
  const page = await measure("GET /user (SSR, cookie)", { count: n(200), concurrency: 10 }, async () => {
    const response = await fetch(`${base}/user`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(String(response.status));
    await response.text();
  });
  const login = await measure("login (PBKDF2 100k)", { count: n(40), concurrency: 4 }, () =>
    post("/api/Index/login", { username: "demo01", password: "demo1234" }),
  );
  report(
    "http",
    "ratios (p50)",
    `getuserinfo/getconfig ${ratio(info, config, "p50")}, SSR /user / getuserinfo ${ratio(page, info, "p50")}, login / getuserinfo ${ratio(login, info, "p50", 1)}`,
  );
}
