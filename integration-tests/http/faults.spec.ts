import { FAULTS, faultEnv } from "../helpers/faults"
import { integrationArea } from "../helpers/area"
import { invoiceFaultSuite } from "../helpers/invoice-fault-suite"
import instalmentProvider from "./faults/instalment-provider"

/**
 * Every call of both providers under every fault the simulator injects (docs/reliability.md), on one Medusa boot
 * with the fault settings (a short timeout, one retry, capture by hand): the invoice provider's eight faults, then
 * the instalment provider's.
 */
jest.setTimeout(600_000)

integrationArea([invoiceFaultSuite(FAULTS, "faults 1-8"), instalmentProvider], faultEnv)
