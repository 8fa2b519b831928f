CREATE TABLE "order_certificates" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"completed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_certificates_code_unique" UNIQUE("code"),
	CONSTRAINT "order_certificates_code_check" CHECK ("order_certificates"."code" ~ '^[0-9A-HJKMNP-TV-Z]{16}$')
);
--> statement-breakpoint
CREATE TABLE "order_streams" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"announced_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_streams_url_check" CHECK ("order_streams"."url" LIKE 'https://%' AND char_length("order_streams"."url") <= 500)
);
--> statement-breakpoint
CREATE TABLE "order_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"poster_storage_key" text,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_videos_order_unique" UNIQUE("order_id"),
	CONSTRAINT "order_videos_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "order_videos_content_type_check" CHECK ("order_videos"."content_type" IN ('video/mp4', 'video/webm'))
);
--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_kind_subject_id_day_pk" PRIMARY KEY("kind","subject_id","day"),
	CONSTRAINT "reminders_sent_kind_check" CHECK ("reminders_sent"."kind" IN ('patron-day-before', 'staff-morning'))
);
--> statement-breakpoint
ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_action_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "order_certificates" ADD CONSTRAINT "order_certificates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_certificates" ADD CONSTRAINT "order_certificates_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_streams" ADD CONSTRAINT "order_streams_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_streams" ADD CONSTRAINT "order_streams_announced_by_users_id_fk" FOREIGN KEY ("announced_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_videos" ADD CONSTRAINT "order_videos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_videos" ADD CONSTRAINT "order_videos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_action_check" CHECK ("audit_entries"."action" IN ('create', 'update', 'delete', 'archive', 'approve', 'redate', 'decline', 'complete', 'message', 'revoke-sessions', 'refund', 'record-refund', 'set-commission-rate', 'set-payout-details', 'run-payouts', 'record-transfer', 'fail-transfer', 'read-name', 'unread-name', 'raise-concern', 'resolve-concern', 'attach-video', 'announce-livestream'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decline_reason_check" CHECK ("orders"."decline_reason" IN ('date_unavailable', 'puja_not_offered', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decline_note_check" CHECK ("orders"."decline_reason" IS DISTINCT FROM 'other' OR char_length("orders"."decline_note") BETWEEN 1 AND 500);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reminder_channel_check" CHECK ("users"."reminder_channel" IN ('sms', 'email', 'none'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_length" CHECK (char_length("users"."time_zone") <= 64);