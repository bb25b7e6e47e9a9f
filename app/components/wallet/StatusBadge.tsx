import { useTranslation } from "react-i18next";
import type { RequestStatus } from "#shared/answers/wallet";

export function StatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation("wallet");
  return <span className={`status status-${status}`}>{t(`status.${status}`)}</span>;
}
