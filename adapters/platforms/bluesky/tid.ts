import { randomInt } from 'node:crypto'

// Record keys of posts are TIDs (atproto.com/specs/tid): 53 bits of microseconds since the epoch and
// 10 bits of clock id, written as 13 characters of base32-sortable. Choosing it ourselves before
// createRecord is what makes a post findable exactly after a lost answer.

const ALPHABET = '234567abcdefghijklmnopqrstuvwxyz'
export const TID_PATTERN = /^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/

let last = 0

export function encodeTid(micros: number, clockId: number) {
	let value = (BigInt(micros) << 10n) | BigInt(clockId & 0x3ff)
	let out = ''
	for (let i = 0; i < 13; i++) {
		out = ALPHABET[Number(value & 31n)]! + out
		value >>= 5n
	}
	return out
}

/** A new TID, strictly later than the previous one of this process. */
export function nextTid(clockId = randomInt(1024)) {
	last = Math.max(Date.now() * 1000, last + 1)
	return encodeTid(last, clockId)
}
