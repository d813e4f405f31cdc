export * from "./expire-unverified-orders"
export * from "./workflow"
export type { CancelUnverifiedOrderInput, CancelUnverifiedOrderResult } from "./steps/cancel-unverified-order"
