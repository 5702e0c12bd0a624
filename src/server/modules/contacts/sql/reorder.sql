with owned as (
      select count(*) = cardinality($1::uuid[]) as owned from "contacts"
      where "contacts"."user_id" = $2::text and "contacts"."id" = any($3::uuid[])
    ),
    reordered as (
      update "contacts" set display_order = ordered.position, updated_at = now()
      from unnest($4::uuid[]) with ordinality as ordered(id, position), owned
      where owned.owned and "contacts"."id" = ordered.id and "contacts"."user_id" = $5::text
    ),
    notified as (
      select pg_notify($6, $7::text) from owned
      where owned.owned and $8::text is not null
    ),
    -- the order is a preference: it commits without waiting for the disk (see below)
    no_flush as (select set_config('synchronous_commit', 'off', true))
    select owned.owned, (select count(*) from notified) as notified from owned, no_flush;
