export * from "./common"
export * from "./company"
export * from "./order"
export * from "./webhook"
