export * from "./workflow"
export {
  requestErasure,
  customerDeletedReference,
  type RequestErasureInput,
  type RequestErasureResult,
} from "./request-erasure"
export { anonymiseData } from "./anonymise-data"
export { placeholdersFor, emailHashOf } from "./placeholders"
export { erasureIdempotencyKey } from "./steps/submit-erasure"
