import type { DbOrTrx } from '#modules/core/db.server.ts'
import { rappenPerCredit, toRappen } from './money.ts'

export type PlanId = 'free' | 'basic' | 'pro'

export type Plan = {
	id: PlanId
	name: string
	priceRappen: number
	credits: number
	/** The free plan grants its credits once, the paid plans every month. */
	interval: 'once' | 'month'
	includesVideo: boolean
	popular: boolean
}

export type CreditPack = { id: string; credits: number; priceRappen: number; rappenPerCredit: number }

export type Catalogue = { plans: Array<Plan>; packs: Array<CreditPack> }

/** What a checkout sells: a paid plan (subscription) or a credit pack (one-off payment). */
export type CatalogueItem = { kind: 'plan'; plan: Plan } | { kind: 'pack'; pack: CreditPack }

export type ItemRef = { kind: 'plan' | 'pack'; id: string }

// What the price table cannot say: Pro includes video and is the most popular plan.
const PLAN_EXTRAS: Record<PlanId, { includesVideo: boolean; popular: boolean }> = {
	free: { includesVideo: false, popular: false },
	basic: { includesVideo: false, popular: false },
	pro: { includesVideo: true, popular: true },
}

/** Plans and credit packs with their prices: the only source of what a checkout costs. */
export async function loadCatalogue(db: DbOrTrx): Promise<Catalogue> {
	const [plans, packs] = await Promise.all([
		db.selectFrom('plans').select(['id', 'name', 'price_chf', 'credits_per_month', 'credit_interval']).orderBy('sort_order').orderBy('id').execute(),
		db.selectFrom('credit_packs').select(['id', 'credits', 'price_chf']).orderBy('sort_order').orderBy('credits').execute(),
	])
	return {
		plans: plans.map((p) => {
			const id = p.id as PlanId
			return {
				id,
				name: p.name,
				priceRappen: toRappen(p.price_chf),
				credits: p.credits_per_month,
				interval: p.credit_interval === 'once' ? 'once' : 'month',
				...PLAN_EXTRAS[id],
			}
		}),
		packs: packs.map((p) => ({ id: p.id, credits: p.credits, priceRappen: toRappen(p.price_chf), rappenPerCredit: rappenPerCredit(toRappen(p.price_chf), p.credits) })),
	}
}

/** The catalogue entry a form names; null for unknown ids and for the free plan (nothing to buy). */
export async function findItem(db: DbOrTrx, ref: ItemRef): Promise<CatalogueItem | null> {
	const catalogue = await loadCatalogue(db)
	if (ref.kind === 'plan') {
		const plan = catalogue.plans.find((p) => p.id === ref.id)
		return plan && plan.interval === 'month' && plan.priceRappen > 0 ? { kind: 'plan', plan } : null
	}
	const pack = catalogue.packs.find((p) => p.id === ref.id)
	return pack ? { kind: 'pack', pack } : null
}

export function itemPrice(item: CatalogueItem) {
	return item.kind === 'plan' ? item.plan.priceRappen : item.pack.priceRappen
}

export function itemCredits(item: CatalogueItem) {
	return item.kind === 'plan' ? item.plan.credits : item.pack.credits
}
