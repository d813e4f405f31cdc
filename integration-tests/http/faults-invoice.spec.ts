import { FAULTS } from "../helpers/faults"
import { invoiceFaultSuite } from "../helpers/invoice-fault-suite"

/**
 * Every call the invoice provider makes under the first four faults the simulator injects (latency past the
 * timeout, 500, 503 with Retry-After, 429); faults-invoice-2.spec.ts runs the other four. docs/reliability.md.
 */
invoiceFaultSuite(FAULTS.slice(0, 4), "faults 1-4")
