import { integrationArea } from "../helpers/area"
import webhookSecurity from "./hostile-input/webhook-security"
import rateLimits from "./hostile-input/rate-limits"
import routeFuzzing from "./hostile-input/route-fuzzing"

jest.setTimeout(600_000)

integrationArea([webhookSecurity, rateLimits, routeFuzzing])
