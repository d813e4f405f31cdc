import { SIMULATOR_WEBHOOK_SECRET } from "trade-credit-simulator"
import { integrationArea } from "../helpers/area"
import { ROTATED_WEBHOOK_SECRET } from "../helpers/webhooks"
import webhookSecurity from "./hostile-input/webhook-security"
import rateLimits from "./hostile-input/rate-limits"
import routeFuzzing from "./hostile-input/route-fuzzing"
import webhookRotation from "./hostile-input/webhook-rotation"
import boundedInput from "./hostile-input/bounded-input"

jest.setTimeout(600_000)

// Two webhook secrets, as during a rotation (the new one first): the simulator signs with the old one, the second.
integrationArea([webhookSecurity, webhookRotation, rateLimits, routeFuzzing, boundedInput], {
  TRADE_CREDIT_WEBHOOK_SECRET: `${ROTATED_WEBHOOK_SECRET},${SIMULATOR_WEBHOOK_SECRET}`,
})
