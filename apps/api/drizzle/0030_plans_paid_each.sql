ALTER TABLE "reminders_sent" DROP CONSTRAINT "reminders_sent_kind_check";--> statement-breakpoint
ALTER TABLE "monastery_pujas" ADD COLUMN "plan_pay_each" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD COLUMN "pay_each" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dedication_plans" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_kind_check" CHECK ("reminders_sent"."kind" IN ('patron-day-before', 'staff-morning', 'patron-pay-by'));