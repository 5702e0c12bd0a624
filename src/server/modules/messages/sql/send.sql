begin;

select "contacts"."id" as id, coalesce("profiles"."name", "contacts"."name") as name, "contacts"."contact_user_id" as "contactUserId",
      "contacts"."account_deleted_at" is not null as "accountDeleted", circle.locked
    from "contacts"
    left join "profiles" on "profiles"."id" = "contacts"."contact_user_id"
    left join lateral (
      select pg_advisory_xact_lock(hashtext('circle:' || "contacts"."contact_user_id"))::text as locked
      where "contacts"."contact_user_id" is not null
    ) circle on true
    where "contacts"."user_id" = $1::text and "contacts"."id" = $2::uuid
      and ("contacts"."request_status" is null);

select "contacts"."id" as id, "contacts"."user_id" as "userId", "contacts"."contact_user_id" as "contactUserId",
      "contacts"."name" as name, "contacts"."archived_at" is not null as archived,
      "contacts"."account_deleted_at" is not null as "accountDeleted",
      "contacts"."consecutive_messages_sent" as "consecutiveMessagesSent", "contacts"."request_status" as "requestStatus",
      (("contacts"."request_status" is null) and "contacts"."archived_at" is null and ("contacts"."last_reply_from_them" is null or greatest("contacts"."last_reply_from_them", "contacts"."rekindled_at") > now() - make_interval(days => $1))) as "isActive"
    from "contacts"
    where ("contacts"."id" = $2::uuid and "contacts"."user_id" = $3::text)
      or ("contacts"."contact_user_id" = $4::text and "contacts"."user_id" = (
        select senders_contact.contact_user_id from "contacts" senders_contact
        where senders_contact.id = $5::uuid and senders_contact.user_id = $6::text
      ))
    order by "contacts"."id"
    for update of "contacts";

with upload as (
      delete from "audio_uploads"
      where "audio_uploads"."id" = $1::uuid and "audio_uploads"."user_id" = $2::text
      returning "audio_uploads"."object_key", "audio_uploads"."mime_type", "audio_uploads"."bytes", "audio_uploads"."duration_seconds",
        "audio_uploads"."waveform", "audio_uploads"."audio_measured_at"
    )
    insert into "audio_messages" (id, sender_id, receiver_id, audio_key, mime_type, bytes, duration_seconds, waveform, audio_measured_at, reply_to_id)
    select $3::uuid, $4::text, $5::text, upload.object_key, upload.mime_type,
      upload.bytes, upload.duration_seconds, upload.waveform, upload.audio_measured_at, $6::uuid
    from upload
    returning "id", "sender_id", "receiver_id", "left_contact_id", "audio_key", "mime_type", "bytes", "duration_seconds", "waveform", "audio_measured_at", "transcription", "word_timestamps", "transcript_confidence", "transcript_engine", "transcript_model", "transcript_language", "emotions", "topics", "sentiment", "reply_to_id", "is_read", "seen_at", "liked", "processing_status", "processing_error", "processing_error_code", "transcription_attempts", "analysis_attempts", "created_at", "updated_at", (
  select json_build_object('id', quoted.id, 'sender_id', quoted.sender_id,
    'transcription', left(quoted.transcription, 200), 'duration_seconds', quoted.duration_seconds)
  from "audio_messages" as quoted
  where quoted.id = "audio_messages"."reply_to_id" and quoted.sender_id in ("audio_messages"."sender_id", "audio_messages"."receiver_id")
) as reply_to;

with counted as (
      update "contacts" set
        consecutive_messages_sent = case when "contacts"."id" = $1::uuid
          then "contacts"."consecutive_messages_sent" + 1 else 0 end,
        last_interaction = now(),
        chosen_at = case when "contacts"."id" = $2::uuid
          then coalesce("contacts"."chosen_at", now()) else "contacts"."chosen_at" end,
        last_reply_from_them = case when "contacts"."id" = $3::uuid
          or not $4::boolean then "contacts"."last_reply_from_them" else now() end,
        updated_at = now()
      where "contacts"."id" = $5::uuid or "contacts"."id" = $6::uuid
      returning "contacts"."id"
    ),
    pointed as (
      update "conversations" set
        last_message_id = $7::uuid,
        unread_count = case when "conversations"."contact_id" = $8::uuid then (
          select count(*) from "audio_messages"
          where "audio_messages"."receiver_id" = $9::text
            and "audio_messages"."sender_id" = $10::text and not "audio_messages"."is_read" and "audio_messages"."seen_at" is null
        ) else "conversations"."unread_count" end,
        updated_at = now()
      where "conversations"."contact_id" = $11::uuid
        or "conversations"."contact_id" = $12::uuid
      returning "conversations"."id"
    )
    select (select count(*) from counted) as contacts, (select count(*) from pointed) as conversations;

