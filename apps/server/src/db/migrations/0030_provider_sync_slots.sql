CREATE TABLE "provider_sync_slots" (
	"provider" text NOT NULL,
	"slot" integer NOT NULL,
	"holder" uuid,
	"lease_until" timestamp with time zone,
	CONSTRAINT "provider_sync_slots_provider_slot_pk" PRIMARY KEY("provider","slot")
);
