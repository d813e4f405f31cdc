import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { ReceivableRow, RepaymentPlanSessionRow } from "../../modules/trade-credit/types"
import type { InstalmentsInvoicedEvent } from "../../service/schemas/after-invoice-events"
import { errorMessage } from "../../utils/error-message"
import { readMedusaPaymentState } from "../reconciliation/read-medusa-state"
import { currencyOf, dateOf, dayOf } from "./receivables/invoice-figures"
import { companyKeyOfAccount, customerOfAccount, customerOfOrder } from "./receivables/order-link"
import type { WebhookEventOutcome } from "./webhook-received"

/**
 * `instalments.invoiced.v1`: an invoice of instalments (of one or several plans of the buyer's repayment account),
 * kept as a document (kind `instalment_invoice`, its id the invoice's) with its line `instalment_invoiced`. Whose it
 * is: the buyer's repayment account (`instalment_account_id`: the Medusa customer and the company it is filed under),
 * and the Medusa order of the first of its plans this store made (plan -> payment session -> order). The event names
 * no currency: the plans' is taken. An account and plans this store never made are left alone. No read: the service
 * has none for an instalment invoice. Never throws: a failure is an outcome with `error`.
 */
export async function applyInstalmentsInvoicedEvent(
  container: MedusaContainer,
  event: InstalmentsInvoicedEvent,
): Promise<WebhookEventOutcome> {
  const module = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const { data } = event
  const about = `instalment invoice ${data.invoice_number ?? data.invoice_id}`
  try {
    const planIds = [...new Set(data.instalments.map((i) => i.plan_id))]
    const plans = (
      planIds.length ? await module.listRepaymentPlanSessions({ plan_id: planIds }) : []
    ) as RepaymentPlanSessionRow[]
    const [account] = await module.listBuyerRepaymentAccounts({ account_id: data.instalment_account_id }, { take: 1 })
    const currencyPlan =
      plans[0] ??
      (
        (await module.listRepaymentPlanSessions(
          { account_id: data.instalment_account_id },
          { take: 1 },
        )) as RepaymentPlanSessionRow[]
      )[0]
    if (!account && !currencyPlan) {
      return { found: `${about}: neither its account nor its plans were made by this store`, action: "none" }
    }
    if (!currencyPlan) return { found: `${about}: no plan of its account tells its currency`, action: "none" }

    let orderId: string | null = null
    for (const plan of plans) {
      orderId = (await readMedusaPaymentState(container, plan.session_id))?.order?.id ?? null
      if (orderId) break
    }
    const customerId =
      (account && customerOfAccount(account.buyer_key)) ?? (orderId ? await customerOfOrder(container, orderId) : null)
    const currency = currencyOf(currencyPlan.currency)
    const issuedAt = dayOf(data.issue_date)

    const locking = container.resolve<ILockingModule>(Modules.LOCKING)
    const added = await locking.execute(
      `trade-credit:receivables:instalment_invoice:${data.invoice_id}`,
      async () => {
        const [row] = (await module.listReceivables(
          { kind: "instalment_invoice", document_id: data.invoice_id },
          { take: 1 },
        )) as ReceivableRow[]
        const saved = await module.upsertReceivable({
          kind: "instalment_invoice",
          document_id: data.invoice_id,
          currency_code: currency,
          amount: data.gross_amount,
          // Instalment invoices have no payment events: what is outstanding is the invoice until told otherwise.
          ...(row ? {} : { outstanding_amount: data.gross_amount, status: "open" as const }),
          order_id: orderId ?? undefined,
          customer_id: customerId ?? undefined,
          company_key: (account && companyKeyOfAccount(account.company_key)) ?? undefined,
          number: data.invoice_number ?? undefined,
          payment_reference: data.payment_reference ?? undefined,
          issued_at: issuedAt ?? undefined,
          due_at: dayOf(data.due_date) ?? undefined,
          details: {
            instalment_account_id: data.instalment_account_id,
            instalments: data.instalments,
            tax_subtotals: data.tax_subtotals,
          },
        })
        return await module.addReceivableEntry(saved.id, {
          event_id: event.id,
          kind: "instalment_invoiced",
          amount: data.gross_amount,
          currency_code: currency,
          occurred_at: issuedAt ?? dateOf(event.time, new Date()),
          reference: data.invoice_number,
        })
      },
      { timeout: 60 },
    )
    const order = orderId ? ` (order ${orderId})` : ""
    return {
      found: `${about} of ${data.gross_amount} ${currency.toUpperCase()}${order}, due ${data.due_date ?? "(no date)"}`,
      action: added ? "kept the instalment invoice" : "the invoice was recorded before (a repeated event)",
    }
  } catch (error) {
    return { found: about, action: "none", error: errorMessage(error) }
  }
}
