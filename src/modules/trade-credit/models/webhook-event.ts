import { model } from "@medusajs/framework/utils"

/**
 * Each webhook delivery the plugin handled, kept by the service's event id, so a
 * repeated or late delivery changes nothing (the service may deliver one event
 * more than once).
 */
export const WebhookEvent = model.define("trade_credit_webhook_event", {
  id: model.id({ prefix: "tcevt" }).primaryKey(),
  event_id: model.text().unique(),
  type: model.text(),
  service_order_id: model.text().nullable(),
  outcome: model.text().nullable(),
  /** The fingerprint of the webhook secret whose signature held (secretFingerprint): which one, during a rotation. */
  verified_with: model.text().nullable(),
})
