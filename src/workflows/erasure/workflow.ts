import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { ErasureRequestSource } from "../../modules/trade-credit/models/erasure-request"
import type { ErasureCase } from "../../service/schemas/erasure"
import type { ErasureSubject } from "./plugin-records"
import { anonymisePluginDataStep } from "./steps/anonymise-plugin-data"
import { lookupErasureCaseStep } from "./steps/lookup-erasure-case"
import { markAnonymisedStep } from "./steps/mark-anonymised"
import { recordErasureRequestStep } from "./steps/record-erasure-request"
import { submitErasureStep } from "./steps/submit-erasure"

export type EraseCustomerDataInput = {
  reference: string
  /** The address (trimmed, lower case). Travels to the service; stored only as its hash. */
  email: string
  email_hash: string
  customer_id: string | null
  subject: ErasureSubject
  requested_by: string | null
  source: ErasureRequestSource
  /** A recorded request whose submission failed, tried again. */
  existing_id?: string | null
}

export const eraseCustomerDataWorkflowId = "trade-credit-erase-customer-data"

/**
 * A right-to-erasure request, start to end (interfaces.md rules 1-7):
 *
 * 1. lookup: which case applies at the service (the erasure's answer never says);
 * 2. record: the plugin's audit row (reference, case, time, admin user);
 * 3. submit: POST /gdpr/v1/erasure (202 in every case); the row is `submitted`, or `failed` with the error;
 * 4. anonymise (ERASABLE only): the plugin's own copies of the person's data, amounts and ids kept;
 * 5. mark: when and how much was anonymised.
 *
 * Returns the request's id.
 */
export const eraseCustomerDataWorkflow = createWorkflow(
  eraseCustomerDataWorkflowId,
  (input: EraseCustomerDataInput) => {
    const found = lookupErasureCaseStep({ email: input.email })
    const record = transform({ input, found }, ({ input, found }) => ({
      reference: input.reference,
      email_hash: input.email_hash,
      customer_id: input.customer_id,
      case: found as ErasureCase,
      requested_by: input.requested_by,
      source: input.source,
      existing_id: input.existing_id ?? null,
    }))
    const requestId = recordErasureRequestStep(record)
    const submit = transform({ input, requestId }, ({ input, requestId }) => ({
      request_id: requestId,
      email: input.email,
      reference: input.reference,
    }))
    submitErasureStep(submit)
    const anonymise = transform({ input, requestId, found }, ({ input, requestId, found }) => ({
      request_id: requestId,
      case: found as ErasureCase,
      reference: input.reference,
      subject: input.subject,
    }))
    const result = anonymisePluginDataStep(anonymise)
    const mark = transform({ requestId, result }, ({ requestId, result }) => ({ request_id: requestId, result }))
    markAnonymisedStep(mark)
    return new WorkflowResponse(requestId)
  },
)

export const finishErasureAnonymisationWorkflowId = "trade-credit-finish-erasure-anonymisation"

/**
 * The plugin's part of a request the service accepted before but whose
 * anonymisation did not finish: steps 4 and 5 alone (nothing is sent again).
 */
export const finishErasureAnonymisationWorkflow = createWorkflow(
  finishErasureAnonymisationWorkflowId,
  (input: { request_id: string; case: ErasureCase; reference: string; subject: ErasureSubject }) => {
    const result = anonymisePluginDataStep(input)
    const mark = transform({ input, result }, ({ input, result }) => ({ request_id: input.request_id, result }))
    markAnonymisedStep(mark)
    return new WorkflowResponse(input.request_id)
  },
)
