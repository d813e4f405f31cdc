import {
  ErasureAccepted,
  type ErasureCase,
  ErasureLookup,
  ErasureLookupQuery,
  ErasureRequest,
} from "../service/schemas/erasure"
import { CLIENT_ERROR_CODES, TradeCreditError } from "./errors"
import type { Transport } from "./transport"
import { type Idempotent, validateRequest } from "./validate"

export type ErasureSubmitInput = { email: string; reference: string }
export type ErasureLookupResult = { email: string; case: ErasureCase }

/**
 * The erasure interface (contract section 6; interfaces.md rules 1-7). Takes
 * the client's transport scoped to `/gdpr/v1`.
 *
 * - `lookup(email)` says which case applies to the address among the calling
 *   merchant's records: NO_RECORDS, RETAINED (on an order, or on a repayment
 *   account with a plan: financial records) or ERASABLE. Call it first (rule 7):
 *   the erasure's own answer reports no outcome.
 * - `submit({email, reference}, {idempotencyKey})` asks for the erasure; the
 *   service answers 202 with the reference in every case (nothing happens for
 *   NO_RECORDS and RETAINED; the same reference never erases twice).
 *
 * The email is personal data: it travels only in the query and the body, never
 * in a log line or an error message (the transport logs the path without the
 * query, and this module gives the transport a `logPath` without it).
 */
export class ErasureClient {
  readonly #transport: Transport

  constructor(transport: Transport) {
    this.#transport = transport
  }

  /** GET /lookup?email= → `{email, case}`. */
  async lookup(email: string): Promise<ErasureLookupResult> {
    const query = validateRequest(ErasureLookupQuery, { email }, "erasure lookup")
    const { data } = await this.#transport.request(
      { method: "GET", path: "/lookup", query: { email: query.email }, logPath: "/lookup" },
      ErasureLookup,
    )
    return { email: data.email, case: data.case }
  }

  /** POST /erasure → `{reference}` (202 in every case; the answer is no outcome). */
  async submit(input: ErasureSubmitInput, { idempotencyKey }: Idempotent): Promise<{ reference: string }> {
    const body = validateRequest(ErasureRequest, input, "erasure request")
    const { data } = await this.#transport.request(
      { method: "POST", path: "/erasure", body, idempotencyKey, logPath: "/erasure" },
      ErasureAccepted,
    )
    if (data.reference !== body.reference) {
      throw new TradeCreditError({
        code: CLIENT_ERROR_CODES.CONTRACT_VIOLATION,
        message: "Trade credit POST /gdpr/v1/erasure answered with a reference other than the one sent",
        method: "POST",
        path: "/gdpr/v1/erasure",
      })
    }
    return { reference: data.reference }
  }
}
