import { isSimServiceId, type SimTradeAccountCustomer, type SimTradeAccountUser } from "../contract/trade-account"

export type TradeAccountCustomerRecord = {
  /** The wire object the service answers with. */
  customer: SimTradeAccountCustomer
  /** The registry's canonical id of the business (resolved at creation). */
  canonicalId: string
  /** Service ids of its users, oldest first. */
  userIds: string[]
  createdAt: string
}

export type TradeAccountUserRecord = {
  user: SimTradeAccountUser
  createdAt: string
  verifiedAt: string | null
}

/** One verification link: single use; `outcome` once the user decided at the hosted page. */
export type VerificationLink = {
  token: string
  userId: string
  returnUrl: string
  createdAtMs: number
  outcome: "verified" | "cancelled" | null
}

/**
 * One merchant's trade accounts (contract section 4): customers and users by
 * the service's id and by the merchant's own id (each unique per merchant),
 * and the verification links handed out.
 */
export class TradeAccountStore {
  private customers = new Map<string, TradeAccountCustomerRecord>()
  private customerByMerchantId = new Map<string, TradeAccountCustomerRecord>()
  private users = new Map<string, TradeAccountUserRecord>()
  private userByMerchantId = new Map<string, TradeAccountUserRecord>()
  private links = new Map<string, VerificationLink>()

  addCustomer(record: TradeAccountCustomerRecord): void {
    this.customers.set(record.customer.id, record)
    this.customerByMerchantId.set(record.customer.merchant_customer_id, record)
  }

  /** By the service's id (`svc_...`) or, for anything else, by `merchant_customer_id`. */
  customer(id: string): TradeAccountCustomerRecord | undefined {
    return isSimServiceId(id) ? this.customers.get(id) : this.customerByMerchantId.get(id)
  }

  customerByMerchantCustomerId(id: string): TradeAccountCustomerRecord | undefined {
    return this.customerByMerchantId.get(id)
  }

  allCustomers(): TradeAccountCustomerRecord[] {
    return [...this.customers.values()]
  }

  addUser(record: TradeAccountUserRecord, customer: TradeAccountCustomerRecord): void {
    this.users.set(record.user.id, record)
    this.userByMerchantId.set(record.user.merchant_user_id, record)
    customer.userIds.push(record.user.id)
  }

  /** By the service's id (`svc_...`) or, for anything else, by `merchant_user_id`. */
  user(id: string): TradeAccountUserRecord | undefined {
    return isSimServiceId(id) ? this.users.get(id) : this.userByMerchantId.get(id)
  }

  userByMerchantUserId(id: string): TradeAccountUserRecord | undefined {
    return this.userByMerchantId.get(id)
  }

  allUsers(): TradeAccountUserRecord[] {
    return [...this.users.values()]
  }

  addLink(link: VerificationLink): void {
    this.links.set(link.token, link)
  }

  link(token: string): VerificationLink | undefined {
    return this.links.get(token)
  }

  get size() {
    return { customers: this.customers.size, users: this.users.size }
  }

  clear(): void {
    this.customers.clear()
    this.customerByMerchantId.clear()
    this.users.clear()
    this.userByMerchantId.clear()
    this.links.clear()
  }
}
