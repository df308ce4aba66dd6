// The bulk data's well-known accounts (npm run seed:bulk), shared with the HTTP benchmark.
export const BULK_DOMAIN = 'bulk.postwerk.test'
export const BULK_PASSWORD = 'Bulk-Passwort-2026'
/** The user with ~5000 posts and the one with ~100 (the HTTP benchmark signs in as both). */
export const BULK_HEAVY = `viel@${BULK_DOMAIN}`
export const BULK_LIGHT = `wenig@${BULK_DOMAIN}`
export const BULK_ADMIN = `admin@${BULK_DOMAIN}`
