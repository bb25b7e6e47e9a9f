// The only calls proxy mode forwards (docs/architecture.md#the-contract), spelled as the upstream expects them. A request
// matches case-insensitively, but the upstream always gets this spelling, never the request's.
const CONTRACT_PATHS = [
  "/api/Index/login",
  "/api/index/register",
  "/api/Index/repasswd",
  "/api/Index/resetpaypwd",
  "/api/index/resetpasswd", // a forgotten password (docs/decisions/153-forgotten-password.md)
  "/api/Index/getconfig",
  "/api/index/sms_send",
  "/api/Index/logout",
  "/api/Game/getuserinfo",
  "/api/Game/slide",
  "/api/Game/getOneclassArticle",
  "/api/Game/getArticledetail",
  "/api/Game/getArticlelist",
  "/api/Game/getRoomList",
  "/api/Game/getGameList",
  "/api/Game/getGameinfo",
  "/api/Game/getVorder",
  "/api/Game/todayWinLost",
  "/api/Game/withdraw",
  "/api/Game/getfinanceflow",
  "/api/Game/order",
  "/api/Game/current",
  "/api/Game/getTrendData",
  "/api/Game/getGamelog",
  "/api/Game/getGamelog2",
  "/api/Game/getGamecancel",
  "/api/Game/getBankcardlist",
  "/api/Game/delbankcard",
  "/api/Game/addbankcard",
  "/api/Game/recharge",
  "/api/Game/getproductlist",
  "/api/Game/producttransferin",
  "/api/Game/getproductorders",
  "/api/Game/getassets", // finance (docs/product.md#finance)
  // player protection (docs/product.md#player-protection, docs/decisions/090-player-protection-limits.md)
  "/api/Game/getprotection",
  "/api/Game/setlimit",
  "/api/Game/selfexclude",
  "/api/Game/getrealitycheck",
  "/api/Game/realitycheckseen",
  "/api/Game/setrealitycheck",
  "/api/Game/getstatement",
  "/api/Game/getnotices",
  "/api/Game/getnoticecount",
  "/api/Game/readnotices", // notices (docs/decisions/142)
  "/api/Game/getround", // a round's public proof for /fairness (docs/product.md#fairness, docs/decisions/130)
];

const CANONICAL = new Map(CONTRACT_PATHS.map((path) => [path.toLowerCase(), path]));

/** The contract path a request names, or null: no decoding, no normalising beyond case. */
export function contractPath(pathname: string): string | null {
  return CANONICAL.get(pathname.toLowerCase()) ?? null;
}
