CREATE TABLE "audit_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" integer NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_entries_actor_role_check" CHECK ("audit_entries"."actor_role" IN ('admin', 'monastery', 'user')),
	CONSTRAINT "audit_entries_action_check" CHECK ("audit_entries"."action" IN ('create', 'update', 'delete', 'archive', 'approve', 'redate', 'decline', 'complete', 'message', 'revoke-sessions')),
	CONSTRAINT "audit_entries_subject_type_check" CHECK ("audit_entries"."subject_type" IN ('monastery', 'puja', 'monastery_puja', 'user', 'order'))
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_subject_type_id_index" ON "audit_entries" USING btree ("subject_type","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_entries_actor_id_index" ON "audit_entries" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "orders_created_index" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);