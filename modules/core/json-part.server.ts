import type { RawBuilder } from 'kysely'

/**
 * A module's read as a part of a caller's statement: `json` is a JSON-valued SQL expression (a scalar
 * subquery on the module's own tables) and `read` turns its value into the module's own result. A page
 * that composes several parts runs one statement instead of one each (ADR 0033: a statement's fixed
 * cost, not its execution, is what the dashboard paid for).
 */
export type JsonPart<J, T> = { json: RawBuilder<J>; read: (value: J) => T }
