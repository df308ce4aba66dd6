import { expect, test } from 'vitest'
import { toastId } from './toast.tsx'

test('the same text gets the same toast id (shown once), other texts and loading toasts their own', () => {
	const once = toastId('error', 'Nicht genügend Credits', { description: 'Sie haben nicht genügend Credits.' })
	expect(toastId('error', 'Nicht genügend Credits', { description: 'Sie haben nicht genügend Credits.' })).toBe(once)
	expect(toastId('error', 'Nicht genügend Credits', { description: 'Anderer Text' })).not.toBe(once)
	expect(toastId('success', 'Nicht genügend Credits', { description: 'Sie haben nicht genügend Credits.' })).not.toBe(once)
	expect(toastId('message', 'Gespeichert', {})).toBe(toastId('info', 'Gespeichert', {}))
	expect(toastId('loading', 'Wird generiert …', {})).not.toBe(toastId('loading', 'Wird generiert …', {}))
	expect(toastId('error', 'Fehler', { id: 'eigene-id' })).toBe('eigene-id')
})
