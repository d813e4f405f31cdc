import { createHash } from "node:crypto"

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16)

/**
 * Idempotency keys of the trade account calls, derived from Medusa's ids **(chosen)**:
 * a retried onboarding of the same customer sends the same key (and, with the
 * same body, gets the first answer again).
 */
export const tradeAccountKeys = {
  customer: (merchantCustomerId: string) => `ta-customer-${merchantCustomerId}`,
  user: (medusaCustomerId: string) => `ta-user-${medusaCustomerId}`,
  /** One link per user, return URL and minute: a retry gets the same link, a later send a fresh one. */
  link: (userRowId: string, returnUrl: string, at: Date = new Date()) =>
    `ta-link-${userRowId}-${digest(`${returnUrl} ${Math.floor(at.getTime() / 60_000)}`)}`,
}
