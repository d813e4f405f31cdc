import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateCreateErasureRequest, validateListErasureRequests } from "./validators"

/** The erasure requests' validators (spread into src/api/middlewares.ts). */
export const erasureRequestMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/admin/trade-credit/erasure-requests",
    method: ["POST"],
    middlewares: [validateCreateErasureRequest],
  },
  {
    matcher: "/admin/trade-credit/erasure-requests",
    method: ["GET"],
    middlewares: [validateListErasureRequests],
  },
]
