// Vitest global setup: one Postgres server for the whole run (DATABASE_URL when set, otherwise
// the embedded Postgres under .data/test-pg) and one migrated template database that every
// test file clones (see tests/support/db.ts).
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { createDb, createPool } from '#modules/core/db.server.ts'
import { ensureLocalDatabase, type LocalDatabase } from '#modules/core/embedded-postgres.server.ts'
import { migrateToLatest } from '#modules/core/migrate.server.ts'
import { isAlive, stopOrphanedPostgres } from './postgres-process.ts'
import {
	ident,
	root,
	templateName,
	templatePrefix,
	testDatabasePrefix,
	withDatabase,
	type TestDatabaseServer,
} from './test-database.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		testDatabaseServer: TestDatabaseServer
	}
}

// Serialises template creation between test runs that share one server.
const TEMPLATE_LOCK = 7_531_902

export default async function setup(project: TestProject) {
	const runPid = process.pid
	const applicationName = `vitest-${runPid}`
	const externalUrl = process.env.DATABASE_URL
	const dataDir = path.join(root, '.data/test-pg')

	// Several test runs in one checkout share one embedded server: starting it and stopping it
	// happen under a file lock, and every run holds a "presence" connection until its teardown.
	const start = externalUrl ? null : await acquireLock(dataDir)
	let local: LocalDatabase | null = null
	let presence: pg.Client
	let adminUrl: string
	try {
		if (!externalUrl && (await stopOrphanedPostgres(dataDir))) console.error('Stopped a test Postgres left by a killed run')
		local = externalUrl ? null : await ensureLocalDatabase(dataDir, (msg) => console.error(msg))
		const serverUrl = externalUrl ?? local!.url
		adminUrl = withDatabase(serverUrl, new URL(serverUrl).pathname.slice(1) || 'postgres', applicationName)
		presence = new pg.Client({ connectionString: adminUrl })
		presence.on('error', () => {})
		await presence.connect()
	} finally {
		start?.release()
	}

	const template = templateName()
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	try {
		await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK])
		await ensureTemplate(admin, adminUrl, template, applicationName)
		await dropOtherTemplates(admin, template)
		if (local) await dropStaleClones(admin)
	} finally {
		await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => {})
		await admin.end()
	}

	project.provide('testDatabaseServer', { adminUrl, template, runPid, applicationName })

	return async () => {
		await presence.end().catch(() => {})
		if (local?.owned) await stopWhenUnused(local, dataDir, adminUrl, applicationName)
	}
}

/** Stops the server this run started once no other run is connected (or after 10 minutes). */
async function stopWhenUnused(local: LocalDatabase, dataDir: string, adminUrl: string, applicationName: string) {
	const deadline = Date.now() + 10 * 60_000
	while (true) {
		const lock = await acquireLock(dataDir)
		try {
			if (Date.now() > deadline || !(await otherRunsConnected(adminUrl, applicationName))) {
				await local.stop()
				return
			}
		} finally {
			lock.release()
		}
		await sleep(500)
	}
}

async function otherRunsConnected(adminUrl: string, applicationName: string) {
	const client = new pg.Client({ connectionString: adminUrl })
	client.on('error', () => {})
	try {
		await client.connect()
		const { rowCount } = await client.query(
			`select 1 from pg_stat_activity where application_name like 'vitest-%' and application_name <> $1`,
			[applicationName],
		)
		return Boolean(rowCount)
	} catch {
		return false
	} finally {
		await client.end().catch(() => {})
	}
}

/** A lock file holding the owner's pid; a lock whose owner is gone is taken over. */
async function acquireLock(dataDir: string) {
	fs.mkdirSync(dataDir, { recursive: true })
	const file = path.join(dataDir, 'start.lock')
	const deadline = Date.now() + 2 * 60_000
	while (true) {
		try {
			fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
			return { release: () => fs.rmSync(file, { force: true }) }
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
		}
		const owner = Number(fs.readFileSync(file, 'utf8').trim() || 'NaN')
		if (!Number.isInteger(owner) || !isAlive(owner)) {
			fs.rmSync(file, { force: true })
			continue
		}
		if (Date.now() > deadline) throw new Error(`${file} is held by process ${owner}: is another test run stuck?`)
		await sleep(100)
	}
}

function sleep(ms: number) {
	return new Promise((resolve) => setTimeout(resolve, ms))
}

async function ensureTemplate(admin: pg.Client, serverUrl: string, template: string, applicationName: string) {
	const exists = await admin.query('select 1 from pg_database where datname = $1', [template])
	if (exists.rowCount) return

	// Built under a scratch name and renamed when complete, so a half-migrated template
	// (a run killed mid-way) is never cloned.
	const building = `${template}_building`
	await dropDatabase(admin, building)
	await admin.query(`create database ${ident(building)}`)
	const pool = createPool(withDatabase(serverUrl, building, applicationName), 5)
	const db = createDb(pool)
	try {
		await migrateToLatest(db, pool)
	} finally {
		await db.destroy()
	}
	await admin.query(`alter database ${ident(building)} rename to ${ident(template)}`)
	await admin.query(`alter database ${ident(template)} with is_template true`)
}

async function dropOtherTemplates(admin: pg.Client, keep: string) {
	const { rows } = await admin.query<{ datname: string }>(
		`select datname from pg_database where datname like $1 and datname <> $2`,
		[`${templatePrefix}%`, keep],
	)
	for (const { datname } of rows) {
		// A template another run is cloning right now stays; the next run removes it.
		const inUse = await admin.query('select 1 from pg_stat_activity where datname = $1', [datname])
		if (inUse.rowCount) continue
		await admin.query(`alter database ${ident(datname)} with is_template false`).catch(() => {})
		await dropDatabase(admin, datname).catch(() => {})
	}
}

// Clones left behind by a run that was killed (its pid is gone). Only for the embedded
// server: pids of a shared DATABASE_URL server may belong to other machines.
async function dropStaleClones(admin: pg.Client) {
	const { rows } = await admin.query<{ datname: string }>(
		`select datname from pg_database where datname like $1`,
		[`${testDatabasePrefix}%`],
	)
	for (const { datname } of rows) {
		const pid = Number(datname.slice(testDatabasePrefix.length).split('_')[0])
		if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue
		await dropDatabase(admin, datname).catch(() => {})
	}
}

async function dropDatabase(admin: pg.Client, name: string) {
	await admin.query(`drop database if exists ${ident(name)} with (force)`)
}
