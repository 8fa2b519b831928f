ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_refund_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_refund_amount_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_refunded_check";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP CONSTRAINT "payment_attempts_refunded_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "payment_attempts_refund_open_index";--> statement-breakpoint
DROP INDEX "payment_attempts_one_kept_per_order";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_attempts_one_kept_per_order" ON "payment_attempts" USING btree ("order_id") WHERE "payment_attempts"."status" = 'Completed' AND "payment_attempts"."released_at" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refund_amount_paisa";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refund_status";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refund_reason";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refund_due_at";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refund_requested_at";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refund_reference";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refunded_by";--> statement-breakpoint
ALTER TABLE "payment_attempts" DROP COLUMN "refund_error";--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_released_check" CHECK ("payment_attempts"."released_at" IS NULL OR "payment_attempts"."status" = 'Completed');