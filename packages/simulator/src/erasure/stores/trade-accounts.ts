import type { Eraser } from "../erasers"
import { sameAddress } from "../placeholders"

/**
 * Trade accounts (contract section 4): contact persons and invoice emails of a
 * business customer, and its users. Neither is a financial record: a contact
 * person or a user with the address loses name, email and phone; the address
 * is replaced among the invoice emails. Ids, the business and `verified` stay.
 */
export const tradeAccountEraser: Eraser = {
  name: "trade_accounts",
  find(merchant, email) {
    const customers = merchant.tradeAccounts
      .allCustomers()
      .filter(
        ({ customer }) =>
          customer.contact_persons.some((person) => sameAddress(person.email, email)) ||
          customer.invoice_email_addresses.some((address) => sameAddress(address, email)),
      ).length
    const users = merchant.tradeAccounts.allUsers().filter(({ user }) => sameAddress(user.email, email)).length
    return { retained: 0, erasable: customers + users }
  },
  erase(merchant, email, placeholders) {
    let changed = 0
    for (const record of merchant.tradeAccounts.allCustomers()) {
      const { customer } = record
      const touches =
        customer.contact_persons.some((person) => sameAddress(person.email, email)) ||
        customer.invoice_email_addresses.some((address) => sameAddress(address, email))
      if (!touches) continue
      customer.contact_persons = customer.contact_persons.map((person) =>
        sameAddress(person.email, email)
          ? {
              first_name: placeholders.firstName,
              last_name: placeholders.lastName,
              phone_number: placeholders.phone,
              email: placeholders.email,
            }
          : person,
      )
      customer.invoice_email_addresses = customer.invoice_email_addresses.map((address) =>
        sameAddress(address, email) ? placeholders.email : address,
      )
      changed++
    }
    for (const record of merchant.tradeAccounts.allUsers()) {
      if (!sameAddress(record.user.email, email)) continue
      Object.assign(record.user, {
        first_name: placeholders.firstName,
        last_name: placeholders.lastName,
        // A user created without a phone (optional) stays without one.
        phone_number: record.user.phone_number === null ? null : placeholders.phone,
        email: placeholders.email,
      })
      changed++
    }
    return changed
  },
}
