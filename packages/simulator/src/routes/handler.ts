import type { NextFunction, Request, Response } from "express"
import type { SimulatorContext } from "../context"
import { notFound } from "../errors"
import { merchantOf } from "../locals"
import { expireIfDue } from "../orders/lifecycle"
import type { OrderRecord } from "../state/orders"

/** Express 4 does not catch rejected promises: every handler goes through this. */
export const route =
  (fn: (req: Request, res: Response) => unknown) => (req: Request, res: Response, next: NextFunction) => {
    try {
      const result = fn(req, res)
      if (result instanceof Promise) result.catch(next)
    } catch (error) {
      next(error)
    }
  }

/** The calling merchant's order (404 NOT_FOUND for another merchant's), expired first when its time is up. */
export function orderOf(ctx: SimulatorContext, res: Response, id: string): OrderRecord {
  const merchant = merchantOf(res)
  const record = merchant.orders.get(id)
  if (!record) throw notFound(`Order ${id}`)
  expireIfDue(ctx, merchant, record)
  return record
}

/** Fulfil and refund take an optional body: none (or `{}`) means "all that remains". */
export const hasBody = (body: unknown) =>
  body !== undefined &&
  body !== null &&
  !(typeof body === "object" && !Array.isArray(body) && Object.keys(body).length === 0)
