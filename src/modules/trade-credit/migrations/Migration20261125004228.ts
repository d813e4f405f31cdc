import { Migration } from "@medusajs/framework/mikro-orm/migrations"

export class Migration20261125004228 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_enrollment" add constraint "trade_credit_enrollment_status_check" ` +
        `check("status" in ('DRAFT', 'SUBMITTED', 'IN_REVIEW', 'ACCEPTED', 'DECLINED', ` +
        `'WITHDRAWN', 'VERIFIED'));`,
    )
    this.addSql(
      `alter table if exists "trade_credit_enrollment" add constraint "trade_credit_enrollment_source_check" ` +
        `check("source" in ('proposal', 'returning_buyer', 'autofill'));`,
    )

    this.addSql(
      `alter table if exists "trade_credit_repayment_plan_session" add constraint ` +
        `"trade_credit_repayment_plan_session_funding_status_check" check("funding_status" ` +
        `in ('PENDING', 'ACCEPTED', 'REJECTED'));`,
    )
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table if exists "trade_credit_enrollment" drop constraint if exists ` +
        `"trade_credit_enrollment_status_check";`,
    )
    this.addSql(
      `alter table if exists "trade_credit_enrollment" drop constraint if exists ` +
        `"trade_credit_enrollment_source_check";`,
    )

    this.addSql(
      `alter table if exists "trade_credit_repayment_plan_session" drop constraint ` +
        `if exists "trade_credit_repayment_plan_session_funding_status_check";`,
    )

    this.addSql(
      `alter table if exists "trade_credit_enrollment" alter column "status" type text using ("status"::text);`,
    )
    this.addSql(
      `alter table if exists "trade_credit_enrollment" alter column "source" type text using ("source"::text);`,
    )

    this.addSql(
      `alter table if exists "trade_credit_repayment_plan_session" alter column ` +
        `"funding_status" type text using ("funding_status"::text);`,
    )
  }
}
