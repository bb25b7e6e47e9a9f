import { useRouteLoaderData } from "@remix-run/react";
import type { AppConfig } from "#shared/answers/account";
import type { RealityCheck } from "#shared/answers/protection";

// What the root route loads for every page (app/root.tsx), read by components through these hooks. They
// live apart from the root so that a component the root renders does not import the root back.

export type RootData = {
  locale: string;
  config: AppConfig;
  toast: string | null | undefined;
  reality: RealityCheck | null;
  unread: number | null;
  nowMs: number;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}

/**
 * What a page reads when the root's data is missing (an error page the root's loader never answered): no links,
 * no currency named rather than a guessed one, and the Worker's one-minute wait between two codes.
 */
const NO_CONFIG: AppConfig = {
  kefu_url: "",
  android_url: "",
  ios_url: "",
  currency: "",
  deposit_min: 0,
  sms_resend_seconds: 60,
};

export function useAppConfig(): AppConfig {
  return useRootData()?.config ?? NO_CONFIG;
}

/** The signed-in player's unread notices as the root loaded them (0 for guests). */
export function useUnreadNotices(): number {
  return useRootData()?.unread ?? 0;
}
