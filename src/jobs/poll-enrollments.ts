import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { backgroundJobsOff } from "../utils/background-jobs"
import { pollEnrollments } from "../workflows/enrollment/poll-enrollments"

export { pollEnrollments }

/** Every 5 minutes: sole-trader proposals decided while the webhook did not arrive. */
export default async function pollEnrollmentsJob(container: MedusaContainer) {
  if (backgroundJobsOff()) return
  const result = await pollEnrollments(container)
  const changed = result.outcomes.filter((o) => o.changed).length
  if (changed) {
    container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).info(`trade-credit: polled ${result.checked} proposal(s); ${changed} decided`)
  }
}

export const config = {
  name: "trade-credit-poll-enrollments",
  schedule: "*/5 * * * *",
}
