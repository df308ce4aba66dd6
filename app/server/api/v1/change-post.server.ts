import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { getInstance } from '#app/middleware/i18next.ts'
import type { CurrentUser } from '#modules/accounts/index.ts'
import type { Platform, RegisteredPlatforms } from '#modules/content/platforms.ts'
import { mediaListSchema } from '#modules/content/media-items.ts'
import { aiLabelSchema, carouselFitSchema, MAX_TEXT } from '#modules/content/schema.ts'
import { parseContent } from '#modules/content/post-content.ts'
import { CHANNEL_TEXT_OUTSIDE, ChannelIdsSchema, ChannelTextsSchema, channelTextsWithin, instantSchema, retargetPost } from '#modules/posting/index.ts'
import { fromInstant } from '#modules/scheduling/index.ts'
import type { Services } from '#modules/services.ts'
import { problem } from '../problem.server.ts'
import { parseInput } from '../request.server.ts'
import { contentProblem } from './content-problem.server.ts'
import { withFetchedMedia } from './media-urls.server.ts'

// A change of a stored post: what PATCH /posts/{id} and the MCP tool update_post take and do.

const text = z.string().trim().min(1).max(MAX_TEXT)

export const changeSchema = (registered: RegisteredPlatforms) => {
	const network = z.enum(registered as [Platform, ...Array<Platform>])
	return z
		.object({
			text: text.optional().meta({ description: 'Neuer Text für alle Netzwerke des Posts (ausser denen in texts)' }),
			texts: z.partialRecord(network, text).optional().meta({ description: 'Neuer eigener Text je Netzwerk des Posts' }),
			channelTexts: ChannelTextsSchema.optional().meta({
				description:
					'Eigener Text je Kanal (Kanal-ID), der den Text seines Netzwerks ersetzt: ersetzt die bisherigen eigenen Texte ({} entfernt sie). Nur für Kanäle, an die der Post geht (mit channels: diese). Ohne channelTexts bleiben sie, solange ihr Kanal bleibt.',
			}),
			aiLabel: aiLabelSchema.optional().meta({ description: 'KI-Kennzeichnung: auto, on oder off (auch bei einem veröffentlichten Post)' }),
			carouselFit: carouselFitSchema.optional().meta({
				description: 'Ein Karussell auf einem Netzwerk, das alle Bilder im Format des ersten zeigt (Instagram): crop (mittig zuschneiden, Standard) oder pad (auffüllen, nichts wird abgeschnitten)',
			}),
			firstComment: z.string().trim().max(MAX_TEXT).optional().meta({
				description: 'Neuer erster Kommentar für alle Netzwerke des Posts ("" entfernt ihn). Er wird direkt nach dem Post darunter veröffentlicht, einmal je Kanal; ein schon veröffentlichter Kanal erhält ihn nicht mehr.',
			}),
			media: mediaListSchema.optional().meta({
				description:
					'Die Bilder und Videos des Posts von nun an, in dieser Reihenfolge: ersetzt die bisherigen ([] entfernt alle). Ein bisheriges Element mit seiner id (aus media[].id) behält seinen Zustand; ein neues ist eine eigene Datei (fileKey aus POST /media) oder eine Datei unter einer öffentlichen https-Adresse (url; sofort geladen und als eigene Datei gespeichert, eine private oder unerreichbare Adresse antwortet 400). Alt-Text je Bild höchstens so lang, wie es jedes Netzwerk annimmt; networks: nur Netzwerke des Posts. Ein veröffentlichter Post behält seine Medien (409 published_locked); eine ungültige Liste antwortet 422 invalid_media mit den Gründen.',
			}),
			channels: ChannelIdsSchema.optional().meta({
				description:
					'Die Kanäle (IDs aus GET /channels), an die der Post von nun an geht: ersetzt seine bisherigen. Ihre Netzwerke werden die des Posts (ein neues Netzwerk erhält den Text für alle). Ein schon veröffentlichter Kanal kann nicht entfernt werden (422 preflight).',
			}),
			schedule: z
				.discriminatedUnion('type', [
					z.object({ type: z.literal('at'), at: instantSchema.meta({ description: 'RFC 3339 mit Zeitzone (Z oder Versatz), Sekunden freiwillig; halbe Stunde zwischen 06:00 und 23:00' }) }),
					z.object({ type: z.literal('next_slot') }),
				])
				.optional()
				.meta({ description: 'Neu planen: zu einem Zeitpunkt oder zur nächsten freien empfohlenen Zeit' }),
		})
		.refine((v) => v.text !== undefined || v.texts !== undefined || v.channelTexts !== undefined || v.firstComment !== undefined || v.schedule !== undefined || v.channels !== undefined || v.aiLabel !== undefined || v.carouselFit !== undefined || v.media !== undefined, {
			error: 'Bitte geben Sie text, texts, channelTexts, firstComment, media, carouselFit, channels, aiLabel oder schedule an.',
			path: ['text'],
		})
		.refine((v) => !v.channels || channelTextsWithin(v.channelTexts, v.channels), CHANNEL_TEXT_OUTSIDE)
}

