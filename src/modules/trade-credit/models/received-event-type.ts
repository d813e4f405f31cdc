import { model } from "@medusajs/framework/utils"

/**
 * An event type the service sent that the plugin acknowledges without acting on (credit lines, workflows, payee
 * accounts): counted per type so Settings → Trade credit lists what arrived instead of dropping it silently.
 */
export const ReceivedEventType = model.define(
  { name: "ReceivedEventType", tableName: "trade_credit_received_event_type" },
  {
    id: model.id({ prefix: "tcret" }).primaryKey(),
    type: model.text().unique(),
    count: model.number().default(0),
    last_received_at: model.dateTime(),
  },
)
