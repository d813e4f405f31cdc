import { integrationArea } from "../helpers/area"
import shipmentsCancelDocuments from "./after-sale/shipments-cancel-documents"
import webhooksReconciliation from "./after-sale/webhooks-reconciliation"

jest.setTimeout(600_000)

integrationArea([shipmentsCancelDocuments, webhooksReconciliation])
