import type { AppConfig, Assets, Profile, SessionStarted, SignedIn, SmsSent, Statement, UnreadCount } from "./account";
import type { WireArticle, WireArticleList, WireArticlePage, WireBannerList } from "./content";
import type { FinanceOrder, FinanceOrderPage, ProductList } from "./finance";
import type {
  BetRecordPage,
  CancelledOrder,
  GameInfo,
  GameList,
  LiveBetsSince,
  PlacedOrder,
  PublishedRound,
  RoomList,
  RoundPaid,
  RoundResultPage,
  TodayWinLoss,
  Trend,
} from "./games";
import type { NoticePage } from "./notices";
import type { ExclusionStarted, LimitsSet, Protection, RealityCheck } from "./protection";
import type { Card, CardList, DepositList, DepositRow, FlowList, WithdrawalList } from "./wallet";

/**
 * The answer (the envelope's `data`) of every player call of the contract, by its path as the app calls
 * it (every call is a POST; docs/architecture.md#answers). app/lib/api.server.ts's callApi reads its
 * answer's type here, and the Worker's presenters are checked against the same types.
 */
export type PlayerAnswers = {
  "/api/Index/getconfig": AppConfig;
  "/api/Index/login": SignedIn;
  "/api/Index/logout": null;
  "/api/Index/repasswd": SessionStarted;
  "/api/Index/resetpaypwd": null;
  "/api/index/register": SessionStarted;
  "/api/index/resetpasswd": null;
  "/api/index/sms_send": SmsSent;
  "/api/Game/getuserinfo": Profile;
  "/api/Game/getassets": Assets;
  "/api/Game/getstatement": Statement;
  "/api/Game/getnoticecount": UnreadCount;
  "/api/Game/readnotices": UnreadCount;
  "/api/Game/getnotices": NoticePage;
  "/api/Game/getprotection": Protection;
  "/api/Game/setlimit": LimitsSet;
  "/api/Game/selfexclude": ExclusionStarted;
  "/api/Game/getrealitycheck": RealityCheck;
  "/api/Game/setrealitycheck": RealityCheck;
  "/api/Game/realitycheckseen": RealityCheck;
  "/api/Game/recharge": DepositRow;
  "/api/Game/getrechargelist": DepositList;
  /** the contract: success is data === 1 */
  "/api/Game/withdraw": 1;
  "/api/Game/getwithdrawlist": WithdrawalList;
  "/api/Game/getfinanceflow": FlowList;
  "/api/Game/getBankcardlist": CardList;
  "/api/Game/addbankcard": Card;
  "/api/Game/delbankcard": null;
  "/api/Game/getproductlist": ProductList;
  "/api/Game/producttransferin": FinanceOrder;
  "/api/Game/getproductorders": FinanceOrderPage;
  "/api/Game/getGameList": GameList;
  "/api/Game/getRoomList": RoomList;
  "/api/Game/getGameinfo": GameInfo;
  "/api/Game/getGamelog": RoundResultPage;
  "/api/Game/getGamelog2": BetRecordPage;
  "/api/Game/getTrendData": Trend;
  "/api/Game/todayWinLost": TodayWinLoss;
  "/api/Game/getVorder": LiveBetsSince;
  "/api/Game/current": RoundPaid;
  "/api/Game/getround": PublishedRound;
  "/api/Game/order": PlacedOrder;
  "/api/Game/getGamecancel": CancelledOrder;
  "/api/Game/slide": WireBannerList;
  "/api/Game/getArticledetail": WireArticle;
  "/api/Game/getOneclassArticle": WireArticleList;
  "/api/Game/getArticlelist": WireArticlePage;
};

export type PlayerPath = keyof PlayerAnswers;
