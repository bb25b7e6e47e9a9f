import type { OperatorRole } from "../operators/roles";
import type { AccrualDone, ConsoleProducts, PlayerFinanceOrder } from "./finance";
import type { Paged } from "./paging";
import type {
  ArticleFields,
  ArticlePreview,
  ArticleRow,
  ArticleSaved,
  BannerImageStored,
  BannerList,
  BannerSaved,
} from "./console-content";
import type { AtRiskList, BooksCheck, BooksDays, Charts, RiskFile, TotalsPage } from "./console-insight";
import type {
  AuditRow,
  ConsoleSettings,
  EnrolmentConfirmed,
  EnrolmentStarted,
  OperatorChanged,
  OperatorCreated,
  OperatorList,
  OperatorRequestDecided,
  OperatorRequestList,
  OperatorSignedIn,
  SettingRequestList,
  SettingsSaved,
} from "./console-operators";
import type { OperatorProtection, PasswordReset, PlayerFile, PlayerRow } from "./console-players";
import type { BoardRow, GameChoices, RoomRow, RoomSettings, RoomTemplate, RoundPage } from "./console-rooms";
import type {
  Adjustment,
  AdjustmentFiled,
  AdjustmentHistoryRow,
  Payments,
  RequestDecided,
  RequestHistoryRow,
} from "./console-wallet";

/** The operator who is signed in (/api/admin/me). */
export type Me = { id: number; username: string; role: OperatorRole | null };

/**
 * The answer of a console action whose page reads only the envelope's code and info (a toast, or the refusal
 * shown on the form): the console never reads a field of its data.
 */
export type ActionDone = object;

/**
 * The answer (the envelope's `data`) of every console call, by its path as the console calls it (every call
 * is a POST; docs/architecture.md#answers). app/lib/operator.server.ts's callAdmin and loadAdmin read their
 * answer's type here.
 */
export type ConsoleAnswers = {
  "/api/admin/me": Me;
  "/api/admin/login": OperatorSignedIn;
  "/api/admin/logout": null;
  "/api/admin/password": ActionDone;
  "/api/admin/enrol/start": EnrolmentStarted;
  "/api/admin/enrol/confirm": EnrolmentConfirmed;
  "/api/admin/deposits": Paged<RequestHistoryRow>;
  "/api/admin/deposits/approve": RequestDecided;
  "/api/admin/deposits/reject": RequestDecided;
  "/api/admin/withdrawals": Paged<RequestHistoryRow>;
  "/api/admin/withdrawals/approve": RequestDecided;
  "/api/admin/withdrawals/reject": RequestDecided;
  "/api/admin/payments": Payments;
  "/api/admin/adjust": AdjustmentFiled;
  "/api/admin/adjustments": Paged<Adjustment>;
  "/api/admin/adjustments/approve": RequestDecided;
  "/api/admin/adjustments/reject": RequestDecided;
  "/api/admin/adjustments/cancel": RequestDecided;
  "/api/admin/adjustments/history": Paged<AdjustmentHistoryRow>;
  "/api/admin/players": Paged<PlayerRow>;
  "/api/admin/players/get": PlayerFile;
  "/api/admin/players/freeze": ActionDone;
  "/api/admin/players/unfreeze": ActionDone;
  "/api/admin/players/revoke-sessions": ActionDone;
  "/api/admin/players/reset-password": PasswordReset;
  "/api/admin/protection": OperatorProtection;
  "/api/admin/risk": AtRiskList;
  "/api/admin/risk/player": RiskFile;
  "/api/admin/risk/interact": ActionDone;
  "/api/admin/charts": Charts;
  "/api/admin/books": BooksCheck;
  "/api/admin/books/check": BooksCheck;
  "/api/admin/books/days": BooksDays;
  "/api/admin/totals": TotalsPage;
  "/api/admin/games": GameChoices;
  "/api/admin/rooms": Paged<RoomRow>;
  "/api/admin/rooms/get": RoomSettings;
  "/api/admin/rooms/template": RoomTemplate;
  "/api/admin/rooms/create": RoomSettings;
  "/api/admin/rooms/update": RoomSettings;
  "/api/admin/rounds": RoundPage;
  "/api/admin/rounds/board": Paged<BoardRow>;
  "/api/admin/rounds/void": ActionDone;
  "/api/admin/audit": Paged<AuditRow>;
  "/api/admin/operators": OperatorList;
  "/api/admin/operators/create": OperatorCreated;
  "/api/admin/operators/role": OperatorChanged;
  "/api/admin/operators/disable": OperatorChanged;
  "/api/admin/operators/enable": OperatorChanged;
  "/api/admin/operators/reset-authenticator": OperatorChanged;
  "/api/admin/operators/requests": OperatorRequestList;
  "/api/admin/operators/requests/approve": OperatorRequestDecided;
  "/api/admin/operators/requests/reject": OperatorRequestDecided;
  "/api/admin/settings": ConsoleSettings;
  "/api/admin/settings/update": SettingsSaved;
  "/api/admin/settings/requests": SettingRequestList;
  "/api/admin/settings/requests/approve": ActionDone;
  "/api/admin/settings/requests/reject": ActionDone;
  "/api/admin/products": ConsoleProducts;
  "/api/admin/products/openmax": ActionDone;
  "/api/admin/products/update": ActionDone;
  "/api/admin/productorders": Paged<PlayerFinanceOrder>;
  /** accrual of what is due now, as the cron runs it; the console does not call it */
  "/api/admin/finance/accrue": AccrualDone;
  "/api/admin/articles": Paged<ArticleRow>;
  "/api/admin/articles/get": ArticleFields;
  "/api/admin/articles/preview": ArticlePreview;
  "/api/admin/articles/save": ArticleSaved;
  "/api/admin/articles/delete": ActionDone;
  "/api/admin/banners": BannerList;
  "/api/admin/banners/upload": BannerImageStored;
  "/api/admin/banners/save": BannerSaved;
  "/api/admin/banners/delete": ActionDone;
  "/api/admin/export": ActionDone;
  "/api/admin/books/days/export": ActionDone;
};

export type ConsolePath = keyof ConsoleAnswers;
