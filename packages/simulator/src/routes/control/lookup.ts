import type { SimulatorContext } from "../../context"
import { notFound } from "../../errors"

/** The merchants a `merchant` filter names: all of them when it is left out. */
export function merchantsMatching(ctx: SimulatorContext, id: unknown) {
  if (typeof id !== "string" || id === "") return ctx.merchants.list()
  const merchant = ctx.merchants.get(id)
  if (!merchant) throw notFound(`Merchant ${id}`)
  return [merchant]
}

/** An order of any merchant, by id. */
export function findAnyOrder(ctx: SimulatorContext, id: string) {
  for (const merchant of ctx.merchants.list()) {
    const record = merchant.orders.get(id)
    if (record) return { merchant, record }
  }
  throw notFound(`Order ${id}`)
}
