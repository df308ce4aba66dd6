// The lint rule of eslint.config.js that refuses graphile-worker's internals (ADR 0035): its private
// tables and its internal notification, in a string or a template, in every folder of code and tests.
/* eslint-disable no-restricted-syntax -- the strings the rule refuses are its input here */
import path from 'node:path'
import { ESLint } from 'eslint'
import { expect, test } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: root })

async function messages(file: string, code: string) {
	const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
	return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
}

test.each(['app/routes/health.ts', 'modules/core/jobs.server.ts', 'server/web.ts', 'scripts/seed-bulk.ts', 'tests/integration/publishing.test.ts'])('%s: a private table or the internal notification is refused', async (file) => {
	const found = [
		...(await messages(file, "export const a = 'select count(*) from graphile_worker._private_jobs'\n")),
		...(await messages(file, 'const key = 1\nexport const b = `update graphile_worker._private_jobs set run_at = now() where key = ${key}`\n')),
		...(await messages(file, "export const c = 'LISTEN \"jobs:insert\"'\n")),
	]
	expect(found).toHaveLength(3)
	for (const message of found) expect(message).toMatch(/ADR 0035/)
})

test('the public functions pass', async () => {
	expect(await messages('modules/core/jobs.server.ts', "export const a = 'select graphile_worker.reschedule_jobs($1::bigint[], run_at := now())'\n")).toEqual([])
})
