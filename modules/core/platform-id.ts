// Pure and shared with the browser. A platform id is a plain string: which ids exist, only the
// registry says (publishing's descriptors). It lives in core so that content (which stores ids) and
// publishing (which owns the descriptors and depends on content) both use it without a cycle.

/** A platform id: lower-case letters and digits (the database checks the same pattern). */
export const PLATFORM_ID_PATTERN = /^[a-z][a-z0-9]{1,29}$/

/** A platform id, checked against PLATFORM_ID_PATTERN and the registry where it comes from outside. */
export type Platform = string

/** Whether `value` has the shape of a platform id (whether it is registered, only the registry says). */
export function isPlatformId(value: unknown): value is Platform {
	return typeof value === 'string' && PLATFORM_ID_PATTERN.test(value)
}
