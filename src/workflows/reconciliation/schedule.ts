/** How often the reconciliation job runs unless TRADE_CREDIT_RECONCILIATION_SCHEDULE says otherwise (every 15 min). */
export const DEFAULT_RECONCILIATION_SCHEDULE = "*/15 * * * *"
