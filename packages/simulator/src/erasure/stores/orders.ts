import type { Eraser } from "../erasers"
import { sameAddress } from "../placeholders"

/**
 * Orders are financial records (interfaces.md rule 3, Article 17(3)(b)): an
 * address on any order of the merchant (its representative, or an invoice
 * email) makes the case RETAINED, and an order is never erased.
 */
export const orderEraser: Eraser = {
  name: "orders",
  find(merchant, email) {
    const retained = merchant.orders
      .all()
      .filter(
        ({ order, extras }) =>
          sameAddress(order.buyer.representative?.email, email) ||
          (extras.invoice_details?.invoice_emails ?? []).some((address) => sameAddress(address, email)),
      ).length
    return { retained, erasable: 0 }
  },
  erase() {
    return 0
  },
}
