import { toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { unknownAtService, useResyncOrder } from "../../lib/trade-credit-api"

/**
 * "Re-sync": a reconciliation run for the order, and a toast that says what it found: a failure, orders the service
 * does not know, findings reported for the merchant to act on, repairs, or that both sides agree.
 */
export function useResync(orderId: string) {
  const { t } = useTranslation("tradeCredit")
  const resync = useResyncOrder(orderId)
  const onResync = () =>
    resync.mutate(undefined, {
      onSuccess: ({ run }) => {
        const failure = run.findings?.find((f) => f.error)?.error
        // An order the service answers 404 for is a discrepancy, never "agree": say which, and what the merchant can
        // do.
        const unknown = unknownAtService(run)
        const reported = run.findings?.filter((f) => !f.error && !f.discrepancy && f.action.includes("reported:")) ?? []
        if (run.failed)
          toast.error(t("order.resync.problem"), {
            description: failure ?? t("order.resync.unchecked", { count: run.failed }),
          })
        else if (unknown.length) {
          toast.warning(
            t("order.resync.unknownAtService", { orders: unknown.map((f) => f.service_order_id ?? "?").join(", ") }),
            {
              description: t("order.resync.unknownAtServiceHelp"),
              duration: 30_000,
            },
          )
        } else if (reported.length) {
          toast.warning(t("order.resync.reported", { count: reported.length }), {
            description: reported.map((f) => f.action).join(" · "),
            duration: 30_000,
          })
        } else
          toast.success(run.repaired ? t("order.resync.repaired", { count: run.repaired }) : t("order.resync.agree"))
      },
      onError: (e) => toast.error(t("order.resync.failed"), { description: (e as Error).message }),
    })
  return { resync, onResync }
}
