export {
  applyProposalStateWorkflow,
  type ApplyProposalStateInput,
  type ApplyProposalStateResult,
} from "./apply-proposal-state"
export { createEnrollmentProposalWorkflow, type CreateEnrollmentProposalInput } from "./create-proposal"
export { saveEnrolledBusinessWorkflow, type SaveEnrolledBusinessInput } from "./save-enrolled-business"
export { pollEnrollments, type EnrollmentPoll, type EnrollmentPollOutcome } from "./poll-enrollments"
export { ENROLLMENT_EVENTS, type EnrollmentEventData } from "./enrollment-events"