export type PostChange = z.output<ReturnType<typeof changeSchema>>

/**
 * PATCH /posts/{id} (and MCP update_post): new channels, texts, media, AI label, carousel fit and/or a
 * new time, in this order, through the content and posting use cases. Null when done; else the
 * refusal as a problem response (a refused field throws one, as readJson does). `requestId`: media by
 * URL is stored once per request id (PATCH without Idempotency-Key: a new one each time).
 */
export async function changePost(context: Readonly<RouterContextProvider>, services: Services, user: Pick<CurrentUser, 'id' | 'timeZone'>, id: string, body: PostChange, requestId: string = crypto.randomUUID()): Promise<Response | null> {
	const userId = user.id
	const registered = services.publishing.platforms.ids
	let post = await services.content.getPost(userId, id)
	if (!post) return problem(context, 404, 'not_found')
	// Media by URL first: a refused URL changes nothing of the post.
	const media = body.media && (await withFetchedMedia(context, services, userId, requestId, body.media))
	if (body.channelTexts && !body.channels) {
		// Without new channels, a channel text must be for one the post goes to now (POST's rule and answer).
		const targeted = (await services.publishing.deliveryStatus(userId, post.id)).flatMap((d) => (d.channelId ? [d.channelId] : []))
		parseInput(context, z.object({ channelTexts: ChannelTextsSchema }).refine((v) => channelTextsWithin(v.channelTexts, targeted), CHANNEL_TEXT_OUTSIDE), body)
	}
	if (body.channels) {
		const moved = await retargetPost(services, userId, post.id, body.channels)
		if (!moved.ok && moved.error === 'invalid_channel') return problem(context, 422, 'invalid_channel', { reasons: moved.reasons })
		if (!moved.ok) return contentProblem(context, moved.error, moved.reasons)
		if (moved.kind === 'post') post = moved.post
	}
	if (body.text !== undefined || body.texts !== undefined || body.channelTexts !== undefined || body.firstComment !== undefined) {
		const foreign = Object.keys(body.texts ?? {}).filter((n) => !post.platforms.includes(n))
		if (foreign.length) {
			const message = getInstance(context).t('api:fields.invalid')
			return problem(context, 400, 'invalid_request', { errors: foreign.map((n) => ({ field: `texts.${n}`, message })) })
		}
		const current = parseContent(post.content, (key) => registered.includes(key))
		const only = post.platform === 'multiple' ? null : post.platforms[0]!
		const base = (only ? body.texts?.[only] : undefined) ?? body.text ?? current.base
		const platforms = only ? {} : Object.fromEntries(post.platforms.map((n) => [n, body.texts?.[n] ?? body.text ?? current.platforms[n] ?? current.base]))
		const channels = body.channelTexts ?? current.channels
		// A first comment given replaces the stored one ('' removes it: the key with no value); none given, it stays.
		const firstComment = body.firstComment === undefined ? {} : { firstComment: body.firstComment ? { base: body.firstComment, platforms: {} } : undefined }
		const updated = await services.content.updatePost(userId, post.id, { content: { base, platforms, ...(channels ? { channels } : {}), ...firstComment } })
		if (!updated.ok) return contentProblem(context, updated.error, updated.reasons)
	}
	if (media) {
		const listed = await services.content.setPostMedia(userId, post.id, media)
		if (!listed.ok) return contentProblem(context, listed.error, listed.reasons)
	}
	if (body.carouselFit) {
		const fitted = await services.content.setCarouselFit(userId, post.id, body.carouselFit)
		if (!fitted.ok) return contentProblem(context, fitted.error, fitted.reasons)
	}
	if (body.aiLabel) {
		const labelled = await services.content.setAiLabel(userId, post.id, body.aiLabel)
		if (!labelled.ok) return contentProblem(context, labelled.error, labelled.reasons)
	}
	if (body.schedule) {
		let at: Date
		if (body.schedule.type === 'at') at = new Date(body.schedule.at)
		else {
			const [slot] = await services.content.freeSlots(userId, user.timeZone, 1)
			if (!slot) return contentProblem(context, 'schedule:errors.inPast')
			at = new Date(slot.at)
		}
		const wall = fromInstant(at, user.timeZone)
		const scheduled = await services.content.schedulePost(userId, post.id, { date: wall.date, time: wall.time, timeZone: user.timeZone })
		if (!scheduled.ok) return contentProblem(context, scheduled.error, scheduled.reasons)
	}
	return null
}
