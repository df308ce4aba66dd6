/** Whether a database error is a unique violation of the named constraint (Postgres code 23505). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
	const { code, constraint: name } = (error ?? {}) as { code?: unknown; constraint?: unknown }
	return code === '23505' && name === constraint
}
