import type { RouterContextProvider } from 'react-router'
import { getInstance } from '#app/middleware/i18next.ts'
import { problem } from './problem.server.ts'
import { isUuid } from '#modules/core/uuid.ts'

// The opaque cursor of a list page: base64url of the last item's position (created_at in
// microseconds, id). A client passes nextCursor back unchanged.

export type Position = { at: string; id: string }


export function encodeCursor(position: Position | null) {
	return position ? Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url') : null
}

/** The position of `cursor` (null without one), or a thrown 400 problem naming the field. */
export function decodeCursor(context: Readonly<RouterContextProvider>, cursor: string | undefined): Position | null {
	if (cursor === undefined || cursor === '') return null
	try {
		const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
		if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && /^\d{1,17}$/.test(value[0]) && typeof value[1] === 'string' && isUuid(value[1])) {
			return { at: value[0], id: value[1] }
		}
	} catch {
		// falls through to the problem
	}
	const t = getInstance(context).getFixedT(null, 'api')
	throw problem(context, 400, 'invalid_request', { errors: [{ field: 'cursor', message: t('fields.cursor') }] })
}
