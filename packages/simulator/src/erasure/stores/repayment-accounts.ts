import type { AccountRecord } from "../../state/repayment"
import type { Eraser } from "../erasers"
import { sameAddress } from "../placeholders"

const holds = ({ account }: AccountRecord, email: string) =>
  [account.invoice_email, ...account.invoice_cc_emails, account.account_representative.email].some((address) =>
    sameAddress(address, email),
  )

/**
 * Repayment accounts (contract section 3): one with a plan is a financial
 * record (RETAINED, kept); one without a plan is erasable: the representative
 * with the address loses name, email and phone, and the address is replaced
 * wherever it appears among the invoice emails.
 */
export const repaymentAccountEraser: Eraser = {
  name: "repayment_accounts",
  find(merchant, email) {
    let retained = 0
    let erasable = 0
    for (const record of merchant.repayment.accountsWithEmail(email)) {
      if (merchant.repayment.isFinancialRecord(record.account.id)) retained++
      else erasable++
    }
    return { retained, erasable }
  },
  erase(merchant, email, placeholders) {
    let changed = 0
    for (const record of merchant.repayment.allAccounts()) {
      if (!holds(record, email) || merchant.repayment.isFinancialRecord(record.account.id)) continue
      const { account } = record
      if (sameAddress(account.account_representative.email, email)) {
        account.account_representative = {
          ...account.account_representative,
          first_name: placeholders.firstName,
          last_name: placeholders.lastName,
          phone_number: placeholders.phone,
          email: placeholders.email,
        }
      }
      if (sameAddress(account.invoice_email, email)) account.invoice_email = placeholders.email
      account.invoice_cc_emails = account.invoice_cc_emails.map((address) =>
        sameAddress(address, email) ? placeholders.email : address,
      )
      changed++
    }
    return changed
  },
}
