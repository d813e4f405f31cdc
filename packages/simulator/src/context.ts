import type { Clock } from "./clock"
import type { FaultStore } from "./faults"
import type { LatencyProfile } from "./latency"
import type { DocumentNumbers } from "./orders/documents"
import type { PdfCache } from "./pdf"
import type { ProfileSettings } from "./profile"
import type { RequestLog } from "./request-log"
import type { CompanyDirectory } from "./state/companies"
import type { MerchantRegistry } from "./state/merchants"
import type { SimulatorHooks, SimulatorLogger } from "./types"
import type { WebhookDispatcher } from "./webhooks"

/** Everything a route of the simulator can reach. One per running simulator. */
export type SimulatorContext = {
  /** http://host:port of the running server (set once it listens). */
  baseUrl: string
  unverifiedTtlMs: number
  /** Delays of the repayment interface (simulator clock): funding decision, fulfilment. */
  repayment: { fundingDelayMs: number; fulfilmentDelayMs: number }
  /**
   * Business registration: how long a SUBMITTED proposal waits for the rules (simulator clock); null = only the
   * control API.
   */
  registration: { decisionDelayMs: number | null }
  clock: Clock
  merchants: MerchantRegistry
  companies: CompanyDirectory
  faults: FaultStore
  /** The wait added to every call of the service's API (GET/PUT /_sim/latency). */
  latency: LatencyProfile
  requests: RequestLog
  webhooks: WebhookDispatcher
  documents: DocumentNumbers
  pdfs: PdfCache
  hooks: SimulatorHooks
  /** The profile (full, or minimal: answers as narrow as the documents allow) and its settings. */
  profile: ProfileSettings
  logger: SimulatorLogger
}
