import type { SubmissionResult } from '@conform-to/react'
import type { Notice } from '#app/components/use-fetcher-notice.ts'
import type { DiscountResult } from '#modules/billing/index.ts'

/** What the pricing action answers a fetcher. */
export type PricingReply = {
	ok: boolean
	notice?: Notice
	/** The checked code, keyed by package and code: any change of either makes it unchecked again. */
	discount?: { key: string; result: DiscountResult }
	contact?: SubmissionResult<Array<string>>
	contactSent?: boolean
}
