import type { Eraser } from "../erasers"
import { sameAddress } from "../placeholders"

/**
 * Business registration and autofill (contract section 5): autofill records,
 * proposals (with their evidence files), codes sent to returning buyers, and
 * the proprietors of accepted proposals. None is a financial record. The
 * store replaces the data itself (`RegistrationStore.erasePersonalData`:
 * names, emails, phones, dates of birth and evidence files, in place, with
 * the registration interface's own placeholder, as it redacts decided proposals).
 */
export const registrationEraser: Eraser = {
  name: "registration",
  find(merchant, email) {
    const store = merchant.registration
    const autofill = [...store.autofill.values()].filter((record) => sameAddress(record.buyer.email, email)).length
    const proposals = [...store.proposals.values()].filter(({ proposal }) => {
      const business = proposal.proposed_business
      return sameAddress(business.email, email) || sameAddress(business.proprietor_details?.email, email)
    }).length
    const returning = store.enrolledBuyers.filter((buyer) => sameAddress(buyer.email, email)).length
    const codes = store.verifications.has(email) ? 1 : 0
    return { retained: 0, erasable: autofill + proposals + returning + codes }
  },
  erase(merchant, email) {
    return merchant.registration.erasePersonalData(email)
  },
}
