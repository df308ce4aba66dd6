import type { Db } from '#modules/core/db.server.ts'
import { createBrand } from './create-brand.server.ts'
import { brandForNewContent, resolveBrand } from './current-brand.server.ts'
import { deleteBrand, type BrandIdeas } from './delete-brand.server.ts'
import { exportBrands } from './export-brands.server.ts'
import { listBrands } from './list-brands.server.ts'
import { moveChannelToBrand } from './move-channel-to-brand.server.ts'
import { brandNameSql, brandOfOwner, brandsOfUserSql, firstBrandSql, ownsBrand } from './own-brand.server.ts'
import { renameBrand } from './rename-brand.server.ts'
import { setDefaultAgent } from './set-default-agent.server.ts'

export { BRAND_NAME_MAX, BrandActionSchema, type BrandAction, type BrandError, type BrandResult } from './brand-name.ts'
export type { BrandView } from './list-brands.server.ts'
export type { BrandIdeas } from './delete-brand.server.ts'

/**
 * Brands' reads for the modules whose rows carry a brand: content and publishing take them as ports
 * (BrandDirectory, BrandNames) from the composition root, since brands imports them; news reads them here.
 */
export const brandDirectory = { ownsBrand, brandNameSql, firstBrandSql, brandOfOwner, brandsOfUserSql }

/** A user's brands ('Marken', ADR 0047): they group channels, agents, posts and drafts. */
export function createBrandsService({ db, ideas }: { db: Db; ideas: BrandIdeas }) {
	return {
		list: (userId: string) => listBrands(db, userId),
		create: (userId: string, name: string) => createBrand(db, userId, name),
		rename: (userId: string, brandId: string, name: string) => renameBrand(db, userId, brandId, name),
		/** Moves the brand's channels, posts, drafts and agents to `moveToBrandId`, then deletes it (one transaction). */
		delete: (userId: string, brandId: string, moveToBrandId: string) => deleteBrand(db, ideas, userId, brandId, moveToBrandId),
		setDefaultAgent: (userId: string, brandId: string, agentId: string | null) => setDefaultAgent(db, userId, brandId, agentId),
		moveChannel: (userId: string, channelId: string, brandId: string) => moveChannelToBrand(db, userId, channelId, brandId),
		/** The chosen brand when it is the user's, else null ('Alle Marken'). */
		resolve: (userId: string, chosen: string | null | undefined) => resolveBrand(db, userId, chosen),
		/** Where new posts and drafts go: the chosen brand, else the user's first; with its default agent. */
		forNewContent: (userId: string, chosen: string | null | undefined) => brandForNewContent(db, userId, chosen),
		/** The brands part of 'Daten exportieren'. */
		exportData: (userId: string) => exportBrands(db, userId),
	}
}

export type BrandsService = ReturnType<typeof createBrandsService>
