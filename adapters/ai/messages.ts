// The German, user-presentable messages of AiError, shared by the OpenAI and Replicate adapters.
// Addressed with "Sie", like the spec's messages of the creator.

export const aiMessages = {
	auth: 'Der KI-Schlüssel ist ungültig oder abgelaufen.',
	permission: 'Der KI-Schlüssel hat keinen Zugriff auf dieses Modell.',
	rateLimited: 'Der KI-Anbieter ist gerade überlastet. Bitte versuchen Sie es später erneut.',
	quota: 'Das Guthaben beim KI-Anbieter ist aufgebraucht.',
	transient: 'Der KI-Anbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
	timeout: 'Der KI-Anbieter hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.',
	aborted: 'Die Anfrage an den KI-Anbieter wurde abgebrochen.',
	emptyResult: 'Der KI-Anbieter hat kein Ergebnis geliefert. Bitte versuchen Sie es erneut.',
	failed: 'Der KI-Anbieter konnte die Anfrage nicht ausführen. Bitte versuchen Sie es erneut.',
	rejected: (reason: string) => `Die Anfrage wurde vom KI-Anbieter abgelehnt: ${reason}`,
	reasons: {
		contentPolicy: 'Der Inhalt verstößt gegen die Richtlinien des Anbieters.',
		tooLong: 'Der Text ist zu lang für das gewählte Modell.',
		unknownModel: 'Das gewählte Modell ist beim Anbieter nicht verfügbar.',
		invalidInput: 'Die Eingabe ist ungültig.',
	},
} as const

/** A provider's own (usually English) detail, shortened so it fits into a toast. */
export function providerDetail(detail: unknown, fallback: string): string {
	if (typeof detail !== 'string' || !detail.trim()) return fallback
	const text = detail.trim().replace(/\s+/g, ' ')
	return text.length > 200 ? `${text.slice(0, 199)}…` : text
}
