import { expect, test } from 'vitest'
import { isDatabaseUnavailable } from './db-errors.ts'

test('connection failures and server shutdowns count as unavailable', () => {
	expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true)
	expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true)
	expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true)
	expect(isDatabaseUnavailable(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe(true)
	expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
	expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
	expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], ''))).toBe(true)
	expect(isDatabaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(true)
})

test('bugs and bad data do not', () => {
	expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
	expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false)
	expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false)
	expect(isDatabaseUnavailable(null)).toBe(false)
	expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
})
