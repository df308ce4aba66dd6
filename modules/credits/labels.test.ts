import { expect, test } from 'vitest'
import settings from '#locales/de/settings.json' with { type: 'json' }
import { ledgerLabel, LEDGER_TYPES } from './labels.ts'

test('every ledger type has a German label; model tests name the model; unknown types are never shown raw', () => {
	const labels: Record<string, string> = settings.credits.types
	for (const type of LEDGER_TYPES) expect(labels[type], type).toBeTruthy()
	expect(ledgerLabel('admin_grant')).toEqual({ key: 'admin_grant' })
	expect(ledgerLabel('Model Test: Seedance 1 Pro (1080p, 10s)')).toEqual({ key: 'modelTest', name: 'Seedance 1 Pro (1080p, 10s)' })
	expect(ledgerLabel('Model Test Refund: FLUX.1 [schnell]')).toEqual({ key: 'modelTestRefund', name: 'FLUX.1 [schnell]' })
	expect(ledgerLabel('something_new')).toEqual({ key: 'other' })
	expect(labels.modelTest).toBe('Modell-Test: {{name}}')
	expect(labels.other).toBe('Sonstige Buchung')
	for (const text of Object.values(labels)) expect(text).not.toMatch(/Model Test|_/)
})
