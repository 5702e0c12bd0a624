with found as (
      select "session"."id" as id, "session"."user_id" as user_id, "session"."expires_at" as expires_at,
        "session"."expires_at" <= now() as expired,
        $1::boolean
          and "session"."expires_at" <= now() + make_interval(secs => $2::double precision) as due
      from "session" where "session"."token" = $3::text
    ),
    ended as (
      delete from "session" where "session"."id" in (select id from found where expired)
    ),
    extended as (
      update "session" set expires_at = now() + make_interval(secs => $4::double precision),
        updated_at = now()
      where "session"."id" in (select id from found where due and not expired)
      returning "session"."id" as id, "session"."expires_at" as expires_at
    )
    select found.id as "sessionId", coalesce((select expires_at from extended), found.expires_at) as "expiresAt",
      "user"."id" as id, "user"."email" as email, "user"."name" as name, "user"."email_verified" as "emailVerified"
    from found join "user" on "user"."id" = found.user_id
    where not found.expired and (not found.due or exists (select 1 from extended));

select "contacts"."id", coalesce("profiles"."name", "contacts"."name"), "contacts"."contact_user_id", "contacts"."display_order", "contacts"."last_interaction", "contacts"."last_reply_from_them", "contacts"."consecutive_messages_sent", "contacts"."archived_at", "contacts"."account_deleted_at", (("contacts"."request_status" is null) and "contacts"."archived_at" is null and ("contacts"."last_reply_from_them" is null or greatest("contacts"."last_reply_from_them", "contacts"."rekindled_at") > now() - make_interval(days => $1))), case when "contacts"."last_reply_from_them" is null then null
  else floor(extract(epoch from (now() - greatest("contacts"."last_reply_from_them", "contacts"."rekindled_at"))) / 86400)::int end, coalesce("conversations"."unread_count", 0), "profiles"."profile_picture_key", ("contacts"."contact_user_id" is not null and ("contacts"."chosen_at" is not null and "contacts"."archived_at" is null and exists (
  select 1 from "contacts" as "reverse_contacts"
  where "reverse_contacts"."user_id" = "contacts"."contact_user_id" and "reverse_contacts"."contact_user_id" = "contacts"."user_id"
    and "reverse_contacts"."archived_at" is null and "reverse_contacts"."chosen_at" is not null)) and exists (select 1 from "realtime_presence"
    where "realtime_presence"."user_id" = "contacts"."contact_user_id" and "realtime_presence"."connections" > 0
      and "realtime_presence"."seen_at" > now() - make_interval(secs => $2))), "contacts"."request_status" from "contacts" left join "conversations" on "conversations"."contact_id" = "contacts"."id" left join "profiles" on "profiles"."id" = "contacts"."contact_user_id" where ("contacts"."user_id" = $3 and (("contacts"."request_status" is null) and "contacts"."archived_at" is null and ("contacts"."last_reply_from_them" is null or greatest("contacts"."last_reply_from_them", "contacts"."rekindled_at") > now() - make_interval(days => $4)))) order by "contacts"."display_order" asc, "contacts"."created_at" asc limit $5;
