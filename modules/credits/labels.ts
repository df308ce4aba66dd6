// Pure, shared with the browser: which German label (settings:credits.types.*) a ledger row's
// transaction_type gets. Stored types stay as they are (the spec's 'Model Test: {name}').

export const LEDGER_TYPES = [
	'signup_bonus',
	'generation',
	'generation_refund',
	'image_regeneration',
	'image_regeneration_refund',
	'purchase',
	'allowance',
	'admin_grant',
] as const

export type LedgerLabel = { key: (typeof LEDGER_TYPES)[number] | 'modelTest' | 'modelTestRefund' | 'other'; name?: string }

const MODEL_TEST = 'Model Test: '
const MODEL_TEST_REFUND = 'Model Test Refund: '

/** The label key of a stored transaction type and, for model tests, the model (with its video settings). */
export function ledgerLabel(type: string): LedgerLabel {
	if ((LEDGER_TYPES as ReadonlyArray<string>).includes(type)) return { key: type as LedgerLabel['key'] }
	if (type.startsWith(MODEL_TEST_REFUND)) return { key: 'modelTestRefund', name: type.slice(MODEL_TEST_REFUND.length) }
	if (type.startsWith(MODEL_TEST)) return { key: 'modelTest', name: type.slice(MODEL_TEST.length) }
	return { key: 'other' }
}
