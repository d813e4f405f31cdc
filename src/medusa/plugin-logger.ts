import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { TRADE_CREDIT_MODULE } from "../modules/trade-credit/module-name"
import type TradeCreditModuleService from "../modules/trade-credit/service"
import { withLogOptions } from "../utils/log-line"

/**
 * The plugin's logger for code that gets Medusa's from a container (subscribers, jobs, workflow steps, routes):
 * Medusa's
 * logger with the module's `logLevel` and `logFormat`, the same object the module and the providers write to
 * (withLogOptions hands out one wrapper per logger and options). Without the plugin's module (a bare container),
 * Medusa's logger as it is.
 */
export function pluginLoggerOf(container: Pick<MedusaContainer, "resolve">): Logger {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const module = container.resolve<TradeCreditModuleService | undefined>(TRADE_CREDIT_MODULE, {
    allowUnregistered: true,
  })
  return typeof module?.getOptions === "function" ? withLogOptions(logger, module.getOptions()) : logger
}
