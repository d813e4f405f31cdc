export { onboardTradeAccountWorkflow, type OnboardTradeAccountInput } from "./onboard-trade-account"
export { addTradeAccountUsersWorkflow, type AddTradeAccountUsersInput } from "./add-trade-account-users"
export {
  sendVerificationLinkWorkflow,
  VERIFICATION_LINK_EVENT,
  type VerificationLinkEventData,
} from "./send-verification-link"
