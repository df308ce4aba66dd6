import type { Notice } from '#app/components/use-fetcher-notice.ts'
import type { AccountSettings } from '#modules/accounts/index.ts'
import type { PaymentRow } from '#modules/billing/index.ts'
import type { Platform } from '#modules/content/platforms.ts'
import type { LedgerEntry } from '#modules/credits/index.ts'
import type { ContentSettings } from '#modules/news/index.ts'
import type { ConnectionView } from '#modules/publishing/index.ts'
import type { Spelling } from '#modules/core/spelling.ts'

/** What the /settings loader returns. */
export type SettingsData = {
	account: AccountSettings
	content: ContentSettings
	/** Whose content settings these are: `name` only when the user has several brands. */
	contentBrand: { name: string | null; allBrands: boolean }
	ledger: Array<LedgerEntry>
	/** The user's payments (billing). */
	payments: Array<PaymentRow>
	connections: Array<ConnectionView>
	sandboxPlatforms: Array<Platform>
	timeZones: Array<string>
	/** The spelling the user reads (their choice, else their browser's). */
	spelling: Spelling
}

/** Every intent of the settings action answers with a toast and, on failure, field errors (i18n keys). */
export type SettingsReply = { ok: boolean; errors: Record<string, string>; notice: Notice; reset?: boolean }
