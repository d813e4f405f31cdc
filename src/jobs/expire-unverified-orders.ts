import type { MedusaContainer } from "@medusajs/framework/types"
import { expireUnverifiedOrders } from "../workflows/unverified-orders"
import { backgroundJobsOff } from "../utils/background-jobs"

/**
 * Every ten minutes: cancels the trade credit orders whose buyer never came back
 * from the verification page within `unverifiedOrderTtlHours` (default 48), and
 * frees their carts. The work is `expireUnverifiedOrders` (workflows/unverified-orders).
 */
export default async function expireUnverifiedOrdersJob(container: MedusaContainer) {
  if (backgroundJobsOff()) return
  await expireUnverifiedOrders(container)
}

export const config = {
  name: "trade-credit-expire-unverified-orders",
  schedule: "*/10 * * * *",
}
