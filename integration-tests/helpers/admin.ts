import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { TEST_ADMIN } = require("../../scripts/lib/app-database.js")

/** The test admin: the migrated template has it (scripts/lib/app-database.js); an empty database gets it here. */
export const ADMIN_EMAIL: string = TEST_ADMIN.email
export const ADMIN_PASSWORD: string = TEST_ADMIN.password

/** Creates an admin user with an email and password, then logs in through the auth API like the admin dashboard. */
export async function loginAdmin(container: MedusaContainer, api: any): Promise<Record<string, string>> {
  const users = container.resolve(Modules.USER)
  const auth = container.resolve(Modules.AUTH)
  const [existing] = await users.listUsers({ email: ADMIN_EMAIL })
  if (!existing) {
    const user = await users.createUsers({ email: ADMIN_EMAIL, first_name: "Ada", last_name: "Admin" })
    const { authIdentity, error } = await auth.register("emailpass", {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    } as any)
    if (error || !authIdentity) throw new Error(`could not register the admin: ${error}`)
    await auth.updateAuthIdentities({ id: authIdentity.id, app_metadata: { user_id: user.id } })
  }
  const { data } = await api.post("/auth/user/emailpass", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  return { authorization: `Bearer ${data.token}` }
}

/** An `admin(method, path, body)` function for scripts/lib/seed-store.js. */
export function adminRequester(api: any, headers: Record<string, string>) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await api.request({ method, url: path, data: body, headers, validateStatus: () => true })
    if (res.status >= 300) {
      throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.data)}`)
    }
    return res.data
  }
}
