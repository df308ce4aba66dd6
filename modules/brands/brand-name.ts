import { z } from 'zod'
import { isUuid } from '#modules/core/uuid.ts'

/** What a brand may be called: 1 to 80 characters after trimming (the database checks the same). */
export const BRAND_NAME_MAX = 80

/** The error codes the brand use cases answer with; locales/de/brands.json has a German text for each. */
export type BrandError = 'name_empty' | 'name_too_long' | 'name_taken' | 'not_found' | 'target_not_found' | 'last_brand' | 'agent_not_found' | 'channel_not_found'

export type BrandResult<T = object> = ({ ok: true } & T) | { ok: false; error: BrandError }

/** A trimmed brand name, or why it cannot be one. */
export function checkBrandName(raw: string): { ok: true; name: string } | { ok: false; error: BrandError } {
	const name = raw.trim()
	if (name.length === 0) return { ok: false, error: 'name_empty' }
	if ([...name].length > BRAND_NAME_MAX) return { ok: false, error: 'name_too_long' }
	return { ok: true, name }
}



/** The forms of the 'Marken' page (one intent per action). */
export const BrandActionSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('create'), name: z.string().max(1000) }),
	z.object({ intent: z.literal('rename'), brandId: z.string().max(100), name: z.string().max(1000) }),
	z.object({ intent: z.literal('delete'), brandId: z.string().max(100), moveTo: z.string().max(100) }),
	z.object({ intent: z.literal('default-agent'), brandId: z.string().max(100), agentId: z.string().max(100) }),
	z.object({ intent: z.literal('move-channel'), channelId: z.string().max(100), brandId: z.string().max(100) }),
])
export type BrandAction = z.infer<typeof BrandActionSchema>

export { isUuid }
