import type { ConfigModule, LoaderOptions } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

/**
 * The keys of Medusa's container the trade credit payment providers reach, which the payment module must list in its
 * `dependencies` (Medusa's way to hand a module, and so its providers, what lives outside it): Query, the payment and
 * order modules and this module ("tradeCredit").
 */
export const PROVIDER_DEPENDENCIES: readonly string[] = [
  ContainerRegistrationKeys.QUERY,
  Modules.PAYMENT,
  Modules.ORDER,
  "tradeCredit",
]

type ModuleEntry = { resolve?: unknown; dependencies?: unknown; options?: { providers?: { resolve?: unknown }[] } }

/**
 * What the payment module of this configuration lacks of `PROVIDER_DEPENDENCIES` while it registers the
 * trade credit providers (a provider whose `resolve` names `trade-credit`); empty when nothing is missing or the
 * providers are not registered.
 */
export function missingProviderDependencies(config: Pick<ConfigModule, "modules"> | undefined): string[] {
  const modules = (config?.modules ?? {}) as Record<string, ModuleEntry | boolean | undefined>
  const payment = Object.entries(modules).find(
    ([key, entry]) =>
      key === Modules.PAYMENT || (typeof entry === "object" && String(entry?.resolve ?? "").endsWith("/payment")),
  )?.[1]
  if (typeof payment !== "object" || !payment) return []
  const registersProviders = (payment.options?.providers ?? []).some(
    (p) => typeof p?.resolve === "string" && p.resolve.includes("trade-credit"),
  )
  if (!registersProviders) return []
  const listed = new Set(Array.isArray(payment.dependencies) ? payment.dependencies.map(String) : [])
  return PROVIDER_DEPENDENCIES.filter((key) => !listed.has(key))
}

/**
 * At start-up: a payment module that registers the trade credit providers without listing what they need stops the
 * server, naming the line to add, instead of failing the first checkout.
 */
export default async function checkProviderDependencies({ container }: LoaderOptions): Promise<void> {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE, { allowUnregistered: true })
  const missing = missingProviderDependencies(config)
  if (!missing.length) return
  throw new Error(
    `medusa-payment-trade-credit: the payment module registers the trade credit ` +
      `providers but its dependencies lack ${missing.join(", ")}.` +
      (` Add dependencies: ${JSON.stringify(PROVIDER_DEPENDENCIES)} to the "@medusajs/medusa/payment" ` +
        `entry in medusa-config.ts (README, "Install").`),
  )
}
