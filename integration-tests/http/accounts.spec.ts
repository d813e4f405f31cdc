import { integrationArea } from "../helpers/area"
import tradeAccounts from "./accounts/trade-accounts"
import soleTraders from "./accounts/sole-traders"
import adminCustomerRoutes from "./accounts/admin-customer-routes"
import adminUiRoutes from "./accounts/admin-ui-routes"
import regionSettings from "./accounts/region-settings"
import publishedEnrollmentEvents from "./accounts/published-enrollment-events"
import buyerDocuments from "./accounts/buyer-documents"
import adminReceivables from "./accounts/admin-receivables"

jest.setTimeout(600_000)

integrationArea([tradeAccounts, soleTraders, adminCustomerRoutes, adminUiRoutes, regionSettings, publishedEnrollmentEvents, buyerDocuments, adminReceivables])
