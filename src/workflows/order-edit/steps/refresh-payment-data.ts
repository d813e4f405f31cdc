import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { OrderEditPaymentData } from "../../../medusa/order-edit-payment"
import { withOrder } from "../../../core/order/payment-data"
import { writePaymentData } from "../../reconciliation/payment-records"
import type { Order } from "../../../service/schemas/order"
import type { OrderEditSyncPlan } from "./prepare-order-edit-sync"

/** The live payment's data follows the edited service order (its new gross), without the edit's mark. */
export const refreshPaymentDataStep = createStep(
  "refresh-trade-credit-payment-data",
  async ({ plan, order }: { plan: OrderEditSyncPlan | null; order: Order | null }, { container }) => {
    if (!plan?.active || !order) return new StepResponse(null)
    // Medusa merges `data` updates: the edit's mark and an earlier error are cleared with null.
    const data = {
      ...withOrder((plan.active.data ?? {}) as OrderEditPaymentData, order),
      order_edit: null,
      order_edit_error: null,
    }
    await writePaymentData(container, plan.active.id, data)
    return new StepResponse(data)
  },
)
