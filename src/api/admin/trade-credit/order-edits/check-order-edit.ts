import { randomUUID } from "node:crypto"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { checkTradeCreditOrderEditWorkflow } from "../../../../workflows/order-edit/check-trade-credit-order-edit"
import { revertTradeCreditOrderEditWorkflow } from "../../../../workflows/order-edit/revert-trade-credit-order-edit"
import type { TradeCreditOrderEditPlan } from "../../../../workflows/order-edit/steps/prepare-trade-credit-order-edit"
import { Codes } from "../../../errors/codes"
import { RouteError } from "../../../errors/route-error"
import { errorIds, logLine } from "../../../../utils/log-line"
import { pluginLoggerOf } from "../../../../medusa/plugin-logger"

/** Longest a confirmation may hold the order's edit lock (seconds); it is released when the answer is sent. */
const LOCK_SECONDS = 120

/**
 * Runs before Medusa's `POST /admin/order-edits/:id/confirm` (`:id` is the order
 * id). Medusa 2.21's confirmOrderEditRequestWorkflow has no hook to validate an
 * edit, so the check runs here: for an order paid by trade credit the edited
 * order is sent to the service first. A declined raise (the buyer's credit), or
 * an order the service has started invoicing, answers a clear 400 and Medusa
 * confirms nothing. When the service accepted the edit but Medusa's own
 * confirmation then fails, the service order is put back as it was.
 *
 * One confirmation of an order runs at a time, from the check to the answer (and
 * the putting back): a second click waits for nothing and is told so (409).
 */
export async function checkTradeCreditOrderEdit(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  const orderId = req.params.id
  const locking = req.scope.resolve(Modules.LOCKING)
  const lockKey = `trade-credit-order-edit:${orderId}`
  const ownerId = randomUUID()
  try {
    await locking.acquire(lockKey, { ownerId, expire: LOCK_SECONDS })
  } catch {
    return next(
      new RouteError(
        Codes.TRADE_CREDIT_EDIT_IN_PROGRESS,
        `An edit of order ${orderId} is being confirmed already. Reload the order to see its outcome.`,
      ),
    )
  }
  const release = () => locking.release(lockKey, { ownerId }).catch(() => undefined)

  let plan: TradeCreditOrderEditPlan | null = null
  try {
    ;({ result: plan } = await checkTradeCreditOrderEditWorkflow(req.scope).run({ input: { order_id: orderId } }))
  } catch (error) {
    await release()
    return next(error)
  }

  // The answer tells whether Medusa confirmed. (A client that hangs up before it leaves the lock
  // to expire: the confirmation may still be running, and putting the edit back then would race it.)
  res.once("finish", () => {
    void (async () => {
      if (plan && res.statusCode >= 400) await putBack(req, plan)
      await release()
    })()
  })
  return next()
}

/** Medusa did not confirm the edit: the service order and the payment's data go back, unless the change got confirmed.
 * */
async function putBack(req: MedusaRequest, plan: TradeCreditOrderEditPlan) {
  try {
    await revertTradeCreditOrderEditWorkflow(req.scope).run({ input: plan })
  } catch (error) {
    logLine(
      pluginLoggerOf(req.scope),
      "error",
      `trade-credit: Medusa did not confirm the edit of order ${plan.order_id}, ` +
        `and the trade credit order ${plan.service_order_id} ` +
        (`could not be put back as it was (${(error as Error).message}). The service ` +
          `may now hold the edited order: check it before invoicing.`),
      {
        order_id: plan.order_id,
        order_change_id: plan.order_change_id,
        payment_id: plan.payment_id,
        service_order_id: plan.service_order_id,
        ...errorIds(error),
      },
    )
  }
}
