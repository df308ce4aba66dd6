import { sql, type Kysely } from 'kysely'

// Which process holds what: a worker's heartbeat names the graphile-worker ids of its pool (so a live
// worker can unlock the jobs of one that died without a goodbye, e.g. SIGKILL or a lost machine),
// and a delivery names the worker process of its current attempt (who published it).
export async function up(db: Kysely<any>) {
	await sql.raw(`
alter table worker_heartbeats add column job_worker_ids text[] not null default '{}' check (cardinality(job_worker_ids) <= 200);
alter table post_deliveries add column attempt_worker text check (length(attempt_worker) <= 200);
`).execute(db)
}

export async function down(db: Kysely<any>) {
	await sql.raw(`
alter table worker_heartbeats drop column if exists job_worker_ids;
alter table post_deliveries drop column if exists attempt_worker;
`).execute(db)
}
