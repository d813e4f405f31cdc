import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { Money } from "../../core/money/money"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { ReceivableRow } from "../../modules/trade-credit/types"
import type { BillingStatementEvent } from "../../service/schemas/after-invoice-events"
import { errorMessage } from "../../utils/error-message"
import { currencyOf, dateOf } from "./receivables/invoice-figures"
import { companyKeyOfAccount, customerOfAccount } from "./receivables/order-link"
import type { WebhookEventOutcome } from "./webhook-received"

/**
 * `billing_statement.created.v1`: the monthly statement (instalments of several plans, or invoices, billed together),
 * kept as a document (kind `statement`, its id the billing period's; its number the statement's) with the invoices
 * and credit notes it lists, and its line `statement_issued`. Whose it is: the repayment account it bills
 * (`billing_account_id`), else the documents it lists that the plugin keeps. Kept whoever it is (a statement is the
 * merchant's receivable): the merchant's Receivables page lists it; the buyer's documents list it once it is theirs.
 * No read: the service has none for a statement. Never throws: a failure is an outcome with `error`.
 */
export async function applyBillingStatementEvent(
  container: MedusaContainer,
  event: BillingStatementEvent,
): Promise<WebhookEventOutcome> {
  const module = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const { data } = event
  const number =
    data.statement_number === null || data.statement_number === undefined ? null : `${data.statement_number}`
  const about = `statement ${number ?? data.billing_period_id}`
  try {
    const [account] = data.billing_account_id
      ? await module.listBuyerRepaymentAccounts({ account_id: data.billing_account_id }, { take: 1 })
      : []
    const documentIds = [...data.invoices.map((i) => i.invoice_id), ...data.credit_notes.map((c) => c.refund_id)]
    const listed = (
      documentIds.length ? await module.listReceivables({ document_id: documentIds }) : []
    ) as ReceivableRow[]
    const owner = listed.find((row) => row.customer_id || row.company_key)
    const currency = currencyOf(data.currency)
    const outstanding = data.outstanding_amount ?? data.gross_amount
    const issuedAt = dateOf(data.issue_date, dateOf(event.time, new Date()))

    const locking = container.resolve<ILockingModule>(Modules.LOCKING)
    const added = await locking.execute(
      `trade-credit:receivables:statement:${data.billing_period_id}`,
      async () => {
        const saved = await module.upsertReceivable({
          kind: "statement",
          document_id: data.billing_period_id,
          currency_code: currency,
          amount: data.gross_amount,
          outstanding_amount: outstanding,
          status: Money.fromDecimal(outstanding).isPositive() ? "open" : "paid",
          customer_id: (account && customerOfAccount(account.buyer_key)) ?? owner?.customer_id ?? undefined,
          company_key: (account && companyKeyOfAccount(account.company_key)) ?? owner?.company_key ?? undefined,
          company_name: owner?.company_name ?? undefined,
          number: number ?? undefined,
          payment_reference: data.payment_reference ?? undefined,
          issued_at: issuedAt,
          due_at: data.due_date ? dateOf(data.due_date, issuedAt) : undefined,
          details: {
            billing_account_id: data.billing_account_id,
            invoices: data.invoices,
            credit_notes: data.credit_notes,
          },
        })
        return await module.addReceivableEntry(saved.id, {
          event_id: event.id,
          kind: "statement_issued",
          amount: data.gross_amount,
          currency_code: currency,
          occurred_at: issuedAt,
          reference: number,
        })
      },
      { timeout: 60 },
    )
    return {
      found:
        `${about} of ${data.gross_amount} ${currency.toUpperCase()} (${outstanding} outstanding), listing ` +
        `${data.invoices.length} invoice(s) and ${data.credit_notes.length} credit note(s)`,
      action: added ? "kept the statement" : "the statement was recorded before (a repeated event)",
    }
  } catch (error) {
    return { found: about, action: "none", error: errorMessage(error) }
  }
}
