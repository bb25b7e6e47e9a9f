import type { SettingDecision } from "~/components/admin/SettingRequests";
import type { ConsoleAnswer } from "~/lib/answers/console";

/**
 * The settings action's answer (save.server.ts, decide.server.ts), read by the page and use-typed-back.ts: the
 * console's, with a decision's confirm step and, after a refused save, every field as posted: its values in order,
 * since the lists post one field many times (so not ConsoleAnswer's `typed`, one text a field).
 */
export type SettingsAnswer = ConsoleAnswer & { decide?: SettingDecision; typedSettings?: Record<string, string[]> };
