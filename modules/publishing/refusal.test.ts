import { expect, test } from 'vitest'
import { permanentRefusal } from './index.ts'
import { PlatformError } from './ports.ts'

test('a permanent refusal is read by shape too: the error may come from a second copy of the class (the app build next to the adapters loaded from source)', () => {
	expect(permanentRefusal(new PlatformError({ kind: 'invalid_request', code: 'server_blocked', message: 'x' }))).toBe('server_blocked')
	const foreign = Object.assign(new Error('x'), { name: 'PlatformError', kind: 'invalid_request', code: 'not_configured' })
	expect(permanentRefusal(foreign)).toBe('not_configured')
	expect(permanentRefusal(Object.assign(new Error('x'), { name: 'PlatformError', kind: 'transient', code: 'timeout' }))).toBeNull()
	expect(permanentRefusal(new Error('boom'))).toBeNull()
	expect(permanentRefusal(null)).toBeNull()
})
