import type { ICustomerModuleService, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE, type TradeCreditModuleService } from "../../modules/trade-credit"
import type { ErasureRequestSource } from "../../modules/trade-credit/models/erasure-request"
import type { ErasureRequestRow } from "../../modules/trade-credit/types"
import { type ErasureCase, normaliseEmail } from "../../service/schemas/erasure"
import { emailHashOf } from "./placeholders"
import type { ErasureSubject } from "./plugin-records"
import { eraseCustomerDataWorkflow, finishErasureAnonymisationWorkflow } from "./workflow"
import { quote } from "../../utils/quote"

export type RequestErasureInput = {
  reference: string
  /** Exactly one of email and customer_id. */
  email?: string
  customer_id?: string
  requested_by: string | null
  source: ErasureRequestSource
}

export type RequestErasureResult = {
  /** The request as recorded (the `trade_credit_erasure_request` row). */
  request: ErasureRequestRow
  /** True when the reference was known and submitted already: nothing was sent again. */
  replayed: boolean
}

/** The Medusa customer (deleted ones too: the customer-deleted subscriber runs after the soft delete). */
async function customerEmail(container: MedusaContainer, customerId: string): Promise<string> {
  const customers = container.resolve<ICustomerModuleService>(Modules.CUSTOMER)
  const [customer] = await customers.listCustomers(
    { id: customerId },
    { select: ["id", "email"], withDeleted: true, take: 1 },
  )
  if (!customer) {
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Customer ${quote(customerId)} was not found`,
      "TRADE_CREDIT_CUSTOMER_NOT_FOUND",
    )
  }
  if (!customer.email) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Customer ${quote(customerId)} has no email address: request the erasure by email`,
      "TRADE_CREDIT_CUSTOMER_WITHOUT_EMAIL",
    )
  }
  return customer.email
}

/** Every Medusa customer with the address (a guest and a registered account can share one), deleted ones too. */
async function customersWithEmail(container: MedusaContainer, email: string, given: string[]): Promise<string[]> {
  const customers = container.resolve<ICustomerModuleService>(Modules.CUSTOMER)
  const found = await customers.listCustomers(
    { email: [...new Set([email, ...given])] },
    { select: ["id"], withDeleted: true },
  )
  return found.map((c) => c.id)
}

/**
 * Requests the erasure of one person's data, by Medusa customer or by address,
 * under the merchant's reference, and answers the recorded request:
 *
 * - a reference already submitted: that request, nothing sent again (and, if
 *   the plugin's own anonymisation did not finish, it is finished now);
 * - a reference recorded for another address: 409, nothing sent;
 * - a reference whose submission failed: tried again (same row, same
 *   Idempotency-Key);
 * - otherwise the workflow: lookup, record, submit, anonymise.
 *
 * Input is validated by the caller (route validators, the subscriber's own
 * reference); an unknown customer is a 404 before anything is sent.
 */
export async function requestErasure(
  container: MedusaContainer,
  input: RequestErasureInput,
): Promise<RequestErasureResult> {
  const tradeCredit = container.resolve<TradeCreditModuleService>(TRADE_CREDIT_MODULE)
  const given = input.customer_id ? await customerEmail(container, input.customer_id) : input.email
  if (!given)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "Give an email or a customer_id", "TRADE_CREDIT_INVALID_BODY")
  const email = normaliseEmail(given)
  const emailHash = emailHashOf(email)
  const subject: ErasureSubject = {
    email,
    customer_ids: [
      ...new Set([
        ...(input.customer_id ? [input.customer_id] : []),
        ...(await customersWithEmail(container, email, [given.trim()])),
      ]),
    ],
  }

  const [existing] = await tradeCredit.listErasureRequests({ reference: input.reference }, { take: 1 })
  if (existing && existing.email_hash !== emailHash) {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `The reference ${quote(input.reference)} was used for another person's erasure request: use a new reference`,
      "TRADE_CREDIT_ERASURE_REFERENCE_CONFLICT",
    )
  }
  if (existing && existing.status === "submitted") {
    if (existing.case === "ERASABLE" && !existing.anonymised_at) {
      await finishErasureAnonymisationWorkflow(container).run({
        input: { request_id: existing.id, case: existing.case as ErasureCase, reference: existing.reference, subject },
      })
    }
    return { request: await tradeCredit.retrieveErasureRequest(existing.id), replayed: true }
  }

  const { result: requestId } = await eraseCustomerDataWorkflow(container).run({
    input: {
      reference: input.reference,
      email,
      email_hash: emailHash,
      customer_id: input.customer_id ?? null,
      subject,
      requested_by: input.requested_by,
      source: input.source,
      existing_id: existing?.id ?? null,
    },
  })
  return { request: await tradeCredit.retrieveErasureRequest(requestId), replayed: false }
}

/** The reference the customer-deleted subscriber submits under: stable per customer, so a repeat is a replay. */
export const customerDeletedReference = (customerId: string) => `customer-deleted:${customerId}`.slice(0, 100)
