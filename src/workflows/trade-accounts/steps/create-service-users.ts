import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { isTradeCreditError } from "../../../client/errors"
import { toMedusaError } from "../../../use-cases/errors"
import { quote } from "../../../utils/quote"
import type { TradeAccountUser, TradeAccountUserRequest } from "../../../service/schemas/trade-account"
import { tradeAccountKeys } from "../lib/keys"
import { tradeCreditModuleOf } from "../lib/records"
import { pluginLoggerOf } from "../../../medusa/plugin-logger"

export type NewUser = { customer_id: string; body: TradeAccountUserRequest }
export type CreateServiceUsersInput = { service_customer_id: string; users: NewUser[] }
export type CreatedServiceUser = { customer_id: string; user: TradeAccountUser }

export const createServiceUsersStepId = "trade-credit-create-trade-account-users"

/**
 * The users at the service, one Medusa customer each (`merchant_user_id` is
 * the customer id; key derived from it). A user the service already has (409,
 * or a retry with a changed body) is adopted when it belongs to this business,
 * and refused (400 TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS) when it belongs to
 * another. The service offers no delete: nothing to compensate (a retry adopts).
 */
export const createServiceUsersStep = createStep(
  createServiceUsersStepId,
  async (input: CreateServiceUsersInput, { container }) => {
    const client = tradeCreditModuleOf(container).getClient()
    const logger = pluginLoggerOf(container)
    const created: CreatedServiceUser[] = []
    for (const { customer_id, body } of input.users) {
      let user: TradeAccountUser
      try {
        user = await client.tradeAccount.createUser(input.service_customer_id, body, {
          idempotencyKey: tradeAccountKeys.user(customer_id),
        })
      } catch (error) {
        if (!(isTradeCreditError(error) && (error.code === "INVALID_STATE" || error.code === "IDEMPOTENCY_CONFLICT"))) {
          throw toMedusaError(error, "create the trade account user", {
            audience: "admin",
            logger,
            ids: { customer_id },
          })
        }
        try {
          user = await client.tradeAccount.getUser(body.merchant_user_id)
        } catch (readError) {
          throw toMedusaError(readError, "read the trade account user", {
            audience: "admin",
            logger,
            ids: { customer_id },
          })
        }
        // The published user answer names no customer (`customer_id` is the contract's): a user whose answer does not
        // say is adopted (its merchant_user_id is this Medusa customer's id); one that names another business is not.
        if (user.customer_id !== null && user.customer_id !== input.service_customer_id) {
          throw new MedusaError(
            MedusaError.Types.INVALID_DATA,
            `Customer ${quote(customer_id)} is a user of another business at the trade credit service`,
            "TRADE_CREDIT_USER_OF_ANOTHER_BUSINESS",
          )
        }
      }
      created.push({ customer_id, user })
    }
    return new StepResponse(created)
  },
)
