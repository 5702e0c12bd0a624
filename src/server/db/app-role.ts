import pg from 'pg'
import { MIGRATION_LOCK } from './client.ts'

/** The role Hearth connects to its embedded PostgreSQL as, and the database it owns (decision 208). */
export const APP_ROLE = 'hearth'
const DATABASE = 'hearth'

/** The objects made by earlier versions as the superuser, in Hearth's schemas (not PostgreSQL's own). */
const IN_HEARTH_SCHEMAS = `n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'`
/** An extension's members stay the bootstrap superuser's, as PostgreSQL makes them when the owner creates one. */
const notInExtension = (catalog: string, oid: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = ${oid} AND d.deptype = 'e')`

/**
 * One `ALTER ... OWNER TO hearth` for each object the superuser owns in Hearth's database: the database, its schemas
 * (`drizzle`, `pgboss`; `public` belongs to the database's owner), and their tables, views, sequences, types and
 * functions. Indexes, TOAST tables, row types, array types and the sequences of serial and identity columns follow
 * their table or type. `REASSIGN OWNED BY postgres` would do it in one statement but is refused for the bootstrap
 * superuser, who also owns PostgreSQL's own catalogues.
 */
const OWNED_BY_SUPERUSER = `
SELECT format('ALTER DATABASE %I OWNER TO ${APP_ROLE}', datname) AS statement
  FROM pg_database WHERE datname = current_database() AND datdba = 'postgres'::regrole
UNION ALL
SELECT format('ALTER SCHEMA %I OWNER TO ${APP_ROLE}', n.nspname)
  FROM pg_namespace n WHERE n.nspowner = 'postgres'::regrole AND ${IN_HEARTH_SCHEMAS} AND ${notInExtension('pg_namespace', 'n.oid')}
UNION ALL
SELECT format('ALTER %s %s OWNER TO ${APP_ROLE}',
    CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
    c.oid::regclass)
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relowner = 'postgres'::regrole AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND ${IN_HEARTH_SCHEMAS}
    AND ${notInExtension('pg_class', 'c.oid')}
    -- (a column's sequence moves with its table: PostgreSQL refuses to move it alone)
    AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
      AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
UNION ALL
SELECT format('ALTER TYPE %s OWNER TO ${APP_ROLE}', t.oid::regtype)
  FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
  WHERE t.typowner = 'postgres'::regrole AND ${IN_HEARTH_SCHEMAS} AND ${notInExtension('pg_type', 't.oid')}
    AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
UNION ALL
SELECT format('ALTER ROUTINE %s OWNER TO ${APP_ROLE}', p.oid::regprocedure)
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
  WHERE p.proowner = 'postgres'::regrole AND ${IN_HEARTH_SCHEMAS} AND ${notInExtension('pg_proc', 'p.oid')}`

/** What the online backup calls (`backup.ts`), which PostgreSQL lets only the superuser run until granted. */
const BACKUP_FUNCTIONS = ['pg_backup_start(text, boolean)', 'pg_backup_stop(boolean)']

type Options = { port: number; superuserPassword: string; appPassword: string; log: (message: string) => void }

/**
 * At each start of the embedded PostgreSQL, as its superuser, the one time Hearth uses that password (decision 208):
 * the login role `hearth` (made when missing, its password set to the one in secrets.json), with the REPLICATION
 * attribute and the right to run `pg_backup_start`/`pg_backup_stop` that the online backup needs and nothing else;
 * the database `hearth`, owned by it; and, on a cluster made by an earlier version (where the superuser owns
 * everything), every object of that database moved to it, in one transaction under the migrations' lock, so that
 * an instance migrating meanwhile waits. A second start finds nothing to move.
 */
export async function prepareAppRole({ port, superuserPassword, appPassword, log }: Options): Promise<void> {
  const connect = async (database: string) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: superuserPassword, database })
    await client.connect()
    return client
  }
  const cluster = await connect('postgres')
  try {
    const role = await cluster.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [APP_ROLE])
    const attributes = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS REPLICATION PASSWORD ${cluster.escapeLiteral(appPassword)}`
    await cluster.query(`${role.rowCount ? 'ALTER' : 'CREATE'} ROLE ${APP_ROLE} WITH ${attributes}`)
    const database = await cluster.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DATABASE])
    if (database.rowCount === 0) await cluster.query(`CREATE DATABASE ${DATABASE} OWNER ${APP_ROLE}`)
  } finally {
    await cluster.end().catch(() => undefined)
  }

  const hearth = await connect(DATABASE)
  try {
    // (an advisory lock belongs to its database: this is the one runMigrations takes in `hearth`)
    await hearth.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    for (const fn of BACKUP_FUNCTIONS) {
      const granted = await hearth.query<{ yes: boolean }>(`SELECT has_function_privilege($1, $2, 'EXECUTE') AS yes`, [APP_ROLE, fn])
      if (!granted.rows[0]?.yes) await hearth.query(`GRANT EXECUTE ON FUNCTION ${fn} TO ${APP_ROLE}`)
    }
    const { rows } = await hearth.query<{ statement: string }>(OWNED_BY_SUPERUSER)
    if (rows.length === 0) return
    log(`giving Hearth's database to the role '${APP_ROLE}' (${rows.length} objects an earlier version made as 'postgres')`)
    await hearth.query('BEGIN')
    for (const { statement } of rows) await hearth.query(statement)
    await hearth.query('COMMIT')
  } finally {
    await hearth.end().catch(() => undefined)
  }
}
