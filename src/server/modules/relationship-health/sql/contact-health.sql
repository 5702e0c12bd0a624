select "contacts"."id", coalesce("profiles"."name", "contacts"."name"), "contacts"."contact_user_id", "contacts"."display_order", "contacts"."last_interaction", "contacts"."last_reply_from_them", "contacts"."consecutive_messages_sent", "contacts"."archived_at", "contacts"."account_deleted_at", (("contacts"."request_status" is null) and "contacts"."archived_at" is null and ("contacts"."last_reply_from_them" is null or greatest("contacts"."last_reply_from_them", "contacts"."rekindled_at") > now() - make_interval(days => $1))), case when "contacts"."last_reply_from_them" is null then null
  else floor(extract(epoch from (now() - greatest("contacts"."last_reply_from_them", "contacts"."rekindled_at"))) / 86400)::int end, coalesce("conversations"."unread_count", 0), "profiles"."profile_picture_key", ("contacts"."contact_user_id" is not null and ("contacts"."chosen_at" is not null and "contacts"."archived_at" is null and exists (
  select 1 from "contacts" as "reverse_contacts"
  where "reverse_contacts"."user_id" = "contacts"."contact_user_id" and "reverse_contacts"."contact_user_id" = "contacts"."user_id"
    and "reverse_contacts"."archived_at" is null and "reverse_contacts"."chosen_at" is not null)) and exists (select 1 from "realtime_presence"
    where "realtime_presence"."user_id" = "contacts"."contact_user_id" and "realtime_presence"."connections" > 0
      and "realtime_presence"."seen_at" > now() - make_interval(secs => $2))), "contacts"."request_status" from "contacts" left join "conversations" on "conversations"."contact_id" = "contacts"."id" left join "profiles" on "profiles"."id" = "contacts"."contact_user_id" where ("contacts"."user_id" = $3 and "contacts"."id" = $4 and ("contacts"."request_status" is null));

select "contact_id", "user_id", "score", "trend", "fallback", "message_count", "emotions_tracked", "avg_sentiment", "last_message_at", "usual_gap_seconds", "details", "computed_at" from "contact_analytics" where "contact_analytics"."contact_id" = $1;

select count(*) from "contact_meetings" where "contact_meetings"."contact_id" = $1;

select "id", "user_id", "contact_id", "met_on", "duration_seconds", "note", "created_at" from "contact_meetings" where "contact_meetings"."contact_id" = $1 order by "contact_meetings"."met_on" desc, "contact_meetings"."created_at" desc limit $2;
