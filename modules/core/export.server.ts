// Helpers for the modules' parts of the user's data export ('Daten exportieren').

/** A row without its `user_id`: the export is the user's own, the id would only repeat itself. */
export function withoutUserId<T extends { user_id?: unknown }>(row: T): Omit<T, 'user_id'> {
	const { user_id: _userId, ...rest } = row
	return rest
}

/** `withoutUserId` for every row. */
export const rowsWithoutUserId = <T extends { user_id?: unknown }>(rows: ReadonlyArray<T>) => rows.map(withoutUserId)
