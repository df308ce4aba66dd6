import { expect, test } from 'vitest'
import { platformMap, postPlatforms } from './mappers.server.ts'

// The registry's ids as the composition root passes them; a fifth network needs no change here.
const registered = ['linkedin', 'facebook', 'instagram', 'threads', 'newnet']

test("a 'multiple' post goes to the registered platforms its content names, else to all registered ones", () => {
	const named = JSON.stringify({ base: 'B', platforms: { newnet: 'N', threads: 'T', twitter: 'x' } })
	expect(postPlatforms(registered, 'multiple', named)).toEqual(['newnet', 'threads'])
	expect(postPlatforms(registered, 'multiple', 'nur Text')).toEqual(registered)
	expect(postPlatforms(registered, 'newnet', 'nur Text')).toEqual(['newnet'])
	expect(postPlatforms(registered.slice(0, 4), 'multiple', 'nur Text')).toEqual(['linkedin', 'facebook', 'instagram', 'threads'])
})

test('images and page ids keep only registered platforms', () => {
	expect(platformMap(registered, { newnet: '/a.jpg', twitter: '/b.jpg', linkedin: 3 })).toEqual({ newnet: '/a.jpg' })
	expect(platformMap(registered, ['x'])).toEqual({})
})
