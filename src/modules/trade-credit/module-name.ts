/** The plugin module's name in Medusa's container (`container.resolve(TRADE_CREDIT_MODULE)`). */
export const TRADE_CREDIT_MODULE = "tradeCredit"
