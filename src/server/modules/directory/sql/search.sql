with hit as (
      insert into "request_limits" as r (key, window_start, count) values ($1, now(), 1)
      on conflict (key) do update set
        count = case when r.window_start + make_interval(secs => $2) <= now() then 1 else r.count + 1 end,
        window_start = case when r.window_start + make_interval(secs => $3) <= now() then now() else r.window_start end
      returning count, window_start
    )
    select count, ceil(extract(epoch from (window_start + make_interval(secs => $4) - now())) * 1000)::int as ttl_ms from hit;

with exact as (
      select id, name from profiles
      where listed and lower(name) = $1 and id <> $2
      order by name, id limit $3
    ), prefixed as (
      select id, name from profiles
      where listed and lower(name) like $4 and lower(name) <> $5 and id <> $6
      order by name, id limit $7
    ), walked as (
      select id, name from (
        select id, name from profiles where listed and id <> $8 order by name, id limit $9
      ) first_names
      where (select count(*) from exact) + (select count(*) from prefixed) < $10
        and lower(name) like $11 and lower(name) not like $12
      order by name, id limit $13
    ), elsewhere as (
      select id, name from walked where (select count(*) from walked) = $14
      union all (
        select id, name from profiles
        where (select count(*) from walked) < $15
          and (select count(*) from exact) + (select count(*) from prefixed) < $16
          and listed and lower(name) like $17 and lower(name) not like $18 and id <> $19
        order by name, id limit $20
      )
    ), ranked as (
      select 0 as rank, id, name from exact
      union all select 1, id, name from prefixed
      union all select 2, id, name from elsewhere
      order by rank, name, id limit $21
    )
    select ranked.id, ranked.name, profiles.profile_picture_key as "pictureKey"
    from ranked join profiles on profiles.id = ranked.id
    order by ranked.rank, ranked.name, ranked.id;
