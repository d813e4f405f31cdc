import { createHash } from "node:crypto"

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16)

/**
 * Idempotency keys of the trade account calls, derived from Medusa's ids **(chosen)**:
 * a retried onboarding of the same customer sends the same key (and, with the
 * same body, gets the first answer again).
 */
export const tradeAccountKeys = {
  /**
   * The body is part of the key: a create the service refused (e.g. an unknown company) keeps its answer under its
   * key, so a corrected onboarding must not reuse it. A lost answer retried with the same body replays; with another
   * body the service answers INVALID_STATE (merchant_customer_id taken) and the record is adopted.
   */
  customer: (merchantCustomerId: string, body: unknown) =>
    `ta-customer-${merchantCustomerId.slice(0, 60)}-${digest(JSON.stringify({ merchantCustomerId, body }))}`,
  user: (medusaCustomerId: string) => `ta-user-${medusaCustomerId}`,
  /** One link per user, return URL and minute: a retry gets the same link, a later send a fresh one. */
  link: (userRowId: string, returnUrl: string, at: Date = new Date()) =>
    `ta-link-${userRowId}-${digest(`${returnUrl} ${Math.floor(at.getTime() / 60_000)}`)}`,
}
