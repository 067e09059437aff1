import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';

// The yardstick for the API bench: a bare node:http server that answers the two authenticated
// routes with the same SQL the product sends (same statements, prepared, rows as arrays, as
// Drizzle does) and nothing else: no framework, no validation, no headers, no logging.
//   node scripts/bench-baseline.mjs <port> <postgres URL | pglite:<data dir>> <get-menu answer file>
const [port, database, menuFile] = process.argv.slice(2);
const menuAnswer = fs.readFileSync(menuFile);

const SESSION_SQL = `select "sessions"."id", "sessions"."subject_type", "sessions"."expires_at", "users"."id", "users"."seller_id", "users"."is_boss", "users"."status", "admin_users"."id", "admin_users"."status", coalesce((select "revisions"."value" from "revisions" where "revisions"."name" = $1), 0) from "sessions" left join "users" on ("sessions"."subject_type" = $2 and "users"."id" = "sessions"."subject_id") left join "admin_users" on ("sessions"."subject_type" = $3 and "admin_users"."id" = "sessions"."subject_id") where ("sessions"."token_hash" = $4 and "sessions"."revoked_at" is null and "sessions"."expires_at" > $5) limit $6`;
const USER_SQL = `select "users"."id", "users"."seller_id", "users"."name", "users"."email", "users"."mobile", "users"."password_hash", "users"."pay_password_hash", "users"."is_boss", "users"."status", "users"."external_binding", "users"."created_at", "users"."updated_at", "member_levels"."name", "member_levels"."name_en", "sellers"."level_expires_at" from "users" inner join "sellers" on "sellers"."id" = "users"."seller_id" left join "member_levels" on "member_levels"."id" = "sellers"."level_id" where "users"."id" = $1 limit $2`;

/** `query(name, text, values)` resolving to rows as arrays, on PostgreSQL or PGlite. */
async function connect() {
  if (database.startsWith('pglite:')) {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(database.slice('pglite:'.length));
    return async (_name, text, values) => (await db.query(text, values, { rowMode: 'array' })).rows;
  }
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: database, max: 10 });
  return async (name, text, values) =>
    (await pool.query({ name, text, values, rowMode: 'array' })).rows;
}

const query = await connect();

async function session(req) {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return null;
  const hash = createHash('sha256').update(token).digest('hex');
  const [row] = await query('resolve_token', SESSION_SQL, [
    'menus',
    'user',
    'admin',
    hash,
    new Date(),
    1,
  ]);
  return row && row[6] === 1 ? { token, userId: row[3], expiresAt: row[2] } : null;
}

http
  .createServer(async (req, res) => {
    try {
      const who = await session(req);
      if (!who) {
        res.writeHead(401).end();
      } else if (req.url === '/api/get-menu') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(menuAnswer);
      } else if (req.url === '/api/common/get-user-info') {
        const [u] = await query('user_info', USER_SQL, [who.userId, 1]);
        const body = JSON.stringify({
          code: 0,
          data: {
            id: u[0],
            api_token: who.token,
            expires_at: Math.floor(new Date(who.expiresAt).getTime() / 1000),
            created_at: Math.floor(new Date(u[10]).getTime() / 1000),
            updated_at: Math.floor(new Date(u[11]).getTime() / 1000),
            level_name: u[12] ?? '',
            level_name_en: u[13] ?? '',
            name: u[2],
            email: u[3],
            mobile: u[4],
            is_boss: u[7],
            seller_id: u[1],
          },
          message: 'success',
        });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      } else {
        res.writeHead(404).end();
      }
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
