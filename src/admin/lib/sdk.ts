import Medusa from "@medusajs/js-sdk"

/** The admin's own session: the widget reads the order through Medusa's admin API. */
export const sdk = new Medusa({
  baseUrl: import.meta.env.VITE_BACKEND_URL || "/",
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})
