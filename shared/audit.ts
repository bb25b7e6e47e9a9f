// Every action the console writes to the audit log (worker/operators/audit.ts auditStatement takes only these), in
// the order the audit page's filter lists them. Each has its words in locales/*/admin.json
// "audit.actions.<action>" (shared/audit.test.ts), so an operator never reads a raw key.

export const AUDIT_ACTIONS = [
  "deposit.approve", "deposit.reject", "withdrawal.approve", "withdrawal.reject",
  "balance.credit", "balance.debit", "balance.adjust.ask", "balance.adjust.approve", "balance.adjust.reject", "balance.adjust.cancel",
  "player.freeze", "player.unfreeze", "player.sessions.revoke", "player.password.reset",
  "risk.note", "risk.message", "risk.limit",
  "room.create", "room.update", "round.void",
  "finance.tier.edit", "finance.openmax.edit", "settings.update",
  "article.create", "article.update", "article.delete", "banner.create", "banner.update", "banner.delete",
  "export.ledger", "export.deposits", "export.withdrawals", "export.adjustments", "export.audit",
  "operator.create", "operator.role", "operator.disable", "operator.enable", "operator.authenticator.reset",
  "operator.enrol", "operator.login", "operator.logout",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
