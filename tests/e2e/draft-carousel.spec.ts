import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { addDays, format } from 'date-fns'
import sharp from 'sharp'
import { connectPlatform, expect, gotoReady, test } from '#tests/e2e/fixtures.ts'
import { todayIn } from '#modules/scheduling/index.ts'
import { draftMediaRows } from '#tests/support/draft-media.ts'

// ADR 0069: a draft's carousel is ordered post_media rows. Saved as a draft (three uploads, a media list
// as REST and MCP send it), opened and saved in the editor without losing its order, planned with the
// dialog: the post has the same rows (ids, order, alt text).

const zurich = 'Europe/Zurich'
const colours = ['#c0392b', '#27ae60', '#2980b9']

async function stored(services: Parameters<Parameters<typeof test>[2]>[0]['services'], userId: string, index: number) {
	const buffer = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: colours[index]! } }).jpeg().toBuffer()
	const outcome = await services.media.upload(userId, randomUUID(), { body: Readable.from([new Uint8Array(buffer)]), name: `bild-${index + 1}.jpg`, declaredBytes: buffer.length })
	if (!outcome.ok) throw new Error(outcome.code)
	return outcome.media.key
}

test('a 3-image carousel draft keeps its order through the editor and planning moves the same rows to the post', async ({ page, createConfirmedUser, login, services, db }) => {
	const user = await createConfirmedUser()
	await connectPlatform(services, user.id, 'instagram')
	const keys = [await stored(services, user.id, 0), await stored(services, user.id, 1), await stored(services, user.id, 2)]
	const created = await services.content.createDrafts(user.id, randomUUID(), [
		{ platforms: ['instagram'], content: { base: 'Karussell am Sonntag', platforms: {} }, media: [{ fileKey: keys[2]! }, { fileKey: keys[0]!, altText: 'Ein roter Zopf' }, { fileKey: keys[1]! }] },
	])
	if (!created.ok) throw new Error(created.error)
	const draftId = created.drafts[0]!.id
	const rows = await draftMediaRows(db, draftId)
	expect(rows.map((r) => r.url)).toEqual([`/media/${keys[2]}`, `/media/${keys[0]}`, `/media/${keys[1]}`])

	await login(user)
	await gotoReady(page, '/posts')
	const card = () => page.getByTestId('post-card').filter({ hasText: 'Karussell am Sonntag' })
	await card().getByRole('button', { name: 'Bearbeiten' }).click()
	const dialog = page.getByRole('dialog', { name: 'Entwurf bearbeiten' })
	await dialog.getByRole('textbox', { name: 'Text für Instagram' }).fill('Karussell am Sonntag, drei Bilder')
	await dialog.getByRole('button', { name: 'Speichern' }).click()
	await expect(page.getByText('Entwurf gespeichert').first()).toBeVisible()
	await expect(dialog).toBeHidden()
	// Saved again: the same rows in the same order (a text edit rewrites no images).
	expect((await draftMediaRows(db, draftId)).map((r) => [r.id, r.position, r.alt_text])).toEqual(rows.map((r) => [r.id, r.position, r.alt_text]))

	await card().getByRole('button', { name: 'Planen' }).click()
	const plan = page.getByRole('dialog', { name: 'Post planen' })
	const today = todayIn(zurich, new Date())
	const target = format(addDays(new Date(`${today}T12:00:00Z`), 3), 'yyyy-MM-dd')
	if (target.slice(0, 7) !== today.slice(0, 7)) await plan.getByRole('button', { name: 'Nächster Monat' }).click()
	await plan.locator(`[data-date="${target}"]`).click()
	await plan.getByRole('button', { name: 'Planen' }).click()
	await expect(page.getByText('Post geplant!').first()).toBeVisible()
	await expect(page.getByTestId('column-scheduled').getByTestId('post-card').filter({ hasText: 'Karussell am Sonntag' })).toBeVisible()

	const moved = await db.selectFrom('post_media').select(['id', 'post_id', 'draft_id', 'position', 'alt_text']).where('user_id', '=', user.id).orderBy('position').execute()
	expect(moved).toEqual(rows.map((r) => ({ id: r.id, post_id: draftId, draft_id: null, position: r.position, alt_text: r.alt_text })))
	expect(await db.selectFrom('drafts').select('id').where('id', '=', draftId).execute()).toHaveLength(0)
})
