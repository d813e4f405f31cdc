import type {
  Account,
  CancellationAnswer,
  CreditAnswer,
  FulfilmentStatus,
  FundingStatus,
  Plan,
  TaxSubtotal,
} from "../contract/repayment"

/** A repayment account. Once it has a plan it is a financial record: erasure keeps it (contract sections 3 and 6). */
export type AccountRecord = {
  /** The wire object; handlers replace its fields and answer with it. */
  account: Account
  /** Ids of the plans made on this account, oldest first. */
  planIds: string[]
  createdAt: string
  updatedAt: string
}

export type FundingState = {
  status: FundingStatus
  /** Why funding was REJECTED (the status's `credit_decline_reason`). */
  reason: string | null
  /** When a PENDING decision is made on its own (simulator clock). */
  dueAtMs: number
  decidedAt: string | null
  decidedBy: "service" | "control" | null
}

export type FulfilmentState = {
  status: FulfilmentStatus
  /** The `invoice_grouping_key` of the fulfilment, if one was given. */
  groupingKey?: string
  /** When a PENDING fulfilment succeeds on its own (simulator clock); null unless PENDING. */
  dueAtMs: number | null
  requestedAt: string | null
  settledAt: string | null
}

export type CreditRecord = CreditAnswer & { reason: string; created_at: string }

export type PlanRecord = {
  /** The wire object; handlers change its instalments and answer with it. */
  plan: Plan
  createdAt: string
  funding: FundingState
  fulfilment: FulfilmentState
  cancellation: (CancellationAnswer & { received_at: string }) | null
  credits: CreditRecord[]
}

/** One instalment on an invoice. */
export type InvoicedInstalment = {
  plan_id: string
  plan_reference: string
  instalment_id: string
  invoice_issue_date: string
  repayment_amount: string
  tax_subtotals: TaxSubtotal[]
}

/**
 * One invoice to a repayment account: the instalments of all its plans issued
 * in one month (same currency), invoiced together so the buyer pays them with
 * one payment (interfaces.md).
 */
export type RepaymentInvoice = {
  id: string
  number: string
  account_id: string
  /** "YYYY-MM" */
  month: string
  /** The 1st of `month`, "YYYY-MM-DD". */
  issue_date: string
  currency: string
  amount: string
  tax_subtotals: TaxSubtotal[]
  instalments: InvoicedInstalment[]
  issued_at: string
  /** YYYY-MM-DD: the issue date plus the account's `due_in_days` (default 30); absent in older state files. */
  due_date?: string
  /** The billing period (one per account, month and currency) whose statement lists the invoice. */
  billing_period_id?: string
}

/** One account's month on its billing statement (`billing_statement.created.v1`). */
export type BillingPeriod = {
  id: string
  account_id: string
  month: string
  currency: string
  statement_number: number
  /** The account's credits the period's statement lists (each credit on one statement only). */
  credit_ids: string[]
}

/** One merchant's repayment accounts, plans and invoices. */
export class RepaymentStore {
  private accounts = new Map<string, AccountRecord>()
  private accountByReference = new Map<string, AccountRecord>()
  private plans = new Map<string, PlanRecord>()
  private invoiceList: RepaymentInvoice[] = []
  private periods = new Map<string, BillingPeriod>()

  addAccount(record: AccountRecord): void {
    this.accounts.set(record.account.id, record)
    const reference = record.account.merchant_account_reference
    if (reference) this.accountByReference.set(reference, record)
  }

  account(id: string): AccountRecord | undefined {
    return this.accounts.get(id)
  }

  accountByMerchantReference(reference: string): AccountRecord | undefined {
    return this.accountByReference.get(reference)
  }

  allAccounts(): AccountRecord[] {
    return [...this.accounts.values()]
  }

  addPlan(record: PlanRecord, account: AccountRecord): void {
    this.plans.set(record.plan.id, record)
    account.planIds.push(record.plan.id)
  }

  plan(id: string): PlanRecord | undefined {
    return this.plans.get(id)
  }

  allPlans(): PlanRecord[] {
    return [...this.plans.values()]
  }

  /** The plan that holds a `reference`: not REJECTED and not cancelled (those free it). */
  holderOf(reference: string): PlanRecord | undefined {
    return this.allPlans().find(
      (r) => r.plan.reference === reference && r.funding.status !== "REJECTED" && r.cancellation === null,
    )
  }

  addInvoice(invoice: RepaymentInvoice): void {
    this.invoiceList.push(invoice)
  }

  invoices(accountId?: string): RepaymentInvoice[] {
    return this.invoiceList.filter((invoice) => !accountId || invoice.account_id === accountId)
  }

  /** The billing period of an account's month in a currency, made (with `make`) the first time it is asked for. */
  period(accountId: string, month: string, currency: string, make: () => BillingPeriod): BillingPeriod {
    const key = `${accountId}|${month}|${currency}`
    const found = this.periods.get(key)
    if (found) return found
    const made = make()
    this.periods.set(key, made)
    return made
  }

  allPeriods(): BillingPeriod[] {
    return [...this.periods.values()]
  }

  /** True when the account is a financial record (it has a plan): kept on erasure. */
  isFinancialRecord(accountId: string): boolean {
    return (this.accounts.get(accountId)?.planIds.length ?? 0) > 0
  }

  /** Accounts that hold an email (invoice, cc or representative; case-insensitive): what an erasure looks at. */
  accountsWithEmail(email: string): AccountRecord[] {
    const wanted = email.trim().toLowerCase()
    return this.allAccounts().filter(({ account }) =>
      [account.invoice_email, ...account.invoice_cc_emails, account.account_representative.email].some(
        (address) => address.toLowerCase() === wanted,
      ),
    )
  }

  get size() {
    return { accounts: this.accounts.size, plans: this.plans.size, invoices: this.invoiceList.length }
  }

  clear(): void {
    this.accounts.clear()
    this.accountByReference.clear()
    this.plans.clear()
    this.invoiceList = []
    this.periods.clear()
  }
}
