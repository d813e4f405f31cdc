import type { MedusaContainer } from "@medusajs/framework/types"
import { backgroundJobsOff } from "../utils/background-jobs"
import { logLine } from "../utils/log-line"
import { pluginLoggerOf } from "../medusa/plugin-logger"
import { pollEnrollments } from "../workflows/enrollment/poll-enrollments"

export { pollEnrollments }

/** Every 5 minutes: sole-trader proposals decided while the webhook did not arrive. */
export default async function pollEnrollmentsJob(container: MedusaContainer) {
  if (backgroundJobsOff()) return
  const result = await pollEnrollments(container)
  const changed = result.outcomes.filter((o) => o.changed).length
  if (changed) {
    logLine(pluginLoggerOf(container), "info", `trade-credit: polled ${result.checked} proposal(s); ${changed} decided`)
  }
}

export const config = {
  name: "trade-credit-poll-enrollments",
  schedule: "*/5 * * * *",
}
