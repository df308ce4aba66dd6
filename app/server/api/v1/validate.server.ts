import { z } from 'zod'
import type { RegisteredPlatforms } from '#modules/content/platforms.ts'
import { newPostSchema, PostScheduleSchema, validatePost } from '#modules/posting/index.ts'
import { json, readJson } from '../request.server.ts'
import { defineOperation } from './operation.server.ts'

// POST /api/v1/posts/validate (and MCP validate_post): a new post checked as planning would check it, not saved.

/** A new post as POST /posts takes it, with schedule optional (without: checked as if sent now). */
export function postCheckSchema(registered: RegisteredPlatforms) {
	const post = newPostSchema(registered)
	return z
		.object({ ...post.shape, schedule: PostScheduleSchema.optional().meta({ description: 'Wann er gesendet würde (at, next_slot, now); ohne: jetzt' }) })
		.check(...((post.def.checks ?? []) as unknown as Array<z.core.$ZodCheck<Omit<z.output<typeof post>, 'schedule'>>>))
}

export const PostCheckSchema = z
	.object({
		valid: z.boolean().meta({ description: 'true: kein Netzwerk und kein Kanal würde den Post ablehnen' }),
		networks: z.array(z.string()).meta({ description: 'Die Netzwerke, an die er ginge' }),
		channels: z.array(z.uuid()).nullable().meta({ description: 'Die Kanäle, an die er ginge (null: der Standardkanal jedes Netzwerks)' }),
		reasons: z.array(z.string()).meta({ description: 'Deutsche Gründe einer Ablehnung, je mit dem Namen des Netzwerks oder Kanals' }),
	})
	.meta({ id: 'PostCheck', description: 'Das Ergebnis der Prüfung eines Posts, ohne ihn zu speichern' })

export function validateOperations(registered: RegisteredPlatforms) {
	const Check = postCheckSchema(registered).meta({ id: 'PostCheckRequest' })
	return [
		defineOperation({
			method: 'POST',
			path: '/posts/validate',
			operationId: 'validatePost',
			tag: 'Posts',
			summary: 'Post prüfen, ohne ihn zu speichern',
			description:
				'Prüft einen Post mit denselben Angaben wie POST /posts (schedule freiwillig; ohne: als würde er jetzt gesendet), wie das Planen ihn prüft: die Regeln jedes Netzwerks für Text, ersten Kommentar und Medien, das verbundene Konto, seine Berechtigungen und das Kontingent. Antwortet immer 200 mit valid und den deutschen Gründen; gespeichert wird nichts.',
			scope: 'posts',
			body: { 'application/json': Check },
			responses: { 200: { description: 'Das Ergebnis der Prüfung', schema: PostCheckSchema } },
			problems: [400, 413, 415],
			async handle({ context, request, services, principal }) {
				const body = await readJson(context, request, postCheckSchema(registered))
				return json(await validatePost(services, principal.user, body))
			},
		}),
	]
}
