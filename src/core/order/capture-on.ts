/**
 * When the service invoices (fulfils) an order paid by trade credit: when it is placed ("order"), when Medusa marks a
 * fulfillment shipped ("shipment"), when a fulfillment is created ("fulfillment"), or only when an admin captures
 * ("manual"). The provider options' `captureOn` is the default; a region's settings may choose another.
 */
export const CAPTURE_ON = ["order", "shipment", "fulfillment", "manual"] as const
export type CaptureOn = (typeof CAPTURE_ON)[number]

/** What just happened to an order: it was placed, a fulfillment was shipped or created, a plan's funding accepted. */
export type CaptureMoment = "order" | "shipment" | "fulfillment"

/** True when `moment` is the one the order's capture waits for. */
export const capturesOn = (captureOn: CaptureOn, moment: CaptureMoment): boolean => captureOn === moment
