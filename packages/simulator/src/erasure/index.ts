import type { SimulatorContext } from "../context"
import { normaliseSimEmail, type SimErasureCase } from "../contract/erasure"
import type { MerchantState } from "../state/merchants"
import { type ErasureMatch, registerEraser, registeredErasers } from "./erasers"
import { emailHash, placeholdersFor } from "./placeholders"
import type { ErasureAuditEntry } from "./store"
import { orderEraser } from "./stores/orders"
import { registrationEraser } from "./stores/registration"
import { repaymentAccountEraser } from "./stores/repayment-accounts"
import { tradeAccountEraser } from "./stores/trade-accounts"

export { registerEraser, registeredErasers, type Eraser, type ErasureMatch } from "./erasers"
export { ErasureStore, type ErasureAuditEntry } from "./store"
export { placeholdersFor, emailHash, ERASED_EMAIL_DOMAIN, type Placeholders } from "./placeholders"

// The stores of the simulator that hold personal data. A store added later registers its eraser the same way.
registerEraser(orderEraser)
registerEraser(repaymentAccountEraser)
registerEraser(tradeAccountEraser)
registerEraser(registrationEraser)

export type ErasureLookupResult = { case: SimErasureCase; matches: Record<string, ErasureMatch> }

/**
 * The case of an address among the calling merchant's records (contract
 * section 6): RETAINED when any store holds a financial record of it,
 * ERASABLE when only other records hold it, NO_RECORDS otherwise.
 */
export function lookupErasureCase(ctx: SimulatorContext, merchant: MerchantState, email: string): ErasureLookupResult {
  const wanted = normaliseSimEmail(email)
  const matches: Record<string, ErasureMatch> = {}
  let retained = 0
  let erasable = 0
  for (const eraser of registeredErasers()) {
    const match = eraser.find(merchant, wanted, ctx)
    matches[eraser.name] = match
    retained += match.retained
    erasable += match.erasable
  }
  return { case: retained > 0 ? "RETAINED" : erasable > 0 ? "ERASABLE" : "NO_RECORDS", matches }
}

/**
 * An erasure request (interfaces.md rules 1-6). The answer is the same in every
 * case; what happens is recorded in the merchant's audit trail:
 * - a reference seen before: nothing is done again (only counted);
 * - NO_RECORDS or RETAINED: nothing is done;
 * - ERASABLE: every store replaces the person's data in place with the
 *   placeholders of this erasure. There is no undo: the values are gone.
 * Only the calling merchant's state is touched: the same person's records
 * held for another merchant stay as they are.
 */
export function requestErasure(
  ctx: SimulatorContext,
  merchant: MerchantState,
  request: { email: string; reference: string },
): ErasureAuditEntry {
  const now = ctx.clock.iso()
  const seen = merchant.erasure.get(request.reference)
  if (seen) {
    seen.submissions++
    seen.last_received_at = now
    return seen
  }
  const wanted = normaliseSimEmail(request.email)
  const { case: found } = lookupErasureCase(ctx, merchant, wanted)
  let erased: Record<string, number> | null = null
  if (found === "ERASABLE") {
    const placeholders = placeholdersFor(merchant.id, request.reference)
    erased = {}
    for (const eraser of registeredErasers()) erased[eraser.name] = eraser.erase(merchant, wanted, placeholders, ctx)
  }
  const entry: ErasureAuditEntry = {
    reference: request.reference,
    email_hash: emailHash(wanted),
    case: found,
    received_at: now,
    erased,
    submissions: 1,
    last_received_at: now,
  }
  merchant.erasure.add(entry)
  return entry
}
