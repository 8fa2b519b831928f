ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_check";--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_subject_type_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text;--> statement-breakpoint
-- Orders placed before order numbers: a random number each (a collision, one in millions, is drawn again).
DO $$
DECLARE
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTVWXYZ';
  order_id integer;
  candidate text;
BEGIN
  FOR order_id IN SELECT id FROM orders WHERE number IS NULL LOOP
    LOOP
      SELECT 'PJ-' || string_agg(substr(alphabet, 1 + floor(random() * 30)::int, 1), '') INTO candidate
        FROM generate_series(1, 6);
      EXIT WHEN NOT EXISTS (SELECT 1 FROM orders WHERE number = candidate);
    END LOOP;
    UPDATE orders SET number = candidate WHERE id = order_id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refunded_by" integer;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD COLUMN "refund_error" text;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_unpaid_pending_index" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending' AND "orders"."payment_status" IN ('Pending', 'Failed');--> statement-breakpoint
-- Money received before refunds existed: a second payment of one order, and a payment kept for a declined
-- order, become refunds due now, so no order keeps money for a puja that will not be performed.
UPDATE "payment_attempts" AS attempt SET "refund_status" = 'due', "refund_reason" = 'duplicate', "refund_due_at" = now()
  WHERE attempt."status" = 'Completed' AND EXISTS (
    SELECT 1 FROM "payment_attempts" AS earlier
    WHERE earlier."order_id" = attempt."order_id" AND earlier."status" = 'Completed'
      AND (earlier."completed_at", earlier."id") < (attempt."completed_at", attempt."id"));--> statement-breakpoint
UPDATE "payment_attempts" AS attempt SET "refund_status" = 'due', "refund_reason" = 'declined', "refund_due_at" = now()
  FROM "orders" WHERE "orders"."id" = attempt."order_id" AND "orders"."status" = 'declined'
    AND attempt."status" = 'Completed' AND attempt."refund_status" IS NULL;--> statement-breakpoint
UPDATE "orders" SET "payment_status" = 'Refund due'
  WHERE "status" = 'declined' AND "payment_status" = 'Completed';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_kept_per_order" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" = 'Completed' AND "payment_attempts"."refund_status" IS NULL;--> statement-breakpoint
CREATE INDEX "payment_attempts_refund_open_index" ON "payment_attempts" USING btree ("refund_due_at") WHERE "payment_attempts"."refund_status" IN ('due', 'requested');--> statement-breakpoint
CREATE INDEX "payment_attempts_created_index" ON "payment_attempts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_check" CHECK ("audit_entries"."action" IN ('create', 'update', 'delete', 'archive', 'approve', 'redate', 'decline', 'complete', 'message', 'revoke-sessions', 'refund', 'record-refund'));--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_subject_type_check" CHECK ("audit_entries"."subject_type" IN ('monastery', 'puja', 'monastery_puja', 'user', 'order', 'payment'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_number_check" CHECK ("orders"."number" ~ '^PJ-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{6}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" IN ('Pending', 'Completed', 'Failed', 'Refund due', 'Refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('pending', 'approved', 'declined', 'completed', 'cancelled', 'expired'));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refund_check" CHECK (("payment_attempts"."refund_status" IS NULL AND "payment_attempts"."refund_reason" IS NULL)
        OR ("payment_attempts"."status" = 'Completed' AND "payment_attempts"."refund_status" IN ('due', 'requested', 'refunded')
            AND "payment_attempts"."refund_reason" IN ('declined', 'cancelled', 'expired', 'duplicate')
            AND "payment_attempts"."refund_due_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_refunded_check" CHECK (("payment_attempts"."refund_status" = 'refunded') = ("payment_attempts"."refunded_at" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_status_check" CHECK ("payment_attempts"."status" IN ('Pending', 'Completed', 'Failed'));