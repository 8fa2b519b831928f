CREATE TABLE "reminders_sent" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_kind_subject_id_day_pk" PRIMARY KEY("kind","subject_id","day"),
	CONSTRAINT "reminders_sent_kind_check" CHECK ("reminders_sent"."kind" IN ('patron-day-before', 'staff-morning'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decline_reason_check" CHECK ("orders"."decline_reason" IN ('date_unavailable', 'puja_not_offered', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decline_note_check" CHECK ("orders"."decline_reason" IS DISTINCT FROM 'other' OR char_length("orders"."decline_note") BETWEEN 1 AND 500);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reminder_channel_check" CHECK ("users"."reminder_channel" IN ('sms', 'email', 'none'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_length" CHECK (char_length("users"."time_zone") <= 64);