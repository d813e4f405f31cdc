import { MedusaService } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { assertApiKey, type TradeCreditClient } from "../../client"
import { clientFromOptions, parseOptions, type TradeCreditOptions, type TradeCreditOptionsInput } from "../../providers/trade-credit/options"
import { BuyerRepaymentAccount } from "./models/buyer-repayment-account"
import { ErasureRequest } from "./models/erasure-request"
import { Enrollment } from "./models/enrollment"
import { ReconciliationRun } from "./models/reconciliation-run"
import { RepaymentPlanSession } from "./models/repayment-plan-session"
import { ShipmentInvoice } from "./models/shipment-invoice"
import { TradeAccount } from "./models/trade-account"
import { TradeAccountUser } from "./models/trade-account-user"
import { WebhookEvent } from "./models/webhook-event"

type InjectedDependencies = { logger: Logger }

/**
 * The plugin's own module: what it keeps in Medusa's database (webhook events by
 * id, invoiced shipments, reconciliation runs, the buyers' repayment accounts
 * and which payment session each repayment plan belongs to) and the service client that its
 * workflows, subscribers, jobs and admin routes use. Its options are the
 * providers' options (one object in medusa-config.ts serves both).
 */
export default class TradeCreditModuleService extends MedusaService({
  WebhookEvent,
  ShipmentInvoice,
  ReconciliationRun,
  BuyerRepaymentAccount,
  RepaymentPlanSession,
  TradeAccount,
  TradeAccountUser,
  ErasureRequest,
  Enrollment,
}) {
  protected readonly options_: TradeCreditOptions
  protected readonly logger_: Logger
  protected client_?: TradeCreditClient

  constructor(container: InjectedDependencies, options: TradeCreditOptionsInput) {
    super(...arguments)
    this.options_ = parseOptions(options)
    assertApiKey(this.options_.apiKey, this.options_.environment)
    this.logger_ = container.logger
  }

  getOptions(): TradeCreditOptions {
    return this.options_
  }

  /** The client of the service, created on first use and kept (one keep-alive pool). */
  getClient(): TradeCreditClient {
    this.client_ ??= clientFromOptions(this.options_, this.logger_)
    return this.client_
  }

  __hooks = {
    onApplicationShutdown: async () => {
      await this.client_?.close()
    },
  }
}
