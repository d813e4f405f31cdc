import { FAULTS } from "../helpers/faults"
import { invoiceFaultSuite } from "../helpers/invoice-fault-suite"

/**
 * Every call the invoice provider makes under the last four faults the simulator injects (the connection
 * dropped before and after the commit, malformed JSON, a contract-breaking body); see faults-invoice.spec.ts.
 */
invoiceFaultSuite(FAULTS.slice(4), "faults 5-8")
