import { z } from "@medusajs/framework/zod"
import {
  AutofillBuyer,
  type AutofillBuyerInput,
  AutofillDelegationRequest,
  AutofillWriteRequest,
  BuyerReference,
  EmptyAnswer,
} from "../service/schemas/registration"
import { isNotFound, tokenFromAnswer } from "./delegation"
import type { RequestSpec, Transport } from "./transport"
import { type Idempotent, validateRequest } from "./validate"

export type AutofillDelegationInput = z.input<typeof AutofillDelegationRequest>
/** Whose record: a delegation token's, or the API key with the merchant's buyer reference. */
export type AutofillWho = { token: string } | { buyerReference: string }

const PATH = "/autofill/v1/buyer/current"

/**
 * Autofill (contract section 5): the current buyer's saved business details,
 * per (merchant, buyer_reference). Read and written with a delegation token
 * (sent alone, without the API key) or with the API key and the buyer
 * reference (`?buyer_reference=`).
 */
export class AutofillClient {
  readonly #transport: Transport

  constructor(transport: Transport) {
    this.#transport = transport
  }

  /** POST /autofill/v1/delegation (API key) → 200 `{}`: a token with the flags asked for, valid one hour. */
  async createDelegationToken(
    body: AutofillDelegationInput,
    { idempotencyKey }: Idempotent,
  ): Promise<{ token: string }> {
    const valid = validateRequest(AutofillDelegationRequest, body, "autofill delegation")
    const answer = await this.#transport.request(
      { method: "POST", path: "/autofill/v1/delegation", body: valid, idempotencyKey },
      EmptyAnswer,
    )
    return { token: tokenFromAnswer(answer, "POST /autofill/v1/delegation") }
  }

  /** GET /autofill/v1/buyer/current: the saved buyer, or null (404: nothing saved, cancelled, rejected or pending). */
  async readCurrentBuyer(who: AutofillWho): Promise<AutofillBuyer | null> {
    try {
      const { data } = await this.#transport.request({ method: "GET", path: PATH, ...this.#who(who) }, AutofillBuyer)
      return data
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  /**
   * POST /autofill/v1/buyer/current (needs write_current_buyer) → 200: saves the buyer. `persistent` is
   * required (a permanent rather than a session cookie in the buyer's browser); every other field is optional.
   */
  async writeCurrentBuyer(buyer: AutofillBuyerInput, who: AutofillWho, { idempotencyKey }: Idempotent): Promise<void> {
    const valid = validateRequest(AutofillWriteRequest, buyer, "autofill buyer")
    await this.#transport.request(
      { method: "POST", path: PATH, body: valid, idempotencyKey, ...this.#who(who) },
      EmptyAnswer,
    )
  }

  /** DELETE /autofill/v1/buyer/current (needs delete_current_buyer) → 200: the saved buyer is gone. */
  async deleteCurrentBuyer(who: AutofillWho, { idempotencyKey }: Idempotent): Promise<void> {
    await this.#transport.request({ method: "DELETE", path: PATH, idempotencyKey, ...this.#who(who) }, EmptyAnswer)
  }

  #who(who: AutofillWho): Pick<RequestSpec, "delegationToken" | "query"> {
    if ("token" in who) return { delegationToken: who.token }
    return {
      query: { buyer_reference: validateRequest(BuyerReference, who.buyerReference, "autofill buyer reference") },
    }
  }
}
