import Medusa from "@medusajs/js-sdk"

/** Where this admin reaches the Medusa backend ("/" when the backend serves the admin). */
export const backendUrl: string = import.meta.env.VITE_BACKEND_URL || "/"

/** The admin's own session: the widgets and pages read through Medusa's admin API. */
export const sdk = new Medusa({
  baseUrl: backendUrl,
  debug: import.meta.env.DEV,
  auth: { type: "session" },
})