select "contacts"."id" as "id", coalesce("profiles"."name", "contacts"."name") as "name", "contacts"."contact_user_id" as "contactUserId", "contacts"."display_order" as "displayOrder", "contacts"."last_interaction" as "lastInteraction", "contacts"."last_reply_from_them" as "lastReplyFromThem", "contacts"."consecutive_messages_sent" as "consecutiveMessagesSent", "contacts"."archived_at" as "archivedAt", "contacts"."account_deleted_at" as "accountDeletedAt", (("contacts"."request_status" is null) and "contacts"."archived_at" is null and ("contacts"."last_reply_from_them" is null or greatest("contacts"."last_reply_from_them", "contacts"."rekindled_at") > now() - make_interval(days => $1))) as "isActive", case when "contacts"."last_reply_from_them" is null then null
  else floor(extract(epoch from (now() - greatest("contacts"."last_reply_from_them", "contacts"."rekindled_at"))) / 86400)::int end as "inactiveDays", coalesce("conversations"."unread_count", 0) as "unreadCount", "profiles"."profile_picture_key" as "avatarKey", ("contacts"."contact_user_id" is not null and ("contacts"."chosen_at" is not null and "contacts"."archived_at" is null and exists (
  select 1 from "contacts" as "reverse_contacts"
  where "reverse_contacts"."user_id" = "contacts"."contact_user_id" and "reverse_contacts"."contact_user_id" = "contacts"."user_id"
    and "reverse_contacts"."archived_at" is null and "reverse_contacts"."chosen_at" is not null)) and exists (select 1 from "realtime_presence"
    where "realtime_presence"."user_id" = "contacts"."contact_user_id" and "realtime_presence"."connections" > 0
      and "realtime_presence"."seen_at" > now() - make_interval(secs => $2))) as "isOnline", "contacts"."request_status" as "requestStatus"
    from "contacts"
    left join "conversations" on "conversations"."contact_id" = "contacts"."id"
    left join "profiles" on "profiles"."id" = "contacts"."contact_user_id"
    where "contacts"."id" = any($3::uuid[]) and ("contacts"."request_status" is null);

WITH defaults as (
      SELECT
        $1 as expire_in,
        $2 as keep_until,
        $3::int as retry_limit,
        $4::int as retry_delay,
        $5::bool as retry_backoff
    )
    INSERT INTO pgboss.job (
      id,
      name,
      data,
      priority,
      start_after,
      singleton_key,
      singleton_on,
      dead_letter,
      expire_in,
      keep_until,
      retry_limit,
      retry_delay,
      retry_backoff,
      policy
    )
    SELECT
      COALESCE(id, gen_random_uuid()) as id,
      j.name,
      data,
      COALESCE(priority, 0) as priority,
      j.start_after,
      "singletonKey" as singleton_key,
      CASE
        WHEN "singletonSeconds" IS NOT NULL THEN 'epoch'::timestamp + '1 second'::interval * ("singletonSeconds" * floor( date_part('epoch', now()) / "singletonSeconds" ))
        ELSE NULL
        END as singleton_on,
      COALESCE("deadLetter", q.dead_letter) as dead_letter,
      CASE
        WHEN "expireInSeconds" IS NOT NULL THEN "expireInSeconds"::numeric * interval '1s'
        WHEN q.expire_seconds IS NOT NULL THEN q.expire_seconds * interval '1s'
        WHEN defaults.expire_in IS NOT NULL THEN defaults.expire_in::numeric * interval '1s'
        ELSE interval '15 minutes'
        END as expire_in,
      CASE
        WHEN "keepUntil" IS NOT NULL THEN "keepUntil"
        ELSE COALESCE(j.start_after, now()) + CAST(COALESCE((q.retention_minutes * 60)::text, defaults.keep_until, '14 days') as interval)
        END as keep_until,
      COALESCE("retryLimit", q.retry_limit, defaults.retry_limit, 2),
      CASE
        WHEN COALESCE("retryBackoff", q.retry_backoff, defaults.retry_backoff, false)
          THEN GREATEST(COALESCE("retryDelay", q.retry_delay, defaults.retry_delay), 1)
        ELSE COALESCE("retryDelay", q.retry_delay, defaults.retry_delay, 0)
        END as retry_delay,
      COALESCE("retryBackoff", q.retry_backoff, defaults.retry_backoff, false) as retry_backoff,
      q.policy
    FROM (
      SELECT *,
        CASE
          WHEN right("startAfter", 1) = 'Z' THEN CAST("startAfter" as timestamp with time zone)
          ELSE now() + CAST(COALESCE("startAfter",'0') as interval)
          END as start_after
      FROM json_to_recordset($6) as x (
        id uuid,
        name text,
        priority integer,
        data jsonb,
        "startAfter" text,
        "retryLimit" integer,
        "retryDelay" integer,
        "retryBackoff" boolean,
        "singletonKey" text,
        "singletonSeconds" integer,
        "expireInSeconds" integer,
        "keepUntil" timestamp with time zone,
        "deadLetter" text
      )
    ) j
    JOIN pgboss.queue q ON j.name = q.name,
      defaults
    ON CONFLICT DO NOTHING;

select pg_notify(channel, payload)
    from unnest($1::text[], $2::text[]) as notification(channel, payload);

commit;
