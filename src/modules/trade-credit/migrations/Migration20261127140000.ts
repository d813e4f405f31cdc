import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** A plan's row says `canceled`, Medusa's spelling (its payment statuses), not `cancelled`; rows already written
 * follow. */
export class Migration20261127140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_repayment_plan_session" drop constraint ` +
        `if exists "trade_credit_repayment_plan_session_state_check";`,
    )
    this.addSql(`update "trade_credit_repayment_plan_session" set "state" = 'canceled' where "state" = 'cancelled';`)
    this.addSql(
      `alter table if exists "trade_credit_repayment_plan_session" add constraint ` +
        `"trade_credit_repayment_plan_session_state_check" check("state" in ('pending', ` +
        `'authorized', 'rejected', 'canceled'));`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_repayment_plan_session" drop constraint ` +
        `if exists "trade_credit_repayment_plan_session_state_check";`,
    )
    this.addSql(`update "trade_credit_repayment_plan_session" set "state" = 'cancelled' where "state" = 'canceled';`)
    this.addSql(
      `alter table if exists "trade_credit_repayment_plan_session" add constraint ` +
        `"trade_credit_repayment_plan_session_state_check" check("state" in ('pending', ` +
        `'authorized', 'rejected', 'cancelled'));`,
    )
  }
}
