import { backgroundJobsOff } from "../../utils/background-jobs"

/** How often the reconciliation job runs unless TRADE_CREDIT_RECONCILIATION_SCHEDULE says otherwise (every 15 min). */
export const DEFAULT_RECONCILIATION_SCHEDULE = "*/15 * * * *"

/** The reconciliation schedule as the job reads it, for Settings → Trade credit: a cron expression, or "off". */
export function reconciliationSchedule(): string {
  const setting = process.env.TRADE_CREDIT_RECONCILIATION_SCHEDULE?.trim()
  if (backgroundJobsOff() || setting?.toLowerCase() === "off") return "off"
  return setting || DEFAULT_RECONCILIATION_SCHEDULE
}
