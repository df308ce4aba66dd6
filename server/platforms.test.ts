import { expect, test } from 'vitest'
import { platformModules } from '#adapters/platforms/index.ts'
import { adapterFor, createPlatformCatalog } from '#modules/publishing/registry.ts'
import { PlatformError } from '#modules/publishing/ports.ts'
import { credentials, variableName } from './platforms.ts'

const descriptor = (id: string) => platformModules.find((m) => m.descriptor.id === id)!.descriptor

test('each platform reads its configuration by the prefix its descriptor names; the existing variable names stay', () => {
	expect(['linkedin', 'facebook', 'instagram', 'threads'].map((id) => [variableName(descriptor(id), 'clientId'), variableName(descriptor(id), 'apiBase')])).toEqual([
		['LINKEDIN_CLIENT_ID', 'LINKEDIN_API_BASE'],
		['META_APP_ID', 'META_GRAPH_BASE'],
		['META_APP_ID', 'META_GRAPH_BASE'],
		['THREADS_APP_ID', 'THREADS_GRAPH_BASE'],
	])
	const variables = { META_APP_ID: 'meta-id', META_APP_SECRET: 'meta-secret', META_DIALOG_URL: 'https://www.facebook.com/v26.0/dialog/oauth', LINKEDIN_VERSION: '202607' }
	expect(credentials({ variables }, descriptor('instagram'))).toEqual({
		clientId: 'meta-id',
		clientSecret: 'meta-secret',
		overrides: { apiBase: undefined, authorizeUrl: 'https://www.facebook.com/v26.0/dialog/oauth', tokenUrl: undefined, version: undefined },
	})
	expect(credentials({ variables }, descriptor('linkedin'))).toEqual({ clientId: undefined, clientSecret: undefined, overrides: { apiBase: undefined, authorizeUrl: undefined, tokenUrl: undefined, version: '202607' } })
})

test('an invalid platform setting stops the start with its name', () => {
	expect(() => credentials({ variables: { LINKEDIN_API_BASE: 'ftp://x' } }, descriptor('linkedin'))).toThrow(/LINKEDIN_API_BASE/)
	expect(() => credentials({ variables: { LINKEDIN_VERSION: '2026-01' } }, descriptor('linkedin'))).toThrow(/LINKEDIN_VERSION: six digits/)
})

test('the catalog knows the registered platforms; an unregistered one has no adapter (a permanent refusal)', () => {
	const catalog = createPlatformCatalog(platformModules.map((m) => m.descriptor))
	expect(catalog.ids).toEqual(['linkedin', 'facebook', 'instagram', 'threads', 'bluesky', 'mastodon'])
	expect(catalog.has('threads')).toBe(true)
	expect(catalog.has('myspace')).toBe(false)
	expect(catalog.get('facebook')?.name).toBe('Facebook')
	const error = (() => {
		try {
			adapterFor({}, 'myspace')
		} catch (e) {
			return e
		}
	})()
	expect(error).toBeInstanceOf(PlatformError)
	expect(error).toMatchObject({ kind: 'invalid_request', code: 'unknown_platform' })
})
