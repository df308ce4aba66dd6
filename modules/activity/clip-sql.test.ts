import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { createTestDatabase } from '#tests/support/db.ts'
import { clipAtWord } from './clip.ts'
import { clipAtWordSql } from './clip-sql.server.ts'

// The activity consumer of the publication outbox clips in SQL (its claim and insert are one statement):
// the same texts as clipAtWord, which bounds every other entry.
test('clipAtWordSql clips as clipAtWord does', async () => {
	await using t = await createTestDatabase()
	const texts = [
		'  kurz  ',
		'Post auf LinkedIn veröffentlicht',
		'Ein Satz mit einigen Wörtern, der zu lang ist',
		'Wortwortwortwortwortwortwortwortwort und mehr',
		'Ende mit Satzzeichen, ; - und mehr Text danach',
		'ohneleerzeichenüberhauptundvielzulang',
		'Genau zwanzig Zeich.',
		'Zeile eins\nZeile zwei ist länger als erlaubt',
	]
	for (const max of [20, 24, 30]) {
		const { rows } = await sql<{ clipped: string }>`select ${clipAtWordSql(sql.ref<string>('x.text'), max)} as clipped from unnest(${texts}::text[]) with ordinality as x(text, n) order by x.n`.execute(t.db)
		expect(rows.map((r) => r.clipped)).toEqual(texts.map((text) => clipAtWord(text, max)))
	}
})
