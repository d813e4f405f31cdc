import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ENROLLMENT_EVENTS, type EnrollmentEventData } from "../workflows/enrollment/handle-enrollment-webhook"
import { applyDecision } from "./enrollment-approved"

/** `trade-credit.enrollment.declined`: the enrollment follows its proposal as the service has it now (DECLINED). */
export default async function enrollmentDeclined({ event, container }: SubscriberArgs<EnrollmentEventData>) {
  await applyDecision(container, event.data, "declined")
}

export const config: SubscriberConfig = {
  event: ENROLLMENT_EVENTS["enrollment.declined"],
  context: { subscriberId: "trade-credit-enrollment-declined" },
}
