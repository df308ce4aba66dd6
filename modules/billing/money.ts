// Money is handled in Rappen (integers); CHF amounts only at the edges (numeric columns, results).

/** A numeric(10,2) value (pg returns a string) or a CHF number, in Rappen. */
export function toRappen(chf: string | number) {
	return Math.round(Number(chf) * 100)
}

export function toChf(rappen: number) {
	return Math.round(rappen) / 100
}

/** The price of one credit in Rappen, with two decimals (CHF 19.95 for 200 credits: 9.98). */
export function rappenPerCredit(priceRappen: number, credits: number) {
	return Math.round((priceRappen / credits) * 100) / 100
}
