import { integrationArea } from "../helpers/area"
import shipmentsCancelDocuments from "./after-sale/shipments-cancel-documents"
import unknownAtService from "./after-sale/unknown-at-service"
import webhooksReconciliation from "./after-sale/webhooks-reconciliation"
import publishedOrderEvents from "./after-sale/published-order-events"
import planCancelWhilePending from "./after-sale/plan-cancel-while-pending"
import receivablesEvents from "./after-sale/receivables-events"

jest.setTimeout(600_000)

integrationArea([
  shipmentsCancelDocuments,
  webhooksReconciliation,
  unknownAtService,
  publishedOrderEvents,
  planCancelWhilePending,
  receivablesEvents,
])
