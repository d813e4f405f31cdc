import BigNumber from "bignumber.js"

/** Exact money of the repayment interface: decimal strings with two decimals in major units. */
export const bn = (value: BigNumber.Value) => new BigNumber(value)
export const money = (value: BigNumber.Value) => bn(value).toFixed(2)
export const sumOf = <T>(items: T[], pick: (item: T) => BigNumber.Value) =>
  items.reduce((acc, item) => acc.plus(pick(item)), bn(0))
