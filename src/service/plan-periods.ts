/**
 * The numbers of monthly instalments, in a module of their own (no schema library): the storefront kit reads them in
 * the browser through the plan limits (src/core/plan/plan-limits.ts) and the service's split
 * (repayment-schedule.ts). schemas/repayment.ts re-exports them.
 */

/** The API's range of `number_of_periods` (interfaces.md: "Number of periods 1 to 36"). */
export const MIN_NUMBER_OF_PERIODS = 1
export const MAX_NUMBER_OF_PERIODS = 36
/**
 * The seed's plan duration, "3 to 36 months": what the plugin offers and
 * creates (the API would take 1 or 2; the plugin never asks for them).
 */
export const MIN_PLAN_MONTHS = 3
export const MAX_PLAN_MONTHS = 36
