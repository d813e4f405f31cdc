import { Router } from "express"
import type { SimulatorContext } from "../context"
import {
  SimTradeAccountCustomerCreate,
  SimTradeAccountUserCreate,
  SimVerificationUrlCreate,
} from "../contract/trade-account"
import { merchantOf } from "../locals"
import { createCustomer, customerOf } from "../trade-account/customers"
import { createUser, userOf } from "../trade-account/users"
import { createVerificationLink } from "../trade-account/verification"
import { parseWith } from "../validate"
import { route } from "./handler"

/**
 * The trade account interface, version 3 preview (contract section 4),
 * mounted at /trade-account/v3. Path segments resolve by interfaces.md: an id
 * beginning with `svc_` is the service's, anything else the merchant's own;
 * a merchant id beginning with `svc_` in a body is 400 SCHEMA_ERROR (the
 * schemas refuse it). `GET /user/{uid}` is the published
 * `get_trade_account_user_handler.get`; the contract does not list it. The
 * verification link answers 201 (section 8).
 */
export function tradeAccountRoutes(ctx: SimulatorContext): Router {
  const router = Router()

  router.post(
    "/customer",
    route((req, res) => {
      const body = parseWith(SimTradeAccountCustomerCreate, req.body ?? {}, "body")
      res.status(201).json(createCustomer(ctx, merchantOf(res), body).customer)
    }),
  )

  router.get(
    "/customer/:cid",
    route((req, res) => {
      res.json(customerOf(merchantOf(res), req.params.cid).customer)
    }),
  )

  router.post(
    "/customer/:cid/user",
    route((req, res) => {
      const merchant = merchantOf(res)
      const customer = customerOf(merchant, req.params.cid)
      const body = parseWith(SimTradeAccountUserCreate, req.body ?? {}, "body")
      res.status(201).json(createUser(ctx, merchant, customer, body).user)
    }),
  )

  router.get(
    "/user/:uid",
    route((req, res) => {
      res.json(userOf(merchantOf(res), req.params.uid).user)
    }),
  )

  router.post(
    "/user/:uid/verification/url",
    route((req, res) => {
      const merchant = merchantOf(res)
      const user = userOf(merchant, req.params.uid)
      const { return_url } = parseWith(SimVerificationUrlCreate, req.body ?? {}, "body")
      res.status(201).json({ redirect_url: createVerificationLink(ctx, merchant, user, return_url).redirect_url })
    }),
  )

  return router
}
