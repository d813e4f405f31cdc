import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { ArrearsState } from "../../modules/trade-credit/models/company-credit"
import { type ArrearsInput, type CompanyCreditEvent, companyKeyOf } from "../../modules/trade-credit/receivables"
import type { ArrearsEvent, ArrearsEventType } from "../../service/schemas/after-invoice-events"
import { errorMessage } from "../../utils/error-message"
import { currencyOf, dateOf } from "./receivables/invoice-figures"
import type { CompanyCreditServiceEvent, WebhookEventOutcome } from "./webhook-received"

/** The arrears state each arrears event says. */
const STATE_OF: Record<ArrearsEventType, ArrearsState> = {
  "customer.in_arrears_block.v1": "blocked",
  "customer.approaching_arrears_block.v1": "approaching",
  "customer.exit_arrears_block.v1": "none",
  "customer.exit_approaching_arrears_block.v1": "none",
}

/** What an arrears event says of the company (an `exit_` event: no arrears, the rest null). */
export function arrearsOf(event: ArrearsEvent): ArrearsInput {
  const state = STATE_OF[event.type]
  const { data } = event
  return {
    arrears_state: state,
    days_in_arrears: state === "blocked" ? (data.days_in_arrears ?? null) : null,
    days_until_arrears: state === "approaching" ? (data.days_until_arrears ?? null) : null,
    earliest_invoice_number: state === "none" ? null : data.earliest_invoice_number,
    earliest_invoice_due_date: state === "none" ? null : data.earliest_invoice_due_date,
  }
}

/** The module's input for a company's credit event (the limit event names the country, the arrears events none). */
export function companyCreditEventOf(event: CompanyCreditServiceEvent): CompanyCreditEvent {
  const at = dateOf(event.time, new Date())
  const company = {
    organization_number: event.data.buyer_organization_number,
    company_name: event.data.buyer_company_name,
    at,
  }
  if (event.type !== "customer.credit_limit.updated.v1") {
    return { ...company, country_code: null, arrears: arrearsOf(event) }
  }
  const { data } = event
  return {
    ...company,
    country_code: data.country.toUpperCase(),
    limit: {
      currency_code: currencyOf(data.currency),
      credit_limit: data.credit_limit,
      credit_limit_balance: data.credit_limit_balance,
      max_single_order_value: data.max_single_order_value,
      credit_approved: data.credit_approved,
      decline_reason: data.decline_reason,
      in_arrears: data.buyer_is_in_arrears,
    },
  }
}

/**
 * A company's credit limit (`customer.credit_limit.updated.v1`) or arrears (`customer.in_arrears_block.v1`,
 * `customer.approaching_arrears_block.v1` and their `exit_` events), kept in the plugin's module under the lock of the
 * company: the checkout reads it (companyCreditOf) to refuse a company in an arrears block or a cart above its
 * maximum single order value or remaining balance, and lifts the refusal when the `exit_` or limit event arrives. An
 * event older than the one applied changes nothing (the module compares the events' `time`). An exit from the warning
 * (`exit_approaching`) ends the warning, never a block: when the company is blocked, the block is kept (dated by this
 * event, so an older warning arriving late does not replace it). No read: the service has none for a company's
 * credit. Never throws: a failure is an outcome with `error`.
 */
export async function applyCompanyCreditEvent(
  container: MedusaContainer,
  event: CompanyCreditServiceEvent,
): Promise<WebhookEventOutcome> {
  const module = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const locking = container.resolve<ILockingModule>(Modules.LOCKING)
  const input = companyCreditEventOf(event)
  const key = companyKeyOf(input.country_code, input.organization_number)
  const what = input.limit
    ? `credit limit ${input.limit.credit_limit} ${input.limit.currency_code.toUpperCase()} ` +
      `(balance ${input.limit.credit_limit_balance}, single order up to ${input.limit.max_single_order_value})`
    : `arrears ${input.arrears.arrears_state}`
  try {
    return await locking.execute(
      `trade-credit:company-credit:${key}`,
      async () => {
        let applied = input
        let kept = ""
        if (event.type === "customer.exit_approaching_arrears_block.v1") {
          const current = await module.companyCreditOf(null, input.organization_number)
          if (current?.arrears_state === "blocked") {
            applied = {
              ...input,
              arrears: {
                arrears_state: "blocked",
                days_in_arrears: current.days_in_arrears,
                days_until_arrears: null,
                earliest_invoice_number: current.earliest_invoice_number,
                earliest_invoice_due_date: current.earliest_invoice_due_date,
              },
            } as CompanyCreditEvent
            kept = " (the company is in an arrears block: an exit from the warning keeps the block)"
          }
        }
        const changed = await module.applyCompanyCreditEvent(applied)
        return changed
          ? { found: `a buyer company's ${what}${kept}`, action: "kept the company's credit" }
          : { found: `a buyer company's ${what}`, action: "none: a newer event of the company was applied before" }
      },
      { timeout: 60 },
    )
  } catch (error) {
    return { found: `a buyer company's ${what}`, action: "none", error: errorMessage(error) }
  }
}
