import { z } from "@medusajs/framework/zod"
import {
  TradeAccountCustomer,
  TradeAccountCustomerRequest,
  TradeAccountUser,
  TradeAccountUserRequest,
  VerificationUrl,
  VerificationUrlRequest,
} from "../service/schemas/trade-account"
import { urlPath } from "./http-utils"
import type { Transport } from "./transport"
import { type Idempotent, validateRequest } from "./validate"

export type TradeAccountCustomerInput = z.input<typeof TradeAccountCustomerRequest>
export type TradeAccountUserInput = z.input<typeof TradeAccountUserRequest>
export type VerificationUrlInput = z.input<typeof VerificationUrlRequest>

/**
 * The trade account interface, version 3 preview (contract section 4). Takes
 * the client's transport scoped to `/trade-account/v3`. Ids in paths resolve
 * by the interface's rule: one beginning with `svc_` is the service's id,
 * anything else the merchant's own (`merchant_customer_id`,
 * `merchant_user_id`). A merchant id beginning with `svc_` never leaves:
 * INVALID_REQUEST before anything is sent (the service would answer 400).
 *
 * Flow: createCustomer → createUser (completes onboarding) →
 * createVerificationUrl, the user verifies at `redirect_url` → orders whose
 * `buyer.trade_account` names the user are created VERIFIED.
 */
export class TradeAccountClient {
  readonly #transport: Transport

  constructor(transport: Transport) {
    this.#transport = transport
  }

  /**
   * POST /customer → 201 the customer (`id` is the service's, `svc_...`;
   * `company` the service's record of the business). The body names the
   * business at the top level: `canonical_id` alone, or `country_code` with
   * `organization_number`. A `merchant_customer_id` already used is 409
   * INVALID_STATE with the existing customer's id in the error's `details`.
   */
  async createCustomer(body: TradeAccountCustomerInput, { idempotencyKey }: Idempotent): Promise<TradeAccountCustomer> {
    const valid = validateRequest(TradeAccountCustomerRequest, body, "trade account customer")
    const { data } = await this.#transport.request(
      { method: "POST", path: "/customer", body: valid, idempotencyKey },
      TradeAccountCustomer,
    )
    return data
  }

  /** GET /customer/{cid}: by the service's id or the merchant's `merchant_customer_id`. */
  async getCustomer(customerId: string): Promise<TradeAccountCustomer> {
    const { data } = await this.#transport.request(
      { method: "GET", path: urlPath`/customer/${customerId}` },
      TradeAccountCustomer,
    )
    return data
  }

  /**
   * POST /customer/{cid}/user → the user (`verified: false`). A
   * `merchant_user_id` already used (by any customer of the merchant) is 409
   * INVALID_STATE with the existing user's id in `details`.
   */
  async createUser(
    customerId: string,
    body: TradeAccountUserInput,
    { idempotencyKey }: Idempotent,
  ): Promise<TradeAccountUser> {
    const valid = validateRequest(TradeAccountUserRequest, body, "trade account user")
    const { data } = await this.#transport.request(
      { method: "POST", path: urlPath`/customer/${customerId}/user`, body: valid, idempotencyKey },
      TradeAccountUser,
    )
    return data
  }

  /** GET /user/{uid} (published, not in the contract's list): the user and whether it is verified. */
  async getUser(userId: string): Promise<TradeAccountUser> {
    const { data } = await this.#transport.request({ method: "GET", path: urlPath`/user/${userId}` }, TradeAccountUser)
    return data
  }

  /** POST /user/{uid}/verification/url → 201 `{redirect_url}`: the page where the user verifies, then returns to
   * `return_url`. */
  async createVerificationUrl(
    userId: string,
    body: VerificationUrlInput,
    { idempotencyKey }: Idempotent,
  ): Promise<VerificationUrl> {
    const valid = validateRequest(VerificationUrlRequest, body, "trade account verification link")
    const { data } = await this.#transport.request(
      { method: "POST", path: urlPath`/user/${userId}/verification/url`, body: valid, idempotencyKey },
      VerificationUrl,
    )
    return data
  }
}
