// The preflight's vocabulary (preflight.ts checks a post's text and image, media-preflight.ts its media).

export type PreflightCode =
	| 'text_too_long'
	| 'text_too_many_bytes'
	| 'too_many_hashtags'
	| 'too_many_links'
	| 'image_required'
	| 'image_format'
	| 'image_ratio'
	| 'image_too_large'
	| 'image_too_many_pixels'
	| 'empty_post'
	| 'empty_text'
	| 'carousel_too_many'
	| 'carousel_too_few'
	| 'carousel_mixed'
	| 'carousel_aspects'
	| 'video_not_supported'
	| 'video_too_long'
	| 'video_too_short'
	| 'video_too_large'
	| 'video_ratio'
	| 'video_fps'
	| 'video_codec'
	| 'document_not_supported'
	| 'document_format'
	| 'document_too_large'
	| 'document_too_many_pages'
	| 'alt_text_missing'
	| 'alt_text_too_long'
	| 'first_comment_not_supported'

/**
 * 'error': the network refuses it; 'confirm': it goes out only when the user says so; 'warning': it
 * goes out as it is, the user should know (a missing alt text, a carousel the network crops).
 */
export type PreflightSeverity = 'error' | 'confirm' | 'warning'

export type PreflightProblem = {
	code: PreflightCode
	severity: PreflightSeverity
	/** The figures the German message names ({{count}}, {{limit}}); of the worst item where several break the rule. */
	values?: { count: number; limit: number }
	/** Which items of the post's media break the rule (0-based positions); only for media problems. */
	items?: ReadonlyArray<number>
	/** carousel_aspects: how the items are made the first one's aspect, and that aspect (ADR 0065). */
	fit?: 'crop' | 'pad'
	aspect?: number
}

/** What is known about the post's image; null fields: not known (the check is skipped). */
export type PreflightImage = {
	type: string | null
	width: number | null
	height: number | null
	bytes: number | null
	/** A stored image the publisher converts to the network's rules when it is sent (ADR 0065): its format, size and aspect are not refused. */
	convertible?: boolean
}
