import { sql } from 'kysely'
import type { MediaOrigins } from './ports.ts'

// Where a post's or draft's texts came from (ADR 0067): the input kind of the user's generation that
// wrote them, checked inside the writing statement (content's MediaOrigins), or an origin copied from
// the draft or post they were made from. Null: written by hand.

export type TextOriginInput = {
	/** The user's generation the texts came from (creator, REST, MCP); one that is not theirs or wrote no text records nothing. */
	generationId?: string | null
	/** An origin carried over from the draft or post the texts were copied from. */
	textOrigin?: string | null
}

function generatedFrom(origins: MediaOrigins, userId: string, generationId: string) {
	return origins.textOriginSql({ userId: sql`${userId}::uuid`, generationId: sql`${generationId}::uuid` })
}

/** A new row's `text_origin`. */
export function newTextOrigin(origins: MediaOrigins, userId: string, input: TextOriginInput) {
	return { text_origin: input.generationId ? generatedFrom(origins, userId, input.generationId) : (input.textOrigin ?? null) }
}

/** An edited row's `text_origin`: set by a new generation, else (and when the generation is not the user's) the stored one stays. */
export function editedTextOrigin(origins: MediaOrigins, userId: string, generationId: string | null | undefined) {
	return generationId ? { text_origin: sql<string | null>`coalesce(${generatedFrom(origins, userId, generationId)}, text_origin)` } : {}
}

/** Whether the texts were generated, as a column of a statement over `posts`: a recorded origin, or the creator's idea of a post stored before origins were. */
export const textsGeneratedSql = sql<boolean>`(posts.text_origin is not null or posts.ai_prompt is not null)`

/** The same for a posts row read whole (the export). */
export const textsGeneratedOf = (post: { text_origin: string | null; ai_prompt: string | null }) => post.text_origin !== null || post.ai_prompt !== null
